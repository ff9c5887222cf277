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
		Use:   "explain [" + strings.Join(policy.Sections, "|") + "|RULE]",
		Short: "Print every active rule in readable form, or what one rule protects and how to allow what it blocks",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return withHint(fmt.Errorf("explain takes at most one section or rule, got %d arguments", len(args)),
					"sections: "+strings.Join(policy.Sections, ", ")+"; a rule name (guard explain git_reset_hard); with none, guard explain shows every section")
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
			switch {
			case section != "" && !policy.IsSection(section) && asJSON:
				var r policy.RuleReport
				if r, err = p.RuleData(section); err == nil {
					return writeJSON(s.out, r)
				}
			case section != "" && !policy.IsSection(section):
				err = p.ExplainRule(s.out, section)
			case asJSON:
				var r policy.ExplainReport
				if r, err = p.ExplainData(section); err == nil {
					return writeJSON(s.out, r)
				}
			default:
				err = p.Explain(s.out, section)
			}
			var use *policy.UnknownRuleError
			if errors.As(err, &use) {
				return withHint(err, "run 'guard explain' to see every section and the names of the rules")
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the rules as a JSON object")
	return cmd
}
