// Package doctor checks that guard is wired in and working, for `guard
// doctor`: each agent's hooks (user and project settings files), that some
// agent is hooked, the binaries those hooks run and that guard's commands
// are the program alone, the policy (and that it is not weaker than the
// defaults), the audit log and its anchor (and that the anchor has not gone
// back), and the console service.
//
// # What it never does
//
// It changes nothing, and it never runs a hook command: a project's settings
// file comes with a cloned repository, so the program a hook names is
// compared with the running guard by file identity (the same file once
// symlinks are followed), not by running it with --version. It prints no
// command text either, only the program path (a prefix may hold a token).
package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/install"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/service"
)

// Check is the outcome of one check.
type Check struct {
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
	// Hint says what to do; empty when there is nothing to do.
	Hint string `json:"hint"`
}

// Report is every check, in the order they ran.
type Report struct {
	Checks []Check `json:"checks"`
}

// OK reports whether every check passed.
func (r Report) OK() bool {
	for _, c := range r.Checks {
		if !c.OK {
			return false
		}
	}
	return true
}

// Failed counts the checks that did not pass.
func (r Report) Failed() int {
	n := 0
	for _, c := range r.Checks {
		if !c.OK {
			n++
		}
	}
	return n
}

// Options are what Run looks at. Zero fields are filled in from the
// running process (see Defaults).
type Options struct {
	// Self is the running guard binary.
	Self string
	// Home is the user's home directory; Project the current directory.
	Home, Project string
	// GuardDir is guard's directory (~/.guard or $GUARD_HOME).
	GuardDir string
	// StateDir is where guard keeps the audit log's anchor
	// (home.StateDirFor(Home)).
	StateDir string
	// LoadPolicy loads the policy a hook would use.
	LoadPolicy func() (*policy.Policy, error)
	// Getenv reads the environment.
	Getenv func(string) string
	// ServiceStatus reports the console service's state.
	ServiceStatus func() (service.Status, error)
	// LookPath finds a bare program name on PATH.
	LookPath func(string) (string, error)
}

// Defaults fills the zero fields of o from the running process.
func Defaults(o Options) (Options, error) {
	var err error
	if o.Self == "" {
		if o.Self, err = install.SelfPath(); err != nil {
			return o, err
		}
	}
	if o.Home == "" {
		if o.Home, err = home.UserHome(); err != nil {
			return o, err
		}
	}
	if o.Project == "" {
		if o.Project, err = os.Getwd(); err != nil {
			return o, fmt.Errorf("current directory: %w", err)
		}
	}
	if o.GuardDir == "" {
		if o.GuardDir, err = home.Dir(); err != nil {
			return o, err
		}
	}
	if o.StateDir == "" {
		o.StateDir = home.StateDirFor(o.Home)
	}
	if o.LoadPolicy == nil {
		o.LoadPolicy = policy.Load
	}
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.ServiceStatus == nil {
		o.ServiceStatus = func() (service.Status, error) {
			m, err := service.New(service.Options{})
			if err != nil {
				return service.Status{}, err
			}
			return m.Status()
		}
	}
	if o.LookPath == nil {
		o.LookPath = exec.LookPath
	}
	return o, nil
}

// Run runs every check. Options must be complete (see Defaults).
func Run(o Options) Report {
	var r Report
	var hooked []string
	for _, a := range []install.Agent{install.AgentA, install.AgentB, install.AgentC} {
		checks, ok := agentChecks(o, a)
		r.Checks = append(r.Checks, checks...)
		if ok {
			hooked = append(hooked, a.String())
		}
	}
	r.Checks = append(r.Checks, hookedCheck(hooked))
	r.Checks = append(r.Checks, policyCheck(o))
	r.Checks = append(r.Checks, auditChecks(o)...)
	r.Checks = append(r.Checks, serviceCheck(o))
	return r
}

// flag is the init flag of an agent: "--agent-a".
func flag(a install.Agent) string {
	return "--agent-" + strings.ToLower(strings.TrimPrefix(a.String(), "agent "))
}

