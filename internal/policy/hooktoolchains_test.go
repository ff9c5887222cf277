package policy

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestGoLocalDirs reads go.mod's replace and go.work's use directives in
// both forms; module-path targets are not directories.
func TestGoLocalDirs(t *testing.T) {
	text := "module x\nreplace example.com/lib => ./lib // local\nreplace (\n\ta/b v1.0.0 => ../b\n\tc/d => example.com/d v1.2.0\n)\n" +
		"use ./w1\nuse (\n\t./w2\n\t\"/abs/w3\"\n)\nrequire z v1.0.0\n"
	got := goLocalDirs(text)
	want := []string{"./lib", "../b", "./w1", "./w2", "/abs/w3"}
	for i := range want {
		want[i] = filepath.FromSlash(want[i])
	}
	if !slices.Equal(got, want) {
		t.Errorf("goLocalDirs = %q, want %q", got, want)
	}
}

func FuzzGoLocalDirs(f *testing.F) {
	f.Add("replace (\n a => ./b\n)\nuse ./c\n")
	f.Add("replace a =>")
	f.Fuzz(func(t *testing.T, s string) {
		if len(goLocalDirs(s)) > maxGoDirs {
			t.Fatal("more than maxGoDirs")
		}
	})
}

// TestNpmBinGlobs: a script's bare programs are candidates in the
// node_modules/.bin of the package and every directory above, and a link
// there protects the package it points into.
func TestNpmBinGlobs(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(root, "p")
	for _, d := range []string{filepath.Join(pkg, "node_modules", ".bin"), filepath.Join(pkg, "node_modules", "@s", "tool", "bin"), filepath.Join(pkg, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(pkg, "package.json"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(pkg, "node_modules", "@s", "tool", "bin", "t.js"), []byte("x"), 0o644)
	if err := os.Symlink("../@s/tool/bin/t.js", filepath.Join(pkg, "node_modules", ".bin", "tl")); err != nil {
		t.Fatal(err)
	}
	got := npmBinGlobs("/h", filepath.Join(pkg, "sub"), []string{"tl --fix && node x.js", "FOO=1 ./local.sh"})
	for _, w := range []string{
		literalGlob(filepath.Join(pkg, "node_modules", ".bin", "tl")),
		literalGlob(filepath.Join(pkg, "node_modules", "@s", "tool")) + "/**",
		literalGlob(filepath.Join(pkg, "node_modules", ".bin", "node")),
		literalGlob(filepath.Join(root, "node_modules", ".bin", "tl")),
	} {
		if !slices.Contains(got, w) {
			t.Errorf("npmBinGlobs lacks %q: %q", w, got)
		}
	}
	for _, g := range got {
		if filepath.Base(g) == "local.sh" || filepath.Base(g) == "FOO=1" {
			t.Errorf("npmBinGlobs holds %q", g)
		}
	}
}

// TestRustToolchainGlobs: the toolchain files and cargo's configuration at
// every level from the crate up.
func TestRustToolchainGlobs(t *testing.T) {
	got := rustToolchainGlobs(filepath.FromSlash("/a/b"))
	for _, w := range []string{"/a/b/rust-toolchain.toml", "/a/rust-toolchain", "/.cargo/config.toml"} {
		if !slices.Contains(got, w) {
			t.Errorf("rustToolchainGlobs lacks %q: %q", w, got)
		}
	}
}
