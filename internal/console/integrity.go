package console

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
)

// Integrity says whether the audit log's hash chain holds and whether the
// log still holds what guard's anchor and the console itself saw of it: the
// answer of GET /api/integrity and the "integrity" field of GET /api/stats.
type Integrity struct {
	// OK is false when Problems is not empty.
	OK bool `json:"ok"`
	// Chain is the check of the hash chain that `guard audit verify` makes,
	// which the console makes on every line as it reads it.
	Chain ChainState `json:"chain"`
	// Anchor is guard's anchor of the log as read now (see audit.AnchorState);
	// null when there is none (yet), or the console was not given one.
	Anchor *LogState `json:"anchor"`
	// Seen is the furthest state of the log the console has seen since it
	// started; null before it has seen a record.
	Seen *LogState `json:"seen"`
	// Problems lists a break in the chain, then what the log no longer
	// holds, the anchor's first.
	Problems []Problem `json:"problems"`
}

// ChainState is what the console's check of the hash chain found in the
// lines of the log it has read (a last line without its newline is not
// read yet).
type ChainState struct {
	// Intact is true when every line read holds the chain.
	Intact bool `json:"intact"`
	// Records is the number of records linked from the first: all of them
	// while the chain holds, those before Entry when it does not.
	Records int64 `json:"records"`
	// Head is the chain hash of the last of them (64 zeros for none): with
	// Records, what `guard audit verify` prints.
	Head string `json:"head"`
	// Entry is the first entry (line, from 1) that breaks the chain; 0
	// while it holds.
	Entry int `json:"entry,omitempty"`
}

// SourceChain is the Problem.Source of a break in the hash chain.
const SourceChain = "chain"

// chainState reports st's chain check, and its problem when it broke (the
// kinds and entry of `guard audit verify --json`).
func (st *state) chainState() (ChainState, *Problem) {
	c := &st.chain
	cs := ChainState{Intact: c.Err == nil, Records: int64(c.Records), Head: c.Head()}
	if c.Err == nil {
		return cs, nil
	}
	cs.Entry = c.Err.Entry
	p := &Problem{Source: SourceChain, Kind: "hash_mismatch"}
	if errors.Is(c.Err, audit.ErrHashMismatch) {
		p.Message = fmt.Sprintf("hash mismatch at entry %d: an entry was changed, removed, inserted or reordered at or just before it; entries %d and later cannot be trusted",
			cs.Entry, max(1, cs.Entry-1))
	} else {
		p.Kind = "invalid_record"
		p.Message = fmt.Sprintf("entry %d is not a valid audit record (%v); entries %d and later cannot be trusted", cs.Entry, c.Err.Err, cs.Entry)
	}
	return cs, p
}

// LogState is a state of the log: its first Size bytes hold Count records,
// the last with the chain hash Head. Count is -1 when guard's anchor could
// not count them.
type LogState struct {
	Count int64  `json:"count"`
	Size  int64  `json:"size"`
	Head  string `json:"head"`
	// At is when the console saw it (RFC 3339, UTC), for Integrity.Seen.
	At string `json:"at,omitempty"`
}

// Problem is a state of the log that it no longer holds.
type Problem struct {
	// Source is "anchor" (guard's anchor file) or "console" (what the
	// console saw).
	Source string `json:"source"`
	// Kind is log_missing, truncated, rewritten, cut, anchor_damaged,
	// checkpoint_missing (the kinds of `guard audit verify --json`) or
	// anchor_unreadable.
	Kind string `json:"kind"`
	// Message says what was held and what is found, with sizes, record
	// counts and hashes only.
	Message string `json:"message"`
	// Since is when the console noticed it (RFC 3339, UTC), for source
	// console; the problem stays until the console restarts.
	Since string `json:"since,omitempty"`
}

// SourceConsole is the Problem.Source of a loss the console saw itself.
const SourceConsole = "console"

// tip returns the state of st's end: its records, the offset just after
// the last one's newline, and that record's chain hash.
func (st *state) tip() (LogState, error) {
	n := len(st.off)
	if n == 0 {
		return LogState{Head: event.ZeroHash}, nil
	}
	head, err := st.lineHash(n - 1)
	if err != nil {
		return LogState{}, err
	}
	return LogState{Count: int64(n), Size: st.off[n-1] + int64(st.ln[n-1]) + 1, Head: head}, nil
}

// lineHash returns the chain hash of record i's line.
func (st *state) lineHash(i int) (string, error) {
	buf := make([]byte, st.ln[i])
	if _, err := st.f.ReadAt(buf, st.off[i]); err != nil {
		return "", errChanged
	}
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:]), nil
}

// endingAt finds the record whose line ends, newline included, at off: seen
// says there is one, ok that its chain hash is head, entry its number
// (from 1).
func (st *state) endingAt(off int64, head string) (seen, ok bool, entry int, err error) {
	n := len(st.off)
	i := sort.Search(n, func(i int) bool { return st.off[i]+int64(st.ln[i])+1 >= off })
	if i == n || st.off[i]+int64(st.ln[i])+1 != off {
		return false, false, 0, nil
	}
	h, err := st.lineHash(i)
	if err != nil {
		return false, false, 0, err
	}
	return true, h == head, i + 1, nil
}

