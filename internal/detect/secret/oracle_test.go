package secret

import (
	"fmt"
	"strings"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
)

// The implementation this package had before the keyword pass: a lowered
// copy of the text, a substring search per keyword and rule, and FindAll
// over the whole text. It is the oracle of the equivalence tests.

// oldCheck is the former Check.
func (d *Detector) oldCheck(text string) (event.Finding, bool) {
	lower := asciiLower(text)
	folds := detect.FoldsToASCII(text)
	for i := range d.rules {
		r := &d.rules[i]
		at := r.oldFind(text, lower, folds)
		if at < 0 {
			continue
		}
		line := 1 + strings.Count(text[:at], "\n")
		msg := fmt.Sprintf("%s found: %s at line %d", r.name, r.description, line)
		return event.Finding{
			Detector:  event.DetectorSecrets,
			Rule:      r.name,
			Severity:  r.severity,
			Reason:    msg,
			LogReason: msg,
		}, true
	}
	return event.Finding{}, false
}

// oldFindAll is the former FindAll.
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

// oldFind returns the offset in text of the first valid match of r near one
// of its keywords, or -1.
func (r *compiled) oldFind(text, lower string, folds bool) int {
	if r.fold && folds {
		return r.match(text)
	}
	win := window
	if r.line {
		win = lineWindow
	}
	return windowFind(win, text, lower, r.keywords, func(w, lw string) int {
		if r.near != "" && !strings.Contains(lw, r.near) {
			return -1
		}
		return r.match(w)
	})
}

// windowFind is the former detect.Window.Find: it looks for each keyword in
// lower and calls match on the window of text around each occurrence.
func windowFind(w detect.Window, text, lower string, keywords []string, match func(window, lower string) int) int {
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
			from = max(i+1, end-w.Before)
			if w.Line && end < len(lower) && lower[end] == '\n' {
				from = end
			}
		}
	}
	return -1
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
