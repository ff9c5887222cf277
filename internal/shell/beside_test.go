package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestBeside: a file handed to a program guard knows nothing of may have
// a name guard cannot tell written beside it; a renamer's destination is
// computed; an owner's place is written.
func TestBeside(t *testing.T) {
	tests := []struct {
		cmd string
		// unknownIn is the directory a name guard cannot tell is written
		// in ("" for none); touch a path touched, write one written.
		unknownIn, touch, write string
	}{
		{cmd: "gunzip .agent_a/settings.json.gz", unknownIn: ".agent_a/", touch: ".agent_a/settings.json"},
		{cmd: "gunzip -N .agent_a/zz.gz", unknownIn: ".agent_a/"},
		{cmd: "cd .agent_a && gunzip settings.json.gz", unknownIn: ".agent_a/./"},
		{cmd: "gunzip .bashrc.gz", unknownIn: "./", touch: ".bashrc"},
		{cmd: "gunzip data.json.gz", unknownIn: "./", touch: "data.json"},
		{cmd: "mytool .agent_a/notes.txt", unknownIn: ".agent_a/"},
		{cmd: "mytool notes.txt"},                   // a bare name in the working directory
		{cmd: "cd sub && make restart"},             // no file after a cd
		{cmd: "mytool /tmp/x.txt"},                  // directly in the temporary directory
		{cmd: "mytool -I/usr/include/x.h"},          // the system's directories
		{cmd: "gpg --verify x.tar.gz.sig x.tar.gz"}, // a reader of archives, bare
		{cmd: "yq .spec deploy.yaml"},               // a catalogued program
		{cmd: "rename 's/\\.x$//' d/a.x", unknownIn: "d/", write: "d/a.x"},
		{cmd: "rename .x '' d/a.x", unknownIn: "d/", write: "d/a.x"},
		{cmd: "rename 's/a/\\/b/' a.x", unknownIn: "/"},
		{cmd: "rename 's/a/b/e' a.x", unknownIn: "/"},
		{cmd: "rename a /b a.x", unknownIn: "/"},
		{cmd: "mmv '*.x' '.agent_a/#1'", unknownIn: ".agent_a/"},
		{cmd: "mmv", unknownIn: "/"},
		{cmd: "go env -w GOFLAGS=-x", write: "~/.config/go/env"},
		{cmd: "direnv allow", unknownIn: "~/.local/share/direnv/allow/"},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{})
		var in []string
		for _, u := range a.Unresolved {
			if i := strings.IndexByte(u.Text, 0); u.Write && i >= 0 && i == len(u.Text)-1 {
				in = append(in, u.Text[:i])
			}
		}
		switch {
		case tt.unknownIn == "" && len(in) > 0:
			t.Errorf("%q: names guard cannot tell in %q, want none", tt.cmd, in)
		case tt.unknownIn != "" && !slices.Contains(in, tt.unknownIn):
			t.Errorf("%q: names guard cannot tell in %q, want in %q", tt.cmd, in, tt.unknownIn)
		}
		if tt.touch != "" && !slices.Contains(a.Touches, tt.touch) {
			t.Errorf("%q: touches %q, want %q", tt.cmd, a.Touches, tt.touch)
		}
		if tt.write != "" && !slices.Contains(a.Writes, tt.write) {
			t.Errorf("%q: writes %q, want %q", tt.cmd, a.Writes, tt.write)
		}
	}
}

// TestPlainSubst: a perl rename expression keeps a name in its directory
// only when it is a plain substitution without a / or code.
func TestPlainSubst(t *testing.T) {
	tests := []struct {
		expr        string
		perl, plain bool
	}{
		{`s/\.x$//`, true, true},
		{`s|a|b|`, true, true},
		{`y/A-Z/a-z/`, true, true},
		{`tr/a/b/`, true, true},
		{`s/a/\/b/`, true, false},
		{`s|a|/b|`, true, false},
		{`s/a/$1/`, true, false},
		{`s/a/b/e`, true, false},
		{`s{a}{b}`, true, false},
		{`$_ = lc`, true, false},
		{`.x`, false, false},
		{`foo`, false, false},
	}
	for _, tt := range tests {
		if p, q := perlExpr(tt.expr), plainSubst(tt.expr); p != tt.perl || q != tt.plain {
			t.Errorf("%q: perl %v plain %v, want %v %v", tt.expr, p, q, tt.perl, tt.plain)
		}
	}
}

// FuzzRenamer: any renamer expression and file is read without a panic,
// and a plain substitution is a perl expression whose replacement holds
// no /.
func FuzzRenamer(f *testing.F) {
	for _, s := range []string{`s/\.x$//`, `s|a|/b|`, `y/a/b/`, `tr/a/b/`, `s{a}{b}`, `.x`, `s`, `s/`, `$_=1`} {
		f.Add(s, "d/a.x")
	}
	f.Fuzz(func(t *testing.T, expr, file string) {
		if plainSubst(expr) && !perlExpr(expr) {
			t.Errorf("%q: plain but not perl", expr)
		}
		Analyze("rename '"+strings.ReplaceAll(expr, "'", "")+"' "+file, Options{})
		Analyze("mmv '"+strings.ReplaceAll(expr, "'", "")+"' '"+strings.ReplaceAll(file, "'", "")+"'", Options{})
	})
}
