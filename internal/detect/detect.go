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