// observe brings the console's own record of the log up to date after a
// refresh: when the log no longer holds the furthest state seen (it was
// deleted, cut or replaced), the first such loss is kept until the console
// restarts. Called with refreshMu held.
func (x *Index) observe() {
	x.mu.Lock()
	defer x.mu.Unlock()
	st := x.st
	cur, err := st.tip()
	if err != nil {
		return // the file changes under the read: the next refresh sees it
	}
	if s := x.seen; s != nil && x.lost == nil {
		if p := st.lostState(*s); p != nil {
			p.Since = x.now().UTC().Format(time.RFC3339)
			x.lost = p
		}
	}
	if cur.Count > 0 && (x.seen == nil || x.seen.Size != cur.Size || x.seen.Head != cur.Head) {
		cur.At = x.now().UTC().Format(time.RFC3339)
		x.seen = &cur
	}
}

// lostState reports how st no longer holds the state s the console saw,
// or nil when it holds it.
func (st *state) lostState(s LogState) *Problem {
	saw := fmt.Sprintf("at %s the console saw %s", s.At, audit.StateText(s.Count, s.Size, s.Head))
	p := &Problem{Source: SourceConsole}
	if st.f == nil {
		p.Kind, p.Message = "log_missing", audit.ErrLogMissing.Error()+": "+saw
		return p
	}
	seen, ok, entry, err := st.endingAt(s.Size, s.Head)
	switch {
	case err != nil:
		return nil
	case ok && int64(entry) == s.Count:
		return nil
	case st.end < s.Size:
		p.Kind = "truncated"
		p.Message = fmt.Sprintf("%s: it is %d bytes long, holding %d records, but %s", audit.ErrTruncated, st.end, len(st.off), saw)
	case seen && ok:
		p.Kind = "rewritten"
		p.Message = fmt.Sprintf("%s: record %s is record %d, but %s", audit.ErrRewritten, s.Head, entry, saw)
	default:
		p.Kind = "rewritten"
		p.Message = fmt.Sprintf("%s: %s", audit.ErrRewritten, saw)
	}
	return p
}

// Integrity reports whether the hash chain of the log, as last refreshed,
// holds, and whether the log still holds guard's anchor (read from
// anchorFile now; "" for none) and the furthest state the console has seen.
func (x *Index) Integrity(anchorFile string) Integrity {
	out := Integrity{OK: true, Problems: []Problem{}}
	x.mu.RLock()
	cs, p := x.st.chainState()
	x.mu.RUnlock()
	out.Chain = cs
	if p != nil {
		out.Problems = append(out.Problems, *p)
	}
	if anchorFile != "" {
		a, ok, err := audit.ReadAnchorUnlocked(x.path, anchorFile)
		x.mu.RLock()
		p := x.st.anchorProblem(a, ok, err)
		x.mu.RUnlock()
		if ok {
			out.Anchor = &LogState{Count: a.Count, Size: a.Size, Head: a.Head}
		} else if err == nil {
			p = x.bareProblem()
		}
		if p != nil {
			out.Problems = append(out.Problems, *p)
		}
	}
	x.mu.RLock()
	if x.seen != nil {
		s := *x.seen
		out.Seen = &s
	}
	if x.lost != nil {
		out.Problems = append(out.Problems, *x.lost)
	}
	x.mu.RUnlock()
	out.OK = len(out.Problems) == 0
	return out
}

// bareProblem reports a log that holds records with neither guard's
// anchor nor its checkpoint (read under the log's lock, only then), as
// `guard audit verify` does: guard writes both at a log's first append,
// so both were removed and the log may have been cut (FINDINGS58c C2).
func (x *Index) bareProblem() *Problem {
	x.mu.RLock()
	records := 0
	if x.st.f != nil {
		records = len(x.st.off)
	}
	x.mu.RUnlock()
	if records == 0 {
		return nil
	}
	if _, cpOK, err := audit.ReadCheckpoint(x.path); err != nil || cpOK {
		return nil
	}
	return &Problem{Source: audit.SourceAnchor, Kind: "checkpoint_missing",
		Message: fmt.Sprintf("%s: it holds %d records, but neither its lock file nor guard's anchor holds a state of it (guard writes both at a log's first append)", audit.ErrCheckpointMissing, records)}
}

// anchorProblem checks guard's anchor a (ok: there is one; err: reading it
// failed) against st, with the messages of `guard audit verify`.
func (st *state) anchorProblem(a audit.AnchorState, ok bool, err error) *Problem {
	p := &Problem{Source: audit.SourceAnchor}
	switch {
	case errors.Is(err, audit.ErrAnchorDamaged):
		p.Kind, p.Message = "anchor_damaged", audit.ErrAnchorDamaged.Error()+": it is not in the form guard writes"
		return p
	case err != nil:
		p.Kind, p.Message = "anchor_unreadable", "guard's anchor of the audit log cannot be read"
		return p
	case !ok:
		return nil
	}
	var seen, held bool
	var entry int
	if st.f != nil && a.Size > 0 {
		if seen, held, entry, err = st.endingAt(a.Size, a.Head); err != nil {
			return nil // the file changes under the read: the next request sees it
		}
	}
	var ae *audit.AnchorError
	if err := audit.CheckAnchor(a, st.f != nil, st.end, len(st.off), seen, held, entry); errors.As(err, &ae) {
		p.Kind, p.Message = ae.KindName(), ae.Error()
		return p
	}
	return nil
}

// Watch refreshes the index every interval until ctx is done, so that the
// console's own record of the log (Integrity.Seen) stays current while no
// one has the page open: a log deleted between two requests is still
// noticed. Errors are left for the next request to report.
func (x *Index) Watch(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = x.Refresh()
		}
	}
}
