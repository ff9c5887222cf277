// Package secret is the secrets detector: a fixed catalogue of 20 credential
// patterns. The policy cannot switch it off or change it.
//
// # Catalogue
//
// The spec's ten (cloud_access_key, vcs_token_ghp, vcs_token_gho,
// vcs_token_ghs, generic_api_key, jwt_token, chat_token, payment_key_live,
// payment_key_test, bearer_token) keep the spec's patterns; private_key and
// env_secret complete the 0.1.0 set; eight more came with 0.2.0. Rules are
// tried in catalogue order, most specific first, and the first that matches
// is reported.
//
// # Cost
//
// Each rule carries keywords, literal strings of which at least one must
// occur (ignoring ASCII case), as in gitleaks. One pass of a keyword
// automaton (package keywords) finds the keywords of every rule, without a
// lowered copy of the text; a rule's regular expression then runs only on a
// window of under a KiB around each occurrence of one of its keywords,
// never on the whole text. Clean text of any size costs one table lookup per
// byte plus a short regexp run per keyword hit. Tests check that this finds
// what the plain expressions find, and what the former implementation found.
//
// A Reason names the rule and the line, never the value.
package secret

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/lazyre"
	"github.com/guardhq/guard/internal/event"
)

// rule is one entry of the catalogue.
type rule struct {
	name        string
	pattern     string
	severity    string
	description string
	keywords    []string          // lowercase; one must occur in the lowered text
	near        string            // lowercase; when set, the window must hold it too
	line        bool              // matches lie within one line
	fold        bool              // the pattern ignores case (set by New)
	valid       func(string) bool // optional check of a match, to drop look-alikes
	// Cheap tests every window holding a match passes, run before the
	// expression: spelled, when set, is a keyword as a case-sensitive
	// pattern writes it (keywords are found ignoring case, and "task" is no
	// "SK"); pre is an optional test of the rule's own.
	spelled string
	pre     func(window string) bool
}

// maxCandidates bounds how many matches of one rule are checked by valid.
const maxCandidates = 64

