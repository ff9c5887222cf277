package shell

// A build file guard did not see written (the project's Makefile or
// package.json, perhaps written by the agent in an earlier call) is not
// analysed as commands: its variables and recipes call the project's own
// tools in ways guard cannot follow, and `make test` runs all day. What
// the goal to be run would reach is scanned instead like a program file:
// the words of its recipes (and of its prerequisites'), of make's
// built-in rules when a variable they run is set, of what make runs while
// reading the file, and of the makefiles it includes (and those MAKEFILES
// names), each line once for every value make may give its variables
// (makevalues.go), that may name
// a protected place are read and written (programPaths), with make's
// $(VAR) as a value guard does not know; a script a recipe runs (./x.sh,
// scripts/x.sh) is read as the shell reads one run by its path. So a
// recipe `cp x ~/.bashrc` left by an earlier call blocks `make`. Code that
// builds its paths at run time is out of reach of this scan
// (docs/HOOKS.md).

import (
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxGoals bounds the targets followed from make's goals through their
// prerequisites.
const maxGoals = 512

// maxIncludes bounds the makefiles read for one make command (included,
// or named by MAKEFILES).
const maxIncludes = 48

// maxRecipeScripts bounds the scripts followed from the recipes of one
// command.
const maxRecipeScripts = 16

// maxRecipeProbes bounds the files looked at as the program file of a
// build-file command whose program guard does not know (recipeCode).
const maxRecipeProbes = 64

// makeRule is one rule of a makefile: its prerequisites and recipe lines.
type makeRule struct {
	prereqs []string
	recipe  []string
	// statics are the prerequisite patterns of static pattern rules
	// (TARGETS: PATTERN: PREREQS) for this target (staticPrereqs).
	statics []staticDeps
}

// staticDeps is the PATTERN: PREREQS part of a static pattern rule.
type staticDeps struct {
	pattern string
	prereqs []string
}

// makefile is what projectMake needs of a makefile: its rules by target,
// the first ordinary target (the default goal), what read before it may
// change which target that is (heads, inclHeads: makeimplicit.go) and
// whether guard can tell that it is (unsure: see rule), the text make runs or
// holds while reading it ($(shell …), VAR != CMD, every variable's value,
// define blocks, lines it does not model), the makefiles it includes, and
// its recipe prefix (.RECIPEPREFIX; 0 when set to what guard cannot tell).
type makefile struct {
	rules     map[string]*makeRule
	first     string
	unsure    bool
	heads     []makeHead
	inclHeads map[int]includeHead
	// defaults are the values given .DEFAULT_GOAL, which names make's
	// default goal instead of the first target.
	defaults []string
	parsing  []string
	// evalLines are the lines holding $(eval …) (a rule's targets or
	// prerequisites, a recipe's, an assignment's) that are not in parsing
	// already (noteEval): its text is makefile text, read with
	// the makefile's (K1, FINDINGS55d D2), the assignments one more value
	// each variable may have. A line make expands as it reads it (a
	// conditional directive, an immediate assignment's value) is there
	// for its $(file …) calls too (noteReadTime).
	evalLines []string
	includes  []string
	// optional marks the includes of -include and sinclude, which make
	// skips when they are missing.
	optional []bool
	prefix   byte
	vars     map[string]string
	cur      []*makeRule
	define   int
	defining string
	// defOp is the operator of the define block being read when it is
	// += or != (defineStart): its body, defBody, is assigned at endef as
	// that operator's value; defHead the line's words before define.
	defOp, defBody, defHead string
	// shells are the values given SHELL, MAKESHELL and .SHELLFLAGS, each
	// (name, value), target-specific ones included (see makeShell).
	shells [][2]string
	// expand expands make's variables in a target or prerequisite name
	// (makeExpand), once the makefile is read; nil before.
	expand func(string) string
	// exports are the variables an export directive names; exportAll is
	// set by export alone.
	exports   []string
	exportAll bool
	// search, set when VPATH or vpath is, gives the file make's
	// directory search takes for a prerequisite (makeSearch).
	search func(name string) string
	// name is the makefile's name as make was given or found it
	// ($(MAKEFILE_LIST)); "" when guard does not tell.
	name string
	// alts are every value the makefile gives each variable, in the
	// order given (makevalues.go); overrides, those of override lines.
	alts      map[string][]string
	overrides map[string][]string
	// maybe are the variables set in a branch guard cannot tell make
	// takes: perhaps unset there.
	maybe map[string]bool
	// layer are the target- and pattern-specific assignments by
	// variable (makescoped.go); scoped is set while one is read.
	layer  map[string][]scopedVal
	scoped bool
	// conds is the stack of the conditionals open (makeconds.go); known
	// gives a variable's value where guard can tell it for a condition.
	conds []makeCond
	known func(name string) (string, bool)
	// pick and touch select one value of each variable with several
	// while a text is expanded for each (makeLines).
	pick  map[string]int
	touch func(name string, n int)
	// opaque are the variables past the bound of values read: unknown.
	opaque map[string]bool
	// anyName is set when an assignment's name is one guard cannot
	// tell: any variable may have been given any value; later, when a
	// conditional or include makes a variable's value at a point one
	// guard cannot tell (unsettled).
	anyName, unsettled bool
	// loads are the objects load directives name.
	loads []string
	// makefiles are the makefiles read, which make remakes first (N11).
	makefiles []string
	// ran counts the rules with a recipe the goals reach; late is set
	// while their recipes are expanded when another recipe may run
	// before: a condition on $(wildcard) is then unknown (makeText.late).
	ran  int
	late bool
	// broken says why guard's reading of the text is not make's (an
	// unterminated define), "" when it is.
	broken string
	// shellRuns are the commands of the $(shell …) calls expanded, which
	// make runs (makeshellcall.go); shellOver is set past the bound.
	shellRuns []string
	shellOver bool
}

// parseMakefile splits makefile text into rules (a rule line holds a : that
// is not part of an assignment operator; recipe lines start with the
// recipe prefix, a tab unless .RECIPEPREFIX says, or follow a ; on the
// rule's line) and the text make reads besides.
func parseMakefile(text string) makefile {
	m := newMakefile(nil)
	m.parse(text)
	return m
}

// newMakefile returns an empty makefile whose conditionals know the
// values known gives (nil: literal ones only).
func newMakefile(known func(string) (string, bool)) makefile {
	return makefile{rules: map[string]*makeRule{}, vars: map[string]string{}, prefix: '\t',
		alts: map[string][]string{}, overrides: map[string][]string{}, known: known}
}

// parse adds the makefile text to m.
func (m *makefile) parse(text string) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") // make drops a CR before LF
	m.cur = nil
	defer m.closeText()
	for i := 0; i < len(lines) && i < maxTextTokens; i++ {
		line := lines[i]
		recipe := m.prefix != 0 && len(line) > 0 && line[0] == m.prefix && m.define == 0
		for continued(line) && i+1 < len(lines) {
			i++
			next := lines[i]
			if recipe {
				// The shell removes the backslash-newline; make, the
				// prefix that starts the next line.
				line = line[:len(line)-1] + strings.TrimPrefix(next, string(m.prefix))
			} else {
				line = line[:len(line)-1] + " " + strings.TrimLeft(next, " \t")
			}
		}
		if m.define == 0 && m.conditional(line, recipe && len(m.cur) > 0) {
			// make expands a directive's operands as it reads them
			// ($(shell …) in ifeq runs): scanned, in every branch
			// (FINDINGS55d D21).
			m.parsing = append(m.parsing, shellCalls(line)...)
			m.noteReadTime(line)
			continue
		}
		if m.skipping() {
			continue // a line of a branch make does not take
		}
		open := recipe && len(m.cur) > 0
		if !open {
			// make expands a recipe line only when it runs the rule:
			// its $(shell …) is the recipe's, walked when a goal
			// reaches the rule (FINDINGS56c FP-M2).
			m.parsing = append(m.parsing, shellCalls(line)...)
		}
		if recipe {
			m.recipeLine(line[1:])
			if open {
				m.noteEval(line) // a recipe's $(eval …)
			} else {
				// A prefixed line no rule is open for is any other line
				// to make (an assignment, a rule): read so as well
				// (FINDINGS55d D18).
				m.line(line[1:])
			}
			continue
		}
		m.line(line)
	}
}

// noteEval keeps line, a rule's, a recipe's or an assignment's, when it
// holds a $(eval …) (m.evalLines); a line read as text is in m.parsing.
func (m *makefile) noteEval(line string) {
	if strings.Contains(line, "$(eval") || strings.Contains(line, "${eval") {
		m.evalLines = append(m.evalLines, line)
	}
}