// hookedCheck: guard runs for at least one agent. Each agent that is not
// set up passes on its own (a user of one agent must get exit 0), but none
// at all means guard checks nothing.
func hookedCheck(hooked []string) Check {
	if len(hooked) == 0 {
		return Check{Name: "agents", Detail: "no agent runs guard here (no agent's settings have guard's hooks), so guard checks nothing",
			Hint: "run 'guard init --agent-a' (or --agent-b, --agent-c) for the agent you use; agent B's and C's project hooks are checked in the current directory, so run doctor in a project"}
	}
	return Check{Name: "agents", OK: true, Detail: "guard's hooks are set up for " + strings.Join(hooked, ", ")}
}

// agentChecks: are guard's hooks in the agent's settings files, does a
// setting switch hooks off, is each of guard's commands the program alone,
// and does each program they run exist, run, and is it this guard. ok says
// guard's entries are at every hook the agent needs (whether their program
// works is the other checks').
func agentChecks(o Options, a install.Agent) (checks []Check, ok bool) {
	name := a.String() + " hooks"
	initCmd := "guard init " + flag(a)
	var present []string            // files that exist, shown
	var extra []string              // guard's commands that are more than the program
	have := map[string]bool{}       // required hooks with a guard entry
	programs := map[string]bool{}   // guard programs the hooks run
	others := map[string][]string{} // by hook, the programs other entries run
	for _, f := range install.Files(a, o.Home, o.Project) {
		shown := show(o, f.Path)
		in, err := install.Inspect(f.Path, a, o.Self)
		if err != nil {
			return []Check{{Name: name, Detail: fmt.Sprintf("cannot read %s: %v", shown, strings.TrimPrefix(err.Error(), f.Path+": ")),
				Hint: "fix that file by hand (guard init refuses it too), then run 'guard doctor' again"}}, false
		}
		if !in.Exists {
			continue
		}
		present = append(present, shown)
		if in.Disabled != "" {
			return []Check{{Name: name, Detail: fmt.Sprintf("%s holds %s: no hook runs, guard's included", shown, in.Disabled),
				Hint: "remove that setting from " + shown}}, false
		}
		for _, e := range in.Extra {
			extra = append(extra, shown+": "+e)
		}
		for hook, progs := range in.Others {
			others[hook] = append(others[hook], progs...)
		}
		for hook, cmds := range in.Hooks {
			have[hook] = true
			for _, c := range cmds {
				if p, ok := install.Program(c, o.Self); ok {
					programs[p] = true
				}
			}
		}
	}
	if len(present) == 0 {
		targets := install.Targets(a, o.Home, o.Project)
		shown := make([]string, len(targets))
		for i, t := range targets {
			shown[i] = show(o, t)
		}
		return []Check{{Name: name, OK: true, Detail: "not set up here (no " + strings.Join(shown, ", no ") + ")",
			Hint: "if you use " + a.String() + ", run '" + initCmd + "'"}}, false
	}
	var missing []string
	req := a.Required()
	for _, h := range req {
		if !have[h] {
			missing = append(missing, h)
		}
	}
	files := strings.Join(present, ", ")
	out := []Check{}
	if len(missing) > 0 {
		out = append(out, missingCheck(o, name, initCmd, files, len(req), missing, others))
	} else {
		out = append(out, Check{Name: name, OK: true, Detail: fmt.Sprintf("guard runs at all %d hooks (%s)", len(req), files)})
	}
	if len(extra) > 0 {
		// Named by JSON path, never quoted: a prefix can hold a token.
		out = append(out, Check{Name: a.String() + " hook command",
			Detail: "guard's command is more than the program (a prefix, arguments, a redirection or commands after it), so what the agent gets may not be guard's answer: " + strings.Join(extra, "; "),
			Hint:   "run '" + initCmd + "': it writes the program alone"})
	}
	progs := make([]string, 0, len(programs))
	for p := range programs {
		progs = append(progs, p)
	}
	sort.Strings(progs)
	for _, p := range progs {
		out = append(out, programCheck(o, a, p))
	}
	return out, len(missing) == 0
}

