package main

import (
	"errors"
	"strings"

	"github.com/guardhq/guard/internal/policy"
	"github.com/spf13/cobra"
)

func newExplainCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:       "explain [" + strings.Join(policy.Sections, "|") + "]",
		Short:     "Print every active rule in readable form",
		Args:      cobra.MaximumNArgs(1),
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
			err = p.Explain(s.out, section)
			var use *policy.UnknownSectionError
			if errors.As(err, &use) {
				return withHint(err, "run 'guard explain' to see every section")
			}
			return err
		},
	}
}
