package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestToolCmdVariables: a difftool or mergetool cmd is evaluated by git's
// helper with $LOCAL, $REMOTE, $MERGED and $BASE naming the files (a
// work-tree file among them): a diff tool given them passes in a project,
// a shell given them is cannot-tell (FINDINGS47b G2; a shell run on one
// by name is, too, as any file named through a variable guard's
// environment does not set). Both bash.match modes.
func TestToolCmdVariables(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"a.txt": "a\n"})
	// In a repository guard reads: git hands the tool the repository's
	// paths, which guard checks (FINDINGS49a S1).
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "a.txt")
	gitIn(t, proj, "commit", "-qm", "a")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		checkBlock(t, p, proj, `git -c difftool.x.cmd='meld "$LOCAL" "$REMOTE"' difftool -y -t x`, false, "")
		checkBlock(t, p, proj, `git -c difftool.x.cmd='vimdiff "$LOCAL" "$REMOTE"' difftool -y -t x`, false, "")
		checkBlock(t, p, proj, `git -c difftool.x.cmd='sh $REMOTE' difftool -y -t x`, true, "guard cannot tell")
		// Every variable of git's helper is in scope, not only the four
		// (FINDINGS48a R9).
		checkBlock(t, p, proj, `git -c merge.tool=x -c mergetool.x.cmd='sh "$BACKUP"' mergetool -y`, true, "guard cannot tell")
		checkBlock(t, p, proj, `git -c mergetool.x.cmd='sh "$1"' mergetool -y -t x`, true, "words of its own")
		checkBlock(t, p, proj, `git -c mergetool.x.cmd='sh "$GIT_DIFF_PATH_TOTAL"' mergetool -y -t x`, true, "guard cannot tell")
		checkBlock(t, p, proj, `git -c difftool.x.cmd='eval sh \$REM""OTE' difftool -y -t x`, true, "guard cannot tell")
		checkBlock(t, p, proj, `git -c mergetool.x.cmd='sh "$BACKUP" #' mergetool -y -t x`, true, "guard cannot tell")
		checkBlock(t, p, proj, `git -c mergetool.x.cmd='vimdiff -S "$REMOTE"' mergetool -y -t x`, true, "")
		checkBlock(t, p, proj, `git -c difftool.x.cmd='vimdiff $LOCAL $REMOTE' difftool -y -t x`, true, "stands unquoted")
		checkBlock(t, p, proj, `git -c merge.tool=x -c mergetool.x.cmd='meld "$LOCAL" "$MERGED" "$REMOTE"' mergetool -y`, false, "")
		checkBlock(t, p, proj, `git -c difftool.x.cmd='nvimdiff "$LOCAL" "$REMOTE"' difftool -y -t x`, false, "")
	}
}

// TestHandedWrapperScripts: a program file the command names for git to
// hand words to (diff.external=./x.sh) is analysed with those words
// unknown: one that sources them is cannot-tell. A wrapper the user's own
// configuration names (~/.gitconfig, write-protected) is analysed as run
// without them, as before: git status passes.
func TestHandedWrapperScripts(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{
		"a.txt": "a\n",
		"x.sh":  "#!/bin/sh\n. \"$1\"\n",
		"y.sh":  "#!/bin/sh\nmake -f \"$2\"\n",
	})
	for _, f := range []string{"x.sh", "y.sh"} {
		if err := os.Chmod(filepath.Join(proj, f), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	wrapper := filepath.Join(home, "bin", "mydiff")
	if err := os.MkdirAll(filepath.Dir(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(wrapper, []byte("#!/bin/sh\ndifft \"$2\" \"$5\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[diff]\n\texternal = "+wrapper+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		checkBlock(t, p, proj, "git -c diff.external=./x.sh diff", true, "")
		checkBlock(t, p, proj, "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=diff.external GIT_CONFIG_VALUE_0=./y.sh git diff", true, "")
		checkBlock(t, p, proj, "git status", false, "")
	}
}