// catalogue is the fixed rule list, in the order rules are tried.
var catalogue = []rule{
	{name: "private_key", pattern: `-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED |DH )?PRIVATE KEY(?: BLOCK)?-----`,
		severity: "critical", description: "private key block (PEM, OpenSSH or PGP)", keywords: []string{"-----begin"}},
	{name: "cloud_access_key", pattern: `AKIA[0-9A-Z]{16}`,
		severity: "critical", description: "cloud access key id (AKIA…)", keywords: []string{"akia"}},
	{name: "vcs_token_ghp", pattern: `ghp_[A-Za-z0-9]{36}`,
		severity: "critical", description: "code hosting personal access token (ghp_)", keywords: []string{"ghp_"}},
	{name: "vcs_token_gho", pattern: `gho_[A-Za-z0-9]{36}`,
		severity: "critical", description: "code hosting OAuth token (gho_)", keywords: []string{"gho_"}},
	{name: "vcs_token_ghs", pattern: `ghs_[A-Za-z0-9]{36}`,
		severity: "critical", description: "code hosting app installation token (ghs_)", keywords: []string{"ghs_"}},
	{name: "vcs_token_glpat", pattern: `\bglpat-[A-Za-z0-9_\-]{20,}`,
		severity: "critical", description: "code hosting personal access token (glpat-)", keywords: []string{"glpat-"}},
	{name: "model_api_key_ant", pattern: `\bsk-ant-[A-Za-z0-9_\-]{32,}`,
		severity: "critical", description: "model vendor API key (sk-ant-)", keywords: []string{"sk-ant-"}},
	{name: "model_api_key_sk", pattern: `\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}T3BlbkFJ[A-Za-z0-9_\-]{20,}|\bsk-[A-Za-z0-9]{32,}\b`,
		severity: "critical", description: "model vendor API key (sk-)", keywords: []string{"sk-"}},
	{name: "model_hub_token", pattern: `\bhf_[A-Za-z0-9]{34,}\b`,
		severity: "high", description: "model hub access token (hf_)", keywords: []string{"hf_"}},
	{name: "package_registry_token", pattern: `\bnpm_[A-Za-z0-9]{36}\b`,
		severity: "critical", description: "package registry access token (npm_)", keywords: []string{"npm_"}},
	{name: "chat_token", pattern: `xox[baprs]-[0-9A-Za-z\-]{10,}`,
		severity: "high", description: "chat workspace token (xox…-)", keywords: []string{"xox"}},
	{name: "payment_key_live", pattern: `sk_live_[A-Za-z0-9]{24}`,
		severity: "critical", description: "payment provider live secret key (sk_live_)", keywords: []string{"sk_live_"}},
	{name: "payment_key_test", pattern: `sk_test_[A-Za-z0-9]{24}`,
		severity: "high", description: "payment provider test secret key (sk_test_)", keywords: []string{"sk_test_"}},
	{name: "email_api_key", pattern: `\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b`,
		severity: "critical", description: "email delivery API key (SG.)", keywords: []string{"sg."}, spelled: "SG."},
	{name: "telephony_api_key", pattern: `\bSK[0-9a-fA-F]{32}\b`,
		severity: "high", description: "telephony API key (SK + 32 hex)", keywords: []string{"sk"}, spelled: "SK"},
	{name: "jwt_token", pattern: `eyJ[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+`,
		severity: "high", description: "JSON web token", keywords: []string{"eyj"}, spelled: "eyJ"},
	{name: "bearer_token", pattern: `(?i)Authorization:\s*Bearer\s+[A-Za-z0-9\-_\.]{20,}`,
		severity: "high", description: "HTTP Authorization bearer token", keywords: []string{"bearer"}, near: "authorization"},
	{name: "db_connection_string", pattern: `(?i)\b(?:postgres(?:ql)?|mysql|mongodb(?:\+srv)?|rediss?)://[^\s:/@'"]*:[^\s@/'"$<>{}]+@[^\s/'"]+`,
		severity: "critical", description: "database connection string with a password", keywords: []string{"postgres", "mysql", "mongodb", "redis"}},
	{name: "generic_api_key", pattern: `(?i)api[_\-]?key[\s:=]+['\"A-Za-z0-9]{20,}`,
		severity: "high", description: "API key assignment", keywords: []string{"api_key", "api-key", "apikey"}},
	{name: "env_secret", pattern: `(?im)^[ \t]*(?:export[ \t]+)?[A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|API_?KEY|ACCESS_?KEY|AUTH_?KEY|PRIVATE_?KEY|CREDENTIALS?)(?:_[A-Z0-9_]*)?[ \t]*=[ \t]*['"]?([A-Za-z0-9_\-+/.!@#%^&*~=:,]{8,})['"]?[ \t]*\r?$`,
		severity: "high", description: "secret-named variable assigned a value (KEY=value)",
		keywords: []string{"secret", "password", "passwd", "token", "key", "credential"}, near: "=", line: true, valid: notPlaceholder,
		pre: assignment},
}

// assignment is env_secret's pre test. Its window is one line, or part of
// one, so its ^ matches only at the window's start, and everything its
// match holds before the = is a name (letters, digits, _, with ſ and K
// excluded: a text holding them is searched whole) or blanks; so the
// window's first = is the match's, with only such bytes before it.
func assignment(window string) bool {
	eq := strings.IndexByte(window, '=')
	if eq < 0 {
		return false
	}
	for i := 0; i < eq; i++ {
		if c := window[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == ' ' || c == '\t') {
			return false
		}
	}
	return true
}

// notPlaceholder rejects env_secret values that cannot be secrets: numbers
// only (MAX_TOKENS=100000000) or letters repeated (PASSWORD=xxxxxxxx).
func notPlaceholder(value string) bool {
	letter := false
	for _, r := range value {
		if unicode.IsLetter(r) {
			letter = true
			break
		}
	}
	return letter && strings.Trim(value, value[:1]) != ""
}

