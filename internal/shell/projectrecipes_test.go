package shell

import (
	"slices"
	"testing"
)

func TestMakefileRecipes(t *testing.T) {
	const mk = "X := a:b\nY ?= 1\nZ != date\n.PHONY: all\nall: b c | d\n\techo all\nb:\n\techo b \\\n\t  more\nc: ; echo c\nd:\n\techo d\ne f: b\n\techo ef\n%.o: %.c\n\tcc $<\n"
	m := parseMakefile(mk)
	for _, tc := range []struct {
		goals []string
		want  []string
	}{
		{nil, []string{"echo all", "echo b  \t  more", " echo c", "echo d"}},
		{[]string{"e"}, []string{"echo ef", "echo b  \t  more"}},
		{[]string{"f", "e"}, []string{"echo ef", "echo ef", "echo b  \t  more"}}, // each target runs its recipe
		{[]string{"nosuch"}, nil},
	} {
		if got := m.recipesOf(tc.goals); !slices.Equal(got, tc.want) {
			t.Errorf("recipesOf(%q) = %q, want %q", tc.goals, got, tc.want)
		}
	}
	if !slices.Equal(m.parsing, []string{" date"}) {
		t.Errorf("parsing = %q", m.parsing)
	}
	if m.first != "all" {
		t.Errorf("first = %q", m.first)
	}
}

func TestUnglued(t *testing.T) {
	for in, want := range map[string]string{">>~/.bashrc": "~/.bashrc", "2>~/x": "~/x", ";~/y": "~/y", "1password/x": "1password/x", "~/z": "~/z"} {
		if got := unglued(in); got != want {
			t.Errorf("unglued(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParseMakefile: any text parses without panicking, within its bounds,
// and every recipe line reached is a line of a rule.
func FuzzParseMakefile(f *testing.F) {
	f.Add("all: a\n\techo x\na: ; echo y\n")
	f.Add("X != cmd\n$(shell true)\n")
	f.Fuzz(func(t *testing.T, s string) {
		m := parseMakefile(s)
		if len(m.rules) > maxGoals {
			t.Fatalf("%d rules", len(m.rules))
		}
		m.recipesOf(nil)
		m.recipesOf([]string{m.first, "x"})
	})
}
