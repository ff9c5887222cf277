package secret

import (
	"fmt"
	"strings"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
)

// The plain expressions run over the whole text, as the implementation
// before the keyword pass did in FindAll: the oracle of the equivalence
// tests.

// plainCheck is Check by the plain expressions: the first rule with a
// match that valid accepts, and the line of its first such match.
func (d *Detector) plainCheck(text string) (event.Finding, bool) {
	for i := range d.rules {
		r := &d.rules[i]
		for _, m := range r.re.Regexp().FindAllStringSubmatchIndex(text, -1) {
			if r.valid != nil && !(m[2] >= 0 && r.valid(text[m[2]:m[3]])) {
				continue
			}
			line := 1 + strings.Count(text[:m[0]], "\n")
			msg := fmt.Sprintf("%s found: %s at line %d", r.name, r.description, line)
			return event.Finding{
				Detector:  event.DetectorSecrets,
				Rule:      r.name,
				Severity:  r.severity,
				Reason:    msg,
				LogReason: msg,
			}, true
		}
	}
	return event.Finding{}, false
}

// oldFindAll is the former FindAll (whole-text expressions), with the
// private-key block rule the current one has too.
func (d *Detector) oldFindAll(text string) []detect.Match {
	lower := asciiLower(text)
	folds := detect.FoldsToASCII(text)
	var out []detect.Match
	for _, r := range d.rules {
		if !(r.fold && folds) && !containsAny(lower, r.keywords) {
			continue
		}
		re := r.re.Regexp()
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			start, end := m[0], m[1]
			if len(m) >= 4 && m[2] >= 0 {
				start, end = m[2], m[3]
			}
			if r.valid != nil && !r.valid(text[start:end]) {
				continue
			}
			if r.name == "private_key" {
				end = blockEnd(text, end)
			}
			out = append(out, detect.Match{Rule: r.name, Start: start, End: end})
		}
	}
	detect.SortMatches(out)
	return out
}

func containsAny(lower string, keywords []string) bool {
	for _, k := range keywords {
		if strings.Contains(lower, k) {
			return true
		}
	}
	return false
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