// Rules describes the catalogue for `guard explain`.
func Rules() []detect.RuleInfo {
	out := make([]detect.RuleInfo, len(catalogue))
	for i, r := range catalogue {
		out[i] = detect.RuleInfo{Name: r.name, Pattern: r.pattern, Severity: r.severity, Description: r.description}
	}
	return out
}

// Detector finds secrets in text. It is safe for concurrent use.
type Detector struct {
	rules  []compiled
	byWord [][]ref // for each keyword of words, the rules that hold it, in catalogue order
	slots  int     // how many (rule, keyword) pairs there are

	alphaOnce sync.Once
	alpha     []detect.Alphabet // each rule's alphabet, for FindAll
}

// ref is a keyword's place in a rule: the rule, the keyword's index among
// the rule's keywords, and a number of its own among all such pairs.
type ref struct{ rule, kw, slot int }

type compiled struct {
	rule
	re *lazyre.Deferred // compiled when one of the rule's keywords first occurs
}

// maxRules and maxSlots bound the catalogue, so that Check keeps its state
// in arrays (no allocation per call).
const (
	maxRules = 32
	maxSlots = 64
)

// New prepares the catalogue. A rule's expression is compiled the first
// time one of its keywords occurs in a checked text.
func New() *Detector { return newWith(catalogue) }

// newWith prepares rules, whose keywords must all be in words.
func newWith(rules []rule) *Detector {
	d := &Detector{rules: make([]compiled, len(rules)), byWord: make([][]ref, len(words.Words))}
	for i, r := range rules {
		d.rules[i] = compiled{rule: r, re: lazyre.Defer(r.pattern)}
		d.rules[i].fold = strings.Contains(r.pattern, "(?i")
		for j, k := range r.keywords {
			w := slices.Index(words.Words, k)
			d.byWord[w] = append(d.byWord[w], ref{rule: i, kw: j, slot: d.slots})
			d.slots++
		}
	}
	if len(d.rules) > maxRules || d.slots > maxSlots {
		panic("secret: catalogue larger than maxRules or maxSlots")
	}
	return d
}

