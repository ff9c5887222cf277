package archive

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"strings"
	"testing"
)

// stored returns a local header and data of a stored member, and its
// central directory header for a local header at off.
func stored(name, text string, off uint32) (local, central []byte) {
	le := binary.LittleEndian
	crc := crc32.ChecksumIEEE([]byte(text))
	l := make([]byte, 30)
	copy(l, sigFile)
	le.PutUint16(l[4:], 20)
	le.PutUint32(l[14:], crc)
	le.PutUint32(l[18:], uint32(len(text)))
	le.PutUint32(l[22:], uint32(len(text)))
	le.PutUint16(l[26:], uint16(len(name)))
	local = append(append(l, name...), text...)
	c := make([]byte, 46)
	copy(c, sigDir)
	le.PutUint16(c[4:], 20)
	le.PutUint16(c[6:], 20)
	le.PutUint32(c[16:], crc)
	le.PutUint32(c[20:], uint32(len(text)))
	le.PutUint32(c[24:], uint32(len(text)))
	le.PutUint16(c[28:], uint16(len(name)))
	le.PutUint32(c[42:], off)
	central = append(c, name...)
	return local, central
}

// end returns an end record for one member.
func end(dirSize, dirOff int) []byte {
	e := make([]byte, 22)
	copy(e, sigEnd)
	binary.LittleEndian.PutUint16(e[8:], 1)
	binary.LittleEndian.PutUint16(e[10:], 1)
	binary.LittleEndian.PutUint32(e[12:], uint32(dirSize))
	binary.LittleEndian.PutUint32(e[16:], uint32(dirOff))
	return e
}

// plainZip returns a zip of one stored __main__.py, after prefix.
func plainZip(prefix, text string) []byte {
	local, central := stored("__main__.py", text, 0)
	b := append([]byte(prefix), local...)
	dirOff := len(local)
	b = append(b, central...)
	return append(b, end(len(central), dirOff)...)
}

// twoDirectories returns the review's file (F14): Go's archive/zip reads
// the harmless member through the first directory, zipimport the evil one
// through the second.
func twoDirectories() []byte {
	benign := "print('hello')\n" + strings.Repeat("#", 200) + "\n"
	evil := "open('/home/u/.bashrc', 'a')\n"
	lb, cb := stored("__main__.py", benign, 0)
	b := append([]byte{}, lb...)
	cbOff := len(b)
	b = append(b, cb...)
	e := len(b)
	le, _ := stored("__main__.py", evil, 0)
	b = append(b, le...)
	ce := len(b)
	arc := ce - cbOff
	_, cd := stored("__main__.py", evil, uint32(e-arc))
	b = append(b, cd...)
	return append(b, end(len(cd), cbOff)...)
}

func TestCheckZip(t *testing.T) {
	doubled := plainZip("", "print(1)\n")
	binary.LittleEndian.PutUint16(doubled[len(doubled)-2:], 22)
	second := end(0, 0) // a second end record, in the first's comment
	copy(second[8:12], "\x00\x00\x00\x00")
	doubled = append(doubled, second...)
	var z64 bytes.Buffer
	zw := zip.NewWriter(&z64)
	if _, err := zw.CreateHeader(&zip.FileHeader{Name: "__main__.py", Method: zip.Store}); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		data      []byte
		ambiguous bool
	}{
		{"plain", plainZip("", "print(1)\n"), false},
		{"a #! line first", plainZip("#!/usr/bin/env python3\n", "print(1)\n"), false},
		{"Go's writer", z64.Bytes(), false},
		{"two central directories", twoDirectories(), true},
		{"two end records", doubled, true},
		{"an end record too far back for python", append(plainZip("", "x"), make([]byte, 65535+100)...), true},
	} {
		err := CheckZip(bytes.NewReader(tc.data), int64(len(tc.data)))
		if got := errors.Is(err, ErrAmbiguous); got != tc.ambiguous {
			t.Errorf("%s: CheckZip = %v, want ambiguous %v", tc.name, err, tc.ambiguous)
		}
	}
	// The differential itself: Go reads the harmless member.
	data := twoDirectories()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil || len(zr.File) != 1 {
		t.Fatalf("Go's reader: %v", err)
	}
	rc, _ := zr.File[0].Open()
	got, _ := io.ReadAll(rc)
	if !strings.HasPrefix(string(got), "print('hello')") {
		t.Errorf("Go reads %q, want the harmless member", got)
	}
	if _, err := List(bytes.NewReader(data), int64(len(data))); !errors.Is(err, ErrUnlisted) {
		t.Errorf("List of two directories: %v, want unlisted", err)
	}
}

func FuzzCheckZip(f *testing.F) {
	f.Add(plainZip("", "print(1)\n"))
	f.Add(twoDirectories())
	f.Add([]byte(sigEnd + strings.Repeat("\x00", 18)))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = CheckZip(bytes.NewReader(b), int64(len(b))) // no panic, bounded
	})
}
