package shell

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRevReads: a word REV:PATH of git is a file of that revision the
// command reads, with the directory git runs in.
func TestRevReads(t *testing.T) {
	tests := []struct {
		cmd  string
		want []RevRead
	}{
		{"git show HEAD:settings.py", []RevRead{{Rev: "HEAD", Path: "settings.py"}}},
		{"git cat-file -p :.env", []RevRead{{Rev: "", Path: ".env"}}},
		{"git show :0:.env", []RevRead{{Rev: ":0", Path: ".env"}}},
		{"cd sub && git show main~2:./x.py", []RevRead{{Dir: "sub", Rev: "main~2", Path: "./x.py"}}},
		{"echo HEAD:x", nil},
		{"git log --format=%H:%s", nil},
		// What a subcommand prints of committed text.
		{"git show HEAD", []RevRead{{Rev: "HEAD"}}},
		{"git show", []RevRead{{Rev: "HEAD"}}},
		{"git show --format=%B main~1", []RevRead{{Rev: "main~1"}}},
		{"git show HEAD:README", []RevRead{{Rev: "HEAD", Path: "README"}}},
		{"git show A..B", []RevRead{{Rev: RevCannotTell}}},
		{"git log -p", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log -p -3 main", []RevRead{{Rev: "main", Count: 3, History: true}}},
		{"git log --patch -n 2", []RevRead{{Rev: "HEAD", Count: 2, History: true}}},
		{"git log -p --all", []RevRead{{Rev: RevCannotTell}}},
		{"git log -p a..b", []RevRead{{Rev: RevCannotTell}}},
		{"git whatchanged -p", []RevRead{{Rev: "HEAD", History: true}}},
		{"git diff A B", []RevRead{{Rev: "B", From: "A"}}},
		{"git diff A..B", []RevRead{{Rev: "B", From: "A"}}},
		{"git diff A", []RevRead{{Rev: "A", From: RevDisk}}}, // no reader: a revision
		{"git diff --cached", []RevRead{{Rev: "HEAD", From: RevStaged}}},
		{"git diff --staged A -- x.py", []RevRead{{Rev: "A", From: RevStaged, Paths: "x.py"}}},
		{"git diff --cached A B", []RevRead{{Rev: RevCannotTell}}},
		{"git diff --cached --merge-base A", []RevRead{{Rev: RevCannotTell}}},
		{"git grep AWS HEAD", []RevRead{{Rev: "HEAD", Tree: true}}},
		{"git cat-file --batch", []RevRead{{Rev: RevCannotTell}}},
		{"git cat-file -p HEAD", []RevRead{{Rev: "HEAD"}}},
		{"git format-patch -1 --stdout", []RevRead{{Rev: "HEAD", Count: 1, History: true}}},
		{"git format-patch --root HEAD", []RevRead{{Rev: RevCannotTell}}},
		{"git format-patch A..B C", []RevRead{{Rev: RevCannotTell}}},
		{"git archive HEAD", []RevRead{{Rev: "HEAD", Tree: true}}},
		{"git archive --remote=x HEAD", []RevRead{{Rev: RevCannotTell}}},
		{"git archive HEAD:sub", []RevRead{{Rev: RevCannotTell}}},
		{"git stash show -p", []RevRead{{Rev: "refs/stash"}}},
		// What prints no committed text.
		{"git show --stat HEAD", []RevRead{{Rev: "HEAD", Blob: true}}}, // a blob's text if HEAD were one
		{"git show -s HEAD:settings.py", []RevRead{{Rev: "HEAD", Path: "settings.py"}}},
		{"git show --name-only A..B", []RevRead{{Rev: RevCannotTell}}},
		{"git show -s --format=%H", nil},
		{"git log --oneline -- settings.py", nil},
		{"git log -1 --format=%H -- settings.py", nil},
		{"git rev-parse HEAD:settings.py", nil},
		{"git ls-tree HEAD settings.py", nil},
		{"git cat-file -t HEAD:settings.py", nil},
		{"git diff --stat A B", nil},
		{"git diff", []RevRead{{Rev: RevStaged, From: RevDisk}}},
		{"git diff -- x.py", []RevRead{{Rev: RevStaged, From: RevDisk, Paths: "x.py"}}},
		{"git format-patch -1", []RevRead{{Rev: "HEAD", Count: 1, History: true}}}, // the patch files hold the history
		{"git archive -o x.tar HEAD", []RevRead{{Rev: "HEAD", Tree: true}}},
		{"git grep AWS", nil},
		// What git prints is decided by what is known to print none.
		{"git log -U1", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log -U3 -- settings.py", []RevRead{{Rev: "HEAD", History: true, Paths: "settings.py"}}},
		{"git log --binary", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log --remerge-diff", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log --patch-with-stat", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log -m", []RevRead{{Rev: "HEAD", History: true}}},
		{"git reflog -p", []RevRead{{Rev: RevCannotTell}}},
		{"git stash list -p", []RevRead{{Rev: RevCannotTell}}},
		{"git diff-tree -p HEAD", []RevRead{{Rev: "HEAD"}}},
		{"git diff-tree -p --stdin", []RevRead{{Rev: RevCannotTell}}},
		{"git diff-tree -r -p --root HEAD~2", []RevRead{{Rev: "HEAD~2"}}},
		{"git range-diff A B C", []RevRead{{Rev: RevCannotTell}}},
		{"git blame HEAD~2 -- settings.py", []RevRead{{Rev: "HEAD~2", Path: "./settings.py"}}},
		{"git annotate settings.py HEAD~2", []RevRead{{Rev: RevCannotTell}}}, // no reader: guard cannot place them
		{"git blame --reverse A..B f", []RevRead{{Rev: RevCannotTell}}},
		// An alias is read as its expansion (gitExpandAliases).
		{"git -c alias.x=show x HEAD~2", []RevRead{{Rev: "HEAD~2"}}},
		{"git -c alias.x='log -p' x", []RevRead{{Rev: "HEAD", History: true}}},
		{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0=show git x HEAD~2", []RevRead{{Rev: "HEAD~2"}, {Rev: RevCannotTell}}},
		{"git add -p", []RevRead{{Rev: RevCannotTell}}},
		{"git checkout -p HEAD~2", []RevRead{{Rev: RevCannotTell}}},
		{"git log -U1 | cat", []RevRead{{Rev: "HEAD", History: true}}},
		{"git show --stat --binary HEAD", []RevRead{{Rev: "HEAD"}}},
		// and what is known to print none.
		{"git log --oneline --graph --all -5", nil},
		{"git log --format=%B -3", nil},
		{"git log --stat -3", nil},
		{"git reflog", nil},
		{"git stash list", nil},
		{"git blame README", nil},
		{"git diff-tree -r --name-only HEAD", nil},
		{"git commit -am fix", nil},
		{"git checkout -b feature", nil},
		{"git add .", nil},
		{"git push origin main", nil},
		{"git status", nil},
		{"git", nil},
		// Git's environment chooses the objects it prints.
		{"GIT_REPLACE_REF_BASE=refs/tags/ git show HEAD:README", []RevRead{{Rev: "HEAD", Path: "README"}, {Rev: RevCannotTell}}},
		{"export GIT_REPLACE_REF_BASE=refs/tags/; git show HEAD:README", []RevRead{{Rev: "HEAD", Path: "README"}, {Rev: RevCannotTell}}},
		{"env GIT_REPLACE_REF_BASE=refs/tags/ git cat-file -p HEAD:README", []RevRead{{Rev: "HEAD", Path: "README"}, {Rev: RevCannotTell}}},
		{"GIT_GRAFT_FILE=g git log -p -1", []RevRead{{Rev: "HEAD", Count: 1, History: true}, {Rev: RevCannotTell}}},
		{"GIT_PAGER=cat git show HEAD:README", []RevRead{{Rev: "HEAD", Path: "README"}}},
		{"GIT_REPLACE_REF_BASE=refs/tags/ git log --oneline", nil},
		// Objects beyond a patch: a ref's raw object, notes, the staged diff.
		{"git for-each-ref --format='%(raw)' refs/tags/t", []RevRead{{Rev: RevCannotTell}}},
		{"git tag --format='%(raw)'", []RevRead{{Rev: RevCannotTell}}},
		{"git log --format=%N -1", []RevRead{{Rev: "HEAD", Count: 1, History: true}, {Rev: RevCannotTell}}},
		{"git log --notes --oneline", []RevRead{{Rev: "HEAD", History: true}, {Rev: RevCannotTell}}},
		{"git status -v", []RevRead{{Rev: RevCannotTell}}},
		{"git status -sb", nil},
		{"git for-each-ref --format='%(refname)'", nil},
		// A pathspec limits what a revision read prints.
		{"git log -p -1 -- README", []RevRead{{Rev: "HEAD", Count: 1, History: true, Paths: "README"}}},
		{"git diff HEAD~2 HEAD -- README docs", []RevRead{{Rev: "HEAD", From: "HEAD~2", Paths: "README\ndocs"}}},
		{"git show HEAD -- README", []RevRead{{Rev: "HEAD", Paths: "README"}}},
		{"git log --follow -p -- README", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log -p -- '*.py'", []RevRead{{Rev: "HEAD", History: true}}},
		{"git diff HEAD -- 'src/*'", []RevRead{{Rev: "HEAD", From: RevDisk}}},
		// An option, a setting or a variable that may widen a pathspec
		// leaves the read unnarrowed.
		{"git log -p --full-diff -- README", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log -p --fol -- README", []RevRead{{Rev: "HEAD", History: true}}},
		{"git show --full-diff HEAD~2 -- README", []RevRead{{Rev: "HEAD~2"}}},
		{"git -c log.follow=true log -p -- app.py", []RevRead{{Rev: "HEAD", History: true}}},
		{"GIT_ICASE_PATHSPECS=1 git log -p -- SETTINGS.PY", []RevRead{{Rev: "HEAD", History: true}}},
		{"git config log.follow true; git log -p -- app.py", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log -p -n 3 --oneline -- README", []RevRead{{Rev: "HEAD", Count: 3, History: true, Paths: "README"}}},
		{"git -C sub log -p -- README", []RevRead{{Dir: "sub", Rev: "HEAD", History: true, Paths: "README"}}},
		// Status and commit print no text only with options known to print
		// none.
		{"git status --verb", []RevRead{{Rev: RevCannotTell}}},
		{"git status -sv", []RevRead{{Rev: RevCannotTell}}},
		{"git status --short --branch -uno", nil},
		{"git commit --dry-run -v", []RevRead{{Rev: RevCannotTell}}},
		{"git commit --dry-run --verb", []RevRead{{Rev: RevCannotTell}}},
		{"git commit -v -m x", []RevRead{{Rev: RevCannotTell}}},
		{"git commit -S -v -m x", []RevRead{{Rev: RevCannotTell}}},
		{"git commit", []RevRead{{Rev: RevCannotTell}}},
		{"git commit -am 'fix: x'", nil},
		{"git commit --amend --no-edit", nil},
		// FINDINGS60a FP2: the editor true keeps the message as --no-edit does
		{"GIT_EDITOR=/usr/bin/true git commit --amend", nil},
		{"GIT_EDITOR=/bin/true git commit -a", nil},
		// FINDINGS60b B5: a one-word editor is looked up on PATH
		{"GIT_EDITOR=true git commit --amend", []RevRead{{Rev: RevCannotTell}}},
		{"PATH=$PWD/eb:$PATH GIT_EDITOR=true git commit --amend", []RevRead{{Rev: RevCannotTell}}},
		{"GIT_EDITOR=vim git commit --amend", []RevRead{{Rev: RevCannotTell}}},
		{"GIT_EDITOR=/usr/bin/true git commit --amend -v", []RevRead{{Rev: RevCannotTell}}},
		{"git commit -m -v", nil},
		// --blob=REV:F is the word REV:F.
		{"git config --blob=HEAD~1:deploy.ini --list", []RevRead{{Rev: "HEAD~1", Path: "deploy.ini"}}},
		{"git config --blob HEAD~1:deploy.ini --list", []RevRead{{Rev: "HEAD~1", Path: "deploy.ini"}}},
		{"git config --blob=0123abc --list", []RevRead{{Rev: RevCannotTell}}},
		{"git config --get user.name", nil},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{})
		if !slices.Equal(a.RevReads, tt.want) {
			t.Errorf("%q: RevReads = %+v, want %+v", tt.cmd, a.RevReads, tt.want)
		}
	}
	var b strings.Builder
	for i := range MaxRevReads + 4 {
		fmt.Fprintf(&b, "git show HEAD:f%d.py; ", i)
	}
	a := Analyze(b.String(), Options{})
	if len(a.RevReads) != MaxRevReads || a.RevReads[MaxRevReads-1].Rev != "…" {
		t.Errorf("past the bound: %d RevReads, last %+v", len(a.RevReads), a.RevReads[len(a.RevReads)-1])
	}
}

// TestUnprintedReads: a file read only by a git subcommand that prints
// names, ids or counts is an unprinted read; one another command reads
// too is not.
func TestUnprintedReads(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"git log --oneline -- settings.py", true},
		{"git log -1 --format=%H -- settings.py", true},
		{"git rev-parse HEAD:settings.py", true},
		{"git ls-tree HEAD settings.py", true},
		{"git log -p -- settings.py", false},
		{"git show HEAD -- settings.py", false},
		{"git diff -- settings.py", true}, // the index against the disk: a diff the hook reads
		{"git diff --cached -- settings.py", true},
		{"git diff HEAD -- settings.py", true},
		{"git diff --cached A B -- settings.py", false}, // cannot tell: the file rules' too
		{"git diff --no-index settings.py x.py", false},
		{"git blame settings.py", false},
		{"git log --oneline -- settings.py; cat settings.py", false},
		{"cat settings.py | git log --oneline -- settings.py", false},
		{"git log --oneline -- settings.py; git show HEAD -- settings.py", false},
	} {
		a := Analyze(tc.cmd, Options{})
		if got := slices.Contains(a.UnprintedReads, "settings.py"); got != tc.want {
			t.Errorf("%q: unprinted %v, want %v (reads %q, unprinted %q)", tc.cmd, got, tc.want, a.Reads, a.UnprintedReads)
		}
	}
}
