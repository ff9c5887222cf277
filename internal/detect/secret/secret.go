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
// then runs only on the line around each keyword occurrence (at most a few
// KiB), never on the whole text: clean text of any size costs a few
// substring searches per rule, plus a short regexp run per keyword hit.
//
// A Reason names the rule and the line, never the value.
package secret

import (
	"fmt"
	"regexp"
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
	near        string            // lowercase; when set, the keyword's line must hold it too
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
		keywords: []string{"secret", "password", "passwd", "token", "key", "credential"}, near: "=", valid: notPlaceholder},
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
	re *regexp.Regexp
}

// New compiles the catalogue.
func New() *Detector {
	d := &Detector{rules: make([]compiled, len(catalogue))}
	for i, r := range catalogue {
		d.rules[i] = compiled{rule: r, re: regexp.MustCompile(r.pattern)}
	}
	return d
}

// Check reports the first catalogue rule that matches text. The Reason names
// the rule and the line of the match, never the value.
func (d *Detector) Check(text string) (event.Finding, bool) {
	lower := asciiLower(text)
	for _, r := range d.rules {
		at := r.find(text, lower)
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

// Windows around a keyword: the line that holds it, cut to at most before
// bytes before and after bytes after the keyword. Every catalogue match sits
// on one line and is shorter than that.
const (
	before = 256
	after  = 2048
)

// find returns the offset in text of the first valid match of r near one of
// its keywords, or -1. lower is text with A-Z lowered, byte for byte.
func (r compiled) find(text, lower string) int {
	for _, k := range r.keywords {
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], k)
			if i < 0 {
				break
			}
			i += from
			start := max(strings.LastIndexByte(lower[:i], '\n')+1, i-before)
			end := len(lower)
			if j := strings.IndexByte(lower[i:], '\n'); j >= 0 {
				end = i + j
			}
			end = min(end, i+len(k)+after)
			if r.near == "" || strings.Contains(lower[start:end], r.near) {
				if at := r.match(text[start:end]); at >= 0 {
					return start + at
				}
			}
			from = end
		}
	}
	return -1
}

// match returns the offset of the first valid match of r in window, or -1.
func (r compiled) match(window string) int {
	if r.valid == nil {
		if loc := r.re.FindStringIndex(window); loc != nil {
			return loc[0]
		}
		return -1
	}
	if !r.re.MatchString(window) {
		return -1
	}
	for _, m := range r.re.FindAllStringSubmatchIndex(window, maxCandidates) {
		if m[2] >= 0 && r.valid(window[m[2]:m[3]]) {
			return m[0]
		}
	}
	return -1
}

// asciiLower lowers A-Z and keeps every other byte, so offsets in the result
// are offsets in s (strings.ToLower may change the length of non-ASCII text).
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
