package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/hook"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// exitError carries an exit code other than 1 out of a command, with an
// optional error to print and an optional hint.
type exitError struct {
	code int
	err  error  // printed as "guard: error: …" unless nil
	hint string // printed as "guard: hint: …" unless empty
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// withHint wraps err so that a hint line follows the error line.
func withHint(err error, hint string) error {
	return &exitError{code: 1, err: err, hint: hint}
}

// streams are the standard streams of one run, so tests can replace them.
type streams struct {
	in  io.Reader
	out io.Writer
	err io.Writer
}

// run executes guard with args and returns the process exit code. It is the
// one place that prints errors and picks exit codes.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// The hook path runs once per agent action: a bare `guard` with a payload
	// on stdin goes straight to it, without building the command tree.
	if len(args) == 0 && !stdinIsTerminal(stdin) {
		return hook.Run(hook.Config{Stdin: stdin, Stdout: stdout, Stderr: stderr})
	}
	if agentName, ok := plainHookArgs(args); ok {
		return hook.Run(hook.Config{Agent: agentName, Stdin: stdin, Stdout: stdout, Stderr: stderr}) // as newHookCommand's
	}
	s := &streams{in: stdin, out: stdout, err: stderr}
	root := newRootCommand(s)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return 0
	}
	code := 1
	hint := ""
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
		hint = ee.hint
		err = ee.err
	}
	if err != nil {
		fmt.Fprintf(stderr, "guard: error: %s\n", err)
	}
	if hint != "" {
		fmt.Fprintf(stderr, "guard: hint: %s\n", hint)
	}
	return code
}

// plainHookArgs reads `hook`, `hook --agent X` and `hook --agent=X`, the
// forms hooks wired by hand use, without building the command tree (about
// 0.15 ms of a hook call); any other form (help, a usage error) goes
// through the tree.
func plainHookArgs(args []string) (agentName string, ok bool) {
	switch {
	case len(args) == 1 && args[0] == "hook":
		return "", true
	case len(args) == 3 && args[0] == "hook" && args[1] == "--agent":
		return args[2], true
	case len(args) == 2 && args[0] == "hook" && strings.HasPrefix(args[1], "--agent="):
		return strings.TrimPrefix(args[1], "--agent="), true
	}
	return "", false
}

func newRootCommand(s *streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "guard",
		Short: "Check what an AI coding agent is about to do, and log it",
		Long: `guard stands between an AI coding agent and the machine it works on.

Agents run it at every hook with a JSON payload on standard input; it answers
allow or block and appends a tamper-evident record to ~/.guard/audit.log.`,
		Version:       versionString(),
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !stdinIsTerminal(s.in) {
				return runHook(s, "")
			}
			if hookEnvironment() {
				// An agent's hook environment with a terminal on standard
				// input: a misconfigured hook, never a pass. Help on
				// stderr, and the block agents act on.
				cmd.SetOut(s.err)
				_ = cmd.Help()
				io.WriteString(s.err, agent.BlockedLine("standard input is a terminal, not the agent's hook payload; check the hook command in the agent's settings, or run 'guard init'"))
				return &exitError{code: agent.ExitBlock}
			}
			return cmd.Help()
		},
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if hint := flagSuggestion(cmd, err); hint != "" {
			return withHint(err, hint)
		}
		return withHint(err, fmt.Sprintf("run '%s --help' for usage", cmd.CommandPath()))
	})
	root.AddCommand(
		newHookCommand(s),
		newInitCommand(s),
		newServeCommand(s),
		newAuditCommand(s),
		newPolicyCommand(s),
		newTestCommand(s),
		newExplainCommand(s),
		newServiceCommand(s),
		newDoctorCommand(s),
		newRunCommand(s),
		newVersionCommand(s),
	)
	// cobra's `completion bash|zsh|fish|powershell`, made now so that, like
	// every command with subcommands, it refuses an unknown one.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args = noArgs
			c.RunE = helpCommand
		}
	}
	return root
}

// noArgs is cobra.NoArgs with a hint: for a command with subcommands, an
// unknown one is an error (exit 1) that suggests the nearest names ("did you
// mean test?"), rather than a help text and exit 0.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if !cmd.HasAvailableSubCommands() {
		return withHint(fmt.Errorf("%s takes no arguments, got %q", cmd.CommandPath(), args[0]),
			fmt.Sprintf("run '%s --help' for usage", cmd.CommandPath()))
	}
	err := fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath())
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's default, set only on its own path
	}
	if sugg := cmd.SuggestionsFor(args[0]); len(sugg) > 0 {
		return withHint(err, "did you mean "+orList(sugg)+"?")
	}
	return withHint(err, fmt.Sprintf("run '%s --help' for the commands", cmd.CommandPath()))
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// helpCommand is the RunE of a command that only groups subcommands: run
// bare, it shows its help.
func helpCommand(cmd *cobra.Command, args []string) error { return cmd.Help() }

// hookEnvironment reports whether guard runs under an agent's hook: one of
// the variables the agents set for their hooks is set.
func hookEnvironment() bool {
	return os.Getenv(agent.EnvAgentAEvent) != "" || os.Getenv(agent.EnvAgentBProjectDir) != ""
}

// stdinIsTerminal reports whether r is an interactive terminal, in which
// case a bare `guard` prints help instead of waiting for a hook payload.
// Anything else (a pipe, a file, /dev/null) is a hook call: an empty payload
// blocks, as guard fails closed.
func stdinIsTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && f != nil && term.IsTerminal(int(f.Fd()))
}