// missingCheck reports the hooks of req (n of them) where guard has no
// entry: a hook where other programs run says they are not this guard
// (a settings file pointing at some other program), the rest are missing.
func missingCheck(o Options, name, initCmd, files string, n int, missing []string, others map[string][]string) Check {
	var elsewhere, absent []string
	progs := map[string]bool{}
	for _, h := range missing {
		if len(others[h]) == 0 {
			absent = append(absent, h)
			continue
		}
		elsewhere = append(elsewhere, h)
		for _, p := range others[h] {
			progs[shownProgram(p)] = true
		}
	}
	detail := fmt.Sprintf("guard runs at %d of %d hooks in %s", n-len(missing), n, files)
	hint := "run '" + initCmd + "'"
	if len(elsewhere) > 0 {
		names := make([]string, 0, len(progs))
		for p := range progs {
			names = append(names, p)
		}
		sort.Strings(names)
		detail += fmt.Sprintf("; %s run %s, which is not this guard (%s)", strings.Join(elsewhere, ", "), strings.Join(names, ", "), o.Self)
		hint = "run '" + initCmd + "' with this guard: it adds its own entry and leaves the other programs' in place"
	}
	if len(absent) > 0 {
		detail += "; missing: " + strings.Join(absent, ", ")
	}
	return Check{Name: name, Detail: detail, Hint: hint}
}

// shownProgram is a program of another entry as doctor prints it: an
// expansion as $…, at most 120 bytes.
func shownProgram(p string) string {
	p = strings.ReplaceAll(p, "\x00", "$…")
	if p == "" {
		return "a command doctor cannot read"
	}
	if len(p) > 120 {
		p = strings.ToValidUTF8(p[:120], "") + "…"
	}
	return p
}

