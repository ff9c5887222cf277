package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

// chunkSize is how many bytes verify reads at a time: a chunk holds the
// whole lines among them, and the start of a line they cut is carried into
// the next chunk.
const chunkSize = 1 << 20

// verify checks the chain of the log read from r and that it still holds
// each of holds (guard's checkpoint and anchor) and, when given, the
// anchor.
//
// It reads the log in chunks of whole lines. Workers, one per core (at most
// four), each take a chunk and check and hash its lines, while verify links
// the chunks' lines in order: the chain is checked on every core, in memory
// bounded by a few chunks. A line in the form Append writes is checked field
// by field (fastLine); any other line goes to Scan, and isTorn, as before.
// The outcome — report, error and the entry it names — is the one of
// checking the lines one at a time (FuzzVerifyEquivalent).
func verify(r io.Reader, holds []hold, anchor *Anchor) (Report, error) {
	return verifyChunks(r, holds, anchor, chunkSize, min(max(runtime.GOMAXPROCS(0), 1), 4))
}

// verifyChunks is verify reading size bytes at a time, with nworkers
// workers.
func verifyChunks(r io.Reader, holds []hold, anchor *Anchor, size, nworkers int) (rep Report, err error) {
	p := startPipeline(r, size, nworkers)
	defer p.stop()
	// head is the chain hash of the last record, as raw bytes; rep.Head is
	// set from it on every return.
	var head [sha256.Size]byte
	defer func() { rep.Head = hex.EncodeToString(head[:]) }()

	seen, sums := make([]held, len(holds)), holdSums(holds)
	anchorOK := anchor == nil || anchor.Head == event.ZeroHash
	anchorSeen := false
	var anchorSum [sha256.Size]byte
	anchorHex := anchor != nil && isHex64([]byte(anchor.Head))
	if anchorHex {
		hex.Decode(anchorSum[:], []byte(anchor.Head))
	}
	num := 0        // the number of the last line linked
	end := int64(0) // the offset just after it
	for c := range p.order {
		<-c.done
		switch {
		case c.tooLong:
			return rep, &ChainError{Entry: num + 1, Err: errLineTooLong()}
		case c.readErr != nil:
			return rep, c.readErr
		}
		rec := 0 // the index of the next record in c.sums and c.prevs
		for _, l := range c.lines {
			num++
			e := c.base + int64(l&lineEndMask)
			switch l >> lineKindShift {
			case lineLong:
				return rep, &ChainError{Entry: num, Err: errLineTooLong()}
			case lineBad:
				return rep, &ChainError{Entry: num, Err: c.err}
			case lineTorn:
				// Not a link: the next record chains from the one before.
				rep.Torn = append(rep.Torn, num)
				end = e
				for i := range holds {
					if e == holds[i].Size {
						seen[i].seen = true // a checkpoint never ends at a torn line
					}
				}
				continue
			}
			end = e
			if c.prevs[rec] != head {
				return rep, &ChainError{Entry: num, Err: ErrHashMismatch}
			}
			head = c.sums[rec]
			rec++
			rep.Entries++
			rep.End = e
			for i := range holds {
				if e == holds[i].Size {
					seen[i] = held{seen: true, ok: head == sums[i], entries: rep.Entries}
				}
			}
			if anchor != nil && !anchorOK {
				switch {
				case anchor.Count == rep.Entries:
					anchorSeen, anchorOK = true, anchorHex && head == anchorSum
				case anchor.Count < 0 && anchorHex && head == anchorSum:
					anchorOK = true
				}
			}
		}
		p.release(c)
	}
	if err := checkHolds(&rep, holds, seen, end); err != nil {
		return rep, err
	}
	if !anchorOK {
		return rep, anchorError(anchor, anchorSeen, rep.Entries)
	}
	return rep, nil
}

// holdSums decodes the head of each hold.
func holdSums(holds []hold) [][sha256.Size]byte {
	sums := make([][sha256.Size]byte, len(holds))
	for i, h := range holds {
		hex.Decode(sums[i][:], []byte(h.Head))
	}
	return sums
}

