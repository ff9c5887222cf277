// Package gobinary reads which module a Go executable was built from.
//
// It finds the build info the Go linker writes into every executable
// (ELF, Mach-O and PE) where debug/buildinfo finds it: the section the
// linker names for it, or else the start of the first writable data, a
// 16-byte-aligned header behind the magic "\xff Go buildinf:" followed by
// two length-prefixed strings (Go 1.18 and later). It reads only the
// headers that locate the data and the bytes it searches.
//
// guard linked debug/buildinfo before: with it come debug/elf,
// debug/macho, debug/pe, debug/dwarf, internal/xcoff and internal/zstd,
// whose package initialisation every hook process paid (about 50 of its
// 500 page faults) to answer a question a few header fields answer.
// FuzzEquivalence keeps the two readers in step.
package gobinary

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
)

// ErrNotGo is returned for a file in which no Go build info was found:
// not an executable, another language's, damaged, or a Go program older
// than 1.18 (whose build info points into memory instead).
var ErrNotGo = errors.New("no Go build info found")

// magic opens the build info header; header is its size, align its
// alignment, in memory and in the file alike.
var magic = []byte("\xff Go buildinf:")

const (
	header    = 32
	align     = 16
	chunk     = 64 << 10
	maxString = 1 << 20 // a module list longer than this is no Go program's
)

// MainModule returns the path of the main module in the build info of
// the executable r holds. Every read goes through r: bound it there.
func MainModule(r io.ReaderAt) (string, error) {
	off, size, err := dataStart(r)
	if err != nil {
		return "", err
	}
	at, err := search(r, off, size)
	if err != nil {
		return "", err
	}
	hdr := make([]byte, header)
	if _, err := r.ReadAt(hdr, at); err != nil {
		return "", ErrNotGo
	}
	if hdr[15]&2 == 0 {
		return "", ErrNotGo // pointers into memory: Go before 1.18
	}
	vers, next, err := readString(r, at+header)
	if err != nil || vers == "" {
		return "", ErrNotGo
	}
	mod, _, err := readString(r, next)
	if err != nil {
		return "", ErrNotGo
	}
	if len(mod) >= 33 && mod[len(mod)-17] == '\n' {
		mod = mod[16 : len(mod)-16] // the sentinels around the module list
	}
	for line := range strings.SplitSeq(mod, "\n") {
		if rest, ok := strings.CutPrefix(line, "mod\t"); ok {
			path, _, _ := strings.Cut(rest, "\t")
			return path, nil
		}
	}
	return "", nil
}

// readString reads a length-prefixed string at off and returns it with
// the offset after it.
func readString(r io.ReaderAt, off int64) (string, int64, error) {
	b := make([]byte, binary.MaxVarintLen64)
	n, _ := r.ReadAt(b, off)
	length, k := binary.Uvarint(b[:n])
	if k <= 0 || length > maxString {
		return "", 0, ErrNotGo
	}
	s := make([]byte, length)
	if _, err := r.ReadAt(s, off+int64(k)); err != nil {
		return "", 0, ErrNotGo
	}
	return string(s), off + int64(k) + int64(length), nil
}

// search returns the offset of the first aligned magic in the size bytes
// from off.
func search(r io.ReaderAt, off, size int64) (int64, error) {
	start := (off + align - 1) &^ (align - 1)
	end := off + min(size, 1<<40)
	buf := make([]byte, chunk+header)
	for start+header <= end {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), end-start)], start)
		if n < header {
			return 0, errors.Join(ErrNotGo, err)
		}
		for i := 0; i+header <= n; i += align {
			if bytes.Equal(buf[i:i+len(magic)], magic) {
				return start + int64(i), nil
			}
		}
		start += int64(n-header+align) &^ (align - 1)
	}
	return 0, ErrNotGo
}

// dataStart returns the file offset and size of the data the build info
// is searched in, by the executable's format.
func dataStart(r io.ReaderAt) (int64, int64, error) {
	ident := make([]byte, 16)
	if _, err := r.ReadAt(ident, 0); err != nil {
		return 0, 0, ErrNotGo
	}
	switch {
	case bytes.HasPrefix(ident, []byte("\x7fELF")):
		return elfData(r, ident)
	case bytes.HasPrefix(ident, []byte("MZ")):
		return peData(r)
	case bytes.HasPrefix(ident, []byte("\xca\xfe\xba\xbe")), bytes.HasPrefix(ident, []byte("\xca\xfe\xba\xbf")):
		return fatData(r, ident)
	default:
		return machoData(r, ident, 0)
	}
}