// programCheck: the program a hook runs exists, is an executable regular
// file, and is this guard (the same file as the running binary).
func programCheck(o Options, a install.Agent, prog string) Check {
	c := Check{Name: a.String() + " hook command"}
	reinit := "run '" + "guard init " + flag(a) + "' with the guard you mean the hooks to run (they store its absolute path)"
	if strings.ContainsRune(prog, 0) {
		c.Detail = strings.ReplaceAll(prog, "\x00", "$…") + " depends on a shell expansion; doctor cannot tell what it runs"
		c.Hint = reinit
		return c
	}
	path := prog
	if !strings.ContainsAny(prog, `/\`) {
		// A project's file names guard, found on PATH (it is committed
		// and read on other machines).
		reinit = "put the guard you mean first on PATH (the hooks run '" + prog + "' from PATH; the installers put guard there)"
		p, err := o.LookPath(prog)
		if err != nil {
			c.Detail = fmt.Sprintf("%s is not on PATH: every hook call fails", prog)
			c.Hint = reinit
			return c
		}
		path = p
	}
	c.Name += " " + path
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		c.Detail = path + " does not exist: every hook call fails"
		c.Hint = "reinstall guard, or " + reinit
		return c
	case err != nil:
		c.Detail = err.Error()
		c.Hint = reinit
		return c
	case !fi.Mode().IsRegular():
		c.Detail = path + " is not a regular file"
		c.Hint = reinit
		return c
	case runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0:
		c.Detail = path + " is not executable"
		c.Hint = "chmod +x " + path + ", or " + reinit
		return c
	}
	self, err := os.Stat(o.Self)
	if err != nil || !os.SameFile(fi, self) {
		c.Detail = fmt.Sprintf("%s is not this guard (%s)", path, o.Self)
		c.Hint = reinit
		return c
	}
	c.OK = true
	c.Detail = "exists, is executable and is this guard"
	if path != prog {
		c.Detail += " (found on PATH)"
	}
	if userWritable(path) {
		// A warning, not a failure (go install, Homebrew and Scoop put
		// it there); the hook blocks the writes it sees.
		c.Detail += "; warning: you can write it or its directory, so a program the agent runs could replace it " +
			"(guard blocks the writes of it that it sees); for a hard boundary install guard where you cannot write " +
			"(/usr/local/bin) or run the agent in an OS sandbox"
	}
	return c
}

// userWritable reports whether the user doctor runs as can replace the
// file at path: open it for writing (without changing it), or create a
// file in its directory (a rename over it needs no more).
func userWritable(path string) bool {
	if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
		f.Close()
		return true
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".doctor-*")
	if err != nil {
		return false
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	return true
}

// policyCheck: the policy a hook would use loads; from where, and signed
// or not.
func policyCheck(o Options) Check {
	c := Check{Name: "policy"}
	p, err := o.LoadPolicy()
	if err != nil {
		c.Detail = err.Error()
		c.Hint = policy.Hint(err)
		if c.Hint == "" {
			c.Hint = "fix the policy, then run 'guard policy list'"
		}
		return c
	}
	c.OK = true
	kind := "file " + show(o, p.Source)
	switch {
	case p.Source == policy.SourceDefaults:
		kind = "built-in"
	case strings.Contains(p.Source, "(fetched "):
		kind = "remote " + p.Source
	}
	signed := "not signed"
	switch {
	case kind == "built-in":
		signed = "part of the binary, no file to sign"
	case o.Getenv(policy.EnvKey) != "":
		signed = "signature verified with " + policy.EnvKey
	default:
		c.Hint = "set " + policy.EnvKey + " and run 'guard policy sign' so that a changed policy is refused"
	}
	c.Detail = fmt.Sprintf("loads: %s, version %s, %s", kind, p.Version, signed)
	if weaker := p.Weaker(); len(weaker) > 0 {
		c.OK = false
		c.Detail += "; weaker than the built-in defaults: " + strings.Join(weaker, "; ")
		c.Hint = "put the defaults back in " + show(o, p.Source) + " ('guard explain' shows what is active, docs/POLICY.md every default), " +
			"or keep the change if you mean it: doctor keeps reporting it"
	}
	return c
}

// auditChecks: the log verifies (its chain, guard's checkpoint and guard's
// anchor), a hook can append to it, and guard can keep its anchor.
func auditChecks(o Options) []Check {
	path := filepath.Join(o.GuardDir, home.AuditName)
	shown := show(o, path)
	state := o.StateDir
	if state == "" {
		state = home.StateDirFor(o.Home)
	}
	anchor := audit.AnchorFile(state, path)
	v := Check{Name: "audit log"}
	w := Check{Name: "audit log writable"}
	rep, err := audit.VerifyWith(path, audit.VerifyOptions{AnchorFile: anchor})
	var ce *audit.ChainError
	var ae *audit.AnchorError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		v.OK, v.Detail = true, "no records yet ("+shown+")"
	case errors.As(err, &ce):
		v.Detail = fmt.Sprintf("%s: %v: the log was changed after it was written", shown, err)
		v.Hint = "run 'guard audit verify' and keep a copy of the log as evidence"
	case errors.As(err, &ae) && ae.Kind == audit.ErrMissed:
		v.Detail = fmt.Sprintf("%s: %v", shown, err)
		v.Hint = "calls were answered without a record (the log's lock held too long, or the log not writable): see " + show(o, anchor+audit.MissedExt) +
			"; once you know why, 'guard audit verify --reset-checkpoint' clears it"
	case errors.As(err, &ae):
		v.Detail = fmt.Sprintf("%s: %v", shown, err)
		v.Hint = "records were lost, or the log was replaced: keep copies of the log and of " + show(o, anchor) +
			" as evidence and run 'guard audit verify'; if you rotated, restored or deleted the log yourself, run 'guard audit verify --reset-checkpoint'"
	case err != nil:
		v.Detail = err.Error()
		v.Hint = "run 'guard audit verify'"
	default:
		v.OK = true
		v.Detail = fmt.Sprintf("chain intact, %d entries (%s, head %s)", rep.Entries, shown, rep.Head[:12])
	}
	w.OK, w.Detail, w.Hint = writable(path, o.GuardDir)
	if w.OK {
		w.Detail = shown + ": " + w.Detail
	}
	a := anchorCheck(o, anchor, rep.Anchor)
	if a.OK && v.OK {
		if lag, err := audit.AnchorLag(path, anchor); err != nil {
			a.OK, a.Detail, a.Hint = false, show(o, anchor)+": "+err.Error(), "run 'guard doctor' again"
		} else if lag != "" {
			a.OK, a.Detail = false, show(o, anchor)+": "+lag
			a.Hint = "keep copies of the log, its lock file and the anchor as evidence and run 'guard audit verify'; a log older than guard's anchor gets one within the next 4 KiB of records. " +
				"If you restored or moved these files yourself, 'guard audit verify --reset-checkpoint' makes the log as it is the reference"
		}
	}
	return []Check{v, w, a}
}

// anchorExists reports whether an anchor file is there (its content is
// audit's to judge).
func anchorExists(anchor string) bool {
	fi, err := os.Stat(anchor)
	return err == nil && fi.Mode().IsRegular() && fi.Size() > 0
}

// anchorCheck: where guard keeps the log's anchor, how far it reaches, and
// whether the hook can write it (it does not block when it cannot, so this
// check is where that shows).
func anchorCheck(o Options, anchor string, rep *audit.AnchorReport) Check {
	c := Check{Name: "audit anchor"}
	shown := show(o, anchor)
	ok, detail, hint := anchorWritable(anchor)
	switch {
	case !ok:
		c.Detail, c.Hint = shown+": "+detail, hint
	case rep != nil:
		c.OK, c.Detail = true, fmt.Sprintf("%s: the log holds it, at entry %d", shown, rep.Entries)
	case anchorExists(anchor):
		// Writable and written; what the log lost is the audit log
		// check's failure, not this one's.
		c.OK, c.Detail = true, shown+": recorded; the log does not hold it (see the audit log check)"
	default:
		c.OK, c.Detail = true, shown+": none yet; "+detail
	}
	return c
}

// anchorWritable reports whether a hook could keep the anchor file at
// path, without changing it.
func anchorWritable(path string) (bool, string, string) {
	fi, err := os.Lstat(path)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return false, "not a regular file: guard cannot keep its anchor, and a deleted audit log would go unnoticed",
			"move it away; the next hook call writes a new anchor"
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return false, fmt.Sprintf("cannot open it for writing: %v", err), "make it writable by you (chmod u+w)"
		}
		f.Close()
		return true, "a hook can write it", ""
	case !errors.Is(err, fs.ErrNotExist):
		return false, err.Error(), ""
	}
	// The nearest directory that exists must let the hook create the rest.
	dir := filepath.Dir(path)
	for {
		fi, err := os.Stat(dir)
		if err == nil && !fi.IsDir() {
			return false, dir + " is not a directory: guard cannot keep its anchor", "move " + dir + " away"
		}
		if err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false, err.Error(), ""
		}
		dir = parent
	}
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		return false, fmt.Sprintf("cannot create files in %s: %v; guard cannot keep its anchor", dir, err), "make " + dir + " writable by you"
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	return true, "the next hook call writes it", ""
}

// writable reports whether a hook could append to the log at path, without
// writing to it.
func writable(path, dir string) (bool, string, string) {
	fi, err := os.Lstat(path)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return false, path + " is not a regular file: every hook call blocks", "move it away; the next hook call starts a new log"
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return false, fmt.Sprintf("cannot open it for appending: %v; every hook call blocks", err), "make it writable by you (chmod u+w)"
		}
		f.Close()
		return true, "a hook can append to it", ""
	case !errors.Is(err, fs.ErrNotExist):
		return false, err.Error(), ""
	}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return true, "guard's directory does not exist yet; the first hook call creates it", "run 'guard init' for your agent"
	}
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		return false, fmt.Sprintf("cannot create files in %s: %v; every hook call blocks", dir, err), "make " + dir + " writable by you"
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	return true, "the first hook call can create it", ""
}

// serviceCheck: the console service, when installed, is running. Not
// installing it is a choice (the console is optional), not a failure.
func serviceCheck(o Options) Check {
	c := Check{Name: "console service"}
	st, err := o.ServiceStatus()
	var he *service.HintError
	switch {
	case err != nil && errors.As(err, &he):
		c.Detail, c.Hint = err.Error(), he.Hint
	case err != nil:
		c.Detail = err.Error()
	case st.State == service.NotInstalled:
		c.OK, c.Detail = true, "not installed (optional)"
		c.Hint = "run 'guard service install' to keep the console at http://127.0.0.1:7070"
	case st.State == service.Running:
		c.OK, c.Detail = true, "running ("+st.Platform+")"
	default:
		c.Detail = "installed but " + st.State.String() + " (" + st.Platform + ")"
		c.Hint = "run 'guard service start'"
		if st.Log != "" {
			c.Hint += "; its log: " + st.Log
		}
	}
	return c
}

// show writes a path under the home directory as ~/….
func show(o Options, p string) string {
	if o.Home == "" {
		return p
	}
	if rel, err := filepath.Rel(o.Home, p); err == nil && rel != "." && !strings.HasPrefix(rel, "..") && filepath.IsAbs(p) {
		return "~" + string(filepath.Separator) + rel
	}
	return p
}
