package audit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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
	// ErrCheckpointMissing: the log and guard's anchor hold records, but
	// the lock file holds no checkpoint (guard writes both).
	ErrCheckpointMissing = errors.New("guard's checkpoint of the audit log is missing")
	// ErrAnchorDamaged: the anchor file is not an anchor.
	ErrAnchorDamaged = errors.New("guard's anchor of the audit log is damaged")
)

// Where the state an AnchorError is about was kept (AnchorError.Source).
const (
	SourceCheckpoint = "checkpoint" // guard's checkpoint, in the lock file
	SourceAnchor     = "anchor"     // guard's anchor file, outside guard's directory
	SourceHead       = "head"       // an Anchor given to VerifyWith
)

// AnchorError reports that the log no longer holds a state it held: the one
// in guard's checkpoint, or an Anchor given to VerifyWith. The chain alone
// cannot show this.
type AnchorError struct {
	// Source is SourceCheckpoint, SourceAnchor, SourceHead or
	// SourceMissed.
	Source string
	// Kind is ErrLogMissing, ErrTruncated, ErrRewritten, ErrCut,
	// ErrCheckpointDamaged, ErrCheckpointMissing, ErrAnchorDamaged or
	// ErrMissed.
	Kind error
	// Detail says what was expected and what was found, with sizes,
	// record numbers and hashes only (no path).
	Detail string
}

func (e *AnchorError) Error() string { return e.Kind.Error() + ": " + e.Detail }

// anchorKinds names the kinds of AnchorError for machines.
var anchorKinds = []struct {
	err  error
	name string
}{
	{ErrLogMissing, "log_missing"}, {ErrTruncated, "truncated"}, {ErrRewritten, "rewritten"},
	{ErrCut, "cut"}, {ErrCheckpointDamaged, "checkpoint_damaged"}, {ErrCheckpointMissing, "checkpoint_missing"}, {ErrAnchorDamaged, "anchor_damaged"},
	{ErrMissed, "missed"},
}

// KindName names e's Kind for JSON output: log_missing, truncated,
// rewritten, cut, checkpoint_damaged, checkpoint_missing, anchor_damaged
// or missed.
func (e *AnchorError) KindName() string {
	for _, k := range anchorKinds {
		if e.Kind == k.err {
			return k.name
		}
	}
	return "rewritten"
}

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
	// Anchor is guard's anchor of the log (VerifyOptions.AnchorFile) and
	// the record it points at; nil when there is none (yet).
	Anchor *AnchorReport
}

// AnchorReport is an anchor that the log still holds.
type AnchorReport struct {
	AnchorState
	// Entries is the number of records up to the anchor.
	Entries int
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
	// AnchorFile, when set, is guard's anchor file of the log (see
	// AnchorFile): the log must still hold the state it keeps.
	AnchorFile string
	// IgnoreCheckpoint skips guard's checkpoint and anchor file (to reset
	// them after a rotation): only the chain, and Anchor if any, are
	// checked.
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
	// The checkpoint and the anchor first: whatever they say was written
	// before, so a log read after them holds at least that state.
	holds, lost, err := readHolds(path, opt)
	if err != nil {
		return Report{}, err
	}
	f, err := OpenLog(path)
	if errors.Is(err, fs.ErrNotExist) {
		for _, h := range holds {
			if h.Size > 0 || h.Cut != nil {
				return Report{}, &AnchorError{Source: h.source, Kind: ErrLogMissing, Detail: h.says()}
			}
		}
		if anchor != nil && anchor.Head != event.ZeroHash {
			return Report{}, &AnchorError{Source: SourceHead, Kind: ErrLogMissing,
				Detail: fmt.Sprintf("it held head %s", anchor.Head)}
		}
		return Report{}, err
	}
	if err != nil {
		return Report{}, err
	}
	defer f.Close()
	rep, err := verify(f, holds, anchor)
	if err != nil {
		var ce *ChainError
		var ae *AnchorError
		if errors.As(err, &ce) || errors.As(err, &ae) {
			return rep, err
		}
		return rep, fmt.Errorf("audit log %s: %w", path, err)
	}
	if !opt.IgnoreCheckpoint {
		if err := checkMissed(opt.AnchorFile); err != nil {
			return rep, err // calls with no record: missed.go
		}
	}
	if lost != nil && (lost.Kind != errBare || rep.Entries > 0) {
		if lost.Kind == errBare {
			lost.Kind = ErrCheckpointMissing
			lost.Detail = fmt.Sprintf("it holds %d records, but %s", rep.Entries, lost.Detail)
		}
		return rep, lost // what the anchor holds is there: the lost checkpoint is the finding
	}
	return rep, nil
}

