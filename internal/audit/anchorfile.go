package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
)

// AnchorState is guard's anchor of a log: a second checkpoint, kept in a
// file outside guard's directory (see AnchorFile), that also counts the
// records. Deleting or emptying the log together with its lock file — and
// with it the checkpoint — leaves the anchor saying that records existed.
//
// Append brings it up to date only now and then (see anchorDue), so it may
// be up to anchorEvery bytes behind the log's end: records cut off after it
// are the checkpoint's to notice. A cut that an update finds is kept, like
// the checkpoint's, until ResetCheckpoint.
type AnchorState struct {
	// Checkpoint is the state: the first Size bytes of the log end with the
	// record whose hash is Head; Cut is set once an update found the log no
	// longer holding the previous state.
	Checkpoint
	// Count is the number of records in those Size bytes, -1 when guard
	// could not count them (an anchor started on a log it had not counted
	// from the start, until ResetCheckpoint).
	Count int64
}

// AnchorExt ends the name of an anchor file.
const AnchorExt = ".anchor"

// AnchorFile returns the path of the anchor of the log at logPath in the
// directory dir (home.StateDir): audit-<16 hex digits>.anchor, the digits
// from the SHA-256 of the log's absolute path, so that every log (every
// GUARD_HOME) has its own.
func AnchorFile(dir, logPath string) string {
	if abs, err := filepath.Abs(logPath); err == nil {
		logPath = abs
	}
	sum := sha256.Sum256([]byte(filepath.Clean(logPath)))
	return filepath.Join(dir, "audit-"+hex.EncodeToString(sum[:8])+AnchorExt)
}

// anchorEvery is how far apart, in bytes of log, Append updates the anchor:
// when an append crosses a multiple of it (about every 10 records of the
// usual 300–450 bytes). Between updates the hook path does not touch the
// anchor file.
const anchorEvery = 4 << 10

// anchorDue reports whether an append that found the log at size bytes and
// wrote n bytes updates the anchor: the log was empty (a new, emptied or
// deleted log: the anchor notices at once that a log it knew is gone), the
// checkpoint was missing or damaged (the lock file was deleted or
// replaced), the checkpoint just recorded a cut, or the append crossed a
// multiple of anchorEvery.
func anchorDue(size, n int64, cpFresh, newCut bool) bool {
	return size == 0 || cpFresh || newCut || size/anchorEvery != (size+n)/anchorEvery
}

// anchorLen is the fixed length of an anchor file: one write of the same
// length each time.
const anchorLen = 512

const anchorMagic = "guard audit anchor 1"

// maxAnchorTS bounds the ts kept on a cut line; a longer one is kept as "-".
const maxAnchorTS = 64

// encodeAnchor returns a in the anchor file's text form, padded to
// anchorLen:
//
//	guard audit anchor 1
//	size <bytes>
//	count <records or ->
//	head <sha256>
//	cut <ts or -> <size or -> <head or -> <found> <count or ->   (only after a cut)
func encodeAnchor(a AnchorState) []byte {
	b := make([]byte, 0, anchorLen)
	b = append(b, anchorMagic+"\nsize "...)
	b = strconv.AppendInt(b, a.Size, 10)
	b = append(b, "\ncount "...)
	b = appendCount(b, a.Count)
	b = append(b, "\nhead "...)
	b = append(b, a.Head...)
	b = append(b, '\n')
	if c := a.Cut; c != nil {
		ts := c.TS
		if ts == "" || len(ts) > maxAnchorTS || strings.IndexFunc(ts, unicode.IsSpace) >= 0 {
			ts = "-"
		}
		b = appendCut(b, c, ts, true)
	}
	for len(b) < anchorLen-1 {
		b = append(b, ' ')
	}
	return append(b, '\n')
}

// appendCount writes a count, "-" when it is not known.
func appendCount(b []byte, n int64) []byte {
	if n < 0 {
		return append(b, '-')
	}
	return strconv.AppendInt(b, n, 10)
}

// errBadAnchor is returned for an anchor file whose content is not an
// anchor.
var errBadAnchor = errors.New("anchor unreadable")

// decodeAnchor parses an anchor file's content. ok is false for an empty
// one (created, never written).
func decodeAnchor(b []byte) (a AnchorState, ok bool, err error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return a, false, nil
	}
	lines := bytes.Split(bytes.TrimRight(b, " \n"), []byte{'\n'})
	if len(lines) < 4 || len(lines) > 5 || string(lines[0]) != anchorMagic {
		return a, false, errBadAnchor
	}
	size, ok1 := field(lines[1], "size")
	count, ok2 := field(lines[2], "count")
	head, ok3 := field(lines[3], "head")
	if !ok1 || !ok2 || !ok3 || !isHex64(head) {
		return a, false, errBadAnchor
	}
	a.Head = string(head)
	if a.Size, err = strconv.ParseInt(string(size), 10, 64); err != nil || a.Size < 0 {
		return AnchorState{}, false, errBadAnchor
	}
	if a.Count, ok = parseCount(count); !ok || (a.Size == 0) != (a.Head == event.ZeroHash) || (a.Size == 0 && a.Count > 0) {
		return AnchorState{}, false, errBadAnchor
	}
	if len(lines) == 5 {
		if a.Cut, ok = decodeAnchorCut(lines[4]); !ok {
			return AnchorState{}, false, errBadAnchor
		}
	}
	return a, true, nil
}

