package shell

import "testing"

// TestIgnoresMoved: git add -A, then a push, reads the tree as git's
// ignore rules let it through (Analysis.UnignoredReads) only while no
// earlier command may have changed those rules: any program but git's
// subcommands that keep them and the printers, and any write of those
// that may be an ignore file, whatever wrote it (FINDINGS44c K1, K2).
func TestIgnoresMoved(t *testing.T) {
	const push = " && git add -A && git commit -qm x && git push"
	for _, tc := range []struct {
		cmd   string
		moved bool
	}{
		{"git add -A && git commit -qm x && git push", false},
		{"git add . && git commit -qm x && git push", false},
		{"echo hi > notes.txt" + push, false},
		{"git diff --output=x.diff" + push, false},
		{"git status > status.txt" + push, false},
		{"cd sub && echo x > y.txt" + push, false},
		// K1
		{"git diff --output=.gitignore" + push, true},
		{"git log -0 --output=.gitignore" + push, true},
		{"git show -s --format= --output=.gitignore" + push, true},
		{"git diff --output .gitignore" + push, true},
		{"git diff --output=.git/info/exclude" + push, true},
		{"git diff --output=.git/index" + push, true},
		{"git diff --output=sub/.gitignore" + push, true},
		// K2
		{">.gitignore" + push, true},
		{": 2>.gitignore" + push, true},
		{"echo 1<>.gitignore" + push, true},
		{"true 3>.gitignore" + push, true},
		{"test -e x 2> .gitignore ;" + push, true},
		{"{ echo '!.env'; } >> .gitignore" + push, true},
		{"for i in 1; do echo; done > .gitignore" + push, true},
		{"if true; then echo; fi > .gitignore;" + push, true},
		{"(echo) > .gitignore;" + push, true},
		{"[[ -e x ]] > .gitignore ;" + push, true},
		{"((1)) > .gitignore ;" + push, true},
		{"cd sub && echo > ../.gitignore" + push, true},
		{"echo > .git/config" + push, true},
		{`echo > "$f"` + push, true},
		{"echo > sub/" + push, true},
		{"echo > '*'" + push, true},
		{"GIT_TRACE=$PWD/.gitignore git status" + push, true},
		{"GIT_TRACE=/p/.gitignore git status" + push, true},
		{"./gen.sh" + push, true},
	} {
		a := Analyze(tc.cmd, Options{Home: "/home/u"})
		if moved := len(a.UnignoredReads) == 0; moved != tc.moved {
			t.Errorf("%s: ignore rules moved = %v, want %v (UnignoredReads %q)", tc.cmd, moved, tc.moved, a.UnignoredReads)
		}
	}
}
