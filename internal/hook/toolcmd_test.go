package hook

import "testing"

// TestToolCmdVariables: a difftool or mergetool cmd is evaluated by git's
// helper with $LOCAL, $REMOTE, $MERGED and $BASE naming the files (a
// work-tree file among them): a diff tool given them passes in a project,
// a shell given them is cannot-tell (FINDINGS47b G2). Both bash.match
// modes. (In the home directory a word holding a variable the hook's
// environment does not set is a name guard cannot work out: not checked
// here.)
func TestToolCmdVariables(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"a.txt": "a\n"})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		checkBlock(t, p, proj, `git -c difftool.x.cmd='meld "$LOCAL" "$REMOTE"' difftool -y -t x`, false, "")
		checkBlock(t, p, proj, `git -c difftool.x.cmd='vimdiff "$LOCAL" "$REMOTE"' difftool -y -t x`, false, "")
		checkBlock(t, p, proj, `git -c difftool.x.cmd='sh $REMOTE' difftool -y -t x`, true, "words of its own")
	}
}