// errBare marks readHolds' lost finding for a log with neither a
// checkpoint nor an anchor: a finding only when the log holds records.
var errBare = errors.New("no checkpoint and no anchor")

// readHolds reads the states the log at path must still hold: guard's
// checkpoint, then its anchor file, unless opt says to ignore them; lost
// when the anchor holds records but the checkpoint is gone, reported once
// the log is found to hold the anchor, or when neither exists (a finding
// once the log is found to hold records).
func readHolds(path string, opt VerifyOptions) (holds []hold, lost *AnchorError, err error) {
	if opt.IgnoreCheckpoint {
		return nil, nil, nil
	}
	cp, cpOK, err := ReadCheckpoint(path)
	if errors.Is(err, errBadCheckpoint) {
		return nil, nil, &AnchorError{Source: SourceCheckpoint, Kind: ErrCheckpointDamaged,
			Detail: "it is not in the form guard writes (" + path + LockSuffix + ")"}
	}
	if err != nil {
		return nil, nil, err
	}
	if cpOK {
		holds = append(holds, hold{Checkpoint: cp, count: -1, source: SourceCheckpoint})
	}
	if opt.AnchorFile == "" {
		return holds, nil, nil
	}
	a, ok, err := ReadAnchor(path, opt.AnchorFile)
	if errors.Is(err, ErrAnchorDamaged) {
		return nil, nil, &AnchorError{Source: SourceAnchor, Kind: ErrAnchorDamaged, Detail: "it is not in the form guard writes"}
	}
	if err != nil {
		return nil, nil, err
	}
	if ok {
		holds = append(holds, hold{Checkpoint: a.Checkpoint, count: a.Count, source: SourceAnchor})
	}
	if !ok && !cpOK {
		// Neither state, though guard writes both at a log's first
		// append: a log that holds records lost both (the lock file
		// removed, the anchor emptied or deleted), and may have been cut
		// in between (FINDINGS58c C2). VerifyWith counts the records.
		lost = &AnchorError{Source: SourceCheckpoint, Kind: errBare,
			Detail: fmt.Sprintf("neither %s nor guard's anchor holds a state of it (guard writes both at a log's first append; 'guard audit verify --reset-checkpoint' accepts the log as it is)", filepath.Base(path)+LockSuffix)}
	}
	if ok && !cpOK && a.Size > 0 {
		// The anchor says the log held records: a lock file without a
		// checkpoint was removed (FINDINGS57b R2), and the anchor alone
		// may lag a cut by 4 KiB.
		lost = &AnchorError{Source: SourceCheckpoint, Kind: ErrCheckpointMissing,
			Detail: fmt.Sprintf("the anchor holds %d bytes of it, but %s holds no checkpoint (guard writes both at every append; 'guard audit verify --reset-checkpoint' accepts the log as it is)", a.Size, filepath.Base(path)+LockSuffix)}
	}
	return holds, lost, nil
}

// CheckAnchor checks guard's anchor a of a log for a reader that indexes
// the log instead of verifying it (the console), with the messages Verify
// gives: exists says whether the log exists, end is the offset just after
// its last whole line, records the number of records it holds; seen says a
// record line ends at a.Size, ok that its hash is a.Head, entry its number.
// It returns nil when the log still holds the anchor, else an *AnchorError.
func CheckAnchor(a AnchorState, exists bool, end int64, records int, seen, ok bool, entry int) error {
	h := hold{Checkpoint: a.Checkpoint, count: a.Count, source: SourceAnchor}
	if !exists {
		if a.Size > 0 || a.Cut != nil {
			return &AnchorError{Source: SourceAnchor, Kind: ErrLogMissing, Detail: h.says()}
		}
		return nil
	}
	return h.check(held{seen: seen, ok: ok, entries: entry}, end, records)
}

