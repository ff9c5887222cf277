package word

import (
	"path"
	"strings"
	"testing"
)

func TestWordSet(t *testing.T) {
	s := Set(" -c -command --c sh ")
	for w, want := range map[string]bool{"-c": true, "-command": true, "--c": true, "sh": true, "c": false, "-co": false, "": false, "-c -command": false, "s": false} {
		if got := s.Has(w); got != want {
			t.Errorf("has(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestMarkers: the placeholders and the unresolved form of markers.
func TestMarkers(t *testing.T) {
	s := "a" + Mark(MarkEnv, "GOPATH") + "/" + Mark(MarkSubst, "") + Mark(MarkVar, "x") + "/" + Mark(MarkDir, "..") + "z"
	if got, want := Render(s), "a$GOPATH/$(…)$x/..z"; got != want {
		t.Errorf("render = %q, want %q", got, want)
	}
	if got, want := UnresolvedText(s), "a$GOPATH/"+MidRunTime+"/..z"; got != want {
		t.Errorf("unresolvedText = %q, want %q (a run-time value after a directory)", got, want)
	}
	if got, want := UnresolvedText("v"+Mark(MarkVar, "x")), "v"+MidRunTime; got != want {
		t.Errorf("unresolvedText = %q, want %q (a run-time value inside an element may begin with / and climb)", got, want)
	}
	piece := Mark(MarkVar, "x")[:4] + "y"
	if !Opaque(piece) || Render(piece) != "…vy" {
		t.Errorf("a piece of a marker: opaque %v, render %q", Opaque(piece), Render(piece))
	}
	if Opaque(Mark(MarkEnv, "X")) || IsKnown(Mark(MarkEnv, "X")) || !IsKnown(Mark(MarkDir, ".")) {
		t.Error("an inherited variable is not opaque, and not known; a directory is known")
	}
	// A command's own text never reads as a marker.
	cmd := "cat " + Mark(MarkSubst, "") + "/x"
	if got := Sanitize(cmd); HasMark(got) || len(got) != len(cmd) {
		t.Errorf("sanitize = %q", got)
	}
}

// TestBegins: a long option and any prefix of it, as getopt_long takes it;
// not a bare "--", a single dash, or a name that holds a value.
func TestBegins(t *testing.T) {
	s := Set(" --dereference-recursive --recursive --directories=recurse ")
	for w, want := range map[string]bool{
		"--dereference-recursive": true, "--deref": true, "--d": true, "--rec": true,
		"--": false, "-r": false, "--dereference-recursively": false, "--dir": false,
		"--directories=recurse": false, "--x": false, "deref": false,
	} {
		if got := s.Begins(w); got != want {
			t.Errorf("Begins(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestUnique(t *testing.T) {
	names := Set(" file field-separator fix --exec --exit ")
	for _, tt := range []struct {
		s, want string
		ok      bool
	}{
		{"file", "file", true}, {"fie", "field-separator", true}, {"fi", "", false}, {"f", "", false},
		{"--exe", "--exec", true}, {"--ex", "", false}, {"x", "", false}, {"", "", false},
	} {
		if got, ok := Unique(tt.s, names.Names()); got != tt.want || ok != tt.ok {
			t.Errorf("Unique(%q) = %q, %v; want %q, %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzClean checks the fast path of Clean against path.Clean.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "/", ".", "..", "a", "/a/b", "a//b", "a/./b", "a/../b", "../a", "a/", "./a", "/..", "~/.ssh/id_rsa", "a/.b/..c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := Clean(p), path.Clean(p); got != want {
			t.Fatalf("Clean(%q) = %q, path.Clean %q", p, got, want)
		}
	})
}

// canonPathRef is CanonPath written plainly, the reference of FuzzCanonPath.
func canonPathRef(p string) string {
	for _, pre := range []string{"~", "$HOME", "${HOME}"} {
		if p == pre {
			return "~"
		}
		if strings.HasPrefix(p, pre+"/") {
			rest := path.Clean(p[len(pre):])
			if rest == "/" {
				return "~"
			}
			return "~" + rest
		}
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return p
}

// FuzzCanonPath checks CanonPath against its plain reference.
func FuzzCanonPath(f *testing.F) {
	for _, s := range []string{"", "~", "~/", "~/.ssh//id_rsa", "$HOME", "$HOME/x/../y", "${HOME}/", "$HOMEx/y", "~user/x", "/a/./b", "a/b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := CanonPath(p), canonPathRef(p); got != want {
			t.Fatalf("CanonPath(%q) = %q, want %q", p, got, want)
		}
	})
}

func TestShortValue(t *testing.T) {
	for _, c := range []struct {
		s, withArg string
		flag       byte
		val        string
		next, ok   bool
	}{
		{"-fX", "ft", 'f', "X", false, true},
		{"-f", "ft", 'f', "", true, true},
		{"-qf", "ft", 'f', "", true, true},
		{"-qfX", "ft", 'f', "X", false, true},
		{"-f=X", "ft", 'f', "X", false, true},
		{"-fq", "ft", 'f', "q", false, true},
		{"-q", "ft", 0, "", false, false},
		{"--file", "ft", 0, "", false, false},
		{"-", "ft", 0, "", false, false},
	} {
		flag, val, next, ok := ShortValue(c.s, c.withArg)
		if flag != c.flag || val != c.val || next != c.next || ok != c.ok {
			t.Errorf("ShortValue(%q) = %q, %q, %v, %v; want %q, %q, %v, %v", c.s, flag, val, next, ok, c.flag, c.val, c.next, c.ok)
		}
	}
}

// TestParamOp: ${V<op>w} as bash picks it (checked against bash:
// V=; echo "${V:-w}" prints w, "${V-w}" prints nothing).
func TestParamOp(t *testing.T) {
	type state struct {
		v   string
		set bool
	}
	unset, empty, full := state{}, state{"", true}, state{"v", true}
	for _, c := range []struct {
		op   string
		st   state
		want string
		ok   bool
	}{
		{":-", unset, "w", true}, {":-", empty, "w", true}, {":-", full, "v", true},
		{"-", unset, "w", true}, {"-", empty, "", true}, {"-", full, "v", true},
		{":=", empty, "w", true}, {"=", empty, "", true},
		{":+", unset, "", true}, {":+", empty, "", true}, {":+", full, "w", true},
		{"+", empty, "w", true}, {"+", unset, "", true},
		{":?", unset, "", false}, {":?", empty, "", false}, {"?", empty, "", true}, {"?", full, "v", true},
		{"#", full, "", false}, {"", full, "", false},
	} {
		if got, ok := ParamOp(c.st.v, c.st.set, c.op, "w"); got != c.want || ok != c.ok {
			t.Errorf("ParamOp(%+v, %q) = %q, %v; want %q, %v", c.st, c.op, got, ok, c.want, c.ok)
		}
	}
}

// TestQuoteAll: each word quoted, joined by blanks; a quote inside kept.
func TestQuoteAll(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"git", "push", "it's"}, `'git' 'push' 'it'\''s'`},
		{[]string{""}, "''"},
	} {
		if got := QuoteAll(tc.in); got != tc.want {
			t.Errorf("QuoteAll(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
