package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/policy"
)

// TestDevNullStatus: a redirection to /dev/null keeps a command's
// status its programs': git diff origin/main 2>/dev/null is
// allowed for agent A as git diff origin/main is (the result scan's),
// while a status builtin still puts it on the failure route.
func TestDevNullStatus(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"settings.py": "AWS=" + "AKIA" + "IOSFODNN7EXAMPLF\n", "README": "hello\n"})
	git("add", "README")
	git("commit", "-qm", "init")
	git("update-ref", "refs/remotes/origin/main", "HEAD") // loose, as a fetch writes it
	git("add", "settings.py")
	git("commit", "-qm", "settings") // the diff from origin/main prints the key
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git diff origin/main", false},
		{"git diff origin/main 2>/dev/null", false},
		{"git diff origin/main >/dev/null 2>&1", false},
		{"git diff origin/main 2>/dev/null; false", true},
		{"git diff origin/main 2>/dev/full", true},
		{"git diff HEAD~1; false", true}, // a file tracked since HEAD~1 is printed whole from the disk
		{"git diff HEAD; false", false},
	} {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": proj,
			"tool_input": map[string]any{"command": tc.cmd}})
		code, stdout, stderr, _ := runReal(t, p, string(s))
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("%s: blocked = %v, want %v: %s%s", tc.cmd, blocked, tc.block, stdout, stderr)
		}
	}
}

// TestGitGrepTrackedMore: git grep searches the files git tracks, so where
// guard cannot redact what it prints (agent B, agent A's failure route) an
// untracked or ignored .env does not block it while a tracked one does, as
// grep -r of a tree holding it does; --untracked and --no-index read the
// directory, and a link put in a tracked file's place leaves guard unable
// to tell.
func TestGitGrepTrackedMore(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"src/a.go": "package a\n", "README": "hello\n",
		".env": "GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a\n"})
	git("add", "src/a.go", "README")
	git("commit", "-qm", "init")
	p := realPolicy(t, "")
	check := func(step, cmd string, block bool) {
		t.Helper()
		wantBlock(t, p, step+": "+cmd, shellPayloadB(proj, cmd), block)
		wantBlock(t, p, step+": "+cmd, bashPayloadA(proj, cmd+"; false", false), block)
	}
	// Untracked .env.
	check("untracked", "git grep foo", false)
	check("untracked", "git grep -n foo | rev", false)
	check("untracked", "cd src && git grep foo", false)
	check("untracked", "git grep --untracked foo", true)
	check("untracked", "git grep --no-index foo", true)
	check("untracked", "grep -rn GITHUB .", true)
	check("untracked", "grep -rn foo .", false)                 // no line of .env matches
	check("untracked", "git grep foo; grep -rn foo .", false)   // neither pattern meets a line of .env
	check("untracked", "git grep GITHUB; grep -rn foo .", true) // the tree read whole, by a pattern that meets one
	// Ignored .env.
	if err := os.WriteFile(filepath.Join(proj, ".gitignore"), []byte(".env\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check("ignored", "git grep foo", false)
	check("ignored", "git grep --no-index foo", true)
	// An ignored venv with a directory link (lib64 -> lib), and one to a
	// directory outside: git grep reads neither (FINDINGS58b FP1).
	if err := os.WriteFile(filepath.Join(proj, ".gitignore"), []byte(".env\nvenv/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(proj, "venv", "lib"), 0o755); err != nil {
		t.Fatal(err)
	}
	for old, link := range map[string]string{"lib": "venv/lib64", "/usr/lib": "venv/usrlib"} {
		if err := os.Symlink(old, filepath.Join(proj, link)); err != nil {
			t.Fatal(err)
		}
	}
	check("venv link", "git grep foo", false)
	check("venv link", "git grep -n foo -- '*.go'", false)
	// Tracked .env: the tree rule, as grep -r's.
	git("add", "-f", ".env")
	check("tracked", "git grep GITHUB", true)
	check("tracked", "git grep foo", false) // no line of .env matches
	check("tracked", "cd src && git grep GITHUB", false)
	git("rm", "-q", "--cached", ".env")
	// A tracked file replaced on disk by a link: git's open follows it.
	if err := os.Remove(filepath.Join(proj, "README")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(".env", filepath.Join(proj, "README")); err != nil {
		t.Fatal(err)
	}
	check("link", "git grep foo", true) // git grep opens it: guard cannot tell
}

// TestGrepFile: agent B's Grep of one file was also read as FILE/**,
// whose look for protected files could not list a file and so blocked
// every Grep of a file for agent B. A regular file holds nothing below
// it; the file itself is still its read's (its path, its text pre-read),
// and a directory still meets the tree rule.
func TestGrepFile(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{"src/a.go": "package a\n",
		"certs/server.txt": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDdPK5zYfu8hc9eEJXp2XZcZ2J3a7hNYrdNxA0LH6jdYgAAAJgb8bsJG/G7\nCQAAAAtzc2gtZWQyNTUxOQAAACDdPK5zYfu8hc9eEJXp2XZcZ2J3a7hNYrdNxA0LH6jdYg\nAAAEBe7bbNtCvX3nQ6CX8jh2iUbnw8Cq2hF0P0Go8gEzQ0jd0rnNh+7yFz14QlenZdlxnY\n-----END OPENSSH PRIVATE KEY-----\n",
		".env":             "GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a\n"})
	if err := os.Symlink(filepath.Join(home, ".ssh"), filepath.Join(proj, "keys")); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		path  string
		block bool
	}{
		{"src/a.go", false},
		{filepath.Join(proj, "src/a.go"), false},
		{"src", false},
		{"certs/server.txt", true}, // its text holds a key
		{".env", true},
		{".", false}, // the tree holds .env and a key, but foo meets no line of them (the rg the tool runs)
		{"keys", true},
		{filepath.Join(home, ".ssh"), true},
	} {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "preToolUse", "tool_name": "Grep", "cwd": proj,
			"tool_input": map[string]any{"pattern": "foo", "path": tc.path}})
		code, stdout, stderr, _ := runReal(t, p, string(s))
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("Grep %s: blocked = %v, want %v: %s%s", tc.path, blocked, tc.block, stdout, stderr)
		}
	}
}

