package main

import (
	"errors"

	"github.com/spf13/cobra"
)

func newHookCommand(s *streams) *cobra.Command {
	return &cobra.Command{
		Use:    "hook",
		Short:  "not implemented yet",
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return errors.New("hook: not implemented yet")
		},
	}
}

// runHook handles one hook call; agent is "", "a", "b" or "c".
func runHook(s *streams, agent string) error {
	return errors.New("hook: not implemented yet")
}
