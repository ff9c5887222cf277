package secret

import "strings"

// Wrapped blocks: a token folded at a fixed width (fold -w10, a pager or a
// terminal's narrow column) is lines of one width, the last maybe
// shorter; no rule matches a piece. Such a block is read once more with
// its line ends taken out, a layer whose bytes map back to the text.

// The widths read as a wrap, and the fewest bytes a block must hold: a
// line narrower is a list (digits, short words), one wider holds a whole
// token.
const (
	minWrap      = 4
	maxWrap      = 128
	minWrapBlock = 16
	// minBase64Wrap: a block this wide of the standard base64 alphabet
	// alone is an encoding's wrap (base64 writes 76 columns, PEM 64),
	// which encodedRuns joins and decodes: not read again.
	minBase64Wrap = 40
)

// wrapBlock is a run of lines of one width being read.
type wrapBlock struct {
	start, end int // the first line's start, the last line's end (before its line end)
	width      int
	full       int  // lines of the width
	tail       int  // the shorter last line's length, or 0
	body       bool // a piece without = inside: a token's body, not KEY=VALUE lines
}

// wrappedRuns calls fn for each block of text wrapped at a fixed width,
// as a layer with its line ends (\n, \r\n) taken out; false when fn
// stopped or the budget is spent. A block is a line of a width between
// minWrap and maxWrap (a key and the token's head: "token: ghp_"), then
// lines of that width and maybe a shorter one, each of a token's
// characters alone (its pieces), one at least with no = but padding (a
// token's body: lines of KEY=VALUE of one length are no wrap); two of
// the width at least.
func wrappedRuns(text string, b *budget, fn func(*layer) bool) bool {
	var blk wrapBlock
	for ls := 0; ls < len(text); {
		ce, next := lineAt(text, ls, len(text))
		n := ce - ls
		piece := blk.full > 0 && n > 0 && n <= blk.width && tokenPiece(text[ls:ce])
		if piece && strings.IndexByte(strings.TrimRight(text[ls:ce], "="), '=') < 0 {
			blk.body = true
		}
		switch {
		case piece && n == blk.width:
			blk.full, blk.end = blk.full+1, ce
		case piece:
			blk.tail, blk.end = n, ce
			if !blk.emit(text, b, fn) {
				return false
			}
			blk = wrapBlock{}
		default:
			if !blk.emit(text, b, fn) {
				return false
			}
			blk = wrapBlock{}
			if n >= minWrap && n <= maxWrap {
				blk = wrapBlock{start: ls, end: ce, width: n, full: 1}
			}
		}
		ls = next
	}
	return blk.emit(text, b, fn)
}

// emit calls fn with the block's layer when it is a wrap, its bytes
// taken from the budget (a block of data, base64 -w76, is as long as the
// text); false when fn stopped or the budget is spent.
func (blk *wrapBlock) emit(text string, bud *budget, fn func(*layer) bool) bool {
	if blk.full < 2 || !blk.body || blk.full*blk.width+blk.tail < minWrapBlock {
		return true
	}
	if blk.width >= minBase64Wrap && base64Block(text[blk.start:blk.end]) {
		return true // base64 -w76, PEM: decoded where it stands (encodedRuns)
	}
	if !bud.take(blk.end - blk.start) {
		return false
	}
	b := make([]byte, 0, blk.end-blk.start)
	offs := make([]int32, 0, blk.end-blk.start+1)
	for ls := blk.start; ls < blk.end; {
		ce, next := lineAt(text, ls, blk.end)
		b = append(b, text[ls:ce]...)
		for k := ls; k < ce; k++ {
			offs = append(offs, int32(k))
		}
		ls = next
	}
	offs = append(offs, int32(blk.end))
	l := layer{start: blk.start, end: blk.end, text: string(b), enc: "wrapped", offs: offs, flat: true}
	return fn(&l)
}

// tokenPiece reports whether line s holds a token's characters alone
// (letters, digits, + / - _ = .): not a line of grep's (file:line:), of
// code or of prose.
func tokenPiece(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; b64class[c] == 0 && c != '=' && c != '.' {
			return false
		}
	}
	return true
}

// base64Block reports whether s holds only the standard base64 alphabet,
// padding and line ends.
func base64Block(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; b64class[c] == 0 && c != '=' && c != '\n' && c != '\r' || c == '-' || c == '_' {
			return false
		}
	}
	return true
}

// lineAt returns where the line of text starting at ls ends (before its
// \n or \r\n; end when none comes before end) and where the next one starts.
func lineAt(text string, ls, end int) (ce, next int) {
	le := strings.IndexByte(text[ls:end], '\n')
	if le < 0 {
		le, next = end, end
	} else {
		le += ls
		next = le + 1
	}
	ce = le
	if ce > ls && text[ce-1] == '\r' {
		ce--
	}
	return ce, next
}
