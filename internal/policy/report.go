package policy

import (
	"fmt"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
	urldetect "github.com/guardhq/guard/internal/detect/url"
	"github.com/guardhq/guard/internal/outbound"
)

// Describe returns the one-line description of the rule named rule in this
// policy (a command rule's description, a catalogue rule's), or "" when it
// has none.
func (p *Policy) Describe(rule string) string {
	h, _ := p.Help(rule)
	return h.Description
}

// Summary is the --json form of `guard policy list`: where the policy came
// from and how many rules each part holds. Webhook secrets are not in it.
type Summary struct {
	Source          string         `json:"source"`
	Version         string         `json:"version"`
	RemotePolicyURL *string        `json:"remote_policy_url"`
	Bash            SummaryBash    `json:"bash"`
	Paths           SummaryPaths   `json:"paths"`
	URLs            SummaryURLs    `json:"urls"`
	PII             SummaryPII     `json:"pii"`
	Injection       SummaryToggle  `json:"injection"`
	Secrets         SummaryToggle  `json:"secrets"`
	Webhook         SummaryWebhook `json:"webhook"`
}

// SummaryBash counts the command rules.
type SummaryBash struct {
	Enabled       bool   `json:"enabled"`
	Match         string `json:"match"` // text or commands, as it applies
	BlockPatterns int    `json:"block_patterns"`
	AllowPatterns int    `json:"allow_patterns"`
}

// SummaryPaths counts the path globs.
type SummaryPaths struct {
	BlockRead  int `json:"block_read"`
	AllowRead  int `json:"allow_read"`
	BlockWrite int `json:"block_write"`
	AllowWrite int `json:"allow_write"`
}

// SummaryURLs counts the URL rules.
type SummaryURLs struct {
	SSRFTargets int `json:"ssrf_targets"`
	Blocklist   int `json:"blocklist"`
	Allowlist   int `json:"allowlist"`
}

// SummaryPII says which PII types are looked for and where they block
// ("block") or are only recorded ("record").
type SummaryPII struct {
	Enabled     bool     `json:"enabled"`
	Types       []string `json:"types"`
	Prompts     string   `json:"prompts"`
	FileContent string   `json:"file_content"`
	Responses   string   `json:"responses"`
}

// SummaryToggle is a fixed catalogue: whether it runs and its size.
type SummaryToggle struct {
	Enabled bool `json:"enabled"`
	Rules   int  `json:"rules"`
}

// SummaryWebhook describes the webhook without its token or secret.
type SummaryWebhook struct {
	Enabled   bool   `json:"enabled"`
	URL       string `json:"url,omitempty"` // without credentials or query
	TimeoutMS int    `json:"timeout_ms,omitempty"`
	Token     bool   `json:"token"`
	Signed    bool   `json:"signed"`
}

func blockOrRecordWord(b bool) string {
	if b {
		return "block"
	}
	return "record"
}

// SummaryReport returns what Summary prints, as data.
func (p *Policy) SummaryReport() Summary {
	s := Summary{
		Source: p.Source, Version: p.Version,
		Bash: SummaryBash{Enabled: p.Bash.Enabled, Match: matchMode(p.Bash.Match), BlockPatterns: len(p.Bash.BlockPatterns), AllowPatterns: len(p.Bash.AllowPatterns)},
		Paths: SummaryPaths{BlockRead: len(p.FilePaths.BlockRead), AllowRead: len(p.FilePaths.AllowRead),
			BlockWrite: len(p.FilePaths.BlockWrite), AllowWrite: len(p.FilePaths.AllowWrite)},
		URLs: SummaryURLs{SSRFTargets: len(urldetect.SSRFHosts()), Blocklist: len(p.URLs.Blocklist), Allowlist: len(p.URLs.Allowlist)},
		PII: SummaryPII{Enabled: p.PII.Enabled, Types: append([]string{}, p.PII.Types...),
			Prompts: blockOrRecordWord(p.PII.BlockOnPrompt), FileContent: blockOrRecordWord(p.PII.BlockInFileContent),
			Responses: blockOrRecordWord(p.PII.BlockOnResponse)},
		Injection: SummaryToggle{Enabled: p.Injection.Enabled, Rules: len(injection.Rules())},
		Secrets:   SummaryToggle{Enabled: true, Rules: len(secret.Rules())},
	}
	if p.RemotePolicyURL != nil && *p.RemotePolicyURL != "" {
		u := *p.RemotePolicyURL
		s.RemotePolicyURL = &u
	}
	if w := p.Webhook; w.Enabled {
		s.Webhook = SummaryWebhook{Enabled: true, URL: outbound.URL(w.URL, "webhook.url"), TimeoutMS: w.TimeoutMS,
			Token: w.Token != nil && *w.Token != "", Signed: w.HMACSecret != nil}
	}
	return s
}

