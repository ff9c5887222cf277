package secret

import "strings"

// Wrapped blocks: a token folded at a fixed width (fold -w10, a pager or a
// terminal's narrow column) is lines of one length, the last maybe
// shorter; no rule matches a piece. Such a block is read once more with
// its line ends taken out, a layer whose bytes map back to the text.

// The widths read as a wrap, and the fewest bytes a block must hold: a
// line narrower is a list (digits, short words), one wider holds a whole
// token.
const (
	minWrap      = 4
	maxWrap      = 128
	minWrapBlock = 16
)

// wrapBlock is a run of lines of one width being read.
type wrapBlock struct {
	start, end int // the first line's start, the last line's end (before its line end)
	width      int
	lines      int
	token      bool // a line without a blank: a token's piece
}

// wrappedRuns calls fn for each block of text wrapped at a fixed width
// (lines of one width between minWrap and maxWrap, at least two, the
// last of them maybe shorter, one of them without a blank), as a layer
// with the line ends (\n, \r\n) taken out; false when fn stopped.
func wrappedRuns(text string, fn func(*layer) bool) bool {
	var blk wrapBlock
	for ls := 0; ls < len(text); {
		le := strings.IndexByte(text[ls:], '\n')
		next := len(text)
		if le < 0 {
			le = len(text)
		} else {
			le += ls
			next = le + 1
		}
		ce := le
		if ce > ls && text[ce-1] == '\r' {
			ce--
		}
		n := ce - ls
		switch {
		case blk.lines > 0 && n == blk.width:
			blk.lines, blk.end = blk.lines+1, ce
			blk.token = blk.token || !strings.ContainsAny(text[ls:ce], " \t")
		case blk.lines > 0 && n > 0 && n < blk.width:
			blk.lines, blk.end = blk.lines+1, ce // the tail ends it
			blk.token = blk.token || !strings.ContainsAny(text[ls:ce], " \t")
			if !blk.emit(text, fn) {
				return false
			}
			blk = wrapBlock{}
			ls = next
			continue
		default:
			if !blk.emit(text, fn) {
				return false
			}
			blk = wrapBlock{}
			if n >= minWrap && n <= maxWrap {
				blk = wrapBlock{start: ls, end: ce, width: n, lines: 1, token: !strings.ContainsAny(text[ls:ce], " \t")}
			}
		}
		ls = next
	}
	return blk.emit(text, fn)
}

// emit calls fn with the block's layer when it is a wrap; false when fn
// stopped.
func (blk *wrapBlock) emit(text string, fn func(*layer) bool) bool {
	if blk.lines < 2 || !blk.token || blk.lines*blk.width < minWrapBlock {
		return true
	}
	b := make([]byte, 0, blk.end-blk.start)
	offs := make([]int32, 0, blk.end-blk.start+1)
	for i := blk.start; i < blk.end; i++ {
		if c := text[i]; c != '\n' && c != '\r' {
			b = append(b, c)
			offs = append(offs, int32(i))
		}
	}
	offs = append(offs, int32(blk.end))
	l := layer{start: blk.start, end: blk.end, text: string(b), enc: "wrapped", offs: offs}
	return fn(&l)
}