// TestTreeFailsOnPurpose: a tree search that prints a .env line and then
// fails on purpose ends in agent A's PostToolUseFailure: a missing
// operand, a kill of the shell, a sleep past the client's limit, a timeout
// field are not shown to succeed. Everyday searches stay allowed.
func TestTreeFailsOnPurpose(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{".env": "DB_PASS=hunter2xyz\n", "README": "hello\n", "src/a.go": "package a\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -rn PASS . /nonexistent", true},
		{"grep -rn PASS . ; ls /nonexistent", true},
		{"grep -rn PASS . ; kill -9 $$", true},
		{"grep -rn PASS . ; kill $PPID", true},
		{"grep -rn PASS . ; sleep 600", true},
		{"grep -rn TODO .", false},
		{"grep -rn TODO . README", false},
		{"grep -rn TODO . ; ls", false},
		{"find . -type f | xargs grep -n TODO", true}, // xargs: a name may be an option (-v)
		// Only commands known to succeed around the search.
		{"grep -rn PASS . ; expr 0", true},
		{"grep -rn PASS . ; cd /nonexistent", true},
		{"grep -rn PASS . ; cmp README .env", true},
		{"grep -rn PASS . ; command -v zzz", true},
		{"grep -rn PASS . ; type zzz", true},
		{`grep -rn PASS . ; printf "%d" x`, true},
		{"grep -rn PASS . ; git rev-parse HEAD~99", true},
		{"grep -rn PASS . ; head -c 1 /dev/zero | grep -q x", true},
		{"grep -rn PASS . ; go version -zz", true},
		{`grep -rn PASS . ; python3 -c "import os; os.kill(os.getppid(), 9)"`, true},
		{"grep -rn PASS . ; tail -f /dev/null", true},
		{"grep -rn PASS . ; yes > /dev/null", true},
		{"grep -rn PASS . | tail -f", true},
		{"grep -rn PASS . ; grep -rn zzz .", true},
		{"grep -rn PASS . && grep zzz README", true},
		{"grep -rn PASS . ; cat", true},
		{"grep -rn PASS . ; echo x > /nonexistent/f", true},
		{"grep -rn PASS . | head -5 ; ls zz", true},
		{"find . -type f -exec cat {} + -exec sleep 600 \\;", true},
		{"cd /nonexistent ; grep -rn PASS .", true}, // before the search too: not known to succeed
		{"grep -rn TODO . | head -20", false},
		{"grep -rn TODO . | grep -v test | sort | uniq -c | wc -l", false},
		{"grep -rn TODO . 2>/dev/null | head -n 50", false},
		{`grep -rn TODO . ; echo "exit: done"`, false},
		{`grep -rn TODO . && printf "%s\n" done`, false},
		{"cd src && grep -rn TODO .. | head ; true", false},
		{"cd src && cd .. && grep -rn TODO . | head", false}, // no line of .env matches
		{"grep -rln TODO . | xargs head -3", true},           // head prints what xargs names
		{"find . -name '*.go' -exec grep -n TODO {} +", false},
		{"git init -q && git add . && git commit -q -m x", false}, // git add prints no file text
		{"git add -A ; git commit -qm x", false},
		{"git add -v . ; expr 0", false}, // names only
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
	s, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": proj,
		"tool_input": map[string]any{"command": "grep -rn PASS .", "timeout": 1}})
	wantBlock(t, p, "timeout field", string(s), true)
	s, _ = json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": proj,
		"tool_input": map[string]any{"command": "grep -rn TODO .", "timeout": 1}})
	wantBlock(t, p, "timeout field, no .env line matches", string(s), false)
}

