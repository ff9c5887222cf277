package shell

// Which rules make runs for its goals besides the explicit ones: the
// default goal when none is given (the first target make reads, which
// an include or a conditional before it may change), and the pattern
// rules make's implicit rule search takes for a name the goals reach
// (FINDINGS56c FP-M3, FP-M19).

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// makeHead is one thing read before the first target of a makefile that
// may change which target that is: a target in a branch guard cannot
// tell make reads (the first one of its branch), or an include (incl,
// its index in makefile.includes) whose own first target comes first.
type makeHead struct {
	target string
	incl   int
	isIncl bool
}

// includeHead is what an included makefile read before the first target
// gives the default goal: the targets that may be its first one, whether
// one surely is (first), or that guard cannot tell (unsure).
type includeHead struct {
	goals         []string
	first, unsure bool
}

// headTarget notes target t, read before the first target in a branch
// guard cannot tell make reads: a goal make may take by default when it
// is the first of its branch.
func (m *makefile) headTarget(t string) {
	c := &m.conds[len(m.conds)-1]
	if !c.held && len(m.heads) < maxGoals {
		c.held = true
		m.heads = append(m.heads, makeHead{target: t})
	}
}

// headIncludes notes the n includes just added to m.includes when no
// target was read before them: their first target comes first.
func (m *makefile) headIncludes(n int) {
	if m.first != "" || m.unsure {
		return
	}
	for j := len(m.includes) - n; j < len(m.includes) && len(m.heads) < maxGoals; j++ {
		m.heads = append(m.heads, makeHead{incl: j, isIncl: true})
	}
}

// noteIncludeHead records what include i, read with text t (absent:
// nothing read), gives the default goal when it comes before the first
// target: its own first target, read as its own makefile.
func (m *makefile) noteIncludeHead(i int, t string, read bool) {
	if m.inclHeads == nil {
		m.inclHeads = map[int]includeHead{}
	}
	if !read {
		m.inclHeads[i] = includeHead{}
		return
	}
	sub := parseMakefile(t)
	h := includeHead{first: sub.first != "", unsure: sub.unsure || len(sub.defaults) > 0}
	for _, s := range sub.heads {
		h.unsure = h.unsure || s.isIncl // an include of its own before: not followed
		h.goals = append(h.goals, s.target)
	}
	if sub.first != "" {
		h.goals = append(h.goals, sub.first)
	}
	m.inclHeads[i] = h
}

// defaultGoals returns the goals make may take when given none:
// .DEFAULT_GOAL's one value when it is a literal target, else the first
// target make reads, or each one that may be it (a target in a branch
// guard cannot tell make reads, a target written through a variable,
// an included makefile's first target); false when guard cannot tell (a
// variable it cannot expand, several values of .DEFAULT_GOAL, an include
// it did not read, $(eval …) text).
func (m *makefile) defaultGoals() ([]string, bool) {
	switch {
	case len(m.defaults) > 1:
		return nil, false
	case len(m.defaults) == 1:
		v := m.defaults[0]
		op, v := v[0], strings.TrimSpace(v[1:])
		if op == '+' || op == '!' || strings.ContainsAny(v, "$ \t") || word.HasMark(v) {
			return nil, false
		}
		return []string{v}, v != ""
	case m.unsure:
		return nil, false
	}
	var out []string
	for _, h := range m.heads {
		if !h.isIncl {
			out = append(out, h.target)
			continue
		}
		ih, ok := m.inclHeads[h.incl]
		if !ok || ih.unsure {
			return nil, false
		}
		out = append(out, ih.goals...)
		if ih.first {
			return out, true
		}
	}
	if m.first != "" {
		out = append(out, m.first)
	}
	return m.headNames(out)
}

// headNames returns goals with the targets written through variables
// expanded to the names they may have (m.expand, every value); false when
// one holds what guard cannot tell.
func (m *makefile) headNames(goals []string) ([]string, bool) {
	var out []string
	for _, g := range goals {
		if !strings.Contains(g, "$") {
			out = append(out, g)
			continue
		}
		if m.expand == nil {
			return nil, false
		}
		ns := m.expandNames([]string{g})
		if strings.Contains(strings.Join(ns, " "), "$") {
			return nil, false
		}
		out = append(out, ns...)
	}
	return out, true
}

// patRule is a pattern rule: its target pattern (expanded) and the rule.
type patRule struct {
	target string
	r      *makeRule
}

// patternRules returns the pattern rules of m with a recipe (one without
// cancels the rule), their targets expanded (named: expandedTargets), in
// the order of their targets, and the recipe lines of those whose
// pattern guard cannot tell (a variable it cannot expand): make may use
// them for any name.
func (m *makefile) patternRules(named map[string][]*makeRule) ([]patRule, []string) {
	var out []patRule
	var unknown []string
	for t, r := range m.rules {
		switch {
		case len(r.recipe) == 0 || !strings.Contains(t, "%"):
		case !strings.Contains(t, "$"):
			out = append(out, patRule{t, r})
		case !slices.ContainsFunc(m.expandNames([]string{t}), func(n string) bool { return strings.Contains(n, "$") }):
			// its expanded names are in named
		default:
			unknown = append(unknown, t)
		}
	}
	for n, rs := range named {
		for _, r := range rs {
			if len(r.recipe) > 0 && strings.Contains(n, "%") {
				out = append(out, patRule{n, r})
			}
		}
	}
	slices.SortFunc(out, func(a, b patRule) int { return strings.Compare(a.target, b.target) })
	slices.Sort(unknown)
	var lines []string
	for _, t := range unknown {
		lines = append(lines, m.rules[t].recipe...)
	}
	return out, lines
}

