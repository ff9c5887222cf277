package policy

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/guardhq/guard/internal/detect/path"
)

// Weaker lists how p protects less than the built-in defaults, one line
// each, for `guard doctor`: a detector switched off (bash, injection, pii),
// PII that the defaults block let through (block_in_file_content,
// block_on_response), results.scan_all off, and a default removed — a
// command rule (by name), a block_read or block_write glob, a blocked
// domain, a PII type. Nil when p is at least the defaults.
//
// What it does not call weaker: a rule, glob or domain added; a default
// command rule whose pattern was changed (guard cannot tell a stricter one
// from a looser one); bash.match "commands" (a reading the policy offers);
// allow lists, which are exceptions the policy file states and `guard
// policy list` counts — except an exception that opens a whole default:
// an allow_read or allow_write glob that matches a default block glob as
// written (allow "~/.ssh/**" or "**" against block "~/.ssh/**"), and a
// bash.allow_patterns entry that matches the empty string (it matches
// every command).
func (p *Policy) Weaker() []string {
	d := builtinDefault()
	var out []string
	off := func(field string, on, def bool, what string) {
		if def && !on {
			out = append(out, fmt.Sprintf("%s is false: %s", field, what))
		}
	}
	off("bash.enabled", p.Bash.Enabled, d.Bash.Enabled, "the command detector is off")
	off("injection.enabled", p.Injection.Enabled, d.Injection.Enabled, "the prompt injection detector is off")
	off("pii.enabled", p.PII.Enabled, d.PII.Enabled, "the PII detector is off")
	if p.PII.Enabled {
		off("pii.block_in_file_content", p.PII.BlockInFileContent, d.PII.BlockInFileContent, "PII in a file the agent reads reaches the model")
		off("pii.block_on_response", p.PII.BlockOnResponse, d.PII.BlockOnResponse, "PII in the agent's answer is not blocked")
	}
	off("results.scan_all", p.Results.ScanAll, d.Results.ScanAll, "shell, search, sub-agent and MCP results reach the model unchecked")

	var names []string
	for _, r := range p.Bash.BlockPatterns {
		names = append(names, r.Name)
	}
	var rules []string
	for _, r := range d.Bash.BlockPatterns {
		rules = append(rules, r.Name)
	}
	out = appendMissing(out, "bash.block_patterns", "default rule", rules, names, nil)
	out = appendMissing(out, "file_paths.block_read", "default glob", d.FilePaths.BlockRead, p.FilePaths.BlockRead, nil)
	out = appendMissing(out, "file_paths.block_write", "default glob", d.FilePaths.BlockWrite, p.FilePaths.BlockWrite, nil)
	out = appendMissing(out, "urls.blocklist", "default domain", d.URLs.Blocklist, p.URLs.Blocklist, strings.ToLower)
	out = appendOpened(out, "file_paths.allow_read", d.FilePaths.BlockRead, p.FilePaths.AllowRead, nil)
	out = appendOpened(out, "file_paths.allow_write", d.FilePaths.BlockWrite, p.FilePaths.AllowWrite, namesOverlap)
	for _, a := range p.Bash.AllowPatterns {
		if re, err := regexp.Compile(a); err == nil && re.MatchString("") {
			out = append(out, fmt.Sprintf("bash.allow_patterns entry %q matches every command", a))
		}
	}
	if p.PII.Enabled {
		out = appendMissing(out, "pii.types", "default type", d.PII.Types, p.PII.Types, nil)
	}
	return out
}

// appendOpened adds a line to out for each allow glob that matches a
// default block glob as written (the exception opens that default whole),
// or of which also(allow, block) holds.
func appendOpened(out []string, field string, blocks, allows []string, also func(a, b string) bool) []string {
	for _, a := range allows {
		var opened []string
		for _, b := range blocks {
			if ok, err := doublestar.Match(a, b); err == nil && ok || also != nil && also(a, b) {
				opened = append(opened, b)
			}
		}
		switch len(opened) {
		case 0:
		case 1:
			out = append(out, fmt.Sprintf("%s entry %s opens the default glob %s", field, a, opened[0]))
		default:
			out = append(out, fmt.Sprintf("%s entry %s opens %d default globs: %s", field, a, len(opened), strings.Join(opened, ", ")))
		}
	}
	return out
}

// appendMissing adds a line to out when have lacks some of want (compared
// after norm, when set): "<field> lacks the default glob ~/.ssh/**" or
// "… lacks 3 default globs: a, b, c".
func appendMissing(out []string, field, what string, want, have []string, norm func(string) string) []string {
	if norm == nil {
		norm = func(s string) string { return s }
	}
	var got []string
	for _, h := range have {
		got = append(got, norm(h))
	}
	var missing []string
	for _, w := range want {
		if !slices.Contains(got, norm(w)) {
			missing = append(missing, w)
		}
	}
	switch len(missing) {
	case 0:
		return out
	case 1:
		return append(out, fmt.Sprintf("%s lacks the %s %s", field, what, missing[0]))
	}
	return append(out, fmt.Sprintf("%s lacks %d %ss: %s", field, len(missing), what, strings.Join(missing, ", ")))
}

// namesOverlap reports whether allow_write glob a opens some path of
// default block glob b: a names b (path.Names, the rule the write rules
// apply) and some path matches both (overlaps).
func namesOverlap(a, b string) bool {
	return path.Names(a, b, "") && overlaps(a, b)
}

// overlaps reports whether some path matches both globs a and b, judged on
// witnesses: a and b with their wildcards filled in (a class by its first
// character, * by nothing, ? by x, a ** element dropped), and, for a b
// that starts with **, the same below each run of a's fixed leading
// elements. It can
// miss an overlap it has no witness for; it reports none that is not one.
func overlaps(a, b string) bool {
	var elems, lead []string
	for _, e := range strings.Split(b, "/") {
		if e != "**" {
			elems = append(elems, fill(e))
		}
	}
	for _, e := range strings.Split(a, "/") {
		if strings.ContainsAny(e, "*?[{") {
			break
		}
		lead = append(lead, e)
	}
	var filled []string
	for _, e := range strings.Split(a, "/") {
		if e != "**" {
			filled = append(filled, fill(e))
		}
	}
	ws := []string{strings.Join(elems, "/"), strings.Join(filled, "/")}
	if strings.HasPrefix(b, "**/") {
		for k := 1; k <= len(lead); k++ {
			ws = append(ws, strings.Join(append(slices.Clip(lead[:k]), elems...), "/"))
		}
	}
	for _, w := range ws {
		okA, errA := doublestar.Match(a, w)
		okB, errB := doublestar.Match(b, w)
		if errA == nil && errB == nil && okA && okB {
			return true
		}
	}
	return false
}

// fill returns glob element e with its wildcards filled in (overlaps).
func fill(e string) string {
	var sb strings.Builder
	for i := 0; i < len(e); i++ {
		switch e[i] {
		case '*':
		case '?':
			sb.WriteByte('x')
		case '[':
			j := strings.IndexByte(e[i:], ']')
			if j < 0 {
				return e
			}
			c := e[i+1 : i+j]
			c = strings.TrimLeft(c, "!^")
			if c != "" && c == e[i+1:i+j] {
				sb.WriteByte(c[0])
			} else {
				sb.WriteByte('~') // a negated class: a character seldom in one
			}
			i += j
		default:
			sb.WriteByte(e[i])
		}
	}
	return sb.String()
}