// TestTreeOwnStatus: the search's own status is not
// shown (a dangling link under -R, /dev/zero, a FIFO, the client's
// input); what it prints is: a grep whose pattern guard models matches no
// line of .env, or the read blocks on agent A.
func TestTreeOwnStatus(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{".env": "DB_PASS=hunter2xyz\n", "README": "hello\n", "src/a.go": "package a\n"})
	if err := os.Symlink("/nonexistent/zz", filepath.Join(proj, "dangle")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(proj, "fifo1"), 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -Rn PASS .", true},
		{"grep -rn PASS . /dev/zero", true},
		{"grep -rn PASS . --devices=read /dev/stdin", true},
		{"grep -rn PASS . fifo1", true},
		{"grep -rn pass -i .", true},
		{"grep -rn -e TODO -e DB_ .", true},
		{"grep -rnE 'TODO|hunter' .", true},
		{"grep -rn 'h.nter' .", true},
		{"grep -rn 'x*' .", true},
		{"grep -rnv TODO .", true},
		{"grep -rn '\\<PASS' .", true}, // GNU's word anchor: not modelled
		{"grep -rn '[[:alpha:]]' .", true},
		{"grep -rnP PASS .", true},
		{"grep -rn --inv TODO .", true}, // an abbreviated option: not modelled
		{"grep -rn PASS . -l ; grep -rn PASS . -v", true},
		{"grep -Rn TODO .", true}, // the link: guard cannot tell where it leads
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
	os.Remove(filepath.Join(proj, "dangle"))
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -Rn PASS .", true},
		{"grep -Rn TODO .", false},
		{"grep -rn TODO . /dev/zero", false},
		{"grep -rln PASS .", false}, // names only
		{"grep -rc PASS .", false},
		{"grep -rnw -F 'x.y' .", false},
		{"grep -rnE 'TODO|FIXME' --include='*.go' .", false},
		{"grep -rn 'func [A-Z0-9]' .", true}, // a letter range: not modelled
		{"grep -rn 'v[0-9]\\.' . | head", false},
		{"find . -name '*.go' -exec grep -n TODO {} +", false},
		// ripgrep skips hidden files unless told otherwise: .env is one.
		{"rg PASS .", false},
		{"rg -n TODO", false},
		{"rg -i 'hunter\\w+' src .", false},
		{"rg --hidden PASS .", true},
		{"rg -uu PASS", true},
		{"rg -. PASS", true},
		{"rg -u -u PASS", true},
		{"rg PASS .env", true},
		{"rg --hidden --pre cat TODO .", true}, // a preprocessor: not modelled
		{"rg -P 'PASS(?=x)' --hidden", true},   // PCRE: not modelled
		{"rg --hidden -l PASS", false},         // names only
		{"rg --hidden 'func [A-Z]\\w*' .", false},
		{"rg --hidden '[a-z&&[^p]]ass' .", true}, // a set operation Go reads otherwise
		{"rg --hidden '\\d+' .", true},
		{"rg --hidden -F 'h.nter' .", false},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
	wantBlock(t, p, "rg --hidden TODO .", bashPayloadA(proj, "rg --hidden TODO .", false), false)
	wantBlock(t, p, "rg PASS .", bashPayloadA(proj, "rg PASS .", false), false)
	t.Setenv("RIPGREP_CONFIG_PATH", filepath.Join(proj, "README")) // its options: --pre or --hidden, say
	wantBlock(t, p, "rg --hidden TODO .", bashPayloadA(proj, "rg --hidden TODO .", false), true)
	wantBlock(t, p, "rg PASS . (config)", bashPayloadA(proj, "rg PASS .", false), true)
	wantBlock(t, p, "rg --no-config PASS .", bashPayloadA(proj, "rg --no-config PASS .", false), false)
	wantBlock(t, p, "rg --hidden --no-config TODO .", bashPayloadA(proj, "rg --hidden --no-config TODO .", false), false)
}

