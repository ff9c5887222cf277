package shell

import (
	"slices"
	"testing"
)

// workDirFiles is a fakeFiles that tells the starting directory.
type workDirFiles struct {
	fakeFiles
	dir string
}

func (f *workDirFiles) WorkDir() string { return f.dir }

// TestDirParamOps: an operator on $PWD, $OLDPWD or $HOME computes on the
// real directory; what guard cannot compute is not known,
// never the working directory.
func TestDirParamOps(t *testing.T) {
	tests := []struct {
		cmd, dir      string
		zsh           bool
		reads, writes []string
		not           []string
	}{
		{cmd: "cat ${PWD%proj}.ssh/id_rsa", dir: "/home/u/proj", reads: []string{"/home/u/.ssh/id_rsa"}},
		{cmd: "cat ${PWD%%p*}.ssh/id_rsa", dir: "/home/u/proj", reads: []string{"/home/u/.ssh/id_rsa"}},
		{cmd: "cat ${PWD/proj/.ssh}/id_rsa", dir: "/home/u/proj", reads: []string{"/home/u/.ssh/id_rsa"}},
		{cmd: "cat ${PWD/%proj/.ssh/id_rsa}", dir: "/home/u/proj", reads: []string{"/home/u/.ssh/id_rsa"}},
		{cmd: "echo x >> ${PWD%/*}/.bashrc", dir: "/home/u/proj", writes: []string{"/home/u/.bashrc"}},
		{cmd: "cat $(dirname $PWD)/.ssh/id_rsa", dir: "/home/u/proj", reads: []string{"/home/u/.ssh/id_rsa"}},
		{cmd: "cat ${HOME%/u}/u/.ssh/id_rsa", dir: "/srv", reads: []string{"/home/u/.ssh/id_rsa"}},
		{cmd: "echo x >> $PWD:h/.zshrc", dir: "/home/u/proj", zsh: true, writes: []string{"/home/u/.zshrc"}},
		{cmd: "cat ${PWD%/*}/x.go", dir: "/srv/a/b", reads: []string{"/srv/a/x.go"}},
		// Without the starting directory: not known, not below it.
		{cmd: "cat ${PWD%proj}.ssh/id_rsa", not: []string{"$PWD.ssh/id_rsa", "proj.ssh/id_rsa"}},
		{cmd: "echo x >> $PWD:h/.zshrc", zsh: true, not: []string{"./.zshrc", ".zshrc"}},
	}
	for _, tc := range tests {
		f := &workDirFiles{dir: tc.dir}
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: f, Zsh: tc.zsh})
		for _, r := range tc.reads {
			if !slices.Contains(a.Reads, r) {
				t.Errorf("%q in %q: reads %q, want %q among them", tc.cmd, tc.dir, a.Reads, r)
			}
		}
		for _, wr := range tc.writes {
			if !slices.Contains(a.Writes, wr) {
				t.Errorf("%q in %q: writes %q, want %q among them", tc.cmd, tc.dir, a.Writes, wr)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(a.Reads, n) || slices.Contains(a.Writes, n) {
				t.Errorf("%q without a directory: %q read or written, want not known", tc.cmd, n)
			}
		}
	}
}
