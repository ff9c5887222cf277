package shell

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Value sets. A variable holds the set of values it may hold when the
// command runs: an assignment that may not run (after || or &&, in a branch
// of if or case, in a loop's body, in a function called there) keeps the
// values it had too; read in a loop takes every line it may read. A
// statement whose own words use such a variable is walked once with each
// value (each combination, for several), and what a walk assigns is, after
// the statement, the union of what the walks left. So f=~/.bashrc; [ -n
// "$q" ] || f=y; cp x "$f" writes ~/.bashrc, or y.

// Bounds of value sets: a variable holds at most maxValues values, and a
// statement is walked at most maxCombos times. Beyond, the later values of
// a set are written as one: their common start and end around a part not
// known (CFLAGS="$CFLAGS -g" in branches stays -O2…); when nothing is
// common to them, the command is beyond guard's limits.
const (
	maxValues = 32
	maxCombos = 64
)

// valueSets are the values variables may hold besides the one in the
// walker's variables.
type valueSets struct {
	m map[string][]expand.Variable
	// shared: m belongs to an enclosing shell too (see scoped); copied
	// before it is changed.
	shared bool
}

// varState is what the shell holds for a variable: its value, whether it
// is set in the command's variables at all (else inherited or the shell's
// own), and the other values it may hold.
type varState struct {
	vr   expand.Variable
	had  bool
	alts []expand.Variable
	// maybePopped: a local's saved state an unset in a callee may have
	// removed, in code that may not run (popLocal).
	maybePopped bool
}

// assignLog records, while a statement is walked once for each of its
// values, the variables it assigns and what each held before.
type assignLog struct {
	before map[string]varState
	order  []string
}

// note records name's state before its first assignment.
func (l *assignLog) note(name string, st varState) {
	if _, ok := l.before[name]; ok {
		return
	}
	l.before[name] = st
	l.order = append(l.order, name)
}

// saveVar returns what the shell holds for name.
func (w *walker) saveVar(name string) varState {
	vr, had := w.varMap()[name]
	return varState{vr: vr, had: had, alts: w.alts.m[name]}
}

// restoreVar makes the shell hold st for name, exactly.
func (w *walker) restoreVar(name string, st varState) {
	if w.alog != nil {
		w.alog.note(name, w.saveVar(name))
	}
	w.setAlts(name, st.alts)
	if st.had {
		w.storeVar(name, st.vr)
	} else {
		w.removeVar(name)
	}
}

// setAlts sets the other values name may hold (none: nil).
func (w *walker) setAlts(name string, alts []expand.Variable) {
	if len(alts) == 0 && len(w.alts.m[name]) == 0 {
		return
	}
	if w.alts.shared || w.alts.m == nil {
		w.alts.m = maps.Clone(w.alts.m)
		if w.alts.m == nil {
			w.alts.m = map[string][]expand.Variable{}
		}
		w.alts.shared = false
	}
	if len(alts) == 0 {
		delete(w.alts.m, name)
		return
	}
	w.alts.m[name] = alts
}

// assignValues gives name the values vals (the first its value): with
// the values it had too when the assignment may not run (w.cond).
func (w *walker) assignValues(name string, vals []expand.Variable) {
	if old, ok := w.varMap()[name]; ok && old.ReadOnly {
		return // bash refuses it: "readonly variable" (readonly.go)
	}
	refusable := w.mayBeReadonly(name)
	if w.cond > w.fileCond && vals[0].ReadOnly {
		vals[0].ReadOnly = false // readonly X=V in a branch: X may stay writable
		w.maybeReadonly(name)
	}
	if w.alog != nil {
		w.alog.note(name, w.saveVar(name))
	}
	vals = w.opaqueValues(name, vals) // typeset -R4 v (declattr.go)
	for i := range vals {
		vals[i] = bounded(name, vals[i])
	}
	if w.isInteger(name) {
		w.integerValues(name, vals) // read n, printf -v n, ${n:=V}
	}
	if hashVar(name, w.zshShell) {
		w.hashAssigned(vals) // BASH_CMDS (hashtable.go)
	}
	var alts []expand.Variable
	if w.cond > w.fileCond || refusable {
		alts = append(slices.Clone(w.alts.m[name]), w.before(name))
	}
	alts = append(alts, vals[1:]...)
	w.setAlts(name, w.distinct(name, vals[0], alts))
	w.storeVar(name, vals[0])
	w.tieStored(name, vals) // zsh's path and PATH (declattr.go)
	if w.zsh && name == "argv" {
		w.argvStored(vals)
	}
}

