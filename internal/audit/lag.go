package audit

import (
	"errors"
	"fmt"
	"io/fs"
)

// AnchorLag compares guard's checkpoint of the log at logPath with its
// anchor in the file anchorPath, read together under the log's lock, and
// describes how they are out of step in a way Append never leaves them:
//
//   - the anchor is behind the stretch of anchorEvery bytes the checkpoint
//     ends in (Append brings it up to date each time the log crosses into
//     a new stretch): an older copy of the anchor was put back, or guard
//     could not write it;
//   - the anchor is missing while the log has crossed an update point:
//     it was deleted (or the log was written by a guard older than the
//     anchor);
//   - the checkpoint is behind the anchor: the lock file was put back from
//     an older copy.
//
// The chain and Verify cannot see these: every state involved is one the
// log still holds. It returns "" when they agree, or when there is nothing
// to compare (no checkpoint yet; a cut already recorded, which Verify
// reports). It changes nothing.
func AnchorLag(logPath, anchorPath string) (string, error) {
	lf, err := lockLog(logPath+LockSuffix, false, LockTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("audit checkpoint: %w", err)
	}
	defer unlockLog(lf)
	cp, ok, err := readCheckpoint(lf)
	if err != nil || !ok || cp.Cut != nil {
		return "", nil // damaged or cut: Verify's to report
	}
	a, aok, err := readAnchorFile(anchorPath)
	if err != nil {
		return "", nil // damaged: Verify's to report
	}
	return lag(cp, a, aok), nil
}

// lag is AnchorLag's judgement of a checkpoint cp and an anchor a (aok:
// there is one).
func lag(cp Checkpoint, a AnchorState, aok bool) string {
	switch {
	case !aok && cp.Size >= anchorEvery:
		return fmt.Sprintf("guard's anchor is missing, but the log has %d bytes and guard writes the anchor at least every %d: it was deleted, or guard could not write it", cp.Size, anchorEvery)
	case !aok || a.Cut != nil:
		return ""
	case a.Size > cp.Size:
		return fmt.Sprintf("guard's checkpoint (%d bytes) is behind its anchor (%d bytes): the lock file was put back from an older copy", cp.Size, a.Size)
	case a.Size/anchorEvery < cp.Size/anchorEvery:
		return fmt.Sprintf("guard's anchor (%s) is behind the log's last append (%d bytes): an older copy of the anchor was put back, or guard could not write it",
			StateText(a.Count, a.Size, a.Head), cp.Size)
	}
	return ""
}
