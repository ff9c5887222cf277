package shell

// make's variables as the set of values make may give them. GNU make's
// value depends on the operator (?= keeps an earlier value, := expands
// now), on conditionals, on override and on the precedence of the command
// line and the environment, and on the order the makefiles are read in;
// guard keeps every value a variable is given (each assignment, in every
// branch guard cannot rule out, the environment's, the command line's) and
// expands a text once for each choice of them (makeChoices), bounded: past
// the bound a variable is a value guard cannot tell (unknownMakeVar). A
// conditional is evaluated where its operands are literal or one value
// guard knows there; otherwise both branches are read, and a
// .RECIPEPREFIX set in one is one guard cannot tell.

import (
	"slices"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxMakeValues bounds the values kept for one variable; past it the
// variable is one guard cannot tell.
const maxMakeValues = 32

// maxMakeChoices bounds the texts one line expands to (makeChoices).
const maxMakeChoices = 64

// makeCond is one open conditional: state is 0 when make skips the lines
// of the branch being read, 1 when it reads them, 2 when guard cannot
// tell; taken is set once a branch is known taken, maybe once one may be.
type makeCond struct {
	state        int8
	taken, maybe bool
	// held is set once the branch being read holds a target that may be
	// the first (headTarget).
	held bool
}

// makeVal is one value of a variable: raw when it is makefile text make
// expands in turn.
type makeVal struct {
	v   string
	raw bool
}

// topIndex returns the index of the first c in s outside $(…) and ${…}
// (make's references), or -1.
func topIndex(s string, c byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
			depth++
			i++
		case depth > 0 && (s[i] == '(' || s[i] == '{'):
			depth++
		case depth > 0 && (s[i] == ')' || s[i] == '}'):
			depth--
		case depth == 0 && s[i] == c:
			return i
		}
	}
	return -1
}

