package policy

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
	urldetect "github.com/guardhq/guard/internal/detect/url"
	"github.com/guardhq/guard/internal/outbound"
)

// Sections are the parts of the policy `guard explain` can show, in order.
var Sections = []string{"bash", "paths", "pii", "urls", "injection", "secrets"}

// UnknownSectionError is returned by Explain for a section it does not know.
type UnknownSectionError struct{ Section string }

func (e *UnknownSectionError) Error() string {
	return fmt.Sprintf("unknown section %q (sections: %s)", e.Section, strings.Join(Sections, ", "))
}

// Explain writes every active rule of the given section (all sections when
// section is empty) in readable form.
func (p *Policy) Explain(w io.Writer, section string) error {
	show := map[string]func(*tabwriter.Writer){
		"bash": p.explainBash, "paths": p.explainPaths, "pii": p.explainPII,
		"urls": p.explainURLs, "injection": p.explainInjection, "secrets": p.explainSecrets,
	}
	todo := Sections
	if section != "" {
		if _, ok := show[section]; !ok {
			return &UnknownSectionError{Section: section}
		}
		todo = []string{section}
	}
	fmt.Fprintf(w, "policy %s (version %s)\n", p.Source, p.Version)
	for _, s := range todo {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		show[s](tw)
		tw.Flush()
	}
	return nil
}

// matchMode returns bash.match as it applies: anything but "commands" (an
// empty value in a Policy built in code) is "text".
func matchMode(m string) string {
	if m == MatchCommands {
		return m
	}
	return MatchText
}

// orDash returns s, or "-" when it is empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func onOff(b bool) string {
	if b {
		return "enabled"
	}
	return "disabled"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

func (p *Policy) explainBash(w *tabwriter.Writer) {
	b := p.Bash
	fmt.Fprintf(w, "bash: commands, %s, match %s; %s, %s\n", onOff(b.Enabled), matchMode(b.Match),
		plural(len(b.BlockPatterns), "block pattern", "block patterns"),
		plural(len(b.AllowPatterns), "allow pattern", "allow patterns"))
	if matchMode(b.Match) == MatchCommands {
		fmt.Fprintln(w, "  match commands: block rules and the injection scan see only the commands a command runs, normalised, never its data words (a commit message, a grep pattern, echo's arguments)")
	} else {
		fmt.Fprintln(w, "  match text: block rules see the command as written and the commands it runs, normalised; set bash.match to \"commands\" to ignore data words")
	}
	if !b.BlockOnError {
		fmt.Fprintln(w, "  note: bash.block_on_error false is ignored: guard always blocks on an internal error")
	}
	for _, a := range b.AllowPatterns {
		fmt.Fprintf(w, "  allow\t/%s/\n", a)
	}
	// The pattern comes last: it is long, and a column after it would be
	// pushed past the width of a terminal.
	for _, r := range b.BlockPatterns {
		unless := ""
		if r.Unless != "" {
			unless = " unless /" + r.Unless + "/"
		}
		fmt.Fprintf(w, "  block\t%s\t%s\t%s\t/%s/%s\n", r.Name, orDash(r.Severity), orDash(r.Description), r.Pattern, unless)
	}
	fmt.Fprintln(w, "  (guard explain RULE shows what a rule protects, what to do instead and how to allow it)")
}

func (p *Policy) explainPaths(w *tabwriter.Writer) {
	f := p.FilePaths
	fmt.Fprintf(w, "paths: %s, %s, %s, %s (rule blocked_path; ~ is %s)\n",
		plural(len(f.BlockRead), "blocked read", "blocked reads"),
		plural(len(f.AllowRead), "allowed read", "allowed reads"),
		plural(len(f.BlockWrite), "blocked write", "blocked writes"),
		plural(len(f.AllowWrite), "allowed write", "allowed writes"), p.Home)
	if dirs, err := p.guardDirs(); err == nil {
		for _, d := range dirs {
			fmt.Fprintf(w, "  protect write\t%s\t(guard's own directory: no allow list opens it)\n", filepath.Join(d, "**"))
		}
	}
	for _, l := range []struct {
		what string
		list []string
	}{{"allow read", f.AllowRead}, {"block read", f.BlockRead}, {"allow write", f.AllowWrite}, {"block write", f.BlockWrite}} {
		for _, g := range l.list {
			fmt.Fprintf(w, "  %s\t%s\n", l.what, g)
		}
	}
}

func (p *Policy) explainPII(w *tabwriter.Writer) {
	x := p.PII
	fmt.Fprintf(w, "pii: %s; types %s\n", onOff(x.Enabled), typeList(x.Types))
	fmt.Fprintf(w, "  in prompts:\t%s\n", blockOrRecord(x.BlockOnPrompt))
	fmt.Fprintf(w, "  in file content:\t%s\n", blockOrRecord(x.BlockInFileContent))
	fmt.Fprintf(w, "  in responses:\t%s\n", blockOrRecord(x.BlockOnResponse))
	active := map[string]bool{}
	for _, t := range x.Types {
		active["pii_"+t] = true
	}
	for _, r := range pii.Rules() {
		state := "off"
		if x.Enabled && active[r.Name] {
			state = "on"
		}
		fmt.Fprintf(w, "  %s\t%s\t%s\t/%s/\n", r.Name, state, r.Description, r.Pattern)
	}
}

