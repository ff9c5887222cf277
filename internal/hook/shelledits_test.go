package hook

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestShellEditSecrets: a shell command that changes a
// file holding a secret in place (sed -i, perl -pi, interpreter code, dd
// conv=notrunc) blocks on every agent unless guard computes the change and
// it leaves the secret whole (sed -i with literal substitutions); a clean
// file's edit, a copy or an output over the file, and an edit beside the
// secret pass.
func TestShellEditSecrets(t *testing.T) {
	tok := "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
	_, proj := scriptWorld(t, map[string]string{"settings.py": "DEBUG = True\nTOKEN = \"" + tok + "\"\n", "main.go": "package main\n\nfunc foo() {}\n",
		"other.py": "x = 1\n"})
	p := realPolicy(t, "")
	agents := map[string]func(string) string{
		"A": func(cmd string) string {
			return `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":` + jsonString(proj) + `,"tool_input":{"command":` + jsonString(cmd) + `}}`
		},
		"B": func(cmd string) string {
			return `{"hookEventName":"beforeShellExecution","cwd":` + jsonString(proj) + `,"command":` + jsonString(cmd) + `}`
		},
		"C": func(cmd string) string {
			return `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","cwd":` + jsonString(proj) + `,"tool_input":{"command":` + jsonString(cmd) + `}}`
		},
	}
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`sed -i 's/E7710/E77 10/' settings.py`, true},           // computed: the token reshaped
		{`sed -i 's/E77.0/E77 10/' settings.py`, true},           // a pattern guard does not compute
		{`perl -pi -e 's/E7710/E77 10/' settings.py`, true},      // perl's code
		{`sed -i 's/ghp_16C7e42F292c/&\xff/' settings.py`, true}, // a byte inside the token
		{`sed -i 's/E7710/E77 10/' *.py`, true},                  // the shell's pattern names it
		{`sed -i 's/E77.0/E77 10/' "$PWD/settings.py"`, true},
		{`cd .. && sed -i 's/E77.0/E77 10/' proj/settings.py`, true},
		{`cp settings.py s2.py && sed -i 's/E77.0/E77 10/' s2.py`, true}, // a copy the command made, then edited
		{`cp settings.py s2.py && sed -i 's/E7710/E77 10/' s2.py`, true},
		{`python3 -c "p='settings.py';t=open(p).read();open(p,'w').write(t.replace('E7710','E77 10'))"`, true},
		{`printf ' ' | dd of=settings.py bs=1 seek=30 conv=notrunc`, true},
		{`truncate -s 30 settings.py`, true},
		{`sed -i 's/foo/bar/' main.go`, false},                // a clean file
		{`sed -i 's/fo*/bar/' main.go`, false},                // a pattern, a clean file
		{`perl -pi -e 's/x/y/' other.py`, false},              // perl, a clean file
		{`perl -pi -e 's/DEBUG/VERBOSE/' settings.py`, false}, // perl's literal substitution, computed as sed's: beside the token
		{`perl -p -i -e 's/DEBUG/VERBOSE/g' settings.py`, false},
		{`perl -pi -e 's/DEBUG/$ENV{X}/' settings.py`, true}, // perl interpolates $ and @: not literal
		{`perl -ni -e 's/DEBUG/VERBOSE/' settings.py`, true}, // -n prints nothing: not sed's edit
		{`perl -pi.bak -e 's/DEBUG/VERBOSE/' settings.py`, true},
		{`perl -0pi -e 's/DEBUG/VERBOSE/' settings.py`, true},
		{`sed -i 's/DEBUG/VERBOSE/' settings.py`, false}, // computed: beside the token
		{`sed -i 's/TOKEN = /TOKEN=/' settings.py`, false},
		{`echo 'x = 2' > settings.py`, false}, // known text replaces it
		{`echo 'x = 2' >> settings.py`, false},
		{`mytool > settings.py`, false},            // the shell empties it first
		{`cp other.py settings.py`, false},         // another file's text whole
		{`chmod 600 settings.py`, false},           // no text changed
		{`git add settings.py`, false},             // the index, not the file
		{`sed -i 's/E7710/E77 10/' new.py`, false}, // no such file
		{`tee -a settings.py <<< 'X = 1'`, false},  // known text after the file's, as >>
		{`echo 'x = 2' | tee -a settings.py other.py`, false},
		{`printf 'E77 10' | tee -a settings.py`, false},
		{`mytool | tee -a settings.py`, true}, // text guard does not know
		{`tee -a settings.py <<< 'X = 1'; sed -i 's/E77.0/E77 10/' settings.py`, true},
		{`sed -i 's/foo/bar/' *.py`, false}, // the literal script on each file the pattern names
		{`sed -i 's/DEBUG/VERBOSE/' *.py`, false},
		{`sed -i 's/foo/bar/;s/E7710/E77 10/' *.py`, true},
		{`sed -i 's/E7710/E77 10/' *.py; sed -i 's/foo/bar/' *.py`, true}, // the pattern's files edited twice
		{`perl -pi -e 's/E77/E7/' *.py; sed -i 's/foo/bar/' *.py`, true},
		{`sed -i 's/^DEBUG = .*/DEBUG = False/' settings.py`, false}, // a script guard applies: beside the token
		{`sed -i '/^DEBUG/d;1i # x' settings.py`, false},
		{`sed -i '1a y' settings.py`, false},
		{`sed -i 's/E77[0-9]0/E77 10/g' settings.py`, true}, // applied: the token reshaped
		{`sed -i '/^TOKEN/s/E77/E7/' settings.py`, true},    // an address on s: not modelled
		{`sed -i 's/^TOKEN.*/&x/' settings.py`, true},       // & in the text: not modelled
		{`sed -E -i 's/E77(1)0/E77 10/' settings.py`, true}, // an extended script: not applied
		{`git restore settings.py`, false},                  // the index's text whole
		{`git checkout -- settings.py`, false},
		{`git mv settings.py conf.py`, false},                             // a rename
		{`git grep -n DEBUG -- settings.py`, false},                       // a read
		{`git grep -O"sed -i s/E7710/E77\ 10/" E77 -- settings.py`, true}, // its pager gets the file
		{`sed -i 's/E77.0/E77 10/' settings.py && git mv settings.py conf.py`, true},
		{`git mv settings.py conf.py && sed -i 's/E77.0/E77 10/' conf.py`, true},
		// A computed edit is judged by where it writes: letters spread
		// through the token keep no run of it, but fall inside it.
		{`sed -i 's/^TOKEN/NOTE/;s/0/0é/g;s/1/1é/g;s/2/2é/g;s/3/3é/g;s/4/4é/g;s/5/5é/g;s/6/6é/g;s/7/7é/g;s/8/8é/g;s/9/9é/g' settings.py`, true},
		{`sed -i 's/7/7é/g;s/2/2é/g;s/c/cé/g;s/4/4é/g;s/8/8é/g' settings.py`, true},
		{`sed -i 's/7/7é/g;s/2/2é/g;s/c/cé/g;s/4/4é/g;s/8/8é/g' *.py`, true},
		{`cp settings.py s2.py && sed -i 's/7/7é/g;s/2/2é/g;s/c/cé/g;s/4/4é/g;s/8/8é/g' s2.py`, true},
		{`sed -i 's/^TOKEN = "ghp/TOKEN = "ghp_X/' settings.py`, true},                       // sedlines.go's script, inside the token
		{`sed -i 's/"ghp/"Xghp/' settings.py`, true},                                         // beside the token: its first byte's neighbour
		{`sed -i 's/ghp_16C7e42F292c6912E7710c838347Ae178B4a/REDACTED/' settings.py`, false}, // the token whole
		{`sed -i 's/^TOKEN = .*/TOKEN = os.environ["TOKEN"]/' settings.py`, false},
	} {
		for name, payload := range agents {
			if strings.HasPrefix(tc.cmd, "git ") && !tc.block && name != "C" {
				continue // A's failure route and B's unredacted result weigh what git prints (no repository here), not the edit
			}
			code, stdout, stderr, _ := runReal(t, p, payload(tc.cmd))
			blocked := code == 2 || strings.Contains(stdout, `"deny"`) || json.Valid([]byte(stdout)) && containsDeny(stdout)
			if blocked != tc.block {
				t.Errorf("%s %s: blocked = %v, want %v: %s%s", name, tc.cmd, blocked, tc.block, stdout, stderr)
			}
			if blocked && strings.Contains(stdout+stderr, "E7710c838347") {
				t.Errorf("%s %s: the reason quotes the secret: %s%s", name, tc.cmd, stdout, stderr)
			}
		}
	}
}

