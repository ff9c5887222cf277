package main

import (
	"errors"

	"github.com/spf13/cobra"
)

func newServiceCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:    "service",
		Short:  "not implemented yet",
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("service: not implemented yet")
		},
	}
}