// TestRgPrints: ripgrep on agent A's failure route is judged by what it
// prints of a protected file it does not skip (not hidden: server.key).
func TestRgPrints(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{"certs/server.key": "-----BEGIN PRIVATE KEY-----\nMIIB\n", "src/a.go": "package a // TODO\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -rn PRIVATE .", true},
		{"rg TODO .", false},
		{"rg -n 'TODO|FIXME' src certs", false},
		{"rg PRIVATE .", true},
		{"rg -i 'begin private' .", true},
		{"rg -S 'begin private' .", true}, // smart case folds a lower-case pattern
		{"rg -v TODO .", true},
		{"rg '\\w{3}B' .", true}, // MIIB: \w as Rust reads it
		{"rg -c PRIVATE .", false},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
}

// TestTreeReadsLikeGrep: guard's model of a tree search reads a pattern
// and the options as grep, ripgrep and find do, not as Go's syntax reads
// the translated text: a flag group a BRE spells,
// a repetition of a repetition (GNU: (X+)?, every line), a transcoding
// or globbing option of ripgrep, a bare + inside find's -exec.
func TestTreeReadsLikeGrep(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{".env": "API_KEY=sk_live_51HcxQ2\nDB_PASSWORD=hunter2secret\n",
		"certs/server.key": "-----BEGIN PRIVATE KEY-----\nMIIB\n", "certs/win.pem": "-----BEGIN CERTIFICATE-----\r\nMIIC\r\n",
		"src/a.go": "package a // TODO\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`grep -ri 'api_key=' . /nonexistent`, true},
		{`grep -ri '\(\?-i\)zzz\|api_key=\|password=' . /nonexistent`, true},
		{`grep -r '\(\?i\)zzz' . /nonexistent`, true},
		{`grep -rE '#+?' . && ls /nonexistent`, true},
		{`grep -r '#\+\?' . && ls /nonexistent`, true},
		{`grep -rE '~{1}?' . && ls /nonexistent`, true},
		{`grep -rE '~*?' . && ls /nonexistent`, true},
		{`grep -rE '(~+)?zq' . && ls /nonexistent`, false}, // a group repeated: read alike
		{`grep -rni 'todo' src && ls /nonexistent`, false},
		{`grep -rn 'zzz\|qqq' . && ls /nonexistent`, false},
		{`rg -i '(?-i)zzz|api_key' --hidden . && ls /nonexistent`, true},
		{`rg -i '(?:zzz|qqq)' --hidden . && ls /nonexistent`, false},
		{`rg -E utf-16le '[⠀-翿]' . && ls /nonexistent`, true},
		{`rg --hidden --encoding=utf-16le '[⠀-翿]' . && ls /nonexistent`, true},
		{`rg --crlf 'MIIC$' . && ls /nonexistent`, true}, // $ before \r\n
		{`rg 'MIIC$' . && ls /nonexistent`, false},
		{`rg --no-unicode 'zzz' . && ls /nonexistent`, true},
		{`rg -g '*' API . && ls /nonexistent`, true}, // a glob overrides the hidden skip
		{`rg -g '*.env' API . && ls /nonexistent`, true},
		{`rg --iglob='*' API && ls /nonexistent`, true},
		{`rg --type-add 'e:.env' -t e API && ls /nonexistent`, true},
		{`rg API . && ls /nonexistent`, false},
		{`rg -T go API . && ls /nonexistent`, false},
		{`find . -maxdepth 0 -exec grep -e zzz + -e API_KEY -r . \; && ls /nonexistent`, true},
		{`find . -maxdepth 0 -exec grep -e zzz -r {} + && ls /nonexistent`, false},
		{`find . -maxdepth 0 -exec grep -e API_KEY -r {} + && ls /nonexistent`, true},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
}

// TestTreeNamesAndBinaries: ripgrep's --files takes no pattern (every
// operand is a root) and, like -l and -c, prints names or counts, no
// line; a file its walk finds is searched up to its first NUL byte unless
// -a/--text. A secret past the NUL of a binary (a built program holding
// a key-shaped string) is not printed by the search.
func TestTreeNamesAndBinaries(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{"bin/tool": "\x7fELF\x02\x01\x01\x00\x00KEY -----BEGIN PRIVATE KEY-----\nMIIB\n",
		".env": "API_KEY=sk_live_51HcxQ2\n", "src/a.go": "package a // TODO\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`rg --files | wc -l && ls /nonexistent`, false},
		{`rg --files --hidden && ls /nonexistent`, false},
		{`rg --files src && ls /nonexistent`, false},
		{`rg -l --hidden API && ls /nonexistent`, false},
		{`rg -c --hidden API . && ls /nonexistent`, false},
		{`rg --hidden API . && ls /nonexistent`, true},
		{`rg BEGIN && ls /nonexistent`, false},
		{`rg -uuu BEGIN && ls /nonexistent`, false},
		{`rg -a BEGIN && ls /nonexistent`, true},
		{`rg --text BEGIN . && ls /nonexistent`, true},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
}

// TestTreeFailsFiltered: on agent A's failure route (a result guard
// cannot replace) a tree search's own filters count as on the others: a
// file it excludes is not one it prints a line of.
func TestTreeFailsFiltered(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{"app/settings.py": "SECRET_KEY = \"django-insecure-8x7#kq2m9v$w3z!p4r6t1y5u0e-abcdefghij\"\n",
		"app/views.py": "from app.settings import SECRET_KEY\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`grep -rn SECRET --exclude=settings.py .`, false},
		{`grep -rn SECRET --exclude-dir=app . > out.txt`, false},
		{`rg -g '!**/settings.py' SECRET`, false},
		{`rg -g '!app/**' SECRET`, false},
		{`grep -rn SECRET .`, true},
		{`grep -rn SECRET --exclude=views.py .`, true},
		{`grep -rn SECRET --exclude=views.py . > out.txt`, true},
		{`cd app && grep -rn SECRET --exclude=settings.py ..`, true}, // a cd: roots not the call's
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
}

// TestTreeUTF16: rg decodes a file its walk finds that starts with a
// UTF-16 byte order mark before it searches it: its NUL bytes (one in
// every other byte) are no NUL of the text rg prints (FINDINGS38a F1).
// GNU grep does not decode: it reports a binary file matches, no line.
func TestTreeUTF16(t *testing.T) {
	text := "token = ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8\n"
	le, be := []byte{0xff, 0xfe}, []byte{0xfe, 0xff}
	for _, r := range text {
		le = append(le, byte(r), 0)
		be = append(be, 0, byte(r))
	}
	proj, _ := gitWorld(t, map[string]string{"conf.txt": string(le), "sub/be.txt": string(be), "src/a.go": "package a\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`rg ghp . | rev; false`, true},
		{`rg -o 'ghp_\w+' | rev; false`, true},
		{`rg token; false`, true},
		{`rg ghp sub | rev; false`, true},
		{`rg package src; false`, false},
		{`grep -r ghp . | rev; false`, false},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
}

// TestTreeCopies: a tree search whose output goes to a file copies what
// it prints, as cp does: where the tree holds a protected
// file the search may print a line of, it blocks on every agent; a search
// that prints no line of it, or whose output is discarded, passes.
func TestTreeCopies(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{".env": "API_KEY=sk_live_51HcxQ2\n", "src/a.go": "package a // TODO\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -r . . > out.txt", true},
		{"grep -r . . > out.txt && ls /nonexistent", true},
		{"grep -rn API . | sort >> out.txt", true},
		{"grep -r . . | tee out.txt", true},
		{"grep -r API . > \"$OUT\"", true},
		{"grep -rn TODO . > todo.txt", false},
		{"grep -rn . src > out.txt", false},
		{"grep -r . . > /dev/null", false},
		{"grep -rl API . > names.txt", false},
	} {
		for _, ag := range []string{"a", "c"} {
			if got := treeVerdict(p, ag, proj, tc.cmd) == "block"; got != tc.block {
				t.Errorf("agent %s: %s: blocked = %v, want %v", ag, tc.cmd, got, tc.block)
			}
		}
	}
	// The search prints to the result, which agent C's hook redacts; its
	// other write copies none of it.
	if v := treeVerdict(p, "c", proj, "grep -rn API . ; echo done > log.txt"); v != "allow" {
		t.Errorf("agent c: a search printing to the result beside a write: %s", v)
	}
}

// treeVerdict is the verdict the hook of agent ag records for command cmd
// run in dir.
func treeVerdict(p *policy.Policy, ag, dir, cmd string) string {
	f := &fake{}
	cfg := f.config(bashPayloadA(dir, cmd, false), nil)
	cfg.LoadPolicy = func() (Policy, string, error) { return p, p.Version, nil }
	cfg.Agent = ag
	Run(cfg)
	if len(f.records) != 1 {
		return "no record"
	}
	return f.records[0].Verdict
}

// TestTreeReadsAsTheShellPassesThem: the tree-search model reads a word as
// the shell hands it to grep (backslashes removed, globs and $'…' not
// modelled), and a pattern as grep reads it in any locale (non-ASCII: not
// modelled).
func TestTreeReadsAsTheShellPassesThem(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{".env": "API_KEY=hunter2xyz\n", "src/a.go": "package a // TODO\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -rn \\^ .", true},
		{"grep -rn \"\\$\" .", true},
		{"grep -r \\-v zzz .", true},
		{"rg -n \\^ --hidden", true},
		{"grep -rni 'ı' .", true},
		{"grep -rn $'\\x5e' .", true},
		{"grep -r * .", true}, // the glob's first name is the pattern
		{"grep -rn \\TODO .", false},
		{"grep -rn \"TO\\DO\" .", true},    // \D stays in double quotes, and GNU's \D is not modelled
		{"grep -rn \"TO\\\"DO\" .", false}, // \" is a quote
		{"find . -name '*.go' -exec grep -n TODO {} +", false},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
}

// TestTreeReadsBeyondTheModel: what the tree-search model cannot read as
// the tools do is "cannot tell": a protected file with a byte past ASCII
// (grep's C locale counts bytes, rg decodes UTF-16 and drops a BOM), an
// ignore file that whitelists a hidden name for rg, zsh's glob words and
// its several outputs, and find's -files0-from list.
func TestTreeReadsBeyondTheModel(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{".env": "PASS=\u00e9\u00e9\n", "src/a.go": "package a // TODO\n", "wl": "!.env\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -rn '^PASS=....$' . nosuch", true},
		{"grep -rn TODO . nosuch", true}, // .env holds non-ASCII: not modelled
		{"rg --no-config --ignore-file wl -n ^ . nosuch", true},
		{"grep -rn zzz(N) ^ . nosuch", true},
		{"grep -rn ^ . nosuch >&2 >/dev/null", true},
		{"find -files0-from .env", true},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
	clean, _ := gitWorld(t, map[string]string{".env": "PASS=x\n", "src/a.go": "package a // TODO\n"})
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"grep -rn TODO . nosuch", false},
		{"rg --no-config -n TODO . nosuch", false},
		{"grep -rn TODO . > /dev/null", false},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(clean, tc.cmd, false), tc.block)
	}
}

// TestFedNamesReadOnly: a name a runner (xargs) hands a program is judged
// by the program's own words: gofmt without -w and a compiler driver's
// input only read it; gofmt -w, sed -i and the file after -o may write any
// name, .env among them (FINDINGS40 FP9).
func TestFedNamesReadOnly(t *testing.T) {
	proj, _ := gitWorld(t, map[string]string{".env": "STRIPE=sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc\n", "a.go": "package a\n",
		"src/util.c": "int u;\n", "include/u.h": "int u;\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git diff --name-only | xargs gofmt -l", false},
		{"ls *.go | xargs -n1 gofmt -l", false},
		{"ls *.go | xargs gofmt -d", false},
		{"ls src/*.c | xargs -I{} gcc -Iinclude -c {}", false},
		{"ls src/*.c | xargs gcc -Iinclude -c", false},
		{"ls *.go | xargs gofmt -w", true},
		{"ls *.go | xargs gofmt -l -w", true},
		{"ls *.go | xargs -I{} gofmt -w {}", true},
		{"ls *.go | xargs gofmt -r 'a -> b' -l", true},
		{"ls | xargs sed -i s/a/b/", true},
		{"ls src/*.c | xargs gcc -c -o", true},
		{"ls src/*.c | xargs -I{} gcc -c x.c -o {}", true},
		{"ls src/*.c | xargs -I{} gcc -c {} -MF {}", true},
		{"ls | xargs ./gcc -c", true},
	} {
		for _, ag := range []string{"a", "b", "c"} {
			if got := treeVerdict(p, ag, proj, tc.cmd) == "block"; got != tc.block {
				t.Errorf("agent %s: %s: blocked = %v, want %v", ag, tc.cmd, got, tc.block)
			}
		}
	}
}

// TestContainerMountProject: a bind mount of a project holding .env is
// a plain recursive read when guard walks the container's command
// through it (what the command reads there it reads as its own), so
// docker run -v "$PWD":/app -w /app node:20 npm test passes as grep -r
// does; the image's own command (not walked), a command that encodes the
// tree, a named .env, and a mount of the home (which holds ~/.ssh) block.
func TestContainerMountProject(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{".env": "DB_PASS=hunter2xyz\n", "package.json": `{"scripts":{"test":"node t.js"}}`, "t.js": "console.log(1)\n"})
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("k\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		dir, cmd string
		block    bool
	}{
		{proj, `docker run --rm -v "$(pwd)":/app -w /app node:20 npm test`, false},
		{proj, `docker run --rm -v "$PWD":/src -w /src golang:1.26 go test ./...`, false},
		{proj, `docker run --rm -v .:/app -w /app alpine ls`, false},
		{proj, `docker run --rm -v "$PWD":/app myimage`, true},                            // the image's own command
		{proj, `docker create -v "$PWD":/app myimage`, true},                              // run later, not walked
		{proj, `docker run --rm -v "$PWD":/app alpine sh -c "tar c /app | base64"`, true}, // encodes the tree
		{proj, `docker run --rm -v "$PWD":/app -w /app alpine cat .env`, true},
		{proj, `docker run --rm -v ~:/h alpine ls /h`, true}, // the home holds ~/.ssh
		{proj, `docker run --rm -v "$PWD/..":/up alpine ls /up`, true},
		{proj, `docker run --rm -v "$PWD":/app -w /app node:20 -p "require('fs').readFileSync('.env','utf8')"`, true}, // the image's entrypoint runs node
		{proj, `docker run --rm -v "$PWD":/app -w /app node:20 x.js`, true},                                           // x.js: node's script, not a program guard knows
		{proj, `docker run --rm -v "$PWD":/app -w /app --entrypoint node node:20 -e 1`, false},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(tc.dir, tc.cmd, false), tc.block)
	}
}

