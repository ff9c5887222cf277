package pii

import (
	"fmt"
	"strings"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
)

// The implementation this package had before regions: each expression run
// over the whole text. It is the oracle of the equivalence tests.

// oldNeeds is what the former catalogue said a text must hold for a type to
// be searched: one of these bytes.
func oldNeeds(t piiType) string {
	if t.name == "email" {
		return "@"
	}
	return "0123456789"
}

// oldCheck is the former Check.
func (d *Detector) oldCheck(text string) (event.Finding, bool) {
	for _, t := range d.types {
		if !strings.ContainsAny(text, oldNeeds(t.piiType)) {
			continue
		}
		loc := t.re.Regexp().FindStringIndex(text)
		if loc == nil {
			continue
		}
		line := 1 + strings.Count(text[:loc[0]], "\n")
		msg := fmt.Sprintf("pii_%s found: %s at line %d", t.name, t.description, line)
		return event.Finding{
			Detector:  event.DetectorPII,
			Rule:      "pii_" + t.name,
			Severity:  "medium",
			Reason:    msg,
			LogReason: msg,
		}, true
	}
	return event.Finding{}, false
}

// oldFindAll is the former FindAll.
func (d *Detector) oldFindAll(text string) []detect.Match {
	var out []detect.Match
	for _, t := range d.types {
		if !strings.ContainsAny(text, oldNeeds(t.piiType)) {
			continue
		}
		for _, loc := range t.re.Regexp().FindAllStringIndex(text, -1) {
			out = append(out, detect.Match{Rule: "pii_" + t.name, Start: loc[0], End: loc[1]})
		}
	}
	detect.SortMatches(out)
	return out
}
