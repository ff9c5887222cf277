package main

import (
	"os/user"

	"github.com/rogpeppe/go-internal/testscript"
)

// scriptAccounthome sets VAR to the home directory the account database
// records for the user running the tests (what guard falls back on when
// HOME is unset):
//
//	accounthome VAR
func scriptAccounthome(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: accounthome VAR")
	}
	u, err := user.Current()
	if err != nil || u.HomeDir == "" {
		ts.Fatalf("no home directory in the account database: %v", err)
	}
	ts.Setenv(args[0], u.HomeDir)
}