func errLineTooLong() error { return fmt.Errorf("line over the %d-byte limit", MaxLineBytes) }

// The kinds of line in a checked chunk, kept in the top bits of
// chunk.lines, below them the offset just after the line.
const (
	lineRecord = iota // a valid record: its hashes are in sums and prevs
	lineTorn          // a torn line
	lineBad           // not a valid record: err says why; the chunk's last line
	lineLong          // over MaxLineBytes; the chunk's last line

	lineKindShift = 30
	lineEndMask   = 1<<lineKindShift - 1
)

// A chunk is a run of whole lines of the log and, once a worker has checked
// it (done closed), what they are. A chunk without data ends the log: its
// next line is over MaxLineBytes (tooLong), or reading failed (readErr).
type chunk struct {
	buf  []byte // what data is read into; nil for a chunk that ends the log
	data []byte // whole lines, each ending in '\n' but the log's last
	base int64  // the offset of data in the log

	lines []uint32            // per line: its kind and the offset just after it in data
	sums  [][sha256.Size]byte // per record: the SHA-256 of its line
	prevs [][sha256.Size]byte // per record: its prev_hash, decoded
	err   error               // why the line of kind lineBad is not a record

	tooLong bool
	readErr error
	done    chan struct{}
}

// check checks and hashes the lines of c, stopping after the first that
// ends the verification (lineBad, lineLong).
func (c *chunk) check(f *Fields) {
	c.lines, c.sums, c.prevs, c.err = c.lines[:0], c.sums[:0], c.prevs[:0], nil
	d := c.data
	for start := 0; start < len(d); {
		line, end := d[start:], len(d)
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line, end = line[:i], start+i+1
		}
		kind := c.line(line, f)
		c.lines = append(c.lines, uint32(kind)<<lineKindShift|uint32(end))
		if kind >= lineBad {
			return
		}
		start = end
	}
}

// line checks one line, as verifySlow would, and returns its kind.
func (c *chunk) line(line []byte, f *Fields) int {
	if len(line) > MaxLineBytes {
		return lineLong
	}
	var prev [sha256.Size]byte
	if !fastLine(line, &prev) {
		if err := Scan(line, f); err != nil {
			if isTorn(line) {
				return lineTorn
			}
			c.err = err
			return lineBad
		}
		hex.Decode(prev[:], f.PrevHash) // Scan checked: 64 lowercase hex digits
	}
	c.prevs = append(c.prevs, prev)
	c.sums = append(c.sums, sha256.Sum256(line))
	return lineRecord
}

// pipeline moves chunks from the reader to the workers (work) and, in the
// log's order, to verify (order), which gives them back (free).
type pipeline struct {
	free, work, order chan *chunk
	quit              chan struct{}
	wg                sync.WaitGroup
	made              int // chunks made so far, at most cap(free)
}

func startPipeline(r io.Reader, size, nworkers int) *pipeline {
	nbuf := nworkers + 2 // one being read, one being linked, one per worker
	p := &pipeline{
		free:  make(chan *chunk, nbuf),
		work:  make(chan *chunk, nbuf),
		order: make(chan *chunk, nbuf+1), // every chunk and the one ending the log
		quit:  make(chan struct{}),
	}
	p.wg.Add(1 + nworkers)
	go func() {
		defer p.wg.Done()
		defer close(p.order)
		defer close(p.work)
		p.read(r, size)
	}()
	for range nworkers {
		go func() {
			defer p.wg.Done()
			var f Fields
			for c := range p.work {
				select {
				case <-p.quit:
				default:
					c.check(&f)
				}
				close(c.done)
			}
		}()
	}
	return p
}

// stop ends the pipeline, also before the log has been read to its end,
// and returns once no goroutine of it reads r or a chunk.
func (p *pipeline) stop() {
	close(p.quit)
	p.wg.Wait()
}

// release gives a linked chunk back to the reader.
func (p *pipeline) release(c *chunk) {
	p.free <- c // never blocks: cap(free) chunks are ever made
}

