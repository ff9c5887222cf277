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
	var listJSON, pathJSON bool
	list := &cobra.Command{
		Use:   "list",
		Short: "Print a summary of the active policy, its source and version",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := policy.Load()
			if err != nil {
				return withHint(err, policy.Hint(err))
			}
			if listJSON {
				return writeJSON(s.out, p.SummaryReport())
			}
			p.Summary(s.out)
			return nil
		},
	}
	list.Flags().BoolVar(&listJSON, "json", false, "print the summary as a JSON object")
	path := &cobra.Command{
		Use:   "path",
		Short: "Print the path of rules.json",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			path, err := policy.Path()
			if err != nil {
				return err
			}
			if pathJSON {
				return writeJSON(s.out, map[string]string{"path": path})
			}
			fmt.Fprintln(s.out, path)
			return nil
		},
	}
	path.Flags().BoolVar(&pathJSON, "json", false, `print {"path": …}`)
	cmd.AddCommand(list, path)
	addPolicySignCommands(cmd, s)
	return cmd
}
