// Package audit writes and reads guard's append-only, hash-chained audit log.
//
// # Format
//
// The log is a file of lines, each one event.Record encoded as a JSON object
// (fields in the struct's order, HTML characters not escaped) and ended by a
// newline. Entry n is the n-th line of the file, counting from 1.
//
// # Chain
//
// Every record's prev_hash is the lowercase hex SHA-256 of the exact bytes of
// the line before it, newline excluded; the first record's is event.ZeroHash.
// Changing, removing, inserting or reordering a line therefore breaks the link
// at the entry that follows it, which Verify reports.
//
// # Concurrency and crashes
//
// Append serialises writers across processes with an exclusive lock on a
// sidecar file (path + ".lock"), reads the last line by seeking from the end
// and writes the new line with a single write call on a file opened with
// O_APPEND. A crash during that write can leave a torn last line with no
// newline; the next Append ends it with a newline and chains over it, and
// Verify reports it as torn rather than as tampering.
//
// # Checkpoint
//
// While it holds the lock, Append also rewrites a Checkpoint at the start
// of the lock file: the size of the log and the hash of the record it just
// wrote. Before that, it checks that the log still holds the previous
// checkpoint; if records were cut off its end (or the log was deleted or
// replaced), it keeps that evidence in the checkpoint until ResetCheckpoint.
// Verify reports a log that no longer holds its checkpoint, which the chain
// alone cannot show. See docs/AUDIT.md for what this protects against and
// what it cannot.
//
// # Anchor
//
// AppendWith can also keep an AnchorState: a second checkpoint that counts
// the records, in a file outside guard's directory (AnchorFile), brought up
// to date about every anchorEvery bytes. It outlives a log deleted together
// with its lock file, which takes the checkpoint with it.
//
// # Validity
//
// Scan is the one definition of a valid line, shared by every reader.
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
	"time"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
)

// LockSuffix is appended to the log's path to name the file that Append
// locks. A separate file keeps readers unaffected by the lock, including on
// Windows, where LockFileEx locks are mandatory.
const LockSuffix = ".lock"

// ErrNotRegular is returned for a log path that names something other than a
// regular file (a FIFO, a device, a directory): nothing is written to it or
// read from it.
var ErrNotRegular = regularfile.ErrNotRegular

// tailChunk is how much of the end of the log Append reads at first; a line
// of the usual few hundred bytes is found in one read.
const tailChunk = 4 << 10

// Append writes rec as one line at the end of the log at path and sets
// rec.PrevHash to the chain hash of the line before it (event.ZeroHash for
// the first record), overwriting any value the caller put there. It takes
// control characters out of rec.User, rec.Host and rec.Repo first (see
// cleanNames), so rec is what was written.
//
// The directory is created with mode 0700 and the file with mode 0600 when
// missing. The record must be valid (see ParseLine): a known hook, a verdict
// of allow or block, an RFC 3339 ts, hex hashes, no rule or reason on an
// allow. Safe for concurrent use by many processes.
func Append(path string, rec *event.Record) (err error) {
	return appendWithin(path, rec, AppendOptions{}, LockTimeout)
}

// AppendOptions are what AppendWith does besides Append's work.
type AppendOptions struct {
	// AnchorFile, when set, is the anchor file (see AnchorFile) that the
	// append brings up to date when one is due. The anchor is a second
	// line of evidence, not the record: a failure to write it does not fail
	// the append (guard doctor reports an anchor it cannot write).
	AnchorFile string
}

// AppendWith is Append, keeping the anchor opt names.
func AppendWith(path string, rec *event.Record, opt AppendOptions) error {
	return appendWithin(path, rec, opt, LockTimeout)
}

