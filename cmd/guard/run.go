package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/auditsock"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/hook"
	"github.com/guardhq/guard/internal/install"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/sandbox"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

type runOptions struct {
	explain   bool
	asJSON    bool
	noSandbox bool
	allowRoot bool
	passEnv   []string
}

func newRunCommand(s *streams) *cobra.Command {
	var o runOptions
	cmd := &cobra.Command{
		Use:   "run [--explain [--json]] [--no-sandbox] [--allow-root] [--pass-env NAME]... [--] COMMAND [ARGS...]",
		Short: "Run an agent inside an OS sandbox made from the policy",
		Long: `guard run starts COMMAND (an agent's CLI) and everything it starts inside an
operating-system sandbox built from the active policy: the directories that
block_read protects are hidden, guard's directory, the agent hook files and
the write-protected start-up files and git's config and hooks are
read-only; no process inside can push input into the terminal; sockets to
agents outside (SSH_AUTH_SOCK, the desktop bus, the X server) are withheld
unless --pass-env names them; everything else is as the user has it.
Linux uses bubblewrap (from /usr/bin, never PATH), macOS sandbox-exec;
where neither is available guard run refuses (--no-sandbox runs the
command with the hooks alone). As root it refuses unless --allow-root.
The hooks inside send their audit records to guard run, which appends
them. When the command ends, guard run names each protected path that did
not exist at the start and was created during the session. --explain
lists what the kernel enforces and what only the hooks check; see
docs/SANDBOX.md.`,
		Example: "  guard run -- agent-a-cli\n  guard run --explain",
		Args: func(cmd *cobra.Command, args []string) error {
			if o.asJSON && !o.explain {
				return withHint(errors.New("--json goes with --explain"), "guard run --explain --json")
			}
			if len(args) == 0 && !o.explain {
				return withHint(errors.New("run needs the command to start"), "guard run -- COMMAND [ARGS...], or guard run --explain")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runRun(s, o, args) },
	}
	cmd.Flags().SetInterspersed(false)
	cmd.Flags().BoolVar(&o.explain, "explain", false, "print what the kernel enforces and what only the hooks check, and exit")
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "with --explain: print the plan as a JSON object")
	cmd.Flags().BoolVar(&o.noSandbox, "no-sandbox", false, "run the command without a sandbox: only the hooks check")
	cmd.Flags().BoolVar(&o.allowRoot, "allow-root", false, "run the sandbox as root (root's own files and the system stay writable inside)")
	cmd.Flags().StringArrayVar(&o.passEnv, "pass-env", nil, "pass this withheld variable (SSH_AUTH_SOCK, DISPLAY, …) into the sandbox; repeatable")
	return cmd
}

func runRun(s *streams, o runOptions, args []string) error {
	// A descriptor inherited from the caller (a directory or key opened
	// outside) would reach past every mount: none passes on but those
	// guard run hands over itself.
	if err := closeOnExecFrom3(); err != nil {
		return fmt.Errorf("mark inherited descriptors close-on-exec: %w", err)
	}
	if o.noSandbox && !o.explain {
		fmt.Fprintln(s.err, "guard: warning: --no-sandbox: the command runs as the user, only the hooks check what the agent does")
		return runPlain(s, args, nil)
	}
	pol, err := policy.Load()
	if err != nil {
		return withHint(err, policy.Hint(err))
	}
	rt, err := runtimeDir()
	if err != nil {
		return err
	}
	defer os.RemoveAll(rt)
	in, err := sandboxInput(pol, rt)
	if err != nil {
		return err
	}
	env, withheld := sandboxEnv(os.Environ(), o.passEnv)
	in.Sockets = withheldSockets(os.Environ(), o.passEnv)
	plan := sandbox.Build(in)
	plan.Withheld = withheld
	engine, engErr := sandbox.FindEngine(runtime.GOOS)
	if o.explain {
		var e *sandbox.Engine
		if engErr == nil {
			e = &engine
		}
		if o.asJSON {
			return writeJSON(s.out, sandbox.NewReport(plan, e))
		}
		sandbox.Explain(s.out, plan, e)
		return nil
	}
	if engErr != nil {
		return withHint(engErr, "or run 'guard run --no-sandbox -- COMMAND' to rely on the hooks alone")
	}
	if os.Geteuid() == 0 && !o.allowRoot {
		return withHint(errors.New("guard run does not sandbox root: without capabilities, uid 0 still writes root's own files outside the rules (/root, /var/spool/cron, /var/lib)"),
			"run the agent as an ordinary user, or 'guard run --allow-root -- COMMAND' to accept that (a container's root, say)")
	}
	if len(plan.Problems) > 0 {
		return withHint(fmt.Errorf("the sandbox cannot hold the policy:\n  %s", strings.Join(plan.Problems, "\n  ")),
			"fix the above, then start again; 'guard run --explain' shows the whole plan")
	}
	appendRec, err := recordAppender()
	if err != nil {
		return err
	}
	sock := filepath.Join(rt, "audit.sock")
	host, _ := os.Hostname()
	srv, err := auditsock.Listen(sock, appendRec, auditsock.Options{User: userName(), Host: host})
	if err != nil {
		return err
	}
	defer srv.Close()
	watch := sandbox.Watch(plan)
	runErr := runSandboxed(s, engine, plan, args, env, sock)
	reportChanges(s, watch.Changes(), appendRec, userName(), host)
	return runErr
}

