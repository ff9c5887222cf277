package shell

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// plainWords returns the words of s split at blanks.
func plainWords(s string) []word.Word {
	var out []word.Word
	for _, f := range strings.Fields(s) {
		out = append(out, word.Word{Text: f})
	}
	return out
}

// TestVCSVerb: the verb is the first word that is neither an option nor
// a global option's value; a verb off the keepers' list writes the tree.
func TestVCSVerb(t *testing.T) {
	for _, tc := range []struct {
		name, args, verb string
		keeps            bool
	}{
		{"hg", "status", "status", true},
		{"hg", "-R repo log -l 3", "log", true},
		{"hg", "--cwd sub update tip", "update", false},
		{"hg", "up -C evilh", "up", false},
		{"jj", "--at-op @ log", "log", true},
		{"jj", "new evilh", "new", false},
		{"sl", "goto evilh", "goto", false},
		{"stg", "series", "series", true},
		{"stg", "pop", "pop", false},
		{"git-branchless", "switch evilh", "switch", false},
		{"cvs", "update", "update", false},
		{"hg", "--version", "", true},
	} {
		verb, _ := vcsVerb(plainWords(tc.args))
		keep, ok := catalogue.TreeKeepers(tc.name)
		if !ok {
			t.Fatalf("TreeKeepers(%q): no entry", tc.name)
		}
		if verb != tc.verb || (verb == "" || keep.Has(verb)) != tc.keeps {
			t.Errorf("%s %s: verb %q keeps %v, want %q %v", tc.name, tc.args, verb, keep.Has(verb), tc.verb, tc.keeps)
		}
	}
	if _, ok := catalogue.TreeKeepers("git"); ok {
		t.Error("TreeKeepers(git): git's tree writes are judged by gittree.go")
	}
}

// TestFollowOption: -L or -H in a short cluster, a long option with a
// follow or deref word, turn a known program without a recursion entry
// into a following walk.
func TestFollowOption(t *testing.T) {
	for _, tc := range []struct {
		args string
		want bool
	}{
		{"-L .", true},
		{"-sL .", true},
		{"-H dir", true},
		{"--follow-symlinks x", true},
		{"--dereference x", true},
		{"--no-dereference x", false},
		{"-l .", false},
		{"-- -L", false},
		{"--color=auto .", false},
	} {
		if got := followOption(plainWords(tc.args)); got != tc.want {
			t.Errorf("followOption(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

func FuzzVCSVerb(f *testing.F) {
	for _, s := range []string{"-R r up x", "--cwd", "log -L", "--follow-x -H"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ws := plainWords(s)
		verb, rest := vcsVerb(ws)
		if verb != "" && (len(rest) == 0 || rest[0] != verb) {
			t.Fatalf("vcsVerb(%q) = %q, %q", s, verb, rest)
		}
		followOption(ws)
	})
}
