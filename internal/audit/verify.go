package audit

import (
	"errors"
	"fmt"
	"io/fs"
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

// The kinds of AnchorError: what became of a state the log held.
var (
	// ErrLogMissing: the log is gone, but its checkpoint (or the anchor)
	// says it held records.
	ErrLogMissing = errors.New("the audit log is missing")
	// ErrTruncated: the log ends before the state it held.
	ErrTruncated = errors.New("records were cut off the end of the audit log")
	// ErrRewritten: the log is long enough, but the record that made the
	// state is no longer there.
	ErrRewritten = errors.New("the audit log no longer holds a record it held")
	// ErrCut: an Append found the log cut and recorded it in the checkpoint.
	ErrCut = errors.New("guard found the audit log cut")
	// ErrCheckpointDamaged: the checkpoint itself cannot be read.
	ErrCheckpointDamaged = errors.New("guard's checkpoint of the audit log is damaged")
)

// AnchorError reports that the log no longer holds a state it held: the one
// in guard's checkpoint, or an Anchor given to VerifyWith. The chain alone
// cannot show this.
type AnchorError struct {
	// Source is "checkpoint" or "head" (an Anchor).
	Source string
	// Kind is ErrLogMissing, ErrTruncated, ErrRewritten, ErrCut or
	// ErrCheckpointDamaged.
	Kind error
	// Detail says what was expected and what was found, with sizes,
	// record numbers and hashes only.
	Detail string
}

func (e *AnchorError) Error() string { return e.Kind.Error() + ": " + e.Detail }

func (e *AnchorError) Unwrap() error { return e.Kind }

// Anchor is a state of the log recorded earlier, e.g. the head and count
// `guard audit verify` printed: VerifyWith fails unless the log still holds
// it.
type Anchor struct {
	// Head is the chain hash of a record line (event.ZeroHash: the empty
	// log, which every log holds).
	Head string
	// Count is that record's number, counting records (not torn lines) from
	// 1; -1 accepts any record whose line has the hash Head.
	Count int
}

func (a Anchor) check() error {
	switch {
	case !isHex64([]byte(a.Head)):
		return errors.New("a head is 64 lowercase hex digits, as verify prints it")
	case a.Count < -1:
		return errors.New("a count is not negative")
	case a.Count == 0 && a.Head != event.ZeroHash:
		return errors.New("count 0 is the empty log, whose head is 64 zeros")
	case a.Count > 0 && a.Head == event.ZeroHash:
		return fmt.Errorf("the head of 64 zeros is the empty log's, whose count is 0, not %d", a.Count)
	}
	return nil
}

// Report is the outcome of a successful verification.
type Report struct {
	// Entries is the number of records whose prev_hash was verified.
	Entries int
	// Torn lists the entry numbers of torn lines: what a write interrupted
	// by a crash left behind. They hold no record, are not counted in
	// Entries and are not links of the chain: the record after a torn line
	// carries the hash of the last record before it.
	Torn []int
	// Head is the chain hash of the last record line (event.ZeroHash for a
	// log without records): the prev_hash the next record will carry.
	// Recording it elsewhere, with Entries, lets a later check (an Anchor)
	// detect truncation even if the checkpoint is rewritten too.
	Head string
	// End is the offset just after the last record line, its newline
	// included: with Head, what ResetCheckpoint takes.
	End int64
	// Checkpoint is guard's checkpoint of the log and the record it points
	// at; nil when there is none yet.
	Checkpoint *CheckpointReport
}

// CheckpointReport is a checkpoint that the log still holds.
type CheckpointReport struct {
	Checkpoint
	// Entries is the number of records up to the checkpoint.
	Entries int
}

// Verify checks the hash chain of the log at path, streaming it in bounded
// memory, and that the log still holds guard's checkpoint. It returns a
// *ChainError for the first entry that is not a valid record (a torn line
// excepted) or whose prev_hash does not match, an *AnchorError when records
// were cut off the end or the log is missing, and a plain error when a file
// cannot be read. A missing log without a checkpoint is an error wrapping
// fs.ErrNotExist.
func Verify(path string) (Report, error) {
	return VerifyWith(path, VerifyOptions{})
}

// VerifyOptions change what VerifyWith checks besides the chain.
type VerifyOptions struct {
	// Anchor, when set, is a state the log must still hold.
	Anchor *Anchor
	// IgnoreCheckpoint skips guard's checkpoint (to reset it after a
	// rotation): only the chain, and the anchor if any, are checked.
	IgnoreCheckpoint bool
}

// VerifyWith is Verify with options.
func VerifyWith(path string, opt VerifyOptions) (Report, error) {
	anchor := opt.Anchor
	if anchor != nil {
		if err := anchor.check(); err != nil {
			return Report{}, err
		}
	}
	// The checkpoint first: whatever it says was written before, so a log
	// read after it holds at least that state.
	var cp Checkpoint
	var haveCP bool
	var err error
	if !opt.IgnoreCheckpoint {
		cp, haveCP, err = ReadCheckpoint(path)
	}
	if errors.Is(err, errBadCheckpoint) {
		return Report{}, &AnchorError{Source: "checkpoint", Kind: ErrCheckpointDamaged,
			Detail: "it is not in the form guard writes (" + path + LockSuffix + ")"}
	}
	if err != nil {
		return Report{}, err
	}
	f, err := OpenLog(path)
	if errors.Is(err, fs.ErrNotExist) {
		switch {
		case haveCP && (cp.Size > 0 || cp.Cut != nil):
			return Report{}, &AnchorError{Source: "checkpoint", Kind: ErrLogMissing,
				Detail: fmt.Sprintf("guard's checkpoint says it held %d bytes ending in record %s", cp.Size, cp.Head)}
		case anchor != nil && anchor.Head != event.ZeroHash:
			return Report{}, &AnchorError{Source: "head", Kind: ErrLogMissing,
				Detail: fmt.Sprintf("it held head %s", anchor.Head)}
		}
		return Report{}, err
	}
	if err != nil {
		return Report{}, err
	}
	defer f.Close()
	var cpp *Checkpoint
	if haveCP {
		cpp = &cp
	}
	rep, err := verify(f, cpp, anchor)
	if err != nil {
		var ce *ChainError
		var ae *AnchorError
		if errors.As(err, &ce) || errors.As(err, &ae) {
			return rep, err
		}
		return rep, fmt.Errorf("audit log %s: %w", path, err)
	}
	return rep, nil
}

// checkCheckpoint turns what verify saw at the checkpoint's offset into an
// error, or nil when the log holds it. end is the size of the log read.
func checkCheckpoint(cp *Checkpoint, seen, ok bool, end int64) error {
	e := &AnchorError{Source: "checkpoint"}
	switch {
	case cp.Cut != nil:
		e.Kind = ErrCut
		if cp.Cut.Size < 0 {
			e.Detail = fmt.Sprintf("at %s guard found it %d bytes long, and its checkpoint unreadable", cp.Cut.TS, cp.Cut.Found)
		} else {
			e.Detail = fmt.Sprintf("at %s guard found it %d bytes long, but had written %d bytes ending in record %s",
				cp.Cut.TS, cp.Cut.Found, cp.Cut.Size, cp.Cut.Head)
		}
	case cp.Size == 0 || ok:
		return nil
	case end < cp.Size:
		e.Kind = ErrTruncated
		e.Detail = fmt.Sprintf("it is %d bytes long, but guard wrote %d bytes ending in record %s", end, cp.Size, cp.Head)
	case seen:
		e.Kind = ErrRewritten
		e.Detail = fmt.Sprintf("the line that ends at byte %d is not record %s, which guard wrote there", cp.Size, cp.Head)
	default:
		e.Kind = ErrRewritten
		e.Detail = fmt.Sprintf("no record ends at byte %d, where guard wrote record %s", cp.Size, cp.Head)
	}
	return e
}

func anchorError(a *Anchor, seen bool, entries int) error {
	e := &AnchorError{Source: "head"}
	switch {
	case a.Count < 0:
		e.Kind = ErrRewritten
		e.Detail = fmt.Sprintf("no record of the %d in the log has head %s", entries, a.Head)
	case !seen:
		e.Kind = ErrTruncated
		e.Detail = fmt.Sprintf("it holds %d records, fewer than the %d of head %s", entries, a.Count, a.Head)
	default:
		e.Kind = ErrRewritten
		e.Detail = fmt.Sprintf("record %d is not head %s", a.Count, a.Head)
	}
	return e
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
