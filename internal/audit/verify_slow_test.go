package audit

import (
	"fmt"
	"io"

	"github.com/guardhq/guard/internal/event"
)

// verifySlow is the verifier before the fast path (verify): one line at a
// time, each parsed by Scan and hashed in turn. It is the reference that
// FuzzVerifyEquivalent and the tests compare verify with.
func verifySlow(r io.Reader, holds []hold, anchor *Anchor) (Report, error) {
	rep := Report{Head: event.ZeroHash}
	lr := NewReader(r)
	var f Fields
	seen := make([]held, len(holds))
	anchorOK := anchor == nil || anchor.Head == event.ZeroHash
	anchorSeen := false
	end := int64(0)
	for {
		l, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return rep, err
		}
		end = l.End
		if l.TooLong {
			return rep, &ChainError{Entry: l.Num, Err: fmt.Errorf("line over the %d-byte limit", MaxLineBytes)}
		}
		err = Scan(l.Bytes, &f)
		switch {
		case err != nil && isTorn(l.Bytes):
			// Not a link: the next record chains from the one before.
			rep.Torn = append(rep.Torn, l.Num)
			for i := range holds {
				if l.End == holds[i].Size {
					seen[i].seen = true // a checkpoint never ends at a torn line
				}
			}
			continue
		case err != nil:
			return rep, &ChainError{Entry: l.Num, Err: err}
		case string(f.PrevHash) != rep.Head:
			return rep, &ChainError{Entry: l.Num, Err: ErrHashMismatch}
		}
		rep.Entries++
		rep.Head = hashLine(l.Bytes)
		rep.End = l.End
		for i := range holds {
			if l.End == holds[i].Size {
				seen[i] = held{seen: true, ok: rep.Head == holds[i].Head, entries: rep.Entries}
			}
		}
		if anchor != nil && !anchorOK {
			switch {
			case anchor.Count == rep.Entries:
				anchorSeen, anchorOK = true, rep.Head == anchor.Head
			case anchor.Count < 0 && rep.Head == anchor.Head:
				anchorOK = true
			}
		}
	}
	if err := checkHolds(&rep, holds, seen, end); err != nil {
		return rep, err
	}
	if !anchorOK {
		return rep, anchorError(anchor, anchorSeen, rep.Entries)
	}
	return rep, nil
}
