package audit

import (
	"crypto/sha256"
	"encoding/hex"
)

// Chain checks the hash chain of a log one line at a time, by the rule
// Verify applies: each record's prev_hash is the chain hash of the record
// line before it (64 zeros for the first); a torn line is not a link; any
// other line that is not a valid record, or is longer than MaxLineBytes,
// breaks the chain. It is for readers that see the lines one by one, such
// as the console's index, and holds no line: its outcome for the lines of
// a log is Verify's without the checkpoint and anchor (TestChainAsVerify).
//
// The zero Chain starts at the beginning of a log. A log read in parts
// (from the middle on, at once) is checked with a Chain per part, the later
// ones made by NewChainPart, joined in order with Join.
type Chain struct {
	// Lines is the number of lines given: the entry number of the last.
	Lines int
	// Records is the number of records linked before the chain broke.
	Records int
	// Err is the first entry that breaks the chain, as Verify would report
	// it; nil while the chain holds.
	Err *ChainError

	head [sha256.Size]byte // chain hash of the last linked record

	// A part: its first record's prev_hash and entry, for Join to check.
	part       bool
	firstEntry int
	firstPrev  [sha256.Size]byte
}

// NewChainPart returns a Chain for lines that follow other lines of the
// same log: its first record is linked when the part is joined.
func NewChainPart() *Chain { return &Chain{part: true} }

// Head is the chain hash of the last record linked, as lowercase hex: the
// prev_hash the next record must carry (64 zeros before the first).
func (c *Chain) Head() string { return hex.EncodeToString(c.head[:]) }

// Add takes the next line (without its newline) and what Scan made of it:
// scanErr, or the record's fields in f.
func (c *Chain) Add(line []byte, f *Fields, scanErr error) {
	c.Lines++
	if c.Err != nil {
		return
	}
	switch {
	case len(line) > MaxLineBytes:
		c.Err = &ChainError{Entry: c.Lines, Err: errLineTooLong()}
		return
	case scanErr != nil && isTorn(line):
		return // not a link: the next record chains from the one before
	case scanErr != nil:
		c.Err = &ChainError{Entry: c.Lines, Err: scanErr}
		return
	}
	var prev [sha256.Size]byte
	hex.Decode(prev[:], f.PrevHash) // Scan checked: 64 lowercase hex digits
	switch {
	case c.part && c.firstEntry == 0:
		c.firstEntry, c.firstPrev = c.Lines, prev
	case prev != c.head:
		c.Err = &ChainError{Entry: c.Lines, Err: ErrHashMismatch}
		return
	}
	c.head = sha256.Sum256(line)
	c.Records++
}

// AddLong takes the next line when it is too long to be read whole (over
// MaxLineBytes): it breaks the chain.
func (c *Chain) AddLong() {
	c.Lines++
	if c.Err == nil {
		c.Err = &ChainError{Entry: c.Lines, Err: errLineTooLong()}
	}
}

// Join appends the outcome of next, a part made by NewChainPart that
// checked the lines just after c's.
func (c *Chain) Join(next *Chain) {
	base := c.Lines
	c.Lines += next.Lines
	if c.Err != nil {
		return
	}
	if next.firstEntry != 0 && next.firstPrev != c.head {
		c.Err = &ChainError{Entry: base + next.firstEntry, Err: ErrHashMismatch}
		return
	}
	if next.Err != nil {
		c.Err = &ChainError{Entry: base + next.Err.Entry, Err: next.Err.Err}
	}
	if next.Records > 0 {
		c.head = next.head
	}
	c.Records += next.Records
}
