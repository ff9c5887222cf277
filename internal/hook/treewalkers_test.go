package hook

import (
	"encoding/json"
	"testing"
)

// TestTreeWalkers: what a tree walker finds under a directory (find
// -exec/-delete, find | xargs, fd -x/-X, ls -A, du -a and git ls-files of
// the working directory into xargs or $(…)) is written or read as the tree
// it stands for, narrowed by the names guard can read; a tree written whole
// (rm -rf ., find . -delete) blocks when the project holds its own hook
// file, .git/config or .git/hooks on disk.
func TestTreeWalkers(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"README": "hi\n", "src/a.go": "package a\n",
		".env": "DB_PASS=hunter2xyz\n", ".agent_a/settings.json": "{}\n"})
	git("add", "README", "src/a.go")
	git("add", "-f", ".env")
	git("commit", "-qm", "init")
	p := realPolicy(t, "")
	// agentA: the verdict on agent A's Bash; agentB: on agent B's shell,
	// whose output guard cannot redact.
	check := func(cmd string, agentA, agentB bool) {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"hookEventName": "beforeShellExecution", "command": cmd, "cwd": proj})
		code, stdout, stderr, _ := runReal(t, p, bashPayload(t, proj, cmd))
		if blocked := code == 2; blocked != agentA {
			t.Errorf("A: %s: blocked = %v, want %v: %s%s", cmd, blocked, agentA, stdout, stderr)
		}
		code, stdout, stderr, _ = runReal(t, p, string(b))
		if blocked := code == 2; blocked != agentB {
			t.Errorf("B: %s: blocked = %v, want %v: %s%s", cmd, blocked, agentB, stdout, stderr)
		}
	}
	for _, cmd := range []string{
		// F8: find's write side.
		`find . -name config -path "*git*" | xargs -I{} sh -c "printf x >> {}"`,
		"find . -name settings.json -exec truncate -s0 {} +",
		"find . -name settings.json -delete",
		`find . -path "*/.agent_a/*" -delete`,
		"find . -name .agent_a -exec rm -rf {} +",
		`find . -name "*.json" -exec sed -i s/a/b/ {} +`,
		"find . -iname SETTINGS.JSON -delete",
		`find . -regex ".*settings.json" -delete`,
		"find . -delete",
		"find . -name .env -delete",
		"find . -exec chmod 000 {} +",
		"du -a | cut -f2 | xargs truncate -s0",
		"ls -A | xargs rm -rf",
		"rm -rf .",
		"rm -rf ../proj",
		// F9: fd -x/-X writes.
		"fd -H -e env -x cat",
		"fdfind -H settings.json -x truncate -s0",
		"fd -H -x rm",
		"fdfind -HI -t f -x rm",
		`fdfind -H -t f -x sh -c "echo x >> {}"`,
		// F11: the tree's names read through $(…) and loops.
		"cat $(git ls-files)",
		"cat $(git ls-files -o)",
		`git ls-files -c | while read f; do cat "$f"; done`,
		"for f in $(git ls-files); do cat $f; done",
		// Cat prints no file name before a line, so agent A's result
		// hook cannot attribute the .env's line either.
		"fd -H -x cat", "fd -H -X cat", "fd --hidden --exec cat",
		"ls -A | xargs cat", "ls -a | xargs cat", "du -a | cut -f2 | xargs cat",
		"git ls-files | xargs cat",
	} {
		check(cmd, true, true)
	}
	// On agent A too, a search guard does not model (fd,
	// xargs, git grep) whose own status it cannot show.
	for _, cmd := range []string{
		"fdfind -H -x grep -H DB", "git ls-files | xargs grep DB",
		"git grep DB", "git grep DB .", "git grep DB -- .", "git grep -e DB -- .",
	} {
		check(cmd, true, true)
	}
	// Everyday.
	for _, cmd := range []string{
		"find . -name '*.pyc' -delete",
		"find . -name node_modules -prune -o -name '*.js' -print | xargs wc -l",
		"find . -type f -name '*.go' | xargs gofmt -l",
		"fd -e go -x gofmt -w",
		"git ls-files '*.go' | xargs gofmt -w",
		"rm -rf build dist",
		"rm -rf src",
		"find . -name __pycache__ -exec rm -rf {} +",
		"find . -type d -name node_modules -prune -exec rm -rf {} +",
		"ls | xargs wc -l",
		"git grep DB src",
	} {
		check(cmd, false, false)
	}
}
