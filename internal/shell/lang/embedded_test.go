package lang

import (
	"slices"
	"strings"
	"testing"
)

func TestEmbedded(t *testing.T) {
	tests := []struct {
		lit  string
		want []string
	}{
		{">>/home/u/.bashrc", []string{"/home/u/.bashrc"}},
		{"+< ~/.ssh/id_rsa", []string{"~/.ssh/id_rsa"}},
		{">>.git/hooks/pre-commit", []string{".git/hooks/pre-commit"}},
		{"> out.txt", []string{"out.txt"}},
		{"file:///home/u/.bashrc", []string{"/home/u/.bashrc"}},
		{"see ~/.bashrc for details", []string{"~/.bashrc"}},
		{"--config=/etc/x.conf", []string{"/etc/x.conf"}},
		{"cat >> ~/.zshrc; echo ok", []string{"~/.zshrc"}},
		{"x $HOME/.profile", []string{"$HOME/.profile"}},
		{"at #{Dir.home}/.netrc", []string{"#{Dir.home}/.netrc"}},
		{"a /x and /y", []string{"/x", "/y"}},
		// A local scheme's path, read as a URL's.
		{"file:../.ssh/id_rsa", []string{"../.ssh/id_rsa"}},
		{"FILE:.ssh/id_rsa", []string{".ssh/id_rsa"}},
		{"file:../.guard/x.db?mode=rwc", []string{"../.guard/x.db"}},
		{"file:..%2f.ssh/id_rsa#x", []string{"../.ssh/id_rsa"}},
		{"file:/home/u/.bashrc?x", []string{"/home/u/.bashrc"}},
		{"file:///home/u/.bashrc?mode=ro", []string{"/home/u/.bashrc"}},
		{"jdbc:sqlite:../.guard/x.db", []string{"../.guard/x.db"}},
		{"sqlite:///../.guard/x.db", []string{"../.guard/x.db", "/../.guard/x.db"}},
		{"sqlite:////tmp/x.db", []string{"/tmp/x.db", "//tmp/x.db"}},
		{"zz:../.ssh/id_rsa", []string{"../.ssh/id_rsa"}},
		{"file://host/x", nil},
		{"zz:x/y", nil},
		{"file: %s", nil},
		{"http:../x", []string{"../x"}},
		// Not paths: a literal that is one already, a URL's host, a
		// variable alone, words, the mode alone.
		{"/home/u/.bashrc", nil},
		{"~/.bashrc", nil},
		{"https://example.com/x", nil},
		{"x $f y", nil},
		{"hello world", nil},
		{">>", nil},
		{"a-b/c", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := Embedded(tt.lit); !slices.Equal(got, tt.want) {
			t.Errorf("Embedded(%q) = %q, want %q", tt.lit, got, tt.want)
		}
	}
}

// TestEmbeddedBound: a literal naming many paths yields at most
// maxEmbedded.
func TestEmbeddedBound(t *testing.T) {
	l := ""
	for range 20 {
		l += " /x"
	}
	if got := Embedded(l); len(got) != maxEmbedded {
		t.Errorf("got %d paths, want %d", len(got), maxEmbedded)
	}
}

// FuzzEmbedded: every path Embedded returns is a non-empty part of the
// literal, holds no byte that ends a path, and there are at most
// maxEmbedded of them.
func FuzzEmbedded(f *testing.F) {
	for _, s := range []string{">>/a", "x ~/b", "file:///c", "=$HOME/d", "+<", "~", "$", "#{x}/y z", "file:../a?b", "jdbc:sqlite:x", "sqlite:///y", "zz:./c", "file:%2e%2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) {
		got := Embedded(l)
		if len(got) > maxEmbedded {
			t.Fatalf("%d paths", len(got))
		}
		for _, p := range got {
			if strings.Contains(l, "%") && strings.Contains(l, ":") {
				continue // a URL's path, its escapes decoded
			}
			if p == "" || !strings.Contains(l, p) || strings.ContainsAny(p, pathStops) {
				t.Fatalf("Embedded(%q) returned %q", l, p)
			}
		}
	})
}

func TestOpenWrites(t *testing.T) {
	for _, c := range []struct {
		l, want string
		ok      bool
	}{
		{">s5.sh", "s5.sh", true},
		{">> out.log", "out.log", true},
		{"+<data.txt", "data.txt", true},
		{"<s5.sh", "", false},
		{"s5.sh", "", false},
		{"| cat", "", false},
		{"-|", "", false},
	} {
		if got, ok := OpenWrites(c.l); got != c.want || ok != c.ok {
			t.Errorf("OpenWrites(%q) = %q, %v; want %q, %v", c.l, got, ok, c.want, c.ok)
		}
	}
}
