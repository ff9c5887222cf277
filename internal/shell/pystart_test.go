package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestPythonStart: python's start-up code beyond PYTHONPATH and the
// imports of its logical lines.
func TestPythonStart(t *testing.T) {
	evil := `open("/home/u/.bashrc", "a")`
	tests := []struct {
		name   string
		cmd    string
		files  map[string]string
		writes []string // among the writes
		hidden bool
	}{
		{name: "PYTHONHOME", cmd: `PYTHONHOME=/tmp/ph python3 -c 'print(1)'`, hidden: true},
		{name: "PYTHONHOME exported", cmd: `export PYTHONHOME=/tmp/ph; python3 -X frozen_modules=off -c 'print(1)'`, hidden: true},
		{name: "PYTHONHOME unknown", cmd: `PYTHONHOME=$1 python3 -c 'print(1)'`, hidden: true},
		{name: "PYTHONHOME under /usr", cmd: `PYTHONHOME=/usr python3 -c 'print(1)'`},
		{name: "PYTHONPLATLIBDIR", cmd: `PYTHONPLATLIBDIR=../tmp python3 -c 'print(1)'`, hidden: true},
		{name: "PYTHONPLATLIBDIR lib64", cmd: `PYTHONPLATLIBDIR=lib64 python3 -c 'print(1)'`},
		{name: "addsitedir's .pth", cmd: `python3 -c 'import site; site.addsitedir("/tmp/pp")'`,
			files: map[string]string{"/tmp/pp/x.pth": "import os; " + evil + "\n"}, writes: []string{"/home/u/.bashrc"}},
		{name: "addsitedir's .pth directory", cmd: `python3 -c 'import site; site.addsitedir("pp")'`,
			files: map[string]string{"pp/x.pth": "sub\n", "pp/sub/sitecustomize.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "addsitedir's sitecustomize", cmd: `python3 -c 'import site; site.addsitedir("pp")'`,
			files: map[string]string{"pp/sitecustomize.py": evil, "pp/a.txt": ""}, writes: []string{"/home/u/.bashrc"}},
		{name: "addsitedir of a name guard cannot read", cmd: `python3 -c 'import site,sys; site.addsitedir(sys.argv[1])' x`, hidden: true},
		{name: "addsitedir of a directory guard cannot list", cmd: `python3 -c 'import site; site.addsitedir("/tmp/none")'`, hidden: true},
		{name: "addsitedir in a module", cmd: `python3 main.py`,
			files: map[string]string{"main.py": "import site\nsite.addsitedir('pp')\n", "pp/x.pth": "import os; " + evil + "\n"}, writes: []string{"/home/u/.bashrc"}},
		{name: "PYTHONUSERBASE", cmd: `PYTHONUSERBASE=/tmp/ub python3 -c 'print(1)'`,
			files: map[string]string{"/tmp/ub/lib/python3.11/site-packages/usercustomize.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "PYTHONUSERBASE guard cannot list", cmd: `PYTHONUSERBASE=/tmp/none python3 -c 'print(1)'`, hidden: true},
		{name: "a clean site directory", cmd: `python3 -c 'import site; site.addsitedir("pp")'`,
			files: map[string]string{"pp/x.pth": "sub\n", "pp/sub/m.py": "x = 1"}},
		{name: "backslash continuation", cmd: "python3 -c 'import os, \\\nzz.zm'", files: map[string]string{"zz/zm.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "from continued", cmd: "python3 -c 'from zz \\\nimport zm'", files: map[string]string{"zz/zm.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "blanks around the dot", cmd: "python3 -c 'import zz . zm'", files: map[string]string{"zz/zm.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "continuation in a module", cmd: "python3 main.py", files: map[string]string{"main.py": "import os, \\\n  zz.zm\n", "zz/zm.py": evil}, writes: []string{"/home/u/.bashrc"}},
	}
	for _, tc := range tests {
		a, _ := analyze(tc.cmd, Options{Home: "/home/u", Files: &treeFiles{fakeFiles{files: tc.files}}}), 0
		for _, p := range tc.writes {
			if !slices.Contains(a.Writes, p) {
				t.Errorf("%s: %s: writes %q, want %q among them (err %v)", tc.name, tc.cmd, a.Writes, p, a.Err)
			}
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: %s: hidden = %v (%v), want %v", tc.name, tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}
