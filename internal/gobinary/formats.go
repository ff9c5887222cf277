package gobinary

import (
	"bytes"
	"encoding/binary"
	"io"
)

// maxHeaders bounds the program, section and load-command headers read
// from one file.
const maxHeaders = 1 << 12

// fields reads fixed-size fields of one header in one byte order.
type fields struct {
	b     []byte
	order binary.ByteOrder
	wide  bool // 64-bit layout: addresses and offsets are 8 bytes
}

// read reads the header of n bytes at off.
func read(r io.ReaderAt, off int64, n int, order binary.ByteOrder, wide bool) (fields, bool) {
	if off < 0 || n <= 0 || n > 1<<20 {
		return fields{}, false
	}
	b := make([]byte, n)
	if _, err := r.ReadAt(b, off); err != nil {
		return fields{}, false
	}
	return fields{b, order, wide}, true
}

func (f fields) u16(i int) int64 { return int64(f.order.Uint16(f.b[i:])) }
func (f fields) u32(i int) int64 { return int64(f.order.Uint32(f.b[i:])) }

// addr reads an address-sized field at i (the 64-bit offset i64 in the
// wide layout, i32 in the narrow one).
func (f fields) addr(i32, i64 int) int64 {
	if f.wide {
		return int64(f.order.Uint64(f.b[i64:]) & (1<<62 - 1))
	}
	return f.u32(i32)
}

// elfData: the section .go.buildinfo, else the first loaded segment that
// is writable and not executable.
func elfData(r io.ReaderAt, ident []byte) (int64, int64, error) {
	var order binary.ByteOrder = binary.LittleEndian
	if ident[5] == 2 {
		order = binary.BigEndian
	}
	wide := ident[4] == 2
	h, ok := read(r, 0, 64, order, wide)
	if !ok {
		return 0, 0, ErrNotGo
	}
	if off, size, ok := elfSection(r, h); ok {
		return off, size, nil
	}
	phoff, phent, phnum := h.addr(0x1c, 0x20), h.u16(pick(wide, 0x2a, 0x36)), h.u16(pick(wide, 0x2c, 0x38))
	if phent > 256 || phnum > maxHeaders {
		return 0, 0, ErrNotGo // no linker writes such tables: a file made to cost reads
	}
	for i := range phnum {
		p, ok := read(r, phoff+i*phent, int(phent), order, wide)
		if !ok || len(p.b) < int(pick(wide, 32, 56)) {
			return 0, 0, ErrNotGo
		}
		flags := p.u32(pick(wide, 24, 4))
		if p.u32(0) == 1 && flags&3 == 2 { // PT_LOAD, PF_W without PF_X
			return p.addr(4, 8), p.addr(16, 32), nil
		}
	}
	return 0, 0, ErrNotGo
}

// elfSection finds the section named .go.buildinfo.
func elfSection(r io.ReaderAt, h fields) (int64, int64, bool) {
	w := h.wide
	shoff, shent, shnum, shstr := h.addr(0x20, 0x28), h.u16(pick(w, 0x2e, 0x3a)), h.u16(pick(w, 0x30, 0x3c)), h.u16(pick(w, 0x32, 0x3e))
	if shent < pick[int64](w, 40, 64) || shent > 256 || shstr >= shnum || shnum > maxHeaders {
		return 0, 0, false
	}
	section := func(i int64) (off, size, name int64, ok bool) {
		s, ok := read(r, shoff+i*shent, int(shent), h.order, w)
		if !ok {
			return 0, 0, 0, false
		}
		return s.addr(16, 24), s.addr(20, 32), s.u32(0), true
	}
	strOff, strSize, _, ok := section(shstr)
	if !ok || strSize > 1<<20 {
		return 0, 0, false
	}
	names, ok := read(r, strOff, int(strSize), h.order, w)
	if !ok {
		return 0, 0, false
	}
	for i := range shnum {
		off, size, name, ok := section(i)
		if ok && name < int64(len(names.b)) && bytes.HasPrefix(names.b[name:], []byte(".go.buildinfo\x00")) {
			return off, size, true
		}
	}
	return 0, 0, false
}

