package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"guard": main, // the real entry: hookstart.Restore and the lean hook run as released
	})
}

// update rewrites the expected output a script compares with cmp, in the
// script itself: go test ./cmd/guard -run TestScript/NAME -update.
var update = flag.Bool("update", false, "rewrite the files scripts compare stdout and stderr with")

// TestScript runs the end-to-end scripts in testdata/script against the real
// binary, each with a throwaway HOME ($WORK/home) and no GUARD_HOME.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(env *testscript.Env) error {
			home := filepath.Join(env.WorkDir, "home")
			if err := os.MkdirAll(home, 0o755); err != nil {
				return err
			}
			env.Setenv("HOME", home)
			env.Setenv("USERPROFILE", home)
			env.Setenv("GUARD_HOME", "")
			env.Setenv("AGENT_A_HOOK_EVENT", "")
			env.Setenv("AGENT_B_PROJECT_DIR", "")
			env.Setenv("GUARD_POLICY_URL", "")
			env.Setenv("GUARD_POLICY_KEY", "")
			return nil
		},
		Cmds:                scriptCommands(),
		RequireExplicitExec: true,
		UpdateScripts:       *update,
	})
}
