package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// programCase is a command run in a project with files on disk.
type programCase struct {
	cmd   string
	block bool
}

// runPrograms writes files (relative to the project, ~ for the home)
// and checks each command's verdict from the project.
func runPrograms(t *testing.T, files map[string]string, tests []programCase) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(home, "proj")
	for name, text := range files {
		p := filepath.Join(proj, name)
		if rest, ok := cutHome(name); ok {
			p = filepath.Join(home, rest)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(text, "->"); ok { // a symbolic link
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		r, err := DryRun(p, "command", tt.cmd, proj)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		if blocked := r.Verdict == "block"; blocked != tt.block {
			t.Errorf("%q: %s (%s), want block = %v", tt.cmd, r.Verdict, r.Reason, tt.block)
		}
	}
}

// cutHome returns name without a leading ~/.
func cutHome(name string) (string, bool) {
	if len(name) > 2 && name[:2] == "~/" {
		return name[2:], true
	}
	return "", false
}

// TestStdinOrigin: every program that runs or applies what it reads on
// standard input asks where descriptor 0 reads from: a process
// substitution and a descriptor opened on one are a program's output, as
// a pipe is.
func TestStdinOrigin(t *testing.T) {
	runPrograms(t, map[string]string{
		"p.patch":   "diff --git a/.agent_a/settings.json b/.agent_a/settings.json\nnew file mode 100644\n--- /dev/null\n+++ b/.agent_a/settings.json\n@@ -0,0 +1 @@\n+{\"hooks\":{}}\n",
		"fix.patch": "--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n",
		"x.go":      "a\n",
		"x.pl":      "open(F,\">>\",glob(\"~/.bashrc\")); print F \"PPERL\\n\";\n",
		"s2.sql":    ".shell echo PSQL >> ~/.bashrc\n",
		"ok.sql":    "select 1;\n",
	}, []programCase{
		{"patch -p1 < <(cat p.patch)", true},
		{"patch -p1 < <(cat p.patch | rev | rev)", true},
		{"git apply < <(cat p.patch)", true},
		{"exec 3< <(cat p.patch); patch -p1 <&3", true},
		{"exec 3< <(cat x.pl); perl <&3", true},
		{"exec 3< <(cat x.pl | rev | rev); perl <&3", true},
		{"exec 3< <(cat x.pl); node <&3", true},
		{"cat s2.sql | tr a a | sqlite3", true},
		{"sqlite3 :memory: < <(cat s2.sql | tr a a)", true},
		{"cat s2.sql | sqlite3 x.db", true},
		{"patch -p1 < fix.patch", false},
		{"cat fix.patch | patch -p1", false},
		{"sqlite3 db.sqlite 'select 1'", false},
		{"sqlite3 x.db < ok.sql", false},
		{"cat ok.sql | sqlite3 x.db", false},
	})
}

// TestOtherProcessDescriptor: /proc/PID/fd/N of another process named by a
// literal pid is a link followed on disk: a write
// through it writes the file that process holds.
func TestOtherProcessDescriptor(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc is Linux's")
	}
	home := t.TempDir()
	log := filepath.Join(home, ".guard", "audit.log")
	if err := os.MkdirAll(filepath.Dir(log), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	link := fmt.Sprintf("/proc/%d/fd/%d", os.Getpid(), f.Fd())
	t.Setenv("HOME", home)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []programCase{
		{"echo FORGED >> " + link, true},
		{": > " + link, true},
		{fmt.Sprintf("cat /proc/%d/status", os.Getpid()), false},
		{fmt.Sprintf("ls -l /proc/%d/fd", os.Getpid()), false},
	} {
		r, err := DryRun(p, "command", tt.cmd, proj)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		if blocked := r.Verdict == "block"; blocked != tt.block {
			t.Errorf("%q: %s (%s), want block = %v", tt.cmd, r.Verdict, r.Reason, tt.block)
		}
	}
}

// TestIncludeProcessors: a catalogued include processor's inputs are read
// for the files they include, each a read.
func TestIncludeProcessors(t *testing.T) {
	runPrograms(t, map[string]string{
		"~/.ssh/id_rsa": "key\n",
		"x.m4":          "include(`../.ssh/id_rsa')\n",
		"y.m4":          "include(`x.m4')\n",
		"ok.m4":         "define(x, 1)x\n",
		"sub/z.m4":      "include(`../.ssh/id_rsa')\n",
		"w.m4":          "include(`z.m4')\n",
		"x.xml":         `<r xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="../.ssh/id_rsa" parse="text"/></r>` + "\n",
		"xxe.xml":       `<!DOCTYPE r [<!ENTITY k SYSTEM "../.ssh/id_rsa">]><r>&k;</r>` + "\n",
		"ok.xml":        "<r><a>1</a></r>\n",
		"dyn.xsl":       `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:copy-of select="document($f)"/></xsl:template></xsl:stylesheet>` + "\n",
		"x.adoc":        "include::../.ssh/id_rsa[]\n",
		"ok.adoc":       "= T\n\ntext\n",
		"x.tex":         `\documentclass{article}\begin{document}\input{../.ssh/id_rsa}\end{document}` + "\n",
		"ok.tex":        `\documentclass{article}\begin{document}hi\end{document}` + "\n",
	}, []programCase{
		{"m4 x.m4", true},
		{"m4 y.m4", true},
		{"xmllint --xinclude x.xml", true},
		{"xmllint --noent xxe.xml", true},
		{"cat x.xml | xmllint --xinclude -", true},
		{"xsltproc --xinclude ok.xsl x.xml", true},
		{"xsltproc dyn.xsl ok.xml", true},
		{"asciidoctor x.adoc", true},
		{"pdflatex x.tex", true},
		{"m4 ok.m4", false},
		{"m4 -I sub w.m4", true}, // -I's value is a directory include searches
		{"m4 -I sub < w.m4", true},
		{"m4 --include=sub - < w.m4", true},
		{"m4 -I sub ok.m4", false},
		{"xmllint --noout ok.xml", false},
		{"xmllint --xinclude ok.xml", false},
		{"xmllint x.xml", false},
		{"asciidoctor ok.adoc", false},
		{"pdflatex ok.tex", false},
		{"latexmk -pdf ok.tex", false},
	})
}
