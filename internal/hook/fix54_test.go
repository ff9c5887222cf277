package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// checkAll runs checkBlock for each command, in both bash.match modes.
func checkAll(t *testing.T, proj string, block, allow []string) {
	t.Helper()
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range block {
			checkBlock(t, p, proj, cmd, true, "")
		}
		for _, cmd := range allow {
			checkBlock(t, p, proj, cmd, false, "")
		}
	}
}

// TestCdLeftEarly: return, break or continue leave a function or loop
// before a cd after them, and return outside a function or an exit whose
// redirection fails does not leave the shell; set -e does not end it
// where bash ignores errexit; a pushd that fails leaves the stack as it
// was (FINDINGS53b F7, F8, F10, F11).
func TestCdLeftEarly(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"q.sh": "cat ~/.ssh/id_rsa\n", "safe/q.sh": "echo ok\n"})
	checkAll(t, proj, []string{
		"f(){ return; cd safe; }; f; ./q.sh",
		"g(){ cd safe; }; h(){ return; g; }; h; ./q.sh",
		"for d in safe; do break; cd $d; done; ./q.sh",
		"for d in safe; do continue; cd $d; done; ./q.sh",
		"f(){ cd safe || return; }; f; ./q.sh",
		"cd miss || return; ./q.sh",
		"cd miss || { echo fail; return 1; }; ./q.sh",
		"cd miss || exit 1 2>/dev/null >/nonexistent/x; ./q.sh",
		`set -e; echo "$(cd miss; ./q.sh)"`,
		"set -o errexit; x=`cd miss; ./q.sh`; echo \"$x\"",
		"set -e; f(){ cd miss; ./q.sh; }; f || true",
		"set -e; f(){ cd miss; ./q.sh; }; if f; then :; fi",
		"set -e; ! { cd miss; ./q.sh; }",
		"set -e; { cd miss; ./q.sh; } && true",
		"set -e; (cd miss; ./q.sh) || true",
		"set -e; while cd miss; ./q.sh; do break; done",
		"pushd safe; pushd miss; popd; ./q.sh",
		"pushd safe >/dev/null; pushd miss 2>/dev/null; popd >/dev/null; ./q.sh",
		"pushd safe; pushd miss; pushd +1; ./q.sh",
	}, []string{
		"cd miss || exit; ./q.sh",
		"f(){ cd miss || return; ./q.sh; }; f",
		"set -e; cd safe; ./q.sh",
		"set -e; cd miss; ./q.sh",
		"pushd safe && ls && popd && ls",
		"pushd safe; ls; popd; cd safe; ./q.sh",
		"cd safe; pushd miss; popd; ./q.sh",
	})
}

// TestArrayPathVariables: CDPATH, PATH or HOME made an array is its
// element 0 to bash, not an unset variable (FINDINGS53b F5).
func TestArrayPathVariables(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"d4/safe/q.sh": "cat ~/.ssh/id_rsa\n", "safe/q.sh": "echo ok\n"})
	checkAll(t, proj, []string{
		"CDPATH[0]=$PWD/d4; cd safe && ./q.sh",
		"read -a CDPATH <<< $PWD/d4; cd safe && ./q.sh",
		"mapfile -t CDPATH <<< $PWD/d4; cd safe && ./q.sh",
		"PATH[0]=$PWD/d4/safe; q.sh",
		"PATH=($PWD/d4/safe); q.sh",
		"declare -a PATH=($PWD/d4/safe); q.sh",
		"mapfile -t PATH <<< $PWD/d4/safe; q.sh",
		"mapfile -t HOME <<< $PWD/d4/safe; cd && ./q.sh",
	}, []string{
		"CDPATH=(); cd safe && ./q.sh",
		"cd safe && ./q.sh",
	})
}

// TestPathOperators: a pattern operator on the inherited PATH is a PATH
// guard cannot tell, not $PATH (FINDINGS53b F15).
func TestPathOperators(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"d4/safe/q.sh": "cat ~/.ssh/id_rsa\n"})
	checkAll(t, proj, []string{
		"PATH=${PATH//:/:$PWD/d4/safe:} q.sh",
		`PATH="${PATH/#/$PWD/d4/safe:}" q.sh`,
		`PATH="${PATH/%/:$PWD/d4/safe}" q.sh`,
	}, []string{
		`PATH="$HOME/.local/bin:$PATH" ls`,
		`PATH="${PATH}:$PWD/bin" ls`,
		`PATH=${PATH:-/usr/bin} ls`,
	})
}

// TestPwdInEachDirectory: after a cd that may fail, $PWD, $(pwd), ~+ and
// a variable holding them are each directory's, in a later cd or a name
// (FINDINGS53b F6).
func TestPwdInEachDirectory(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"tools/p.sh": "cat ~/.ssh/id_rsa\n", "q.sh": "cat ~/.ssh/id_rsa\n", "safe/q.sh": "echo ok\n"})
	checkAll(t, proj, []string{
		`cd miss; cd "$PWD/tools"; sh p.sh`,
		`cd miss 2>/dev/null; cd "$PWD/tools" && sh p.sh`,
		`cd miss; cd ~+/tools; sh p.sh`,
		`cd miss; cd "$(pwd)/tools"; sh p.sh`,
		`cd miss; cd "${PWD%/}/tools"; sh p.sh`,
		`cd miss; d=$PWD; cd "$d/tools"; sh p.sh`,
		`cd miss; export T=$PWD/tools; cd $T; sh p.sh`,
		`cd miss; d=$PWD; sh "$d/tools/p.sh"`,
		`cd miss; pushd "$PWD/tools"; sh p.sh`,
	}, []string{
		`cd miss; cd "$PWD/safe" && ./q.sh`,
		`cd safe; d=$PWD; sh "$d/q.sh"`,
		`cd miss; d=$PWD; echo "$d"`,
	})
}

// TestLogicalCd: bash's cd takes .. away with the name before it (cd
// LINK/.. is where the shell was), unless -P or set -P (FINDINGS53b F4).
func TestLogicalCd(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"q.sh": "cat ~/.ssh/id_rsa\n", "d3/sub/x": "", "d3/q.sh": "echo ok\n"})
	p7 := filepath.Join(proj, "p7")
	os.MkdirAll(p7, 0o755)
	os.WriteFile(filepath.Join(p7, "q.sh"), []byte("cat ~/.ssh/id_rsa\n"), 0o755)
	if err := os.Symlink(filepath.Join(proj, "d3", "sub"), filepath.Join(p7, "lk")); err != nil {
		t.Fatal(err)
	}
	checkAll(t, p7, []string{
		"cd lk/.. && ./q.sh",
		"cd lk && cd .. && ./q.sh",
		"cd lk/..; ./q.sh",
	}, []string{
		"cd -P lk/.. && ./q.sh",
		"set -P; cd lk/.. && ./q.sh",
	})
}