// decodeAnchorCut parses an anchor's cut line: its time stamp is at most
// maxAnchorTS bytes, "-" for none.
func decodeAnchorCut(line []byte) (*Cut, bool) {
	c, ok := parseCut(line, true)
	if !ok || len(c.TS) > maxAnchorTS {
		return nil, false
	}
	if c.TS == "-" {
		c.TS = ""
	}
	return c, true
}

// parseCount reads a count written by appendCount.
func parseCount(b []byte) (int64, bool) {
	if string(b) == "-" {
		return -1, true
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	return n, err == nil && n >= 0
}

// nextAnchor is the anchor after an append that found the log at size
// bytes with chain head prev (torn: ending without a newline) and wrote n
// bytes ending in the line whose hash is head, given the anchor read before
// (ok false: none; err: unreadable). A state that no longer holds becomes a
// cut, kept until reset; the count goes on from the old one over the
// records written since, when guard can count them.
func nextAnchor(f io.ReaderAt, old AnchorState, ok bool, err error, size int64, prev string, torn bool, ts string, n int64, head string, lost bool) AnchorState {
	next := AnchorState{Checkpoint: Checkpoint{Size: size + n, Head: head}, Count: -1}
	held := false
	switch {
	case err != nil:
		next.Cut = &Cut{TS: ts, Size: -1, Found: size, Count: -1}
	case !ok && lost:
		// Records, but neither a checkpoint nor an anchor: guard writes
		// both at a log's first append, so both were removed (with the
		// lock file, and the anchor emptied or deleted) and the log may
		// have been cut in between (FINDINGS58c C2). Kept until reset.
		next.Cut = &Cut{TS: ts, Size: -1, Found: size, Count: -1, Missing: true}
	case ok:
		held = holds(f, old.Checkpoint, size, prev, torn)
		next.Cut = old.Cut // the first cut stays until it is reset
		// A log that holds records but lost its checkpoint was changed
		// by someone who removed the lock file: the anchor may be up to
		// 4 KiB behind a cut, so the loss is the evidence (FINDINGS57b R2).
		if next.Cut == nil && (!held || lost && old.Size > 0) {
			next.Cut = &Cut{TS: ts, Size: old.Size, Head: old.Head, Found: size, Count: old.Count}
		}
	}
	switch {
	case size == 0:
		next.Count = 1
	case held && old.Count >= 0:
		if c, ok := countRecords(f, old.Size, size); ok {
			next.Count = old.Count + c + 1
		}
	}
	return next
}

// maxCountStretch bounds how much log an anchor update reads to count the
// records written since the last one; past it the count is not known. An
// update is due every anchorEvery bytes, so only records appended without
// the anchor (by another program, or an older guard) make a longer stretch.
const maxCountStretch = 256 << 10

// countRecords counts the records among the whole lines in bytes [from, to)
// of the log: the lines that are not torn (what Verify counts). A last line
// without its newline is not counted (the next append ends it as a torn
// line). ok is false for a stretch longer than maxCountStretch.
func countRecords(f io.ReaderAt, from, to int64) (n int64, ok bool) {
	if to-from > maxCountStretch || to < from {
		return 0, false
	}
	buf := make([]byte, to-from)
	if _, err := f.ReadAt(buf, from); err != nil && !(err == io.EOF && len(buf) == 0) {
		return 0, false
	}
	for {
		i := bytes.IndexByte(buf, '\n')
		if i < 0 {
			return n, true
		}
		if line := buf[:i]; json.Valid(line) || !isTorn(line) {
			n++
		}
		buf = buf[i+1:]
	}
}

// keepAnchor brings the anchor file at path up to date after an append (see
// nextAnchor).
func keepAnchor(path string, f io.ReaderAt, size int64, prev string, torn bool, ts string, n int64, head string, lost bool) error {
	af, err := openAnchor(path)
	if err != nil {
		return fmt.Errorf("audit anchor: %w", err)
	}
	old, ok, rerr := readAnchor(af)
	next := nextAnchor(f, old, ok, rerr, size, prev, torn, ts, n, head, lost)
	if err := writeAnchorTo(af, next, rerr != nil); err != nil {
		af.Close()
		return fmt.Errorf("audit anchor %s: %w", path, err)
	}
	if err := af.Close(); err != nil {
		return fmt.Errorf("audit anchor %s: %w", path, err)
	}
	return nil
}

// openAnchor opens the anchor file at path for reading and writing,
// creating it (mode 0600) and its directory (mode 0700) when missing. It is
// opened without following a symbolic link, so a link planted in its place
// cannot make guard write elsewhere; a directory there fails the open, and a
// FIFO the positioned read and write, at once.
func openAnchor(path string) (*os.File, error) {
	af, err := openFile(path, os.O_RDWR|os.O_CREATE|noFollow, 0o600)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
		af, err = openFile(path, os.O_RDWR|os.O_CREATE|noFollow, 0o600)
	}
	return af, err
}

