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

import "github.com/guardhq/guard/internal/event"

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