// makeFields returns the words of makefile text s split at the blanks
// outside $(…) and ${…} (a call's arguments hold blanks).
func makeFields(s string) []string {
	var out []string
	start, depth := -1, 0
	for i := 0; i <= len(s); i++ {
		switch {
		case i == len(s) || depth == 0 && (s[i] == ' ' || s[i] == '\t'):
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
			continue
		case s[i] == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
			depth++
			if start < 0 {
				start = i
			}
			i++
			continue
		case depth > 0 && (s[i] == '(' || s[i] == '{'):
			depth++
		case depth > 0 && (s[i] == ')' || s[i] == '}'):
			depth--
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

// defineName returns the variable a define line (its fields f) names.
func defineName(f []string) string {
	i := slices.Index(f, "define")
	if i < 0 || i+1 >= len(f) {
		return ""
	}
	return strings.TrimRight(f[i+1], ":!?+=")
}

// assignedName returns the name an assignment gives a value, expanded
// as make does ($(N) = v); one guard cannot tell marks the makefile
// (anyName): any variable it does not know may have any value.
func (m *makefile) assignedName(name string) string {
	if !strings.Contains(name, "$") {
		return name
	}
	if n := strings.TrimSpace(m.condText(name)); n != "" && !strings.ContainsAny(n, "$ \t") {
		return n
	}
	m.anyName = true
	return name
}

// addValue records value as one variable name may have (override: given
// by an override line; add: by +=, which appends to each value it has).
func (m *makefile) addValue(name, value string, override, add bool) {
	if m.alts == nil {
		m.alts, m.overrides = map[string][]string{}, map[string][]string{}
	}
	if m.maybe == nil {
		m.maybe = map[string]bool{}
	}
	if m.scoped {
		m.addScoped(name, value, override, add) // makescoped.go
		return
	}
	if m.inUnknownBranch() {
		m.maybe[name] = true // set or not as make takes a branch guard cannot tell
	}
	if as := m.alts[name]; add && len(as) > 0 {
		for _, vs := range [][]string{as, m.overrides[name]} {
			for i := range vs {
				if len(vs[i]) < effect.MaxScriptBytes {
					vs[i] += " " + value
				}
			}
		}
		return
	}
	if len(m.alts[name]) >= maxMakeValues {
		m.alts[name] = append(m.alts[name][:maxMakeValues-1], unknownMakeVar(name))
		return
	}
	m.alts[name] = append(m.alts[name], value)
	if override {
		m.overrides[name] = append(m.overrides[name], value)
	}
}

// conditional reads line when it is a conditional directive (ifeq,
// ifneq, ifdef, ifndef, else, endif; not in a recipe), and reports
// whether it was one.
func (m *makefile) conditional(line string, inRecipe bool) bool {
	f := strings.Fields(line)
	if inRecipe || len(f) == 0 || len(f) > 1 && strings.IndexByte("=:?+!", f[1][0]) >= 0 && !strings.HasPrefix(f[1], "!") {
		return false
	}
	rest := strings.TrimSpace(strings.TrimSpace(line)[len(f[0]):])
	switch {
	case makeConditional.Has(f[0]):
		st := int8(0)
		if !m.skipping() {
			st = m.evalCond(f[0], rest)
		}
		m.conds = append(m.conds, makeCond{state: st, taken: st == 1 || m.skipping(), maybe: st == 2})
		return true
	case f[0] == "else" && len(m.conds) > 0:
		m.elseBranch(rest)
		return true
	case f[0] == "endif" && len(m.conds) > 0:
		m.conds = m.conds[:len(m.conds)-1]
		return true
	case f[0] == "else" || f[0] == "endif":
		return true // make stops: nothing runs
	}
	return false
}

// elseBranch reads an else line (rest: its optional condition).
func (m *makefile) elseBranch(rest string) {
	top := &m.conds[len(m.conds)-1]
	top.state, top.held = 0, false
	if top.taken {
		return
	}
	st := int8(1)
	if f := strings.Fields(rest); len(f) > 0 && makeConditional.Has(f[0]) {
		st = m.evalCond(f[0], strings.TrimSpace(rest[len(f[0]):]))
	}
	if st != 0 && top.maybe {
		st = 2
	}
	top.state = st
	top.taken = st == 1
	top.maybe = top.maybe || st == 2
}

// skipping reports whether make skips the line being read: some open
// conditional's branch is not taken.
func (m *makefile) skipping() bool {
	return slices.ContainsFunc(m.conds, func(c makeCond) bool { return c.state == 0 })
}

// inUnknownBranch reports whether the line being read is in a branch
// guard cannot tell whether make reads.
func (m *makefile) inUnknownBranch() bool {
	return slices.ContainsFunc(m.conds, func(c makeCond) bool { return c.state == 2 })
}

// closeText ends one makefile text: an open define is one make does not
// read as guard did (it stops), an open conditional ends with the text.
func (m *makefile) closeText() {
	if m.define > 0 {
		m.broken = "a define block that does not end (endef)"
		m.define = 0
	}
	m.conds = nil
}

// evalCond returns the state of the branch after conditional directive
// kw with text rest: 1 taken, 0 not, 2 guard cannot tell.
func (m *makefile) evalCond(kw, rest string) int8 {
	if h := unescapedHash(rest); h >= 0 {
		rest = strings.TrimSpace(rest[:h])
	}
	if kw == "ifdef" || kw == "ifndef" {
		// Whether a variable is defined: the environment, the command
		// line, make itself may define it: both branches.
		return 2
	}
	a, b, ok := condArgs(rest)
	if !ok || strings.ContainsAny(a+b, "$\\") || (a == b) != (strings.TrimSpace(a) == strings.TrimSpace(b)) {
		// Operands make expands (its variables, the environment's, the
		// command line's, make's own, functions): both branches
		// (FINDINGS55d D1 D3 D9 D12 D13 D14 D17 D18 D19 D20).
		return 2
	}
	return condState((a == b) == (kw == "ifeq"))
}

// condState is the branch state of a condition that holds or not.
func condState(holds bool) int8 {
	if holds {
		return 1
	}
	return 0
}

// condArgs returns the two operands of ifeq/ifneq text: (a,b), "a" "b"
// or 'a' 'b'.
func condArgs(s string) (string, string, bool) {
	if strings.HasPrefix(s, "(") {
		end := lang.Closing(s)
		if end < 0 || strings.TrimSpace(s[end+1:]) != "" {
			return "", "", false
		}
		in := s[1:end]
		i := topIndex(in, ',')
		if i < 0 {
			return "", "", false
		}
		return in[:i], in[i+1:], true
	}
	var out []string
	for len(out) < 2 && s != "" {
		q := s[0]
		if q != '"' && q != '\'' {
			return "", "", false
		}
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return "", "", false
		}
		out = append(out, s[1:end+1])
		s = strings.TrimSpace(s[end+2:])
	}
	return strings.Join(out[:min(1, len(out))], ""), strings.Join(out[min(1, len(out)):], ""), len(out) == 2 && s == ""
}

// condText returns makefile text s expanded with the values guard knows
// at this point of the reading (condValue); a $ remains where it does
// not.
func (m *makefile) condText(s string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	e := makeText{value: m.condValue}
	return e.eval(s)
}

// condValue returns the value variable name has at this point of the
// reading, for a condition or a name, when guard can tell it: the command
// line's (no override line sets it), else the makefile's one value so
// far (none may come from an include or eval read later, nor a name
// guard cannot tell), else the environment's when the makefile sets none.
// Anything else, a variable the makefile has not set among them (make's
// own, the environment's), is unknown.
func (m *makefile) condValue(name string) (string, bool) {
	unknown := unknownMakeVar(name)
	v, cmdline, ok := "", false, false
	if m.known != nil {
		v, cmdline, ok = m.knownValue(name)
	}
	as := m.alts[name]
	switch {
	case ok && word.HasMark(v):
		return unknown, false
	case ok && cmdline && len(m.overrides[name]) == 0:
		return v, false
	case ok && !cmdline && len(as) == 0 && !m.unsettled && !m.anyName:
		return v, false
	case ok:
		return unknown, false
	case len(as) == 1 && !m.unsettled && !m.anyName && !m.maybe[name] && !strings.Contains(as[0], "${MAKE_"):
		return as[0], true
	}
	return unknown, false
}

// knownValue returns the value the command gives variable name (m.known)
// and whether it is the command line's.
func (m *makefile) knownValue(name string) (string, bool, bool) {
	v, ok := m.known(name)
	if !ok {
		return "", false, false
	}
	cmd, isCmd := strings.CutPrefix(v, "\x00cmd\x00")
	return cmd, isCmd, true
}

// makeValues returns the values variable name may have when make runs
// the recipes: the command line's and those of override lines, else the
// environment's and every value the makefile gives it (the last one
// first).
func (c *cmd) makeValues(m *makefile, name string) []makeVal {
	var out []makeVal
	rev := func(vs []string) {
		for i := len(vs) - 1; i >= 0; i-- {
			out = append(out, makeVal{vs[i], true})
		}
	}
	if v, ok := c.makeArgVar(name); ok {
		out = append(out, makeVal{v, false})
		rev(m.overrides[name])
		return c.scopedValues(m, name, out, true)
	}
	if v, ok := c.w.lookup(name); ok {
		out = append(out, makeVal{v, false})
	}
	rev(m.alts[name])
	return c.scopedValues(m, name, out, false)
}

// makeArgVar returns the value make's command line (VAR=value) gives
// variable name.
func (c *cmd) makeArgVar(name string) (string, bool) {
	for _, a := range c.args {
		if v, ok := strings.CutPrefix(a.Text, name+"="); ok {
			if !a.Known {
				return word.Mark(word.MarkVar, name), true
			}
			return v, true
		}
	}
	return "", false
}

// makeKnown is makefile.known for a make command: the command line's
// value of a variable (marked as such), else the environment's.
func (c *cmd) makeKnown(name string) (string, bool) {
	if v, ok := c.makeArgVar(name); ok {
		return "\x00cmd\x00" + v, true
	}
	if name == "SHELL" {
		return "", false // GNU make never takes SHELL from the environment (FINDINGS56b G1)
	}
	return c.w.lookup(name)
}

// makeOwnVars are the variables GNU make gives a value of its own (make
// -p -f /dev/null) that makeBuiltinVars does not model: its version, host,
// level, features, search paths. Unset by the makefile, the command line and
// the environment, each is a value guard cannot tell, never "", so
// $(if $(MAKE_VERSION),A,B) is not decided on it (FINDINGS56b G1).
// (MAKEFLAGS, MFLAGS and GNUMAKEFLAGS are not among them: a sub-make's
// command line holds them, which guard reads as given.)
const makeOwnVars word.Set = " MAKE_VERSION MAKE_HOST MAKELEVEL MAKE_COMMAND MAKEFILES .FEATURES .VARIABLES" +
	" .INCLUDE_DIRS .LOADED .RECIPEPREFIX .SHELLFLAGS .SHELLSTATUS .DEFAULT_GOAL MAKE_TERMOUT MAKE_TERMERR "

// makeLines returns makefile lines expanded, each once for every choice
// of the values of the variables it reaches (makeChoices).
func (c *cmd) makeLines(m *makefile, lines []string) []string {
	var out []string
	for _, l := range lines {
		out = append(out, c.makeChoices(m, l)...)
	}
	return out
}

// makeChoices returns text s expanded once for each choice of the values
// of the variables with several that it reaches (makeValues), those
// reached through another's value included, at most maxMakeChoices: past
// the bound, and past a few rounds of newly reached ones, a variable is
// one guard cannot tell.
func (c *cmd) makeChoices(m *makefile, s string) []string {
	if !strings.Contains(s, "$") {
		return []string{s}
	}
	pick, touch, opaque := m.pick, m.touch, m.opaque
	defer func() { m.pick, m.touch, m.opaque = pick, touch, opaque }()
	var names []string
	sizes := map[string]int{}
	frozen, grew := false, false
	m.pick, m.opaque = map[string]int{}, map[string]bool{}
	m.touch = func(n string, k int) {
		switch _, ok := sizes[n]; {
		case ok:
		case frozen:
			m.opaque[n], grew = true, true
		default:
			sizes[n] = k
			names = append(names, n)
		}
	}
	var out []string
	seen := map[string]bool{}
	full, done := false, false
	for round := 0; round < 8; round++ {
		names = boundChoices(names, sizes, m.opaque)
		cur := len(names)
		grew = false
		c.eachChoice(m, s, names[:cur], sizes, func(v string) {
			switch {
			case seen[v]:
			case len(out) < maxMakeChoices:
				seen[v] = true
				out = append(out, v)
			default:
				full = true
			}
		})
		if len(names) == cur && !grew {
			done = true
			break
		}
		frozen = round >= 3
	}
	if full || !done {
		// Past the bound a text is not dropped: one more in which every
		// variable with several values is one guard cannot tell
		// (FINDINGS55d D4).
		for n := range sizes { // every variable reached, names among them
			m.opaque[n] = true
		}
		out = append(out, c.makeExpand(m, s, 0))
	}
	return out
}

// boundChoices returns names cut where the product of their value
// counts passes maxMakeChoices; those cut are opaque.
func boundChoices(names []string, sizes map[string]int, opaque map[string]bool) []string {
	prod := 1
	for i, n := range names {
		if prod*sizes[n] > maxMakeChoices {
			for _, o := range names[i:] {
				opaque[o] = true
			}
			return names[:i]
		}
		prod *= sizes[n]
	}
	return names
}

// eachChoice expands s once for each choice of the values of names
// (sizes: how many each has), giving each text to f.
func (c *cmd) eachChoice(m *makefile, s string, names []string, sizes map[string]int, f func(string)) {
	idx := make([]int, len(names))
	for {
		for i, n := range names {
			m.pick[n] = idx[i]
		}
		f(c.makeExpand(m, s, 0))
		k := 0
		for ; k < len(idx); k++ {
			if idx[k]++; idx[k] < sizes[names[k]] {
				break
			}
			idx[k] = 0
		}
		if k == len(idx) {
			return
		}
	}
}

// makeBuiltinRecipes are the recipes of GNU make's built-in rules
// (`make -p -f /dev/null`), which make uses for a target the makefile
// has no rule for: they run the values of the variables below.
var makeBuiltinRecipes = []string{
	"$(COMPILE.c) $(OUTPUT_OPTION) $<", "$(LINK.c) $^ $(LOADLIBES) $(LDLIBS) -o $@",
	"$(COMPILE.cc) $(OUTPUT_OPTION) $<", "$(LINK.cc) $^ $(LOADLIBES) $(LDLIBS) -o $@",
	"$(LINK.o) $^ $(LOADLIBES) $(LDLIBS) -o $@", "$(COMPILE.s) -o $@ $<", "$(COMPILE.S) -o $@ $<",
	"$(PREPROCESS.S) $< > $@", "$(LINK.s) $^ $(LOADLIBES) $(LDLIBS) -o $@", "$(LINK.S) $^ $(LOADLIBES) $(LDLIBS) -o $@",
	"$(COMPILE.f) $(OUTPUT_OPTION) $<", "$(COMPILE.F) $(OUTPUT_OPTION) $<", "$(COMPILE.r) $(OUTPUT_OPTION) $<",
	"$(PREPROCESS.F) $(OUTPUT_OPTION) $<", "$(LINK.f) $^ $(LOADLIBES) $(LDLIBS) -o $@",
	"$(COMPILE.p) $(OUTPUT_OPTION) $<", "$(COMPILE.m) $(OUTPUT_OPTION) $<", "$(COMPILE.def) -o $@ $<", "$(COMPILE.mod) -o $@ $<",
	"$(YACC.y) $<", "$(LEX.l) $< > $@", "$(RM) $@", "$(LINT.c) -Cx $<", "$(AR) $(ARFLAGS) $@ $<",
	"$(CHECKOUT,v)", "$(GET) $(GFLAGS) $(SCCS_OUTPUT_OPTION) $<", "$(TEX) $<", "$(TEXI2DVI) $(TEXI2DVI_FLAGS) $<",
	"$(MAKEINFO) $(MAKEINFO_FLAGS) $< -o $@", "$(CTANGLE) $< - $@", "$(CWEAVE) $< - $@", "$(TANGLE) $<", "$(WEAVE) $<",
	"$(CO) $(COFLAGS) $< $@",
}

// makeBuiltinVars gives the values GNU make's database gives the
// variables its built-in rules use, where nothing else gives them one.
var makeBuiltinVars = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"CC": "cc", "CXX": "g++", "CPP": "$(CC) -E", "AS": "as", "AR": "ar", "ARFLAGS": "rv", "FC": "f77",
		"PC": "pc", "M2C": "m2c", "LEX": "lex", "YACC": "yacc", "LINT": "lint", "RM": "rm -f", "CO": "co",
		"GET": "get", "TEX": "tex", "TEXI2DVI": "texi2dvi", "MAKEINFO": "makeinfo", "CTANGLE": "ctangle",
		"CWEAVE": "cweave", "TANGLE": "tangle", "WEAVE": "weave", "OBJC": "cc", "OUTPUT_OPTION": "-o $@",
		"COMPILE.c":  "$(CC) $(CFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.c":     "$(CC) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.cc": "$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"LINK.cc":    "$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"LINK.o":     "$(CC) $(LDFLAGS) $(TARGET_ARCH)", "COMPILE.s": "$(AS) $(ASFLAGS) $(TARGET_MACH)",
		"COMPILE.S": "$(CC) $(ASFLAGS) $(CPPFLAGS) $(TARGET_MACH) -c", "PREPROCESS.S": "$(CPP) $(CPPFLAGS)",
		"LINK.s":       "$(CC) $(ASFLAGS) $(LDFLAGS) $(TARGET_MACH)",
		"LINK.S":       "$(CC) $(ASFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_MACH)",
		"COMPILE.f":    "$(FC) $(FFLAGS) $(TARGET_ARCH) -c",
		"COMPILE.F":    "$(FC) $(FFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"COMPILE.r":    "$(FC) $(FFLAGS) $(RFLAGS) $(TARGET_ARCH) -c",
		"PREPROCESS.F": "$(FC) $(FFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -F",
		"LINK.f":       "$(FC) $(FFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"COMPILE.p":    "$(PC) $(PFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"COMPILE.m":    "$(OBJC) $(OBJCFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c",
		"COMPILE.def":  "$(M2C) $(M2FLAGS) $(DEFFLAGS) $(TARGET_ARCH)",
		"COMPILE.mod":  "$(M2C) $(M2FLAGS) $(MODFLAGS) $(TARGET_ARCH)", "YACC.y": "$(YACC) $(YFLAGS)",
		"LEX.l": "$(LEX) $(LFLAGS) -t", "LINT.c": "$(LINT) $(LINTFLAGS) $(CPPFLAGS) $(TARGET_ARCH)",
		"CHECKOUT,v": "$(CO) $(COFLAGS) $< $@",
		// the rest of the database's non-empty values (FINDINGS56b G1)
		"LD": "ld", "F77": "$(FC)", "F77FLAGS": "$(FFLAGS)", "COMPILE.C": "$(COMPILE.cc)", "COMPILE.cpp": "$(COMPILE.cc)",
		"LINK.C": "$(LINK.cc)", "LINK.cpp": "$(LINK.cc)", "LINK.F": "$(FC) $(FFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"LINK.r":       "$(FC) $(FFLAGS) $(RFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"PREPROCESS.r": "$(FC) $(FFLAGS) $(RFLAGS) $(TARGET_ARCH) -F",
		"LINK.m":       "$(OBJC) $(OBJCFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"LINK.p":       "$(PC) $(PFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH)",
		"LEX.m":        "$(LEX) $(LFLAGS) -t", "YACC.m": "$(YACC) $(YFLAGS)", ".LIBPATTERNS": "lib%.so lib%.a",
		"SUFFIXES": ".out .a .ln .o .c .cc .C .cpp .p .f .F .m .r .y .l .ym .yl .s .S .mod .sym .def .h .info .dvi .tex" +
			" .texinfo .texi .txinfo .w .ch .web .sh .elc .el",
	}
})

// builtinRecipes returns the recipes of make's built-in rules, with a
// target and its source for the automatic variables, when a variable
// they run has a value from the makefile, the command line or the
// environment (otherwise they run make's own programs), for every goal.
// A define block's body is not one: a canned recipe is read where a
// recipe expands it, an $(eval) template where the eval reads it.
func (c *cmd) builtinRecipes(m *makefile) []string {
	var out []string
	set := false
	for n := range makeBuiltinVars() {
		set = set || len(c.makeValues(m, n)) > 0
	}
	for _, n := range [...]string{"CFLAGS", "CPPFLAGS", "CXXFLAGS", "LDFLAGS", "LDLIBS", "LOADLIBES", "TARGET_ARCH", "TARGET_MACH", "ASFLAGS", "FFLAGS", "YFLAGS", "LFLAGS"} {
		set = set || len(c.makeValues(m, n)) > 0
	}
	if !set {
		return out
	}
	for _, l := range makeBuiltinRecipes {
		out = append(out, autoVars(l, "x.o", []string{"x.c"}, "$(MAKECMDGOALS)")) // a target and its source
	}
	return out
}

// makeBuiltinSources are the files from which make's built-in rules
// make any target NAME (% the name): %: %.sh, %: %.c, %: %.o…, and the
// RCS and SCCS checkouts.
var makeBuiltinSources = []string{"%.sh", "%.c", "%.cc", "%.C", "%.cpp", "%.o", "%.s", "%.S", "%.f", "%.F",
	"%.p", "%.r", "%.mod", "%.l", "%.y", "%,v", "RCS/%,v", "RCS/%", "s.%", "SCCS/s.%"}

// builtinRemakes reports whether a built-in rule of make may remake the
// makefile name: a source one of them makes it from is there.
func (c *cmd) builtinRemakes(name string) bool {
	dir, base := "", name
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		dir, base = name[:i+1], name[i+1:]
	}
	for _, s := range makeBuiltinSources {
		if c.projectEntry(dir + strings.Replace(s, "%", base, 1)) {
			return true
		}
	}
	return false
}

