package shell

import (
	"slices"
	"strings"
	"testing"
)

// skipFiles is a reader whose ignore files whitelist nothing, but under
// the directories in whitelist.
type skipFiles struct {
	fakeFiles
	whitelist []string
}

func (f *skipFiles) HiddenWhitelist(p string) ([]string, bool) {
	if p == "k" {
		return []string{".gitkeep"}, true
	}
	return nil, !slices.Contains(f.whitelist, p)
}

// TestHiddenSkip: rg, ag and pt skip hidden names only when the reader
// tells that no ignore file whitelists one and no option or earlier write
// of the command may; otherwise they read the whole tree, as with
// --hidden. Skipping, they read the tree's visible files
// (Analysis.VisibleReads): a *.pem, a key's copy.
func TestHiddenSkip(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		tree string // a tree read, or "" for none
	}{
		{"rg TODO", "./**"},
		{"rg -n foo src/", "src/**"},
		{"rg -g '*.go' foo", "./**/*.go"},
		{"rg -g '!*.md' foo", "./**"},
		{"rg -g 'foo*' foo", "./**/foo*"},
		{"ag TODO", "./**"},
		{"rg x ~", "~/**"},
		{"rg DB w", "w/**"},
		{"rg DB k", "k/**/.gitkeep"},
		{"rg -g '.env' DB", "./**/.env"},
		{"rg -g '*' DB", "./**/*"},
		{"rg -g'**' DB", "./**/**"},
		{"rg -g '*.env' DB src/", "src/**/*.env"},
		{"rg --glob='*.{go,env}' DB", "./**"},
		{"rg --iglob .ENV DB", "./**/.ENV"},
		{"rg --ignore-file x.ign DB", "./**"},
		{"rg --ignore-file=<(echo '!.env') DB", "./**"},
		{"ag --path-to-ignore x DB", "./**"},
		{"echo '!.env' > .rgignore; rg DB", "./**"},
		{"echo '!.env' >> sub/.gitignore && rg DB src", "src/**"},
		{"rg DB \"$d\"", "$d/**"},
	} {
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: &skipFiles{whitelist: []string{"w"}}})
		var trees []string
		for _, r := range a.Reads {
			if strings.Contains(r, "/**") {
				trees = append(trees, r)
			}
		}
		skips := slices.Contains([]string{"rg TODO", "rg -n foo src/", "rg -g '!*.md' foo", "ag TODO", "rg x ~"}, tc.cmd)
		switch {
		case skips != slices.Contains(a.VisibleReads, tc.tree):
			t.Errorf("%s: visible reads %q, want %q among them: %v", tc.cmd, a.VisibleReads, tc.tree, skips)
		case tc.tree == "" && len(trees) > 0:
			t.Errorf("%s: reads %q, want no tree", tc.cmd, trees)
		case tc.tree != "" && !slices.Contains(trees, tc.tree):
			t.Errorf("%s: reads %q, want %q among them", tc.cmd, a.Reads, tc.tree)
		}
	}
}
