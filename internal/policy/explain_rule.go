package policy

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
)

// RuleReport is `guard explain RULE`: one rule, what it protects against,
// what to do instead, how a person allows what it blocks, and its pattern
// (or, for blocked_path, the places it protects).
type RuleReport struct {
	Rule        string `json:"rule"`
	Kind        string `json:"kind"` // where the rule lives: bash.block_patterns, file_paths, urls, secrets, pii, injection, hook
	Severity    string `json:"severity,omitempty"`
	On          bool   `json:"on"`
	Description string `json:"description"`
	Hint        string `json:"hint,omitempty"`
	Allow       string `json:"allow"`
	Pattern     string `json:"pattern,omitempty"`
	Unless      string `json:"unless,omitempty"`
	// Places are, for blocked_path, the globs it blocks with what each
	// protects, guard's own directories first.
	Places []PlaceReport `json:"places,omitempty"`
}

// PlaceReport is one protected place of blocked_path.
type PlaceReport struct {
	Action string `json:"action"` // protect_write (guard's own), block_read or block_write
	Glob   string `json:"glob"`
	What   string `json:"what"`
	Hint   string `json:"hint,omitempty"`
}

// UnknownRuleError is returned by RuleData for a name that is neither a
// section of `guard explain` nor a rule guard knows.
type UnknownRuleError struct{ Name string }

func (e *UnknownRuleError) Error() string {
	return fmt.Sprintf("unknown section or rule %q (sections: %s)", e.Name, strings.Join(Sections, ", "))
}

// IsSection reports whether name is a section of `guard explain`.
func IsSection(name string) bool {
	for _, s := range Sections {
		if s == name {
			return true
		}
	}
	return false
}

// RuleData returns what `guard explain RULE` shows about the rule named
// name, or an *UnknownRuleError.
func (p *Policy) RuleData(name string) (RuleReport, error) {
	h, ok := p.Help(name)
	if !ok {
		return RuleReport{}, &UnknownRuleError{Name: name}
	}
	r := RuleReport{Rule: name, Description: h.Description, Hint: h.Hint, On: true}
	for _, c := range p.Bash.BlockPatterns {
		if c.Name == name {
			r.Kind, r.Severity, r.On, r.Pattern, r.Unless = "bash.block_patterns", c.Severity, p.Bash.Enabled, c.Pattern, c.Unless
			r.Allow = `a bash.allow_patterns entry in rules.json that matches the command as written allows it, each command of a command line on its own ("^make clean$" allows that one command, "^make clean" not what is chained after it); removing the rule from bash.block_patterns allows every command it blocks`
			return r, nil
		}
	}
	if detector, _ := fixedRule(name); detector != "" {
		r.Kind = detector
		r.Allow = humanDetectorAllow(detector)
		for _, x := range fixedRules(detector) {
			if x.Name == name {
				r.Severity, r.Pattern = x.Severity, x.Pattern
			}
		}
		switch detector {
		case event.DetectorPII:
			r.On = p.PII.Enabled && containsType(p.PII.Types, strings.TrimPrefix(name, "pii_"))
		case event.DetectorInjection:
			r.On = p.Injection.Enabled
		}
		return r, nil
	}
	r.Kind, r.Allow = fixedKind(name)
	if name == "blocked_path" {
		r.Places = p.places()
	}
	return r, nil
}

// fixedRules returns the catalogue of detector.
func fixedRules(detector string) []detect.RuleInfo {
	switch detector {
	case event.DetectorSecrets:
		return secret.Rules()
	case event.DetectorPII:
		return pii.Rules()
	}
	return injection.Rules()
}

// containsType reports whether types holds PII type t (phone_us is phone).
func containsType(types []string, t string) bool {
	for _, x := range types {
		if x == t || x == "phone_us" && t == "phone" {
			return true
		}
	}
	return false
}

