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
// lowered copy of the text; a rule's regular expression then runs only on
// the regions around its keywords (detect.Alphabet: the maximal run of the
// bytes its matches can hold), never on the whole text. A region gives
// exactly the matches the whole text gives there, so Check and FindAll find
// what the plain expressions find, however long the match (a JWT with a
// large payload too); tests prove it against them. Clean text of any size
// costs one table lookup per byte plus a short run per keyword hit.
//
// A Reason names the rule and the line, never the value.
package secret

import (
	"slices"
	"strconv"
	"strings"
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
	near        string            // lowercase; when set, every match holds it too
	fold        bool              // the pattern ignores case (set by New)
	valid       func(string) bool // optional check of a match, to drop look-alikes
	// Cheap tests every region holding a match passes, run before the
	// expression: spelled, when set, is a keyword as a case-sensitive
	// pattern writes it (keywords are found ignoring case, and "task" is no
	// "SK"); pre is an optional test of the rule's own, given the text and
	// the region.
	spelled string
	pre     func(text string, start, end int) bool
}

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
		keywords: []string{"secret", "password", "passwd", "token", "key", "credential"}, near: "=", valid: notPlaceholder,
		pre: assignment},
}

// assignment is env_secret's pre test. The pattern's ^ (multi-line) must
// match where the region starts, since a region holds no line end; and
// everything the match holds before its = is a name (letters, digits, _,
// with ſ and K excluded: a text holding them is searched whole) or blanks,
// so the region's first = is the match's, with only such bytes before it.
func assignment(text string, start, end int) bool {
	if start > 0 && text[start-1] != '\n' {
		return false
	}
	region := text[start:end]
	eq := strings.IndexByte(region, '=')
	if eq < 0 {
		return false
	}
	for i := 0; i < eq; i++ {
		if c := region[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == ' ' || c == '\t') {
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
	byWord [][]int // for each keyword of words, the rules that hold it, in catalogue order
}

type compiled struct {
	rule
	alpha detect.Alphabet  // the bytes its matches can hold (generated: alphabets)
	re    *lazyre.Deferred // compiled when one of the rule's keywords first occurs
}

// maxRules bounds the catalogue, so that Check keeps its state in arrays
// (no allocation per call).
const maxRules = 32

// New prepares the catalogue. A rule's expression is compiled the first
// time one of its keywords occurs in a checked text.
func New() *Detector { return newWith(catalogue) }

// newWith prepares rules, whose keywords must all be in words.
func newWith(rules []rule) *Detector {
	d := &Detector{rules: make([]compiled, len(rules)), byWord: make([][]int, len(words.Words))}
	for i, r := range rules {
		d.rules[i] = compiled{rule: r, re: lazyre.Defer(r.pattern)}
		d.rules[i].fold = strings.Contains(r.pattern, "(?i")
		for j, c := range catalogue {
			if c.name == r.name {
				d.rules[i].alpha = alphabets[j]
			}
		}
		for _, k := range r.keywords {
			w := slices.Index(words.Words, k)
			d.byWord[w] = append(d.byWord[w], i)
		}
	}
	if len(d.rules) > maxRules {
		panic("secret: catalogue larger than maxRules")
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

// Check reports the first catalogue rule whose expression matches text
// (with a match its valid check accepts), and the line where its first
// match starts. The Reason names the rule and the line, never the value.
//
// One keyword pass over the text serves every rule; a rule's expression
// runs on the regions around its keywords. A rule that ignores case runs
// on the whole text instead when the text holds ſ or K (U+212A), which it
// takes for s and k while the keywords do not.
func (d *Detector) Check(text string) (event.Finding, bool) {
	folds := detect.FoldsToASCII(text)
	best := len(d.rules) // the first rule with a match so far
	var (
		at   [maxRules]int    // per rule: the offset of its first match so far
		last [maxRules][2]int // per rule: the region searched last
	)
	for i := range at {
		at[i] = len(text)
	}
	words.Scan(text, func(w, end int) bool {
		i := end - len(words.Words[w])
		for _, k := range d.byWord[w] {
			if k > best {
				break
			}
			// A region holding i lies after the rule's first match so far
			// unless it is that match's own, searched already.
			r, l := &d.rules[k], last[k]
			if (r.fold && folds) || i >= at[k] || (l[0] <= i && i < l[1]) || !r.alpha.Has(text[i]) {
				continue
			}
			start, stop, from, to := r.alpha.Region(text, i)
			last[k] = [2]int{start, stop}
			if !r.worth(text, start, stop) {
				continue
			}
			if a := r.first(text[from:to]); a >= 0 && from+a < at[k] {
				at[k] = from + a
				best = min(best, k)
			}
		}
		return true
	})
	for i := range best {
		if r := &d.rules[i]; r.fold && folds {
			if a := r.first(text); a >= 0 { // rare: the keywords cannot be trusted
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
// the group, so KEY= stays readable; a private key's match runs from its
// BEGIN line to its END line, the key material included. Matches may
// overlap; a caller that splices them in merges the overlaps.
//
// Like Check, it runs each rule only on the regions around its keywords,
// and finds exactly what each expression finds in the whole text.
func (d *Detector) FindAll(text string) []detect.Match {
	folds := detect.FoldsToASCII(text)
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
			start, end = base+start, base+end
			if r.name == "private_key" {
				end = blockEnd(text, end)
			}
			out = append(out, detect.Match{Rule: r.name, Start: start, End: end})
		}
	}
	var last [maxRules][2]int // per rule: the region searched last
	words.Scan(text, func(w, end int) bool {
		i := end - len(words.Words[w])
		for _, k := range d.byWord[w] {
			r, l := &d.rules[k], last[k]
			if (r.fold && folds) || (l[0] <= i && i < l[1]) || !r.alpha.Has(text[i]) {
				continue
			}
			start, stop, from, to := r.alpha.Region(text, i)
			last[k] = [2]int{start, stop}
			if r.worth(text, start, stop) {
				add(r, from, text[from:to])
			}
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

// blockEnd returns where the key block whose BEGIN line ends at from ends:
// after its -----END …----- line, else at the end of text (a key cut short
// is still a key).
func blockEnd(text string, from int) int {
	i := strings.Index(text[from:], "-----END")
	if i < 0 {
		return len(text)
	}
	i += from + len("-----END")
	j := strings.Index(text[i:], "-----")
	if j < 0 || strings.IndexByte(text[i:i+j], '\n') >= 0 {
		return len(text)
	}
	return i + j + len("-----")
}

// worth reports whether the region text[start:end] passes the rule's
// cheap tests: near, spelled and pre.
func (r *compiled) worth(text string, start, end int) bool {
	region := text[start:end]
	return (r.near == "" || detect.ContainsFold(region, r.near)) &&
		(r.spelled == "" || strings.Contains(region, r.spelled)) &&
		(r.pre == nil || r.pre(text, start, end))
}

// first returns the offset of the first match of r in text that valid
// accepts, or -1.
func (r *compiled) first(text string) int {
	if r.valid == nil {
		if loc := r.re.Regexp().FindStringIndex(text); loc != nil {
			return loc[0]
		}
		return -1
	}
	for _, m := range r.re.Regexp().FindAllStringSubmatchIndex(text, -1) {
		if m[2] >= 0 && r.valid(text[m[2]:m[3]]) {
			return m[0]
		}
	}
	return -1
}
