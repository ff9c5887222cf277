package detect

import "strings"

// Window says how much text around a keyword occurrence a rule's regular
// expression sees. Running the expression on short windows instead of the
// whole text keeps a large clean text cheap: the cost is a few substring
// searches plus a short run per keyword hit.
//
// A match must hold one of the keywords and be at most Before bytes long;
// with Line set it must also lie within one line.
type Window struct {
	Before int  // bytes kept before the keyword; also the longest match
	After  int  // bytes kept after the keyword; at least Before
	Line   bool // stop at the ends of the keyword's line as well
}

// Find looks for each keyword (lowercase) in lower, the text lowered by
// [ASCIILower], and calls match on the window of text around each
// occurrence (window, and the same bytes of lower). It returns the offset in
// text of the first match, or -1. match returns the offset of a match in its
// window, or -1.
func (w Window) Find(text, lower string, keywords []string, match func(window, lower string) int) int {
	for _, k := range keywords {
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], k)
			if i < 0 {
				break
			}
			i += from
			start, end := max(0, i-w.Before), min(len(lower), i+len(k)+w.After)
			if w.Line {
				start += strings.LastIndexByte(lower[start:i], '\n') + 1
				if j := strings.IndexByte(lower[i:end], '\n'); j >= 0 {
					end = i + j
				}
			}
			if at := match(text[start:end], lower[start:end]); at >= 0 {
				return start + at
			}
			// The next occurrence needs a window of its own only when a
			// match around it could reach past this one.
			from = max(i+1, end-w.Before)
			if w.Line && end < len(lower) && lower[end] == '\n' {
				from = end // the next match is on another line
			}
		}
	}
	return -1
}

// ASCIILower returns s with A-Z lowered and every other byte kept, so an
// offset in the result is the same offset in s (strings.ToLower may change
// the length of non-ASCII text).
//
// Go's case-insensitive matching also takes two non-ASCII letters for ASCII
// ones, U+017F for s and U+212A for k; a (?i) expression can match text
// whose lowered form lacks its keyword when one of them is present (see
// [FoldsToASCII]).
func ASCIILower(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' })
	if i < 0 {
		return s
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// FoldsToASCII reports whether s holds U+017F or U+212A, the two letters
// that Go's case-insensitive matching takes for s and k.
func FoldsToASCII(s string) bool {
	return strings.Contains(s, "\u017f") || strings.Contains(s, "\u212a")
}
