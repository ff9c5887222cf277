package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPhysicalMove: after a physical move (cd -P, $(pwd -P), realpath,
// readlink -f) the shell is in the resolved directory, so a later logical
// cd .. leaves the link's target; where guard cannot tell whether set -P
// is in effect, cd is taken both ways (FINDINGS54b G4).
func TestPhysicalMove(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"q.sh": "cat ~/.ssh/id_rsa\n", "d4/safe/q.sh": "cat ~/.ssh/id_rsa\n",
		"safe/q.sh": "echo ok\n", "sp.sh": "#!/bin/bash\nset +P\n"})
	for _, f := range []string{"q.sh", "d4/safe/q.sh", "safe/q.sh", "sp.sh"} {
		os.Chmod(filepath.Join(proj, f), 0o755)
	}
	if err := os.Symlink("d4/safe", filepath.Join(proj, "lk")); err != nil {
		t.Fatal(err)
	}
	checkAll(t, proj, []string{
		"cd -P lk && cd ../safe && ./q.sh",
		"cd -P lk && cd .. && ./safe/q.sh",
		"cd -P lk && pushd ../safe && ./q.sh",
		"cd lk && cd -P .. && cd safe && ./q.sh",
		`cd lk && cd "$(pwd -P)/.." && cd safe && ./q.sh`,
		"set -P; cd lk; set +P; cd ../safe && ./q.sh",
		"shopt -s -o physical; cd lk/../safe && ./q.sh",
		"set -P; false && set +P; cd lk/../safe; ./q.sh",
		"set -P; if false; then set +o physical; fi; cd lk/../safe; ./q.sh",
		"set -P; f(){ local -; set +P; }; f; cd lk/../safe; ./q.sh",
		`cd lk && cd "$(pwd -P)" && cd .. && cd .. && ./q.sh`,
		`cd lk && cd "$(realpath .)/.." && cd safe && ./q.sh`,
		`cd lk && cd "$(readlink -f ..)" && cd safe && ./q.sh`,
		`cd lk && d=$(pwd -P) && cd "$d/.." && cd safe && ./q.sh`,
		"set -P; ./sp.sh; cd lk/../safe; ./q.sh",
	}, []string{
		"cd lk/../safe; ./q.sh",
		"cd -P safe && cd .. && cd safe && ./q.sh",
		`cd "$(pwd -P)" && cd safe && ./q.sh`,
		`cd "$(realpath safe)" && ./q.sh`,
		"cd -P lk && cd ../../safe && ./q.sh",
	})
}

// TestPathCuts: an operator that only takes text away from the inherited
// PATH is evaluated on the hook's PATH; a result naming a directory the
// PATH did not is still one guard cannot tell (FINDINGS54b FP1).
func TestPathCuts(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"d4/safe/q.sh": "cat ~/.ssh/id_rsa\n"})
	os.Chmod(filepath.Join(proj, "d4/safe/q.sh"), 0o755)
	t.Setenv("PATH", ":/usr/bin:/bin:"+filepath.Join(proj, "d4/safe/x")+":/snap/bin:")
	checkAll(t, proj, []string{
		`PATH="${PATH%/x:/snap/bin:}" q.sh`,
		`PATH="${PATH/\/x/}" q.sh`,
		"PATH=${PATH//:/:$PWD/d4/safe:} q.sh",
	}, []string{
		`PATH="${PATH%:}"; PATH="${PATH#:}"; ls`,
		`export PATH=${PATH%:/snap/bin:}; ls`,
		`PATH=${PATH/:\/snap\/bin/} ls`,
		`PATH="${PATH//:\/bin/}" ls`,
	})
}

// TestExitToClosedDescriptor: exit >&3 (a descriptor that may be closed)
// fails and does not run, nor exit >&2 after exec 2>&- (FINDINGS54b G15).
func TestExitToClosedDescriptor(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"q.sh": "cat ~/.ssh/id_rsa\n", "safe/q.sh": "echo ok\n"})
	checkAll(t, proj, []string{
		"cd miss || exit 1 >&3; ./q.sh",
		"cd miss || exit 1 2>&7; ./q.sh",
		"cd miss || { exit 1; } >&4; ./q.sh",
		"f(){ cd miss || return 1 >&5; ./q.sh; }; f",
		"exec 2>&-; cd miss || exit >&2; ./q.sh",
	}, []string{
		`cd safe || { echo "no dir" >&2; exit 1; }; ./q.sh`,
		"cd safe || exit 1 >&2; ./q.sh",
		"cd safe 2>/dev/null || exit 1 2>/dev/null; ./q.sh",
	})
}

// TestTildeStackAfterFailedPushd: ~N after a pushd that may have failed
// is an entry of either stack: where they differ, a directory guard
// cannot tell (FINDINGS54b G5).
func TestTildeStackAfterFailedPushd(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"q.sh": "cat ~/.ssh/id_rsa\n", "safe/q.sh": "echo ok\n", "tools/x": ""})
	checkAll(t, proj, []string{
		"pushd safe; pushd miss; cd ~1; ./q.sh",
		"pushd safe; pushd miss; cd ~+1; ./q.sh",
		"pushd safe; pushd miss; ~1/q.sh",
		"pushd safe; pushd miss; sh ~1/q.sh",
	}, []string{
		"pushd safe >/dev/null; pushd ../tools > /dev/null; cd ~1; ./q.sh",
		"pushd safe >/dev/null; cd ~1; ls",
		"cd safe; cd miss; ./q.sh",
	})
}

// TestOldPwdAfterFailedCd: after a cd that may have failed, OLDPWD may
// still be the one before it: cd - goes to either, $OLDPWD and ~- are
// values guard cannot tell (FINDINGS54b G11).
func TestOldPwdAfterFailedCd(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"q.sh": "cat ~/.ssh/id_rsa\n", "safe/q.sh": "echo ok\n", "tools/x": ""})
	checkAll(t, proj, []string{
		"cd safe; cd miss; cd - >/dev/null; ./q.sh",
		"cd safe; cd miss; ~-/q.sh",
		"cd safe; cd miss; sh ~-/q.sh",
		`cd safe; cd miss; sh "$OLDPWD/q.sh"`,
		`cd safe; cd miss 2>/dev/null; cd "$OLDPWD" && ./q.sh`,
	}, []string{
		"cd safe; ls; cd -; ls",
		"cd tools && ls && cd - && cd safe && ./q.sh",
		"cd tools; cd ../safe; cd -; cd ../safe; ./q.sh",
	})
}
