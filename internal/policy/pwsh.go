package policy

import (
	"fmt"
	"os"
	"strings"

	"github.com/guardhq/guard/internal/detect/command"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/pwsh"
)

// genericNames are home-level names too common in projects to count as a
// protected name's part (a project has its own .git and .config).
var genericNames = [...]string{".config", ".local", ".cache", ".git", ".vscode"}

// checkPowerShell runs the command rules on a PowerShell command: as
// written (bash cannot read it), and blocked as unchecked when it names
// part of a protected name, or holds what guard cannot work out near one
// (pwshUnchecked). The paths it names are the hook's to check
// (internal/hook reads them with internal/pwsh).
func (p *Policy) checkPowerShell(d *command.Detector, text string) (event.Finding, bool) {
	c := command.Command{Text: text}
	c.Unchecked, c.UncheckedLog = p.pwshUnchecked(text, "")
	return d.CheckCommand(c)
}

// pwshUnchecked says why a command read as PowerShell (internal/pwsh)
// blocks: it names a fragment of a protected home-level name ('.ss' of
// ~/.ssh), or it holds something guard cannot work out (a sub-expression,
// Invoke-Expression of a value, & $x) and a string that names or could be
// part of a protected place. parseErr, when set, is bash's parse error of a
// command read this way on Windows: then a protected path the command names
// blocks too. Nothing when none holds.
func (p *Policy) pwshUnchecked(text, parseErr string) (shown, logged string) {
	a, err := pwsh.Read(text, pwsh.Options{Home: p.Home, Env: os.LookupEnv, Files: p.files})
	if err != nil {
		msg := "guard cannot read this PowerShell command whole (it is too large); guard blocks a command it cannot check"
		return msg, msg
	}
	shown, logged = p.pwshReason(a, parseErr != "")
	if shown != "" && parseErr != "" {
		pre := "guard cannot parse this command as bash (" + parseErr + ") and, read as PowerShell, "
		return pre + strings.TrimPrefix(shown, "guard "), "guard cannot parse this command as bash and, read as PowerShell, " + strings.TrimPrefix(logged, "guard ")
	}
	return shown, logged
}

// pwshReason is pwshUnchecked's finding on what Read told.
func (p *Policy) pwshReason(a *pwsh.Analysis, parseErr bool) (shown, logged string) {
	if len(a.Hidden) > 0 {
		// A script it runs that guard cannot read, name, or see the text
		// of (internal/pwsh, scripts.go): never checked, so blocked.
		msg := "guard cannot check this PowerShell command whole: it " + a.Hidden[0] + "; guard blocks what it cannot check"
		return msg, "guard cannot check this PowerShell command whole: it runs a script guard cannot read; guard blocks what it cannot check"
	}
	if len(a.Unnamed) > 0 {
		// Add-Content $cfg.Path x: a property of a variable as the path a
		// cmdlet writes.
		msg := "guard cannot tell what this PowerShell command names: it writes a path it takes from a property of a variable (" + a.Unnamed[0] + "); guard blocks a write it cannot check"
		return msg, "guard cannot tell what this PowerShell command names: it writes a path it takes from a property of a variable; guard blocks a write it cannot check"
	}
	if u, ok := builtPath(a); ok {
		msg := "guard cannot tell what this PowerShell command names: it builds a string at run time (-replace, -f, -join, .Replace, [char]) and " + u +
			" names a path made of what guard cannot work out; guard blocks what it cannot check"
		return msg, msg
	}
	names := p.protectedNames()
	what := "strings joined into a path"
	if len(a.Unresolved) > 0 {
		what = a.Unresolved[0]
	}
	for _, lit := range a.Literals {
		for _, e := range strings.Split(strings.ToLower(lit), "/") {
			if n, ok := namePart(names, e, len(a.Unresolved) > 0, a.Unknowns); ok {
				return fmt.Sprintf("guard cannot tell what this PowerShell command names: it holds %s and '%s', part of a protected name (%s); guard blocks what it cannot check near a protected place", what, e, n.glob),
					fmt.Sprintf("guard cannot tell what this PowerShell command names: it holds %s and part of a protected name (%s); guard blocks what it cannot check near a protected place", what, n.glob)
			}
		}
		if f, hit := p.pwshPathHit(a, lit, parseErr); hit {
			return fmt.Sprintf("guard cannot tell what this PowerShell command names: it holds %s, and %s; guard blocks what it cannot check near a protected place", what, f.Reason),
				fmt.Sprintf("guard cannot tell what this PowerShell command names: it holds %s, and %s; guard blocks what it cannot check near a protected place", what, f.LogReason)
		}
	}
	return "", ""
}

