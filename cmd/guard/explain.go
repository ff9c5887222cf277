package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/guardhq/guard/internal/policy"
	"github.com/spf13/cobra"
)

func newExplainCommand(s *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "explain [" + strings.Join(policy.Sections, "|") + "]",
		Short: "Print every active rule in readable form",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return withHint(fmt.Errorf("explain takes at most one section, got %d arguments", len(args)),
					"sections: "+strings.Join(policy.Sections, ", ")+"; with none, guard explain shows them all")
			}
			return nil
		},
		ValidArgs: policy.Sections,
		RunE: func(cmd *cobra.Command, args []string) error {
			section := ""
			if len(args) == 1 {
				section = args[0]
			}
			p, err := policy.Load()
			if err != nil {
				return withHint(err, policy.Hint(err))
			}
			if asJSON {
				var r policy.ExplainReport
				if r, err = p.ExplainData(section); err == nil {
					return writeJSON(s.out, r)
				}
			} else {
				err = p.Explain(s.out, section)
			}
			var use *policy.UnknownSectionError
			if errors.As(err, &use) {
				return withHint(err, "run 'guard explain' to see every section")
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the rules as a JSON object")
	return cmd
}
