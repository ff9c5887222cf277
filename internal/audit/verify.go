package audit

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
)

// ErrHashMismatch is the cause of a ChainError whose entry's prev_hash is not
// the hash of the line before it.
var ErrHashMismatch = errors.New("hash mismatch")

// ChainError reports the first entry at which a log fails verification.
type ChainError struct {
	// Entry is the 1-based number of the first mismatching entry (its line
	// number in the file).
	Entry int
	// Err is ErrHashMismatch, or why the line is not a valid record.
	Err error
}

func (e *ChainError) Error() string {
	return fmt.Sprintf("entry %d: %v", e.Entry, e.Err)
}

func (e *ChainError) Unwrap() error { return e.Err }

// Report is the outcome of a successful verification.
type Report struct {
	// Entries is the number of records whose prev_hash was verified.
	Entries int
	// Torn lists the entry numbers of torn lines: what a write interrupted
	// by a crash left behind. They hold no record, are not counted in
	// Entries and are not links of the chain: the record after a torn line
	// carries the hash of the last record before it.
	Torn []int
	// Head is the chain hash of the last line (event.ZeroHash for an empty
	// log): the prev_hash the next record will carry. Recording it elsewhere
	// lets a later check detect truncation, which the chain alone cannot.
	Head string
}

// Verify checks the hash chain of the log at path, streaming it in bounded
// memory. It returns a *ChainError for the first entry that is not a valid
// record (a torn line excepted) or whose prev_hash does not match, and a
// plain error when the file cannot be read.
func Verify(path string) (Report, error) {
	f, err := OpenLog(path)
	if err != nil {
		return Report{}, err
	}
	defer f.Close()
	rep, err := verify(f)
	if err != nil {
		var ce *ChainError
		if errors.As(err, &ce) {
			return rep, err
		}
		return rep, fmt.Errorf("audit log %s: %w", path, err)
	}
	return rep, nil
}

func verify(r io.Reader) (Report, error) {
	rep := Report{Head: event.ZeroHash}
	lr := NewReader(r)
	for {
		l, err := lr.Next()
		if err == io.EOF {
			return rep, nil
		}
		if err != nil {
			return rep, err
		}
		if l.TooLong {
			return rep, &ChainError{Entry: l.Num, Err: fmt.Errorf("line over the %d-byte limit", MaxLineBytes)}
		}
		rec, err := ParseLine(l.Bytes)
		switch {
		case err != nil && isTorn(l.Bytes):
			// Not a link: the next record chains from the one before.
			rep.Torn = append(rep.Torn, l.Num)
			continue
		case err != nil:
			return rep, &ChainError{Entry: l.Num, Err: err}
		case rec.PrevHash != rep.Head:
			return rep, &ChainError{Entry: l.Num, Err: ErrHashMismatch}
		default:
			rep.Entries++
		}
		rep.Head = hashLine(l.Bytes)
	}
}

// OpenLog opens the log at path for reading. It refuses anything but a
// regular file without opening it, so that a FIFO put in the log's place
// cannot block the reader. Errors wrap fs.ErrNotExist when there is no log.
func OpenLog(path string) (*os.File, error) {
	f, err := regularfile.Open(path)
	if errors.Is(err, ErrNotRegular) {
		return nil, fmt.Errorf("audit log %w", err) // the error names the path
	}
	if err != nil {
		return nil, fmt.Errorf("audit log: %w", err)
	}
	return f, nil
}
