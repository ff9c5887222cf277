package main

import (
	"fmt"
	"io"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/hook"
	"github.com/spf13/cobra"
)

func newHookCommand(s *streams) *cobra.Command {
	var agentName string
	cmd := &cobra.Command{
		Use:   "hook [--agent a|b|c]",
		Short: "Answer one agent hook call (JSON payload on standard input)",
		Long: `Answer one hook call: read the agent's JSON payload from standard input,
check it against the active policy, append a record to the audit log and
answer allow or block in the agent's protocol.

A bare 'guard' with standard input not a terminal does the same and detects
the agent; 'guard hook --agent a|b|c' names it, for hooks wired by hand.
Any error blocks (exit 2): guard fails closed. See docs/HOOKS.md.`,
		Example: `  echo '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}' | guard hook --agent a`,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				// A hook must never fail open, not even on a usage error.
				return hookUsageError(s.err, fmt.Errorf("guard hook takes no arguments, got %d", len(args)))
			}
			return runHook(s, agentName)
		},
	}
	cmd.Flags().StringVar(&agentName, "agent", "", "the calling agent: a, b or c (default: detect)")
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return hookUsageError(s.err, err)
	})
	return cmd
}

// hookUsageError blocks a hook call whose command line is wrong: exit 2 with
// the BLOCKED line, never the usual exit 1, which agents read as "proceed".
func hookUsageError(w io.Writer, err error) error {
	io.WriteString(w, agent.BlockedLine(fmt.Sprintf("%v; run 'guard hook --help' for usage", err)))
	return &exitError{code: agent.ExitBlock}
}

// runHook handles one hook call; agent is "", "a", "b" or "c". A block is
// returned as an exitError without an error, so nothing but the BLOCKED line
// is printed. hook.Run loads the real policy and sends blocks to its webhook,
// exactly as for a bare `guard` (root.go).
func runHook(s *streams, agentName string) error {
	code := hook.Run(hook.Config{
		Agent:  agentName,
		Stdin:  s.in,
		Stdout: s.out,
		Stderr: s.err,
	})
	if code != 0 {
		return &exitError{code: code}
	}
	return nil
}
