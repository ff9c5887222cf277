package shell

import (
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestMakeWords: make's options spelt out as getopt_long reads them
// (FINDINGS52b F3).
func TestMakeWords(t *testing.T) {
	for _, tc := range []struct{ in, want []string }{
		{[]string{"--ev=include x"}, []string{"--eval=include x"}},
		{[]string{"-sE", "include x"}, []string{"-s", "-E", "include x"}},
		{[]string{"-sEinclude"}, []string{"-s", "-E", "include"}},
		{[]string{"--dir", "-x", "ed"}, []string{"--directory", "-x", "ed"}},
		{[]string{"-j4", "-sC", "sub"}, []string{"-j4", "-s", "-C", "sub"}},
		{[]string{"--e=x"}, []string{"--e=x"}}, // ambiguous: make refuses it
		{[]string{"--", "-sE"}, []string{"--", "-sE"}},
	} {
		var ws []word.Word
		for _, s := range tc.in {
			ws = append(ws, word.Word{Text: s, Known: true})
		}
		if got := word.Texts(makeWords(ws)); !slices.Equal(got, tc.want) {
			t.Errorf("makeWords(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestAutoVars: a rule's automatic variables given, $$ kept (FINDINGS52b F2).
func TestAutoVars(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"$(MAKE) -C $@", "$(MAKE) -C lib"},
		{"cc $< -o $(@F) $^ $$@", "cc a.c -o lib a.c b.c $$@"},
		{"$(MAKE) -C $(@D) $(MAKECMDGOALS) $*", "$(MAKE) -C . ed $*"},
	} {
		if got := autoVars(tc.in, "lib", []string{"a.c", "b.c"}, "ed"); got != tc.want {
			t.Errorf("autoVars(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