// recordAppender returns how guard run appends the records its hooks send:
// to the audit log, or, for a guard run started inside another one's
// sandbox (GUARD_SOCKET set, guard's directory read-only), on to the outer
// guard run.
func recordAppender() (func(*event.Record) error, error) {
	if outer := os.Getenv(auditsock.EnvSocket); outer != "" {
		return func(rec *event.Record) error { return auditsock.Send(outer, rec) }, nil
	}
	logPath, err := hook.AuditPath()
	if err != nil {
		return nil, err
	}
	return func(rec *event.Record) error { return hook.AppendAnchored(logPath, rec) }, nil
}

// runtimeDir creates guard run's private directory (mode 0700) for the
// audit socket, in $XDG_RUNTIME_DIR when set, else the temporary directory.
func runtimeDir() (string, error) {
	base := os.Getenv("XDG_RUNTIME_DIR")
	if fi, err := os.Stat(base); base == "" || err != nil || !fi.IsDir() {
		base = os.TempDir()
	}
	// A Unix socket's path holds about 100 bytes.
	if len(base)+len("/guard-run-0123456789/audit.sock") > 100 && runtime.GOOS != "windows" {
		base = "/tmp"
	}
	d, err := os.MkdirTemp(base, "guard-run-")
	if err != nil {
		return "", fmt.Errorf("create guard run's directory: %w", err)
	}
	return d, nil
}

// sandboxInput gathers what the plan is made from, creating guard's
// directory and its state directory so that they can be held read-only.
func sandboxInput(pol *policy.Policy, rt string) (sandbox.Input, error) {
	h, err := home.UserHome()
	if err != nil {
		return sandbox.Input{}, err
	}
	gd, err := home.Ensure()
	if err != nil {
		return sandbox.Input{}, err
	}
	sd, err := home.StateDir()
	if err != nil {
		return sandbox.Input{}, err
	}
	if err := os.MkdirAll(sd, 0o700); err != nil {
		return sandbox.Input{}, fmt.Errorf("create %s: %w", sd, err)
	}
	wd, err := os.Getwd()
	if err != nil {
		return sandbox.Input{}, err
	}
	exe, _ := os.Executable()
	in := sandbox.Input{
		Home: h, Project: wd, GuardDir: gd, StateDir: sd, Exe: exe, Runtime: rt,
		BlockRead:  pol.FilePaths.BlockRead,
		AllowRead:  pol.FilePaths.AllowRead,
		BlockWrite: pol.FilePaths.BlockWrite,
	}
	// The hook files at home, in the start directory and at the root of each
	// repository it is in (where an agent started there also reads them).
	dirs := append([]string{wd}, repoRoots(wd)...)
	for _, a := range []install.Agent{install.AgentA, install.AgentB, install.AgentC} {
		for _, d := range dirs {
			in.HookFiles = append(in.HookFiles, install.Targets(a, h, d)...)
		}
	}
	for _, d := range dirs {
		// Agent A also reads hooks from the project's own settings files.
		in.HookFiles = append(in.HookFiles,
			filepath.Join(d, ".agent_a", "settings.json"),
			filepath.Join(d, ".agent_a", "settings.local.json"))
	}
	in.HookFiles = dedupe(in.HookFiles)
	in.ProjectDirs = dedupe(dirs)
	in.LaterOutside = gitFiles(wd)
	in.Locks, err = guardLocks(gd)
	if err != nil {
		return sandbox.Input{}, err
	}
	return in, nil
}

