// Package command is the command detector: the policy's regular expressions
// (bash.block_patterns) searched anywhere in a shell command.
//
// # Matching
//
// Patterns use Go's regexp syntax (RE2: linear time, no backreferences, no
// look-around) and are unanchored unless they anchor themselves. An allow
// pattern (bash.allow_patterns) allows what it matches, whatever block rule
// also matches: it is tried on each command of a command line on its own
// ([Detector.Allows]; the caller splits the line, and ^ and $ anchor at that
// command's ends), or, where the commands cannot be told apart, must match
// all of the text ([Detector.AllowsWhole]). Otherwise the first block rule
// in list order that matches wins.
//
// A block rule is tried against the command as written and, when the command
// contains quotes, backslashes or $IFS, also against a copy with those
// removed (`r'm' -rf /` is `rm -rf /` to the shell). Allow patterns see only
// the command as written, so quoting can never widen an allow.
//
// # Normalised commands
//
// [Detector.CheckCommand] also tries each rule against the lines of what
// the command runs, normalised by internal/shell (one pipeline a line, data
// words written "…"), one line at a time: a pattern's ^ and $ anchor at a
// line's ends, and .* never crosses from one pipeline into the next. With
// [Command.LinesOnly] (bash.match "commands") the rules see only those
// lines, never the command as written, so a word that is only data (a
// commit message, a grep pattern) cannot block. A command that could not be
// parsed or checked whole ([Command.Unchecked]) is matched as written, then
// blocked with rule [RuleUnchecked] if nothing else matched.
//
// # Exceptions
//
// A rule may name an exception ([Rule.Unless], gitleaks' per-rule
// allowlist): a match of the rule's pattern that the exception also
// matches does not block. The exception is tried on the text of each match
// alone, so a rule whose pattern runs to the end of a command (git clean
// … -f …) can spare one form of it (… -n, a dry run) without sparing a
// second command on the same line. RE2 has no look-around; this is how a
// rule says "but not".
package command

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/lazyre"
	"github.com/guardhq/guard/internal/event"
)

// Rule is one block rule, as in bash.block_patterns.
type Rule struct {
	Name        string
	Pattern     string
	Severity    string
	Description string
	// Unless, when set, is a pattern tried on the text of each match of
	// Pattern: a match it also matches does not block.
	Unless string
	// Prefilter, when set, is the pattern's prefilter computed earlier
	// (lazyre.Regexp.Prefilter), so New need not parse the pattern: the
	// built-in rules carry theirs. Nil derives it.
	Prefilter lazyre.Prefilter
	// UnlessPrefilter is Prefilter for Unless.
	UnlessPrefilter lazyre.Prefilter
}

// Detector checks commands against compiled rules. It is safe for concurrent
// use.
type Detector struct {
	block []compiled
	allow []*lazyre.Regexp
}

type compiled struct {
	Rule
	re     *lazyre.Regexp
	unless *lazyre.Regexp // nil: every match blocks
}

// knownSeverity reports the accepted severity values; empty is accepted too.
func knownSeverity(s string) bool {
	switch s {
	case "", "critical", "high", "medium", "low":
		return true
	}
	return false
}

// maxShown bounds the command quoted in a Reason, in bytes.
const maxShown = 200

// New parses the block rules and allow patterns. An error names the rule or
// the allow pattern at fault. A pattern is compiled only when a command
// holds one of the literals every match of it needs (see package lazyre), so
// an everyday command compiles few or none of them.
func New(block []Rule, allow []string) (*Detector, error) {
	d := &Detector{block: make([]compiled, 0, len(block)), allow: make([]*lazyre.Regexp, 0, len(allow))}
	for i, r := range block {
		if r.Name == "" {
			return nil, fmt.Errorf("block rule %d: empty name", i)
		}
		if r.Pattern == "" {
			return nil, fmt.Errorf("block rule %q: empty pattern", r.Name)
		}
		if !knownSeverity(r.Severity) {
			return nil, fmt.Errorf("block rule %q: severity %q is not critical, high, medium or low", r.Name, r.Severity)
		}
		var re *lazyre.Regexp
		var err error
		if r.Prefilter != nil {
			re = lazyre.NewPrefiltered(r.Pattern, r.Prefilter)
		} else {
			re, err = lazyre.New(r.Pattern)
		}
		if err != nil {
			return nil, fmt.Errorf("block rule %q: pattern: %w", r.Name, err)
		}
		c := compiled{Rule: r, re: re}
		if r.Unless != "" && r.UnlessPrefilter != nil {
			c.unless = lazyre.NewPrefiltered(r.Unless, r.UnlessPrefilter)
		} else if r.Unless != "" {
			if c.unless, err = lazyre.New(r.Unless); err != nil {
				return nil, fmt.Errorf("block rule %q: unless: %w", r.Name, err)
			}
		}
		d.block = append(d.block, c)
	}
	for i, p := range allow {
		if p == "" {
			return nil, fmt.Errorf("allow pattern %d: empty pattern", i)
		}
		re, err := lazyre.New(p)
		if err != nil {
			return nil, fmt.Errorf("allow pattern %d %q: %w", i, p, err)
		}
		d.allow = append(d.allow, re)
	}
	return d, nil
}

