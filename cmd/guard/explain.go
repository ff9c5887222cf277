package main

import (
	"errors"

	"github.com/spf13/cobra"
)

func newExplainCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:    "explain",
		Short:  "not implemented yet",
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("explain: not implemented yet")
		},
	}
}