// before returns the value name holds before an assignment that may not
// run. One the command did not set is the environment's, or unset when the
// environment has none (${name-}): a command that sets a variable in a
// branch expects it unset otherwise, and the hook knows the environment.
func (w *walker) before(name string) expand.Variable {
	if !w.declared(name) && word.IsName(name) && !dynamicVar(name) && !w.anyVar {
		return strVar(word.Mark(word.MarkEnvOp, name+"-"))
	}
	return w.variable(name)
}

// mayBeUnset reports whether s is only the value before of a variable the
// command did not set (${name-}, quoted or not): the environment's, or
// nothing.
func mayBeUnset(s string) bool {
	k, name, ok := soleMark(s)
	return ok && (k == word.MarkEnvOp && strings.HasSuffix(name, "-") && word.IsName(strings.TrimSuffix(name, "-")) || k == word.MarkUnset)
}

// soleMark returns the kind and name of the marker s is, when s is one
// whole marker and nothing else.
func soleMark(s string) (byte, string, bool) {
	if !strings.HasPrefix(s, word.MarkStart) || !strings.HasSuffix(s, word.MarkEnd) || strings.Count(s, word.MarkStart) != 1 {
		return 0, "", false
	}
	var kind byte
	var name string
	ok := false
	word.EachMark(s, func(k byte, n string, whole bool) { kind, name, ok = k, n, whole }, func(string) { ok = false })
	return kind, name, ok
}

// unsetWord returns, for a parameter expansion unquoted and alone in its
// word, the marker of its value when that is only the value before of a
// variable set in a branch (see before): the environment's value, or no
// word at all.
func (w *walker) unsetWord(pe *syntax.ParamExp, quoted bool) (string, bool) {
	if quoted || !simpleParam(pe) {
		return "", false
	}
	v, ok := w.lookup(pe.Param.Value)
	if k, name, sole := soleMark(v); !ok || !sole || k != word.MarkEnvOp || name != pe.Param.Value+"-" {
		return "", false
	}
	return word.Mark(word.MarkUnset, pe.Param.Value), true
}

// distinct returns alts without vr and without repeats; a set larger than
// maxValues stops the walk (a limit).
func (w *walker) distinct(name string, vr expand.Variable, alts []expand.Variable) []expand.Variable {
	var out []expand.Variable
	for _, a := range alts {
		if sameVar(a, vr) || slices.ContainsFunc(out, func(b expand.Variable) bool { return sameVar(a, b) }) {
			continue
		}
		out = append(out, a)
	}
	if len(out)+1 > maxValues {
		return w.fold(name, out, maxValues-1)
	}
	return out
}

// fold returns alts in at most n values: the first n-1, and the others
// written as one (see generalize); it stops the walk when they have
// nothing in common.
func (w *walker) fold(name string, alts []expand.Variable, n int) []expand.Variable {
	g, ok := generalize(name, alts[n-1:])
	if !ok {
		w.fail(fmt.Errorf("may give variable %s more than %d values with nothing in common: %w", name, maxValues, effect.ErrLimit))
		return alts[:n]
	}
	return append(alts[:n-1:n-1], g)
}

