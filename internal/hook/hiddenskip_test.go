package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestHiddenSkipMore: rg (ag, pt) skips hidden names such as .env only
// when no ignore file it reads whitelists one, and no option of its own
// does. On agent B, where guard cannot redact, a search of a tree holding
// .env is then blocked as rg --hidden's is.
func TestHiddenSkipMore(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"src/a.go": "package a\n", "README": "hello\n",
		".env": "DB_PASS=hunter2xyz\n", ".gitignore": "node_modules/\n.env\n", ".git/HEAD": "ref: refs/heads/main\n"})
	p := realPolicy(t, "")
	check := func(step, cmd string, block bool) {
		t.Helper()
		wantBlock(t, p, step+": "+cmd, shellPayloadB(proj, cmd), block)
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(proj, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []string{"rg TODO", "rg -n foo src/", "rg -n DB .", "rg -g '*.go' foo", "rg -g '!*.md' foo", "rg -n --glob '**/*.ts' foo", "rg -g 'README*' hello", "ag TODO", "pt TODO"} {
		check("no whitelist", c, false)
	}
	for _, c := range []string{"rg --hidden DB", "rg -g '.env' DB", "rg -g '*' DB", "rg -g '*.env' DB", "rg -g '*.{env,go}' DB", "rg --glob=.env DB", "rg --iglob '*env*' DB",
		"rg --ignore-file x.ign DB", "rg --ignore-file <(echo '!.env') DB", "ag -p x.ign DB",
		"printf '!.env\\n' > .rgignore; rg DB", `echo "!.env" >> .gitignore && rg DB`} {
		check("whitelist in the command", c, true)
	}
	// A whitelist on disk, from an earlier call (a Write of .ignore).
	for _, f := range []string{".ignore", ".rgignore", "src/.ignore", "node_modules/x/.ignore"} {
		write(f, "!.env\n")
		want := f != "node_modules/x/.ignore" // an ignored directory: rg does not enter it
		check(f, "rg DB", want)
		check(f, "rg -n DB .", want)
		if err := os.Remove(filepath.Join(proj, f)); err != nil {
			t.Fatal(err)
		}
	}
	write(".gitignore", "node_modules/\n!.env\n")
	check(".gitignore", "rg DB", true)
	write(".gitignore", "node_modules/\n*.log\n!.gitkeep\n!keep.log\n!.env.example\n")
	check("harmless whitelists", "rg DB", false)
	write(".gitignore", "node_modules/\n!.env*\n")
	check("a whitelist glob", "rg DB", true)
	write(".gitignore", "node_modules/\n!node_modules/\n")
	write("node_modules/x/.ignore", "!.env\n")
	check("an ignored directory whitelisted", "rg DB", true)
}

// TestHiddenSkipTypes: a file type rg is given (--type-add NAME:GLOB -t
// NAME) whitelists as -g does, and any option not known to keep the hidden
// skip means the whole tree, hidden names too.
func TestHiddenSkipTypes(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"src/a.go": "package a\n", ".env": "DB_PASS=hunter2xyz\n"})
	p := realPolicy(t, "")
	for _, c := range []struct {
		cmd   string
		block bool
	}{
		{`rg DB --type-add "e:.env" -te`, true},
		{`rg DB --type-add "e:*" -te`, true},
		{`rg DB --type-add "e:.e*" -t e`, true},
		{`rg DB --type-add=e:.env --type=e`, true},
		{`rg DB --type-add "e:include:sh" -te`, true},
		{`rg DB -t sh`, true}, // rg's sh type names .bashrc and the like
		{`rg DB --no-such-option`, true},
		{`rg -n TODO src`, false},
		{`rg -n TODO`, false},
		{`rg -tgo -i -l --color=never TODO`, false},
		{`rg -C3 -w -F -e foo -m 5 --json`, false},
		{`rg DB --type-add "g:*.go" -tg`, false},
		{`ag -i -l foo`, false},
	} {
		b, _ := json.Marshal(map[string]any{"hookEventName": "beforeShellExecution", "command": c.cmd, "cwd": proj})
		code, stdout, stderr, _ := runReal(t, p, string(b))
		if blocked := code == 2; blocked != c.block {
			t.Errorf("%s: blocked = %v, want %v: %s%s", c.cmd, blocked, c.block, stdout, stderr)
		}
	}
}
