package console

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"sync"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
)

// Hook and verdict classes. A record's class packs both in one byte:
// hook<<2 | verdict.
const (
	hookOther = uint8(4) // any hook name but the four of event.Hooks

	verdictAllow = uint8(0)
	verdictBlock = uint8(1)
	verdictOther = uint8(2) // e.g. redact: counted in total only

	nClasses = int(hookOther)<<2 | int(verdictOther) + 1
)

// maxRules bounds the distinct rule names kept for the threat chart; blocks
// by further rules are counted under otherRule.
const (
	maxRules  = 4096
	otherRule = "(other)"
)

// chunkSize is how much of the log one read takes while indexing.
const chunkSize = 1 << 20

// tailLen is how many bytes before the indexed end are kept to notice a log
// that was rewritten in place.
const tailLen = 64

// errChanged reports that the log changed under a read; the caller rebuilds.
var errChanged = errors.New("audit log changed while reading")

// Index is a compact, incrementally maintained index of an audit log. It
// keeps per record only its file offset and length, its time and a class
// byte (about 21 bytes), plus running totals; the records themselves are
// read from the file, by offset, for the page being served.
//
// Refresh brings it up to date: new lines are read from where the last read
// stopped, and a log that shrank, was replaced (another inode) or rewritten
// is indexed again from the start. An Index is safe for concurrent use.
type Index struct {
	path string

	refreshMu sync.Mutex // serialises Refresh
	mu        sync.RWMutex
	st        *state
	gen       uint64 // bumped whenever st changes; guarded by mu

	statsMu  sync.Mutex
	statsGen uint64
	stats    *Stats
}

// state is one generation of the index over one open file.
type state struct {
	f    *os.File
	fi   fs.FileInfo
	end  int64  // offset just past the last complete line read
	tail []byte // the bytes just before end

	off   []int64
	ln    []uint32
	ts    []int64
	class []uint8

	counts  [nClasses]int64
	tokens  int64
	skipped int64
	minTS   int64
	maxTS   int64

	ruleID    map[string]int32
	ruleName  []string
	ruleCount []int64
}

func newState() *state {
	return &state{ruleID: map[string]int32{}, minTS: math.MaxInt64, maxTS: math.MinInt64}
}

// Open indexes the audit log at path. A missing log is an empty index that
// fills in once the file appears.
func Open(path string) (*Index, error) {
	x := &Index{path: path, st: newState()}
	if err := x.Refresh(); err != nil {
		return nil, err
	}
	return x, nil
}

// Close releases the log file.
func (x *Index) Close() error {
	x.refreshMu.Lock()
	defer x.refreshMu.Unlock()
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.st.f != nil {
		err := x.st.f.Close()
		x.st = newState()
		x.gen++
		return err
	}
	return nil
}

// Refresh reads what was appended to the log since the last call, or
// rebuilds the index when the log was truncated, replaced or rewritten.
func (x *Index) Refresh() error {
	x.refreshMu.Lock()
	defer x.refreshMu.Unlock()
	return x.refreshLocked(false)
}

func (x *Index) refreshLocked(force bool) error {
	fi, err := os.Stat(x.path)
	if errors.Is(err, fs.ErrNotExist) {
		if x.st.f != nil {
			x.swap(newState())
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("audit log: %w", err) // err names the path
	}
	st := x.st
	if force || st.f == nil || !os.SameFile(st.fi, fi) || fi.Size() < st.end || !st.tailMatches() {
		ns, err := build(x.path)
		if err != nil {
			return err
		}
		x.swap(ns)
		return nil
	}
	if fi.Size() == st.end {
		return nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	n, skipped := len(st.off), st.skipped
	if err := st.consume(); err != nil {
		return err
	}
	if len(st.off) != n || st.skipped != skipped {
		x.gen++
	}
	return nil
}

func (x *Index) swap(ns *state) {
	x.mu.Lock()
	old := x.st
	x.st = ns
	x.gen++
	x.mu.Unlock()
	if old.f != nil {
		old.f.Close()
	}
}

// build indexes the log at path from the start.
func build(path string) (*state, error) {
	// Never wait on a FIFO or device in the log's place.
	f, err := regularfile.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return newState(), nil
		}
		return nil, fmt.Errorf("audit log: %w", err) // err names the path
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("audit log: %w", err) // err names the path
	}
	st := newState()
	st.f, st.fi = f, fi
	if n := fi.Size() / 300; n > 0 && n < 1<<26 {
		// Guess the record count from the size so the columns grow once.
		st.off = make([]int64, 0, n)
		st.ln = make([]uint32, 0, n)
		st.ts = make([]int64, 0, n)
		st.class = make([]uint8, 0, n)
	}
	if err := st.consume(); err != nil {
		f.Close()
		return nil, err
	}
	return st, nil
}

