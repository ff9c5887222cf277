package shell

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestGitConfigParse: git config's action, file and operands, in any
// order of the options (attack6 F1).
func TestGitConfigParse(t *testing.T) {
	tests := []struct {
		args   string
		file   string
		named  bool
		action gitCfgAction
		ops    []string
	}{
		{"core.pager id", ".git/config", false, gitCfgSet, []string{"core.pager", "id"}},
		{"--add core.pager id", ".git/config", false, gitCfgSet, []string{"core.pager", "id"}},
		{"--replace-all --global core.pager id x", "~/.gitconfig", false, gitCfgSet, []string{"core.pager", "id", "x"}},
		{"--global --replace-all core.pager id", "~/.gitconfig", false, gitCfgSet, []string{"core.pager", "id"}},
		{"--comment x --add core.pager id", ".git/config", false, gitCfgSet, []string{"core.pager", "id"}},
		{"--type bool --add core.pager id", ".git/config", false, gitCfgSet, []string{"core.pager", "id"}},
		{"--add --file=.git/config core.x y", ".git/config", true, gitCfgSet, []string{"core.x", "y"}},
		{"--replace-all -f ~/.zshenv a.b c", "~/.zshenv", true, gitCfgSet, []string{"a.b", "c"}},
		{"-f~/.zshenv --unset a.b", "~/.zshenv", true, gitCfgUnset, []string{"a.b"}},
		{"--unset-all --global user.name", "~/.gitconfig", false, gitCfgUnset, []string{"user.name"}},
		{"--rename-section x core", ".git/config", false, gitCfgSection, []string{"x", "core"}},
		{"--local --remove-section x", ".git/config", false, gitCfgSection, []string{"x"}},
		{"--worktree -e", ".git/config.worktree", false, gitCfgEdit, nil},
		{"set --append core.pager id", ".git/config", false, gitCfgSet, []string{"core.pager", "id"}},
		{"--global rename-section a b", "~/.gitconfig", false, gitCfgSection, []string{"a", "b"}},
		{"unset --all core.pager", ".git/config", false, gitCfgUnset, []string{"core.pager"}},
		{"--get core.pager", ".git/config", false, gitCfgGet, []string{"core.pager"}},
		{"core.pager --get", ".git/config", false, gitCfgSet, []string{"core.pager", "--get"}}, // git reads no option after the key
		{"--list --show-origin", ".git/config", false, gitCfgGet, nil},
		{"alias.set get", ".git/config", false, gitCfgSet, []string{"alias.set", "get"}},
		{"-- core.pager --add", ".git/config", false, gitCfgSet, []string{"core.pager", "--add"}},
	}
	for _, tt := range tests {
		var args []word.Word
		for _, s := range strings.Fields(tt.args) {
			args = append(args, word.Word{Text: s, Known: true})
		}
		p := gitConfigParse(args)
		if p.file != tt.file || p.named != tt.named || p.action != tt.action || !slices.Equal(p.operands, tt.ops) {
			t.Errorf("gitConfigParse(%q) = %+v, want %q %v %v %q", tt.args, p, tt.file, tt.named, tt.action, tt.ops)
		}
	}
}

// FuzzGitConfigParse: any words yield no more operands than words and a
// file name.
func FuzzGitConfigParse(f *testing.F) {
	for _, s := range []string{"--add core.pager id", "-f x --unset a.b", "set --all -- a b", "-fx rename-section a b", "--file"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var args []word.Word
		for _, w := range strings.Fields(s) {
			args = append(args, word.Word{Text: w, Known: true})
		}
		p := gitConfigParse(args)
		if len(p.operands) > len(args) {
			t.Fatalf("%d operands of %d words", len(p.operands), len(args))
		}
		if p.action < gitCfgSet || p.action > gitCfgEdit {
			t.Fatalf("action %d", p.action)
		}
	})
}