// unknownSuffixGlob returns the glob of the names an include name that
// holds a value guard cannot tell may be: the value any text of the
// directory, a literal suffix kept ($( echo x).mk is *.mk); false when
// nothing literal follows the last unknown part.
func unknownSuffixGlob(name string) (string, bool) {
	i := strings.LastIndexAny(name, "$*?[%")
	if end := strings.IndexAny(name[i:], "})"); strings.HasPrefix(name[i:], "${") || strings.HasPrefix(name[i:], "$(") {
		if end < 0 {
			return "", false
		}
		i += end
	}
	suf := name[i+1:]
	if suf == "" || strings.Contains(suf, "/") || strings.ContainsAny(suf, "$*?[%") {
		return "", false
	}
	return "*" + suf, true
}

// makeStdinInclude reads into m the makefile an include of standard
// input (/dev/stdin) reads: the command's input when guard knows it;
// false (hidden) when the input is one it cannot see.
func (c *cmd) makeStdinInclude(m *makefile) bool {
	if t, ok := c.inputText(); ok {
		m.parse(t)
		return true
	}
	if c.stdin.fromPipe || c.stdin.sub != "" || c.stdin.file != "" {
		c.w.hide("runs a makefile that includes standard input, which guard cannot see")
		return false
	}
	return true
}

// runTimeWords returns expanded makefile text with each $(shell …)
// output in it ($( CMD)) one unknown value: a word part, not the words
// of the command.
func runTimeWords(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.HasPrefix(s[i:], "$(") {
			if end := lang.Closing(s[i+1:]); end >= 0 {
				b.WriteString(unknownMakeVar("shell"))
				i += end + 1
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
