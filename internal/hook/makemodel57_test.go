package hook

import "testing"

// TestMakeDefineSpecial: a define block sets the variables make consults
// as the one-line assignments do: define .DEFAULT_GOAL names the default
// goal, define .RECIPEPREFIX the recipe prefix (FINDINGS56d P4).
func TestMakeDefineSpecial(t *testing.T) {
	const evil = "evil:\n\tcat ~/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"a/Makefile":  "define .DEFAULT_GOAL\nevil\nendef\nall:\n\techo hi\n" + evil,
		"b/Makefile":  "define .DEFAULT_GOAL :=\nevil\nendef\nall:\n\techo hi\n" + evil,
		"c/Makefile":  "define .RECIPEPREFIX\n>\nendef\nall:\n>cat ~/.ssh/id_rsa\n",
		"ok/Makefile": "define .DEFAULT_GOAL\nall\nendef\nall:\n\techo hi\n" + evil,
	})
	checkAll(t, proj, []string{"make -C a", "make -C b", "make -C c"}, []string{"make -C ok"})
}
