package main

import "github.com/spf13/cobra"

// addPolicySignCommands adds `policy sign` and `policy verify` to parent.
func addPolicySignCommands(parent *cobra.Command, s *streams) {}
