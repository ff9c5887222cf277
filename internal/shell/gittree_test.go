package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// TestPatchLinks: the links a git patch makes (mode 120000) with their
// text; a regular file's hunk is none.
func TestPatchLinks(t *testing.T) {
	newLink := "diff --git a/q b/q\nnew file mode 120000\nindex 0000000..1a2b3c4\n--- /dev/null\n+++ b/q\n@@ -0,0 +1 @@\n+../../.bashrc\n\\ No newline at end of file\n"
	changed := "diff --git a/d/l b/d/l\nindex 1111111..2222222 120000\n--- a/d/l\n+++ b/d/l\n@@ -1 +1 @@\n-old\n\\ No newline at end of file\n+/etc/hosts\n\\ No newline at end of file\n"
	plain := "diff --git a/x b/x\nnew file mode 100644\n--- /dev/null\n+++ b/x\n@@ -0,0 +1 @@\n+text\n"
	tests := []struct {
		text  string
		strip int
		want  []patchLink
	}{
		{newLink, 1, []patchLink{{"q", "../../.bashrc"}}},
		{newLink, 0, []patchLink{{"b/q", "../../.bashrc"}}},
		{changed, 1, []patchLink{{"d/l", "/etc/hosts"}}},
		{plain, 1, nil},
		{plain + newLink, 1, []patchLink{{"q", "../../.bashrc"}}},
		{newLink + plain, 1, []patchLink{{"q", "../../.bashrc"}}},
		{"--- a/q\n+++ b/q\n@@ -1 +1 @@\n+x\n", 1, nil},
	}
	for _, tt := range tests {
		if got := patchLinks(tt.text, tt.strip); !slices.Equal(got, tt.want) {
			t.Errorf("patchLinks(%q, %d) = %v, want %v", tt.text, tt.strip, got, tt.want)
		}
	}
}

// FuzzPatchLinks: any patch text yields bounded links with a name.
func FuzzPatchLinks(f *testing.F) {
	for _, s := range []string{"diff --git a/q b/q\nnew file mode 120000\n+++ b/q\n@@\n+x", "new mode 120000\n@@\n+", "index a..b 120000\n+++ \n@@\n+y"} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, text string, strip int) {
		out := patchLinks(text, strip%8)
		if len(out) > maxPatchTargets {
			t.Fatalf("%d links", len(out))
		}
		for _, l := range out {
			if l.path == "" {
				t.Fatal("a link without a name")
			}
		}
	})
}

// TestCloneDir: the directory git clone checks a tree out in.
func TestCloneDir(t *testing.T) {
	tests := []struct {
		args  string
		dir   string
		write bool
	}{
		{"https://github.com/a/b.git", "b", true},
		{"https://github.com/a/b.git/", "b", true},
		{"git@github.com:a/b.git", "b", true},
		{"/tmp/evil", "evil", true},
		{"/tmp/evil/.git", "evil", true},
		{"-q -b main --depth 1 https://x/y.git z", "z", true},
		{"--branch main https://x/y", "y", true},
		{"-n https://x/y z", "", false},
		{"--bare https://x/y", "", false},
		{"--mirror https://x/y", "", false},
		{"--ba https://x/y z", "", false},             // --bare abbreviated
		{"--no-ch https://x/y z", "", false},          // --no-checkout abbreviated
		{"-qb main --dep 1 https://x/y z", "z", true}, // a cluster's value, an abbreviation's
		{"-o -- -- https://x/y z", "z", true},         // -o's value, then the end of options
		{"", "", false},
	}
	for _, tt := range tests {
		var args []word.Word
		for _, s := range strings.Fields(tt.args) {
			args = append(args, word.Word{Text: s, Known: true})
		}
		if dir, w := cloneDir(args); dir != tt.dir || w != tt.write {
			t.Errorf("cloneDir(%q) = %q, %v, want %q, %v", tt.args, dir, w, tt.dir, tt.write)
		}
	}
}

// TestBranchAtHead: a branch made at HEAD changes no file; one made at
// another start point, or a switch to a branch, does.
func TestBranchAtHead(t *testing.T) {
	for args, want := range map[string]bool{
		"-b x":            true,
		"-B x":            true,
		"-c x":            true,
		"--orphan x":      true,
		"-q -b x":         true,
		"-b x origin/y":   false,
		"-c x main":       false,
		"main":            false,
		"-- f":            false,
		"-b x -- f":       false,
		"--detach HEAD~1": false,
	} {
		var ws []word.Word
		for _, s := range strings.Fields(args) {
			ws = append(ws, word.Word{Text: s, Known: true})
		}
		if got := branchAtHead(ws); got != want {
			t.Errorf("branchAtHead(%q) = %v, want %v", args, got, want)
		}
	}
}

