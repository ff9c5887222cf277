package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestCodeDirs: the relative names interpreter code uses are read in each
// directory it changes to, in a one-liner and a program file, and in one
// guard cannot tell when the change is not a literal (that case,
// which needs a working directory, is in testdata/commands.tsv).
func TestCodeDirs(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		files map[string]string
		read  string // among the reads and writes; "" for no name outside the project
	}{
		{cmd: `python3 -c 'import os; os.chdir(".."); open(".ssh/id_rsa")'`, read: "../.ssh/id_rsa"},
		{cmd: `perl -e 'chdir; open F, ".netrc"'`, read: "~/.netrc"},
		{cmd: `python3 x.py`, files: map[string]string{"x.py": "import os\nos.chdir('..')\nopen('.bashrc', 'a').write('x')\n"}, read: "../.bashrc"},
		{cmd: `python3 -c 'import subprocess; subprocess.run(["cat", ".ssh/id_rsa"], cwd="..")'`, read: "../.ssh/id_rsa"},
		{cmd: `python3 -c 'import os; os.chdir("src"); open("x.txt")'`},
		{cmd: `python3 -c 'open(".ssh/id_rsa")'`},
	} {
		a, _ := analyzeWith(tc.cmd, tc.files)
		all := append(slices.Clone(a.Reads), a.Writes...)
		outside := slices.ContainsFunc(all, func(p string) bool {
			return (strings.HasPrefix(p, "~") || strings.HasPrefix(p, "..")) && (tc.read == "" || strings.Contains(p, tc.read))
		})
		if tc.read != "" && !outside {
			t.Errorf("%q: reads and writes %q, want %q among them", tc.cmd, all, tc.read)
		}
		if tc.read == "" && outside {
			t.Errorf("%q: reads and writes %q: a name outside the project", tc.cmd, all)
		}
	}
}