// tailMatches reports whether the bytes before end are still those indexed.
func (st *state) tailMatches() bool {
	if st.f == nil || len(st.tail) == 0 {
		return true
	}
	buf := make([]byte, len(st.tail))
	n, err := st.f.ReadAt(buf, st.end-int64(len(buf)))
	return n == len(buf) && (err == nil || err == io.EOF) && bytes.Equal(buf, st.tail)
}

// consume indexes the complete lines from end to the end of the file. An
// incomplete last line is left for a later call.
func (st *state) consume() error {
	buf := make([]byte, chunkSize)
	pos := st.end
	skipping := false // inside a line longer than the buffer (> maxLine)
	skipStart := int64(0)
	for {
		n, err := st.f.ReadAt(buf, pos)
		if err != nil && err != io.EOF {
			return fmt.Errorf("read audit log: %w", err)
		}
		if n == 0 {
			break
		}
		data := buf[:n]
		i := 0
		if skipping {
			j := bytes.IndexByte(data, '\n')
			if j < 0 {
				pos += int64(n)
				if n < len(buf) {
					break
				}
				continue
			}
			st.skipped++
			skipping = false
			i = j + 1
		}
		for {
			j := bytes.IndexByte(data[i:], '\n')
			if j < 0 {
				break
			}
			st.add(data[i:i+j], pos+int64(i))
			i += j + 1
		}
		if i == 0 && n == len(buf) {
			skipping, skipStart = true, pos
			pos += int64(n)
			continue
		}
		pos += int64(i)
		if n < len(buf) {
			break
		}
	}
	if skipping {
		// The long line has no newline yet: read it again from its start
		// next time, so that it is counted once, when it ends.
		return st.setEnd(skipStart)
	}
	return st.setEnd(pos)
}

func (st *state) setEnd(end int64) error {
	st.end = end
	k := int64(tailLen)
	if end < k {
		k = end
	}
	st.tail = st.tail[:0]
	if k == 0 {
		return nil
	}
	buf := make([]byte, k)
	if _, err := st.f.ReadAt(buf, end-k); err != nil && err != io.EOF {
		return fmt.Errorf("read audit log: %w", err)
	}
	st.tail = buf
	return nil
}

// add indexes one line that starts at offset off.
func (st *state) add(line []byte, off int64) {
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if len(bytes.TrimSpace(line)) == 0 {
		return
	}
	var f fields
	if parseLine(line, &f) != nil {
		st.skipped++
		return
	}
	h := hookClass(f.hook)
	v := verdictClass(f.verdict)
	c := h<<2 | v
	st.off = append(st.off, off)
	st.ln = append(st.ln, uint32(len(line)))
	st.ts = append(st.ts, f.tsMS)
	st.class = append(st.class, c)
	st.counts[c]++
	if st.tokens <= math.MaxInt64-f.tokens {
		st.tokens += f.tokens
	} else {
		st.tokens = math.MaxInt64
	}
	st.minTS = min(st.minTS, f.tsMS)
	st.maxTS = max(st.maxTS, f.tsMS)
	if v == verdictBlock {
		id, ok := st.ruleID[string(f.rule)]
		if !ok {
			name := string(f.rule)
			if len(st.ruleName) >= maxRules {
				name = otherRule
			}
			if id, ok = st.ruleID[name]; !ok {
				id = int32(len(st.ruleName))
				st.ruleID[name] = id
				st.ruleName = append(st.ruleName, name)
				st.ruleCount = append(st.ruleCount, 0)
			}
		}
		st.ruleCount[id]++
	}
}

func hookClass(b []byte) uint8 {
	for i, h := range event.Hooks {
		if string(b) == h {
			return uint8(i)
		}
	}
	return hookOther
}

func verdictClass(b []byte) uint8 {
	switch string(b) {
	case string(event.Allow):
		return verdictAllow
	case string(event.Block):
		return verdictBlock
	}
	return verdictOther
}

// Query selects one page of events. Verdict and Hook are empty for all.
type Query struct {
	Page    int
	Limit   int
	Verdict string
	Hook    string
}

// Page is the events page object of the console API.
type Page struct {
	Total  int64   `json:"total"`
	Page   int     `json:"page"`
	Limit  int     `json:"limit"`
	Events []Event `json:"events"`
}

