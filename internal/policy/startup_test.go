package policy

import (
	"github.com/guardhq/guard/internal/detect/path"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestStartupWrites: the files the user's start-up files source, and the
// PATH directories under the home directory, are write-protected; other
// files in the home directory are not.
func TestStartupWrites(t *testing.T) {
	home := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		f := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".bashrc", `# the lines installers add
. "$HOME/.cargo/env"
export NVM_DIR="$HOME/.nvm"
[ -s "$NVM_DIR/nvm.sh" ] && \. "$NVM_DIR/nvm.sh"  # This loads nvm
[ -f ~/.fzf.bash ] && source ~/.fzf.bash
if [ -f ~/.sdkman/bin/sdkman-init.sh ]; then source "${SDKMAN_DIR:-$HOME/.sdkman}/bin/sdkman-init.sh"; fi
export PATH="$HOME/.pyenv/shims:$PATH"
source $(brew --prefix)/etc/x.sh
source "$UNSET_VARIABLE_F5/x.sh"
`)
	write(".nvm/nvm.sh", "source ~/.nvm/bash_completion\n")
	write(".zshrc", "source ~/.p10k.zsh\nsource \"${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh\"\nsource \"$HOME/$UNKNOWN_F5\"\n")
	// A PATH directory's links into its own tree lead to what runs;
	// links into another tree lead to the user's work.
	write(".pyenv/libexec/pyenv", "#!/usr/bin/env bash\n")
	write("src/tool/tool.sh", "#!/bin/sh\n")
	write(".pyenv/shims/python3", "#!/bin/sh\n")
	for name, target := range map[string]string{
		".pyenv/shims/pyenv": "../libexec/pyenv",
		".pyenv/shims/tool":  filepath.Join(home, "src/tool/tool.sh"),
		".pyenv/shims/gone":  "../nowhere/x",
	} {
		if err := os.Symlink(target, filepath.Join(home, name)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", filepath.Join(home, "go/bin")+":/usr/bin:"+home+":relative/bin")
	t.Setenv("SDKMAN_DIR", "")
	p := mustParse(t, `{}`)
	p.Home, p.ZDotDir = home, ""
	// The start-up files' own rules, without the hidden files' glob.
	p.FilePaths.BlockWrite = slices.DeleteFunc(p.FilePaths.BlockWrite, func(g string) bool { return g == homeDots })
	for _, c := range []struct {
		path  string
		block bool
	}{
		{".cargo/env", true},
		{".nvm/nvm.sh", true},
		{".nvm/bash_completion", true}, // one level down
		{".fzf.bash", true},
		{".sdkman/bin/sdkman-init.sh", true},
		{".p10k.zsh", true},
		{".cache/p10k-instant-prompt-dev.zsh", true}, // a sourced name with an unknown part: a pattern
		{".cache/pip/x.whl", false},
		{".pyenv/shims/python3", true}, // PATH set in .bashrc
		{".pyenv/libexec/pyenv", true}, // a PATH entry's link leads there
		{".pyenv/libexec/pyenv-init", true},
		{"src/tool/tool.sh", false}, // a link into another tree
		{".pyenv/nowhere/x", false},
		{"go/bin/gopls", true}, // PATH of the environment
		{"notes.txt", false},   // the home directory itself on PATH is left out
		{"proj/main.go", false},
		{".nvm/versions/node/x.js", false},
	} {
		v, err := p.Evaluate([]event.Input{{Kind: event.KindWrite, Text: filepath.Join(home, c.path)}})
		if err != nil {
			t.Fatal(err)
		}
		if v.Blocked() != c.block {
			t.Errorf("write ~/%s: blocked %v, want %v (%s)", c.path, v.Blocked(), c.block, v.Finding.Reason)
		}
	}
}

// TestStartupExpand: what start-up file words expand to.
func TestStartupExpand(t *testing.T) {
	s := &startupScan{home: "/h", vars: map[string]string{"HOME": "/h", "D": "/d"}}
	t.Setenv("F5_EMPTY", "")
	for _, c := range []struct {
		in, out string
		ok      bool
	}{
		{"~/x", "/h/x", true},
		{"$HOME/.x", "/h/.x", true},
		{"${D}/y", "/d/y", true},
		{"${F5_EMPTY:-$HOME/z}/w", "/h/z/w", true},
		{"$(brew --prefix)/x", "", false},
		{"`x`/y", "", false},
		{"${F5_UNSET_NEVER}/y", "", false},
		{"${", "", false},
	} {
		got, ok := s.expand(c.in)
		if got != c.out || ok != c.ok {
			t.Errorf("expand(%q) = %q, %v; want %q, %v", c.in, got, ok, c.out, c.ok)
		}
	}
}

func FuzzStartupLine(f *testing.F) {
	f.Add(`[ -s "$NVM_DIR/nvm.sh" ] && \. "$NVM_DIR/nvm.sh"`)
	f.Add(`export PATH="${X:-$HOME/b}:$PATH"; source ~/.y`)
	f.Fuzz(func(t *testing.T, l string) {
		s := &startupScan{home: "/h", vars: map[string]string{"HOME": "/h"}, seen: map[string]bool{}}
		s.line(l)
		if len(s.globs) > maxStartupGlobs {
			t.Fatal("too many globs")
		}
	})
}

// BenchmarkStartupWrites: what reading the start-up files costs a hook
// call that checks a write (a .bashrc of 5 lines sourcing 3 files).
func BenchmarkStartupWrites(b *testing.B) {
	home := b.TempDir()
	os.WriteFile(filepath.Join(home, ".bashrc"), []byte(". \"$HOME/.cargo/env\"\nexport NVM_DIR=\"$HOME/.nvm\"\n[ -s \"$NVM_DIR/nvm.sh\" ] && \\. \"$NVM_DIR/nvm.sh\"\n[ -f ~/.fzf.bash ] && source ~/.fzf.bash\nexport PATH=\"$HOME/go/bin:$PATH\"\n"), 0o644)
	os.MkdirAll(filepath.Join(home, ".nvm"), 0o755)
	os.WriteFile(filepath.Join(home, ".nvm", "nvm.sh"), []byte("x=1\n"), 0o644)
	p := &Policy{Home: home}
	for b.Loop() {
		p.startupWrites()
	}
}

// TestStartupProtectedFiles: a file the start-up files source is among the
// files another hard link to which is compared (ProtectedFiles).
func TestStartupProtectedFiles(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte(". ~/.cargo/env\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := mustParse(t, `{}`)
	p.Home = home
	if !slices.Contains(p.ProtectedFiles(), filepath.Join(home, ".cargo", "env")) {
		t.Error("ProtectedFiles lacks ~/.cargo/env, which ~/.bashrc sources")
	}
}

// TestStartupPathDirs: a PATH directory outside the home that the user can
// write (Homebrew's, or one not made yet under a writable directory) and a
// relative one (./node_modules/.bin, in every directory) are
// write-protected; an empty entry and "." add nothing.
func TestStartupPathDirs(t *testing.T) {
	root := t.TempDir()
	home, brew := filepath.Join(root, "home"), filepath.Join(root, "opt", "homebrew", "bin")
	if err := os.MkdirAll(brew, 0o755); err != nil {
		t.Fatal(err)
	}
	later := filepath.Join(root, "linuxbrew", ".linuxbrew", "bin")
	t.Setenv("PATH", brew+":"+later+":./node_modules/.bin::.:/usr/bin")
	p := mustParse(t, `{}`)
	p.Home, p.ZDotDir = home, ""
	for _, c := range []struct {
		path  string
		block bool
	}{
		{filepath.Join(brew, "ls"), true},
		{filepath.Join(later, "git"), true},
		{filepath.Join(root, "proj", "node_modules", ".bin", "grep"), true},
		{filepath.Join(root, "proj", "node_modules", "x", "index.js"), false},
		{filepath.Join(root, "proj", "main.go"), false},
		{filepath.Join(root, "opt", "homebrew", "x.txt"), false},
	} {
		v, err := p.Evaluate([]event.Input{{Kind: event.KindWrite, Text: c.path}})
		if err != nil {
			t.Fatal(err)
		}
		if v.Blocked() != c.block {
			t.Errorf("write %s: blocked %v, want %v (%s)", c.path, v.Blocked(), c.block, v.Finding.Reason)
		}
	}
}

// TestKnownPart: what a write checker knows of a path with a part it
// cannot tell is the directory before it.
func TestKnownPart(t *testing.T) {
	w := &writeChecker{p: &Policy{Home: "/h"}}
	for in, want := range map[string]string{
		"/opt/homebrew/bin/ls":                "/opt/homebrew/bin/ls",
		"/opt/home" + path.Unknown + "/x":     "/opt",
		"/opt/homebrew/bin/" + path.Unknown:   "/opt/homebrew/bin",
		"/opt/homebrew/b*":                    "/opt/homebrew",
		"~/x/...":                             "/h/x/...",
		"/a/../opt/homebrew/bin/ls":           "",
		"relative/x":                          "",
		path.Unknown + "/opt/homebrew/bin/ls": "",
	} {
		if got := w.knownPart(in); got != want {
			t.Errorf("knownPart(%q) = %q, want %q", in, got, want)
		}
	}
}
