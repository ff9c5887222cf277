package archive

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Zip readers differ: Go's archive/zip takes a central
// directory at the end record's offset read as absolute when a valid
// header is there, CPython's zipimport always at the end record less the
// directory's size; Go looks for the end record farther back than
// CPython does, and reads zip64 records that zipimport (before 3.13) does
// not. One file can so hold a harmless program for guard and another for
// python. CheckZip reads the directory the way zipimport does and requires
// Go's reading to be the same, member for member: an archive whose readers
// may disagree is one guard cannot tell the contents of.

// ErrAmbiguous is wrapped by the error of a zip archive that zip readers
// may read differently.
var ErrAmbiguous = errors.New("zip archive readers may read differently")

// Sizes and signatures of the zip records CheckZip reads.
const (
	endLen        = 22
	maxComment    = 65535
	goEndSearch   = 65 * 1024 // how far back archive/zip looks for the end record
	dirHeaderLen  = 46
	fileHeaderLen = 30
	sigEnd        = "PK\x05\x06"
	sigDir        = "PK\x01\x02"
	sigFile       = "PK\x03\x04"
)

// pyEntry is a member as zipimport reads it.
type pyEntry struct {
	name   string
	method uint16
	csize  uint32
	offset int64 // its local header, the archive's leading bytes added
}

// CheckZip returns an error wrapping ErrAmbiguous when the zip archive r
// holds (size bytes) is not read alike by Go's archive/zip and by
// CPython's zipimport: more than one end record where either looks, one
// zipimport does not find, zip64 records, or a member list (names,
// methods, sizes, data offsets) that differs.
func CheckZip(r io.ReaderAt, size int64) error {
	ambiguous := func(why string) error { return fmt.Errorf("%w: %s", ErrAmbiguous, why) }
	zr, err := zip.NewReader(r, size) // first: a damaged zip is one Go cannot read
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return fmt.Errorf("%w: %w", ErrUnlisted, err)
	}
	n := min(size, int64(max(goEndSearch, maxComment+endLen)))
	tail := make([]byte, n)
	if _, err := r.ReadAt(tail, size-n); err != nil && !errors.Is(err, io.EOF) {
		return ambiguous("unreadable")
	}
	switch {
	case bytes.Count(tail, []byte(sigEnd)) != 1:
		return ambiguous("not one end record")
	case bytes.Contains(tail, []byte("PK\x06\x06")) || bytes.Contains(tail, []byte("PK\x06\x07")):
		return ambiguous("zip64 records")
	}
	i := bytes.LastIndex(tail, []byte(sigEnd))
	endPos := size - n + int64(i)
	if size-endPos > maxComment+endLen || size-endPos < endLen {
		return ambiguous("an end record python does not find")
	}
	py, err := pyDirectory(r, tail[i:i+endLen], endPos)
	if err != nil {
		return ambiguous(err.Error())
	}
	if len(zr.File) != len(py) {
		return ambiguous("another member count")
	}
	for k, f := range zr.File {
		p := py[k]
		off, err := f.DataOffset()
		if err != nil || f.Name != p.name || f.Method != p.method || f.CompressedSize64 != uint64(p.csize) {
			return ambiguous("another member")
		}
		if d, ok := dataOffset(r, p.offset); !ok || d != off {
			return ambiguous("another member offset")
		}
	}
	return nil
}

// pyDirectory reads the central directory as CPython's zipimport does:
// at the end record (rec, at endPos) less the directory's size, entries
// until the signature stops, each offset moved by the bytes before the
// archive (at most MaxMembers).
func pyDirectory(r io.ReaderAt, rec []byte, endPos int64) ([]pyEntry, error) {
	dirSize := int64(binary.LittleEndian.Uint32(rec[12:]))
	dirOff := int64(binary.LittleEndian.Uint32(rec[16:]))
	pos := endPos - dirSize
	arc := pos - dirOff
	if pos < 0 || arc < 0 {
		return nil, errors.New("a bad directory offset")
	}
	var out []pyEntry
	var h [dirHeaderLen]byte
	for {
		if n, _ := r.ReadAt(h[:4], pos); n < 4 {
			return nil, errors.New("a short directory")
		}
		if string(h[:4]) != sigDir {
			return out, nil
		}
		if len(out) >= MaxMembers {
			return nil, errors.New("too many members")
		}
		if n, _ := r.ReadAt(h[:], pos); n < dirHeaderLen {
			return nil, errors.New("a short directory")
		}
		le := binary.LittleEndian
		nameLen, extraLen, commentLen := int64(le.Uint16(h[28:])), int64(le.Uint16(h[30:])), int64(le.Uint16(h[32:]))
		off := int64(le.Uint32(h[42:]))
		if off > dirOff {
			return nil, errors.New("a bad local header offset")
		}
		name := make([]byte, nameLen)
		if n, _ := r.ReadAt(name, pos+dirHeaderLen); int64(n) < nameLen {
			return nil, errors.New("a short directory")
		}
		out = append(out, pyEntry{name: string(name), method: le.Uint16(h[10:]), csize: le.Uint32(h[20:]), offset: off + arc})
		pos += dirHeaderLen + nameLen + extraLen + commentLen
	}
}

// dataOffset returns where the data of the member whose local header is
// at off starts, as zipimport reads it.
func dataOffset(r io.ReaderAt, off int64) (int64, bool) {
	var h [fileHeaderLen]byte
	if n, _ := r.ReadAt(h[:], off); n < fileHeaderLen || string(h[:4]) != sigFile {
		return 0, false
	}
	le := binary.LittleEndian
	return off + fileHeaderLen + int64(le.Uint16(h[26:])) + int64(le.Uint16(h[28:])), true
}