// keywordList lists the keywords of the catalogue, each once, in the order
// they first appear: the words of the generated keyword set.
func keywordList() []string {
	var out []string
	for _, r := range catalogue {
		for _, k := range r.keywords {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// Check reports the first catalogue rule that matches text. The Reason names
// the rule and the line of the match, never the value.
//
// A rule matches when its expression matches the window (see window) around
// an occurrence of one of its keywords; the match reported is the first in
// the windows of the rule's first keyword that has one. One keyword pass
// over the text serves every rule. A rule that ignores case is run on the
// whole text instead when the text holds ſ or K (U+212A), which match s and
// k without being them.
func (d *Detector) Check(text string) (event.Finding, bool) {
	folds := detect.FoldsToASCII(text)
	best := len(d.rules) // the first rule with a match so far
	var (
		kwAt [maxRules]int8 // per rule: 1 + the index of the keyword a match was found at
		at   [maxRules]int  // per rule: the offset of that match
		from [maxSlots]int  // per (rule, keyword): where the next occurrence needs a window
	)
	words.Scan(text, func(w, end int) bool {
		n := len(words.Words[w])
		i := end - n
		for _, ref := range d.byWord[w] {
			if ref.rule > best {
				break
			}
			r := &d.rules[ref.rule]
			if k := kwAt[ref.rule]; (k != 0 && int(k)-1 <= ref.kw) || i < from[ref.slot] || (r.fold && folds) {
				continue
			}
			win := window
			if r.line {
				win = lineWindow
			}
			start, stop, next := win.Around(text, i, n)
			from[ref.slot] = next
			if !r.worth(text[start:stop]) {
				continue
			}
			if a := r.match(text[start:stop]); a >= 0 {
				kwAt[ref.rule], at[ref.rule] = int8(ref.kw+1), start+a
				best = min(best, ref.rule)
			}
		}
		return best > 0 || kwAt[0] != 1
	})
	for i := range best {
		if r := &d.rules[i]; r.fold && folds {
			if a := r.match(text); a >= 0 { // rare: the keywords cannot be trusted
				best, at[i] = i, a
				break
			}
		}
	}
	if best == len(d.rules) {
		return event.Finding{}, false
	}
	r := &d.rules[best]
	line := 1 + strings.Count(text[:at[best]], "\n")
	msg := r.name + " found: " + r.description + " at line " + strconv.Itoa(line)
	return event.Finding{
		Detector:  event.DetectorSecrets,
		Rule:      r.name,
		Severity:  r.severity,
		Reason:    msg,
		LogReason: msg,
	}, true
}

// FindAll returns every match of every catalogue rule in text, ordered by
// Start (ties: the longer first); the rule of each is its name. Where a
// rule's pattern has a capturing group (env_secret's value), the match is
// the group, so KEY= stays readable. Matches may overlap; a caller that
// splices them in merges the overlaps.
//
// It finds exactly what each expression finds in the whole text, running
// it only on the regions (see detect.Alphabet) that hold one of its
// keywords: a match holds a keyword, and lies within one region.
func (d *Detector) FindAll(text string) []detect.Match {
	folds := detect.FoldsToASCII(text)
	d.alphaOnce.Do(func() {
		d.alpha = make([]detect.Alphabet, len(d.rules))
		for i, r := range d.rules {
			a, err := detect.AlphabetOf(r.pattern)
			if err != nil {
				panic("secret: " + err.Error()) // tests keep the catalogue valid
			}
			d.alpha[i] = a
		}
	})
	var out []detect.Match
	add := func(r *compiled, base int, window string) {
		for _, m := range r.re.Regexp().FindAllStringSubmatchIndex(window, -1) {
			start, end := m[0], m[1]
			if len(m) >= 4 && m[2] >= 0 {
				start, end = m[2], m[3]
			}
			if r.valid != nil && !r.valid(window[start:end]) {
				continue
			}
			out = append(out, detect.Match{Rule: r.name, Start: base + start, End: base + end})
		}
	}
	var last [maxRules][2]int // per rule: the region searched last
	words.Scan(text, func(w, end int) bool {
		i := end - len(words.Words[w])
		for _, ref := range d.byWord[w] {
			r, a := &d.rules[ref.rule], &d.alpha[ref.rule]
			if l := last[ref.rule]; (r.fold && folds) || !a.Has(text[i]) || (l[0] <= i && i < l[1]) {
				continue
			}
			start, stop, from, to := a.Region(text, i)
			last[ref.rule] = [2]int{start, stop}
			add(r, from, text[from:to])
		}
		return true
	})
	for i := range d.rules {
		if r := &d.rules[i]; r.fold && folds {
			add(r, 0, text)
		}
	}
	detect.SortMatches(out)
	return slices.Compact(out) // a region searched twice gives its matches twice
}

// Windows are the text a rule's regexp sees around a keyword occurrence.
// Catalogue matches are far shorter than Before, except a JWT or a key,
// which is still found from its first bytes. env_secret, whose matches are
// whole lines, sees only the keyword's line.
var (
	window     = detect.Window{Before: 256, After: 512}
	lineWindow = detect.Window{Before: 256, After: 512, Line: true}
)

// worth reports whether window passes the rule's cheap tests: near,
// spelled and pre.
func (r *compiled) worth(window string) bool {
	return (r.near == "" || detect.ContainsFold(window, r.near)) &&
		(r.spelled == "" || strings.Contains(window, r.spelled)) &&
		(r.pre == nil || r.pre(window))
}

// match returns the offset of the first valid match of r in window, or -1.
func (r *compiled) match(window string) int {
	if r.valid == nil {
		if loc := r.re.Regexp().FindStringIndex(window); loc != nil {
			return loc[0]
		}
		return -1
	}
	if !r.re.Regexp().MatchString(window) {
		return -1
	}
	for _, m := range r.re.Regexp().FindAllStringSubmatchIndex(window, maxCandidates) {
		if m[2] >= 0 && r.valid(window[m[2]:m[3]]) {
			return m[0]
		}
	}
	return -1
}
