package repo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNameFromURL(t *testing.T) {
	tests := []struct {
		url, want string
	}{
		{"git@github.com:acme/widgets.git", "acme/widgets"},
		{"git@github.com:acme/widgets", "acme/widgets"},
		{"github.com:acme/widgets.git/", "acme/widgets"},
		{"https://github.com/acme/widgets.git", "acme/widgets"},
		{"https://github.com/acme/widgets", "acme/widgets"},
		{"https://github.com/acme/widgets/", "acme/widgets"},
		{"https://user:s3cr3t-token@github.com/acme/widgets.git", "acme/widgets"},
		{"ssh://git@example.org:2222/acme/widgets.git", "acme/widgets"},
		{"git://example.org/acme/widgets", "acme/widgets"},
		{"https://gitlab.example/group/sub/widgets.git", "sub/widgets"},
		{"file:///srv/git/acme/widgets.git", "acme/widgets"},
		{"/srv/git/widgets.git", "git/widgets"},
		{"../widgets", "widgets"},
		{"widgets", "widgets"},
		{`C:\repos\acme\widgets`, `C:\repos\acme\widgets`}, // not a slash path on this OS
		{"", ""},
		{"https://github.com/", ""},
		{"https://github.com/acme/wid\ngets", ""},
		{"://bad", ""},
	}
	for _, tt := range tests {
		got := NameFromURL(tt.url)
		if filepath.Separator == '\\' && strings.Contains(tt.url, `\`) {
			continue
		}
		if got != tt.want {
			t.Errorf("NameFromURL(%q) = %q, want %q", tt.url, got, tt.want)
		}
	}
}

func TestOriginURL(t *testing.T) {
	tests := []struct {
		name, config, want string
	}{
		{"plain", "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = git@github.com:acme/widgets.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n", "git@github.com:acme/widgets.git"},
		{"other remote first", "[remote \"upstream\"]\n\turl = https://github.com/up/stream\n[remote \"origin\"]\n\turl = https://github.com/acme/widgets\n", "https://github.com/acme/widgets"},
		{"no origin", "[remote \"upstream\"]\n\turl = https://github.com/up/stream\n", ""},
		{"quoted with comment", "[remote \"origin\"]\n  URL = \"https://github.com/acme/w;x\" ; note\n", "https://github.com/acme/w;x"},
		{"old syntax", "[remote.origin]\nurl=https://github.com/acme/old\n", "https://github.com/acme/old"},
		{"case-sensitive subsection", "[remote \"Origin\"]\nurl=https://github.com/acme/no\n", ""},
		{"url after section ends", "[remote \"origin\"]\n[branch \"main\"]\nurl = https://nope\n", ""},
		{"comment lines", "# [remote \"origin\"]\n; url = x\n", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := OriginURL([]byte(tt.config)); got != tt.want {
			t.Errorf("%s: OriginURL = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestName(t *testing.T) {
	root := t.TempDir()
	origin := func(u string) string { return "[remote \"origin\"]\n\turl = " + u + "\n" }

	// A plain clone, asked from a subdirectory.
	main := filepath.Join(root, "main")
	write(t, filepath.Join(main, ".git", "config"), origin("git@github.com:acme/main.git"))
	if err := os.MkdirAll(filepath.Join(main, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A linked worktree: .git file → gitdir with a commondir.
	wt := filepath.Join(root, "wt")
	write(t, filepath.Join(main, ".git", "worktrees", "wt", "commondir"), "../..\n")
	write(t, filepath.Join(wt, ".git"), "gitdir: "+filepath.Join(main, ".git", "worktrees", "wt")+"\n")
	// A submodule: relative gitdir without commondir.
	sub := filepath.Join(main, "sub")
	write(t, filepath.Join(main, ".git", "modules", "sub", "config"), origin("https://github.com/acme/sub"))
	write(t, filepath.Join(sub, ".git"), "gitdir: ../.git/modules/sub\n")
	// A repository without origin, and a broken .git file.
	none := filepath.Join(root, "none")
	write(t, filepath.Join(none, ".git", "config"), "[core]\n")
	broken := filepath.Join(root, "broken")
	write(t, filepath.Join(broken, ".git"), "not a gitdir line\n")
	plain := filepath.Join(root, "plain")
	if err := os.MkdirAll(plain, 0o755); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		dir, want string
	}{
		{main, "acme/main"},
		{filepath.Join(main, "a", "b"), "acme/main"},
		{wt, "acme/main"},
		{sub, "acme/sub"},
		{none, ""},
		{broken, ""},
		{filepath.Join(root, "missing", "dir"), ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Name(tt.dir); got != tt.want {
			t.Errorf("Name(%q) = %q, want %q", tt.dir, got, tt.want)
		}
	}
	_ = plain // may sit inside a repository on the test machine: no assertion
}

func FuzzNameFromURL(f *testing.F) {
	for _, s := range []string{"git@github.com:acme/widgets.git", "https://u:p@h/a/b", "ssh://h:1/a/b/c.git", "/x/y", "C:\\x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := NameFromURL(s)
		if strings.ContainsFunc(got, func(r rune) bool { return r < 0x20 }) {
			t.Fatalf("control character in %q", got)
		}
		if strings.Count(got, "/") > 1 || strings.HasPrefix(got, "/") || strings.HasSuffix(got, "/") {
			t.Fatalf("NameFromURL(%q) = %q, want at most org/repo", s, got)
		}
	})
}

func FuzzOriginURL(f *testing.F) {
	f.Add("[remote \"origin\"]\n\turl = git@github.com:acme/widgets.git\n")
	f.Add("[remote.origin]\nurl=\"a\\\"b\"#c\n")
	f.Fuzz(func(t *testing.T, config string) {
		u := OriginURL([]byte(config))
		if u != strings.TrimSpace(u) {
			t.Fatalf("untrimmed url %q", u)
		}
		if u != "" && !strings.Contains(strings.ToLower(config), "origin") {
			t.Fatalf("url %q from a config without an origin section", u)
		}
	})
}

// TestGitFileDir: a .git file and a commondir file are read as git reads
// them (setup.c read_gitfile_gently, get_common_dir_noenv): "gitdir: " at
// the first byte, only trailing CR and LF taken off (FINDINGS48a R5).
func TestGitFileDir(t *testing.T) {
	for text, want := range map[string]string{
		"gitdir: x9\n": "x9", "gitdir: x9 \n": "x9 ", "gitdir: x9\r\n": "x9", "gitdir:  x9": " x9",
		" gitdir: x9\n": "", "gitdir:x9\n": "", "gitdir: \n": "", "gitdir: a\nb\n": "", "gitdir: a\x00b": "", "": "",
	} {
		if got, ok := GitFileDir(text); got != want || ok != (want != "") {
			t.Errorf("GitFileDir(%q) = %q, %v, want %q", text, got, ok, want)
		}
	}
	for text, want := range map[string]string{
		"../cm\n": "../cm", "../cm8 \n": "../cm8 ", " ../cm\r\n": " ../cm", "\n": "", "a\nb\n": "",
	} {
		if got, ok := CommonDirName(text); got != want || ok != (want != "") {
			t.Errorf("CommonDirName(%q) = %q, %v, want %q", text, got, ok, want)
		}
	}
}