// namePart returns the protected name element e is a fragment of, when
// the command holds a part guard cannot work out (unknowns: a variable it
// was not given; unresolved: a construct it cannot read) that could
// complete it: a leading part of it (.ss of .ssh), three bytes or more,
// that is no protected name itself; with unresolved, also any element that
// holds a protected name (a value built around it).
func namePart(names []protectedName, e string, unresolved, unknowns bool) (protectedName, bool) {
	if len(e) < 3 || !unresolved && !unknowns || e == ".git" || e == ".npm" {
		// A fragment with nothing unknown to complete it stays what it is
		// (the path rules check the words); .git and .npm are names of
		// their own, not only the starts of .gitconfig and .npmrc.
		return protectedName{}, false
	}
	for _, n := range names {
		if n.name == e && !unresolved {
			return protectedName{}, false
		}
	}
	for _, n := range names {
		if e[0] == '.' && e != n.name && strings.HasPrefix(n.name, e) || unresolved && strings.Contains(e, n.name) {
			return n, true
		}
	}
	return protectedName{}, false
}

// pwshPathHit checks a literal of a command read as PowerShell against the
// path rules: when the command holds what guard cannot work out, as a
// path anywhere (Unknown before it); when bash could not parse it (parsed
// false), as the path it is.
func (p *Policy) pwshPathHit(a *pwsh.Analysis, lit string, parseErr bool) (event.Finding, bool) {
	var cands []string
	if parseErr && (strings.HasPrefix(lit, "/") || strings.HasPrefix(lit, "~") || len(lit) > 2 && lit[1] == ':') {
		cands = append(cands, lit)
	}
	if len(a.Unresolved) > 0 && strings.ContainsAny(lit, "/.") {
		cands = append(cands, path.Unknown+path.Unknown+"/"+strings.TrimPrefix(strings.TrimPrefix(lit, "./"), "/"))
	}
	for _, k := range []event.Kind{event.KindRead, event.KindWrite} {
		d, err := p.detector(event.DetectorPaths, k)
		if err != nil || d == nil {
			continue
		}
		for _, c := range cands {
			if f, hit := d.Check(c); hit {
				return f, true
			}
		}
	}
	return event.Finding{}, false
}

// protectedName is a home-level name a path rule protects, and the rule.
type protectedName struct{ name, glob string }

// protectedNames returns the first element after ~/ of every block glob,
// read and write, and guard's own directory when it is in the home
// directory: those that start with a dot, lower-cased, except genericNames.
func (p *Policy) protectedNames() []protectedName {
	var out []protectedName
	add := func(name, glob string) {
		name = strings.ToLower(name)
		if len(name) < 3 || name[0] != '.' || strings.ContainsAny(name, "*?[{") {
			return
		}
		for _, g := range genericNames {
			if name == g {
				return
			}
		}
		for _, o := range out {
			if o.name == name {
				return
			}
		}
		out = append(out, protectedName{name, glob})
	}
	for _, list := range [][]string{p.FilePaths.BlockRead, p.FilePaths.BlockWrite} {
		for _, g := range list {
			if rest, ok := strings.CutPrefix(g, "~/"); ok {
				first, _, _ := strings.Cut(rest, "/")
				add(first, g)
			}
		}
	}
	if h := strings.TrimSuffix(strings.ReplaceAll(p.Home, `\`, "/"), "/"); h != "" {
		if rest, ok := strings.CutPrefix(strings.ReplaceAll(p.GuardDir, `\`, "/"), h+"/"); ok {
			first, _, _ := strings.Cut(rest, "/")
			add(first, "~/"+first+"/**")
		}
	}
	return out
}

// builtPath reports, for a command that builds strings at run time
// (pwsh.Analysis.Built), the first command one of whose paths holds a part
// guard could not work out: that part may be any name, whatever the
// literals look like ('~/.bashxc' -replace 'x','r'), so no fragment test
// can clear it.
func builtPath(a *pwsh.Analysis) (string, bool) {
	if !a.Built {
		return "", false
	}
	for _, c := range a.Commands {
		r, t, w := c.Paths()
		for _, list := range [][]string{r, t, w} {
			for _, x := range list {
				if strings.Contains(x, pwsh.Unknown) {
					if c.Name == "" {
						return "a redirection", true
					}
					return "'" + c.Name + "'", true
				}
			}
		}
	}
	return "", false
}
