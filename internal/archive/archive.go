// Package archive lists the members of an archive file without extracting
// it: tar (plain or gzip) through archive/tar and zip through its
// central directory. Every read is bounded: the members listed
// ([MaxMembers]), the bytes decompressed to reach them ([MaxInflated]).
// What it cannot list (another format, a bound passed, a damaged archive)
// is an error: the caller treats the members as unknown.
package archive

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// Bounds of a listing.
const (
	// MaxMembers bounds the members listed; an archive with more is not
	// listed.
	MaxMembers = 4096
	// MaxInflated bounds the bytes of a compressed tar decompressed to
	// walk its headers (a plain tar's contents are skipped by seeking).
	MaxInflated = 64 << 20
	// MaxNameBytes bounds a member's name and link text.
	MaxNameBytes = 4096
)

// Kind is what a member makes.
type Kind int

// What a member makes.
const (
	File Kind = iota // a regular file (or a device, a FIFO: a name)
	Dir
	Symlink  // a symbolic link holding Link
	Hardlink // a hard link to the member named Link
)

// Member is one entry of an archive.
type Member struct {
	Name string
	Link string // a link's text or a hard link's target member
	Kind Kind
}

// ErrUnlisted is wrapped by List's error when the archive cannot be listed.
var ErrUnlisted = errors.New("archive not listed")

// List returns the members of the archive r holds (size bytes), in order.
func List(r io.ReaderAt, size int64) ([]Member, error) {
	var magic [6]byte
	n, _ := r.ReadAt(magic[:], 0)
	m := magic[:n]
	switch {
	case bytes.HasPrefix(m, []byte("PK\x03\x04")), bytes.HasPrefix(m, []byte("PK\x05\x06")):
		return listZip(r, size)
	case bytes.HasPrefix(m, []byte{0x1f, 0x8b}):
		gz, err := gzip.NewReader(io.NewSectionReader(r, 0, size))
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrUnlisted, err)
		}
		return listTar(&limited{r: bufio.NewReader(gz), n: MaxInflated})
	case bytes.HasPrefix(m, []byte("BZh")):
		// Not read: compress/bzip2 builds a table at package init, which
		// every hook process would pay (37 µs) for a rare format.
		return nil, fmt.Errorf("%w: a bzip2 archive", ErrUnlisted)
	}
	ms, err := listTar(io.NewSectionReader(r, 0, size)) // a Seeker: contents skipped
	if err != nil && zipEnd(r, size) {
		return listZip(r, size) // bytes before the zip (a self-extractor): read from its end record
	}
	return ms, err
}

// zipEnd reports whether the last 64 KiB of r (size bytes) hold a zip's
// end of central directory record, where zip readers look for it.
func zipEnd(r io.ReaderAt, size int64) bool {
	from := max(0, size-(64<<10)-22)
	tail := make([]byte, size-from)
	if n, _ := r.ReadAt(tail, from); int64(n) != size-from {
		return false
	}
	i := bytes.LastIndex(tail, []byte("PK\x05\x06"))
	return i >= 0 && i+22 <= len(tail)
}

// limited is a reader that fails past n bytes (io.LimitReader ends
// quietly, which a tar walk would take for the archive's end).
type limited struct {
	r io.Reader
	n int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, fmt.Errorf("%w: more than %d bytes decompressed", ErrUnlisted, MaxInflated)
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

func listTar(r io.Reader) ([]Member, error) {
	tr := tar.NewReader(r)
	var out []Member
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) && len(out) > 0 {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrUnlisted, err)
		}
		m := Member{Name: h.Name, Link: h.Linkname}
		switch h.Typeflag {
		case tar.TypeDir:
			m.Kind = Dir
		case tar.TypeSymlink:
			m.Kind = Symlink
		case tar.TypeLink:
			m.Kind = Hardlink
		case tar.TypeXGlobalHeader:
			continue
		}
		if out, err = add(out, m); err != nil {
			return nil, err
		}
	}
}

func listZip(r io.ReaderAt, size int64) ([]Member, error) {
	if err := CheckZip(r, size); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnlisted, err) // readers may differ (zipcheck.go)
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnlisted, err)
	}
	if len(zr.File) > MaxMembers {
		return nil, fmt.Errorf("%w: more than %d members", ErrUnlisted, MaxMembers)
	}
	var out []Member
	for _, f := range zr.File {
		m := Member{Name: f.Name}
		switch mode := f.Mode(); {
		case mode.IsDir():
			m.Kind = Dir
		case mode&fs.ModeSymlink != 0:
			// A link's text is its contents: unzip makes the link.
			m.Kind = Symlink
			if m.Link, err = zipLink(f); err != nil {
				return nil, err
			}
		}
		if out, err = add(out, m); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// zipLink reads the text of a symbolic link member, bounded.
func zipLink(f *zip.File) (string, error) {
	rc, err := f.Open()
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrUnlisted, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxNameBytes+1))
	if err != nil || len(b) > MaxNameBytes {
		return "", fmt.Errorf("%w: a link member unread", ErrUnlisted)
	}
	return string(b), nil
}

// add appends m within the bounds.
func add(out []Member, m Member) ([]Member, error) {
	if len(out) >= MaxMembers {
		return nil, fmt.Errorf("%w: more than %d members", ErrUnlisted, MaxMembers)
	}
	if len(m.Name) > MaxNameBytes || len(m.Link) > MaxNameBytes {
		return nil, fmt.Errorf("%w: a name too long", ErrUnlisted)
	}
	return append(out, m), nil
}