// Event is one audit record as the console API shows it.
type Event struct {
	TS            string `json:"ts"`
	Hook          string `json:"hook"`
	Verdict       string `json:"verdict"`
	Rule          string `json:"rule"`
	Reason        string `json:"reason"`
	User          string `json:"user"`
	Host          string `json:"host"`
	Repo          string `json:"repo"`
	InputHash     string `json:"input_hash"`
	PrevHash      string `json:"prev_hash"`
	TokensIn      int64  `json:"tokens_in"`
	PolicyVersion string `json:"policy_version"`
	Agent         string `json:"agent"`
	Event         string `json:"event"`
}

// mask returns the classes a query matches.
func (q Query) mask() (m [nClasses]bool) {
	for c := range nClasses {
		h, v := uint8(c)>>2, uint8(c)&3
		if h > hookOther || v > verdictOther {
			continue
		}
		if q.Hook != "" && (h == hookOther || event.Hooks[h] != q.Hook) {
			continue
		}
		if q.Verdict != "" && (v == verdictOther || (v == verdictAllow) != (q.Verdict == string(event.Allow))) {
			continue
		}
		m[c] = true
	}
	return m
}

// Page returns one page of events, newest (last written) first.
func (x *Index) Page(q Query) (*Page, error) {
	p, err := x.page(q)
	if errors.Is(err, errChanged) {
		// The file changed between the index and the read: rebuild once.
		x.refreshMu.Lock()
		err = x.refreshLocked(true)
		x.refreshMu.Unlock()
		if err != nil {
			return nil, err
		}
		p, err = x.page(q)
	}
	return p, err
}

func (x *Index) page(q Query) (*Page, error) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	st := x.st
	m := q.mask()
	p := &Page{Page: q.Page, Limit: q.Limit, Events: []Event{}}
	all := true
	for c, ok := range m {
		if ok {
			p.Total += st.counts[c]
		} else if st.counts[c] > 0 {
			all = false
		}
	}
	skip := int64(q.Page-1) * int64(q.Limit)
	if q.Page < 1 || q.Limit < 1 || skip >= p.Total {
		return p, nil
	}
	sel := make([]int, 0, min(int64(q.Limit), p.Total-skip))
	if all {
		for i := len(st.off) - 1 - int(skip); i >= 0 && len(sel) < q.Limit; i-- {
			sel = append(sel, i)
		}
	} else {
		seen := int64(0)
		for i := len(st.class) - 1; i >= 0 && len(sel) < q.Limit; i-- {
			if !m[st.class[i]] {
				continue
			}
			if seen >= skip {
				sel = append(sel, i)
			}
			seen++
		}
	}
	lines, err := st.read(sel)
	if err != nil {
		return nil, err
	}
	p.Events = make([]Event, len(sel))
	for k, line := range lines {
		if err := decodeEvent(line, &p.Events[k]); err != nil {
			return nil, errChanged
		}
	}
	return p, nil
}

// read returns the lines of the selected records.
func (st *state) read(sel []int) ([][]byte, error) {
	if len(sel) == 0 {
		return nil, nil
	}
	lo, hi := int64(math.MaxInt64), int64(0)
	total := int64(0)
	for _, i := range sel {
		lo = min(lo, st.off[i])
		hi = max(hi, st.off[i]+int64(st.ln[i]))
		total += int64(st.ln[i])
	}
	out := make([][]byte, len(sel))
	if span := hi - lo; span <= 4*total || span <= 1<<20 {
		// Close together (an unfiltered or dense page): one read.
		buf := make([]byte, span)
		if _, err := st.f.ReadAt(buf, lo); err != nil {
			return nil, errChanged
		}
		for k, i := range sel {
			out[k] = buf[st.off[i]-lo : st.off[i]-lo+int64(st.ln[i])]
		}
		return out, nil
	}
	for k, i := range sel {
		buf := make([]byte, st.ln[i])
		if _, err := st.f.ReadAt(buf, st.off[i]); err != nil {
			return nil, errChanged
		}
		out[k] = buf
	}
	return out, nil
}

// decodeEvent decodes a line the index accepted. A field of an unexpected
// type is left empty rather than failing the page.
func decodeEvent(line []byte, e *Event) error {
	if err := json.Unmarshal(line, e); err == nil {
		return nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return err
	}
	*e = Event{}
	str := func(k string, dst *string) { _ = json.Unmarshal(raw[k], dst) }
	str("ts", &e.TS)
	str("hook", &e.Hook)
	str("verdict", &e.Verdict)
	str("rule", &e.Rule)
	str("reason", &e.Reason)
	str("user", &e.User)
	str("host", &e.Host)
	str("repo", &e.Repo)
	str("input_hash", &e.InputHash)
	str("prev_hash", &e.PrevHash)
	str("policy_version", &e.PolicyVersion)
	str("agent", &e.Agent)
	str("event", &e.Event)
	_ = json.Unmarshal(raw["tokens_in"], &e.TokensIn)
	return nil
}