// TestShellEditUntold: an in-place edit of files whose names guard cannot
// compute (a find's names, a substitution, **) is an edit of every file
// below the directory they start in: one holding a secret, or more files
// than guard scans, blocks; a clean tree passes.
func TestShellEditUntold(t *testing.T) {
	tok := "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
	files := map[string]string{"settings.py": "TOKEN = \"" + tok + "\"\n", "clean/a.md": "a\n", "clean/b.py": "x = 1\n", "clean/s/c.md": "c\n"}
	for i := range 70 {
		files["big/f"+string(rune('a'+i/26))+string(rune('a'+i%26))+".go"] = "package big\n"
	}
	_, proj := scriptWorld(t, files)
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, why string // why: what the reason says ("" for a pass)
	}{
		{`find . -name '*.py' | xargs sed -i 's/E7710/E77 10/'`, "settings.py"},
		// A name from ls may hold a directory: the whole tree (big/ too).
		{`ls | xargs sed -i 's/E7710/E77 10/'`, "BLOCKED"},
		{`ls *.py | xargs sed -i 's/E7710/E77 10/'`, "BLOCKED"},
		{`f=$(ls *.py); sed -i 's/E7710/E77 10/' $f`, "BLOCKED"},
		{`sed -i 's/E7710/E77 10/' $(ls *.py)`, "BLOCKED"},
		{`perl -pi -e 's/E7710/E77 10/' $(ls)`, "BLOCKED"},
		{`find . -name '*.py' -exec perl -pi -e 's/E7710/E77 10/' {} \;`, "settings.py"},
		{`find -name settings.py -execdir sed -i 's/E7710/E77 10/' {} \;`, "settings.py"},
		{"shopt -s globstar\nsed -i 's/E7710/E77 10/' **/*.py", "settings.py"},
		{`cd big && find . -name '*.go' | xargs sed -i 's/package/pkg/'`, "64 files"},
		{`cd big && find . -name '*.go' | xargs perl -pi -e 's/fo+/bar/'`, "64 files"},
		// A literal substitution edits only the files holding its text.
		{`cd big && find . -name '*.go' | xargs perl -pi -e 's/foo/bar/'`, ""},
		{`cd big && find . -name '*.go' | xargs sed -i 's/foo/bar/'`, ""},
		{`find . -name '*.py' | xargs sed -i 's/foo/bar/'`, ""},
		// The tree grep -rl reads, on A's failure route, in a command the
		// print model does not cover: settings.py's secret may be printed.
		{`sed -i 's/TOKEN/KEY/' $(grep -rl TOKEN .)`, "settings.py"},
		{`sed -i 's/2F292c/2F 292c/' $(grep -rl TOKEN .)`, "settings.py"},
		{`sed -i 's/7/7é/g;s/2/2é/g;s/C/Cé/g;s/4/4é/g;s/8/8é/g' $(grep -rl TOKEN .)`, "settings.py"},
		{`sed -i 's/2F292c/2F 292c/' $(ls *.py); sed -i 's/foo/bar/' $(ls *.py)`, "BLOCKED"}, // edited twice: not the last script alone
		{`cd clean && find . -name '*.md' | xargs sed -i 's/foo/bar/'`, ""},
		{`cd clean && sed -i 's/a/b/' $(ls *.md)`, ""},
		{`find clean -name '*.py' | xargs perl -pi -e 's/x/y/'`, ""},
		{`find clean -name '*.md' | xargs gofmt -l`, ""},
		{`find . -name '*.go' | xargs gofmt -l`, ""}, // gofmt -l only reads: 70 files, no edit to check
		// An editor or a program guard does not know, given names guard
		// cannot tell, edits every file they may name.
		{`find . -name 'set*' -exec ex -sc '%s/E7710/E77 10/|x' {} \;`, "settings.py"}, // its edit or the read of the files ex prints: either blocks
		{`find . -name '*.py' -exec vim -es -c '%s/E7710/E77 10/' -c wq {} \;`, "settings.py"},
		{`find . -name '*.py' -exec python3 -c 'import sys;p=sys.argv[1];t=open(p).read();open(p,"w").write(t.replace("E7710","E77 10"))' {} \;`, "settings.py"},
		{`find . -name '*.py' -exec gawk -i inplace '{gsub(/E7710/,"E77 10")}1' {} \;`, "settings.py"},
		{`find . -name '*.py' -exec sd E7710 'E77 10' {} \;`, "settings.py"},
		{`find . -name '*.py' -exec ed -s {} \;`, "settings.py"},
		{`find . -name '*.py' -exec unknownprog {} \;`, "settings.py"},
		{`find . -name '*.py' -exec python3 fix.py {} +`, "settings.py"},
		{`find . -name '*.py' -ok ex -sc x {} \;`, "settings.py"},
		{`ls | xargs -I{} vim -es -c '%s/E7710/E77 10/' -c wq {}`, "BLOCKED"},
		{`fd -e py -x ex -sc '%s/E7710/E77 10/|x'`, "settings.py"},
		{`find . -name '*.py' -print0 | xargs -0 ed -s`, "settings.py"},
		{`cd big && find . -name '*.go' -exec unknownprog {} \;`, "64 files"},
		{`cd clean && find . -name '*.py' -exec unknownprog {} \;`, ""},
		{`find clean -name '*.md' -exec gofmt -l {} +`, ""},
		{`find . -name '*.go' -exec gofmt -l {} +`, ""},
		{`find . -name '*.py' -exec sed -i 's/foo/bar/' {} +`, ""},
		{`ls | xargs rm -f`, ""},
		// A program guard does not know, fed a find's names, may change
		// any of them as sed -i does.
		{`find . -name '*.py' | xargs sd 'a' 'b'`, "settings.py"},
		{`find . -name '*.py' | xargs someprog`, "settings.py"},
		{`find . -name '*.py' -exec someprog {} +`, "settings.py"},
		{`find . -name '*.py' | xargs wc -l`, ""},
		{`find clean -name '*.py' | xargs someprog`, ""},
		{`cd big && find . -name '*.go' | xargs someprog`, "64 files"},
	} {
		code, stdout, stderr, _ := runReal(t, p, `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":`+jsonString(proj)+`,"tool_input":{"command":`+jsonString(tc.cmd)+`}}`)
		blocked := code == 2 || containsDeny(stdout)
		if blocked != (tc.why != "") || !strings.Contains(stdout+stderr, tc.why) {
			t.Errorf("%s: blocked = %v, want the reason to say %q: %s%s", tc.cmd, blocked, tc.why, stdout, stderr)
		}
		if strings.Contains(stdout+stderr, "E7710c838347") {
			t.Errorf("%s: the reason quotes the secret: %s%s", tc.cmd, stdout, stderr)
		}
	}
}