// get returns a chunk to read into: a free one, or a new one while fewer
// than cap(free) exist; nil once verify has stopped.
func (p *pipeline) get(size int) *chunk {
	select {
	case <-p.quit:
		return nil
	case c := <-p.free:
		return c
	default:
	}
	if p.made < cap(p.free) {
		p.made++
		// A chunk holds a carried line start of at most MaxLineBytes and
		// size bytes more.
		return &chunk{buf: make([]byte, size+MaxLineBytes+1)}
	}
	select {
	case <-p.quit:
		return nil
	case c := <-p.free:
		return c
	}
}

// send passes a chunk of lines at offset base to the workers and to verify.
func (p *pipeline) send(c *chunk, base int64) {
	c.base = base
	c.done = make(chan struct{})
	p.work <- c // neither blocks: there are never more chunks than room
	p.order <- c
}

// end passes verify the chunk that ends the log: after the lines sent, a
// line over MaxLineBytes (err nil or io.EOF), or the read error err.
func (p *pipeline) end(err error) {
	c := &chunk{done: make(chan struct{})}
	if err == nil || err == io.EOF {
		c.tooLong = true
	} else {
		c.readErr = err
	}
	close(c.done)
	p.order <- c
}

// read splits the log into chunks of whole lines. Like the Reader verifySlow
// used, it hands on every whole line read before a read error, and treats a
// line over MaxLineBytes as the end without holding it.
func (p *pipeline) read(r io.Reader, size int) {
	var carry []byte // the start of a line the last chunk cut
	base := int64(0)
	for {
		c := p.get(size)
		if c == nil {
			return
		}
		buf := c.buf
		filled := copy(buf, carry) // the carry holds no newline
		scanned := filled
		nl := -1 // the last newline in buf
		var rerr error
		for {
			want := min(len(buf), filled+size)
			for filled < want && rerr == nil {
				var n int
				n, rerr = readSome(r, buf[filled:want])
				filled += n
			}
			if i := bytes.LastIndexByte(buf[scanned:filled], '\n'); i >= 0 {
				nl = scanned + i
				break
			}
			scanned = filled
			if rerr != nil || filled > MaxLineBytes {
				break
			}
		}
		switch {
		case nl >= 0:
			c.data, carry = buf[:nl+1], buf[nl+1:filled]
			if rerr == io.EOF {
				c.data, carry = buf[:filled], nil // with the last line, if it has no newline
			}
			p.send(c, base)
			base += int64(len(c.data))
			switch {
			case rerr == io.EOF:
				return
			case rerr != nil:
				p.end(rerr) // the cut line is not read whole
				return
			case len(carry) > MaxLineBytes:
				p.end(skipLine(r, make([]byte, 64<<10)))
				return
			}
		case filled > MaxLineBytes: // a line with no newline yet is already too long
			if rerr == nil {
				rerr = skipLine(r, buf)
			}
			p.end(rerr)
			return
		case rerr == io.EOF: // the last line, with no newline
			if filled > 0 {
				c.data = buf[:filled]
				p.send(c, base)
			}
			return
		default:
			p.end(rerr)
			return
		}
	}
}

// maxEmptyReads is how many reads in a row may return nothing, as in bufio.
const maxEmptyReads = 100

var errNegativeRead = errors.New("audit log: reader returned a negative count")

// readSome reads into b until it gets a byte or an error, failing as bufio
// does on a reader that returns neither.
func readSome(r io.Reader, b []byte) (int, error) {
	for range maxEmptyReads {
		n, err := r.Read(b)
		if n < 0 || n > len(b) {
			return 0, errNegativeRead
		}
		if n > 0 || err != nil {
			return n, err
		}
	}
	return 0, io.ErrNoProgress
}