// noteReadTime keeps line, text make expands as it reads it (a
// conditional directive's operands, an immediate assignment's value, in
// every branch), when it holds a $(file …) or $(eval …) call: make runs
// them then, whether or not a recipe uses the result (FINDINGS55d D20).
func (m *makefile) noteReadTime(line string) {
	if strings.Contains(line, "file ") || strings.Contains(line, "eval ") {
		m.evalLines = append(m.evalLines, line)
	}
}

// continued reports whether line ends in an odd number of backslashes.
func continued(line string) bool {
	n := len(line) - len(strings.TrimRight(line, `\`))
	return n%2 == 1
}

// recipeLine adds a recipe line to the rules it belongs to; one that
// follows no rule is kept as text make reads.
func (m *makefile) recipeLine(l string) {
	l = strings.TrimLeft(l, "@-+ \t") // make's prefixes: silent, ignore errors, always
	if len(m.cur) == 0 {
		m.parsing = append(m.parsing, l)
	}
	for _, r := range m.cur {
		r.recipe = append(r.recipe, l)
	}
}

// line reads one makefile line that is not a recipe line.
func (m *makefile) line(line string) {
	l := strings.TrimSpace(line)
	f := strings.Fields(l)
	switch {
	case m.define > 0:
		m.defineLine(line, f)
		return
	case l == "" || l[0] == '#':
		return
	case definesAt(f):
		m.defineStart(f)
		return
	case f[0] == "include" || f[0] == "-include" || f[0] == "sinclude":
		names := f[1:]
		if strings.Contains(l, "$") {
			names = []string{strings.TrimSpace(l[len(f[0]):])} // $(wildcard a b): expanded whole
		}
		m.includes = append(m.includes, names...)
		for range names {
			m.optional = append(m.optional, f[0] != "include")
		}
		m.headIncludes(len(names)) // its first target comes first
		m.unsettled = true         // read after this text: its values are not known here
		m.cur = nil
		return
	case (f[0] == "load" || f[0] == "-load") && len(f) > 1 && strings.IndexByte("=:?+!", f[1][0]) < 0:
		m.loads = append(m.loads, f[1:]...) // native code make loads while reading
		return
	case f[0] == "export" && !strings.ContainsAny(l, "=:"):
		m.exports = append(m.exports, f[1:]...)
		m.exportAll = m.exportAll || len(f) == 1
		return
	}
	m.exportAll = m.exportAll || strings.HasPrefix(l, ".EXPORT_ALL_VARIABLES:") // the special target (FINDINGS54a M10)
	colon, eq := topIndex(l, ':'), topIndex(l, '=')
	switch {
	case eq >= 0 && (colon < 0 || eq < colon || strings.HasPrefix(l[colon:], ":=") || strings.HasPrefix(l[colon:], "::=")):
		m.noteEval(l)
		m.assign(l, eq)
		m.cur = nil
	case colon > 0:
		m.noteEval(l)
		m.cur = m.rule(l, colon)
	default: // (a line read as text: its $(eval …) is read with m.parsing's)
		m.parsing = append(m.parsing, l)                      // a directive, a call: read as text
		m.unsettled = m.unsettled || strings.Contains(l, "$") // $(eval …), $(call …): values set here
		if len(f) > 1 && (f[0] == "undefine" || f[0] == "override" && f[1] == "undefine") {
			m.addValue(m.assignedName(f[len(f)-1]), "", false, false) // unset: empty, and not defined
		}
		m.cur = nil
	}
}

// defineStart reads the first line of a define block, fields f: its
// name, and its operator (define F, define F :=, define F!=). A body
// given with += or != is read whole first (defineLine).
func (m *makefile) defineStart(f []string) {
	m.define = 1
	m.defining = m.assignedName(defineName(f))
	m.cur = nil
	m.defOp, m.defBody = defineOp(f), ""
	if m.defOp == "+=" || m.defOp == "!=" {
		m.defHead = strings.Join(f[:slices.Index(f, "define")], " ")
		return
	}
	m.defOp = ""
	m.vars[m.defining] = ""
	m.addValue(m.defining, "", slices.Contains(f, "override"), false)
}

// defineLine reads line (fields f) inside a define block: a body line, a
// nested define, or the endef that ends it. A body given with += or !=
// is then assigned as `NAME += BODY` or `NAME != BODY` is: appended to
// each value, or run by the shell while make reads the makefile, its
// output the value (FINDINGS56b G5).
func (m *makefile) defineLine(line string, f []string) {
	if len(f) > 0 && f[0] == "endef" {
		if m.define--; m.define == 0 {
			if m.defOp != "" {
				head := strings.TrimSpace(m.defHead + " " + m.defining + " " + m.defOp)
				m.assign(head+" "+strings.TrimSuffix(m.defBody, "\n"), len(head)-1)
				m.defOp = ""
				return
			}
			m.vars[m.defining] = strings.TrimSuffix(m.vars[m.defining], "\n") // make's value has no last newline (FINDINGS54a M7)
			if as := m.alts[m.defining]; len(as) > 0 {
				as[len(as)-1] = strings.TrimSuffix(as[len(as)-1], "\n")
			}
			m.special(m.defining, "=", m.vars[m.defining])
			return
		}
	} else if definesAt(f) {
		m.define++
	}
	if m.defOp != "" {
		if len(m.defBody) < effect.MaxScriptBytes {
			m.defBody += line + "\n"
		}
		return
	}
	if len(m.vars[m.defining]) < effect.MaxScriptBytes {
		m.vars[m.defining] += line + "\n" // a define block's body
	}
	if as := m.alts[m.defining]; len(as) > 0 && len(as[len(as)-1]) < effect.MaxScriptBytes {
		as[len(as)-1] += line + "\n"
	}
}

// defineOp returns the operator of a define line's fields f: glued to
// the name (define F!=) or a word of its own (define F +=); "" for none.
func defineOp(f []string) string {
	i := slices.Index(f, "define")
	if i < 0 || i+1 >= len(f) {
		return ""
	}
	name := f[i+1]
	if op := name[len(strings.TrimRight(name, ":!?+=")):]; op != "" {
		return op
	}
	if i+2 < len(f) {
		return f[i+2]
	}
	return ""
}

// definesAt reports whether the fields f of a line start a define block
// (define X, override define X, export define X): define followed by a
// name, not by an operator (define := x assigns the variable define).
func definesAt(f []string) bool {
	for i, s := range f {
		switch {
		case s == "define":
			return i+1 < len(f) && strings.IndexByte("=:?+!", f[i+1][0]) < 0
		case i < 2 && (s == "override" || s == "export" || s == "private"):
			continue
		}
		return false
	}
	return false
}

// assign records the assignment l (its = at eq): the variable's value
// (the last one given, += appends), VAR != CMD runs CMD, and .RECIPEPREFIX
// sets the recipe prefix.
func (m *makefile) assign(l string, eq int) {
	value := strings.TrimSpace(l[eq+1:])
	if eq > 0 && l[eq-1] == ':' {
		m.noteReadTime(value) // X := $(file >F,T): written as make reads the line
	}
	if eq > 0 && l[eq-1] == '!' {
		m.parsing = append(m.parsing, value)
		value = "$(shell " + value + ")" // VAR != CMD: CMD's output
	}
	name := strings.TrimRight(l[:eq], ":!?+ \t")
	f := strings.Fields(name)
	if len(f) == 0 {
		return
	}
	v := m.assignedName(f[len(f)-1])
	if slices.Contains(f[:len(f)-1], "export") && len(m.exports) < maxGoals {
		m.exports = append(m.exports, v)
	}
	m.special(v, l[eq-1:eq], value)
	switch {
	case eq > 0 && l[eq-1] == '+' && len(m.vars[v]) < effect.MaxScriptBytes:
		m.vars[v] += " " + value
	case eq > 0 && l[eq-1] == '+':
	default:
		m.vars[v] = value
	}
	m.addValue(v, value, slices.Contains(f[:len(f)-1], "override"), eq > 0 && l[eq-1] == '+')
	m.unsettled = m.unsettled || strings.Contains(value, "eval") && strings.Contains(value, "$")
}

// special notes the value given make variable v by an assignment (op:
// the character before its =) or a define block (op "="), when v is one
// make consults while reading or running: .DEFAULT_GOAL (the default
// goal), SHELL, MAKESHELL and .SHELLFLAGS (what runs a recipe line),
// .RECIPEPREFIX (the recipe prefix). A define block sets them as the
// one-line forms do (FINDINGS56d P4).
func (m *makefile) special(v, op, value string) {
	if v == ".DEFAULT_GOAL" && len(m.defaults) < maxGoals {
		m.defaults = append(m.defaults, op+value)
	}
	if makeShellVar(v) && len(m.shells) < maxGoals {
		m.shells = append(m.shells, [2]string{v, value})
	}
	if v != ".RECIPEPREFIX" {
		return
	}
	switch {
	case m.inUnknownBranch():
		m.prefix = 0 // set or not as make takes a branch guard cannot tell
	case value == "":
		m.prefix = '\t'
	case len(value) == 1:
		m.prefix = value[0]
	default:
		m.prefix = 0 // a variable, a function: guard cannot tell
	}
}

// rule records the rule line l (its : at colon) and returns its targets'
// rules, to which the recipe lines that follow belong. A target-specific
// assignment (t: VAR = value) is a value.
func (m *makefile) rule(l string, colon int) []*makeRule {
	after := strings.TrimLeft(l[colon+1:], ":")
	if h := unescapedHash(after); h >= 0 && (strings.IndexByte(after, ';') < 0 || h < strings.IndexByte(after, ';')) {
		after = after[:h] // help: ## Display this help: a comment, no prerequisites
	}
	deps, recipe, semi := strings.Cut(after, ";")
	if semi && topIndex(after, ';') < 0 {
		deps, recipe, semi = after, "", false // t: $(f ;): no recipe
	} else if semi {
		deps, recipe = after[:topIndex(after, ';')], after[topIndex(after, ';')+1:]
	}
	if eq := topIndex(deps, '='); eq >= 0 {
		m.scoped = true // a target-specific variable: a value of its own layer (makescoped.go)
		m.assign(strings.TrimSpace(deps), topIndex(strings.TrimSpace(deps), '='))
		m.scoped = false
		return nil
	}
	var static *staticDeps
	if c := topIndex(deps, ':'); c >= 0 {
		// a.o b.o: %.o: %.c: each target's prerequisites are the
		// patterns with its stem (FINDINGS56d P9)
		static = &staticDeps{pattern: strings.TrimSpace(deps[:c])}
		deps = deps[c+1:]
	}
	var out []*makeRule
	for _, t := range makeFields(l[:colon]) { // $(shell cat f)/x: one target
		t = makeFileName(t)
		m.firstTarget(t)
		r := m.rules[t]
		if r == nil {
			if len(m.rules) >= maxGoals {
				break
			}
			r = &makeRule{}
			m.rules[t] = r
		}
		var ds []string
		for _, d := range strings.Fields(deps) {
			if d != "|" {
				ds = append(ds, makeFileName(d))
			}
		}
		if static != nil && len(r.statics) < maxGoals {
			r.statics = append(r.statics, staticDeps{static.pattern, ds})
		} else if static == nil {
			r.prereqs = append(r.prereqs, ds...)
		}
		if semi {
			r.recipe = append(r.recipe, strings.TrimLeft(recipe, "@-+ \t"))
		}
		out = append(out, r)
	}
	return out
}

// unescapedHash returns the index of the first # in s that no backslash
// escapes (make's comment on a rule line), or -1.
func unescapedHash(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '#':
			return i
		}
	}
	return -1
}

// makeConditional are make's conditional directives: the rules between
// them and endif are read only when the condition holds.
const makeConditional word.Set = " ifeq ifneq ifdef ifndef "

// firstTarget notes target t of a rule: the first one make may take for
// its default goal (not a pattern, not a name starting with a dot unless
// it holds a slash) is it unless it is in a branch guard cannot tell make
// reads (then one that may be: headTarget). A target written through a
// variable ($(T):) may be it, or name nothing: one that may be too
// (defaultGoals expands it).
func (m *makefile) firstTarget(t string) {
	switch {
	case m.first != "" || m.unsure:
	case strings.Contains(t, "$") && len(m.heads) < maxGoals:
		m.heads = append(m.heads, makeHead{target: t}) // its names, or none: then the next target
	case strings.Contains(t, "$"):
		m.unsure = true
	case strings.Contains(t, "%") || strings.HasPrefix(t, ".") && !strings.Contains(t, "/"):
	case m.inUnknownBranch():
		m.headTarget(t)
	default:
		m.first = t
	}
}

// recipesOf returns the recipe lines the goals reach through their
// prerequisites (the default goal when there are none), bounded, with
// the pattern rules make may take for the names they reach, and those of
// the rules guard does not match to names (suffixRecipes).
func (m *makefile) recipesOf(goals []string) []string {
	return append(m.goalRecipes(goals), m.suffixRecipes()...)
}

// goalRecipes returns the recipe lines the goals reach through their
// prerequisites (the default goals when there are none: defaultGoals;
// every recipe when guard cannot tell which they are), bounded, breadth
// first (make runs a rule's prerequisites first: FINDINGS55a K11, open),
// with the rule's automatic variables ($@, $<, $^, $(@D)…) and
// $(MAKECMDGOALS) given (autoVars). make first remakes the makefiles it
// read, and .EXTRA_PREREQS are prerequisites of every target: goals too.
// A name with no explicit rule's recipe is given the pattern rules that
// match it (implicitFor, again when a shorter chain of them reaches it
// later). A target or prerequisite written through a
// variable is the names it expands to (m.expand); when one still holds
// what guard cannot tell, a goal no rule names, or such a prerequisite,
// may be it: every recipe; past the bound of names, every recipe too.
func (m *makefile) goalRecipes(goals []string) []string {
	cmdGoals := strings.Join(goals, " ")
	goals = slices.Clone(goals)
	for i, g := range goals {
		goals[i] = makeFileName(g)
	}
	if len(goals) == 0 {
		gs, ok := m.defaultGoals()
		if !ok {
			return m.allRecipes()
		}
		goals = gs
	}
	named, unsure := m.expandedTargets()
	pats, out := m.patternRules(named)
	extra := m.extraPrereqs()
	seeds := len(m.makefiles)
	m.ran = 0
	goals = append(append(slices.Clip(m.makefiles), goals...), extra...)
	seen := map[string]bool{}
	im := implicitWalk{via: map[int][]*makeRule{}, done: map[string][]*makeRule{}}
	all := false
	for i := 0; i < len(goals); i++ {
		g := goals[i]
		if seen[g] {
			goals, out = m.implicitFor(g, im.via[i], false, cmdGoals, pats, &im, goals, out)
			continue
		}
		if all = all || len(seen) >= maxGoals; all {
			break
		}
		seen[g] = true
		if a, mem, ok := archiveMember(g); ok {
			goals = append(goals, a, mem) // lib.a(x.o): make remakes x.o by its rules too (FINDINGS56d R5)
		} else if strings.ContainsAny(g, "()") && !strings.Contains(g, "$") {
			all = true // lib.a(a.o b.o), split at its blank: members guard cannot tell
		}
		rs := named[g]
		if r := m.rules[g]; r != nil {
			rs = append([]*makeRule{r}, rs...)
		}
		all = all || len(rs) == 0 && unsure && i >= seeds // a makefile no rule names: not a target guard cannot tell
		recipe := false
		// a name an implicit rule's prerequisite gives that guard cannot
		// tell may be any target (a second expansion's: FINDINGS56d P10)
		all = all || len(im.via[i]) > 0 && strings.Contains(g, "$")
		for _, r := range rs {
			prereqs, lines := m.rulePrereqs(r, g)
			found, ok := m.reachedBy(r, prereqs, named)
			// a static pattern's prerequisite guard cannot tell may be any
			// target, and so may a found name a pattern rule makes from
			// another (%.c: %.c.in reaching src/x.c.in's rule: FINDINGS57c A7)
			unknown := strings.Contains(strings.Join(prereqs, " "), "$")
			all = all || !ok || unknown && (len(r.statics) > 0 || len(pats) > 0)
			if len(r.recipe) > 0 {
				m.ran++
				recipe = true
			}
			out = append(out, m.ruleLines(lines, g, prereqs, cmdGoals)...)
			goals = append(append(append(goals, prereqs...), found...), extra...)
		}
		if !recipe && !strings.Contains(g, "$") {
			goals, out = m.implicitFor(g, im.via[i], true, cmdGoals, pats, &im, goals, out)
		}
	}
	if all {
		out = append(out, m.allRecipes()...)
	}
	return append(out, m.unknownNameRecipes(goals, cmdGoals)...)
}

// archiveMember splits make's archive member name ARCHIVE(MEMBER) into
// its archive and member; false for any other name.
func archiveMember(n string) (archive, member string, ok bool) {
	i := strings.IndexByte(n, '(')
	if i <= 0 || !strings.HasSuffix(n, ")") || strings.Contains(n, "$") {
		return "", "", false
	}
	return n[:i], n[i+1 : len(n)-1], n[i+1:len(n)-1] != ""
}

// unknownNameRecipes returns, for each name reached (names) that holds a
// value guard cannot tell (a $(shell …) output: H := $(shell echo ~);
// t: $(H)/.bashrc), the recipe lines of each pattern rule that may make
// it (patternMayMake), with $@ that name and the stem ($*, the % of its
// prerequisites) a value guard cannot tell: never make's automatic
// variables of a rule guard did not match, which the word scan takes for
// the project's own files (FINDINGS55d D16). Bounded.
func (m *makefile) unknownNameRecipes(names []string, goals string) []string {
	var ts []string
	for t, r := range m.rules {
		if len(r.recipe) > 0 && strings.Contains(t, "%") && !strings.Contains(t, "$") {
			ts = append(ts, t)
		}
	}
	slices.Sort(ts)
	stem := unknownMakeVar("stem")
	subst := strings.NewReplacer("$$", "$$", "$*", "$"+stem, "$(*)", "$"+stem, "${*}", "$"+stem,
		"$(*D)", "$"+stem, "$(*F)", "$"+stem, "${*D}", "$"+stem, "${*F}", "$"+stem)
	var out []string
	n := 0
	for _, name := range names {
		if !strings.Contains(name, "$") {
			continue
		}
		for _, t := range ts {
			if !patternMayMake(t, name) {
				continue
			}
			if n++; n > maxGoals {
				return out
			}
			r := m.rules[t]
			prereqs := m.expandNames(r.prereqs)
			for i, p := range prereqs {
				prereqs[i] = strings.Replace(p, "%", stem, 1)
			}
			lines := make([]string, len(r.recipe))
			for i, l := range r.recipe {
				lines[i] = subst.Replace(l)
			}
			out = append(out, m.ruleLines(lines, name, prereqs, goals)...)
		}
	}
	return out
}

// patternMayMake reports whether target pattern t may match name, which
// holds values guard cannot tell (placeholders, ${MAKE_…}): the literal
// text before the first and after the last of them agrees with t's
// before and after its %.
func patternMayMake(t, name string) bool {
	pre, suf, _ := strings.Cut(t, "%")
	head := name[:strings.IndexByte(name, '$')]
	tail := name[strings.LastIndexAny(name, "$}")+1:]
	agree := func(a, b string, f func(string, string) bool) bool { return f(a, b) || f(b, a) }
	return agree(head, pre, strings.HasPrefix) && agree(tail, suf, strings.HasSuffix)
}

// extraPrereqs returns the names every value of .EXTRA_PREREQS gives
// (global or target-specific).
func (m *makefile) extraPrereqs() []string {
	if len(m.alts[".EXTRA_PREREQS"])+len(m.layer[".EXTRA_PREREQS"]) == 0 || m.expand == nil {
		return nil
	}
	return strings.Fields(m.expand("$(.EXTRA_PREREQS)"))
}

// expandedTargets returns the rules whose target is written through a
// variable, by the names it expands to, and whether some target still
// holds what guard cannot tell.
func (m *makefile) expandedTargets() (map[string][]*makeRule, bool) {
	named := map[string][]*makeRule{}
	unsure := false
	for t, r := range m.rules {
		if !strings.Contains(t, "$") {
			continue
		}
		for _, n := range m.expandNames([]string{t}) {
			if strings.Contains(n, "$") {
				unsure = true
				continue
			}
			if len(named) < maxGoals {
				named[n] = append(named[n], r)
			}
		}
	}
	return named, unsure
}

// expandNames returns target or prerequisite names with make's variables
// and text functions expanded (m.expand, makeText), split at blanks; a
// $(shell …) output the walker would model (the shell's "$( CMD)") is
// one value guard cannot tell there (runTimeWords).
func (m *makefile) expandNames(ns []string) []string {
	return m.expandFor(ns, "", "")
}

// expandFor is expandNames for the prerequisites of target t (stem: the
// stem of a pattern's match, "" for none): with .SECONDEXPANSION the
// second expansion has $$@ the target and $$* the stem (FINDINGS56d
// P10); the prerequisites before ($$<, $$^) are values guard cannot
// tell there.
func (m *makefile) expandFor(ns []string, t, stem string) []string {
	all := strings.Join(ns, " ") // a call's arguments may hold blanks
	if !strings.Contains(all, "$") || m.expand == nil {
		return ns
	}
	all = m.expand(all)
	if _, second := m.rules[".SECONDEXPANSION"]; second && strings.Contains(all, "$") {
		if t != "" {
			all = stemVars(autoVars(all, t, []string{unknownMakeVar("prereq")}, "$(MAKECMDGOALS)"), stem)
		}
		all = m.expand(all) // t: $$(subst X,,.eXnv): expanded again for the rule
	}
	out := strings.Fields(runTimeWords(all)) // $(shell cat f)/.bashrc: one name holding the output, not the command's words
	for i, n := range out {
		out[i] = makeFileName(n)
	}
	return out
}

// rulePrereqs returns the prerequisites of rule r for target t, and its
// recipe lines: a static pattern rule's (staticDeps) are its patterns
// with t's stem, which is $* in the recipe; a pattern t does not match
// gives none (make warns and runs the recipe), and one guard cannot tell
// gives a name it cannot tell (every recipe).
func (m *makefile) rulePrereqs(r *makeRule, t string) ([]string, []string) {
	ps := m.expandFor(r.prereqs, t, "")
	lines := r.recipe
	for _, sd := range r.statics {
		pat := sd.pattern
		if strings.Contains(pat, "$") {
			pat = strings.TrimSpace(m.expand(pat))
		}
		pre, suf, ok := strings.Cut(pat, "%")
		switch {
		case strings.Contains(pat, "$") || strings.Count(pat, " ") > 0:
			ps = append(ps, unknownMakeVar("pattern"))
			continue
		case !ok || !patMatch(pat, t):
			continue
		}
		stem := t[len(pre) : len(t)-len(suf)]
		for _, q := range m.expandFor(sd.prereqs, t, stem) {
			ps = append(ps, strings.Replace(q, "%", stem, 1))
		}
		lines = make([]string, len(r.recipe))
		for i, l := range r.recipe {
			lines[i] = stemVars(l, stem)
		}
	}
	return ps, lines
}

// makeFileName returns file name n as make keeps it: without its leading
// ./ and the slashes after it, again and again (./sub/a.o, .//x, ././x
// are sub/a.o and x), so that a rule and a name reach each other however
// each is written (FINDINGS56d R4).
func makeFileName(n string) string {
	for strings.HasPrefix(n, "./") && len(n) > 2 {
		n = strings.TrimLeft(n[2:], "/")
	}
	if n == "" {
		return "."
	}
	return n
}

// ruleLines returns a rule's recipe lines for target t with its
// prerequisites (autoVars); one text when .ONESHELL makes the recipe one
// shell script.
func (m *makefile) ruleLines(recipe []string, t string, prereqs []string, goals string) []string {
	out := make([]string, 0, len(recipe))
	if m.search != nil {
		ps := make([]string, len(prereqs))
		for i, p := range prereqs {
			ps[i] = m.search(p) // directory search: a file elsewhere
		}
		prereqs = ps
	}
	for _, l := range recipe {
		out = append(out, autoVars(l, t, prereqs, goals))
	}
	if _, one := m.rules[".ONESHELL"]; one && len(out) > 1 {
		return []string{strings.Join(out, "\n")}
	}
	return out
}

// autoVars returns recipe line l with make's automatic variables of the
// rule for target t given: $@, $<, $^, $+, $? and their D and F forms
// ($(@D) is t's directory); $(MAKECMDGOALS) is the command's goals
// (goals). $* and the others are left for makeExpand (unknown).
func autoVars(l, t string, prereqs []string, goals string) string {
	if !strings.Contains(l, "$") {
		return l
	}
	val := func(c byte, form byte) string {
		var ws []string
		switch c {
		case '@':
			ws = []string{t}
		case '<':
			ws = prereqs[:min(1, len(prereqs))]
		default:
			ws = prereqs
		}
		out := make([]string, 0, len(ws))
		for _, w := range ws {
			switch form {
			case 'D':
				w = path.Dir(w)
			case 'F':
				w = path.Base(w)
			}
			out = append(out, w)
		}
		// $ in a name (an unknown value) is text, not make's again
		return strings.ReplaceAll(strings.Join(out, " "), "$", "$$")
	}
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		if l[i] != '$' || i+1 == len(l) {
			b.WriteByte(l[i])
			continue
		}
		n := l[i+1]
		switch {
		case n == '$':
			b.WriteString("$$")
			i++
			continue
		case strings.IndexByte("@<^+?", n) >= 0:
			b.WriteString(val(n, 0))
			i++
			continue
		case n == '(' || n == '{':
			closer := byte(')')
			if n == '{' {
				closer = '}'
			}
			end := strings.IndexByte(l[i+2:], closer)
			if end < 0 {
				break
			}
			name := l[i+2 : i+2+end]
			switch {
			case name == "MAKECMDGOALS":
				b.WriteString(goals)
			case len(name) == 1 && strings.IndexByte("@<^+?", name[0]) >= 0:
				b.WriteString(val(name[0], 0))
			case len(name) == 2 && strings.IndexByte("@<^+?", name[0]) >= 0 && (name[1] == 'D' || name[1] == 'F'):
				b.WriteString(val(name[0], name[1]))
			default:
				b.WriteByte('$')
				continue
			}
			i += 2 + end
			continue
		}
		b.WriteByte('$')
	}
	return b.String()
}

// allRecipes returns every recipe line of m, in the order of their
// targets, with the automatic variables of each target given whose
// names guard can tell (literal, or through variables it expands).
func (m *makefile) allRecipes() []string {
	ts := make([]string, 0, len(m.rules))
	for t := range m.rules {
		ts = append(ts, t)
	}
	slices.Sort(ts)
	var out []string
	for _, t := range ts {
		r := m.rules[t]
		prereqs := m.expandNames(r.prereqs)
		switch {
		case strings.Contains(t, "%"):
			out = append(out, r.recipe...)
		case strings.Contains(t, "$"):
			// $(H)/.bashrc, bin/$(BINARY): each name it expands to, one
			// holding a value guard cannot tell among them, is $@
			// (FINDINGS55d D16); none, the recipe as written.
			ns := m.expandNames([]string{t})
			if len(ns) == 0 {
				out = append(out, r.recipe...)
			}
			for _, n := range ns[:min(maxGoals, len(ns))] {
				out = append(out, m.ruleLines(r.recipe, n, prereqs, "$(MAKECMDGOALS)")...)
			}
		default:
			out = append(out, m.ruleLines(r.recipe, t, prereqs, "$(MAKECMDGOALS)")...)
		}
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

// projectMake scans what make's goals run from the makefiles files the
// command did not write (make -f a -f b: one makefile read in order,
// after the --eval texts evals), with the makefiles they include and
// those the MAKEFILES variable names (see the file comment); false when
// none of them can be read.
func (c *cmd) projectMake(files, evals, goals []string) bool {
	m := newMakefile(c.makeKnown)
	m.expand = func(s string) string { return strings.Join(c.makeChoices(&m, s), " ") }
	if len(evals) > 0 {
		m.parse(strings.Join(evals, "\n")) // --eval: before the makefiles
	}
	read := 0
	for _, f := range files {
		t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a makefile")
		if !ok {
			continue
		}
		c.w.Read(f) // its text is make's: a Makefile linked to .env hands its values to the recipes
		m.parse(t)
		m.makefiles = append(m.makefiles, f)
		read++
	}
	if read == 0 {
		c.makefilesVar() // read first, whatever the makefile (make -f /dev/null)
		return false
	}
	if read == 1 && len(evals) == 0 {
		m.name = m.makefiles[0]
	}
	if c.readMakefile(&m) {
		c.scanMakefileRuns(&m, goals)
		c.scanShellRuns(&m)
	}
	c.makefilesVar()
	return true
}

// readMakefile completes makefile m as make reads it: its $(eval …)
// texts, the command line's .DEFAULT_GOAL, its includes, its shell and
// directory search; false when guard cannot tell what it holds (hidden).
func (c *cmd) readMakefile(m *makefile) bool {
	for _, e := range c.makeFuncs(slices.Concat(m.parsing, m.evalLines), m.expand) {
		m.parse(e)      // $(eval include x.mk): makefile text
		m.unsure = true // read where the eval is, not after the file
	}
	if v, ok := c.makeVariable(".DEFAULT_GOAL"); ok {
		m.defaults = []string{"=" + v} // make .DEFAULT_GOAL=x
	}
	if !c.makeIncludes(m) {
		return false
	}
	switch {
	case m.prefix == 0:
		c.w.hide("runs a makefile whose recipe prefix (.RECIPEPREFIX) guard cannot tell")
		return false
	case len(m.loads) > 0:
		c.w.hide("runs a makefile that loads native code into make (load %s), which guard does not read", m.loads[0])
		return false
	case m.broken != "":
		c.w.hide("runs a makefile guard does not read as make does: %s", m.broken)
		return false
	}
	c.makeShells(m)
	c.makeEditorEnv(m)
	if dirs := c.makeSearches(m); dirs != nil {
		m.search = func(p string) string { return c.makeSearch(dirs, p) }
	}
	return true
}

// scanMakefileRuns scans what make runs from makefile m for goals: what
// it runs while reading, the recipes the goals reach, make's built-in
// rules, with the variables it exports in the recipes' environment.
func (c *cmd) scanMakefileRuns(m *makefile, goals []string) {
	expand := func(s string) string { return c.makeExpand(m, s, 0) }
	defer func(env []word.Word) { c.w.recipeEnv = env }(c.w.recipeEnv)
	c.w.recipeEnv = append(c.makeExports(m, expand), c.makeCommandVars()...)
	defer c.w.givesVars(makeGiven)() // toolgiven.go
	c.scanMakeLines(m, m.parsing)
	recipes := m.recipesOf(goals)
	defer func(v bool) { c.w.makeExec = v }(c.w.makeExec)
	c.w.makeExec = true                                 // lines make runs, perhaps by exec (makeexec.go)
	m.late = m.ran > 1                                  // a recipe's $(wildcard) is expanded after the prerequisites' recipes ran
	c.runsWhole(func() { c.scanMakeLines(m, recipes) }) // the lines make runs: each also analysed whole (recipetyped.go)
	m.late = false
	c.scanMakeLines(m, c.builtinRecipes(m)) // make's built-in rules run $(CC)…
	c.w.makeExec = false
	c.makeFuncs(recipes, expand) // a recipe's $(file >$(X),…)
}

// scanMakeLines scans makefile lines as scanRecipeWords does, each
// expanded once for every choice of its variables' values (makeLines),
// the bound on the words read growing with the texts a line gives, at
// most maxMakeSpread times.
func (c *cmd) scanMakeLines(m *makefile, lines []string) {
	texts := c.makeLines(m, lines)
	spread := 1
	if len(lines) > 0 {
		spread = min(maxMakeSpread, (len(texts)+len(lines)-1)/len(lines))
	}
	c.scanWords(texts, nil, maxTextTokens*spread)
}

// maxMakeSpread bounds how many times the words of a makefile's lines
// may be read for the values of its variables (scanMakeLines).
const maxMakeSpread = 8

// makeSearches returns the directories make searches for the
// prerequisites of makefile m, each with the pattern it serves (vpath
// PATTERN DIRS, in order, then VPATH's for "%"), their names expanded;
// nil when none are set.
func (c *cmd) makeSearches(m *makefile) [][2]string {
	var out [][2]string
	add := func(pattern, dirs string) {
		for _, d := range strings.FieldsFunc(m.expand(dirs), func(r rune) bool { return r == ':' || r == ' ' || r == '\t' }) {
			if len(out) < maxGoals {
				out = append(out, [2]string{pattern, d})
			}
		}
	}
	for _, l := range m.parsing {
		if f := strings.Fields(m.expand(l)); len(f) > 2 && f[0] == "vpath" {
			add(f[1], strings.Join(f[2:], " "))
		}
	}
	if v, ok := c.makeVariable("VPATH"); ok {
		add("%", v)
	} else if v := m.vars["VPATH"]; v != "" {
		add("%", v)
	}
	return out
}

// makeSearch returns the file make takes for prerequisite p given the
// directories it searches (makeSearches): p when it is there, else the
// first directory's whose pattern matches and that holds it (one under
// the home looked at there, taken as is when guard does not know the
// home; one whose name guard cannot tell is an unknown value), else p.
func (c *cmd) makeSearch(dirs [][2]string, p string) string {
	if c.projectEntry(p) || strings.HasPrefix(p, "/") {
		return p
	}
	for _, d := range dirs {
		if !patMatch(d[0], p) {
			continue
		}
		q := path.Join(d[1], p)
		if strings.Contains(d[1], "$") && d[1] != "$HOME" && !strings.HasPrefix(d[1], "$HOME/") || word.HasMark(d[1]) {
			return unknownMakeVar("VPATH")
		}
		rest, home := strings.CutPrefix(q, "$HOME")
		if !home {
			rest, home = strings.CutPrefix(q, "~")
		}
		switch {
		case home && (c.w.Home == "" || c.projectEntry(c.w.Home+rest)):
			return q // under the home: there, or guard cannot look
		case !home && c.projectEntry(q):
			return q
		}
	}
	return p
}

// projectEntry reports whether there is an entry at name in the directory
// the command is in.
func (c *cmd) projectEntry(name string) bool {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || strings.Contains(name, "$") {
		return false
	}
	k, _ := st.Lstat(c.w.Where(name))
	return k != effect.EntryNone
}

// makeIncludes reads the makefiles m includes into m, bounded, their
// names expanded as make would (makeExpand, makeGlob); each is a read of
// its file (include .env: make reads the values recipes print). An
// include whose name guard still cannot tell (a function it does not
// evaluate, a pattern), or too many, is hidden: false. An optional one
// (-include $(DEPS), the dependency files a compiler writes) whose name
// guard cannot tell is skipped: make runs on without it when it is
// missing. One a rule of m may remake (makeRemade) is hidden.
func (c *cmd) makeIncludes(m *makefile) bool {
	var names []string
	var required []bool
	read := 0
	for i := 0; i < len(m.includes); i++ {
		name, optional := m.includes[i], i < len(m.optional) && m.optional[i]
		if i >= maxGoals || read > maxIncludes {
			c.w.hide("runs a makefile that includes more than %d makefiles", maxIncludes)
			return false
		}
		fs := []string{name}
		if strings.Contains(name, "$") {
			fs = strings.Fields(runTimeWords(c.makeExpand(m, name, 0)))
		}
		if len(fs) == 1 && strings.ContainsAny(fs[0], "*?[") && !strings.ContainsAny(fs[0], "$%") {
			fs, _ = c.makeGlob(fs[0]) // include *.mk: make globs the name
			if fs == nil {
				fs = []string{}
			}
		}
		if len(fs) != 1 { // none, or several names: each an include
			if len(fs) == 0 {
				m.noteIncludeHead(i, "", false)
			}
			for _, f := range fs {
				m.includes = append(m.includes, f)
				m.optional = append(m.optional, optional)
			}
			continue
		}
		name = fs[0]
		switch {
		case word.IsStdin(name):
			if !c.makeStdinInclude(m) {
				return false
			}
			continue
		case strings.ContainsAny(name, "$*?[%") && optional:
			if g, ok := unknownSuffixGlob(name); ok {
				ns, _ := c.makeGlob(g) // -include $(shell …).mk: whatever is there
				m.includes = append(m.includes, ns...)
				for range ns {
					m.optional = append(m.optional, true)
				}
			}
			continue
		case strings.ContainsAny(name, "$*?[%"):
			c.w.hide("runs a makefile that includes a makefile whose name guard cannot tell (a variable or a pattern)")
			return false
		}
		names, required = append(names, name), append(required, !optional)
		f := c.includeFile(name)
		if _, st := c.w.Files.(effect.Stater); st && !c.projectEntry(f) {
			m.noteIncludeHead(i, "", false)
			continue // not there: nothing read (make remakes it, or stops)
		}
		read++
		c.w.Read(f) // make reads its text: its values reach the recipes
		if t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a makefile"); ok {
			m.noteIncludeHead(i, t, true)
			m.parse(t)
		}
	}
	return !c.remadeInclude(m, names, required)
}

// remadeInclude reports whether a rule of m may remake one of the
// makefiles names (required: not optional) it includes, hidden: make
// reads it again as the rule left it.
func (c *cmd) remadeInclude(m *makefile, names []string, required []bool) bool {
	for i, name := range names {
		why := m.remakes(name, required[i], c.projectEntry)
		if why == "" && c.builtinRemakes(name) {
			why = "a rule of it makes"
		}
		switch {
		case why == remakeUnsure:
			// no rule is known to make it: a protected file it is
			// (include .env) speaks first (FINDINGS56c W1)
			c.w.hideUnsure("runs a makefile that includes a makefile %s (%s): make may remake it and read what it then holds, which guard cannot tell", why, name)
			return true
		case why != "":
			c.w.hide("runs a makefile that includes a makefile %s (%s): make remakes it and reads what it then holds, which guard cannot tell", why, name)
			return true
		}
	}
	return false
}

// includeFile returns where make finds the makefile an include names:
// the name itself when it is there or absolute, else the first of
// make's -I (--include-dir) directories that holds it.
func (c *cmd) includeFile(name string) string {
	st, ok := c.w.Files.(effect.Stater)
	if strings.HasPrefix(name, "/") || !ok {
		return name
	}
	if k, _ := st.Lstat(c.w.Where(name)); k != effect.EntryNone {
		return name
	}
	args := makeWords(c.args)
	for j, a := range args {
		d, isDir := strings.CutPrefix(a.Text, "--include-dir=")
		if a.Text == "-I" || a.Text == "--include-dir" {
			if j+1 == len(args) {
				break
			}
			d, isDir = args[j+1].Text, true
		}
		if isDir && a.Known && d != "" {
			p := path.Join(d, name)
			if k, _ := st.Lstat(c.w.Where(p)); k != effect.EntryNone {
				return p
			}
		}
	}
	return name
}

// makefilesVar scans the makefiles the MAKEFILES variable names, which
// make reads before the others: every word of them. A value guard does
// not know is hidden.
func (c *cmd) makefilesVar() {
	v, ok := c.makeVariable("MAKEFILES")
	if !ok {
		return
	}
	if strings.ContainsAny(v, "$*?[") || word.HasMark(v) {
		c.w.hide("runs the makefiles MAKEFILES names, which guard cannot tell")
		return
	}
	for i, f := range strings.Fields(v) {
		if i == maxIncludes {
			c.w.hide("runs more than %d makefiles MAKEFILES names", maxIncludes)
			return
		}
		c.scanMakefile(f)
	}
}

// makeVariable returns the value make's command line (VAR=value) or the
// shell (set, exported or given before the command) gives variable name.
func (c *cmd) makeVariable(name string) (string, bool) {
	for _, a := range c.args {
		if v, ok := strings.CutPrefix(a.Text, name+"="); ok {
			if !a.Known {
				return word.Mark(word.MarkVar, name), true
			}
			return v, true
		}
	}
	return c.w.lookup(name)
}

// projectScripts scans the package.json scripts named (and their pre and
// post scripts; all of them for "*") of a package.json the command did not write.
func (c *cmd) projectScripts(scripts map[string]any, names []string) {
	var lines []string
	if slices.Contains(names, "*") {
		for _, v := range scripts {
			if s, ok := taskCommand(v); ok {
				lines = append(lines, s)
			}
		}
		slices.Sort(lines)
		c.scanRecipeWords(lines, nil)
		return
	}
	for _, n := range names {
		for _, k := range []string{"pre" + n, n, "post" + n} {
			if s, ok := taskCommand(scripts[k]); ok {
				lines = append(lines, s)
			}
		}
	}
	c.scanRunLines(lines, nil)
}

// scanRecipeWords reads and writes the words of build-file command lines
// that may name a protected place (programPaths), after expand (make's
// variables: makeExpand); a word in a command's place (the program it
// runs) is read only. A script a command runs (recipeScript) is scanned
// the same way. A redirection or separator glued to a word is not part of
// it.
func (c *cmd) scanRecipeWords(lines []string, expand func(string) string) {
	c.scanWords(lines, expand, maxTextTokens)
}

// scanWords is scanRecipeWords with its bound on the words read: each
// line walked as a script (scanLine, recipewalk.go), or, when it does
// not parse, its words scanned.
func (c *cmd) scanWords(lines []string, expand func(string) string, limit int) {
	n := 0
	c.callerEditorEnv()
	for _, l := range lines {
		if expand != nil {
			l = expand(l)
		}
		if n > limit {
			return
		}
		if c.scanLine(l, limit, &n) {
			continue
		}
		c.w.linesUnwalked++ // its words only (scriptChangers)
		words := lang.SplitQuoted(l)
		scs := simpleCommands(words)
		for _, sc := range scs {
			c.recipeCommand(sc)
		}
		c.recipeEditorEnv(words, scs) // recipeeditor.go
		c.recipeChdir(scs, limit)     // recipedirs.go
		c.shellText(words, limit)
		if !c.scanCommand(words, limit, &n, true) {
			return
		}
	}
}

// scanCommand scans the words of a build-file command (program: the
// first is in a command's place) that may name a protected place, a
// script it runs, the files a program loads; n counts the words read
// against limit: false past it (hidden).
func (c *cmd) scanCommand(words []word.Word, limit int, n *int, program bool) bool {
	runner, python, prevM := false, false, false
	for _, wd := range words {
		if *n++; *n > limit {
			c.w.hide("runs build-file commands of more than %d words", limit)
			return false
		}
		s := c.startRelative(unglued(wd.Text)) // {{.ROOT_DIR}}/x: the project's x
		for _, p := range c.w.recipePaths(s) {
			c.w.Read(p)
			if !program && !runner {
				c.w.Write(p) // not the script a shell runs: sh ../x.sh reads it
			}
		}
		if bareDotName(s) {
			c.w.Read(s) // cat .env: a file of the makefile's directory
		}
		if program || runner {
			c.recipeScript(s)
		}
		if program || python && prevM {
			c.projectLoads(s) // eslint ., python3 -m pytest
		}
		prevM = python && s == "-m"
		if program {
			python = strings.HasPrefix(path.Base(s), "python")
		}
		runner = program && (s == "sh" || s == "bash" || s == "source" || s == ".")
		program = commandPlace(s, wd.Text, program)
	}
	return true
}

// recipeCommand scans what simple command sc of a build file runs besides
// its words, its program found as the command line's
// is (commandProgram): the files a test runner discovers, the program
// file an interpreter runs (programFiles: node test.js, python3 -u x.py),
// the script a shell runs (bash x), and, for a program guard does not
// know, its first operand when that is a file of the project: a program
// that may run it (recipeCode).
func (c *cmd) recipeCommand(sc []word.Word) {
	c.commandRunner(sc) // testrunners.go
	ws := commandProgram(sc)
	if len(ws) == 0 || !ws[0].Known {
		return
	}
	name := path.Base(unglued(ws[0].Text))
	if in, ok := catalogue.InterpreterOf(name); ok {
		for _, j := range programFiles(in, ws[1:]) {
			c.recipeCode(name, ws[1+j].Text, false)
		}
		return
	}
	op := firstOperand(ws[1:])
	switch {
	case name == "make" || name == "gmake" || name == "bmake":
		c.recipeMake(ws[1:], sc[:len(sc)-len(ws)]) // recipedirs.go
	case op == "":
	case catalogue.Shells.Has(name) || name == "source" || name == ".":
		if op = c.startRelative(op); !strings.HasPrefix(op, ".") && !strings.HasPrefix(op, "/") {
			op = "./" + op // bash scripts/x: a file of the directory
		}
		c.recipeScript(op)
	case !knownProgram(name):
		c.recipeCode(name, op, true)
	}
}

// firstOperand returns the first word of args that is no option, or "".
func firstOperand(args []word.Word) string {
	for _, a := range args {
		if a.Text == "--" {
			continue
		}
		if !strings.HasPrefix(a.Text, "-") {
			return unglued(a.Text)
		}
	}
	return ""
}

// knownProgram reports whether guard knows what program name does: a
// catalogue entry, a handler, an interpreter, a prefix, a runner, a
// package manager.
func knownProgram(name string) bool {
	if _, ok := handlerOf(name); ok {
		return true
	}
	if _, ok := catalogue.InterpreterOf(name); ok {
		return true
	}
	if _, ok := catalogue.PrefixOf(name); ok {
		return true
	}
	if _, ok := catalogue.TaskRunnerNamed(name); ok {
		return true
	}
	if _, ok := catalogue.PackageExecOf(name); ok {
		return true
	}
	return catalogue.ProgramNamed(name) != nil || catalogue.TestRunnerNamed(name) != nil
}

// recipeCode scans file p, which program name of a build-file command
// runs as code, as the command line scans an interpreter's program file
// (runProgram: its names, its imports where guard has a loader), bounded
// with the recipe scripts (maxRecipeScripts), each file with its imports
// in the bounds of one program. A file that is not there runs nothing; a
// guessed one (a program guard does not know given a file of the project:
// it may run it, or lint it) is read only when it is a text file guard
// reads whole, and only for the names it gives (scanPaths), not for the
// calls a program makes (a linted file's subprocess.run(cmd) runs nothing).
func (c *cmd) recipeCode(name, p string, guessed bool) {
	if len(p) < 1 || strings.ContainsAny(p, "$*?[{`\x00") || strings.HasPrefix(p, "~") || guessed && (strings.HasPrefix(p, "/") || bareDotName(p)) {
		return
	}
	if slices.Contains(c.w.recipeScripts, c.w.Where(p)) {
		return
	}
	if guessed && c.w.recipeProbes >= maxRecipeProbes {
		return // past the bound guesses stop; what guard knows runs a file is still read
	}
	c.w.recipeProbes++
	nread := c.w.Nread
	t, st := c.w.FileStatus(p, true, effect.MaxProgramBytes)
	c.w.Nread = nread
	if st == effect.FileAbsent || guessed && (st != effect.FileWhole || binary([]byte(t))) {
		return
	}
	if len(c.w.recipeScripts) >= maxRecipeScripts {
		c.w.hide("runs more than %d scripts from build-file commands", maxRecipeScripts)
		return
	}
	if guessed {
		// Not recorded as read: a probe's names are not its commands, and
		// the file may be a script the task file runs too (entry:
		// ./s.sh, - ./s.sh; recipeScript).
		c.w.Read(p)
		c.scanPaths(t, nil) // the names it gives: a linter's operand is code it reads, not runs
		c.w.Nread = nread
		return
	}
	c.w.recipeScripts = append(c.w.recipeScripts, c.w.Where(p))
	saved, mods := c.name, c.mods
	c.name = name
	c.mods = c.newLoader(lang.FamilyOf(name))
	defer func() { c.name, c.mods, c.w.Nread = saved, mods, nread }()
	c.w.Read(p)
	c.runProgram(word.Word{Text: p, Known: true})
}

// recipePaths returns the paths a word of a build-file command line
// names that may be protected places: a relative dot name with a
// directory part (.git/hooks/x, ./.venv/bin/x) in the directory the line
// runs in, those a program file's literal would (programPaths), and,
// the line being a shell command run in the build file's directory, one
// that leaves it (../.bashrc) or is absolute (guard's own executable),
// but not a bare root or parent (.., /).
func (w *walker) recipePaths(s string) []string {
	if t := strings.TrimPrefix(s, "./"); len(t) > 2 && t[0] == '.' && word.IsWordChar(t[1]) && strings.Contains(t, "/") {
		return []string{t} // .venv/bin/activate: of the directory the line runs in, not the home's
	}
	if ps := w.programPaths(strings.TrimPrefix(s, "./")); len(ps) > 0 {
		return ps
	}
	if (strings.HasPrefix(s, "../") || strings.HasPrefix(s, "/")) && !lang.BareRoot(s) && !onlyUp(s) &&
		len(s) <= 4096 && !strings.ContainsAny(s, "\n\r\x00") {
		return []string{s}
	}
	return nil
}

// bareDotName reports whether s is a dot file's bare name (.env), which
// a shell command reads in its directory.
func bareDotName(s string) bool {
	return len(s) > 1 && s[0] == '.' && word.IsWordChar(s[1]) && !strings.ContainsAny(s, "/$*?[=") && len(s) < 256
}

// commandPlace reports whether the word after word s (wd as written) is
// in a command's place, given whether s is (program).
func commandPlace(s, wd string, program bool) bool {
	switch s {
	case "&&", "||", "|", ";", "then", "do", "else", "exec", "env", "sudo", "command", "time", "nice":
		return true
	}
	if strings.HasSuffix(wd, ";") {
		return true
	}
	// An assignment before the program keeps the place.
	return program && strings.Contains(s, "=") && !strings.HasPrefix(s, "-")
}

// unknownMakeVar is the shell text for make variable name whose value
// guard does not know: a variable the shell does not know either.
func unknownMakeVar(name string) string {
	return "${MAKE_" + strings.Map(func(r rune) rune {
		if r < 128 && word.IsWordChar(byte(r)) {
			return r
		}
		return '_'
	}, name) + "}"
}

// maxMakeDepth bounds the variables expanded inside variables.
const maxMakeDepth = 8

// makeExpand returns makefile text s expanded as make would (makeText):
// $(HOME) is the home (~), $(CURDIR) the directory make runs in
// (.); a variable the command line or the shell gives a value (make
// R=rc) has it, or is unknown when guard does not know it; one the
// makefile sets has its value, expanded in turn; $(MAKEFILE_LIST) is the
// makefile when it includes none; any other is empty.
func (c *cmd) makeExpand(m *makefile, s string, depth int) string {
	e := makeText{value: func(name string) (string, bool) { return c.makeValue(m, name) }, glob: c.makeGlob, abs: c.makeAbs, effect: c.makeEffect, depth: depth, late: m.late}
	var subs []string
	e.shell = func(cmd string) string {
		v := c.makeShellCall(m, quoteValues(cmd, subs)) // $(shell … $(shell …) …): the inner value in the outer command
		if !strings.HasPrefix(v, "$( ") {
			return v
		}
		subs = append(subs, v)
		return shellSentinel(len(subs) - 1)
	}
	ifs := 0
	if m.touch != nil {
		e.choose = func(n int) int { // the late $(if)s of the text, in order: choices as a variable's values
			ifs++
			key := "\x00if" + strconv.Itoa(ifs)
			if m.touch(key, n); m.opaque[key] {
				return -1
			}
			return min(m.pick[key], n-1)
		}
	}
	return quoteValues(e.eval(s), subs)
}

// makeValue returns the value of make variable name in makefile m for
// makeExpand, and whether make expands it in turn (the makefile's own):
// of the values it may have (makeValues), the one makeChoices picks.
func (c *cmd) makeValue(m *makefile, name string) (string, bool) {
	switch name {
	case "HOME":
		// the home as guard writes it: it stays the home inside quotes,
		// in an exported variable's value and in text $(eval) reads
		// again, where the shell's $HOME would not (FINDINGS56b G8)
		return "~", false
	case "CURDIR":
		return ".", false
	}
	if m.opaque[name] {
		return unknownMakeVar(name), false
	}
	vs := c.makeValues(m, name)
	if len(vs) == 0 {
		return c.unsetValue(m, name)
	}
	i := 0
	if len(vs) > 1 && m.touch != nil {
		m.touch(name, len(vs))
		i = min(m.pick[name], len(vs)-1)
	}
	v := vs[i]
	switch {
	case !v.raw && word.HasMark(v.v):
		return unknownMakeVar(name), false
	case len(v.v) > effect.MaxScriptBytes:
		return unknownMakeVar(name), false
	}
	return v.v, v.raw
}

// unsetValue returns the value of make variable name that neither the
// command line, the environment nor the makefile sets, for makeValue.
func (c *cmd) unsetValue(m *makefile, name string) (string, bool) {
	switch {
	case name == "MAKE":
		return "make", false // make's own name, unless the command line, the environment or the makefile set it
	case name == "MAKEFILE_LIST" && m.name != "" && len(m.includes) == 0:
		return m.name, false
	case makeBuiltinVars()[name] != "":
		return makeBuiltinVars()[name], true // make's database
	case name == "SHELL":
		return "/bin/sh", false // make's, never the environment's (makeKnown)
	case makeOwnVars.Has(name):
		return unknownMakeVar(name), false // make gives it a value guard does not model: not "" (FINDINGS56b G1)
	case autoMakeVar(name) || name == "MAKEFILE_LIST" || m.anyName:
		return unknownMakeVar(name), false // $@, $(@D) of a rule guard did not name: not ""
	}
	return "", false
}

// makeAbs returns the path make's $(abspath) gives name, from the
// directory make runs in: absolute when guard knows that directory's
// path, else relative to it as $(CURDIR) is (.), which the recipe's
// shell starts in (a name that climbs out of it too: FINDINGS54a M20).
func (c *cmd) makeAbs(name string) string {
	if path.IsAbs(name) {
		return path.Clean(name)
	}
	if d := c.w.Where("."); path.IsAbs(d) && !word.HasMark(d) && !strings.Contains(d, "$") {
		return path.Join(d, name)
	}
	return path.Clean(name) // ../../.bashrc: the recipe's shell starts in $(CURDIR), where the walker resolves it
}

// startRelative returns absolute name s, when it lies below the
// directory the command starts in (not the root), as a name from the
// walker's directory (./x.sh, ../x.sh), the name the project's own
// relative ones have; any other s as it is.
func (c *cmd) startRelative(s string) string {
	wd, here := c.w.workDir(), c.absDir(".")
	if wd == "" || wd == "/" || !strings.HasPrefix(path.Clean(s), wd+"/") || !path.IsAbs(here) || word.HasMark(here) {
		return s
	}
	rel, err := filepath.Rel(here, path.Clean(s))
	switch rel = filepath.ToSlash(rel); {
	case err != nil:
		return s
	case strings.HasPrefix(rel, "../"):
		return rel
	}
	return "./" + rel
}

// recipeScript scans the script a build-file command runs (a word in a
// command's place, or after sh, bash, source or .) like the build file
// (the project's code, not analysed as commands: its words that may name
// a protected place): a relative name starting ./ or ../, or ending .sh
// or .bash, with nothing guard does not know in it (an absolute name
// below the directory the command starts in, a build tool's directory
// variable's, comes as startRelative names it). A file
// that is not there runs nothing; a compiled program is not read.
func (c *cmd) recipeScript(s string) {
	if len(s) < 3 || strings.ContainsAny(s, "$*?[{`\x00") || strings.HasSuffix(s, "/...") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") || strings.HasPrefix(s, "-") {
		return
	}
	if !strings.HasPrefix(s, "./") && !strings.HasPrefix(s, "../") && !strings.HasSuffix(s, ".sh") && !strings.HasSuffix(s, ".bash") {
		return
	}
	key := c.w.Where(s) // ./run.sh after cd sub is another file
	if slices.Contains(c.w.recipeScripts, key) {
		return
	}
	if len(c.w.recipeScripts) >= maxRecipeScripts {
		c.w.hide("runs more than %d scripts from build-file commands", maxRecipeScripts)
		return
	}
	c.w.recipeScripts = append(c.w.recipeScripts, key)
	t, ok := c.w.FileText(s, true, effect.MaxScriptBytes, "a script")
	if !ok || binary([]byte(t)) {
		return
	}
	n := 0
	if c.scanLine(t, effect.MaxScriptBytes, &n) {
		return // one script: a cd on a line of its own carries to the next
	}
	c.scanWords(strings.Split(t, "\n"), nil, effect.MaxScriptBytes)
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

// autoMakeVar reports whether name is one of make's automatic variables
// ($@, $<, $^, $*, $(@D), $(<F)…) or MAKECMDGOALS: a value per rule, or
// per command, guard substitutes only where it knows the rule
// (ruleAutoVars).
func autoMakeVar(name string) bool {
	if name == "MAKECMDGOALS" {
		return true
	}
	if len(name) == 2 && (name[1] == 'D' || name[1] == 'F') {
		name = name[:1]
	}
	return len(name) == 1 && strings.Contains("@<^*?+|%", name)
}

// makeExports returns the variables makefile m exports, with their
// values as make expands them (NAME=value), for the makes its recipes
// start; every variable of m for a bare export; the makefile's value of
// one make took from its environment (movesLoad's: PATH…).
func (c *cmd) makeExports(m *makefile, expand func(string) string) []word.Word {
	names := m.exports
	if m.exportAll {
		names = nil
		for n := range m.vars {
			names = append(names, n)
		}
		slices.Sort(names)
	} else {
		// make exports a variable it took from its environment with the
		// makefile's value, export line or not (PATH := bin:$(PATH));
		// those that move what programs load are taken to be there
		// (FINDINGS56b G4).
		var env []string
		for n := range m.vars {
			if movesLoad(n) && !slices.Contains(names, n) {
				env = append(env, n)
			}
		}
		slices.Sort(env)
		names = append(slices.Clip(names), env...)
	}
	var out []word.Word
	for _, n := range names {
		if _, ok := m.vars[n]; ok && word.IsName(n) && len(out) < maxGoals {
			v := expand("$(" + n + ")")
			out = append(out, word.Word{Text: n + "=" + v, Known: !strings.Contains(v, "$")})
		}
	}
	return out
}

// remakes says how a rule of m may make the included makefile name,
// which make then remakes and reads again ("How Makefiles Are Remade"),
// "" when none may: an explicit rule for it (its target literal or
// through a variable or function), a .DEFAULT rule, a target guard cannot
// tell (said so: no rule is known to make it, FINDINGS56c W1), or
// a pattern rule with a recipe that applies to it (patternMakes) — for
// an optional include (make remakes -include files too) only one without
// prerequisites (%.d:, a match-anything %::). The -include $(DEPS) of a
// compiler's dependency files with a %.d: %.c rule is left to the scan:
// those files hold prerequisites (docs/DECISIONS.md).
func (m *makefile) remakes(name string, required bool, exists func(string) bool) string {
	const makes = "a rule of it makes"
	if _, ok := m.rules[name]; ok {
		return makes
	}
	if r := m.rules[".DEFAULT"]; r != nil && len(r.recipe) > 0 {
		return "its .DEFAULT rule may make"
	}
	named, unsure := m.expandedTargets()
	if len(named[name]) > 0 {
		return makes
	}
	for t, r := range m.rules {
		if !strings.Contains(t, "$") && (required || len(r.prereqs) == 0) && m.patternMakes(t, r, name, exists) {
			return makes
		}
	}
	for t, rs := range named {
		for _, r := range rs {
			if (required || len(r.prereqs) == 0) && m.patternMakes(t, r, name, exists) {
				return makes
			}
		}
	}
	if unsure {
		return remakeUnsure
	}
	return ""
}

// remakeUnsure is what remakes says of an include only a target guard
// cannot tell may make.
const remakeUnsure = "a rule whose target guard cannot tell may make"

// patternMakes reports whether pattern rule r for target pattern t
// applies to name: t matches it, r has a recipe, and each prerequisite,
// its % the stem, is there (exists), a target of m, or a name guard
// cannot tell.
func (m *makefile) patternMakes(t string, r *makeRule, name string, exists func(string) bool) bool {
	pre, suf, ok := strings.Cut(t, "%")
	if !ok || len(r.recipe) == 0 || !patMatch(t, name) {
		return false
	}
	stem := name[len(pre) : len(name)-len(suf)]
	for _, p := range m.expandNames(r.prereqs) {
		p = strings.Replace(p, "%", stem, 1)
		if _, rule := m.rules[p]; !rule && !strings.Contains(p, "$") && !exists(p) {
			return false
		}
	}
	return true
}
