package hook

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"io"

	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
)

// The pre-read decoded an enumerated set of containers and read every
// other file as its bytes, so a format it did not know (an LZMA-alone
// file, a zip member compressed with bzip2) printed a key through its
// decoder. Inverted: a file that starts as a compressed format guard does
// not decode is "cannot tell" on the routes the pre-read serves; a zip
// archive's members are read as stored, inflated when deflated, and any
// other method is "cannot tell".

// undecodedMagic reports whether head is the start of a compressed file
// guard does not decode: bzip2, xz, zstd, lz4, lzip, lzop, compress (.Z),
// LZMA-alone (its usual properties byte and a power-of-two dictionary).
func undecodedMagic(head []byte) bool {
	for _, sig := range [...]string{"BZh", "\xfd7zXZ\x00", "\x28\xb5\x2f\xfd", "\x04\x22\x4d\x18", "\x02\x21\x4c\x18", "LZIP", "\x89LZO", "\x1f\x9d"} {
		if bytes.HasPrefix(head, []byte(sig)) {
			return true
		}
	}
	return lzmaAlone(head)
}

// lzmaAlone reports whether head starts as an LZMA-alone file: a
// properties byte lc+lp*9+pb*45 below 225, a dictionary size of 4 KiB or
// more that is a power of two (or 3·2ⁿ, as xz writes), and an
// uncompressed size that is unknown (all ones) or below 2⁴⁰.
func lzmaAlone(head []byte) bool {
	if len(head) < 13 || head[0] >= 225 {
		return false
	}
	d := binary.LittleEndian.Uint32(head[1:5])
	n := binary.LittleEndian.Uint64(head[5:13])
	pow := d&(d-1) == 0 || d%3 == 0 && (d/3)&(d/3-1) == 0
	return d >= 4096 && pow && (n == ^uint64(0) || n < 1<<40)
}

// maxZipMembers bounds the members of a zip archive the pre-read reads.
const maxZipMembers = 256

// scanZip reads the members of the zip archive fh (size bytes) as unzip -p
// prints them, by its central directory: a deflated member inflated
// (within the budget b), a stored one as it is (the byte scan reads it);
// another method, an encrypted member, a zip64 or unreadable directory,
// or past maxZipMembers "cannot tell".
func scanZip(d *secret.Detector, fh io.ReaderAt, size int64, b *scanBudget, keysOnly bool) (event.Finding, bool, error) {
	tail := min(size, 22+65535)
	end := make([]byte, tail)
	if n, _ := fh.ReadAt(end, size-tail); int64(n) != tail {
		return event.Finding{}, false, errUndecoded
	}
	e := bytes.LastIndex(end, []byte("PK\x05\x06"))
	if e < 0 || len(end)-e < 22 {
		return event.Finding{}, false, errUndecoded
	}
	count := int(binary.LittleEndian.Uint16(end[e+10:]))
	at := int64(binary.LittleEndian.Uint32(end[e+16:]))
	if count > maxZipMembers {
		return event.Finding{}, false, errUndecoded
	}
	for range count {
		var h [46]byte
		if n, _ := fh.ReadAt(h[:], at); n < 46 || string(h[:4]) != "PK\x01\x02" {
			return event.Finding{}, false, errUndecoded
		}
		flags, method := binary.LittleEndian.Uint16(h[8:]), binary.LittleEndian.Uint16(h[10:])
		csize, local := int64(binary.LittleEndian.Uint32(h[20:])), int64(binary.LittleEndian.Uint32(h[42:]))
		at += 46 + int64(binary.LittleEndian.Uint16(h[28:])) + int64(binary.LittleEndian.Uint16(h[30:])) + int64(binary.LittleEndian.Uint16(h[32:]))
		if flags&1 != 0 || method != 0 && method != 8 || csize == 0xffffffff || local == 0xffffffff {
			return event.Finding{}, false, errUndecoded
		}
		if method == 0 {
			continue
		}
		var lh [30]byte
		if n, _ := fh.ReadAt(lh[:], local); n < 30 || string(lh[:4]) != "PK\x03\x04" {
			return event.Finding{}, false, errUndecoded
		}
		data := local + 30 + int64(binary.LittleEndian.Uint16(lh[26:])) + int64(binary.LittleEndian.Uint16(lh[28:]))
		zr := flate.NewReader(io.NewSectionReader(fh, data, csize))
		f, hit, err := scanStream(d, untilError{zr}, maxSecretRead, b, keysOnly)
		zr.Close()
		if hit || err != nil {
			return f, hit, err
		}
	}
	return event.Finding{}, false, nil
}
