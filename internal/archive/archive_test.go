package archive

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// tarOf builds a tar archive of members, gzipped when gz.
func tarOf(t testing.TB, gz bool, ms ...Member) []byte {
	t.Helper()
	var buf bytes.Buffer
	var w *tar.Writer
	var g *gzip.Writer
	if gz {
		g = gzip.NewWriter(&buf)
		w = tar.NewWriter(g)
	} else {
		w = tar.NewWriter(&buf)
	}
	for _, m := range ms {
		h := &tar.Header{Name: m.Name, Linkname: m.Link, Mode: 0o644, Typeflag: tar.TypeReg}
		switch m.Kind {
		case Dir:
			h.Typeflag = tar.TypeDir
		case Symlink:
			h.Typeflag = tar.TypeSymlink
		case Hardlink:
			h.Typeflag = tar.TypeLink
		}
		if err := w.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	if g != nil {
		g.Close()
	}
	return buf.Bytes()
}

func zipOf(t testing.TB, names ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, n := range names {
		f, err := w.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("x"))
	}
	w.Close()
	return buf.Bytes()
}

func names(ms []Member) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Name+"@"+m.Link)
	}
	return strings.Join(s, " ")
}

func TestList(t *testing.T) {
	evil := []Member{{Name: ".git/hooks/", Kind: Dir}, {Name: ".git/hooks/pre-commit"}, {Name: "l", Link: "/home/u/.bashrc", Kind: Symlink}}
	for _, tc := range []struct {
		name string
		data []byte
		want string // "" for not listed
	}{
		{"tar", tarOf(t, false, evil...), ".git/hooks/@ .git/hooks/pre-commit@ l@/home/u/.bashrc"},
		{"tgz", tarOf(t, true, evil...), ".git/hooks/@ .git/hooks/pre-commit@ l@/home/u/.bashrc"},
		{"zip", zipOf(t, ".git/hooks/pre-commit", "../x"), ".git/hooks/pre-commit@ ../x@"},
		{"xz", []byte("\xfd7zXZ\x00garbage"), ""},
		{"empty", nil, ""},
		{"text", []byte("hello\n"), ""},
	} {
		ms, err := List(bytes.NewReader(tc.data), int64(len(tc.data)))
		switch {
		case tc.want == "" && (err == nil || !errors.Is(err, ErrUnlisted)):
			t.Errorf("%s: listed %q, %v", tc.name, names(ms), err)
		case tc.want != "" && (err != nil || names(ms) != tc.want):
			t.Errorf("%s: %q, %v; want %q", tc.name, names(ms), err, tc.want)
		}
	}
}

// TestZipLink: a zip's symbolic link member holds its text as contents.
func TestZipLink(t *testing.T) {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	h := &zip.FileHeader{Name: "l"}
	h.SetMode(fs.ModeSymlink | 0o777)
	f, err := w.CreateHeader(h)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("../../.bashrc"))
	w.Close()
	ms, err := List(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil || len(ms) != 1 || ms[0].Kind != Symlink || ms[0].Link != "../../.bashrc" {
		t.Errorf("%+v, %v", ms, err)
	}
}

func TestListBounds(t *testing.T) {
	var ms []Member
	for i := 0; i <= MaxMembers; i++ {
		ms = append(ms, Member{Name: "f"})
	}
	data := tarOf(t, true, ms...)
	if _, err := List(bytes.NewReader(data), int64(len(data))); !errors.Is(err, ErrUnlisted) {
		t.Errorf("%d members listed: %v", len(ms), err)
	}
}

func FuzzList(f *testing.F) {
	f.Add(tarOf(f, false, Member{Name: "a"}))
	f.Add(tarOf(f, true, Member{Name: "a", Link: "b", Kind: Symlink}))
	f.Add(zipOf(f, "a/b"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ms, err := List(bytes.NewReader(data), int64(len(data)))
		if err != nil && !errors.Is(err, ErrUnlisted) {
			t.Fatalf("error %v not ErrUnlisted", err)
		}
		if len(ms) > MaxMembers {
			t.Fatalf("%d members", len(ms))
		}
	})
}

// TestPrefixedZip: a zip with bytes before its first signature (a
// self-extractor) is listed from its end record.
func TestPrefixedZip(t *testing.T) {
	data := append([]byte("JUNK"), zipOf(t, ".agent_a/settings.json")...)
	ms, err := List(bytes.NewReader(data), int64(len(data)))
	if err != nil || len(ms) != 1 || ms[0].Name != ".agent_a/settings.json" {
		t.Errorf("prefixed zip: %v, %v; want its one member", ms, err)
	}
	if _, err := List(bytes.NewReader([]byte("JUNK text")), 9); err == nil {
		t.Errorf("plain text listed without error")
	}
}
