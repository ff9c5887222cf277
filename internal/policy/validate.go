package policy

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/pii"
	urldetect "github.com/guardhq/guard/internal/detect/url"
)

var severities = []string{"", "critical", "high", "medium", "low"}

// validate checks what types alone cannot: patterns compile, globs and
// domains are well formed, rule names are unique, settings are in range.
// Patterns are parsed, not compiled: compiling is left to the detector that
// runs, so a hook call pays only for the detectors its input needs.
func (d *decoder) validate(p *Policy) {
	d.validateBash(p.Bash)
	d.validateGlobs(p.FilePaths)
	d.validateURLs(p.URLs)
	known := pii.Types()
	for i, t := range p.PII.Types {
		if !slices.Contains(known, t) {
			d.addf(fmt.Sprintf("pii.types[%d]", i), "unknown type %q (known: %s, and phone_us for phone)", t, strings.Join(known, ", "))
		}
	}
	if u := p.RemotePolicyURL; u != nil && *u != "" {
		if err := checkHTTPS(*u, false); err != nil {
			d.addf("remote_policy_url", "%s", err)
		}
	}
	for _, a := range []struct{ field, v string }{
		{"injection.classifier.on_prompt", p.Injection.Classifier.OnPrompt},
		{"injection.classifier.on_result", p.Injection.Classifier.OnResult},
	} {
		if a.v != "block" && a.v != "log" {
			d.addf(a.field, "must be \"block\" or \"log\", not %q", a.v)
		}
	}
	d.validateWebhook(p.Webhook)
}

// validateBash checks the bash section: the match mode, rule names unique,
// patterns that parse, severities known.
func (d *decoder) validateBash(b Bash) {
	if m := b.Match; m != MatchText && m != MatchCommands {
		d.addf("bash.match", "must be %q or %q, not %q", MatchText, MatchCommands, m)
	}
	names := map[string]int{}
	for i, r := range b.BlockPatterns {
		at := fmt.Sprintf("bash.block_patterns[%d]", i)
		switch {
		case r.Name == "":
			d.addf(at+".name", "is required")
		default:
			if j, dup := names[r.Name]; dup {
				d.addf(at+".name", "duplicate rule name %q (also bash.block_patterns[%d])", r.Name, j)
			} else {
				names[r.Name] = i
			}
		}
		if r.Pattern == "" {
			d.addf(at+".pattern", "is required")
		} else if err := checkRegexp(r.Pattern); err != nil {
			d.addf(at+".pattern", "%s", err)
		}
		if r.Unless != "" {
			if err := checkRegexp(r.Unless); err != nil {
				d.addf(at+".unless", "%s", err)
			}
		}
		if !slices.Contains(severities, r.Severity) {
			d.addf(at+".severity", "must be one of critical, high, medium, low, not %q", r.Severity)
		}
	}
	for i, pat := range b.AllowPatterns {
		if pat == "" {
			d.addf(fmt.Sprintf("bash.allow_patterns[%d]", i), "must not be empty")
		} else if err := checkRegexp(pat); err != nil {
			d.addf(fmt.Sprintf("bash.allow_patterns[%d]", i), "%s", err)
		}
	}
}

// validateGlobs checks that every file_paths glob is well formed and can
// match an absolute path.
func (d *decoder) validateGlobs(fp FilePaths) {
	globs := []struct {
		field string
		list  []string
	}{
		{"file_paths.block_read", fp.BlockRead},
		{"file_paths.allow_read", fp.AllowRead},
		{"file_paths.block_write", fp.BlockWrite},
		{"file_paths.allow_write", fp.AllowWrite},
	}
	for _, g := range globs {
		for i, glob := range g.list {
			if err := path.Validate(glob); err != nil {
				d.addf(fmt.Sprintf("%s[%d]", g.field, i), "%s", err)
			} else if relativeGlob(glob) {
				d.addf(fmt.Sprintf("%s[%d]", g.field, i),
					"%q never matches: checked paths are absolute; start it with /, ~/ or **/ (\"**/%s\" matches it anywhere)", glob, glob)
			}
		}
	}
}

