package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
)

// TestValueSets: a variable holds every value it may hold, and each is
// checked.
func TestValueSets(t *testing.T) {
	tests := []expansionCase{
		// an assignment that may not run keeps the earlier value
		{cmd: `f=~/.bashrc; [ -n "$q" ] || f=y; cp x "$f"`, writes: []string{"~/.bashrc", "y"}},
		{cmd: `f=~/.bashrc; true && f=y; cp x "$f"`, writes: []string{"~/.bashrc", "y"}},
		{cmd: `f=a; if [ -n "$q" ]; then f=~/.netrc; fi; cat "$f"`, reads: []string{"a", "~/.netrc"}},
		{cmd: `if x; then f=a; elif y; then f=b; else f=c; fi; cat "$f"`, reads: []string{"a", "b", "c"}},
		{cmd: `case $1 in a) f=~/.netrc;; *) f=y;; esac; cat "$f"`, reads: []string{"~/.netrc", "y"}},
		{cmd: `f=~/.netrc; while x; do f=y; done; cat "$f"`, reads: []string{"~/.netrc", "y"}},
		{cmd: `f=~/.netrc; for i in $(seq 3); do f=y; done; cat "$f"`, reads: []string{"~/.netrc", "y"}},
		// functions: a definition that may not run keeps the one before
		{cmd: `g(){ cp y "$1"; }; [ x ] || g(){ :; }; g ~/.bashrc`, writes: []string{"~/.bashrc"}},
		// functions: conditional where the call is
		{cmd: `f=~/.bashrc; g() { f=y; }; [ "$q" ] && g; cp x "$f"`, writes: []string{"~/.bashrc", "y"}},
		// the values flow: through other variables, namerefs, $( )
		{cmd: `f=~/.netrc; [ x ] || f=y; g="$f.bak"; cat "${g%.bak}"`, reads: []string{"~/.netrc", "y"}},
		{cmd: `f=~/.netrc; [ x ] || f=y; declare -n r=f; cat "$r"`, reads: []string{"~/.netrc", "y"}},
		{cmd: `f=~/.netrc; [ x ] || f=y; cat "$(echo "$f")"`, reads: []string{"~/.netrc", "y"}},
		{cmd: `f=~/.netrc; [ x ] || f=y; eval "cat $f"`, reads: []string{"~/.netrc", "y"}},
		{cmd: `a=x; [ q ] || a=~; b=/.netrc; cat "$a$b"`, reads: []string{"x/.netrc", "~/.netrc"}},
		// read: every line a loop may read
		{cmd: `while read f; do cp x "$f"; done <<< ~/.bashrc`, writes: []string{"~/.bashrc"}},
		{cmd: `printf '%s\n' a ~/.bashrc | while read -r f; do cp x "$f"; done`, writes: []string{"a", "~/.bashrc"}},
		{cmd: `echo ~/.bashrc > l; while read f; do cp x "$f"; done < l`, writes: []string{"~/.bashrc"}},
		{cmd: "while read a b; do cp \"$a\" \"$b\"; done <<EOF\nx y\nz ~/.bashrc\nEOF", writes: []string{"y", "~/.bashrc"}},
		{cmd: `read f <<< ~/.netrc; cat "$f"`, reads: []string{"~/.netrc"}},
		{cmd: "read f <<EOF\na\n~/.netrc\nEOF\ncat \"$f\"", reads: []string{"a"}, notReads: []string{"~/.netrc"}},
		{cmd: `mapfile -t arr <<< "$(printf '%s\n' a ~/.netrc)"; cat "${arr[1]}"`, reads: []string{"~/.netrc"}},
		{cmd: `read -a arr <<< "a ~/.netrc"; cat "${arr[1]}"`, reads: []string{"~/.netrc"}},
		// code that runs later, elsewhere, or not at all
		{cmd: `f=~/.bashrc; trap 'f=y' EXIT; cp x "$f"`, writes: []string{"~/.bashrc"}},
		{cmd: `f=~/.bashrc; f=y & cp x "$f"`, writes: []string{"~/.bashrc"}},
		{cmd: `read -r f < <(echo ~/.netrc); cat "$f"`, reads: []string{"~/.netrc"}},
	}
	for _, tt := range tests {
		tt.check(t, Options{Home: "/home/u"})
	}
	// A file written with a different text in each walk holds one guard
	// does not know: running it is hidden code.
	a := analyze("f=y; [ x ] || f=~/.bashrc; cat > s.sh <<EOF\ncp x $f\nEOF\nsh s.sh", Options{})
	if !errors.Is(a.Err, ErrHidden) {
		t.Errorf("a script written one of two ways, run: err %v", a.Err)
	}
}

