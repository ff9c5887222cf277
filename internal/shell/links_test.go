package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestMakesLinks: interpreter code that calls a function making a link is
// told apart from code that removes or reads one.
func TestMakesLinks(t *testing.T) {
	tests := []struct {
		code string
		want bool
	}{
		{`import os; os.symlink(a, b)`, true},
		{`symlink(q{/x}, q{q})`, true},
		{`os.link("a", "b")`, true},
		{`fs.linkSync(a, b)`, true},
		{`require "fileutils"; FileUtils.ln_s(a, b)`, true},
		{`Files.createSymbolicLink(p, t)`, true},
		{`Path("q").symlink_to(t)`, true},
		{`Path("q").hardlink_to(t)`, true},
		{`link (a, b)`, true},
		{`os.unlink("x")`, false},
		{`os.readlink("x")`, false},
		{`print("see the link below")`, false},
		{`fs.unlinkSync(p)`, false},
		{`print(1)`, false},
		{`shutil.copytree(a, b, symlinks=True)`, true},
		{`shutil.copy2("src/up", "up2", follow_symlinks=False)`, true},
		{`shutil.copytree(a, b, symlinks=False)`, false},
		{`shutil.copy2(a, b)`, false},
		{`os.stat(p, follow_symlinks=False)`, false},
		{`Path(p).is_symlink()`, false},
		{`for r, d, f in os.walk(p, followlinks=True): pass`, false},
		{`File.symlink a, b`, true},
		{`os.symlinkat(a, fd, b)`, true},
	}
	for _, tt := range tests {
		if got := makesLinks(tt.code); got != tt.want {
			t.Errorf("makesLinks(%q) = %v, want %v", tt.code, got, tt.want)
		}
	}
}

// FuzzMakesLinks: the scan never panics, and blanks around the code do not
// change what it finds.
func FuzzMakesLinks(f *testing.F) {
	for _, s := range []string{`os.symlink(a, b)`, `follow_symlinks=True`, `link (a)`, `unlink(x)`, ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if makesLinks(code) != makesLinks(" "+code+"\n") {
			t.Errorf("makesLinks(%q) depends on surrounding blanks", code)
		}
	})
}

// linkDisk is a reader that tells what is on a made-up disk: l a link to
// /h/.bashrc, rel a link to ../.bashrc, so a link to /dev/stdout, so2 one
// to so, d a directory, f a file.
type linkDisk struct{}

func (linkDisk) ReadFile(string, int) ([]byte, FileStatus) { return nil, FileAbsent }

func (linkDisk) Lstat(p string) (EntryKind, string) {
	switch p {
	case "l":
		return EntryLink, "/h/.bashrc"
	case "rel":
		return EntryLink, "../.bashrc"
	case "so":
		return EntryLink, "/dev/stdout"
	case "so2":
		return EntryLink, "so"
	case "d":
		return EntryDir, ""
	case "f":
		return EntryFile, ""
	}
	return EntryNone, ""
}

// TestCopiedLinks: a copy that keeps links of a link on disk is a link to
// its target, written through later; one that follows it is a file.
func TestCopiedLinks(t *testing.T) {
	tests := []struct {
		cmd   string
		write string // a write the analysis must hold ("" for none)
		err   bool   // hidden: a write where links may be
	}{
		{"cp -P l q && echo x >> q", "/h/.bashrc", false},
		{"cp -a l q; echo x > q", "/h/.bashrc", false},
		{"cp -L -a l q; echo x > q", "/h/.bashrc", false},
		{"cp -a -L l q; echo x > q", "", false},
		{"cp l q; echo x > q", "", false},
		{"cp -H -R l q; echo x > q", "", false},
		{"rsync -a l q; echo x > q", "/h/.bashrc", false},
		{"rsync -aL l q; echo x > q", "", false},
		{"rsync -r l q; echo x > q", "", false},
		{"mv l q; echo x > q", "/h/.bashrc", false},
		{"cp -P rel sub/q; echo x > sub/q", "sub/../.bashrc", false},
		{"cp -a d e; echo x > e/y", "", true},
		{"cp -r d e; echo x > e/y", "", true},
		{"cp -rL d e; echo x > e/y", "", false},
		{"cp -a f g; echo x > g", "", false},
		{"cp -a l* e; echo x > e/l", "", true},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{Home: "/h", Files: linkDisk{}})
		if hidden := a.Err != nil; hidden != tt.err {
			t.Errorf("%q: error %v, want hidden %v", tt.cmd, a.Err, tt.err)
		}
		if tt.write != "" && !slices.Contains(a.Writes, tt.write) {
			t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, tt.write)
		}
		if tt.write == "" && slices.Contains(a.Writes, "/h/.bashrc") {
			t.Errorf("%q: writes the link's target: %q", tt.cmd, a.Writes)
		}
	}
}

// TestQuietCopyDestination: a copy is a quiet read only
// when guard resolves its destination to a place that is not a stream or
// a device: a link on disk (l), a spelling of /dev, a name after cd /dev,
// a value set at run time print.
func TestQuietCopyDestination(t *testing.T) {
	for _, tt := range []struct {
		cmd   string
		quiet bool
	}{
		{"cp s f", true},
		{"cp s q", true},
		{"cp s d", true},
		{"cp s l", true},
		{"cp s so", false},
		{"cp s so2", false},
		{"cp s //dev/stdout", false},
		{"cp s /tmp/../dev/stdout", false},
		{"cd /dev && cp /p/s stdout", false},
		{"cp s ../../x", false}, // no working directory known: where it leads is not
		{"cp s \"$X\"", false},
		{"install -m 644 s ///proc/self/fd/1", false},
	} {
		a := Analyze(tt.cmd, Options{Home: "/h", Files: linkDisk{}})
		s := "s"
		if strings.Contains(tt.cmd, "/p/s") {
			s = "/p/s"
		}
		if got := slices.Contains(a.UnprintedReads, s); got != tt.quiet {
			t.Errorf("%q: unprinted %v, want %v (reads %q, unprinted %q)", tt.cmd, got, tt.quiet, a.Reads, a.UnprintedReads)
		}
	}
}
