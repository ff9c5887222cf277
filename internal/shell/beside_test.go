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
		{cmd: "gunzip .agent_a/settings.json.gz", unknownIn: ".agent_a/", write: ".agent_a/settings.json"}, // a decoder writes it,
		{cmd: "gunzip -N .agent_a/zz.gz", unknownIn: ".agent_a/"},
		{cmd: "cd .agent_a && gunzip settings.json.gz", unknownIn: ".agent_a/./"},
		{cmd: "gunzip .bashrc.gz", unknownIn: "./", write: ".bashrc"},
		{cmd: "gunzip data.json.gz", unknownIn: "./", write: "data.json"},
		{cmd: "mytool data.json.gz", unknownIn: "./", touch: "data.json"}, // not known to decode,
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

// homeDisk is a made-up disk: the home /h holds notes.txt and data.gz,
// nothing else exists.
type homeDisk struct{}

func (homeDisk) ReadFile(p string, _ int) ([]byte, FileStatus) {
	switch p {
	case "/h/notes.txt":
		return []byte("notes\n"), FileWhole
	case "/h/data.gz":
		return []byte{0x1f, 0x8b, 8, 0}, FileWhole
	}
	return nil, FileAbsent
}

func (homeDisk) Lstat(p string) (EntryKind, string) {
	switch p {
	case "/h/notes.txt", "/h/data.gz":
		return EntryFile, ""
	case "/h", "/h/proj":
		return EntryDir, ""
	}
	return EntryNone, ""
}

// TestBesideAbsent: a file shown not to exist when the program runs yields
// no name beside it; one that exists, that the command writes first, or
// that another stage or a job may write while the program runs does.
func TestBesideAbsent(t *testing.T) {
	tests := []struct {
		cmd       string
		unknownIn string // where a name guard cannot tell is written ("" for none)
	}{
		{cmd: "./configure --prefix=/h/inst"},
		{cmd: "make install PREFIX=/h/inst"},
		{cmd: "cargo install --path . --root /h/tools"},
		{cmd: "mytool /h/notes.txt", unknownIn: "/h/"},
		{cmd: "gunzip /h/data.gz", unknownIn: "/h/"},
		{cmd: "curl -o /h/y.gz https://example.com/y && mytool /h/y.gz", unknownIn: "/h/"},
		{cmd: "(sleep 1; mytool /h/y.gz) & curl -o /h/y.gz https://example.com/y", unknownIn: "/h/"},
		{cmd: "mytool /h/y.gz | cat", unknownIn: "/h/"},
		{cmd: "cat <(mytool /h/y.gz)", unknownIn: "/h/"},
		{cmd: "mytool /h/proj/sub/x", unknownIn: "/h/proj/sub/"}, // no directory on disk: nothing shown absent
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{Home: "/h", Files: homeDisk{}})
		var in []string
		for _, u := range a.Unresolved {
			if i := strings.IndexByte(u.Text, 0); u.Write && i >= 0 && i == len(u.Text)-1 {
				in = append(in, u.Text[:i])
			}
		}
		if tt.unknownIn == "" && len(in) > 0 || tt.unknownIn != "" && !slices.Contains(in, tt.unknownIn) {
			t.Errorf("%q: names guard cannot tell in %q, want in %q", tt.cmd, in, tt.unknownIn)
		}
	}
}