// HasAllow reports whether the detector has allow patterns.
func (d *Detector) HasAllow() bool { return len(d.allow) > 0 }

// Allows reports whether an allow pattern matches cmd, one command as
// written: ^ and $ anchor at its ends. A pattern that cannot be compiled
// counts as no match (it cannot widen an allow).
func (d *Detector) Allows(cmd string) bool {
	t := lazyre.NewText(cmd)
	for _, re := range d.allow {
		if ok, _ := re.MatchText(t); ok {
			return true
		}
	}
	return false
}

// AllowsWhole reports whether an allow pattern matches all of text, from
// its first byte to its last: text whose commands guard cannot tell apart
// (a command bash cannot parse, PowerShell) is allowed only as a whole.
func (d *Detector) AllowsWhole(text string) bool {
	t := lazyre.NewText(text)
	for _, re := range d.allow {
		if ok, _ := re.MatchText(t); !ok {
			continue
		}
		// Compiled only when the pattern matches somewhere.
		whole, err := regexp.Compile(`\A(?:` + re.String() + `)\z`)
		if err == nil && whole.MatchString(text) {
			return true
		}
	}
	return false
}

// RuleUnchecked is the rule name of a block of a command guard could not
// parse or check whole.
const RuleUnchecked = "unparsable_command"

// Command is a shell command as [Detector.CheckCommand] sees it.
type Command struct {
	// Text is the command as written.
	Text string
	// Lines are the pipelines it runs, normalised (internal/shell).
	Lines []string
	// Parsed says Lines come from a parse of Text: Text is then not also
	// tried with its quotes removed, since Lines have them removed the way
	// the shell does.
	Parsed bool
	// LinesOnly makes the block rules see Lines only, not Text
	// (bash.match "commands"). Allow patterns always see Text.
	LinesOnly bool
	// AllowDone says the caller has applied the allow patterns to each
	// command of Text on its own ([Detector.Allows]):
	// CheckCommand then applies none. Without it an allow pattern allows
	// Text only when it matches all of it, from its first byte to its last
	// ([Detector.AllowsWhole]): the detector cannot tell the commands of a
	// text apart, and ^npm test must not allow npm test; bash -i.
	AllowDone bool
	// Unchecked, when set, says why the command could not be parsed or
	// checked whole; it may quote part of the command. Such a command is
	// matched as written (whatever LinesOnly says), then blocked with
	// RuleUnchecked. UncheckedLog says the same without command text.
	Unchecked, UncheckedLog string
}

// Check reports the first block rule that matches cmd as written (see
// [Detector.CheckCommand]).
func (d *Detector) Check(cmd string) (event.Finding, bool) {
	return d.CheckCommand(Command{Text: cmd})
}

