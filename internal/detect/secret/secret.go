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
// occur (ignoring ASCII case), as in gitleaks. The rule's regular expression
// then runs only on a window of under a KiB around each keyword occurrence,
// never on the whole text: clean text of any size costs a few substring
// searches per rule, plus a short regexp run per keyword hit. A test checks
// that this finds what the plain expressions find.
//
// A Reason names the rule and the line, never the value.
package secret

import (
	"fmt"
	"github.com/guardhq/guard/internal/detect/lazyre"
	"strings"
	"unicode"

	"github.com/guardhq/guard/internal/detect"
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
		severity: "critical", description: "email delivery API key (SG.)", keywords: []string{"sg."}},
	{name: "telephony_api_key", pattern: `\bSK[0-9a-fA-F]{32}\b`,
		severity: "high", description: "telephony API key (SK + 32 hex)", keywords: []string{"sk"}},
	{name: "jwt_token", pattern: `eyJ[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+`,
		severity: "high", description: "JSON web token", keywords: []string{"eyj"}},
	{name: "bearer_token", pattern: `(?i)Authorization:\s*Bearer\s+[A-Za-z0-9\-_\.]{20,}`,
		severity: "high", description: "HTTP Authorization bearer token", keywords: []string{"bearer"}, near: "authorization"},
	{name: "db_connection_string", pattern: `(?i)\b(?:postgres(?:ql)?|mysql|mongodb(?:\+srv)?|rediss?)://[^\s:/@'"]*:[^\s@/'"$<>{}]+@[^\s/'"]+`,
		severity: "critical", description: "database connection string with a password", keywords: []string{"postgres", "mysql", "mongodb", "redis"}},
	{name: "generic_api_key", pattern: `(?i)api[_\-]?key[\s:=]+['\"A-Za-z0-9]{20,}`,
		severity: "high", description: "API key assignment", keywords: []string{"api_key", "api-key", "apikey"}},
	{name: "env_secret", pattern: `(?im)^[ \t]*(?:export[ \t]+)?[A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|API_?KEY|ACCESS_?KEY|AUTH_?KEY|PRIVATE_?KEY|CREDENTIALS?)(?:_[A-Z0-9_]*)?[ \t]*=[ \t]*['"]?([A-Za-z0-9_\-+/.!@#%^&*~=:,]{8,})['"]?[ \t]*\r?$`,
		severity: "high", description: "secret-named variable assigned a value (KEY=value)",
		keywords: []string{"secret", "password", "passwd", "token", "key", "credential"}, near: "=", line: true, valid: notPlaceholder},
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
	rules []compiled
}

type compiled struct {
	rule
	re *lazyre.Deferred // compiled when one of the rule's keywords first occurs
}

// New prepares the catalogue. A rule's expression is compiled the first
// time one of its keywords occurs in a checked text.
func New() *Detector {
	d := &Detector{rules: make([]compiled, len(catalogue))}
	for i, r := range catalogue {
		d.rules[i] = compiled{rule: r, re: lazyre.Defer(r.pattern)}
		d.rules[i].fold = strings.Contains(r.pattern, "(?i")
	}
	return d
}

// Check reports the first catalogue rule that matches text. The Reason names
// the rule and the line of the match, never the value.
func (d *Detector) Check(text string) (event.Finding, bool) {
	lower := detect.ASCIILower(text)
	folds := detect.FoldsToASCII(text)
	for _, r := range d.rules {
		at := r.find(text, lower, folds)
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

// FindAll returns every match of every catalogue rule in text, ordered by
// Start (ties: the longer first). Where a rule's pattern has a capturing
// group (env_secret's value), the match is the group, so KEY= stays readable;
// a private key's match runs from its BEGIN line to its END line, the key
// material included.
// Matches may overlap; a caller that splices them in merges the overlaps.
//
// It runs each rule's expression over the whole text, but only when one of
// the rule's keywords occurs: it serves the rare path that redacts a result
// Check found a secret in, and finds at least every value Check finds.
func (d *Detector) FindAll(text string) []detect.Match {
	lower := detect.ASCIILower(text)
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

func containsAny(lower string, keywords []string) bool {
	for _, k := range keywords {
		if strings.Contains(lower, k) {
			return true
		}
	}
	return false
}

// Windows are the text a rule's regexp sees around a keyword occurrence.
// Catalogue matches are far shorter than Before, except a JWT or a key,
// which is still found from its first bytes. env_secret, whose matches are
// whole lines, sees only the keyword's line.
var (
	window     = detect.Window{Before: 256, After: 512}
	lineWindow = detect.Window{Before: 256, After: 512, Line: true}
)

// find returns the offset in text of the first valid match of r near one of
// its keywords, or -1. lower is text lowered by detect.ASCIILower; folds
// says whether text holds a letter that (?i) takes for an ASCII one.
func (r compiled) find(text, lower string, folds bool) int {
	if r.fold && folds {
		return r.match(text) // rare: the keywords cannot be trusted
	}
	win := window
	if r.line {
		win = lineWindow
	}
	return win.Find(text, lower, r.keywords, func(w, lw string) int {
		if r.near != "" && !strings.Contains(lw, r.near) {
			return -1
		}
		return r.match(w)
	})
}

// match returns the offset of the first valid match of r in window, or -1.
func (r compiled) match(window string) int {
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
