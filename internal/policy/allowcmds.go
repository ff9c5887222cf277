package policy

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/detect/command"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell"
)

// checkCommandAllowing runs the command rules on a command, the allow
// patterns (bash.allow_patterns) applied to each of its commands on its own:
// ^npm test allows npm test, not what is chained after
// it. The command is allowed when each of its commands is; otherwise the
// commands an allow pattern covers (with all the commands inside them) are
// replaced by the null command ':' and the rest is analysed and checked as
// if no allow pattern existed. A command bash cannot parse is allowed only
// by a pattern that matches all of it (command.Detector.AllowsWhole).
func (p *Policy) checkCommandAllowing(d *command.Detector, text string, a *shell.Analysis) (event.Finding, bool) {
	if !d.HasAllow() {
		return p.checkCommand(d, text, a, true)
	}
	spans, ok := shell.SimpleCommands(text)
	if !ok {
		return p.checkCommand(d, text, a, false)
	}
	covered := make([]bool, len(spans))
	all := len(spans) > 0
	for i, s := range spans {
		covered[i] = d.Allows(text[s.Start:s.End])
		all = all && covered[i]
	}
	if all {
		return event.Finding{}, false
	}
	rest, changed := maskCovered(text, spans, covered)
	if !changed {
		return p.checkCommand(d, text, a, true)
	}
	return p.checkCommand(d, rest, shell.Analyze(rest, shell.Options{Home: p.Home, Files: p.files, Zsh: p.Zsh, Self: p.Self}), true)
}

// maskCovered replaces in text each covered span that holds no span left
// uncovered by ':', outermost first; changed reports whether any was.
func maskCovered(text string, spans []shell.Span, covered []bool) (string, bool) {
	var cut []shell.Span
	for i, s := range spans {
		if !covered[i] || within(s, cut) {
			continue
		}
		whole := true
		for j, t := range spans {
			if !covered[j] && s.Start <= t.Start && t.End <= s.End {
				whole = false
				break
			}
		}
		if whole {
			cut = append(cut, s)
		}
	}
	if len(cut) == 0 {
		return text, false
	}
	// Outer spans come before the spans inside them (syntax.Walk visits a
	// statement before its parts), so cut holds no span inside another.
	slices.SortFunc(cut, func(a, b shell.Span) int { return a.Start - b.Start })
	var b strings.Builder
	at := 0
	for _, s := range cut {
		b.WriteString(text[at:s.Start])
		b.WriteString(":")
		at = s.End
	}
	b.WriteString(text[at:])
	return b.String(), true
}

// within reports whether s lies inside one of spans.
func within(s shell.Span, spans []shell.Span) bool {
	for _, t := range spans {
		if t.Start <= s.Start && s.End <= t.End {
			return true
		}
	}
	return false
}