// hold is a state the log must still hold: guard's checkpoint or its
// anchor.
type hold struct {
	Checkpoint
	count  int64  // records in the first Size bytes; -1 when not known (always for a checkpoint)
	source string // SourceCheckpoint or SourceAnchor
}

// held is what a verification saw of a hold.
type held struct {
	seen    bool // a line ends at the hold's Size
	ok      bool // and it is the record the hold names
	entries int  // that record's number
}

// says describes a hold's state for a message: who says what it held.
func (h *hold) says() string {
	if h.source == SourceCheckpoint {
		return fmt.Sprintf("guard's checkpoint says it held %d bytes ending in record %s", h.Size, h.Head)
	}
	return "guard's anchor says it held " + StateText(h.count, h.Size, h.Head)
}

// StateText describes a state of the log for a message: "N records (S
// bytes) ending in record H", the count left out when it is not known (-1).
func StateText(count, size int64, head string) string {
	if count < 0 {
		return fmt.Sprintf("%d bytes ending in record %s", size, head)
	}
	records := "records"
	if count == 1 {
		records = "record"
	}
	return fmt.Sprintf("%d %s (%d bytes) ending in record %s", count, records, size, head)
}

// check turns what verify saw of h into an error, or nil when the log holds
// it. end is the size of the log read, records the records in it.
func (h *hold) check(s held, end int64, records int) error {
	if h.source == SourceCheckpoint {
		return checkCheckpoint(&h.Checkpoint, s.seen, s.ok, end)
	}
	e := &AnchorError{Source: h.source}
	switch {
	case h.Cut != nil:
		e.Kind = ErrCut
		c, at := h.Cut, "once"
		if c.TS != "" {
			at = "at " + c.TS
		}
		switch {
		case c.Missing:
			e.Detail = fmt.Sprintf("%s guard found it %d bytes long, holding records, with neither its checkpoint nor its anchor (guard writes both at a log's first append)", at, c.Found)
		case c.Size < 0:
			e.Detail = fmt.Sprintf("%s guard found it %d bytes long, and its anchor unreadable", at, c.Found)
		default:
			e.Detail = fmt.Sprintf("%s guard found it %d bytes long, but its anchor says it had held %s", at, c.Found, StateText(c.Count, c.Size, c.Head))
		}
	case h.Size == 0 || (s.ok && (h.count < 0 || int64(s.entries) == h.count)):
		return nil
	case s.ok:
		e.Kind = ErrRewritten
		e.Detail = fmt.Sprintf("record %s, which guard's anchor says was record %d, is record %d", h.Head, h.count, s.entries)
	case end < h.Size:
		e.Kind = ErrTruncated
		e.Detail = fmt.Sprintf("it is %d bytes long, holding %d records, but %s", end, records, h.says())
	case s.seen:
		e.Kind = ErrRewritten
		e.Detail = fmt.Sprintf("the line that ends at byte %d is not record %s, which %s", h.Size, h.Head, h.says())
	default:
		e.Kind = ErrRewritten
		e.Detail = fmt.Sprintf("no record ends at byte %d, but %s", h.Size, h.says())
	}
	return e
}

// checkHolds checks each hold with what the verification saw of it, in
// order (the checkpoint's problem is reported first), and on success puts
// them in rep. end is the size of the log read.
func checkHolds(rep *Report, holds []hold, seen []held, end int64) error {
	for i := range holds {
		h := &holds[i]
		if err := h.check(seen[i], end, rep.Entries); err != nil {
			return err
		}
		switch h.source {
		case SourceCheckpoint:
			rep.Checkpoint = &CheckpointReport{Checkpoint: h.Checkpoint, Entries: seen[i].entries}
		case SourceAnchor:
			rep.Anchor = &AnchorReport{AnchorState: AnchorState{Checkpoint: h.Checkpoint, Count: h.count}, Entries: seen[i].entries}
		}
	}
	return nil
}

// checkCheckpoint turns what verify saw at the checkpoint's offset into an
// error, or nil when the log holds it. end is the size of the log read.
func checkCheckpoint(cp *Checkpoint, seen, ok bool, end int64) error {
	e := &AnchorError{Source: SourceCheckpoint}
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
	e := &AnchorError{Source: SourceHead}
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
