package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/guardhq/guard/internal/doctor"
)

func newDoctorCommand(s *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "doctor [--json]",
		Short: "Check that guard's hooks, policy, audit log and console service work",
		Long: `Check that guard is wired in and working: for each agent, whether guard's hooks
are in its user and project settings files and whether the program they run
exists, is executable and is this guard; whether the policy loads (from where,
signed or not); whether the audit log verifies and can be appended to; and
whether the console service, when installed, runs. One line per check; exit 0
when every check passes, 1 otherwise. It changes nothing and runs no hook.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDoctor(s, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"checks": [{"name", "ok", "detail", "hint"}…]}`)
	return cmd
}

func runDoctor(s *streams, asJSON bool) error {
	o, err := doctor.Defaults(doctor.Options{})
	if err != nil {
		return err
	}
	rep := doctor.Run(o)
	if asJSON {
		enc := json.NewEncoder(s.out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		for _, c := range rep.Checks {
			mark := "✓"
			if !c.OK {
				mark = "✗"
			}
			fmt.Fprintf(s.out, "%s %s: %s\n", mark, c.Name, c.Detail)
			if !c.OK && c.Hint != "" {
				fmt.Fprintf(s.out, "  hint: %s\n", c.Hint)
			}
		}
	}
	if n := rep.Failed(); n > 0 {
		return &exitError{code: 1, err: fmt.Errorf("doctor: %d of %d checks failed", n, len(rep.Checks))}
	}
	return nil
}