// TestSubmodulesChanged: git submodule update changes the trees
// .gitmodules lists, found in the working directory or above it; a file
// outside them keeps what guard reads.
func TestSubmodulesChanged(t *testing.T) {
	mods := "[submodule \"lib\"]\n\tpath = lib\n\turl = https://example.com/lib.git\n"
	for _, tc := range []struct {
		files map[string]string
		cmd   string
		hid   bool
	}{
		{map[string]string{".gitmodules": mods, "x.sh": "echo hi\n"}, "git submodule update --init && sh lib/x.sh", true},
		{map[string]string{".gitmodules": mods, "x.sh": "echo hi\n"}, "git submodule update --init && sh x.sh", false},
		{map[string]string{"../.gitmodules": mods}, "git submodule update && sh ../lib/x.sh", true},
		{map[string]string{"x.sh": "echo hi\n"}, "git submodule add https://example.com/v.git vendor/v && sh vendor/v/x.sh", true},
		{map[string]string{"x.sh": "echo hi\n"}, "git submodule update && sh x.sh", false},
	} {
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: &fakeFiles{files: tc.files}})
		if hid := errors.Is(a.Err, ErrHidden); hid != tc.hid {
			t.Errorf("%q: hidden %v (%v), want %v", tc.cmd, hid, a.Err, tc.hid)
		}
	}
}

// FuzzGitmodules: any .gitmodules text is read without a panic, and a
// file run after the update is either read or hidden.
func FuzzGitmodules(f *testing.F) {
	for _, s := range []string{"[submodule \"a\"]\n\tpath = a\n", "path=", "path = \"../x\"", "=\n=", "path = /"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		files := &fakeFiles{files: map[string]string{".gitmodules": text, "x.sh": "echo hi\n"}}
		a := analyze("git submodule update && sh x.sh", Options{Home: "/home/u", Files: files})
		if a.Err != nil && !errors.Is(a.Err, ErrHidden) && !errors.Is(a.Err, effect.ErrLimit) {
			t.Fatalf("error %T %v", a.Err, a.Err)
		}
	})
}

// TestGitKeepsTree: default deny on git's subcommands: only those known to
// leave the working tree alone do (attack6 F5).
func TestGitKeepsTree(t *testing.T) {
	for in, want := range map[string]bool{
		"status":                true,
		"commit -m x":           true,
		"":                      true,
		"--version":             true,
		"co main":               false,
		"lfs pull":              false,
		"lfs checkout":          false,
		"lfs ls-files":          true,
		"subtree pull -P . x":   false,
		"subtree split -P lib":  true,
		"filter-repo --force":   false,
		"filter-repo --analyze": true,
		"svn rebase":            false,
		"svn log":               true,
		"p4 sync":               false,
		"annex get f":           false,
		"annex whereis f":       true,
		"rerere":                false,
		"mergetool":             false,
		"mv a b":                false,
	} {
		f := strings.Fields(in)
		sub := ""
		var args []word.Word
		if len(f) > 0 {
			sub = f[0]
			for _, s := range f[1:] {
				args = append(args, word.Word{Text: s, Known: true})
			}
		}
		if got := gitKeepsTree(sub, args); got != want {
			t.Errorf("gitKeepsTree(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestP4Operands: p4's command after its global options.
func TestP4Operands(t *testing.T) {
	for in, want := range map[string]string{
		"sync":                "sync",
		"-c ws sync //d/...":  "sync",
		"-u me -p h:1 opened": "opened",
		"-q unshelve -s 1":    "unshelve",
		"-c":                  "",
	} {
		var args []word.Word
		for _, s := range strings.Fields(in) {
			args = append(args, word.Word{Text: s, Known: true})
		}
		got := ""
		if ops := p4Operands(args); len(ops) > 0 {
			got = ops[0]
		}
		if got != want {
			t.Errorf("p4Operands(%q)[0] = %q, want %q", in, got, want)
		}
	}
}

// FuzzP4Operands: any words yield no more operands than words, the first
// one not a global option's value.
func FuzzP4Operands(f *testing.F) {
	for _, s := range []string{"sync", "-c ws sync //d/...", "-u", "-q -x f print -o a b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var args []word.Word
		for _, w := range strings.Fields(s) {
			args = append(args, word.Word{Text: w, Known: true})
		}
		if ops := p4Operands(args); len(ops) > len(args) || len(ops) > 0 && strings.HasPrefix(ops[0], "-") {
			t.Fatalf("p4Operands(%q) = %q", s, ops)
		}
	})
}
