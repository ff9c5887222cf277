package main

import (
	"os"
	"os/user"
	"path/filepath"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/home"
	"github.com/rogpeppe/go-internal/testscript"
)

// scriptAccounthome sets VAR to the home directory the account database
// records for the user running the tests (what guard falls back on when
// HOME is unset). A hook run there keeps its audit anchor in that real
// home's state directory, so at the script's end the anchor of
// $GUARD_HOME's log is removed, and the state directories the script made:
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
	state := home.StateDirFor(u.HomeDir)
	made := []string{state, filepath.Dir(state), filepath.Dir(filepath.Dir(state))}
	existed := map[string]bool{}
	for _, d := range made {
		if _, err := os.Stat(d); err == nil {
			existed[d] = true
		}
	}
	ts.Defer(func() {
		if gh := ts.Getenv("GUARD_HOME"); gh != "" {
			os.Remove(audit.AnchorFile(state, filepath.Join(gh, home.AuditName)))
		}
		for _, d := range made {
			if !existed[d] {
				os.Remove(d) // only if empty: nothing else of the user's is touched
			}
		}
	})
}
