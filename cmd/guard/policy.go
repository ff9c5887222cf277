package main

import (
	"errors"

	"github.com/spf13/cobra"
)

func newPolicyCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:    "policy",
		Short:  "not implemented yet",
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("policy: not implemented yet")
		},
	}
}