// guardLocks returns guard's lock files, creating the audit log's (so that
// it can be hidden: the hooks inside append through the socket and never
// lock).
func guardLocks(gd string) ([]string, error) {
	lock := filepath.Join(gd, home.AuditName+audit.LockSuffix)
	f, err := os.OpenFile(lock, os.O_RDONLY|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", lock, err)
	}
	f.Close()
	out := []string{lock}
	if _, err := os.Lstat(filepath.Join(gd, "locks")); err == nil {
		out = append(out, filepath.Join(gd, "locks"))
	}
	return out, nil
}

// dedupe returns ps without repeats, in order.
func dedupe(ps []string) []string {
	var out []string
	for _, p := range ps {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// runSandboxed runs args under the plan with the engine, the hooks inside
// reaching the audit socket sock, and returns the command's exit status.
func runSandboxed(s *streams, e sandbox.Engine, plan *sandbox.Plan, args, env []string, sock string) error {
	env = append(withoutVar(env, auditsock.EnvSocket), auditsock.EnvSocket+"="+sock)
	stdin, isFile := s.in.(*os.File)
	opt := sandbox.Options{Env: env, NewSession: !isFile || !term.IsTerminal(int(stdin.Fd()))}
	var extra []*os.File
	var status *os.File
	if e.Name == "bubblewrap" {
		// bwrap writes the sandboxed process's pid to fd 3 once the
		// sandbox stands: without it, bwrap itself failed.
		r, w, err := os.Pipe()
		if err != nil {
			return err
		}
		defer r.Close()
		defer w.Close()
		extra, status = append(extra, w), r
		// The seccomp filter on fd 4: no process inside pushes input into
		// the terminal. Without one for this machine, no terminal.
		if f, err := seccompPipe(); err != nil {
			return err
		} else if f != nil {
			defer f.Close()
			extra = append(extra, f)
			opt.SeccompFD = 4
		} else {
			opt.NewSession = true
		}
	}
	cmd := sandbox.Command(e, plan, args, opt)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s.in, s.out, s.err
	cmd.ExtraFiles = extra
	if status != nil {
		cmd.Args = append([]string{cmd.Args[0], "--json-status-fd", "3"}, cmd.Args[1:]...)
	}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", e.Name, err)
	}
	for _, f := range cmd.ExtraFiles {
		f.Close()
	}
	done := make(chan struct{})
	go forwardSignals(sigs, cmd.Process, done)
	err := cmd.Wait()
	close(done)
	if status != nil && !startedIn(status) {
		return withHint(fmt.Errorf("bubblewrap could not make the sandbox (its message is above)"),
			"bubblewrap needs unprivileged user namespaces: sysctl kernel.unprivileged_userns_clone=1 (Debian), or an AppArmor profile that allows bwrap (Ubuntu 24.04: kernel.apparmor_restrict_unprivileged_userns); in a container, run it with --security-opt seccomp=unconfined or use --no-sandbox")
	}
	return exitStatus(err)
}

// startedIn reports whether bwrap's JSON status names the sandboxed
// process (the sandbox was made).
func startedIn(r io.Reader) bool {
	b, _ := io.ReadAll(io.LimitReader(r, 64<<10))
	return strings.Contains(string(b), `"child-pid"`)
}

// forwardSignals passes termination signals on to the engine; an interrupt
// from the terminal already reached the whole process group.
func forwardSignals(sigs <-chan os.Signal, p *os.Process, done <-chan struct{}) {
	for {
		select {
		case sig := <-sigs:
			if sig != os.Interrupt && sig != syscall.SIGQUIT {
				_ = p.Signal(sig)
			}
		case <-done:
			return
		}
	}
}

// runPlain runs args as they are (--no-sandbox).
func runPlain(s *streams, args []string, env []string) error {
	if len(args) == 0 {
		return withHint(errors.New("run needs the command to start"), "guard run --no-sandbox -- COMMAND [ARGS...]")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s.in, s.out, s.err
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan struct{})
	go forwardSignals(sigs, cmd.Process, done)
	err := cmd.Wait()
	close(done)
	return exitStatus(err)
}

// exitStatus turns the command's end into guard run's: its exit code, or
// 128 plus the signal that ended it.
func exitStatus(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code := ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			code = 128 + int(ws.Signal())
		}
		return &exitError{code: code}
	}
	return err
}

// withoutVar returns env without the variable name.
func withoutVar(env []string, name string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}