// TestValueReplaced: an assignment that runs replaces the value.
func TestValueReplaced(t *testing.T) {
	for _, tc := range []struct{ cmd, want, not string }{
		{`f=~/.bashrc; f=y; cp x "$f"`, "y", "~/.bashrc"},
		{`for i in a b; do f=$i; done; cp x "$f"`, "b", "a"},
		{`f=y; g() { f=~/.bashrc; }; g; cp x "$f"`, "~/.bashrc", "y"},
		{`f=~/.bashrc; [ x ] || f=y; f=z; cp x "$f"`, "z", "~/.bashrc"},
	} {
		a := analyze(tc.cmd, Options{})
		if !slices.Contains(a.Writes, tc.want) || slices.Contains(a.Writes, tc.not) {
			t.Errorf("%q: writes %q, want %q and not %q", tc.cmd, a.Writes, tc.want, tc.not)
		}
	}
}

// TestValueSetsZsh: zsh runs a pipeline's last command in the shell; bash
// in a subshell.
func TestValueSetsZsh(t *testing.T) {
	const cmd = `echo ~/.bashrc | read f; cp x "$f"`
	if a := analyze(cmd, Options{Zsh: true}); !slices.Contains(a.Writes, "~/.bashrc") {
		t.Errorf("zsh: writes %q", a.Writes)
	}
	if a := analyze(cmd, Options{}); slices.Contains(a.Writes, "~/.bashrc") {
		t.Errorf("bash: writes %q", a.Writes)
	}
}

// TestValueSetBounds: past the bounds, the later values are written as
// what they have in common, or the command is beyond guard's limits.
func TestValueSetBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("f=-O2; ")
	for i := range 40 {
		b.WriteString("[ \"$x\" ] && f=\"$f -W")
		b.WriteByte(byte('a' + i%26))
		b.WriteString("\"; ")
	}
	b.WriteString("gcc $f -o app main.c")
	if a := analyze(b.String(), Options{}); a.Err != nil {
		t.Errorf("flags in branches: %v", a.Err)
	}
	b.Reset()
	for i := range 40 {
		b.WriteString("[ \"$x\" ] && f=v")
		b.WriteString(strings.Repeat("x", i))
		b.WriteString("w; ")
	}
	b.WriteString("cp a \"$f\"")
	if a := analyze(b.String(), Options{}); a.Err != nil {
		t.Errorf("values with a common start and end: %v", a.Err)
	}
	b.Reset()
	b.WriteString("f=~/.bashrc; ")
	for i := range 40 {
		b.WriteString("[ \"$x\" ] || f=")
		b.WriteByte(byte('a' + i%26))
		b.WriteString(strings.Repeat("q", i))
		b.WriteString(string(rune('0' + i%10)))
		b.WriteString("; ")
	}
	b.WriteString("cp a \"$f\"")
	a := analyze(b.String(), Options{})
	if !errors.Is(a.Err, effect.ErrLimit) {
		t.Errorf("values with nothing in common: err %v, writes %q", a.Err, a.Writes)
	}
}

func TestGeneralize(t *testing.T) {
	sv := func(ss ...string) []expand.Variable {
		var out []expand.Variable
		for _, s := range ss {
			out = append(out, strVar(s))
		}
		return out
	}
	for _, tc := range []struct {
		vals []string
		want string // "" for none
	}{
		{[]string{"-O2 -g", "-O2 -a", "-O2"}, "-O2" + word.Mark(word.MarkVar, "f")},
		{[]string{"a/x.txt", "b.txt"}, word.Mark(word.MarkVar, "f") + ".txt"},
		{[]string{"ab", "abb"}, "ab" + word.Mark(word.MarkVar, "f")},
		{[]string{"~/.bashrc", "y"}, ""},
	} {
		g, ok := generalize("f", sv(tc.vals...))
		if ok != (tc.want != "") || ok && g.Str != tc.want {
			t.Errorf("generalize(%q) = %q, %v; want %q", tc.vals, g.Str, ok, tc.want)
		}
	}
	if _, ok := generalize("f", []expand.Variable{{Set: true, Kind: expand.Indexed}}); ok {
		t.Error("an array generalized")
	}
}

