//go:build unix

package hook

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTar writes a tar archive (gzipped for .gz and .tgz names) of the
// files named, a name ending in / a directory, NAME>TARGET a symbolic link.
func writeTar(t *testing.T, file string, names ...string) {
	t.Helper()
	var buf bytes.Buffer
	var out = &buf
	var gz *gzip.Writer
	tw := tar.NewWriter(out)
	if strings.HasSuffix(file, "gz") {
		gz = gzip.NewWriter(out)
		tw = tar.NewWriter(gz)
	}
	for _, n := range names {
		h := &tar.Header{Name: n, Mode: 0o755, Typeflag: tar.TypeReg, Size: 2}
		name, target, link := strings.Cut(n, ">")
		switch {
		case link:
			h.Name, h.Linkname, h.Typeflag, h.Size = name, target, tar.TypeSymlink, 0
		case strings.HasSuffix(n, "/"):
			h.Typeflag, h.Size = tar.TypeDir, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			tw.Write([]byte("x\n"))
		}
	}
	tw.Close()
	if gz != nil {
		gz.Close()
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeZip writes a zip archive of the files named.
func writeZip(t *testing.T, file string, names ...string) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("x\n"))
	}
	zw.Close()
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExtractedMembers: an extraction or a recursive copy writes
// D/MEMBER for each member it brings; guard lists them (tar, zip, a
// copied tree) and checks each, and where it cannot, a directory holding
// a protected place (a repository's .git, the home directory) is blocked
// (issue 20).
func TestExtractedMembers(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{
		".git/config":             "[core]\n",
		".git/hooks/pre-commit":   "#!/bin/sh\n",
		"x/.git/hooks/pre-commit": "#!/bin/sh\n",
		"x/src/main.go":           "package main\n",
		"src/main.go":             "package main\n",
		"dist/index.html":         "<p>\n",
		"sub/keep":                "",
		"big/a":                   "",
	})
	root := filepath.Dir(proj)
	os.WriteFile(filepath.Join(homeDir, ".bashrc"), []byte("# rc\n"), 0o644)
	evil := []string{".git/", ".git/hooks/", ".git/hooks/pre-commit"}
	writeTar(t, filepath.Join(root, "evil.tar"), evil...)
	writeTar(t, filepath.Join(root, "evil.tgz"), evil...)
	writeZip(t, filepath.Join(root, "evil.zip"), ".git/hooks/pre-commit")
	writeTar(t, filepath.Join(proj, "release.tar.gz"), "pkg/", "pkg/bin/tool", "pkg/README")
	writeTar(t, filepath.Join(proj, "strip.tar.gz"), "pkg-1.0/", "pkg-1.0/.git/hooks/post-checkout", "pkg-1.0/README")
	writeTar(t, filepath.Join(proj, "dot.tar"), "./", "./.bashrc")
	writeTar(t, filepath.Join(proj, "up.tar"), "../.bashrc")
	writeTar(t, filepath.Join(proj, "link.tar"), "l>"+homeDir, "l/.bashrc")
	writeZip(t, filepath.Join(proj, "x.zip"), "lib/a.js", "lib/b.js")
	os.WriteFile(filepath.Join(proj, "node.tar.xz"), []byte("\xfd7zXZ\x00not really"), 0o644)
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd    string
		block  bool
		reason string
	}{
		// Members that land in the repository's .git.
		{"tar xf ../evil.tar", true, ".git"},
		{"tar -xzf ../evil.tgz", true, ".git"},
		{"tar xf ../evil.tar .git/hooks/pre-commit", true, ".git"},
		{"bsdtar -xf ../evil.tar", true, ".git"},
		{"unzip -o ../evil.zip", true, ".git"},
		{"unzip -q ../evil.zip -d .", true, ".git"},
		{"cd sub && tar xf ../../evil.tar -C ..", true, ".git"},
		{"tar xzf strip.tar.gz --strip-components=1", true, ".git"},
		{"tar xzf strip.tar.gz --strip-components 1", true, ".git"},
		// Copied trees.
		{"cp -r x/. .", true, ".git"},
		{"cp -a x/. ./", true, ".git"},
		{"rsync -a x/ .", true, ".git"},
		{"cp -r x/.git .", true, ".git"},
		{"mkdir -p y && cp -r x/. y && cp -r y/. .", true, ".git"},
		{"cp -rL x/src/. .", true, ".git"}, // links in the tree followed: not listed
		{"rsync -rk x/src/ .", true, ".git"},
		{"cp -rL x/src/. sub/", false, ""},
		// The home directory.
		{"tar xf dot.tar -C ~", true, "~"},
		{"tar xf up.tar -C ~/d", true, ".bashrc"},
		{"tar xf link.tar -C sub", true, "link"},
		// Members guard cannot list: a directory holding a protected
		// place is blocked.
		{"tar xJf node.tar.xz", true, ".git"},
		{"cat ../evil.tar | tar x", true, ".git"},
		{"tar xzf release.tar.gz --transform s/pkg/.git/", true, ".git"},
		{"curl -so r.tgz https://example.com/r.tgz && tar xzf r.tgz", true, ".git"},
		// Excluded names are left out when guard reads the pattern.
		{"rsync -a --include=.git/hooks/** --exclude=.git x/ .", true, ".git"},
		{"tar xf ../evil.tar --exclude='.git/hooks'", true, ".git"},
		{"tar xf ../evil.tar --exclude=.git", false, ""},
		{"tar xf ../evil.tar --exclude-vcs", false, ""},
		{"rsync -a --exclude=.git x/ .", false, ""},
		{"rsync -a --exclude .git/ x/ .", false, ""},
		// A copy of a whole repository writes its .git in the new place
		// (an accepted cost: git clone, or --exclude=.git).
		{"cp -r . ../bk", true, ".git"},
		{"rsync -a --exclude=.git ./ ../bk/", false, ""},
		// Everyday forms.
		{"tar xzf release.tar.gz", false, ""},
		{"tar xzf release.tar.gz --strip-components=1", false, ""},
		{"tar xJf node.tar.xz -C sub", false, ""},
		{"tar xJf node.tar.xz -C ../out", false, ""},
		{"tar xzf release.tar.gz -C sub", false, ""},
		{"tar xf ../evil.tar -C sub", true, ".git"},
		{"mkdir -p vendor && unzip x.zip -d vendor/", false, ""},
		{"unzip -o x.zip", false, ""},
		{"unzip -l ../evil.zip", false, ""},
		{"tar tf ../evil.tar", false, ""},
		{"tar tzvf ../evil.tgz", false, ""},
		{"cp -r src/ build/", false, ""},
		{"cp -r src build", false, ""},
		{"rsync -a dist/ ../out", false, ""},
		{"rsync -a dist/ build/", false, ""},
		{"cp -r x/src y", false, ""},
	} {
		code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
		switch {
		case tc.block && code != 2:
			t.Errorf("%q: allowed, want a block", tc.cmd)
		case !tc.block && code != 0:
			t.Errorf("%q: blocked: %s", tc.cmd, stderr)
		case !strings.Contains(stderr, tc.reason):
			t.Errorf("%q: reason %q, want %q in it", tc.cmd, stderr, tc.reason)
		}
	}
	// Outside a repository, an archive of unknown members is allowed.
	plain := filepath.Join(root, "plain")
	os.MkdirAll(plain, 0o755)
	os.WriteFile(filepath.Join(plain, "node.tar.xz"), []byte("\xfd7zXZ\x00not really"), 0o644)
	if code, _, stderr, _ := runReal(t, p, bashPayload(t, plain, "tar xJf node.tar.xz")); code != 0 {
		t.Errorf("outside a repository: blocked: %s", stderr)
	}
	// Members that make a repository's hooks are blocked anywhere, as
	// writing them is.
	if code, _, _, _ := runReal(t, p, bashPayload(t, plain, "unzip ../evil.zip")); code != 2 {
		t.Errorf("unzip of .git/hooks/pre-commit outside a repository: allowed")
	}
}