// validateURLs checks the blocklist's domains and the allowlist's entries.
func (d *decoder) validateURLs(u URLs) {
	blocklist := d.blocklistField
	if blocklist == "" {
		blocklist = "urls.blocklist"
	}
	for i, dom := range u.Blocklist {
		if err := urldetect.ValidateDomain(dom); err != nil {
			d.addf(fmt.Sprintf("%s[%d]", blocklist, i), "%s", err)
		}
	}
	for i, s := range u.Allowlist {
		if strings.TrimSpace(s) == "" {
			d.addf(fmt.Sprintf("urls.allowlist[%d]", i), "must not be empty (an empty substring would allow every URL)")
		} else if err := urldetect.ValidateAllowEntry(s); err != nil {
			d.addf(fmt.Sprintf("urls.allowlist[%d]", i), "%s", err)
		}
	}
}

// validateWebhook checks the webhook's timeout, URL, secret and token.
func (d *decoder) validateWebhook(w Webhook) {
	if w.TimeoutMS < 1 || w.TimeoutMS > 60000 {
		d.addf("webhook.timeout_ms", "must be between 1 and 60000, not %d", w.TimeoutMS)
	}
	if w.Enabled {
		if w.URL == "" {
			d.addf("webhook.url", "is required when webhook.enabled is true")
		} else if err := checkHTTPS(w.URL, true); err != nil {
			d.addf("webhook.url", "%s", err)
		}
		if w.HMACSecret != nil {
			if _, err := ResolveSecret(*w.HMACSecret, os.Getenv); err != nil {
				d.addf("webhook.hmac_secret", "%s", maskValue(err.Error(), *w.HMACSecret))
			}
		}
	}
	if w.Token != nil && strings.ContainsFunc(*w.Token, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
		// net/http refuses such a header on every send; say so now. The
		// token itself is not printed.
		d.addf("webhook.token", "holds a control character (a stray newline?); an HTTP header cannot carry it")
	}
}

// relativeGlob reports whether glob is relative: neither absolute (/, a
// Windows drive or a UNC path), nor home-based (~, $HOME), nor starting with
// a wildcard. The detector checks absolute paths only, so such a glob could
// never match and would protect nothing.
func relativeGlob(glob string) bool {
	g := strings.ReplaceAll(glob, `\`, "/")
	switch {
	case strings.HasPrefix(g, "/"), strings.HasPrefix(g, "~"), strings.HasPrefix(g, "$HOME"), strings.HasPrefix(g, "${HOME}"),
		strings.HasPrefix(g, "*"), strings.HasPrefix(g, "?"), strings.HasPrefix(g, "["):
		return false
	case len(g) >= 2 && g[1] == ':': // C:/…
		return false
	}
	return true
}

// checkRegexp reports whether pattern is valid Go (RE2) syntax, with the
// parser's own message ("missing closing )").
func checkRegexp(pattern string) error {
	_, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		if se, ok := err.(*syntax.Error); ok {
			return fmt.Errorf("%s in %q", se.Code, pattern)
		}
		return err
	}
	return nil
}

// maskValue returns msg with value, which may be a secret (a literal HMAC
// secret that happens to start with $), cut to its first 4 characters. A
// policy error reaches the agent on the hook path: it must not carry one.
func maskValue(msg, value string) string {
	if value == "" {
		return msg
	}
	short := value
	if r := []rune(value); len(r) > 4 {
		short = string(r[:4]) + "…"
	}
	msg = strings.ReplaceAll(msg, fmt.Sprintf("%q", value), fmt.Sprintf("%q", short))
	if len(value) >= 4 {
		msg = strings.ReplaceAll(msg, value, short)
	}
	return msg
}

// checkHTTPS accepts an absolute https URL; with loopbackHTTP, plain http is
// also accepted when the host is a loopback address or localhost. Its
// messages never quote the URL: it may hold credentials or a secret path,
// or be a secret pasted into the wrong field.
func checkHTTPS(raw string, loopbackHTTP bool) error {
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL it quotes
		}
		return fmt.Errorf("not a URL: %w", err)
	}
	if u.Host == "" || u.Scheme == "" {
		return errors.New("not an absolute URL (write it as https://host/path)")
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if loopbackHTTP && IsLoopbackHost(u.Hostname()) {
			return nil
		}
		if loopbackHTTP {
			return fmt.Errorf("must use https (plain http is accepted only for localhost and loopback addresses)")
		}
	}
	return fmt.Errorf("must use https, not %q", u.Scheme)
}

// IsLoopbackHost reports whether host is localhost or a loopback IP address.
func IsLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
