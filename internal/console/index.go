package console

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
)

// A record's class packs in one byte what most filters need:
//
//	bits 0–1 hook (index in event.Hooks), bit 2 verdict (1 block),
//	bits 3–4 agent (a, b, c, other), bit 5 input_hash present.
const (
	verdictBit  = 1 << 2
	agentShift  = 3
	agentOther  = 3
	hasHashBit  = 1 << 5
	nClasses    = 64
	hookMask    = 3
	agentMask   = 3 << agentShift
	verdictMask = verdictBit
)

// maxNames bounds the distinct rule and repository names the index keeps;
// records with further names share overflowID, and a filter by such a name
// reads their lines to decide.
const (
	maxNames   = 4096
	overflowID = maxNames + 1
	otherRule  = "(other)"
)

// chunkSize is how much of the log one read takes while indexing.
const chunkSize = 1 << 20

// tailLen is how many bytes before the indexed end are kept to notice a log
// that was rewritten in place.
const tailLen = 64

// errChanged reports that the log changed under a read; the caller rebuilds.
var errChanged = errors.New("audit log changed while reading")

// Index is a compact, incrementally maintained index of an audit log. It
// keeps per record only its file offset and length, its time, a class byte,
// rule and repository ids, the first 8 bytes of its input_hash and its
// tokens_in (about 37 bytes), plus running totals and the state of the hash
// chain; the records themselves are read from the file, by offset, for the
// page being served.
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

	// The console's own record of the log (see observe), guarded by mu.
	seen *LogState // the furthest state seen
	lost *Problem  // the first state the log no longer held
	now  func() time.Time
}

// names interns rule or repository names: id 0 is the empty name.
type names struct {
	id   map[string]uint16
	name []string
}

func newNames() names { return names{id: map[string]uint16{"": 0}, name: []string{""}} }

// intern returns the id of name, overflowID once maxNames are kept.
func (n *names) intern(b []byte) uint16 {
	if len(b) == 0 {
		return 0 // an allow's rule: most records
	}
	if id, ok := n.id[string(b)]; ok {
		return id
	}
	if len(n.name) > maxNames {
		return overflowID
	}
	id := uint16(len(n.name))
	s := string(b)
	n.id[s] = id
	n.name = append(n.name, s)
	return id
}

// lookup returns the id of name: ok is false when it is not kept, and full
// then says whether it may still be among the overflowID records.
func (n *names) lookup(name string) (id uint16, ok, full bool) {
	id, ok = n.id[name]
	return id, ok, len(n.name) > maxNames
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
	rule  []uint16
	repo  []uint16
	hash  []uint64
	tok   []uint32 // tokens_in; bigTokens holds the value at index i when tok[i] is bigTokens' mark

	bigTokens map[int]int64

	counts  [nClasses]int64
	tokens  int64
	skipped int64
	minTS   int64
	maxTS   int64

	rules     names
	repos     names
	ruleCount []int64 // blocked records per rule id; overflowID counts at the end

	// chain checks the hash chain of the lines as they are read, by the
	// rule of `guard audit verify` (audit.Chain).
	chain audit.Chain

	fields audit.Fields // scratch space for consume
}

// bigTokensMark in state.tok says that the record's tokens_in is in
// state.bigTokens: at least this many, which no hook call counts.
const bigTokensMark = math.MaxUint32

// tokensAt is record i's tokens_in.
func (st *state) tokensAt(i int) int64 {
	if t := st.tok[i]; t != bigTokensMark {
		return int64(t)
	}
	return st.bigTokens[i]
}

// addTokens adds n to a token sum, stopping at math.MaxInt64.
func addTokens(sum, n int64) int64 {
	if sum > math.MaxInt64-n {
		return math.MaxInt64
	}
	return sum + n
}

func newState() *state {
	return &state{rules: newNames(), repos: newNames(), minTS: math.MaxInt64, maxTS: math.MinInt64}
}

