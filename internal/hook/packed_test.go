package hook

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"

	"github.com/guardhq/guard/internal/detect/secret"
)

// zipped returns a zip archive of one member name holding s, written with
// method (zip.Store, zip.Deflate, or another number: stored bytes labelled
// with that method, as a bzip2 member would be to a reader without it).
func zipped(t *testing.T, name, s string, method uint16) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if method != zip.Store && method != zip.Deflate {
		zw.RegisterCompressor(method, func(w io.Writer) (io.WriteCloser, error) { return nopWriteCloser{w}, nil })
	}
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// utf32le returns s as UTF-32 little endian (ASCII only).
func utf32le(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		b = append(b, s[i], 0, 0, 0)
	}
	return string(b)
}

// lzmaAloneOf returns an LZMA-alone header (lc=3 lp=0 pb=2, 8 MiB
// dictionary, size unknown) followed by body.
func lzmaAloneOf(body string) string {
	return "\x5d\x00\x00\x80\x00" + "\xff\xff\xff\xff\xff\xff\xff\xff" + body
}

// TestScanZip: a deflated member is read inflated, a stored one by the
// byte scan, another method is "cannot tell".
func TestScanZip(t *testing.T) {
	key := "AWS=AKIAQYLPMN5HFIQR7XYZ\n"
	for _, tc := range []struct {
		name, zip      string
		hit, undecoded bool
	}{
		{"deflate key", zipped(t, "s.py", key, zip.Deflate), true, false},
		{"deflate clean", zipped(t, "s.py", "hello\n", zip.Deflate), false, false},
		{"stored clean", zipped(t, "s.py", "hello\n", zip.Store), false, false},
		{"bzip2 member", zipped(t, "s.py", "hello\n", 12), false, true},
		{"not a zip", "PK\x03\x04 truncated", false, true},
	} {
		r := bytes.NewReader([]byte(tc.zip))
		var b scanBudget
		_, hit, err := scanZip(secret.New(), r, int64(len(tc.zip)), &b, false)
		if hit != tc.hit || (err != nil) != tc.undecoded {
			t.Errorf("%s: hit %v, err %v; want hit %v, undecoded %v", tc.name, hit, err, tc.hit, tc.undecoded)
		}
	}
}

// TestUndecodedMagic: the compressed formats guard does not decode, by
// their start; text and gzip are not among them.
func TestUndecodedMagic(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"\xfd7zXZ\x00\x00", true},
		{lzmaAloneOf("xyz"), true},
		{"\x28\xb5\x2f\xfd\x00", true},
		{"\x04\x22\x4d\x18\x00", true},
		{"BZh91AY&SY", true},
		{"\x1f\x8b\x08\x00", false},
		{"]\x00\x00hello world, a text line", false},
		{"package main\n", false},
	} {
		if got := undecodedMagic([]byte(tc.head)); got != tc.want {
			t.Errorf("undecodedMagic(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
}

// FuzzScanZip: any bytes are read or refused without a panic.
func FuzzScanZip(f *testing.F) {
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte("PK\x05\x06" + string(make([]byte, 18))))
	f.Fuzz(func(t *testing.T, data []byte) {
		var b scanBudget
		scanZip(secret.New(), bytes.NewReader(data), int64(len(data)), &b, false)
		undecodedMagic(data)
	})
}
