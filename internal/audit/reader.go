package audit

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// Line is one line of the log as a Reader returns it.
type Line struct {
	// Num is the 1-based line number counted from where the Reader started:
	// the entry number when reading from the start of the log.
	Num int
	// Off is the offset of the line's first byte from where the Reader
	// started, and End the offset just after it, its newline included.
	Off, End int64
	// Bytes is the line without its newline. It is nil when TooLong, and
	// valid only until the next call to Next.
	Bytes []byte
	// Terminated is false for a last line with no newline after it.
	Terminated bool
	// TooLong is set for a line over MaxLineBytes, whose bytes are skipped.
	TooLong bool
}

// Reader streams the lines of a log in bounded memory: a line over
// MaxLineBytes is skipped and reported, never buffered whole.
type Reader struct {
	br  *bufio.Reader
	buf []byte
	num int
	off int64
}

// NewReader returns a Reader over the log read from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10)}
}

// Next returns the next line, or io.EOF after the last one.
func (r *Reader) Next() (Line, error) {
	r.buf = r.buf[:0]
	total := 0
	for {
		chunk, err := r.br.ReadSlice('\n')
		total += len(chunk)
		if total <= MaxLineBytes+1 {
			r.buf = append(r.buf, chunk...)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF:
			if total == 0 {
				return Line{}, io.EOF
			}
			return r.line(total, false), nil
		case err != nil:
			return Line{}, err
		}
		return r.line(total-1, true), nil
	}
}

// line builds the Line for a line of n bytes (newline excluded) in r.buf.
func (r *Reader) line(n int, terminated bool) Line {
	r.num++
	l := Line{Num: r.num, Off: r.off, End: r.off + int64(n), Terminated: terminated}
	if terminated {
		l.End++
	}
	r.off = l.End
	if n > MaxLineBytes {
		l.TooLong = true
		return l
	}
	l.Bytes = r.buf[:n]
	return l
}

// TailOffset returns the offset in a log of size bytes where its last n lines
// begin (0 when it has n lines or fewer). It reads backwards from the end, so
// `guard audit -n` stays fast on a large log. n must be at least 1.
func TailOffset(f io.ReaderAt, size int64, n int) (int64, error) {
	if n < 1 {
		return 0, errors.New("tail: need at least one line")
	}
	buf := make([]byte, 64<<10)
	end := size
	first := true
	for end > 0 {
		k := min(end, int64(len(buf)))
		off := end - k
		if _, err := f.ReadAt(buf[:k], off); err != nil {
			return 0, err
		}
		b := buf[:k]
		if first && b[k-1] == '\n' {
			b = b[:k-1] // the newline ending the last line starts no line
		}
		first = false
		for {
			i := bytes.LastIndexByte(b, '\n')
			if i < 0 {
				break
			}
			n--
			if n == 0 {
				return off + int64(i) + 1, nil
			}
			b = b[:i]
		}
		end = off
	}
	return 0, nil
}