// Open indexes the audit log at path. A missing log is an empty index that
// fills in once the file appears.
func Open(path string) (*Index, error) {
	x := &Index{path: path, st: newState(), now: time.Now}
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
			x.observe()
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
		x.observe()
		return nil
	}
	if fi.Size() == st.end {
		return nil
	}
	x.mu.Lock()
	n, skipped := len(st.off), st.skipped
	err = st.consume()
	if len(st.off) != n || st.skipped != skipped {
		x.gen++
	}
	x.mu.Unlock()
	if err != nil {
		return err
	}
	if len(st.off) != n {
		x.observe()
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

// parallelMin is the log size from which build indexes the two halves of
// the file at once (a variable so that tests can split small logs).
var parallelMin int64 = 16 << 20

// build indexes the log at path from the start. A large log is indexed in
// two halves at once when there is more than one CPU; the result is the
// same as reading it in one pass (TestParallelBuild).
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
	st.presize(fi.Size())
	if fi.Size() >= parallelMin && runtime.GOMAXPROCS(0) > 1 {
		ok, err := st.consumeHalves()
		if err != nil {
			f.Close()
			return nil, err
		}
		if ok {
			return st, nil
		}
		st = newState() // the halves could not be merged: one pass
		st.f, st.fi = f, fi
		st.presize(fi.Size())
	}
	if err := st.consume(); err != nil {
		f.Close()
		return nil, err
	}
	return st, nil
}

// presize makes the columns' room for a log of size bytes, guessing the
// record count from it, so that they grow once.
func (st *state) presize(size int64) {
	if n := size / 300; n > 0 && n < 1<<26 {
		st.off = make([]int64, 0, n)
		st.ln = make([]uint32, 0, n)
		st.ts = make([]int64, 0, n)
		st.class = make([]uint8, 0, n)
		st.rule = make([]uint16, 0, n)
		st.repo = make([]uint16, 0, n)
		st.hash = make([]uint64, 0, n)
		st.tok = make([]uint32, 0, n)
	}
}

// consumeHalves indexes the log from the start in two halves, the second on
// another goroutine, then appends the second to st. It reports false,
// leaving st to be rebuilt, when the halves cannot be merged exactly (one
// of them holds more distinct names than the index keeps) or the file has
// no line break past its middle.
func (st *state) consumeHalves() (bool, error) {
	mid, err := lineAfter(st.f, st.fi.Size()/2)
	if err != nil || mid <= 0 {
		return false, err
	}
	second := newState()
	second.f, second.fi, second.end = st.f, st.fi, mid
	second.chain = *audit.NewChainPart()
	second.presize(st.fi.Size() - mid)
	done := make(chan error, 1)
	go func() { done <- second.consume() }()
	err = st.consumeUntil(mid)
	if err2 := <-done; err == nil {
		err = err2
	}
	if err != nil {
		return false, err
	}
	if len(st.rules.name)+len(second.rules.name) > maxNames || len(st.repos.name)+len(second.repos.name) > maxNames {
		return false, nil
	}
	st.merge(second)
	return true, nil
}

// lineAfter returns the offset just after the first newline at or after
// off, or 0 when there is none.
func lineAfter(f io.ReaderAt, off int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for {
		n, err := f.ReadAt(buf, off)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return off + int64(i) + 1, nil
		}
		if err == io.EOF || n == 0 {
			return 0, nil
		}
		if err != nil {
			return 0, fmt.Errorf("read audit log: %w", err)
		}
		off += int64(n)
	}
}

// consumeUntil indexes the lines from end up to limit, which is just after
// a newline.
func (st *state) consumeUntil(limit int64) error {
	return st.consumeFrom(limitedFile{f: st.f, limit: limit})
}

// limitedFile is a file that ends at limit.
type limitedFile struct {
	f     io.ReaderAt
	limit int64
}