// readAnchor reads the anchor from an open anchor file.
func readAnchor(af io.ReaderAt) (AnchorState, bool, error) {
	var buf [anchorLen + 1]byte
	n, err := af.ReadAt(buf[:], 0)
	if err != nil && err != io.EOF {
		return AnchorState{}, false, err
	}
	if n > anchorLen {
		return AnchorState{}, false, errBadAnchor
	}
	return decodeAnchor(buf[:n])
}

// ReadAnchor returns the anchor of the log at logPath kept in the file
// anchorPath; ok is false when there is none yet. It reads while holding
// the log's lock, as Append writes it, so it never sees an anchor half
// written; when the lock file is gone (deleted with the log), it reads
// without it. A file that is not an anchor is an error wrapping
// ErrAnchorDamaged.
func ReadAnchor(logPath, anchorPath string) (a AnchorState, ok bool, err error) {
	lf, err := lockLog(logPath+LockSuffix, false, LockTimeout)
	switch {
	case err == nil:
		defer unlockLog(lf)
	case !errors.Is(err, fs.ErrNotExist):
		return a, false, fmt.Errorf("audit anchor: %w", err)
	}
	return readAnchorFile(anchorPath)
}

// readAnchorFile reads and decodes the anchor file at path, without the
// lock.
func readAnchorFile(path string) (AnchorState, bool, error) {
	b, err := regularfile.ReadFile(path, anchorLen)
	if errors.Is(err, fs.ErrNotExist) {
		return AnchorState{}, false, nil
	}
	if errors.Is(err, regularfile.ErrNotRegular) || errors.Is(err, regularfile.ErrTooLarge) {
		return AnchorState{}, false, fmt.Errorf("%w: %v", ErrAnchorDamaged, err)
	}
	if err != nil {
		return AnchorState{}, false, fmt.Errorf("audit anchor: %w", err)
	}
	a, ok, err := decodeAnchor(b)
	if err != nil {
		return a, false, fmt.Errorf("%w: %s is not in the form guard writes", ErrAnchorDamaged, path)
	}
	return a, ok, nil
}

// ReadAnchorUnlocked is ReadAnchor without the lock, for readers that must
// never wait on it (the console): an anchor read while an append rewrites
// it is read again once, under the lock, before it counts as damaged.
func ReadAnchorUnlocked(logPath, anchorPath string) (AnchorState, bool, error) {
	a, ok, err := readAnchorFile(anchorPath)
	if errors.Is(err, ErrAnchorDamaged) {
		return ReadAnchor(logPath, anchorPath)
	}
	return a, ok, err
}

// writeAnchor replaces the anchor file at path with a.
func writeAnchor(path string, a AnchorState) error {
	af, err := openAnchor(path)
	if err != nil {
		return err
	}
	err = writeAnchorTo(af, a, true)
	if cerr := af.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeAnchorTo writes a at the start of the open anchor file with one
// write; cut also cuts the file to that length (a damaged anchor may be
// longer, and would read as damaged again).
func writeAnchorTo(af *os.File, a AnchorState, cut bool) error {
	if _, err := af.WriteAt(encodeAnchor(a), 0); err != nil {
		return err
	}
	if cut {
		return af.Truncate(anchorLen)
	}
	return nil
}

// ResetAnchor makes the anchor of the log at logPath, in the file
// anchorPath, say that its first size bytes hold count records ending with
// the record line whose hash is head, and forgets a recorded cut: what
// ResetCheckpoint does for the checkpoint. Pass what a successful Verify
// reported (Report.End, Report.Entries, Report.Head). It writes while
// holding the log's lock, as Append does, and clears the loss witness
// (MissedExt).
func ResetAnchor(logPath, anchorPath string, size int64, count int, head string) error {
	if size < 0 || count < 0 || !isHex64([]byte(head)) || (size == 0) != (head == event.ZeroHash) || (size == 0) != (count == 0) {
		return errors.New("audit anchor: invalid size, count or head")
	}
	lf, err := lockLog(logPath+LockSuffix, true, LockTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(logPath), 0o700); err != nil {
			return fmt.Errorf("audit anchor: %w", err)
		}
		lf, err = lockLog(logPath+LockSuffix, true, LockTimeout)
	}
	if err != nil {
		return fmt.Errorf("audit anchor: %w", err)
	}
	err = writeAnchor(anchorPath, AnchorState{Checkpoint: Checkpoint{Size: size, Head: head}, Count: int64(count)})
	if err == nil {
		err = clearMissed(anchorPath) // the log as it is is the reference: its misses were seen
	}
	if uerr := unlockLog(lf); err == nil {
		err = uerr
	}
	if err != nil {
		return fmt.Errorf("audit anchor %s: %w", anchorPath, err)
	}
	return nil
}
