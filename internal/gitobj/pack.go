package gitobj

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"io"
	"os"

	"github.com/guardhq/guard/internal/regularfile"
)

// Pack object types.
const (
	objCommit   = 1
	objTree     = 2
	objBlob     = 3
	objTag      = 4
	objOfsDelta = 6
	objRefDelta = 7
)

// lookupIndex finds id in pack index file idx (version 2) by binary
// search, reading only the entries it compares (ReadAt), and returns the
// object's offset in the pack.
func lookupIndex(idx string, id ID) (int64, bool, error) {
	f, err := regularfile.Open(idx)
	if err != nil {
		return 0, false, errBound
	}
	defer f.Close()
	var hdr [8 + 256*4]byte
	if _, err := f.ReadAt(hdr[:], 0); err != nil || !bytes.Equal(hdr[:4], []byte{0xff, 't', 'O', 'c'}) || binary.BigEndian.Uint32(hdr[4:8]) != 2 {
		return 0, false, errBound
	}
	fan := func(i int) uint32 { return binary.BigEndian.Uint32(hdr[8+4*i:]) }
	total := int64(fan(255))
	lo := int64(0)
	if id[0] > 0 {
		lo = int64(fan(int(id[0]) - 1))
	}
	hi := int64(fan(int(id[0])))
	if lo > hi || hi > total {
		return 0, false, errBound
	}
	const names = 8 + 256*4
	var name [20]byte
	for lo < hi {
		mid := lo + (hi-lo)/2
		if _, err := f.ReadAt(name[:], names+mid*20); err != nil {
			return 0, false, errBound
		}
		switch c := bytes.Compare(name[:], id[:]); {
		case c == 0:
			return indexOffset(f, total, mid)
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false, nil
}

// indexOffset reads entry i's pack offset (a 64-bit one from the large
// offsets table when its high bit is set).
func indexOffset(f *os.File, total, i int64) (int64, bool, error) {
	offs := 8 + 256*4 + total*20 + total*4
	var b [8]byte
	if _, err := f.ReadAt(b[:4], offs+i*4); err != nil {
		return 0, false, errBound
	}
	o := binary.BigEndian.Uint32(b[:4])
	if o&0x80000000 == 0 {
		return int64(o), true, nil
	}
	if _, err := f.ReadAt(b[:], offs+total*4+int64(o&0x7fffffff)*8); err != nil {
		return 0, false, errBound
	}
	v := binary.BigEndian.Uint64(b[:])
	if v > 1<<62 {
		return 0, false, errBound
	}
	return int64(v), true, nil
}

// packed reads the object at offset off of pack file p, applying deltas.
func (r *Repo) packed(p string, off int64, depth int) (string, []byte, error) {
	f, err := regularfile.Open(p)
	if err != nil {
		return "", nil, errBound
	}
	defer f.Close()
	return r.packedAt(f, off, depth)
}

func (r *Repo) packedAt(f *os.File, off int64, depth int) (string, []byte, error) {
	if r.objects++; r.objects > maxObjects || depth > maxDeltaDepth || off < 12 {
		return "", nil, errBound
	}
	var hdr [32]byte
	n, _ := f.ReadAt(hdr[:], off)
	if n == 0 {
		return "", nil, errBound
	}
	typ := (hdr[0] >> 4) & 7
	size := uint64(hdr[0] & 0x0f)
	i, shift := 1, 4
	for c := hdr[0]; c&0x80 != 0; i++ {
		if i >= n || shift > 56 {
			return "", nil, errBound
		}
		c = hdr[i]
		size |= uint64(c&0x7f) << shift
		shift += 7
	}
	if size > MaxObjectBytes {
		return "", nil, errBound
	}
	var baseOff int64
	var baseID ID
	switch typ {
	case objOfsDelta:
		if i >= n {
			return "", nil, errBound
		}
		c := hdr[i]
		i++
		v := int64(c & 0x7f)
		for c&0x80 != 0 {
			if i >= n || v > 1<<48 {
				return "", nil, errBound
			}
			c = hdr[i]
			i++
			v = (v+1)<<7 | int64(c&0x7f)
		}
		baseOff = off - v
	case objRefDelta:
		if i+20 > n {
			return "", nil, errBound
		}
		copy(baseID[:], hdr[i:i+20])
		i += 20
	}
	data, err := inflate(io.NewSectionReader(f, off+int64(i), 1<<40), size)
	if err != nil {
		return "", nil, err
	}
	switch typ {
	case objCommit, objTree, objBlob, objTag:
		return [...]string{"", "commit", "tree", "blob", "tag"}[typ], data, nil
	case objOfsDelta, objRefDelta:
		var bt string
		var base []byte
		if typ == objOfsDelta {
			bt, base, err = r.packedAt(f, baseOff, depth+1)
		} else {
			bt, base, err = r.object(baseID, depth+1)
		}
		if err != nil {
			return "", nil, err
		}
		out, err := ApplyDelta(base, data)
		return bt, out, err
	}
	return "", nil, errBound
}

// inflate reads a zlib stream of exactly size bytes.
func inflate(rd io.Reader, size uint64) ([]byte, error) {
	z, err := zlib.NewReader(rd)
	if err != nil {
		return nil, errBound
	}
	defer z.Close()
	data, err := io.ReadAll(io.LimitReader(z, int64(size)+1))
	if err != nil || uint64(len(data)) != size {
		return nil, errBound
	}
	return data, nil
}

// ApplyDelta applies a git delta to base.
func ApplyDelta(base, delta []byte) ([]byte, error) {
	src, delta, ok := varint(delta)
	if !ok || src != uint64(len(base)) {
		return nil, errBound
	}
	dst, delta, ok := varint(delta)
	if !ok || dst > MaxObjectBytes {
		return nil, errBound
	}
	out := make([]byte, 0, dst)
	for len(delta) > 0 {
		op := delta[0]
		delta = delta[1:]
		if op&0x80 == 0 {
			if op == 0 || int(op) > len(delta) {
				return nil, errBound
			}
			out = append(out, delta[:op]...)
			delta = delta[op:]
		} else {
			var off, n uint64
			for k := range 7 {
				if op&(1<<k) == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, errBound
				}
				if k < 4 {
					off |= uint64(delta[0]) << (8 * k)
				} else {
					n |= uint64(delta[0]) << (8 * (k - 4))
				}
				delta = delta[1:]
			}
			if n == 0 {
				n = 0x10000
			}
			if off+n > uint64(len(base)) || off+n < off {
				return nil, errBound
			}
			out = append(out, base[off:off+n]...)
		}
		if uint64(len(out)) > dst {
			return nil, errBound
		}
	}
	if uint64(len(out)) != dst {
		return nil, errBound
	}
	return out, nil
}

// varint reads a delta header's little-endian base-128 number.
func varint(b []byte) (uint64, []byte, bool) {
	var v uint64
	for i, shift := 0, 0; i < len(b) && shift < 64; i, shift = i+1, shift+7 {
		v |= uint64(b[i]&0x7f) << shift
		if b[i]&0x80 == 0 {
			return v, b[i+1:], true
		}
	}
	return 0, nil, false
}
