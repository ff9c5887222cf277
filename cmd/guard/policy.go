package main

import (
	"fmt"

	"github.com/guardhq/guard/internal/policy"
	"github.com/spf13/cobra"
)

func newPolicyCommand(s *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "policy",
		Short: "Show, locate and sign the active policy",
		Args:  noArgs,
		RunE:  helpCommand,
	}
	cmd.AddCommand(
		&cobra.Command{
			Use:   "list",
			Short: "Print a summary of the active policy, its source and version",
			Args:  noArgs,
			RunE: func(cmd *cobra.Command, args []string) error {
				p, err := policy.Load()
				if err != nil {
					return withHint(err, policy.Hint(err))
				}
				p.Summary(s.out)
				return nil
			},
		},
		&cobra.Command{
			Use:   "path",
			Short: "Print the path of rules.json",
			Args:  noArgs,
			RunE: func(cmd *cobra.Command, args []string) error {
				path, err := policy.Path()
				if err != nil {
					return err
				}
				fmt.Fprintln(s.out, path)
				return nil
			},
		},
	)
	addPolicySignCommands(cmd, s)
	return cmd
}
