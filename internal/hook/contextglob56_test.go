package hook

import "testing"

// TestContextWriteDirGlob: a written name with a pattern in a directory
// part (echo … >> */AGENTS.md) writes each file the pattern matches, as
// bash expands a redirection's word: a context file among them is checked
// for what it will import (FINDINGS56d P5).
func TestContextWriteDirGlob(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".git/HEAD":       "ref: refs/heads/main\n",
		"AGENTS.md":       "# top\n",
		"sub/AGENTS.md":   "# sub\n",
		"docs/notes.md":   "notes\n",
		"other/README.md": "readme\n",
	})
	checkAll(t, proj, []string{
		"echo '@~/.ssh/id_rsa' >> */AGENTS.md",
		"echo '@~/.ssh/id_rsa' >> s*/AGENTS.md",
		"echo '@~/.ssh/id_rsa' > s?b/AGENTS.md",
		"echo '@~/.ssh/id_rsa' >> [s]ub/AGENTS.md",
		"cat ~/.guard/x | tee -a */AGENTS.md",
	}, []string{
		"echo hi >> */AGENTS.md",
		"echo '@README.md' >> */AGENTS.md",
	})
}