// ExplainReport is the --json form of `guard explain`.
type ExplainReport struct {
	Source   string           `json:"source"`
	Version  string           `json:"version"`
	Sections []ExplainSection `json:"sections"`
}

// ExplainSection is one section of `guard explain`: whether it is on, its
// settings, notes, and every rule in the order the detectors apply them.
type ExplainSection struct {
	Name     string            `json:"name"`
	Enabled  bool              `json:"enabled"`
	Settings map[string]string `json:"settings,omitempty"`
	Notes    []string          `json:"notes,omitempty"`
	Rules    []ExplainRule     `json:"rules"`
}

// ExplainRule is one rule: Action says what it does (block, allow,
// block_read, allow_read, block_write, allow_write, ssrf, detect); Pattern
// is its regular expression, glob, host or domain.
type ExplainRule struct {
	Action      string `json:"action"`
	Name        string `json:"name,omitempty"`
	Severity    string `json:"severity,omitempty"`
	Description string `json:"description,omitempty"`
	Hint        string `json:"hint,omitempty"`
	Pattern     string `json:"pattern"`
	Unless      string `json:"unless,omitempty"` // a match this also matches does not block
	// On is false for a catalogue rule the policy switches off (a PII type
	// not in pii.types).
	On bool `json:"on"`
}

// ExplainData returns what Explain prints for section ("" for all), as
// data.
func (p *Policy) ExplainData(section string) (ExplainReport, error) {
	r := ExplainReport{Source: p.Source, Version: p.Version, Sections: []ExplainSection{}}
	todo := Sections
	if section != "" {
		found := false
		for _, s := range Sections {
			found = found || s == section
		}
		if !found {
			return r, &UnknownSectionError{Section: section}
		}
		todo = []string{section}
	}
	for _, name := range todo {
		r.Sections = append(r.Sections, p.explainSection(name))
	}
	return r, nil
}

func (p *Policy) explainSection(name string) ExplainSection {
	s := ExplainSection{Name: name, Enabled: true, Rules: []ExplainRule{}}
	add := func(action, pattern string) {
		s.Rules = append(s.Rules, ExplainRule{Action: action, Pattern: pattern, On: true})
	}
	catalogue := func(rules []detect.RuleInfo, on func(string) bool) {
		for _, x := range rules {
			s.Rules = append(s.Rules, ExplainRule{Action: "detect", Name: x.Name, Severity: x.Severity,
				Description: x.Description, Pattern: x.Pattern, On: s.Enabled && on(x.Name)})
		}
	}
	switch name {
	case "bash":
		s.Enabled = p.Bash.Enabled
		s.Settings = map[string]string{"match": matchMode(p.Bash.Match)}
		if !p.Bash.BlockOnError {
			s.Notes = append(s.Notes, "bash.block_on_error false is ignored: guard always blocks on an internal error")
		}
		for _, a := range p.Bash.AllowPatterns {
			add("allow", a)
		}
		for _, c := range p.Bash.BlockPatterns {
			s.Rules = append(s.Rules, ExplainRule{Action: "block", Name: c.Name, Severity: c.Severity,
				Description: c.Description, Hint: c.Hint, Pattern: c.Pattern, Unless: c.Unless, On: s.Enabled})
		}
	case "paths":
		s.Settings = map[string]string{"rule": "blocked_path", "home": p.Home}
		f := p.FilePaths
		for _, l := range []struct {
			action string
			list   []string
		}{{"allow_read", f.AllowRead}, {"block_read", f.BlockRead}, {"allow_write", f.AllowWrite}, {"block_write", f.BlockWrite}} {
			for _, g := range l.list {
				add(l.action, g)
			}
		}
	case "pii":
		s.Enabled = p.PII.Enabled
		s.Settings = map[string]string{"prompts": blockOrRecordWord(p.PII.BlockOnPrompt),
			"file_content": blockOrRecordWord(p.PII.BlockInFileContent), "responses": blockOrRecordWord(p.PII.BlockOnResponse)}
		active := map[string]bool{}
		for _, t := range p.PII.Types {
			active["pii_"+t] = true
		}
		catalogue(pii.Rules(), func(n string) bool { return active[n] })
	case "urls":
		s.Settings = map[string]string{"ssrf_rule": "ssrf_protection", "blocklist_rule": "blocked_domain"}
		for _, h := range urldetect.SSRFHosts() {
			add("ssrf", h)
		}
		for _, a := range p.URLs.Allowlist {
			add("allow", a)
		}
		for _, b := range p.URLs.Blocklist {
			add("block", b)
		}
	case "injection":
		s.Enabled = p.Injection.Enabled
		catalogue(injection.Rules(), func(string) bool { return true })
	case "secrets":
		catalogue(secret.Rules(), func(string) bool { return true })
	default:
		panic(fmt.Sprintf("explain: no section %q", name))
	}
	return s
}