// implicitWalk is what goalRecipes keeps of the pattern rules taken:
// the chain of rules that reached each name implicitFor added to the
// goals (via, by its index there; none for a name an explicit rule or
// the command reached), and, for each name given the pattern rules, the
// rules its chain kept from it (done).
type implicitWalk struct {
	via  map[int][]*makeRule
	done map[string][]*makeRule
}

// implicitFor gives name g, reached by the rules of chain, the pattern
// rules make's implicit rule search may take for it: each rule whose
// target pattern matches g and that is not in chain (make uses a rule
// once in a chain), with the automatic variables of the match ($@ g, $*
// the stem, $< and $^ the prerequisites the stem makes). Every matching
// rule is taken: which one make takes depends on files the recipes run
// before may make. The first time (first), all of them; again (a name
// reached before), those a former chain kept from it that this one does
// not, so that a name a shorter chain also reaches is walked as that
// chain takes it. The recipe lines are added to out and the
// prerequisites to names, each with its chain (im.via).
func (m *makefile) implicitFor(g string, chain []*makeRule, first bool, goals string, pats []patRule, im *implicitWalk, names, out []string) ([]string, []string) {
	kept, ok := im.done[g]
	var only []*makeRule
	switch {
	case first:
		im.done[g] = chain
	case !ok:
		return names, out // an explicit recipe, or not followed
	default:
		only = slices.DeleteFunc(slices.Clone(kept), func(r *makeRule) bool { return slices.Contains(chain, r) })
		if len(only) == 0 {
			return names, out
		}
		im.done[g] = slices.DeleteFunc(slices.Clone(kept), func(r *makeRule) bool { return slices.Contains(only, r) })
	}
	for _, p := range pats {
		stem, dir, base, ok := patternStem(p.target, g)
		if !ok || slices.Contains(chain, p.r) || !first && !slices.Contains(only, p.r) {
			continue
		}
		var ps []string
		for _, q := range m.expandFor(p.r.prereqs, g, stem) {
			if strings.Contains(q, "%") {
				q = dir + strings.Replace(q, "%", base, 1)
			}
			ps = append(ps, q)
		}
		for j := range ps {
			im.via[len(names)+j] = append(slices.Clip(chain), p.r)
		}
		names = append(names, ps...)
		recipe := make([]string, len(p.r.recipe))
		for i, l := range p.r.recipe {
			recipe[i] = stemVars(l, stem)
		}
		out = append(out, m.ruleLines(recipe, g, ps, goals)...)
		m.ran++
	}
	return names, out
}

// patternStem matches name g against target pattern p as make does: a
// pattern without a slash matches g's last element, its directory put
// back before the stem ($*, stem) and before each prerequisite the
// pattern makes (dir); base is the stem without it.
func patternStem(p, g string) (stem, dir, base string, ok bool) {
	name := g
	if !strings.Contains(p, "/") {
		if i := strings.LastIndexByte(g, '/'); i >= 0 {
			dir, name = g[:i+1], g[i+1:]
		}
	}
	pre, suf, found := strings.Cut(p, "%")
	if !found || len(name) < len(pre)+len(suf)+1 || !strings.HasPrefix(name, pre) || !strings.HasSuffix(name, suf) {
		return "", "", "", false
	}
	base = name[len(pre) : len(name)-len(suf)]
	return dir + base, dir, base, true
}

// stemVars returns recipe line l with the stem of a pattern rule's match
// given for $*, $(*D) and $(*F) (and the ${…} spellings); $$* is the
// shell's.
func stemVars(l, stem string) string {
	if !strings.Contains(l, "$") {
		return l
	}
	val := map[string]string{"*": stem, "*D": path.Dir(stem), "*F": path.Base(stem)}
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		if l[i] != '$' || i+1 == len(l) {
			b.WriteByte(l[i])
			continue
		}
		rest := l[i+1:]
		var name string
		switch {
		case rest[0] == '$':
			b.WriteString("$$")
			i++
			continue
		case rest[0] == '*':
			name = "*"
		case len(rest) >= 3 && (rest[0] == '(' || rest[0] == '{') && rest[1] == '*':
			closer := ")"
			if rest[0] == '{' {
				closer = "}"
			}
			if n, _, ok := strings.Cut(rest[1:], closer); ok && val[n] != "" {
				name = n
			}
		}
		if name == "" {
			b.WriteByte('$')
			continue
		}
		b.WriteString(strings.ReplaceAll(val[name], "$", "$$"))
		if name == "*" && rest[0] == '*' {
			i++
		} else {
			i += len(name) + 2
		}
	}
	return b.String()
}

// suffixRecipes returns the recipe lines of the rules make may use for
// any target that guard does not match to the names the goals reach:
// suffix rules (.c.o:) and .DEFAULT, in the order of their targets.
func (m *makefile) suffixRecipes() []string {
	var ts []string
	for t, r := range m.rules {
		if len(r.recipe) > 0 && !strings.Contains(t, "%") && strings.HasPrefix(t, ".") {
			ts = append(ts, t)
		}
	}
	slices.Sort(ts)
	var out []string
	for _, t := range ts {
		out = append(out, m.rules[t].recipe...)
	}
	return out
}
