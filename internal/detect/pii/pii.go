// Package pii is the PII detector: personal data in text, by the spec's
// patterns, which are kept exactly.
//
// The five canonical types are ssn, credit_card, email, phone and passport
// (the policy loader maps the spelling phone_us to phone). A finding names
// the type in its rule (pii_ssn, pii_credit_card, pii_email, pii_phone,
// pii_passport); whether a finding blocks is the policy's decision
// (pii.block_on_prompt and friends), not the detector's.
//
// The patterns are formats only: credit cards are not Luhn-checked, phone
// numbers are shaped for the US and so match any ten digits, passports are
// US-shaped and match any one or two capitals followed by six to nine digits.
//
// A Reason names the type and the line, never the value.
package pii

import (
	"fmt"
	"strings"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/lazyre"
	"github.com/guardhq/guard/internal/event"
)

// piiType is one entry of the catalogue.
type piiType struct {
	name        string
	pattern     string
	description string
	needs       string // the text must hold one of these bytes for a match to be possible
}

const digits = "0123456789"

// catalogue lists the types in the order they are checked.
var catalogue = []piiType{
	{"ssn", `\b\d{3}[-\.]\d{2}[-\.]\d{4}\b`, "US social security number", digits},
	{"credit_card", `\b4\d{3}[\s\-]?\d{4}[\s\-]?\d{4}[\s\-]?\d{4}\b` +
		`|\b(?:5[1-5]\d{2}|2[2-7]\d{2})[\s\-]?\d{4}[\s\-]?\d{4}[\s\-]?\d{4}\b` +
		`|\b3[47]\d{2}[\s\-]?\d{6}[\s\-]?\d{5}\b` +
		`|\b6(?:011|5\d{2})[\s\-]?\d{4}[\s\-]?\d{4}[\s\-]?\d{4}\b`, "payment card number", digits},
	{"email", `\b[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}\b`, "email address", "@"},
	{"phone", `\b(?:\+1[\s\-]?)?\(?\d{3}\)?[\s\-]?\d{3}[\s\-]?\d{4}\b`, "phone number (US format)", digits},
	{"passport", `\b[A-Z]{1,2}\d{6,9}\b`, "passport number (US format)", digits},
}

// Types returns the canonical type names in the order they are checked.
func Types() []string {
	out := make([]string, len(catalogue))
	for i, t := range catalogue {
		out[i] = t.name
	}
	return out
}

// Rules describes every type's rule for `guard explain`.
func Rules() []detect.RuleInfo {
	out := make([]detect.RuleInfo, len(catalogue))
	for i, t := range catalogue {
		out[i] = detect.RuleInfo{Name: "pii_" + t.name, Pattern: t.pattern, Severity: "medium", Description: t.description}
	}
	return out
}

// Detector finds the enabled PII types in text. It is safe for concurrent
// use.
type Detector struct {
	types []compiled
}

type compiled struct {
	piiType
	re *lazyre.Deferred // compiled when a text first holds what the type needs
}

// New prepares the patterns of the named types; each is compiled the first
// time a text holds a character it needs. An unknown name is an error.
// Types are always checked in the order of [Types], whatever the order of
// the list; a repeated name counts once; an empty list finds nothing.
func New(types []string) (*Detector, error) {
	want := map[string]bool{}
	for _, name := range types {
		if !known(name) {
			return nil, fmt.Errorf("unknown pii type %q (known: %s)", name, strings.Join(Types(), ", "))
		}
		want[name] = true
	}
	d := &Detector{}
	for _, t := range catalogue {
		if want[t.name] {
			d.types = append(d.types, compiled{piiType: t, re: lazyre.Defer(t.pattern)})
		}
	}
	return d, nil
}

func known(name string) bool {
	for _, t := range catalogue {
		if t.name == name {
			return true
		}
	}
	return false
}

// Check reports the first enabled type found in text. The Reason names the
// type and the line of the first match, never the matched value.
func (d *Detector) Check(text string) (event.Finding, bool) {
	for _, t := range d.types {
		if !strings.ContainsAny(text, t.needs) {
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

// FindAll returns every match of every enabled type in text, ordered by
// Start (ties: the longer first); the rule of each is pii_<type>. Matches may
// overlap (a phone number inside a card number); a caller that splices them
// in merges the overlaps.
func (d *Detector) FindAll(text string) []detect.Match {
	var out []detect.Match
	for _, t := range d.types {
		if !strings.ContainsAny(text, t.needs) {
			continue
		}
		for _, loc := range t.re.Regexp().FindAllStringIndex(text, -1) {
			out = append(out, detect.Match{Rule: "pii_" + t.name, Start: loc[0], End: loc[1]})
		}
	}
	detect.SortMatches(out)
	return out
}