func (l limitedFile) ReadAt(p []byte, off int64) (int, error) {
	if off >= l.limit {
		return 0, io.EOF
	}
	if rest := l.limit - off; int64(len(p)) > rest {
		p = p[:rest]
	}
	return l.f.ReadAt(p, off)
}

// merge appends the records of next, which indexed the lines that follow
// st's, mapping its rule and repository ids onto st's names (both fit: see
// consumeHalves).
func (st *state) merge(next *state) {
	remap := func(into *names, from names) []uint16 {
		m := make([]uint16, len(from.name))
		for id, name := range from.name {
			m[id] = into.intern([]byte(name))
		}
		return m
	}
	rules, repos := remap(&st.rules, next.rules), remap(&st.repos, next.repos)
	base := len(st.tok)
	st.tok = append(st.tok, next.tok...)
	for i, n := range next.bigTokens {
		st.setBigTokens(base+i, n)
	}
	st.chain.Join(&next.chain)
	st.off = append(st.off, next.off...)
	st.ln = append(st.ln, next.ln...)
	st.ts = append(st.ts, next.ts...)
	st.class = append(st.class, next.class...)
	st.hash = append(st.hash, next.hash...)
	for _, id := range next.rule {
		st.rule = append(st.rule, rules[id])
	}
	for _, id := range next.repo {
		st.repo = append(st.repo, repos[id])
	}
	for c, n := range next.counts {
		st.counts[c] += n
	}
	st.tokens = addTokens(st.tokens, next.tokens)
	st.skipped += next.skipped
	st.minTS, st.maxTS = min(st.minTS, next.minTS), max(st.maxTS, next.maxTS)
	for id, n := range next.ruleCount {
		to := rules[id]
		for len(st.ruleCount) <= int(to) {
			st.ruleCount = append(st.ruleCount, 0)
		}
		st.ruleCount[to] += n
	}
	st.end, st.tail = next.end, next.tail
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
func (st *state) consume() error { return st.consumeFrom(st.f) }

// consumeFrom is consume reading from f (the file, or the first part of it).
func (st *state) consumeFrom(f io.ReaderAt) error {
	buf := make([]byte, chunkSize)
	pos := st.end
	skipping := false // inside a line longer than the buffer (> audit.MaxLineBytes)
	skipStart := int64(0)
	for {
		n, err := f.ReadAt(buf, pos)
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
			st.chain.AddLong()
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

// add indexes one line that starts at offset off. A line that is not a
// valid record — by the rule every reader of the log applies, audit.Scan —
// is skipped and counted.
func (st *state) add(line []byte, off int64) {
	f := &st.fields
	err := audit.Scan(line, f)
	st.chain.Add(line, f, err)
	if err != nil {
		st.skipped++
		return
	}
	c := classOf(f)
	st.off = append(st.off, off)
	st.ln = append(st.ln, uint32(len(line)))
	st.ts = append(st.ts, f.Time)
	st.class = append(st.class, c)
	ruleID := st.rules.intern(f.Rule)
	st.rule = append(st.rule, ruleID)
	st.repo = append(st.repo, st.repos.intern(f.Repo))
	st.hash = append(st.hash, hashPrefix(f.InputHash))
	if f.TokensIn < bigTokensMark {
		st.tok = append(st.tok, uint32(f.TokensIn))
	} else {
		st.tok = append(st.tok, 0)
		st.setBigTokens(len(st.tok)-1, f.TokensIn)
	}
	st.counts[c]++
	st.tokens = addTokens(st.tokens, f.TokensIn)
	st.minTS = min(st.minTS, f.Time)
	st.maxTS = max(st.maxTS, f.Time)
	if c&verdictBit != 0 {
		for len(st.ruleCount) <= int(ruleID) {
			st.ruleCount = append(st.ruleCount, 0)
		}
		st.ruleCount[ruleID]++
	}
}

// setBigTokens records that record i has n ≥ bigTokensMark tokens.
func (st *state) setBigTokens(i int, n int64) {
	if st.bigTokens == nil {
		st.bigTokens = map[int]int64{}
	}
	st.bigTokens[i] = n
	st.tok[i] = bigTokensMark
}

// classOf packs a valid record's hook, verdict, agent and whether it has an
// input_hash.
func classOf(f *audit.Fields) uint8 {
	var c uint8
	for i, h := range event.Hooks {
		if string(f.Hook) == h {
			c = uint8(i)
		}
	}
	if string(f.Verdict) == string(event.Block) {
		c |= verdictBit
	}
	a := uint8(agentOther)
	switch string(f.Agent) {
	case "a":
		a = 0
	case "b":
		a = 1
	case "c":
		a = 2
	}
	c |= a << agentShift
	if len(f.InputHash) > 0 {
		c |= hasHashBit
	}
	return c
}

// hashPrefix is the first 8 bytes of a (valid, lowercase hex) input_hash.
func hashPrefix(h []byte) uint64 {
	if len(h) < 16 {
		return 0
	}
	var v uint64
	for _, c := range h[:16] {
		v = v<<4 | uint64(nibble[c])
	}
	return v
}

// nibble is the value of a lowercase hex digit.
var nibble = func() (t [256]byte) {
	for i, c := range "0123456789abcdef" {
		t[c] = byte(i)
	}
	return t
}()

// Query selects events: a page of them, or all for an export.
type Query struct {
	Page   int
	Limit  int
	Filter audit.Filter
	// Format is "" for a page, FormatCSV or FormatJSONL for an export.
	Format string
}

// Page is the events page object of the console API.
type Page struct {
	Total  int64   `json:"total"`
	Page   int     `json:"page"`
	Limit  int     `json:"limit"`
	Events []Event `json:"events"`
}

// Event is one audit record as the console API shows it: the spec's fields,
// then the rest of the record.
type Event struct {
	TS            string   `json:"ts"`
	Hook          string   `json:"hook"`
	Verdict       string   `json:"verdict"`
	Rule          string   `json:"rule"`
	Reason        string   `json:"reason"`
	User          string   `json:"user"`
	Host          string   `json:"host"`
	Repo          string   `json:"repo"`
	InputHash     string   `json:"input_hash"`
	PrevHash      string   `json:"prev_hash"`
	TokensIn      int64    `json:"tokens_in"`
	PolicyVersion string   `json:"policy_version"`
	Agent         string   `json:"agent"`
	Event         string   `json:"event"`
	Tag           string   `json:"tag,omitempty"`
	Tool          string   `json:"tool,omitempty"`
	Action        string   `json:"action,omitempty"`
	Findings      []string `json:"findings,omitempty"`
}

func eventOf(f *audit.Fields) Event {
	return Event{
		TS: string(f.TS), Hook: string(f.Hook), Verdict: string(f.Verdict), Rule: string(f.Rule),
		Reason: string(f.Reason), User: string(f.User), Host: string(f.Host), Repo: string(f.Repo),
		InputHash: string(f.InputHash), PrevHash: string(f.PrevHash), TokensIn: f.TokensIn,
		PolicyVersion: string(f.PolicyVersion), Agent: string(f.Agent), Event: string(f.Event),
		Tag: string(f.Tag), Tool: string(f.Tool), Action: string(f.Action), Findings: f.Findings(),
	}
}

// matcher is a Filter compiled against one state: class mask, ids, time and
// hash bounds. When the columns cannot decide (a name past maxNames, a hash
// prefix longer than 16 digits), the record's line decides.
type matcher struct {
	f        audit.Filter
	mask     [nClasses]bool
	classes  bool // mask excludes something
	none     bool // nothing can match
	rule     int  // id, or -1 for any
	repo     int
	lineRule bool // records with overflowID rule must be read to decide
	lineRepo bool
	since    int64
	until    int64
	hashVal  uint64
	hashMask uint64
	lineHash bool // prefix longer than the column: read to decide
}

func (st *state) matcher(f audit.Filter) *matcher {
	m := &matcher{f: f, rule: -1, repo: -1}
	m.since, m.until = f.Bounds()
	for c := range nClasses {
		ok := true
		if f.Hook != "" && event.Hooks[c&hookMask] != f.Hook {
			ok = false
		}
		if f.Verdict != "" && (c&verdictBit != 0) != (f.Verdict == string(event.Block)) {
			ok = false
		}
		if f.Agent != "" {
			a := (c & agentMask) >> agentShift
			if a == agentOther || audit.Agents[a] != f.Agent {
				ok = false
			}
		}
		if f.HashPrefix != "" && c&hasHashBit == 0 {
			ok = false
		}
		m.mask[c] = ok
		m.classes = m.classes || !ok
	}
	idOf := func(n *names, name string, id *int, line *bool) {
		if name == "" {
			return
		}
		v, ok, full := n.lookup(name)
		switch {
		case ok:
			*id = int(v)
		case full:
			*id, *line = overflowID, true
		default:
			m.none = true
		}
	}
	idOf(&st.rules, f.Rule, &m.rule, &m.lineRule)
	idOf(&st.repos, f.Repo, &m.repo, &m.lineRepo)
	if p := f.HashPrefix; p != "" {
		digits := min(len(p), 16)
		v, _ := strconv.ParseUint(p[:digits], 16, 64)
		shift := uint(64 - 4*digits)
		m.hashVal, m.hashMask = v<<shift, ^uint64(0)<<shift
		m.lineHash = len(p) > 16
	}
	return m
}

// match says whether record i passes on its columns, and whether its line
// must still be read to be sure.
func (m *matcher) match(st *state, i int) (ok, readLine bool) {
	if m.classes && !m.mask[st.class[i]] {
		return false, false
	}
	if t := st.ts[i]; t < m.since || t >= m.until {
		return false, false
	}
	if m.rule >= 0 && int(st.rule[i]) != m.rule {
		return false, false
	}
	if m.repo >= 0 && int(st.repo[i]) != m.repo {
		return false, false
	}
	if m.hashMask != 0 && st.hash[i]&m.hashMask != m.hashVal {
		return false, false
	}
	return true, m.lineRule || m.lineRepo || m.lineHash
}

// onlyClasses reports whether the class counts alone give the total.
func (m *matcher) onlyClasses() bool {
	return m.rule < 0 && m.repo < 0 && m.hashMask == 0 && m.since == math.MinInt64 && m.until == math.MaxInt64
}

// Page returns one page of events, newest (last written) first.
func (x *Index) Page(q Query) (*Page, error) {
	return rebuildOnce(x, func() (*Page, error) { return x.page(q) })
}

// rebuildOnce returns what read returns; when the file changed between
// the index and the read (errChanged), it rebuilds the index and reads
// once more.
func rebuildOnce[T any](x *Index, read func() (T, error)) (T, error) {
	v, err := read()
	if errors.Is(err, errChanged) {
		x.refreshMu.Lock()
		err = x.refreshLocked(true)
		x.refreshMu.Unlock()
		if err != nil {
			var zero T
			return zero, err
		}
		v, err = read()
	}
	return v, err
}

func (x *Index) page(q Query) (*Page, error) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	st := x.st
	m := st.matcher(q.Filter)
	p := &Page{Page: q.Page, Limit: q.Limit, Events: []Event{}}
	if m.none || q.Page < 1 || q.Limit < 1 {
		return p, nil
	}
	skip := int64(q.Page-1) * int64(q.Limit)
	sel := make([]int, 0, min(q.Limit, 1024))
	var lf audit.Fields
	if m.onlyClasses() {
		all := true
		for c, ok := range m.mask {
			if ok {
				p.Total += st.counts[c]
			} else if st.counts[c] > 0 {
				all = false
			}
		}
		if skip >= p.Total {
			return p, nil
		}
		if all {
			for i := len(st.off) - 1 - int(skip); i >= 0 && len(sel) < q.Limit; i-- {
				sel = append(sel, i)
			}
		} else {
			seen := int64(0)
			for i := len(st.class) - 1; i >= 0 && len(sel) < q.Limit; i-- {
				if !m.mask[st.class[i]] {
					continue
				}
				if seen >= skip {
					sel = append(sel, i)
				}
				seen++
			}
		}
	} else {
		// One pass, newest first: the total, and the page on the way.
		for i := len(st.off) - 1; i >= 0; i-- {
			ok, readLine := m.match(st, i)
			if ok && readLine {
				var err error
				if ok, err = st.lineMatches(i, &m.f, &lf); err != nil {
					return nil, err
				}
			}
			if !ok {
				continue
			}
			if p.Total >= skip && len(sel) < q.Limit {
				sel = append(sel, i)
			}
			p.Total++
		}
	}
	lines, err := st.read(sel)
	if err != nil {
		return nil, err
	}
	p.Events = make([]Event, len(sel))
	for k, line := range lines {
		if audit.Scan(line, &lf) != nil {
			return nil, errChanged
		}
		p.Events[k] = eventOf(&lf)
	}
	return p, nil
}

// lineMatches reads record i and applies the whole filter to it.
func (st *state) lineMatches(i int, f *audit.Filter, lf *audit.Fields) (bool, error) {
	buf := make([]byte, st.ln[i])
	if _, err := st.f.ReadAt(buf, st.off[i]); err != nil {
		return false, errChanged
	}
	if audit.Scan(buf, lf) != nil {
		return false, errChanged
	}
	return f.Match(lf), nil
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

// Stats is the stats object of the console API, with what the charts and
// the filters need. Every count is of the records a StatsQuery selects.
type Stats struct {
	Total       int64   `json:"total"`
	Blocked     int64   `json:"blocked"`
	Allowed     int64   `json:"allowed"`
	BlockRate   float64 `json:"block_rate"`
	TokensTotal int64   `json:"tokens_total"`
	Skipped     int64   `json:"skipped"`
	// ByRule counts blocked events per rule under every filter but the rule
	// itself, so that the chart keeps offering the other rules.
	ByRule   []RuleCount `json:"by_rule"`
	Timeline Timeline    `json:"timeline"`
	// Rules and Repos list the names seen in the log (at most maxFacets
	// each, sorted), for the filters' suggestions.
	Rules []string `json:"rules"`
	Repos []string `json:"repos"`
	// LogTotal is the number of records in the whole log, whatever the
	// filters (added last: the fields before it keep their order).
	LogTotal int64 `json:"log_total"`
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

// maxFacets bounds Stats.Rules and Stats.Repos.
const maxFacets = 500

// StatsQuery selects the records Stats counts: those that pass Filter, the
// filter of /api/events. The zero StatsQuery counts the whole log.
type StatsQuery struct {
	Filter audit.Filter
	// Now (Unix milliseconds) ends an open time range in the timeline when
	// it is later than the newest record: "the last hour" reaches to now.
	Now int64
}

// Stats returns the counters and the chart data of the records q selects.
// For the whole log it is computed once per change of the index; with a
// filter, in one pass over the columns.
func (x *Index) Stats(q StatsQuery) (*Stats, error) {
	return rebuildOnce(x, func() (*Stats, error) { return x.statsOnce(q) })
}

func (x *Index) statsOnce(q StatsQuery) (*Stats, error) {
	whole := q.Filter.Empty()
	if whole {
		x.statsMu.Lock()
		defer x.statsMu.Unlock()
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if whole && x.stats != nil && x.statsGen == x.gen {
		return x.stats, nil
	}
	s, err := x.st.stats(q)
	if err != nil {
		return nil, err
	}
	if whole {
		x.stats, x.statsGen = s, x.gen
	}
	return s, nil
}

// stats counts the records q selects in one pass.
func (st *state) stats(q StatsQuery) (*Stats, error) {
	t := &tally{st: st, ruleCount: make([]int64, len(st.ruleCount)), tl: st.newTimeline(&q.Filter, q.Now)}
	if err := t.run(q.Filter); err != nil {
		return nil, err
	}
	s := &Stats{Skipped: st.skipped, LogTotal: int64(len(st.off))}
	for c, n := range t.classes {
		if c&verdictBit != 0 {
			s.Blocked += n
		} else {
			s.Allowed += n
		}
	}
	s.Total = s.Blocked + s.Allowed
	if s.Total > 0 {
		s.BlockRate = math.Round(float64(s.Blocked)*10000/float64(s.Total)) / 100
	}
	if t.tokens > math.MaxInt64 {
		s.TokensTotal = math.MaxInt64
	} else {
		s.TokensTotal = addTokens(t.big, int64(t.tokens))
	}
	s.ByRule = st.byRule(t.ruleCount)
	s.Timeline = t.tl.result()
	s.Rules = facet(st.rules.name[1:])
	s.Repos = facet(st.repos.name[1:])
	return s, nil
}

// tally counts the records a filter selects: per class, their tokens and
// their timeline, and the blocked ones per rule of those that pass the
// filter but perhaps its rule (the rules chart offers the other rules).
type tally struct {
	st        *state
	classes   [nClasses]int64
	tokens    uint64 // of the records below bigTokensMark: cannot wrap
	big       int64  // of the others, up to math.MaxInt64
	ruleCount []int64
	tl        *timeline
}

// count counts record i, which passes the whole filter.
func (t *tally) count(i int, c uint8, ts int64) {
	t.classes[c]++
	if n := t.st.tok[i]; n != bigTokensMark {
		t.tokens += uint64(n)
	} else {
		t.addBig(i)
	}
	t.tl.add(ts, c&verdictBit != 0)
}

func (t *tally) addBig(i int) { t.big = addTokens(t.big, t.st.bigTokens[i]) }

// run counts the records that pass f, in one pass over the columns; the
// lines of records the columns cannot decide on (a name past maxNames, a
// hash prefix longer than 16 digits) are read.
func (t *tally) run(f audit.Filter) error {
	st := t.st
	if f.Empty() {
		// The whole log: the running totals, and the timeline's pass.
		t.classes, t.big = st.counts, st.tokens
		copy(t.ruleCount, st.ruleCount)
		for i, ts := range st.ts {
			t.tl.add(ts, st.class[i]&verdictBit != 0)
		}
		return nil
	}
	noRule := f
	noRule.Rule = ""
	m, mr := st.matcher(f), st.matcher(noRule)
	if mr.none {
		return nil
	}
	rule := m.rule // the rule's id, -1 for any, -2 for a rule not in the log
	if f.Rule != "" && m.none {
		rule = -2
	}
	since, until := mr.since, mr.until
	if mr.repo < 0 && mr.hashMask == 0 && !m.lineRule {
		// The columns decide: the common case, kept tight.
		for i, ts := range st.ts {
			c := st.class[i]
			if !mr.mask[c] || ts < since || ts >= until {
				continue
			}
			if c&verdictBit != 0 {
				t.ruleCount[st.rule[i]]++
			}
			if rule == -1 || int(st.rule[i]) == rule {
				t.count(i, c, ts)
			}
		}
		return nil
	}
	var lf audit.Fields
	for i := range st.ts {
		ok, readLine := mr.match(st, i)
		if !ok {
			continue
		}
		inRule := rule == -1 || int(st.rule[i]) == rule
		if readLine || (inRule && m.lineRule) {
			// The columns cannot decide: the record's line does.
			var err error
			if ok, err = st.lineMatches(i, &noRule, &lf); err != nil {
				return err
			}
			if !ok {
				continue
			}
			inRule = f.Match(&lf)
		}
		c := st.class[i]
		if c&verdictBit != 0 {
			t.ruleCount[st.rule[i]]++
		}
		if inRule {
			t.count(i, c, st.ts[i])
		}
	}
	return nil
}

// facet returns up to maxFacets of names, sorted.
func facet(names []string) []string {
	out := slices.Clone(names)
	slices.Sort(out)
	if len(out) > maxFacets {
		out = out[:maxFacets]
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// byRule lists the rules by blocked count, most first (ties by name), the
// tail and the names past maxNames summed under otherRule.
func (st *state) byRule(counts []int64) []RuleCount {
	out := []RuleCount{}
	rest := int64(0)
	for id, n := range counts {
		switch {
		case n == 0:
		case id == overflowID:
			rest += n
		default:
			out = append(out, RuleCount{Rule: st.rules.name[id], Count: n})
		}
	}
	slices.SortFunc(out, func(a, b RuleCount) int {
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
	if len(out) > maxByRule || (rest > 0 && len(out) > maxByRule-1) {
		for _, r := range out[maxByRule-1:] {
			rest += r.Count
		}
		out = out[:maxByRule-1]
	}
	if rest > 0 {
		out = append(out, RuleCount{Rule: otherRule, Count: rest})
	}
	return out
}

// niceSteps are the timeline bucket widths, in milliseconds.
var niceSteps = []int64{
	1e3, 5e3, 15e3, 30e3, 60e3, 5 * 60e3, 15 * 60e3, 30 * 60e3,
	3600e3, 3 * 3600e3, 6 * 3600e3, 12 * 3600e3, 24 * 3600e3, 7 * 24 * 3600e3, 30 * 24 * 3600e3,
}

// timeline counts records into the buckets of a time span.
type timeline struct {
	start, step, hi int64
	allow, block    []int64

	// The bucket of the last record counted, [lo, lo+step): records come
	// mostly in time order, so most need no division.
	cur int64
	lo  int64
}

// newTimeline returns the buckets for f's time range: over the whole range
// when it is bounded (empty buckets included, so the chart spans what was
// asked; an open range ends at now or the newest record), else from the
// log's first record to its last, whatever the other filters select, so
// that the time axis stays put while they change.
func (st *state) newTimeline(f *audit.Filter, now int64) *timeline {
	lo, hi := st.minTS, st.maxTS
	if len(st.ts) == 0 {
		lo, hi = math.MaxInt64, math.MinInt64
	}
	since, until := f.Bounds()
	if !f.Since.IsZero() {
		lo = since
	}
	switch {
	case !f.Until.IsZero():
		hi = until - 1
	case !f.Since.IsZero():
		hi = max(hi, now)
	}
	if lo > hi {
		return &timeline{}
	}
	span := hi - lo
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
	start := lo - mod(lo, step)
	n := (hi-start)/step + 1
	return &timeline{start: start, step: step, hi: hi, allow: make([]int64, n), block: make([]int64, n), lo: math.MaxInt64}
}

// add counts a record at time t.
func (tl *timeline) add(t int64, block bool) {
	if t < tl.lo || t-tl.lo >= tl.step {
		if tl.step == 0 || t < tl.start || t > tl.hi {
			return
		}
		tl.cur = (t - tl.start) / tl.step
		tl.lo = tl.start + tl.cur*tl.step
	}
	if block {
		tl.block[tl.cur]++
	} else {
		tl.allow[tl.cur]++
	}
}

func (tl *timeline) result() Timeline {
	out := Timeline{StepMS: tl.step, Buckets: make([]Bucket, len(tl.allow))}
	for b := range out.Buckets {
		out.Buckets[b] = Bucket{T: tl.start + int64(b)*tl.step, Allow: tl.allow[b], Block: tl.block[b]}
	}
	return out
}

func mod(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}
