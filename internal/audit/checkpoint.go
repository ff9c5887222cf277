package audit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/lockfile"
)

// Checkpoint is guard's own record of the end of the log, kept in the lock
// file (path + LockSuffix) and rewritten by every Append while it holds the
// lock: after the append, the first Size bytes of the log end with the
// record line whose chain hash is Head. The chain cannot show records cut
// off its end; the checkpoint can, as long as it is not rewritten too.
type Checkpoint struct {
	// Size is the length of the log, in bytes, just after the last record
	// Append wrote (its newline included); 0 with Head event.ZeroHash for an
	// empty log.
	Size int64
	// Head is the chain hash of that record's line.
	Head string
	// Cut, when set, says that an Append found the log no longer holding the
	// previous checkpoint: records were cut off its end, or the log was
	// deleted, replaced or rotated. It is kept, through later appends, until
	// ResetCheckpoint.
	Cut *Cut
}

// Cut is the evidence an Append keeps when it finds the log cut.
type Cut struct {
	// TS is the ts of the record whose Append found it.
	TS string
	// Size and Head are the checkpoint that no longer held; Size is -1 (and
	// Head empty) when the checkpoint itself could not be read.
	Size int64
	Head string
	// Found is the size of the log the Append found.
	Found int64
	// Count is the number of records the anchor that no longer held
	// counted, -1 when not known; a checkpoint does not count records, so
	// its cuts always hold -1.
	Count int64
	// Missing (an anchor's cut only, with Size -1) says that the Append
	// found a log holding records with neither a checkpoint nor an anchor,
	// though guard writes both at a log's first append: the log's end was
	// changed by someone who removed both.
	Missing bool
}

// cutMissing stands for the head on an anchor's cut line when the cut is a
// Missing one: "cut <ts> - missing <found> <count>".
const cutMissing = "missing"

// checkpointLen is the fixed length of the checkpoint written at the start
// of the lock file: one write of the same length each time, so a shorter
// checkpoint never leaves bytes of a longer one behind.
const checkpointLen = 384

const checkpointMagic = "guard audit checkpoint 1"

// encodeCheckpoint returns cp in the lock file's text form, padded to
// checkpointLen:
//
//	guard audit checkpoint 1
//	size <bytes>
//	head <sha256>
//	cut <ts> <size or -> <head or -> <found>   (only after a cut)
func encodeCheckpoint(cp Checkpoint) []byte {
	b := make([]byte, 0, checkpointLen)
	b = append(b, checkpointMagic+"\nsize "...)
	b = strconv.AppendInt(b, cp.Size, 10)
	b = append(b, "\nhead "...)
	b = append(b, cp.Head...)
	b = append(b, '\n')
	if c := cp.Cut; c != nil {
		b = appendCut(b, c, c.TS, false)
	}
	for len(b) < checkpointLen-1 {
		b = append(b, ' ')
	}
	return append(b, '\n')
}

// errBadCheckpoint is returned for a lock file whose content is not a
// checkpoint.
var errBadCheckpoint = errors.New("checkpoint unreadable")

// decodeCheckpoint parses the lock file's content. ok is false for an empty
// one: a lock file written before checkpoints existed, or never written.
func decodeCheckpoint(b []byte) (cp Checkpoint, ok bool, err error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return cp, false, nil
	}
	lines := bytes.Split(bytes.TrimRight(b, " \n"), []byte{'\n'})
	if len(lines) < 3 || len(lines) > 4 || string(lines[0]) != checkpointMagic {
		return cp, false, errBadCheckpoint
	}
	size, ok1 := field(lines[1], "size")
	head, ok2 := field(lines[2], "head")
	if !ok1 || !ok2 || !isHex64(head) {
		return cp, false, errBadCheckpoint
	}
	n, err := strconv.ParseInt(string(size), 10, 64)
	if err != nil || n < 0 {
		return cp, false, errBadCheckpoint
	}
	cp = Checkpoint{Size: n, Head: string(head)}
	if len(lines) == 4 {
		if cp.Cut, ok = parseCut(lines[3], false); !ok {
			return Checkpoint{}, false, errBadCheckpoint
		}
	}
	return cp, true, nil
}

