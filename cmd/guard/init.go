package main

import (
	"errors"

	"github.com/spf13/cobra"
)

func newInitCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:    "init",
		Short:  "not implemented yet",
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("init: not implemented yet")
		},
	}
}
