package shell

import (
	"slices"
	"testing"
)

// TestProgramFileLiterals: a program file's literal that leaves the
// project (../x) or names an absolute place is read and may be written,
// as the same literal in a one-liner is.
func TestProgramFileLiterals(t *testing.T) {
	tests := []struct {
		cmd, file, text string
		reads, touches  string
	}{
		{cmd: "python3 p1.py", file: "p1.py", text: `import shutil; shutil.copy("README", "../.bashrc")`, touches: "../.bashrc"},
		{cmd: "perl p2.pl", file: "p2.pl", text: `open(my $f, ">>", "../.bashrc"); print $f "x\n";`, touches: "../.bashrc"},
		{cmd: "node p3.js", file: "p3.js", text: `require("fs").cpSync("README", "../.bash_login")`, touches: "../.bash_login"},
		{cmd: "python3 p4.py", file: "p4.py", text: `import os; os.mkdir("../.guard/x")`, touches: "../.guard/x"},
		{cmd: "python3 z.py", file: "z.py", text: `import shutil; shutil.copy("/bin/true", "/opt/g/bin/guard")`, touches: "/opt/g/bin/guard"},
		{cmd: "python3 e.py", file: "e.py", text: `print(open("/proc/1/environ").read())`, reads: "/proc/1/environ"},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, map[string]string{tt.file: tt.text})
		if tt.reads != "" && !slices.Contains(a.Reads, tt.reads) {
			t.Errorf("%q: reads %q, want %q among them", tt.cmd, a.Reads, tt.reads)
		}
		if tt.touches != "" && !slices.Contains(a.Touches, tt.touches) && !slices.Contains(a.Writes, tt.touches) {
			t.Errorf("%q: touches %q writes %q, want %q among them", tt.cmd, a.Touches, a.Writes, tt.touches)
		}
	}
}

// TestRecipeWords: a recipe's or a script's word that leaves the build
// file's directory, names a dot-directory behind ./ or an absolute place
// is read and written; a bare dot file is read.
func TestRecipeWords(t *testing.T) {
	tests := []struct {
		cmd, file, text string
		reads, writes   string
	}{
		{cmd: "make", file: "Makefile", text: "all:\n\ttruncate -s0 ../.bashrc\n", writes: "../.bashrc"},
		{cmd: "make all", file: "Makefile", text: "all:\n\trm -rf ../.guard\n", writes: "../.guard"},
		{cmd: "make", file: "Makefile", text: "all:\n\tcp /bin/true /opt/g/bin/guard\n", writes: "/opt/g/bin/guard"},
		{cmd: "npm run x", file: "package.json", text: `{"scripts":{"x":"cp README ./.git/hooks/pre-commit"}}`, writes: ".git/hooks/pre-commit"},
		{cmd: "npm run build", file: "package.json", text: `{"scripts":{"build":"cat .env"}}`, reads: ".env"},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, map[string]string{tt.file: tt.text})
		if tt.reads != "" && !slices.Contains(a.Reads, tt.reads) {
			t.Errorf("%q: reads %q, want %q among them", tt.cmd, a.Reads, tt.reads)
		}
		if tt.writes != "" && !slices.Contains(a.Writes, tt.writes) {
			t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, tt.writes)
		}
	}
}
