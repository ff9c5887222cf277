// Package detect holds guard's six detectors, one package each:
//
//   - command: policy regexps searched in a shell command (bash.block_patterns)
//   - path: globs matched against a file path (file_paths.*)
//   - pii: personal data in text (pii.types)
//   - secret: a fixed catalogue of credentials in text
//   - injection: a fixed catalogue of prompt-injection phrases
//   - url: cloud metadata (SSRF) targets and a domain blocklist
//
// # Contract
//
// Every detector is pure: a string in, at most one [event.Finding] out, no
// I/O, no environment, no global state. A detector's New compiles its
// patterns; nothing is compiled at package initialisation, so the hook path
// pays only for the detectors its inputs need.
//
// A Finding's Reason never holds a matched secret or PII value, and its
// LogReason never holds any of the checked text (see [event.Finding]).
//
// # Corpus
//
// testdata/everyday_prompts.txt and testdata/everyday_commands.txt are inputs
// a developer types every day; the tests require that none of them is
// blocked by the default rules. One input per line, # starts a comment.
package detect

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

// Detector is what every detector provides: Check reports the first rule the
// text matches, or false when none does.
type Detector interface {
	Check(text string) (event.Finding, bool)
}

// RuleInfo describes one fixed rule for `guard explain`.
type RuleInfo struct {
	Name        string // rule name, as reported in findings
	Pattern     string // the regular expression (Go syntax)
	Severity    string // critical, high, medium or low
	Description string // one line, for people
}

// Printable returns s with every control character (newline, tab, escape…)
// and every bidirectional formatting character written as a Go escape
// (\n, \x1b, \u202e), so that text quoted in a Reason stays on one line and
// cannot move the cursor, recolour a terminal or reorder what is shown.
// Invalid UTF-8 is written as \ufffd. Text without such characters is
// returned unchanged.
func Printable(s string) string {
	if strings.IndexFunc(s, hidden) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if hidden(r) {
			q := strconv.QuoteRuneToASCII(r) // '\n', '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// hidden reports whether r is a control character, a bidirectional
// formatting character, or utf8.RuneError, which stands for a byte of
// invalid UTF-8 (a raw 0x9b byte is a terminal escape too).
func hidden(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == utf8.RuneError
}

// Match is one place a rule matched in a text: the rule's name and the byte
// range [Start, End) of the value to hide. Detectors that can redact (secrets,
// PII) list every match with FindAll, so that a result can be passed on with
// each value replaced by a marker.
type Match struct {
	Rule       string
	Start, End int
}

// SortMatches orders ms by Start, the longer match first on a tie, then by
// Rule, so that the order never depends on the order found.
func SortMatches(ms []Match) {
	slices.SortFunc(ms, func(a, b Match) int {
		if a.Start != b.Start {
			return cmp.Compare(a.Start, b.Start)
		}
		if a.End != b.End {
			return cmp.Compare(b.End, a.End)
		}
		return strings.Compare(a.Rule, b.Rule)
	})
}

// Redact returns text with the byte range of each match replaced by
// "[REDACTED:<rule>]". Overlapping or touching matches are merged into one
// range, named by the first of them. ms must be ordered as SortMatches
// orders them; ranges outside text are clipped.
func Redact(text string, ms []Match) string {
	if len(ms) == 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	done := 0
	for i := 0; i < len(ms); {
		m := ms[i]
		start, end := max(m.Start, done), min(m.End, len(text))
		for i++; i < len(ms) && ms[i].Start <= end; i++ {
			end = max(end, min(ms[i].End, len(text)))
		}
		if start >= end {
			continue
		}
		b.WriteString(text[done:start])
		b.WriteString("[REDACTED:")
		b.WriteString(m.Rule)
		b.WriteString("]")
		done = end
	}
	b.WriteString(text[done:])
	return b.String()
}
