package shell

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// gitArgs splits s into known words.
func gitArgs(s string) []word.Word {
	var args []word.Word
	for _, f := range strings.Fields(s) {
		args = append(args, word.Word{Text: f, Known: true})
	}
	return args
}

// TestSpecsName: a pathspec names a file itself or a directory above it;
// a pattern, magic or a path above the working directory names any file.
func TestSpecsName(t *testing.T) {
	tests := []struct {
		specs []string
		p     string
		want  bool
	}{
		{nil, ".husky/pre-commit", true},
		{[]string{"README"}, ".husky/pre-commit", false},
		{[]string{".husky"}, ".husky/pre-commit", true},
		{[]string{".husky/"}, ".husky/pre-commit", true},
		{[]string{".hus"}, ".husky/pre-commit", false},
		{[]string{"."}, "sub/.vscode/tasks.json", true},
		{[]string{"*.json"}, ".agent_a/settings.json", true},
		{[]string{":(glob)**"}, ".agent_a/settings.json", true},
		{[]string{":!README"}, ".agent_a/settings.json", true},
		{[]string{"../x"}, "../.husky/pre-commit", true},
		{[]string{"src", "docs"}, "src/.vscode/tasks.json", true},
	}
	for _, tc := range tests {
		if got := specsName(tc.specs, tc.p); got != tc.want {
			t.Errorf("specsName(%q, %q) = %v, want %v", tc.specs, tc.p, got, tc.want)
		}
	}
}

// TestRebaseOntoAndStash: rebase's target is --onto's value in each
// spelling (the last one given); git stash push, save and the bare form
// write HEAD's files, list and show write none.
func TestRebaseOntoAndStash(t *testing.T) {
	for _, tc := range []struct {
		args, onto string
		ok         bool
	}{
		{"--onto heads/evil HEAD", "heads/evil", true},
		{"-q --onto=heads/evil main", "heads/evil", true},
		{"--onto a --onto=b main", "b", true},
		{"main", "", false},
		{"main -- --onto=x", "", false},
	} {
		if onto, ok := rebaseOnto("rebase", gitArgs(tc.args)); onto != tc.onto || ok != tc.ok {
			t.Errorf("rebaseOnto(%q) = %q, %v; want %q, %v", tc.args, onto, ok, tc.onto, tc.ok)
		}
	}
	for args, want := range map[string]bool{"": true, "-q": true, "push -m wip": true, "save x": true, "-u": true,
		"pop": true, "apply": true, "list": false, "show -p": false, "create": false, "drop": false} {
		if got := stashWrites(gitArgs(args)); got != want {
			t.Errorf("stashWrites(%q) = %v, want %v", args, got, want)
		}
		if _, to, ok := gitRevision("stash", gitArgs(args)); want && args != "pop" && args != "apply" && (!ok || to != "HEAD") {
			t.Errorf("gitRevision(stash %q) = %q, %v; want HEAD", args, to, ok)
		}
	}
}