// appendCut writes a cut line, with ts as its first field:
//
//	cut <ts> <size or -> <head or -> <found>[ <count or ->]
//
// the count only withCount (an anchor's; a checkpoint counts no records).
func appendCut(b []byte, c *Cut, ts string, withCount bool) []byte {
	b = append(b, "cut "+ts+" "...)
	if c.Missing && withCount {
		b = append(b, "- "+cutMissing...)
	} else if c.Size < 0 {
		b = append(b, "- -"...)
	} else {
		b = strconv.AppendInt(b, c.Size, 10)
		b = append(b, ' ')
		b = append(b, c.Head...)
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, c.Found, 10)
	if withCount {
		b = append(b, ' ')
		b = appendCount(b, c.Count)
	}
	return append(b, '\n')
}

// parseCut parses a cut line written by appendCut; without a count field
// (withCount false) its Count is -1.
func parseCut(line []byte, withCount bool) (*Cut, bool) {
	f := bytes.Fields(line)
	want := 5
	if withCount {
		want = 6
	}
	if len(f) != want || string(f[0]) != "cut" {
		return nil, false
	}
	c := &Cut{TS: string(f[1]), Size: -1, Count: -1}
	var err error
	if withCount && string(f[2]) == "-" && string(f[3]) == cutMissing {
		c.Missing = true
	} else if string(f[2]) != "-" || string(f[3]) != "-" {
		if c.Size, err = strconv.ParseInt(string(f[2]), 10, 64); err != nil || c.Size < 0 || !isHex64(f[3]) {
			return nil, false
		}
		c.Head = string(f[3])
	}
	if c.Found, err = strconv.ParseInt(string(f[4]), 10, 64); err != nil || c.Found < 0 {
		return nil, false
	}
	if withCount {
		var ok bool
		if c.Count, ok = parseCount(f[5]); !ok {
			return nil, false
		}
	}
	return c, true
}

// field returns the value of a "name value" line.
func field(line []byte, name string) ([]byte, bool) {
	v, ok := bytes.CutPrefix(line, []byte(name+" "))
	return v, ok && len(v) > 0
}

// readCheckpoint reads the checkpoint from the open lock file.
func readCheckpoint(lf *os.File) (Checkpoint, bool, error) {
	var buf [checkpointLen]byte
	n, err := lf.ReadAt(buf[:], 0)
	if err != nil && err != io.EOF {
		return Checkpoint{}, false, err
	}
	return decodeCheckpoint(buf[:n])
}

// writeCheckpoint replaces the checkpoint in the open lock file with one
// write at offset 0.
func writeCheckpoint(lf *os.File, cp Checkpoint) error {
	if _, err := lf.WriteAt(encodeCheckpoint(cp), 0); err != nil {
		return fmt.Errorf("write checkpoint: %w", err)
	}
	return nil
}

// nextCheckpoint is the checkpoint after an append that found the log at
// size bytes with chain head prev (torn: ending without a newline) and wrote
// n bytes ending in the line whose hash is head. When the previous
// checkpoint no longer holds, the cut is kept as evidence.
func nextCheckpoint(f io.ReaderAt, old Checkpoint, oldOK bool, oldErr error, size int64, prev string, torn bool, ts string, n int64, head string) Checkpoint {
	next := Checkpoint{Size: size + n, Head: head}
	switch {
	case oldErr != nil:
		next.Cut = &Cut{TS: ts, Size: -1, Found: size, Count: -1}
	case !oldOK:
		// No checkpoint yet: a new log, or one written before checkpoints.
	case old.Cut != nil:
		next.Cut = old.Cut // the first cut stays until it is reset
	case !holds(f, old, size, prev, torn):
		next.Cut = &Cut{TS: ts, Size: old.Size, Head: old.Head, Found: size, Count: -1}
	}
	return next
}