// generalize returns one string value that stands for all of vals: the
// text they all start and end with, around a part not known; false when
// one is not a string or they have no text in common at either end.
func generalize(name string, vals []expand.Variable) (expand.Variable, bool) {
	var strs []string
	for _, v := range vals {
		if v.Kind != expand.String || !v.Set {
			return expand.Variable{}, false
		}
		strs = append(strs, v.Str)
	}
	pre := strs[0]
	for _, s := range strs[1:] {
		pre = pre[:commonPrefix(pre, s)]
	}
	var suf string
	for i, s := range strs {
		rest := s[len(pre):]
		if i == 0 {
			suf = rest
			continue
		}
		suf = suf[len(suf)-commonSuffix(suf, rest):]
	}
	if pre == "" && suf == "" {
		return expand.Variable{}, false
	}
	return strVar(pre + word.Mark(word.MarkVar, name) + suf), true
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func commonSuffix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

// sameVar reports whether two values are the same.
func sameVar(a, b expand.Variable) bool {
	return a.Set == b.Set && a.Kind == b.Kind && a.Str == b.Str && slices.Equal(a.List, b.List) &&
		slices.Equal(a.Indexes, b.Indexes) && maps.Equal(a.Map, b.Map)
}

// values returns every value st may hold, its own first.
func (st varState) values(w *walker, name string) []expand.Variable {
	vr := st.vr
	if !st.had {
		vr = w.before(name) // inherited, or the shell's own
	}
	return append([]expand.Variable{vr}, st.alts...)
}

// conditional walks fn as code that may not run: what it assigns keeps the
// values the variables had too.
func (w *walker) conditional(fn func()) {
	w.cond++
	fn()
	w.cond--
}

// stmt walks a statement, once for each value of the variables with more
// than one that its own words use (see the file's comment).
func (w *walker) stmt(s *syntax.Stmt) {
	if w.mayBeSkipped() {
		w.cond++ // debugskip.go
		defer func() { w.cond-- }()
	}
	if s.Negated {
		w.noErrexit++ // ! cmd: set -e is ignored in all of cmd
		defer func() { w.noErrexit-- }()
	}
	if len(w.alts.m) == 0 || w.stopped() {
		w.stmtOnce(s)
		return
	}
	names := w.multiRefs(s)
	if len(names) == 0 {
		w.stmtOnce(s)
		return
	}
	w.eachValue(names, func() { w.stmtOnce(s) })
}

// eachValue runs fn once for each combination of the values of names,
// each walk from the same state; what the walks assign is then the union
// of what they left.
func (w *walker) eachValue(names []string, fn func()) {
	saved := make([]varState, len(names))
	sets := make([][]expand.Variable, len(names))
	for i, n := range names {
		saved[i] = w.saveVar(n)
		sets[i] = saved[i].values(w, n)
	}
	combos := w.fewer(names, sets)
	if w.stopped() {
		return
	}
	outer := w.alog
	log := &assignLog{before: map[string]varState{}}
	w.alog = log
	results := map[string][]expand.Variable{}
	seen := map[string]int{}
	dir, others, oldDir, dirs, oldAlt := w.Dir, w.OtherDirs, w.OldDir, w.dirs, w.oldAlt
	var ends []string // where each walk left the shell
	wrote := map[string][]effect.WrittenFile{}
	for k := 0; k < combos && !w.stopped(); k++ {
		for i, n := range names {
			w.setAlts(n, nil)
			w.storeVar(n, sets[i][k/radix(sets, i)%len(sets[i])])
		}
		w.Dir, w.OtherDirs, w.OldDir, w.dirs, w.oldAlt = dir, others, oldDir, dirs, oldAlt
		gen := w.WriteGen
		fn()
		ends = append(append(ends, w.OtherDirs...), w.Dir)
		for _, f := range w.Written[max(len(w.Written)-(w.WriteGen-gen), 0):] {
			wrote[f.Path] = append(wrote[f.Path], f)
		}
		for _, n := range log.order {
			results[n] = append(results[n], w.saveVar(n).values(w, n)...)
			seen[n]++
		}
		for i := len(log.order) - 1; i >= 0; i-- {
			w.restoreVar(log.order[i], log.before[log.order[i]])
		}
	}
	w.alog = outer
	w.addDirs(ends...) // (w.dir is where the last walk left)
	// in one order: the ledger notes them in turn
	for _, p := range slices.Sorted(maps.Keys(wrote)) {
		if fs := wrote[p]; slices.ContainsFunc(fs, func(f effect.WrittenFile) bool { return f != fs[0] }) {
			w.Changed(p) // it holds one of several texts: not one guard knows
		}
	}
	for i, n := range names {
		w.restoreVar(n, saved[i])
	}
	for _, n := range log.order {
		if outer != nil {
			outer.note(n, log.before[n])
		}
		vals := results[n]
		if seen[n] < combos { // not assigned in every walk
			vals = append(vals, log.before[n].values(w, n)...)
		}
		w.setValues(n, vals)
	}
}

// fewer folds the largest of sets (see fold) until their combinations are
// at most maxCombos, and returns how many there are.
func (w *walker) fewer(names []string, sets [][]expand.Variable) int {
	for {
		combos, big := 1, 0
		for i, s := range sets {
			combos *= len(s)
			if len(s) > len(sets[big]) {
				big = i
			}
		}
		if combos <= maxCombos || w.stopped() {
			return combos
		}
		sets[big] = w.fold(names[big], sets[big], (len(sets[big])+1)/2)
	}
}

// radix is the number of combinations the value sets before i make: the
// weight of set i's index.
func radix(sets [][]expand.Variable, i int) int {
	r := 1
	for _, s := range sets[:i] {
		r *= len(s)
	}
	return r
}

// setValues makes name hold exactly the values vals (the first its value).
func (w *walker) setValues(name string, vals []expand.Variable) {
	if len(vals) == 0 {
		return
	}
	w.setAlts(name, w.distinct(name, vals[0], vals[1:]))
	w.storeVar(name, vals[0])
}

// multiRefs returns the variables with more than one value that the own
// words of s use (its arguments, assignments, redirections, a loop's
// items, a case's word, and the commands of substitutions in them; not
// the bodies of compound commands, whose statements are walked in turn).
func (w *walker) multiRefs(s *syntax.Stmt) []string {
	var names []string
	add := func(name string) {
		if len(w.alts.m[name]) > 0 && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	visit := func(n syntax.Node) {
		if n != nil {
			syntax.Walk(n, func(m syntax.Node) bool { w.refsOf(m, add); return true })
		}
	}
	for _, r := range s.Redirs {
		visit(r)
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr, *syntax.DeclClause, *syntax.ArithmCmd, *syntax.LetClause, *syntax.TestClause:
		visit(c)
	case *syntax.ForClause:
		visit(c.Loop)
	case *syntax.CaseClause:
		visit(c.Word)
		for _, it := range c.Items {
			for _, p := range it.Patterns {
				visit(p)
			}
		}
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			for _, e := range flatten(s) {
				for _, n := range w.multiRefs(e) {
					add(n)
				}
			}
		}
	}
	return names
}

// refsOf calls add with each variable node m uses: a parameter (and what
// a nameref or ${!v} leads to), or a name in arithmetic.
func (w *walker) refsOf(m syntax.Node, add func(string)) {
	switch m := m.(type) {
	case *syntax.ParamExp:
		if m.Param == nil {
			return
		}
		name := m.Param.Value
		add(name)
		if m.Excl && m.Index != nil && !allIndex(m.Index) {
			elementNames(w.variable(name), add) // ${!a[1]}: elemref.go
		}
		for range 8 {
			vr := w.variable(name)
			if vr.Kind != expand.NameRef && !m.Excl && !w.zsh || !word.IsName(vr.Str) {
				return
			}
			name = vr.Str // a nameref, ${!v}, ${(P)v}: the variable named
			add(name)
		}
	case *syntax.Word:
		if l := m.Lit(); word.IsName(l) {
			add(l) // (( f )), arithmetic's bare names
		}
	case *syntax.Lit:
		if strings.Contains(m.Value, "~") {
			add("HOME") // ~/.bashrc: HOME's value
		}
		if strings.Contains(m.Value, "~+") {
			add("PWD") // ~+ is $PWD
		}
		if strings.Contains(m.Value, "~-") {
			add("OLDPWD")
		}
	case *syntax.CallExpr:
		if len(m.Args) == 1 && m.Args[0].Lit() == "cd" {
			add("HOME") // cd alone goes there
		}
	}
}

// maxDirs bounds the other directories the shell may be in.
const maxDirs = 8

// moveTo makes dir the shell's directory (cd): where the cd may not run
// (w.cond) or may fail without stopping what follows (no set -e, and not
// followed by && or || exit: see andOr), the one it was in stays one it
// may be in (otherDirs), and paths are recorded under each (see pathOf).
func (w *walker) moveTo(dir string) {
	prev := w.Dir
	w.Dir = dir
	if w.cond == w.fileCond && w.errexit && w.noErrexit == 0 || w.cdSure && w.cond == w.sureCond {
		w.OtherDirs = nil
		return
	}
	w.addDirs(prev)
	w.OtherDirs = slices.DeleteFunc(slices.Clone(w.OtherDirs), func(d string) bool { return sameDir(d, dir) })
}

// sameDir reports whether a and b name one directory as the shell's cd
// does, .. taken away with the name before it (cd m1 && make; cd ..:
// m1/.. is where the shell was): bash's logical directory.
func sameDir(a, b string) bool {
	return a == b || word.Clean(a) == word.Clean(b)
}

// andOr walks X && Y and X || Y. After a cd that succeeded the shell is
// where it moved: in what follows it in an && list (mkdir -p b && cd b &&
// cmake ..: cmake runs only if the cd succeeded), and after cd D || exit.
func (w *walker) andOr(c *syntax.BinaryCmd) {
	if c.Op == syntax.AndStmt {
		w.andList(andChain(c), false)
		return
	}
	if b, ok := c.X.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt && plainStmt(c.X) && w.exits(c.Y) {
		w.noErrexitIn(func() { w.andList(andChain(b), true) }) // mkdir -p b && cd b || exit 1
	} else {
		saved := w.cdSure
		w.cdSure = w.isOwnCd(c.X) && w.exits(c.Y)
		w.noErrexitIn(func() { w.stmt(c.X) })
		w.cdSure = saved
	}
	w.conditional(func() { w.stmt(c.Y) })
}

// andList walks the commands of an && list: the first, then the others,
// each run only if all before it succeeded, so a cd among them moves the
// shell for certain for those after it (mkdir -p b && cd b && cmake ..
// was a false positive). tailSure: the list is
// followed by || exit, so the last one's cd counts too, and past the list
// the shell is where the list moved it; otherwise a cd may have failed,
// and the shell may be where it was before.
func (w *walker) andList(list []*syntax.Stmt, tailSure bool) {
	prev := append([]string{w.Dir}, w.OtherDirs...)
	saved, savedCond := w.cdSure, w.sureCond
	anyCd, laterCd, firstSure := false, false, false
	for i, s := range list {
		cd := isCd(s)
		anyCd, laterCd = anyCd || cd, laterCd || cd && i > 0
		w.cdSure = cd && w.isOwnCd(s) && (i < len(list)-1 || tailSure)
		walk := func() {
			w.sureCond = w.cond // even in a branch: the rest of the list runs there only
			if i < len(list)-1 || tailSure {
				w.noErrexitIn(func() { w.stmt(s) }) // set -e: only the last counts
			} else {
				w.stmt(s)
			}
			w.sureCond = savedCond
		}
		if i == 0 {
			w.cdWasSure = false
			walk()
			firstSure = cd && w.cdWasSure // cd m1 && make; cd ..: in m1 whether make fails or not
		} else {
			w.conditional(walk)
		}
	}
	w.cdSure = saved
	if anyCd && (!tailSure || w.cond > w.fileCond) && (laterCd || !firstSure) {
		w.addDirs(prev...) // (in a branch that may not run, the shell may not have moved)
	}
}

// plainStmt reports whether s is a command as written: not negated, not
// in the background, with no redirection of its own.
func plainStmt(s *syntax.Stmt) bool {
	return !s.Negated && !s.Background && !s.Coprocess && len(s.Redirs) == 0
}

// andChain returns the commands of an && list, left to right (X && Y && Z
// parses as (X && Y) && Z).
func andChain(c *syntax.BinaryCmd) []*syntax.Stmt {
	var list []*syntax.Stmt
	if b, ok := c.X.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt && plainStmt(c.X) {
		list = andChain(b)
	} else {
		list = []*syntax.Stmt{c.X}
	}
	return append(list, c.Y)
}

// isCd reports whether s is a simple cd, pushd or popd.
func isCd(s *syntax.Stmt) bool {
	ce, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || s.Negated {
		return false
	}
	switch ce.Args[0].Lit() {
	case "cd", "pushd", "popd":
		return true
	}
	return false
}

// isOwnCd reports whether s is a simple cd, pushd or popd that runs the
// shell's own builtin (see ownBuiltin).
func (w *walker) isOwnCd(s *syntax.Stmt) bool {
	return isCd(s) && w.ownBuiltin(s.Cmd.(*syntax.CallExpr).Args[0].Lit())
}

// ownBuiltin reports whether name, a command's name as written, surely
// runs the shell's builtin of that name: not a function or an alias the
// command defined (bash runs a function before a builtin: exit() { :; };
// cd D || exit goes on; FINDINGS55b B3), nor a name enable -n turned off,
// and no code guard could not read ran that may have defined one.
func (w *walker) ownBuiltin(name string) bool {
	if name == "" || w.codeUnread || w.hashes.anyName || slices.Contains(w.redefined, strings.ToLower(name)) {
		return false
	}
	_, alias := w.funcs.aliases[name]
	return w.funcs.bodies[name] == nil && !alias
}

// exits reports whether s ends the shell, or the function being walked:
// exit, return in a function, or a group whose last command does; not one
// with a redirection that may fail (bash then does not run it), nor a
// return outside a function (bash -c: it fails and the shell goes on;
// FINDINGS53b F11).
func (w *walker) exits(s *syntax.Stmt) bool {
	for _, r := range s.Redirs {
		// >&2 only to a standard descriptor the command did not close:
		// >&3 to one that may be closed fails, and the exit does not run
		// (FINDINGS54b G15).
		if r.Word == nil {
			return false
		}
		if t := r.Word.Lit(); t != "/dev/null" && (len(t) != 1 || t[0] < '0' || t[0] > '2' || w.fdClosed) {
			return false
		}
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 && w.ownBuiltin(c.Args[0].Lit()) {
			switch c.Args[0].Lit() {
			case "exit":
				return true
			case "return":
				return w.inFunc > 0
			}
		}
	case *syntax.Block:
		return len(c.Stmts) > 0 && w.exits(c.Stmts[len(c.Stmts)-1])
	}
	return false
}

// noErrexitIn walks fn where bash ignores set -e (see walker.noErrexit).
func (w *walker) noErrexitIn(fn func()) {
	w.noErrexit++
	fn()
	w.noErrexit--
}

// leaveKind says what a break, continue or return walked may leave (see
// walker.leaving): the innermost loop, loops beyond it (break 2, a count
// guard cannot read), the function or sourced file being walked.
type leaveKind uint8

const (
	leaveLoop leaveKind = 1 << iota
	leaveLoops
	leaveFunc
	leaveAny = leaveLoop | leaveLoops | leaveFunc
)

// leavable walks fn, a loop or a function's or sourced file's body (body)
// that a break, continue or return in it may leave early: what comes after
// such a command does not run, so the shell may then still be in any
// directory it was in before (f(){ return; cd d; }; f: a cd it walked as
// sure did not run; FINDINGS53b F8). Such a command is known by the name
// it runs as (noteLeave), not by its spelling (builtin break, "break",
// eval break: FINDINGS55b B4); own is what the body's end takes back:
// leaveLoop for a loop, leaveFunc for a function or a sourced file.
func (w *walker) leavable(body []*syntax.Stmt, own leaveKind, fn func()) {
	before := append([]string{w.Dir}, w.OtherDirs...)
	saved := w.leaving
	w.leaving = 0
	fn()
	if w.leaving != 0 || leavesEarly(body) {
		w.addDirs(before...)
	}
	w.leaving = saved | w.leaving&^own
}

// unknownCode notes that code guard did not walk as this shell runs it
// ran in this shell (setup code a program prints, evaluated): it may have
// turned set -e off, defined functions or aliases named like builtins
// (exit, return, cd), and returned from the function or file walked.
func (w *walker) unknownCode() {
	w.codeUnread = true
	w.errexit = false
	w.leaving = leaveAny
}

// noteLeave notes, for leavable, a command that may leave the loop,
// function or sourced file walked: break, continue and return by the name
// they run as, a name guard cannot read (which may be any of them), and
// code guard cannot read (see unknownCode).
func (c *cmd) noteLeave() {
	switch c.name {
	case "break", "continue":
		if len(c.args) == 0 || c.args[0].Text == "1" {
			c.w.leaving |= leaveLoop
		} else {
			c.w.leaving |= leaveLoop | leaveLoops
		}
	case "return":
		c.w.leaving |= leaveFunc
	default:
		if word.HasMark(c.prog) {
			c.w.leaving = leaveAny // $cmd: it may be break
		}
	}
}

// leavesEarly reports whether list holds a break, continue or return of
// its own shell (not one in a function it declares, a subshell or a
// substitution).
func leavesEarly(list []*syntax.Stmt) bool {
	found := false
	for _, s := range list {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.FuncDecl, *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
				return false
			case *syntax.CallExpr:
				if len(n.Args) > 0 {
					switch n.Args[0].Lit() {
					case "break", "continue", "return":
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// addDirs adds directories the shell may be in besides w.dir; past maxDirs
// one not known stands for the rest.
func (w *walker) addDirs(dirs ...string) {
	for _, d := range dirs {
		if sameDir(d, w.Dir) || slices.ContainsFunc(w.OtherDirs, func(o string) bool { return sameDir(o, d) }) {
			continue
		}
		if len(w.OtherDirs) >= maxDirs {
			d = word.Mark(word.MarkVar, "PWD")
			if slices.Contains(w.OtherDirs, d) {
				continue
			}
			w.OtherDirs[len(w.OtherDirs)-1] = d
			continue
		}
		w.OtherDirs = append(slices.Clone(w.OtherDirs), d)
	}
}