// typeList names the PII types looked for; an empty list finds nothing.
func typeList(types []string) string {
	if len(types) == 0 {
		return "none"
	}
	return strings.Join(types, ", ")
}

func blockOrRecord(b bool) string {
	if b {
		return "block"
	}
	return "record only (not blocked)"
}

func (p *Policy) explainURLs(w *tabwriter.Writer) {
	u := p.URLs
	ssrf := urldetect.SSRFHosts()
	fmt.Fprintf(w, "urls: %s (always blocked, rule ssrf_protection), %s, %s\n",
		plural(len(ssrf), "SSRF target", "SSRF targets"),
		plural(len(u.Blocklist), "blocked domain", "blocked domains"),
		plural(len(u.Allowlist), "allowed URL entry", "allowed URL entries"))
	for _, h := range ssrf {
		fmt.Fprintf(w, "  ssrf\t%s\n", h)
	}
	for _, a := range u.Allowlist {
		fmt.Fprintf(w, "  allow\t%s\n", a)
	}
	for _, b := range u.Blocklist {
		fmt.Fprintf(w, "  block\t%s\n", b)
	}
}

func (p *Policy) explainInjection(w *tabwriter.Writer) {
	rules := injection.Rules()
	fmt.Fprintf(w, "injection: %s; %s (fixed)\n", onOff(p.Injection.Enabled), plural(len(rules), "pattern", "patterns"))
	writeRules(w, rules)
	c := p.Injection.Classifier
	thr := c.Threshold
	if thr == 0 {
		thr = injection.DefaultThreshold()
	}
	fmt.Fprintf(w, "  %s\tclassifier: %s, threshold %.2f, prompts %s, tool results and file/web content %s (not on shell commands)\n",
		injection.RuleClassifier, onOff(c.Enabled && p.Injection.Enabled), thr, c.OnPrompt, c.OnResult)
	for _, l := range injection.ClassifierProvenance() {
		fmt.Fprintf(w, "    %s\n", l)
	}
}

func (p *Policy) explainSecrets(w *tabwriter.Writer) {
	rules := secret.Rules()
	fmt.Fprintf(w, "secrets: always enabled; %s (fixed)\n", plural(len(rules), "rule", "rules"))
	writeRules(w, rules)
}

func writeRules(w *tabwriter.Writer, rules []detect.RuleInfo) {
	for _, r := range rules {
		fmt.Fprintf(w, "  %s\t%s\t%s\t/%s/\n", r.Name, r.Severity, r.Description, r.Pattern)
	}
}

// Summary writes a short description of the policy: where it came from, its
// version and how many rules each part holds. Webhook secrets are not shown.
func (p *Policy) Summary(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "source:\t%s\n", p.Source)
	fmt.Fprintf(tw, "version:\t%s\n", p.Version)
	remote := "none"
	if p.RemotePolicyURL != nil && *p.RemotePolicyURL != "" {
		remote = *p.RemotePolicyURL
	}
	fmt.Fprintf(tw, "remote policy:\t%s\n", remote)
	fmt.Fprintf(tw, "bash:\t%s, match %s, %s, %s\n", onOff(p.Bash.Enabled), matchMode(p.Bash.Match),
		plural(len(p.Bash.BlockPatterns), "block pattern", "block patterns"),
		plural(len(p.Bash.AllowPatterns), "allow pattern", "allow patterns"))
	f := p.FilePaths
	fmt.Fprintf(tw, "paths:\t%s, %s, %s, %s\n",
		plural(len(f.BlockRead), "blocked read", "blocked reads"), plural(len(f.AllowRead), "allowed read", "allowed reads"),
		plural(len(f.BlockWrite), "blocked write", "blocked writes"), plural(len(f.AllowWrite), "allowed write", "allowed writes"))
	fmt.Fprintf(tw, "urls:\t%s, %s, %s\n", plural(len(urldetect.SSRFHosts()), "SSRF target", "SSRF targets"),
		plural(len(p.URLs.Blocklist), "blocked domain", "blocked domains"),
		plural(len(p.URLs.Allowlist), "allowed URL entry", "allowed URL entries"))
	fmt.Fprintf(tw, "pii:\t%s, types %s; prompts %s, file content %s, responses %s\n", onOff(p.PII.Enabled),
		typeList(p.PII.Types), blockOrRecord(p.PII.BlockOnPrompt),
		blockOrRecord(p.PII.BlockInFileContent), blockOrRecord(p.PII.BlockOnResponse))
	fmt.Fprintf(tw, "injection:\t%s, %s\n", onOff(p.Injection.Enabled), plural(len(injection.Rules()), "pattern", "patterns"))
	fmt.Fprintf(tw, "secrets:\talways enabled, %s\n", plural(len(secret.Rules()), "rule", "rules"))
	wh := "disabled"
	if p.Webhook.Enabled {
		wh = fmt.Sprintf("enabled, %s, time-out %d ms", outbound.URL(p.Webhook.URL, "webhook.url"), p.Webhook.TimeoutMS)
		if p.Webhook.Token != nil && *p.Webhook.Token != "" {
			wh += ", token set"
		}
		if p.Webhook.HMACSecret != nil {
			wh += ", signed"
		}
	}
	fmt.Fprintf(tw, "webhook:\t%s\n", wh)
	tw.Flush()
}