// holds reports whether a log of size bytes, whose chain head is prev,
// still holds the checkpoint cp: its first cp.Size bytes end with the line
// whose hash is cp.Head. The usual case — nothing was written since — costs
// nothing; otherwise the line ending at cp.Size is read back.
func holds(f io.ReaderAt, cp Checkpoint, size int64, prev string, torn bool) bool {
	switch {
	case cp.Size == 0:
		return true
	case size == cp.Size && !torn && prev == cp.Head:
		return true
	case size < cp.Size:
		return false
	}
	h, t, err := lastLineHash(f, cp.Size)
	return err == nil && !t && h == cp.Head
}

// lockLog opens the lock file at path — for writing, creating it with mode
// 0600, when create is set, else read-only — and takes its lock, waiting at
// most wait. Uncontended it
// is one non-blocking call; a process that holds the lock too long makes it
// fail with ErrLockTimeout, and the attempt still pending then releases the
// lock as soon as it gets it.
func lockLog(path string, create bool, wait time.Duration) (*os.File, error) {
	flag := os.O_RDONLY | noFollow // to read the checkpoint: a copy of the log may be read-only
	if create {
		flag = os.O_RDWR | os.O_CREATE | noFollow
	}
	// No fstat to check it is a regular file (one system call less on
	// every hook call): a symbolic link is refused by the open, a directory
	// cannot be opened for writing, and a FIFO refuses the checkpoint's
	// positioned read and write (ESPIPE) at once, so Append fails, and the
	// hook blocks, without waiting or writing anywhere else.
	lf, err := openFile(path, flag, 0o600)
	if err != nil {
		return nil, err
	}
	ok, err := lockfile.TryLock(lf)
	if err != nil {
		lf.Close()
		return nil, err
	}
	if ok {
		return lf, nil
	}
	done := make(chan error, 1)
	go func() { done <- lockfile.Lock(lf) }()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case err := <-done:
		if err != nil {
			lf.Close()
			return nil, err
		}
		return lf, nil
	case <-t.C:
		go func() {
			if <-done == nil {
				lockfile.Unlock(lf)
			}
			lf.Close()
		}()
		return nil, fmt.Errorf("%w (waited %s for %s)", ErrLockTimeout, wait, filepath.Base(path))
	}
}

// unlockLog releases a lock taken by lockLog and closes the file.
func unlockLog(lf *os.File) error {
	uerr := lockfile.Unlock(lf)
	cerr := lf.Close()
	if uerr != nil {
		return uerr
	}
	return cerr
}

// ReadCheckpoint returns the checkpoint of the log at path; ok is false when
// there is none (no lock file, or one written before checkpoints). It takes
// the lock for the moment of the read, so it never sees a checkpoint half
// written.
func ReadCheckpoint(path string) (cp Checkpoint, ok bool, err error) {
	lf, err := lockLog(path+LockSuffix, false, LockTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return cp, false, nil
	}
	if err != nil {
		return cp, false, fmt.Errorf("audit checkpoint: %w", err)
	}
	defer unlockLog(lf)
	cp, ok, err = readCheckpoint(lf)
	if err != nil {
		return cp, false, fmt.Errorf("audit checkpoint %s: %w", lf.Name(), err)
	}
	return cp, ok, nil
}

// ResetCheckpoint makes the checkpoint of the log at path say that its first
// size bytes end with the record line whose hash is head, and forgets a
// recorded cut. Pass what a successful Verify reported (Report.End and
// Report.Head): after a rotation or restore that the person at the keyboard
// made, the new log becomes the reference.
func ResetCheckpoint(path string, size int64, head string) error {
	if size < 0 || !isHex64([]byte(head)) || (size == 0) != (head == event.ZeroHash) {
		return errors.New("audit checkpoint: invalid size or head")
	}
	lf, err := lockLog(path+LockSuffix, true, LockTimeout)
	if err != nil {
		return fmt.Errorf("audit checkpoint: %w", err)
	}
	err = writeCheckpoint(lf, Checkpoint{Size: size, Head: head})
	if uerr := unlockLog(lf); err == nil {
		err = uerr
	}
	if err != nil {
		return fmt.Errorf("audit checkpoint: %w", err)
	}
	return nil
}