// skipLine reads past the rest of a line over MaxLineBytes, into scratch.
// It returns nil at its newline, else the error that ended it (io.EOF at
// the end of the log).
func skipLine(r io.Reader, scratch []byte) error {
	for {
		n, err := readSome(r, scratch)
		if bytes.IndexByte(scratch[:n], '\n') >= 0 {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// fastLine reports whether line is a valid record written in the form
// Append writes — event.Record's fields in its order, no white space, no
// escapes in the values that Scan checks — and puts its prev_hash, decoded,
// in prev. It never accepts a line that Scan rejects, nor gives another
// prev_hash (FuzzFastLine); a line it does not accept goes to Scan.
func fastLine(line []byte, prev *[sha256.Size]byte) bool {
	if len(line) > MaxLineBytes || !utf8.Valid(line) {
		return false
	}
	s := scanner{b: line}
	if !s.lit(`{"ts":"`) || len(line)-s.i < 25 || line[s.i+24] != '"' {
		return false
	}
	if ts := line[s.i : s.i+24]; !isAppendTime(ts) {
		return false
	} else if _, ok := appendClock(ts); !ok {
		return false
	}
	s.i += 25
	if !s.lit(`,"hook":"`) || !s.name(event.Hooks) || !s.lit(`,"verdict":"`) {
		return false
	}
	switch {
	case s.lit(`allow","rule":"","reason":""`):
	case s.lit(`block","rule":`) && s.anyStr() && s.lit(`,"reason":`) && s.anyStr():
	default:
		return false
	}
	if !s.lit(`,"user":`) || !s.anyStr() || !s.lit(`,"host":`) || !s.anyStr() ||
		!s.lit(`,"repo":`) || !s.anyStr() || !s.lit(`,"input_hash":"`) {
		return false
	}
	if !s.eat('"') {
		if len(line)-s.i < 65 || !isHex64(line[s.i:s.i+64]) || line[s.i+64] != '"' {
			return false
		}
		s.i += 65
	}
	if !s.lit(`,"prev_hash":"`) || len(line)-s.i < 65 || !decodeHex64(prev, line[s.i:s.i+64]) || line[s.i+64] != '"' {
		return false
	}
	s.i += 65
	if !s.lit(`,"tokens_in":`) || !s.count() || !s.lit(`,"policy_version":`) || !s.anyStr() ||
		!s.lit(`,"agent":`) || !s.anyStr() || !s.lit(`,"event":`) || !s.anyStr() {
		return false
	}
	for _, k := range optionalKeys {
		if s.lit(k) && !s.anyStr() {
			return false
		}
	}
	if s.lit(`,"findings":[`) && !s.eat(']') {
		for {
			if !s.anyStr() {
				return false
			}
			if s.eat(']') {
				break
			}
			if !s.eat(',') {
				return false
			}
		}
	}
	return s.i == len(line)-1 && line[s.i] == '}'
}

// optionalKeys are the string fields Append leaves out when empty, in its
// order, as a line holds them after the field before.
var optionalKeys = []string{`,"tag":`, `,"tool":`, `,"action":`}

// anyStr moves past one JSON string, checking its syntax.
func (s *scanner) anyStr() bool {
	_, ok := s.skipStr()
	return ok
}

// name moves past one of names and the quote that ends it.
func (s *scanner) name(names []string) bool {
	for _, n := range names {
		if s.lit(n) {
			if s.eat('"') {
				return true
			}
			s.i -= len(n)
		}
	}
	return false
}

// count moves past a whole number as Append writes tokens_in: no sign, no
// leading zero, at most math.MaxInt64.
func (s *scanner) count() bool {
	if s.eat('0') {
		return true
	}
	start := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	const maxInt64 = "9223372036854775807"
	n := s.i - start
	return n > 0 && (n < len(maxInt64) || n == len(maxInt64) && string(s.b[start:s.i]) <= maxInt64)
}

// decodeHex64 decodes 64 lowercase hex digits into dst, reporting whether
// they were.
func decodeHex64(dst *[sha256.Size]byte, src []byte) bool {
	src = src[:64]
	bad := byte(0)
	for i := range dst {
		hi, lo := unhex[src[2*i]], unhex[src[2*i+1]]
		bad |= hi | lo
		dst[i] = hi<<4 | lo
	}
	return bad < 16
}

// unhex is the value of each lowercase hex digit, 0xff for every other
// byte.
var unhex = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for i, c := range "0123456789abcdef" {
		t[c] = byte(i)
	}
	return t
}()
