package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/guardhq/guard/internal/install"
	"github.com/guardhq/guard/internal/policy"
	"github.com/rogpeppe/go-internal/testscript"
)

// scriptGuardbin is the testscript command
//
//	guardbin VAR
//
// It sets VAR to the hook command `guard init` writes when the script runs
// `exec guard`: the guard on the script's PATH, quoted as install.Command
// quotes it, so golden files can say $VAR and be compared with cmpenv.
func scriptGuardbin(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: guardbin VAR")
	}
	name := "guard"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			abs, err := filepath.Abs(p)
			ts.Check(err)
			ts.Setenv(args[0], install.Command(abs, runtime.GOOS))
			return
		}
	}
	ts.Fatalf("no guard on PATH")
}

// scriptDefaultpolicy is the testscript command
//
//	defaultpolicy FILE
//
// It writes the embedded default policy to FILE, for cmp against the
// rules.json that init writes.
func scriptDefaultpolicy(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: defaultpolicy FILE")
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), policy.DefaultJSON(), 0o644))
}

// scriptPerm is the testscript command
//
//	[!] perm PATH MODE
//
// It checks the permission bits of PATH (not following a symlink), e.g.
// `perm home/.guard 0700`. On Windows, which has no such bits, it passes.
func scriptPerm(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: perm PATH MODE")
	}
	want, err := strconv.ParseUint(args[1], 8, 32)
	ts.Check(err)
	if runtime.GOOS == "windows" {
		return
	}
	fi, err := os.Lstat(ts.MkAbs(args[0]))
	ts.Check(err)
	got := fi.Mode().Perm()
	if (got == os.FileMode(want)) == neg {
		ts.Fatalf("%s has mode %#o, want %s%#o", args[0], got, map[bool]string{true: "not ", false: ""}[neg], want)
	}
}

// scriptIslink is the testscript command
//
//	[!] islink PATH
//
// It checks that PATH is (or is not) a symbolic link.
func scriptIslink(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: islink PATH")
	}
	fi, err := os.Lstat(ts.MkAbs(args[0]))
	ts.Check(err)
	if (fi.Mode()&os.ModeSymlink != 0) == neg {
		ts.Fatalf("%s: symlink = %v", args[0], !neg)
	}
}

// scriptBackups is the testscript command
//
//	backups FILE N
//
// It checks that exactly N backups of FILE exist in guard's directory
// ($GUARD_HOME, else $HOME/.guard: backups/<FILE's path>.guard-backup-*),
// and none beside FILE. init backs up the file a symlink leads to, under
// that file's path.
func scriptBackups(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: backups FILE N")
	}
	want, err := strconv.Atoi(args[1])
	ts.Check(err)
	file := ts.MkAbs(args[0])
	dir := ts.Getenv("GUARD_HOME")
	if dir == "" {
		dir = filepath.Join(ts.Getenv("HOME"), ".guard")
	}
	m, err := filepath.Glob(install.BackupPath(filepath.Join(dir, install.BackupDirName), file) + "*")
	ts.Check(err)
	if len(m) != want {
		ts.Fatalf("%d backups of %s, want %d: %v", len(m), args[0], want, m)
	}
	if beside, _ := filepath.Glob(file + install.BackupInfix + "*"); len(beside) > 0 {
		ts.Fatalf("backups beside %s: %v", args[0], beside)
	}
}
