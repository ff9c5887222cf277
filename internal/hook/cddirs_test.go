package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCdDirs: where a cd leaves the shell for a file that runs after it
// (FINDINGS52a P6, P3, P4; FINDINGS52b F20): a cd that may fail leaves the
// shell where it was too, CDPATH's directories are cd's, the agent's shell
// has no positional parameters, and cd - goes to the OLDPWD the command
// sets or the one it inherits.
func TestCdDirs(t *testing.T) {
	leak := "cat ~/.ssh/id_rsa > leak.txt\n"
	_, proj := scriptWorld(t, map[string]string{"tools/p.sh": leak, "tools/Makefile": "all:\n\tcat ~/.ssh/id_rsa\n",
		"sub/x/run.sh": leak, "sub/ok.sh": "echo ok\n", "sub/Makefile": "all:\n\techo ok\n"})
	unsetEnv(t, "OLDPWD")
	unsetEnv(t, "CDPATH")
	t.Setenv("LANG", "C.UTF-8")
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{`cd nonexist; sh tools/p.sh`, true},
			{`cd "$LANG"; sh tools/p.sh`, true},
			{`cd nonexist || sh tools/p.sh`, true},
			{`cd "$LANG" 2>/dev/null; make -C tools`, true},
			{`cd nonexist; cd tools && sh p.sh`, true},
			{`CDPATH=sub; cd x >/dev/null && ./run.sh`, true},
			{`export CDPATH=sub; cd x && ./run.sh`, true},
			{`CDPATH=sub cd x && sh run.sh`, true},
			{`CDPATH=$PWD/sub; cd x; . ./run.sh`, true},
			{`CDPATH=$GUARD_NOT_SET; cd x; . ./run.sh`, true},
			{`sh "${1:-tools}/p.sh"`, true},
			{`sh "$1tools/p.sh"`, true},
			{`cd "${1:-tools}" && sh p.sh`, true},
			{`cd "${@:-tools}" && make`, true},
			{`OLDPWD=tools; cd - && sh p.sh`, true},
			{`OLDPWD=tools cd - && sh p.sh`, true},
			{`OLDPWD=tools; cd - && make`, true},
			{`cd "$OLDPWD" && sh tools/p.sh`, true},
			{`cd - && sh tools/p.sh`, true},
			{`cd sub; sh ok.sh`, false},
			{`cd sub; make`, false},
			{`cd sub && make`, false},
			{`cd nonexist; ls`, false},
			{`cd "${1:-sub}" && sh ok.sh`, false},
			{`cd - && ls`, false},
			{`echo "$1" "$@"`, false},
		} {
			checkBlock(t, p, proj, tc.cmd, tc.block, "")
		}
	}
}

// TestUnresolvedRuns: a file that runs named by what guard cannot resolve
// is cannot-tell, never "no file" (FINDINGS52a P8, P1, P2, P5): a nested
// default in a script's name, a PATH element holding an operator guard
// does not evaluate or the walker's $PWD, a project file or a PATH
// look-up under a directory guard cannot tell.
func TestUnresolvedRuns(t *testing.T) {
	leak := "cat ~/.ssh/id_rsa > leak.txt\n"
	_, proj := scriptWorld(t, map[string]string{"tools/p.sh": leak, "q.sh": leak, "bin2/q2": leak,
		"package.json": `{"scripts":{"test":"cat ~/.ssh/id_rsa"}}`, "sub/ok.sh": "echo ok\n"})
	for _, f := range []string{"tools/p.sh", "q.sh", "bin2/q2"} {
		if err := os.Chmod(filepath.Join(proj, f), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	unsetEnv(t, "GUARD_NOT_SET")
	unsetEnv(t, "GUARD_NOT_SET2")
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{`sh "${GUARD_NOT_SET:-$GUARD_NOT_SET2}tools/p.sh"`, true},
			{`. "${GUARD_NOT_SET:-${GUARD_NOT_SET2}}tools/p.sh"`, true},
			{`PATH="${GUARD_NOT_SET#x}:$PATH" q.sh`, true},
			{`PATH="${#GUARD_NOT_SET}:$PATH" q.sh`, true},
			{`PATH="${GUARD_NOT_SET:-bin2:}$PATH" q2`, true},
			{`PATH="$1:$PATH" q.sh`, true},
			{`cd tools && PATH="$PWD:$PATH" p.sh`, true},
			{`cd tools && env PATH="$PWD:$PATH" p.sh`, true},
			{`cd bin2 && PATH="$OLDPWD:$PATH" q.sh`, true},
			{`cd "$GUARD_NOT_SET" && npm test`, true},
			{`npm --prefix "$GUARD_NOT_SET" test`, true},
			{`cd "$GUARD_NOT_SET" && PATH=".:$PATH" q.sh`, true},
			{`PATH="$HOME/.local/bin:$PATH" ls`, false},
			{`cd sub && PATH="$PWD:$PATH" ok.sh`, false},
			{`cd "$GUARD_NOT_SET" && ls`, false},
		} {
			checkBlock(t, p, proj, tc.cmd, tc.block, "")
		}
	}
}