// TestHomeTree: where a mounted tree is the home, holds it, or lies in a
// hidden directory of it.
func TestHomeTree(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"~/**", true},
		{"/home/u/**", true},
		{"/home/**", true},
		{"/**", true},
		{"/home/u/.ssh/**", true},
		{"~/.guard/**", true},
		{"/HOME/U/**", true},
		{"/home/u/./src/..//**", true},
		{"$X/**", true},
		{"rel/**", true},
		{"/home/u/src/app/**", false},
		{"/home/u/src/app/./**", false},
		{"/tmp/proj/**", false},
		{"/home/u2/**", false},
	} {
		if got := homeTree(tc.text, "/home/u"); got != tc.want {
			t.Errorf("homeTree(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestCheckoutPrior: git checkout - and git switch - write the tree of
// the branch checked out before (@{-1}, read from HEAD's reflog as git
// reads it): they pass where that branch changes nothing protected, and
// block where it writes an agent hook file.
func TestCheckoutPrior(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"README": "hello\n", "src/a.go": "package a\n"})
	git("add", "README", "src/a.go")
	git("commit", "-qm", "init")
	git("checkout", "-qb", "feature")
	if err := os.WriteFile(filepath.Join(proj, "src", "a.go"), []byte("package a // changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-qam", "change")
	git("checkout", "-q", "main")
	p := realPolicy(t, "")
	for _, cmd := range []string{"git checkout -", "git switch -", "git checkout @{-1}"} {
		wantBlock(t, p, cmd, bashPayloadA(proj, cmd, false), false)
	}
	git("checkout", "-q", "feature")
	if err := os.MkdirAll(filepath.Join(proj, ".agent_a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, ".agent_a", "settings.json"), []byte(`{"hooks":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "-f", ".agent_a/settings.json")
	git("commit", "-qm", "hooks")
	git("checkout", "-q", "main")
	for _, cmd := range []string{"git checkout -", "git switch -"} {
		wantBlock(t, p, cmd+" (hooks)", bashPayloadA(proj, cmd, false), true)
	}
}

// TestUntoldRoot: where the files a command edits without names guard
// can compute start, and the base name they share.
func TestUntoldRoot(t *testing.T) {
	for _, tc := range []struct{ p, dir, name string }{
		{"/h/" + path.Unknown + "/out.txt", "/h", "out.txt"},
		{"/h/" + path.Unknown + "/sub/out.txt", "/h", "out.txt"},
		{"/h/p/**/*.py", "/h/p", "*.py"},
		{"/h/p/*.py", "/h/p", "*.py"},
		{"/h/p/" + path.Unknown, "/h/p", ""},
		{"/h/" + path.Unknown + "/..", "/h", ""},
		{"/h/$X/out.txt", "/h", "out.txt"},
		{"/h/p/x$Y", "/h/p", ""},
	} {
		dir, name := untoldRoot(filepath.FromSlash(tc.p))
		if dir != filepath.FromSlash(tc.dir) || name != tc.name {
			t.Errorf("untoldRoot(%q) = %q, %q; want %q, %q", tc.p, dir, name, tc.dir, tc.name)
		}
	}
}

// TestDiffAssumeUnchanged: git diff HEAD prints the index's copy of an
// entry marked assume-unchanged, not the disk's: on agent A's failure
// route, where guard cannot redact, a staged secret behind such an entry
// is what guard cannot tell (review 55c C8).
func TestDiffAssumeUnchanged(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"prod.env": "KEY=CHANGEME\n"})
	git("add", "prod.env")
	git("commit", "-qm", "init")
	if err := os.WriteFile(filepath.Join(proj, "prod.env"), []byte("AWS="+"AKIA"+"IOSFODNN7EXAMPLF\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "prod.env") // the user staged the real key
	if err := os.WriteFile(filepath.Join(proj, "prod.env"), []byte("KEY=CHANGEME\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	checkBlock(t, p, proj, "git diff HEAD; false", false, "") // the disk and the index are read
	git("update-index", "--assume-unchanged", "prod.env")
	checkBlock(t, p, proj, "git diff HEAD; false", true, "")
}