// appendWithin is AppendWith with a bound on the wait for the lock.
func appendWithin(path string, rec *event.Record, opt AppendOptions, wait time.Duration) (err error) {
	defer func() {
		if err != nil {
			noteMissed(opt.AnchorFile, rec.TS, rec.Hook, rec.Verdict, err) // the loss witness (missed.go)
		}
	}()
	lf, err := lockLog(path+LockSuffix, true, wait)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return fmt.Errorf("audit log %s: %w", path, err)
		}
		lf, err = lockLog(path+LockSuffix, true, wait)
	}
	if err != nil {
		return fmt.Errorf("audit log %s: %w", path, err)
	}
	defer func() {
		if rerr := unlockLog(lf); rerr != nil && err == nil {
			err = fmt.Errorf("audit log %s: %w", path, rerr)
		}
	}()

	f, err := openFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	if err := appendLocked(f, lf, rec, opt.AnchorFile); err != nil {
		f.Close()
		return fmt.Errorf("audit log %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return nil
}

// ErrLockTimeout is returned when another process held the log's lock for
// longer than LockTimeout.
var ErrLockTimeout = errors.New("another process has held the lock too long")

// LockTimeout bounds Append's wait for the lock. Writers hold it for well
// under a millisecond, so only a stuck or hostile process (a `flock` on
// audit.log.lock left running) makes it expire; Append then fails, and the
// hook call blocks instead of hanging until the agent gives up on it.
const LockTimeout = 10 * time.Second

// appendLocked does Append's work on an open log while the lock, held on
// the open lock file lf, is held: it appends the record, then the
// checkpoint, then, when one is due, the anchor in the file anchor ("" for
// none).
func appendLocked(f, lf *os.File, rec *event.Record, anchor string) error {
	old, oldOK, oldErr := readCheckpoint(lf)
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		// A FIFO or a device would swallow the record and look written.
		return ErrNotRegular
	}
	size := fi.Size()
	prev, torn, err := chainHead(f, size)
	if err != nil {
		return fmt.Errorf("read last line: %w", err)
	}
	rec.PrevHash = prev
	cleanNames(rec)
	line, err := encode(rec)
	if err != nil {
		return err
	}
	// Never write a line that a reader would reject.
	var fields Fields
	if err := Scan(line, &fields); err != nil {
		return err
	}
	buf := make([]byte, 0, len(line)+2)
	if torn {
		buf = append(buf, '\n')
	}
	buf = append(buf, line...)
	buf = append(buf, '\n')
	head := hashLine(line)
	n := int64(len(buf))
	next := nextCheckpoint(f, old, oldOK, oldErr, size, prev, torn, rec.TS, n, head)
	if _, err := f.Write(buf); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if err := writeCheckpoint(lf, next); err != nil {
		return err
	}
	cpFresh := oldErr != nil || !oldOK
	if anchor != "" && anchorDue(size, n, cpFresh, next.Cut != nil && (cpFresh || old.Cut == nil)) {
		_ = keepAnchor(anchor, f, size, prev, torn, rec.TS, n, head, cpFresh && size > 0) // see AppendOptions
	}
	return nil
}

// lastLineHash returns the chain hash of the last line of a log of size
// bytes, and whether that line is torn (not ended by a newline). It reads
// backwards from the end, so its cost depends on the length of the last line,
// not on the size of the log.
func lastLineHash(f io.ReaderAt, size int64) (sum string, torn bool, err error) {
	if size == 0 {
		return event.ZeroHash, false, nil
	}
	n := min(size, tailChunk)
	off := size - n
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, off); err != nil {
		return "", false, err
	}
	end := size // end of the last line, newline excluded
	torn = buf[n-1] != '\n'
	if !torn {
		buf = buf[:n-1]
		end--
	}
	if i := bytes.LastIndexByte(buf, '\n'); i >= 0 {
		return hashLine(buf[i+1:]), torn, nil
	}
	if off == 0 {
		return hashLine(buf), torn, nil
	}
	// A last line longer than tailChunk: only a damaged log has one. Find
	// where it starts, then hash it as a stream.
	start, err := lineStart(f, off)
	if err != nil {
		return "", false, err
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, start, end-start)); err != nil {
		return "", false, err
	}
	return hex.EncodeToString(h.Sum(nil)), torn, nil
}