// Stats is the stats object of the console API, with what the charts need.
type Stats struct {
	Total       int64       `json:"total"`
	Blocked     int64       `json:"blocked"`
	Allowed     int64       `json:"allowed"`
	BlockRate   float64     `json:"block_rate"`
	TokensTotal int64       `json:"tokens_total"`
	Skipped     int64       `json:"skipped"`
	ByRule      []RuleCount `json:"by_rule"`
	Timeline    Timeline    `json:"timeline"`
}

// RuleCount is the number of blocked events of one rule.
type RuleCount struct {
	Rule  string `json:"rule"`
	Count int64  `json:"count"`
}

// Timeline counts allowed and blocked events per time bucket.
type Timeline struct {
	StepMS  int64    `json:"step_ms"`
	Buckets []Bucket `json:"buckets"`
}

// Bucket is one time bucket; T is its start in Unix milliseconds.
type Bucket struct {
	T     int64 `json:"t"`
	Allow int64 `json:"allow"`
	Block int64 `json:"block"`
}

// maxByRule bounds the rules listed in Stats.ByRule; the rest are summed
// under otherRule.
const maxByRule = 20

// maxBuckets bounds the timeline.
const maxBuckets = 72

// Stats returns the counters and chart data. It is computed once per change
// of the index.
func (x *Index) Stats() *Stats {
	x.statsMu.Lock()
	defer x.statsMu.Unlock()
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.stats != nil && x.statsGen == x.gen {
		return x.stats
	}
	st := x.st
	s := &Stats{TokensTotal: st.tokens, Skipped: st.skipped, ByRule: []RuleCount{}}
	for c, n := range st.counts {
		s.Total += n
		switch uint8(c) & 3 {
		case verdictAllow:
			s.Allowed += n
		case verdictBlock:
			s.Blocked += n
		}
	}
	if s.Total > 0 {
		s.BlockRate = math.Round(float64(s.Blocked)*10000/float64(s.Total)) / 100
	}
	rest := int64(0) // blocks by rules past maxRules, and the tail of the list
	for i, name := range st.ruleName {
		if name == otherRule {
			rest += st.ruleCount[i]
			continue
		}
		s.ByRule = append(s.ByRule, RuleCount{Rule: name, Count: st.ruleCount[i]})
	}
	slices.SortFunc(s.ByRule, func(a, b RuleCount) int {
		if a.Count != b.Count {
			if a.Count > b.Count {
				return -1
			}
			return 1
		}
		if a.Rule < b.Rule {
			return -1
		}
		if a.Rule > b.Rule {
			return 1
		}
		return 0
	})
	if len(s.ByRule) > maxByRule || (rest > 0 && len(s.ByRule) > maxByRule-1) {
		for _, r := range s.ByRule[maxByRule-1:] {
			rest += r.Count
		}
		s.ByRule = s.ByRule[:maxByRule-1]
	}
	if rest > 0 {
		s.ByRule = append(s.ByRule, RuleCount{Rule: otherRule, Count: rest})
	}
	s.Timeline = st.timeline()
	x.stats, x.statsGen = s, x.gen
	return s
}

// niceSteps are the timeline bucket widths, in milliseconds.
var niceSteps = []int64{
	1e3, 5e3, 15e3, 30e3, 60e3, 5 * 60e3, 15 * 60e3, 30 * 60e3,
	3600e3, 3 * 3600e3, 6 * 3600e3, 12 * 3600e3, 24 * 3600e3, 7 * 24 * 3600e3, 30 * 24 * 3600e3,
}

func (st *state) timeline() Timeline {
	tl := Timeline{Buckets: []Bucket{}}
	if len(st.ts) == 0 {
		return tl
	}
	span := st.maxTS - st.minTS
	step := niceSteps[len(niceSteps)-1]
	for _, s := range niceSteps {
		if span/s < maxBuckets {
			step = s
			break
		}
	}
	if span/step >= maxBuckets {
		step = span/(maxBuckets-1) + 1
	}
	start := st.minTS - mod(st.minTS, step)
	n := (st.maxTS-start)/step + 1
	allow := make([]int64, n)
	block := make([]int64, n)
	for i, t := range st.ts {
		b := (t - start) / step
		switch st.class[i] & 3 {
		case verdictAllow:
			allow[b]++
		case verdictBlock:
			block[b]++
		}
	}
	tl.StepMS = step
	tl.Buckets = make([]Bucket, n)
	for b := range tl.Buckets {
		tl.Buckets[b] = Bucket{T: start + int64(b)*step, Allow: allow[b], Block: block[b]}
	}
	return tl
}

func mod(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}