// peData: the first section of initialised, readable, writable data.
func peData(r io.ReaderAt) (int64, int64, error) {
	le := binary.LittleEndian
	dos, ok := read(r, 0, 64, le, false)
	if !ok {
		return 0, 0, ErrNotGo
	}
	pe := dos.u32(0x3c)
	coff, ok := read(r, pe, 24, le, false)
	if !ok || !bytes.Equal(coff.b[:4], []byte("PE\x00\x00")) {
		return 0, 0, ErrNotGo
	}
	nsect, optSize := coff.u16(6), coff.u16(20)
	if nsect > maxHeaders {
		return 0, 0, ErrNotGo
	}
	table := pe + 24 + optSize
	const data = 0x40 | 0x40000000 | 0x80000000 // initialised data, read, write
	for i := range nsect {
		s, ok := read(r, table+i*40, 40, le, false)
		if !ok {
			return 0, 0, ErrNotGo
		}
		vsize, vaddr, raw, rawOff, chars := s.u32(8), s.u32(12), s.u32(16), s.u32(20), s.u32(36)
		if vaddr != 0 && raw != 0 && chars&^0x600000 == data {
			return rawOff, min(vsize, raw), nil
		}
	}
	return 0, 0, ErrNotGo
}

// fatData: the first architecture of a universal Mach-O file.
func fatData(r io.ReaderAt, ident []byte) (int64, int64, error) {
	be := binary.BigEndian
	wide := ident[3] == 0xbf
	h, ok := read(r, 8, int(pick(wide, 20, 32)), be, wide)
	if !ok || be.Uint32(ident[4:]) == 0 {
		return 0, 0, ErrNotGo
	}
	off := h.addr(8, 8)
	sub := make([]byte, 16)
	if _, err := r.ReadAt(sub, off); err != nil {
		return 0, 0, ErrNotGo
	}
	return machoData(r, sub, off)
}

// machoData: the section __go_buildinfo, else the first segment that is
// readable and writable (and no more) with bytes in the file. base is
// where the Mach-O file starts in r.
func machoData(r io.ReaderAt, ident []byte, base int64) (int64, int64, error) {
	var order binary.ByteOrder
	var wide bool
	switch m := binary.LittleEndian.Uint32(ident); m {
	case 0xfeedface, 0xfeedfacf:
		order, wide = binary.LittleEndian, m == 0xfeedfacf
	case 0xcefaedfe, 0xcffaedfe:
		order, wide = binary.BigEndian, m == 0xcffaedfe
	default:
		return 0, 0, ErrNotGo
	}
	h, ok := read(r, base, 28, order, wide)
	if !ok {
		return 0, 0, ErrNotGo
	}
	ncmds, at := h.u32(16), base+pick[int64](wide, 28, 32)
	segOff, segSize := int64(-1), int64(0)
	for range min(ncmds, maxHeaders) {
		c, ok := read(r, at, 8, order, wide)
		if !ok || c.u32(4) < 8 {
			break
		}
		cmd, size := c.u32(0), c.u32(4)
		if cmd == pick[int64](wide, 0x1, 0x19) { // LC_SEGMENT, LC_SEGMENT_64
			s, ok := read(r, at, int(size), order, wide)
			if !ok || len(s.b) < int(pick(wide, 56, 72)) {
				break
			}
			if off, size, ok := machoSection(s, base); ok {
				return off, size, nil
			}
			fileoff, filesz := s.addr(32, 40), s.addr(36, 48)
			maxprot, initprot := s.u32(pick(wide, 40, 56)), s.u32(pick(wide, 44, 60))
			if segOff < 0 && filesz != 0 && s.addr(24, 24) != 0 && maxprot == 3 && initprot == 3 {
				segOff, segSize = base+fileoff, filesz
			}
		}
		at += size
	}
	if segOff < 0 {
		return 0, 0, ErrNotGo
	}
	return segOff, segSize, nil
}

// machoSection finds __go_buildinfo among a segment command's sections.
func machoSection(s fields, base int64) (int64, int64, bool) {
	w := s.wide
	nsects, first, each := s.u32(pick(w, 48, 64)), pick(w, 56, 72), pick(w, 68, 80)
	for i := range int(min(nsects, maxHeaders)) {
		sec := s.b[min(first+i*each, len(s.b)):]
		if len(sec) < each {
			break
		}
		if bytes.Equal(bytes.TrimRight(sec[:16], "\x00"), []byte("__go_buildinfo")) {
			f := fields{sec, s.order, w}
			return base + f.u32(pick(w, 40, 48)), f.addr(36, 40), true
		}
	}
	return 0, 0, false
}

// pick returns narrow or wide by the layout.
func pick[T int | int64](wide bool, narrow, w T) T {
	if wide {
		return w
	}
	return narrow
}
