package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"text/tabwriter"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/hook"
	"github.com/guardhq/guard/internal/policy"
	"github.com/spf13/cobra"
)

func newTestCommand(s *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "test <prompt|command|read|write|url> <input>",
		Short: "Dry-run one input against the active policy",
		Long: `Evaluate one input against the active policy as a hook would, without
writing an audit record.

Exit status: 0 the input would be allowed, 2 it would be blocked, 1 usage error.`,
		Example: `  guard test command "rm -rf /"
  guard test read ~/.ssh/id_ed25519
  guard test url http://169.254.169.254/latest/meta-data --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return withHint(fmt.Errorf("test needs a type and an input, got %d arguments", len(args)),
					`quote the input: guard test command "rm -rf /"`)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTest(s, args[0], args[1], asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as a JSON object")
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return withHint(err, `to test an input that starts with "-", put -- before the type: guard test -- command "-rf /"`)
	})
	return cmd
}

func runTest(s *streams, typ, input string, asJSON bool) error {
	p, err := policy.Load()
	if err != nil {
		return withHint(err, policy.Hint(err))
	}
	cwd, _ := os.Getwd() // without it a relative path is checked as written
	r, err := hook.DryRun(p, typ, input, cwd)
	var ute *policy.UnknownTypeError
	if errors.As(err, &ute) {
		return withHint(err, "run 'guard test --help' for usage")
	}
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(s.out)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			return err
		}
	} else {
		tw := tabwriter.NewWriter(s.out, 0, 4, 1, ' ', 0)
		fmt.Fprintf(tw, "verdict:\t%s\n", r.Verdict)
		fmt.Fprintf(tw, "type:\t%s\n", r.Type)
		// One line each: a newline or a terminal escape in the input is
		// shown escaped (\n, \x1b), never sent to the terminal.
		fmt.Fprintf(tw, "input:\t%s\n", detect.Printable(r.Input))
		fmt.Fprintf(tw, "rule:\t%s\n", dash(r.Rule))
		fmt.Fprintf(tw, "reason:\t%s\n", detect.Printable(dash(r.Reason)))
		for _, n := range r.Notes {
			fmt.Fprintf(tw, "note:\t%s found, recorded but not blocking (see 'guard explain pii')\n", n)
		}
		tw.Flush()
	}
	if r.Verdict == "block" {
		return &exitError{code: 2}
	}
	return nil
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
