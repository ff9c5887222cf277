package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestCodecFeed: evaluated text is read in the codec the reading call
// names, or PYTHONIOENCODING for standard input; a codec
// guard does not decode hides what runs.
func TestCodecFeed(t *testing.T) {
	evil7 := `open("+AC8-home/u/.bashrc", "a")` // UTF-7 for open("/home/u/.bashrc", "a")
	files := map[string]string{"u7.txt": evil7, "s.py": "print(1)"}
	tests := []struct {
		name   string
		cmd    string
		write  bool
		hidden bool
	}{
		{name: "encoding=", cmd: `python3 -c 'exec(open("u7.txt", encoding="utf-7").read())'`, write: true},
		{name: ".decode", cmd: `python3 -c 'exec(open("u7.txt","rb").read().decode("utf7"))'`, write: true},
		{name: "codecs.open", cmd: `python3 -c 'import codecs; exec(codecs.open("u7.txt", "r", "utf-7").read())'`, write: true},
		{name: "PYTHONIOENCODING", cmd: `PYTHONIOENCODING=utf-7 python3 -c 'import sys; exec(sys.stdin.read())' < u7.txt`, write: true},
		{name: "a codec guard does not decode", cmd: `python3 -c 'exec(open("s.py", encoding="rot13").read())'`, hidden: true},
		{name: "a codec named by a name", cmd: `python3 -c 'exec(open("s.py", encoding=e).read())'`, hidden: true},
		{name: "utf-8", cmd: `python3 -c 'exec(open("u7.txt", encoding="utf-8").read())'`},
		{name: "no codec", cmd: `python3 -c 'import sys; exec(sys.stdin.read())' < u7.txt`},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, files)
		if got := slices.Contains(a.Writes, "/home/u/.bashrc"); got != tc.write {
			t.Errorf("%s: %s: writes %q, want /home/u/.bashrc among them = %v (err %v)", tc.name, tc.cmd, a.Writes, tc.write, a.Err)
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: %s: hidden = %v (%v), want %v", tc.name, tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}

// TestChildFeed: a shell or an interpreter the code starts with a program
// that is not a plain literal runs what the command feeds.
func TestChildFeed(t *testing.T) {
	files := map[string]string{"e.sh.txt": "echo x >> /home/u/.bashrc\n", "e.txt": `open("/home/u/.bashrc", "a")`}
	tests := []struct {
		name   string
		cmd    string
		write  bool
		hidden bool
	}{
		{name: "argument vector", cmd: `python3 -c 'import subprocess; subprocess.run(["bash","-c", open("e.sh.txt").read()])'`, write: true},
		{name: "stdin= to a shell", cmd: `python3 -c 'import subprocess; subprocess.run(["sh"], stdin=open("e.sh.txt"))'`, write: true},
		{name: "stdin= to python", cmd: `python3 -c 'import subprocess; subprocess.Popen(["python3"], stdin=open("e.txt")).wait()'`, write: true},
		{name: "nothing fed", cmd: `python3 -c 'import subprocess; subprocess.run(["sh", "-c", x])'`, hidden: true},
		{name: "a plain vector", cmd: `python3 -c 'import subprocess; subprocess.run(["git", "status"])'`},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, files)
		if got := slices.Contains(a.Writes, "/home/u/.bashrc"); got != tc.write {
			t.Errorf("%s: %s: writes %q, want /home/u/.bashrc among them = %v (err %v)", tc.name, tc.cmd, a.Writes, tc.write, a.Err)
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: %s: hidden = %v (%v), want %v", tc.name, tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}

// TestComputedAndChildStdin: a function reached by a route guard does not
// resolve hides what the command's own code runs, and in a
// script reads what the command feeds as shell commands; a shell or an
// interpreter the code starts reads the stdin the code gives it.
func TestComputedAndChildStdin(t *testing.T) {
	files := map[string]string{"e.sh.txt": "echo x >> /home/u/.bashrc\n", "e.txt": `open("/home/u/.bashrc", "a")`,
		"r.py": "import operator, os, sys\noperator.attrgetter('system')(os)(sys.stdin.read())\n",
		"g.py": "import os, sys\ngetattr(os, 'system')(sys.stdin.read())\n"}
	tests := []struct {
		name   string
		cmd    string
		write  bool
		hidden bool
	}{
		{name: "attrgetter", cmd: `python3 -c 'import operator,os; operator.attrgetter("system")(os)(x)'`, hidden: true},
		{name: "pydoc.locate", cmd: `python3 -c 'import pydoc; pydoc.locate("os.system")(x)'`, hidden: true},
		{name: "getattr literal", cmd: `python3 -c 'getattr(__import__("os"), "system")(x)'`, hidden: true},
		{name: "process alias", cmd: `node -e 'const p = process; p["binding"]("spawn_sync")'`, hidden: true},
		{name: "script attrgetter", cmd: `python3 r.py < e.sh.txt`, write: true},
		{name: "script getattr literal", cmd: `python3 g.py < e.sh.txt`, write: true},
		{name: "sys.executable stdin", cmd: `python3 -c 'import subprocess,sys; subprocess.run([sys.executable], stdin=open("e.txt"))'`, write: true},
		{name: "perl STDIN reopened", cmd: `perl -e 'open(STDIN, "<", "e.sh.txt"); exec "sh"'`, write: true},
		{name: "dup2 then a shell", cmd: `python3 -c 'import os; os.dup2(os.open("e.sh.txt", 0), 0); os.execv("/bin/sh", ["sh"])'`, write: true},
		{name: "getattr harmless", cmd: `python3 -c 'import os; print(getattr(os, "sep"))'`},
		{name: "sys.executable script", cmd: `python3 -c 'import subprocess,sys; subprocess.run([sys.executable, "x.py"], input=b"1")'`},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, files)
		if got := slices.Contains(a.Writes, "/home/u/.bashrc"); got != tc.write {
			t.Errorf("%s: %s: writes %q, want /home/u/.bashrc among them = %v (err %v)", tc.name, tc.cmd, a.Writes, tc.write, a.Err)
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: %s: hidden = %v (%v), want %v", tc.name, tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}
