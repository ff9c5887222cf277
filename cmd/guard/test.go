package main

import (
	"errors"

	"github.com/spf13/cobra"
)

func newTestCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:    "test",
		Short:  "not implemented yet",
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("test: not implemented yet")
		},
	}
}