// TestAliases: the aliases the command defines are expanded where the
// shell would put their text.
func TestAliases(t *testing.T) {
	tests := []expansionCase{
		{cmd: "alias -g Q='~/.bashrc'; cp x Q", writes: []string{"~/.bashrc"}},
		{cmd: "alias -g Q=~/.bashrc\ncp x Q", writes: []string{"~/.bashrc"}},
		{cmd: "shopt -s expand_aliases\nalias Q='cp x '\nQ ~/.bashrc", writes: []string{"~/.bashrc"}},
		{cmd: "alias Q='cp x ' R='~/.netrc'; Q R", reads: []string{"x"}, writes: []string{"~/.netrc"}},
		{cmd: "alias -g Q='> ~/.bashrc'; echo x Q", writes: []string{"~/.bashrc"}},
		{cmd: "alias c=cat; c ~/.netrc", reads: []string{"~/.netrc"}},
		{cmd: "alias ls='ls -la'; ls ~/.ssh", reads: []string{"~/.ssh"}},
		{cmd: "alias a='b' b='a'; a ~/.netrc", lines: []string{"a ~/.netrc"}},
		{cmd: "BASH_ALIASES[Q]='cat ~/.netrc'\nQ", reads: []string{"~/.netrc"}},
		{cmd: "alias -g Q=~/.bashrc; echo x > Q", writes: []string{"~/.bashrc"}},
	}
	for _, tt := range tests {
		tt.check(t, Options{Home: "/home/u"})
	}
	zsh := expansionCase{cmd: "galiases[Q]=~/.bashrc; cp x Q", writes: []string{"~/.bashrc"}}
	zsh.check(t, Options{Home: "/home/u", Zsh: true})
	// A quoted word is no alias.
	a := analyze("alias -g Q=~/.bashrc; cp x 'Q' \\Q", Options{})
	if slices.Contains(a.Writes, "~/.bashrc") {
		t.Errorf("quoted: writes %q", a.Writes)
	}
}

// TestDirSets: where a cd may not run, or may fail and the command goes
// on, paths are where the shell was too.
func TestDirSets(t *testing.T) {
	for _, tc := range []struct {
		cmd       string
		want, not []string
	}{
		{`[ -e /x ] && cd /tmp; cp a ../.bashrc`, []string{"../.bashrc", "/tmp/../.bashrc"}, nil},
		{`cd /nonexistent; cp a ../.bashrc`, []string{"../.bashrc"}, nil},
		{`cd /tmp && cp a ../.bashrc`, []string{"/tmp/../.bashrc"}, []string{"../.bashrc"}},
		{`cd /tmp || exit 1; cp a ../.bashrc`, []string{"/tmp/../.bashrc"}, []string{"../.bashrc"}},
		{`cd /tmp || { echo no; exit 1; }; cp a b`, []string{"/tmp/b"}, []string{"b"}},
		{`set -e; cd /tmp; cp a b`, []string{"/tmp/b"}, []string{"b"}},
		{`cd /tmp && make; cp a b`, []string{"/tmp/b", "b"}, nil},
		{`d=/tmp; [ q ] || d=/srv; cd "$d" && cp a b`, []string{"/tmp/b", "/srv/b"}, []string{"b"}},
	} {
		a := analyze(tc.cmd, Options{})
		for _, w := range tc.want {
			if !slices.Contains(a.Writes, w) {
				t.Errorf("%q: writes %q, want %q", tc.cmd, a.Writes, w)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(a.Writes, n) {
				t.Errorf("%q: writes %q, not %q", tc.cmd, a.Writes, n)
			}
		}
	}
}

// TestFunctionParams: a function's body walked where it is declared has
// no parameters (its calls have theirs); a call's words are its body's to
// account for.
func TestFunctionParams(t *testing.T) {
	a := analyze(`f() { gofmt -w "$1"; }; f main.go`, Options{})
	if len(a.Unresolved) > 0 || !slices.Contains(a.Touches, "main.go") {
		t.Errorf("unresolved %+v touches %q", a.Unresolved, a.Touches)
	}
	a = analyze(`f() { :; }; f "$(cat x)"`, Options{})
	for _, u := range a.Unresolved {
		if u.Write {
			t.Errorf("a called function's word touched: %+v", a.Unresolved)
		}
	}
}

// TestUnsetProgram: a variable set only in a branch, unquoted as a
// command's name, may be no word at all: the next word is the program.
func TestUnsetProgram(t *testing.T) {
	a := analyze(`[ -n "$q" ] && P=echo; $P rm -rf ~`, Options{})
	if !slices.Contains(a.Lines, "rm -rf ~") {
		t.Errorf("lines %q", a.Lines)
	}
	a = analyze(`[ -n "$q" ] && P=echo; "$P" rm -rf ~`, Options{})
	if slices.Contains(a.Lines, "rm -rf ~") {
		t.Errorf("quoted: lines %q", a.Lines)
	}
}
