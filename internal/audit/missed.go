package audit

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// The loss witness. An Append that fails (the lock held past its wait, a
// file that cannot be written) leaves no record, and the chain, the
// checkpoint and the anchor all still hold: nothing would show that a call
// happened. So the failed append writes one line to a file beside the
// anchor (outside guard's directory, without the lock, which it could not
// take): VerifyWith reports those lines as ErrMissed until
// ResetAnchor (guard audit verify --reset-checkpoint) clears them.

// MissedExt ends the name of the loss witness, the anchor file's name with
// it appended.
const MissedExt = ".missed"

// maxMissed bounds the witness: past it a miss is not written, but the
// ones written are still reported.
const maxMissed = 64 << 10

// ErrMissed: appends failed, so the log lacks records of calls guard
// answered.
var ErrMissed = errors.New("guard could not record every call in the audit log")

// SourceMissed is AnchorError.Source for ErrMissed: the loss witness.
const SourceMissed = "missed"

// noteMissed writes a line to the loss witness of anchor: the record's
// time, hook and verdict, and why the append failed. Best effort: the
// caller reports the append's error.
func noteMissed(anchor, ts, hook, verdict string, cause error) {
	if anchor == "" {
		return
	}
	p := anchor + MissedExt
	if fi, err := os.Lstat(p); err == nil && (!fi.Mode().IsRegular() || fi.Size() > maxMissed) {
		return
	}
	f, err := openFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	line := strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, fmt.Sprintf("%.40s %.40s %.10s %.200s", ts, hook, verdict, cause))
	f.WriteString(line + "\n")
	f.Close()
}

// checkMissed returns an *AnchorError of kind ErrMissed when the loss
// witness of anchor holds lines: how many, and the last one's time.
func checkMissed(anchor string) error {
	if anchor == "" {
		return nil
	}
	b, err := os.ReadFile(anchor + MissedExt)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &AnchorError{Source: SourceMissed, Kind: ErrMissed, Detail: "its witness cannot be read: " + err.Error()}
	}
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil
	}
	lines := bytes.Split(b, []byte("\n"))
	last, _, _ := strings.Cut(string(lines[len(lines)-1]), " ")
	return &AnchorError{Source: SourceMissed, Kind: ErrMissed,
		Detail: fmt.Sprintf("%d append(s) failed, the last at %s", len(lines), last)}
}

// clearMissed removes the loss witness of anchor.
func clearMissed(anchor string) error {
	if err := os.Remove(anchor + MissedExt); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
