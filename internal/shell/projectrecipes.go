package shell

// A build file guard did not see written (the project's Makefile or
// package.json, perhaps written by the agent in an earlier call) is not
// analysed as commands: its variables and recipes call the project's own
// tools in ways guard cannot follow, and `make test` runs all day. What
// the goal to be run would reach is scanned instead like a program file:
// the words of its recipes (and of its prerequisites', and what make runs
// while reading the file) that may name a protected place are read and
// written (programPaths), so a recipe `cp x ~/.bashrc` left by an earlier
// call blocks `make`. Code that builds its paths at run time is out of
// reach of this scan (docs/HOOKS.md).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
)

// maxGoals bounds the targets followed from make's goals through their
// prerequisites.
const maxGoals = 512

// makeRule is one rule of a makefile: its prerequisites and recipe lines.
type makeRule struct {
	prereqs []string
	recipe  []string
}

// makefile is what projectMake needs of a makefile: its rules by target,
// the first ordinary target (the default goal), and the text make runs
// while reading it ($(shell …), VAR != CMD).
type makefile struct {
	rules   map[string]*makeRule
	first   string
	parsing []string
}

// parseMakefile splits makefile text into rules (a rule line holds a : that
// is not part of an assignment operator; recipe lines start with a tab or
// follow a ; on the rule's line) and the text make runs while reading it.
func parseMakefile(text string) makefile {
	text = strings.ReplaceAll(text, "\\\n", " ")
	m := makefile{rules: map[string]*makeRule{}}
	var cur []*makeRule
	for i, line := range strings.Split(text, "\n") {
		if i == maxTextTokens {
			break
		}
		m.parsing = append(m.parsing, shellCalls(line)...)
		if strings.HasPrefix(line, "\t") {
			for _, r := range cur {
				r.recipe = append(r.recipe, line[1:])
			}
			continue
		}
		l := strings.TrimSpace(line)
		if l == "" || l[0] == '#' {
			continue
		}
		colon, eq := strings.IndexByte(l, ':'), strings.IndexByte(l, '=')
		switch {
		case eq >= 0 && (colon < 0 || eq < colon || strings.HasPrefix(l[colon:], ":=") || strings.HasPrefix(l[colon:], "::=")):
			if eq > 0 && l[eq-1] == '!' {
				m.parsing = append(m.parsing, l[eq+1:]) // VAR != CMD
			}
			cur = nil
		case colon > 0:
			cur = m.rule(l, colon)
		default:
			cur = nil // a directive (include, ifeq, define…)
		}
	}
	return m
}

// rule records the rule line l (its : at colon) and returns its targets'
// rules, to which the recipe lines that follow belong.
func (m *makefile) rule(l string, colon int) []*makeRule {
	after := strings.TrimLeft(l[colon+1:], ":")
	deps, recipe, semi := strings.Cut(after, ";")
	var out []*makeRule
	for _, t := range strings.Fields(l[:colon]) {
		if m.first == "" && !strings.HasPrefix(t, ".") && !strings.ContainsAny(t, "%$") {
			m.first = t
		}
		r := m.rules[t]
		if r == nil {
			if len(m.rules) >= maxGoals {
				break
			}
			r = &makeRule{}
			m.rules[t] = r
		}
		for _, d := range strings.Fields(deps) {
			if d != "|" {
				r.prereqs = append(r.prereqs, d)
			}
		}
		if semi {
			r.recipe = append(r.recipe, recipe)
		}
		out = append(out, r)
	}
	return out
}

// recipesOf returns the recipe lines the goals reach through their
// prerequisites (the default goal when there are none), bounded.
func (m *makefile) recipesOf(goals []string) []string {
	if len(goals) == 0 && m.first != "" {
		goals = []string{m.first}
	}
	seen := map[string]bool{}
	var out []string
	for len(goals) > 0 && len(seen) < maxGoals {
		g := goals[0]
		goals = goals[1:]
		r := m.rules[g]
		if seen[g] || r == nil {
			continue
		}
		seen[g] = true
		out = append(out, r.recipe...)
		goals = append(goals, r.prereqs...)
	}
	return out
}

// shellCalls returns the commands of the $(shell …) calls on a line.
func shellCalls(line string) []string {
	var out []string
	for off := 0; off < len(line); {
		i := strings.Index(line[off:], "$(shell ")
		if i < 0 {
			break
		}
		off += i + len("$(")
		if arg, ok := lang.Balanced(line[off-1:]); ok {
			out = append(out, strings.TrimPrefix(arg, "shell "))
		}
	}
	return out
}

// projectMake scans what make's goals run from the makefile f the command
// did not write (see the file comment).
func (c *cmd) projectMake(f string, goals []string) bool {
	t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a makefile")
	if !ok {
		return false
	}
	m := parseMakefile(t)
	c.scanRecipeWords(m.parsing)
	c.scanRecipeWords(m.recipesOf(goals))
	return true
}

// projectScripts scans the package.json scripts named (and their pre and
// post scripts) of a package.json the command did not write.
func (c *cmd) projectScripts(scripts map[string]any, names []string) {
	var lines []string
	for _, n := range names {
		for _, k := range []string{"pre" + n, n, "post" + n} {
			if s, ok := scripts[k].(string); ok {
				lines = append(lines, s)
			}
		}
	}
	c.scanRecipeWords(lines)
}

// scanRecipeWords reads and writes the words of build-file command lines
// that may name a protected place (programPaths): make's $(HOME) and
// ${HOME} are $HOME and $$ is the shell's $; a redirection or separator
// glued to a word is not part of it.
func (c *cmd) scanRecipeWords(lines []string) {
	r := strings.NewReplacer("$(HOME)", "$HOME", "${HOME}", "$HOME", "$$", "$")
	n := 0
	for _, l := range lines {
		for _, wd := range lang.SplitQuoted(r.Replace(l)) {
			if n++; n > maxTextTokens {
				c.w.hide("runs build-file commands of more than %d words", maxTextTokens)
				return
			}
			for _, p := range c.w.programPaths(unglued(wd.Text)) {
				c.w.Read(p)
				c.w.Write(p)
			}
		}
	}
}

// unglued returns word s without a redirection or separator glued before
// it (>>~/.bashrc, 2>~/x, ;~/y).
func unglued(s string) string {
	t := strings.TrimLeft(s, "0123456789")
	if t != s && (t == "" || t[0] != '<' && t[0] != '>') {
		return s // a word that starts with digits
	}
	return strings.TrimLeft(t, "<>&|;(")
}