// maxTornRun bounds how many torn lines in a row chainHead steps over. A
// crash leaves one; a longer run is a damaged or hostile log, and Append
// fails (the hook blocks) rather than read it all on every call.
const maxTornRun = 64

// chainHead returns the prev_hash the next record carries: the hash of the
// last line that is not a torn line, and whether the log ends without a
// newline. Torn lines hold no record and are not links of the chain: a
// record written after one chains from the record before it, so a torn line
// (which has lost its own prev_hash) cannot cut the chain in two — records
// before it stay bound to the head. In the usual case it costs one read of
// the last tailChunk bytes.
func chainHead(f io.ReaderAt, size int64) (sum string, torn bool, err error) {
	return chainHeadWindow(f, size, tailChunk)
}

// chainHeadWindow is chainHead reading windows of win bytes (tests use
// small ones to cross window boundaries).
func chainHeadWindow(f io.ReaderAt, size int64, win int) (sum string, torn bool, err error) {
	if size == 0 {
		return event.ZeroHash, false, nil
	}
	w := window{f: f, b: make([]byte, win)}
	if err := w.read(size); err != nil {
		return "", false, err
	}
	torn = w.b[len(w.b)-1] != '\n'
	end := size // end of the candidate line, newline excluded
	if !torn {
		end--
	}
	for range maxTornRun + 1 {
		line, start, err := w.line(end)
		if err != nil {
			return "", false, err
		}
		if line == nil {
			// Longer than a window: only a damaged log has one.
			if end-start > MaxLineBytes {
				// Over-long: not a torn line, and a link like any other.
				h, err := hashRange(f, start, end)
				return h, torn, err
			}
			line = make([]byte, end-start)
			if _, err := f.ReadAt(line, start); err != nil {
				return "", false, err
			}
		}
		if json.Valid(line) || !isTorn(line) {
			return hashLine(line), torn, nil
		}
		if start == 0 {
			return event.ZeroHash, torn, nil
		}
		end = start - 1
	}
	return "", false, fmt.Errorf("more than %d torn lines in a row at the end of the log", maxTornRun)
}

// window holds bytes [off, off+len(b)) of a file, read backwards from the end.
type window struct {
	f   io.ReaderAt
	off int64
	b   []byte
}

// read fills the window with the up to cap(b) bytes that end at end.
func (w *window) read(end int64) error {
	n := min(end, int64(cap(w.b)))
	w.off, w.b = end-n, w.b[:n]
	_, err := w.f.ReadAt(w.b, w.off)
	return err
}

// line returns the line that ends at end (newline excluded) and where it
// starts, reading a new window when the current one does not hold its
// start. A line longer than a window is returned as nil with its start.
func (w *window) line(end int64) ([]byte, int64, error) {
	for fresh := false; ; fresh = true {
		if end >= w.off && end <= w.off+int64(len(w.b)) {
			seg := w.b[:end-w.off]
			if i := bytes.LastIndexByte(seg, '\n'); i >= 0 {
				return seg[i+1:], w.off + int64(i) + 1, nil
			}
			if w.off == 0 {
				return seg, 0, nil
			}
			if fresh {
				start, err := lineStart(w.f, w.off)
				return nil, start, err
			}
		}
		if err := w.read(end); err != nil {
			return nil, 0, err
		}
	}
}

// hashRange returns the chain hash of bytes [start, end) of f, streamed.
func hashRange(f io.ReaderAt, start, end int64) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, start, end-start)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// lineStart returns the offset just after the last newline before off, or 0.
func lineStart(f io.ReaderAt, off int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for off > 0 {
		n := min(off, int64(len(buf)))
		off -= n
		if _, err := f.ReadAt(buf[:n], off); err != nil {
			return 0, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return off + int64(i) + 1, nil
		}
	}
	return 0, nil
}
