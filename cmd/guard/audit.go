package main

import (
	"errors"

	"github.com/spf13/cobra"
)

func newAuditCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:    "audit",
		Short:  "not implemented yet",
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("audit: not implemented yet")
		},
	}
}