// humanDetectorAllow says how a person stops a fixed detector's rule from
// blocking.
func humanDetectorAllow(detector string) string {
	switch detector {
	case event.DetectorSecrets:
		return "nothing opens it: the secrets catalogue cannot be switched off or allowed"
	case event.DetectorPII:
		return "pii.types in rules.json lists the types looked for; pii.block_on_prompt, block_in_file_content and block_on_response say where they block"
	}
	return "injection.enabled false in rules.json switches the whole scan off; there is no allow list for one pattern"
}

// fixedKind returns where a fixed rule lives and how a person allows what
// it blocks.
func fixedKind(rule string) (kind, allow string) {
	switch rule {
	case "blocked_path":
		return "file_paths", "a glob in file_paths.allow_read (reads) or file_paths.allow_write (writes) in rules.json allows the paths it matches; nothing opens guard's own directories"
	case "unresolved_path":
		return "file_paths", "write the path out so guard can check it; an allow glob does not open a path guard cannot work out"
	case "unparsable_command":
		return "bash", "a bash.allow_patterns entry in rules.json that matches the command as written allows it (a command guard cannot parse: all of it, from its first character to its last)"
	case "ssrf_protection", "invalid_url_host":
		return "urls", "nothing opens it: no allow list overrides the SSRF targets"
	case "blocked_domain":
		return "urls", "an entry in urls.allowlist in rules.json ([scheme://]host[:port][/path]: the host and its subdomains, at that port and under that path) allows the URLs it matches"
	}
	return "hook", "it blocks a call guard could not check (fail-closed); fix what the reason names"
}

// places lists what blocked_path protects: guard's own directories, then
// the block_read and block_write globs, each with what the catalogue says
// it holds.
func (p *Policy) places() []PlaceReport {
	cat := helpCatalogue()
	var out []PlaceReport
	if dirs, err := p.guardDirs(); err == nil {
		state := p.stateDirs()
		for i, d := range dirs {
			h := cat.GuardDir
			if i >= len(dirs)-len(state) {
				h = cat.StateDir
			}
			out = append(out, PlaceReport{Action: "protect_write", Glob: path.DirGlob(d, p.Home), What: h.What, Hint: h.Hint})
		}
	}
	for _, l := range []struct {
		action string
		list   []string
	}{{"block_read", p.FilePaths.BlockRead}, {"block_write", p.FilePaths.BlockWrite}} {
		for _, g := range l.list {
			h, ok := cat.Globs[g]
			if !ok {
				h = placeHelp{What: "a path the policy protects"}
			}
			hint := h.Hint
			if l.action == "block_write" && h.WriteHint != "" {
				hint = h.WriteHint
			}
			out = append(out, PlaceReport{Action: l.action, Glob: g, What: h.What, Hint: hint})
		}
	}
	return out
}

// ExplainRule writes RuleData in readable form.
func (p *Policy) ExplainRule(w io.Writer, name string) error {
	r, err := p.RuleData(name)
	if err != nil {
		return err
	}
	state := "on"
	if !r.On {
		state = "off"
	}
	fmt.Fprintf(w, "%s: %s rule, %s", r.Rule, r.Kind, state)
	if r.Severity != "" {
		fmt.Fprintf(w, ", severity %s", r.Severity)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "  protects:\t%s\n", r.Description)
	if r.Hint != "" {
		fmt.Fprintf(tw, "  instead:\t%s\n", r.Hint)
	}
	fmt.Fprintf(tw, "  to allow:\t%s\n", r.Allow)
	if r.Pattern != "" {
		fmt.Fprintf(tw, "  pattern:\t/%s/\n", r.Pattern)
	}
	if r.Unless != "" {
		fmt.Fprintf(tw, "  unless:\t/%s/\n", r.Unless)
	}
	tw.Flush()
	if len(r.Places) > 0 {
		fmt.Fprintln(w, "  places:")
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, pl := range r.Places {
			fmt.Fprintf(tw, "    %s\t%s\t%s\n", strings.ReplaceAll(pl.Action, "_", " "), pl.Glob, pl.What)
		}
		tw.Flush()
	}
	return nil
}
