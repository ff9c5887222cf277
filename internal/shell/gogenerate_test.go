package shell

import (
	"errors"
	"github.com/guardhq/guard/internal/shell/effect"
	"path"
	"slices"
	"strings"
	"testing"
)

// treeFiles is a fakeFiles that lists its directories as the hook's
// reader does (Tree, one level).
type treeFiles struct{ fakeFiles }

func (f *treeFiles) Members(string) ([]effect.Member, bool) { return nil, false }

func (f *treeFiles) ReadFile(p string, max int) ([]byte, effect.FileStatus) {
	return f.fakeFiles.ReadFile(path.Clean(p), max)
}

func (f *treeFiles) Tree(p string, depth int) ([]string, bool) {
	prefix := strings.TrimPrefix(p+"/", "./")
	if p == "." {
		prefix = ""
	}
	seen := map[string]bool{}
	var out []string
	for name := range f.files {
		rest, ok := strings.CutPrefix(strings.TrimPrefix(name, "./"), prefix)
		if !ok {
			continue
		}
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			rest = rest[:i+1]
		}
		if !seen[rest] {
			seen[rest] = true
			out = append(out, rest)
		}
	}
	slices.Sort(out)
	return out, len(out) > 0
}

// TestGoGenerate: go generate runs each //go:generate line of the
// package's Go files as a command in the file's directory.
func TestGoGenerate(t *testing.T) {
	evil := map[string]string{
		"gg/g.go": "package gg\n\n//go:generate sh ../e9.sh\n",
		"e9.sh":   "echo x >> ~/.bashrc\n",
		"ok/p.go": "package ok\n\n//go:generate stringer -type=Pill\n//go:generate go run gen.go -out $GOFILE.txt\n",
	}
	tests := []struct {
		cmd    string
		files  map[string]string
		write  string
		hidden bool
	}{
		{cmd: "go generate ./...", files: evil, write: "~/.bashrc"},
		{cmd: "go generate ./gg", files: evil, write: "~/.bashrc"},
		{cmd: "go generate gg/g.go", files: evil, write: "~/.bashrc"},
		{cmd: "cd gg && go generate", files: evil, write: "~/.bashrc"},
		{cmd: "go generate ./...", files: map[string]string{"a.go": "//go:generate -command c cp x\n//go:generate c $HOME/.bashrc\n"}, write: "$HOME/.bashrc"},
		{cmd: "go generate", files: map[string]string{"a.go": "//go:generate cp x \"$HOME/.bashrc\"\n"}, write: "$HOME/.bashrc"},
		{cmd: "go generate ./ok", files: evil},
		{cmd: "go generate -n ./...", files: evil},
		{cmd: "go generate ./...", files: map[string]string{"testdata/t.go": "//go:generate sh ../e9.sh\n", "e9.sh": "echo x >> ~/.bashrc\n"}},
		{cmd: "go generate example.com/x", files: evil, hidden: true},
		{cmd: "go generate $(x)", files: evil, hidden: true},
	}
	for _, tt := range tests {
		f := &treeFiles{fakeFiles{files: tt.files}}
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: f})
		if got := errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		if tt.write != "" && !slices.Contains(a.Writes, tt.write) {
			t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, tt.write)
		}
		if tt.write == "" && len(a.Writes) > 0 {
			t.Errorf("%q: writes %q, want none", tt.cmd, a.Writes)
		}
	}
}

// TestGenSplit: //go:generate words split as go splits them.
func TestGenSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		ok   bool
	}{
		{in: `stringer -type=Pill`, want: []string{"stringer", "-type=Pill"}, ok: true},
		{in: `sh -c "echo \"a b\""`, want: []string{"sh", "-c", `echo "a b"`}, ok: true},
		{in: `echo "a`, ok: false},
		{in: `echo "a"b`, ok: false},
		{in: "  a\tb  ", want: []string{"a", "b"}, ok: true},
	}
	for _, tt := range tests {
		got, ok := genSplit(tt.in)
		if ok != tt.ok || ok && !slices.Equal(got, tt.want) {
			t.Errorf("genSplit(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzGenSplit: any line splits without a panic, into words a shell reads
// back as the same words.
func FuzzGenSplit(f *testing.F) {
	for _, s := range []string{`stringer -type=Pill`, `sh -c "echo \"a b\""`, `a "b\x00" $GOFILE ${X} $(y)`, "`x` \\ \"\\\\\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, ok := genSplit(s)
		if !ok {
			return
		}
		for _, wd := range words {
			q := genQuote(wd, map[string]string{"DOLLAR": "$"})
			if !strings.HasPrefix(q, `"`) || !strings.HasSuffix(q, `"`) {
				t.Fatalf("genQuote(%q) = %q, not one double-quoted word", wd, q)
			}
		}
	})
}
