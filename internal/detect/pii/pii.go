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
//
// # Cost
//
// No expression runs on the whole text. A numeric type's match holds a run
// of at least four digits, and an email address an @; one pass over the
// text finds those, and each type's expression runs only on the region
// around them: the maximal run of the bytes its matches can hold (see
// detect.Alphabet), when that holds enough digits. A region gives exactly
// the matches the expression finds there in the whole text, so Check and
// FindAll find what the full-text expressions find; tests prove it against
// them.
package pii

import (
	"fmt"
	"strconv"
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
	// Where a match can be: every match lies within a run of bytes of
	// alphabet and holds at least digits digits, four of them in a row
	// (numeric types), or an @ (email, digits 0). Tests derive both from
	// the pattern.
	alphabet string
	digits   int
}

const (
	digitBytes = "0123456789"
	spaceBytes = "\t\n\f\r " // what \s matches
	letters    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)

// catalogue lists the types in the order they are checked.
var catalogue = []piiType{
	{"ssn", `\b\d{3}[-\.]\d{2}[-\.]\d{4}\b`, "US social security number", digitBytes + "-.", 9},
	{"credit_card", `\b4\d{3}[\s\-]?\d{4}[\s\-]?\d{4}[\s\-]?\d{4}\b` +
		`|\b(?:5[1-5]\d{2}|2[2-7]\d{2})[\s\-]?\d{4}[\s\-]?\d{4}[\s\-]?\d{4}\b` +
		`|\b3[47]\d{2}[\s\-]?\d{6}[\s\-]?\d{5}\b` +
		`|\b6(?:011|5\d{2})[\s\-]?\d{4}[\s\-]?\d{4}[\s\-]?\d{4}\b`, "payment card number", digitBytes + spaceBytes + "-", 15},
	{"email", `\b[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}\b`, "email address", letters + digitBytes + "._%+-@", 0},
	{"phone", `\b(?:\+1[\s\-]?)?\(?\d{3}\)?[\s\-]?\d{3}[\s\-]?\d{4}\b`, "phone number (US format)", digitBytes + spaceBytes + "-+()", 10},
	{"passport", `\b[A-Z]{1,2}\d{6,9}\b`, "passport number (US format)", letters[:26] + digitBytes, 6},
}

// minRun is the run of digits every match of a numeric type holds.
const minRun = 4

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
	types   []compiled
	numeric bool // some enabled type is numeric
	email   int  // the index of email in types, or -1
}

type compiled struct {
	piiType
	alpha detect.Alphabet
	re    *lazyre.Deferred // compiled when a text first has a region worth searching
}

// New prepares the patterns of the named types; each is compiled the first
// time a text holds a region where it can match. An unknown name is an
// error. Types are always checked in the order of [Types], whatever the
// order of the list; a repeated name counts once; an empty list finds
// nothing.
func New(types []string) (*Detector, error) {
	want := map[string]bool{}
	for _, name := range types {
		if !known(name) {
			return nil, fmt.Errorf("unknown pii type %q (known: %s)", name, strings.Join(Types(), ", "))
		}
		want[name] = true
	}
	d := &Detector{email: -1}
	for _, t := range catalogue {
		if want[t.name] {
			if t.digits == 0 {
				d.email = len(d.types)
			} else {
				d.numeric = true
			}
			d.types = append(d.types, compiled{piiType: t, alpha: detect.Bytes(t.alphabet), re: lazyre.Defer(t.pattern)})
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

// maxTypes bounds the catalogue, so that a check keeps its state in an
// array.
const maxTypes = 8

// search runs the types' expressions on the regions around the places
// where a match can be, in text order: each run of minRun digits for the
// numeric types, each @ for email. For each type below *limit, with the
// region's window [from, to) of text, it calls found, which runs the
// expression and may lower *limit; a region is searched once per type.
func (d *Detector) search(text string, limit *int, found func(i, from, to int)) {
	var done [maxTypes]int // per type: the end of the region searched last
	try := func(i, pos int) {
		t := &d.types[i]
		if pos < done[i] || !t.alpha.Has(text[pos]) {
			return
		}
		start, end, from, to := t.alpha.Region(text, pos)
		done[i] = end
		if t.digits > 0 && countDigits(text[start:end]) < t.digits {
			return
		}
		found(i, from, to)
	}
	if d.numeric {
		for i := 0; i < len(text) && *limit > 0; {
			for i+8 <= len(text) && !digitIn8(text[i:i+8]) {
				i += 8
			}
			if i == len(text) {
				break
			}
			if text[i]-'0' >= 10 {
				i++
				continue
			}
			j := i + 1
			for j < len(text) && text[j]-'0' < 10 {
				j++
			}
			if j-i >= minRun {
				for k := 0; k < *limit; k++ {
					if k != d.email {
						try(k, i)
					}
				}
			}
			i = j
		}
	}
	if d.email >= 0 {
		for i := 0; d.email < *limit; i++ {
			j := strings.IndexByte(text[i:], '@')
			if j < 0 {
				break
			}
			i += j
			try(d.email, i)
		}
	}
}

// digitIn8 reports whether one of the 8 bytes of s is an ASCII digit,
// testing them at once: a byte is a digit when it is below 10 once XORed
// with '0', and the expression finds whether any byte is below 10.
func digitIn8(s string) bool {
	_ = s[7]
	w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	x := w ^ 0x3030303030303030
	return (x-0x0a0a0a0a0a0a0a0a)&^x&0x8080808080808080 != 0
}

func countDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i]-'0' < 10 {
			n++
		}
	}
	return n
}

// Check reports the first enabled type found in text. The Reason names the
// type and the line of the first match, never the matched value.
func (d *Detector) Check(text string) (event.Finding, bool) {
	best, at := len(d.types), 0
	d.search(text, &best, func(i, from, to int) {
		if loc := d.types[i].re.Regexp().FindStringIndex(text[from:to]); loc != nil {
			best, at = i, from+loc[0] // a type's regions come in order: its first match
		}
	})
	if best == len(d.types) {
		return event.Finding{}, false
	}
	t := d.types[best]
	line := 1 + strings.Count(text[:at], "\n")
	msg := "pii_" + t.name + " found: " + t.description + " at line " + strconv.Itoa(line)
	return event.Finding{
		Detector:  event.DetectorPII,
		Rule:      "pii_" + t.name,
		Severity:  "medium",
		Reason:    msg,
		LogReason: msg,
	}, true
}

// FindAll returns every match of every enabled type in text, ordered by
// Start (ties: the longer first); the rule of each is pii_<type>. Matches may
// overlap (a phone number inside a card number); a caller that splices them
// in merges the overlaps.
func (d *Detector) FindAll(text string) []detect.Match {
	var out []detect.Match
	all := len(d.types)
	d.search(text, &all, func(i, from, to int) {
		t := &d.types[i]
		for _, loc := range t.re.Regexp().FindAllStringIndex(text[from:to], -1) {
			out = append(out, detect.Match{Rule: "pii_" + t.name, Start: from + loc[0], End: from + loc[1]})
		}
	})
	detect.SortMatches(out)
	return out
}
