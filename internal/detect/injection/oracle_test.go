package injection

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

// The implementation this package had before the keyword pass: it
// normalised and lowered the whole text, then searched for each start
// keyword in turn. It is the oracle of the equivalence tests.

// oldCheck is the former Check.
func (d *Detector) oldCheck(text string) (event.Finding, bool) {
	norm := normalize(text)
	lower := asciiLower(norm)
	for _, r := range d.rules {
		if !r.oldFind(norm, lower) {
			continue
		}
		msg := fmt.Sprintf("injection_%s: possible prompt injection: %s", r.class, r.description)
		return event.Finding{
			Detector:  event.DetectorInjection,
			Rule:      "injection_" + r.class,
			Severity:  "high",
			Reason:    msg,
			LogReason: msg,
		}, true
	}
	return event.Finding{}, false
}

// oldFind reports whether r matches norm. It tries the anchored pattern on a
// short window at each occurrence of a start keyword in lower, which fails
// within a few bytes on ordinary text; the window keeps one byte more before
// the match so that \b sees the real neighbour.
func (r compiled) oldFind(norm, lower string) bool {
	for _, k := range r.starts {
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], k)
			if i < 0 {
				break
			}
			i += from
			start, end := max(0, i-r.lead-1), min(len(norm), i+span)
			if r.oldHasNear(lower[start:end]) && r.anchored.Regexp().MatchString(norm[start:end]) {
				return true
			}
			from = i + 1
		}
	}
	return false
}

func (r compiled) oldHasNear(lower string) bool {
	if r.near == nil {
		return true
	}
	for _, n := range r.near {
		if strings.Contains(lower, n) {
			return true
		}
	}
	return false
}

// normalize collapses white space runs to one space, drops invisible format
// characters and maps ſ and K (U+212A) to s and k. The result starts with a
// space, so a pattern needing white space before a token also finds it at
// the very start.
func normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 1)
	b.WriteByte(' ')
	space := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < utf8.RuneSelf { // ASCII fast path
			if c == ' ' || '\t' <= c && c <= '\r' {
				if !space {
					b.WriteByte(' ')
				}
				space = true
				continue
			}
			space = false
			b.WriteByte(c)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size - 1
		switch {
		case unicode.IsSpace(r):
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		case unicode.Is(unicode.Cf, r):
			continue
		case r == 'ſ':
			r = 's'
		case r == '\u212a':
			r = 'k'
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// asciiLower returns s with A-Z lowered and every other byte kept.
func asciiLower(s string) string {
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