// CheckCommand reports the first block rule, in list order, that matches the
// command as written (unless LinesOnly) or one of its lines, unless an allow
// pattern matches all of the command as written (see [Command.AllowDone]).
// The Reason has the form
// `matched /<pattern>/ in '<command>'`, followed by ` (runs '<line>')` when
// the match was in a line that differs from the command (a long command is
// shortened, and control characters are escaped: see [detect.Printable]);
// the LogReason has the command replaced by [event.Redacted].
func (d *Detector) CheckCommand(c Command) (event.Finding, bool) {
	text := lazyre.NewText(c.Text)
	if !c.AllowDone && d.AllowsWhole(c.Text) {
		return event.Finding{}, false
	}
	raw := !c.LinesOnly || c.Unchecked != ""
	var plainText *lazyre.Text
	if raw && (!c.Parsed || c.Unchecked != "") {
		if plain, ok := unquote(c.Text); ok {
			plainText = lazyre.NewText(plain)
		}
	}
	var joined *lazyre.Text
	lineTexts := make([]*lazyre.Text, len(c.Lines))
	if len(c.Lines) > 0 {
		joined = lazyre.NewText(strings.Join(c.Lines, "\n"))
	}
	for _, r := range d.block {
		var hit bool
		var err error
		if raw {
			hit, err = r.match(text)
			if err == nil && !hit && plainText != nil {
				hit, err = r.match(plainText)
			}
			if hit || err != nil {
				return r.finding(c.Text, "", err)
			}
		}
		if joined == nil || !r.re.MayMatch(joined) {
			continue
		}
		for i, l := range c.Lines {
			if lineTexts[i] == nil {
				lineTexts[i] = lazyre.NewText(l)
			}
			if hit, err = r.match(lineTexts[i]); hit || err != nil {
				return r.finding(c.Text, l, err)
			}
		}
	}
	if c.Unchecked != "" {
		return event.Finding{
			Detector:  event.DetectorCommands,
			Rule:      RuleUnchecked,
			Severity:  "high",
			Reason:    detect.Printable(c.Unchecked),
			LogReason: c.UncheckedLog,
		}, true
	}
	return event.Finding{}, false
}

// maxExcepted bounds the matches of one rule in one text that its
// exception is tried on; past it the text blocks (fail closed).
const maxExcepted = 64

// match reports whether r blocks t: its pattern matches, and, when it has
// an exception, some match of the pattern is not also a match of it.
func (r compiled) match(t *lazyre.Text) (bool, error) {
	if r.unless == nil {
		return r.re.MatchText(t)
	}
	if !r.re.MayMatch(t) {
		return false, nil
	}
	re, err := r.re.Compiled()
	if err != nil {
		return false, err
	}
	s := t.String()
	for i, m := range re.FindAllStringIndex(s, maxExcepted+1) {
		if i == maxExcepted {
			return true, nil
		}
		spared, err := r.unless.MatchString(s[m[0]:m[1]])
		if err != nil || !spared {
			return true, err
		}
	}
	return false, nil
}

// finding reports a match of r in cmd, or in line of it when line is set;
// err says the rule could not run, which blocks too (fail closed).
func (r compiled) finding(cmd, line string, err error) (event.Finding, bool) {
	if err != nil {
		msg := fmt.Sprintf("rule %s could not be compiled: %v", r.Name, err)
		return event.Finding{Detector: event.DetectorCommands, Rule: r.Name, Severity: r.Severity, Reason: msg, LogReason: msg}, true
	}
	reason := fmt.Sprintf("matched /%s/ in '%s'", r.Pattern, detect.Printable(shorten(cmd)))
	if line != "" && line != cmd {
		reason += fmt.Sprintf(" (runs '%s')", detect.Printable(shorten(line)))
	}
	return event.Finding{
		Detector:  event.DetectorCommands,
		Rule:      r.Name,
		Severity:  r.Severity,
		Reason:    reason,
		LogReason: fmt.Sprintf("matched /%s/ in '%s'", r.Pattern, event.Redacted),
	}, true
}

// unquoter drops quoting characters and turns $IFS into a space. A Replacer
// is safe for concurrent use.
var unquoter = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer(`${IFS}`, " ", `$IFS`, " ", `\`+"\n", "", `'`, "", `"`, "", `\`, "")
})

// unquote removes the shell's quoting characters and $IFS word splitting
// tricks from cmd. It reports false when there was nothing to remove.
func unquote(cmd string) (string, bool) {
	if !strings.ContainsAny(cmd, `'"\`) && !strings.Contains(cmd, "IFS") {
		return "", false
	}
	out := unquoter().Replace(cmd)
	return out, out != cmd
}

// shorten cuts s to at most maxShown bytes on a rune boundary, marking the cut.
func shorten(s string) string {
	if len(s) <= maxShown {
		return s
	}
	cut := maxShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
