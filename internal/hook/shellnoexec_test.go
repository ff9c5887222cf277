package hook

import "testing"

// TestShellNoExec: bash -n and sh -n read and parse a script and run
// nothing, so a script that sources .env, or a glob of scripts, passes a
// syntax check; run, or with -i (which ignores -n), it is still checked
// as it runs (FINDINGS56c FP-M14).
func TestShellNoExec(t *testing.T) {
	files := map[string]string{
		"scripts/dev.sh":  "#!/bin/sh\nset -a\n. ./.env\nexec docker compose up\n",
		"scripts/lint.sh": "#!/bin/sh\nshellcheck scripts/*.sh\n",
		".env":            "DB_PASSWORD=hunter2\n",
	}
	runPrograms(t, files, []programCase{
		{`for f in scripts/*.sh; do bash -n "$f"; done`, false},
		{`for f in scripts/*.sh; do sh -n "$f"; done`, false},
		{"bash -n scripts/*.sh", false},
		{"bash -n scripts/dev.sh", false},
		{"bash scripts/dev.sh", true},
		{"bash -n -i scripts/dev.sh", true},
		{"bash -n .env", true},
	})
}
