package shell

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Assignments: NAME=value, arrays, declare and its kin, and the arithmetic
// that sets variables.

// declFlags are the attributes declare, typeset, local, export, readonly
// and nameref give a variable.
type declFlags struct {
	nameref, indexed, assoc, lower, upper, integer, exported, readonly, local, print bool
	// unexport: +x, or export -n: the name leaves the environment of
	// the programs run after.
	unexport bool
	// exportBuiltin: the builtin is export, whose -n un-exports; in
	// declare, typeset and local -n makes a nameref whatever letters
	// come before it (declare -xn).
	exportBuiltin bool
	// zsh: the builtin is zsh's (-F is a float there, not a listing).
	// opaque: an option letter guard does not model (zsh's -L4, -R,
	// -Z, -E, -F, -U, -h; bash's -I): every variable the builtin names
	// holds, from then on, values guard cannot tell (declattr.go).
	// pattern: zsh's -m, the operands are patterns of names.
	zsh, opaque, pattern bool
}

// option applies a declare option word: -n, -a, -A, -l, -u, -i, -x, -r,
// -g, -p, -f, -F (+x takes an attribute away).
func (f *declFlags) option(s string) {
	on := s[0] == '-'
	for _, r := range s[1:] {
		switch r {
		case 'n':
			if f.exportBuiltin && on {
				f.unexport = true // export -n NAME
				continue
			}
			f.nameref = on
		case 'a':
			f.indexed = on
		case 'A':
			f.assoc = on
		case 'l':
			f.lower = on
		case 'u':
			f.upper = on
		case 'i':
			f.integer = on
		case 'x':
			f.exported, f.unexport = on, !on
		case 'r':
			f.readonly = on
		case 'F':
			f.print = f.print || !f.zsh
			f.opaque = f.opaque || f.zsh // zsh: a float, printed its way
		case 'p', 'f':
			f.print = true
		case 'g':
			f.local = false
		case 't', 'H', '-':
			// bash's trace, zsh's tag and hidden listing: the value
			// stays; -- ends the options
		case 'm':
			f.pattern = on && f.zsh
			f.opaque = f.opaque || !f.zsh
		default: // zsh's -T ties too (both sides: opaque.go)
			f.opaque = true // an attribute guard does not model
		}
	}
}

// declVariant returns the attributes a declaration builtin gives by itself.
func declVariant(name string) declFlags {
	switch name {
	case "export":
		return declFlags{exported: true, exportBuiltin: true}
	case "readonly":
		return declFlags{readonly: true}
	case "nameref":
		return declFlags{nameref: true}
	case "local":
		return declFlags{local: true}
	}
	return declFlags{}
}

func (w *walker) declClause(c *syntax.DeclClause) {
	if c.Variant.Value == "local" && !w.zsh && len(w.funcs.locals) == 0 {
		w.refusedDecl(c) // local HOME=/tmp/x outside a function
		return
	}
	if w.declaresFuncs(c) {
		w.funcDeclClause(c) // zsh's typeset -fu NAME (zshfuncdecl.go)
		return
	}
	f := declVariant(c.Variant.Value)
	f.zsh = w.zsh
	switch c.Variant.Value {
	case "declare", "typeset":
		f.local = len(w.funcs.locals) > 0 // local to the function called (not with -g)
	}
	for _, as := range c.Args {
		if as.Naked && as.Name == nil {
			if namesWord(as.Value) {
				// export ${!P*}: names only, never NAME=value.
				if w.fields(as.Value); f.exported && !f.print {
					w.exportAll()
				}
				continue
			}
			// An option, or a word whose expansion is NAME=value.
			for _, x := range w.fields(as.Value) {
				w.declWord(x, &f)
			}
			continue
		}
		if f.print || as.Name == nil {
			continue
		}
		if f.local {
			w.noteLocal(as.Name.Value)
		}
		w.declOpaque(as.Name.Value, f)
		if as.Naked {
			w.declName(as.Name.Value, f)
			w.declOpaqueValue(as.Name.Value, f)
			continue
		}
		w.setVariable(w.refTarget(as.Name.Value, f), w.assignValue(as, f, false))
	}
}

// refusedDecl walks a declaration bash refuses (local outside a
// function: "can only be used in a function"): its words are expanded,
// their substitutions run, and nothing is assigned.
func (w *walker) refusedDecl(c *syntax.DeclClause) {
	for _, as := range c.Args {
		if as.Value != nil {
			w.fields(as.Value)
		}
		if as.Array != nil {
			for _, el := range as.Array.Elems {
				if el.Value != nil {
					w.fields(el.Value)
				}
			}
		}
	}
}

// declWord applies one expanded word of a declaration: an option, NAME or
// NAME=value.
func (w *walker) declWord(x word.Word, f *declFlags) {
	s := x.Text
	w.localOpts = w.localOpts || s == "-" && f.local // local -: options restored at the function's end
	if f.exported && !f.print && word.HasMark(strings.SplitN(s, "=", 2)[0]) {
		w.optsExported = true // (BASHOPTS among them: optsexport.go)
		w.exportAll()         // export ${!P*}, export $(…): names guard cannot list
	}
	switch {
	case len(s) > 1 && (s[0] == '-' || s[0] == '+'):
		f.option(s)
		if word.HasMark(s) && s[0] == '-' {
			f.integer = true // declare -$o n: flags guard cannot read may hold -i
			w.roAny = true   // or -r (readonly.go)
		}
	case f.print:
	case f.pattern && !word.IsName(strings.SplitN(s, "=", 2)[0]):
		w.anyVarSet() // zsh's typeset -m 'v*': names guard does not list
	case strings.Contains(strings.SplitN(s, "=", 2)[0], "["):
		w.nameOperand(strings.SplitN(s, "=", 2)[0])
		w.declElem(s, *f)
	case !word.IsKnown(strings.SplitN(s, "=", 2)[0]):
		// declare "$n=V", export "$n=V", declare $o: a name guard
		// cannot tell, or a word whose value may be NAME=V (anyvar.go),
		// or an option that may be -i.
		w.anyVarSet()
		f.integer = f.integer || !strings.Contains(s, "=")
		w.roAny = w.roAny || f.readonly // readonly "$n": any name (readonly.go)
	case word.IsAssignment(s):
		name, value, _ := strings.Cut(s, "=")
		if f.local {
			w.noteLocal(name)
		}
		w.noteExport(name, *f)
		w.declOpaque(name, *f)
		w.readValue(value)
		if w.declCompound(name, value, *f) {
			return
		}
		w.noteAssign(name, word.Word{Text: value, Known: x.Known}, f.exported || w.allexport || w.exported(w.refTarget(name, *f)), false)
		w.setVariable(w.refTarget(name, *f), w.scalar(name, value, false, *f))
	case word.IsName(s):
		if f.local {
			w.noteLocal(s)
		}
		w.declOpaque(s, *f)
		w.declName(s, *f)
		w.declOpaqueValue(s, *f)
	}
}

// declName declares a name given without a value (export NAME); +x or
// export -n takes it out of the environment: for HOME, a shell run after
// has none, and its ~ is the passwd entry's home.
func (w *walker) declName(name string, f declFlags) {
	if f.print {
		return
	}
	w.noteOptsExport(name, f)
	w.noteExport(name, f)
	if !f.unexport {
		w.declareOnly(name, f)
	}
}

// noteExport keeps w.unexported: +x or export -n adds name, export or
// -x takes it out again.
func (w *walker) noteExport(name string, f declFlags) {
	has := slices.Contains(w.unexported, name)
	switch {
	case f.unexport && !has:
		w.unexported = append(w.unexported, name)
	case !f.unexport && f.exported && has:
		w.unexported = slices.DeleteFunc(w.unexported, func(n string) bool { return n == name })
	}
}

// declareOnly declares a variable without a value: local x is unset in its
// function; export x and readonly x keep x's value.
func (w *walker) declareOnly(name string, f declFlags) {
	if !f.nameref && !f.local {
		name = w.refTarget(name, f) // export r, r a nameref: its target
	}
	if f.integer {
		w.markInteger(name)
	}
	old, set := w.varMap()[name]
	switch {
	case f.local || !set && !w.declared(name) && (f.indexed || f.assoc || f.nameref):
		vr := expand.Variable{Local: f.local, Exported: f.exported, ReadOnly: f.readonly}
		switch {
		case f.indexed:
			vr.Kind = expand.Indexed
		case f.assoc:
			vr.Kind = expand.Associative
		case f.nameref:
			vr.Kind = expand.NameRef
		}
		w.setVariable(name, vr)
	case !set && f.readonly && name != "PATH":
		w.readonlyInherited(name, f)
	case !set && f.exported && !f.local && !w.declared(name):
		w.exportName(name)
	case set:
		if f.exported && !old.Exported && name != "PATH" {
			// export NAME, declare -x NAME: the value set before reaches
			// every program run after it now.
			w.noteAssign(name, word.Word{Text: old.String(), Known: w.valueKnown(name)}, true, false)
		}
		old.Exported = old.Exported || f.exported
		if f.readonly && w.cond > 0 {
			w.maybeReadonly(name) // readonly X in a branch
		} else {
			old.ReadOnly = old.ReadOnly || f.readonly
		}
		w.setVariable(name, old)
	}
}

// exported reports whether variable name is exported in the command's
// shell: exported by the command, or, when the command never declared
// it, inherited from the agent's environment (effect.Inheritor), which
// bash keeps exported through a plain assignment.
func (w *walker) exported(name string) bool {
	if v, ok := w.varMap()[name]; ok {
		return v.Exported
	}
	if w.declared(name) || name == "PATH" {
		return false
	}
	if w.exports.Has(name) {
		return true
	}
	e, ok := w.Files.(effect.Inheritor)
	return ok && e.Inherits(name)
}

// maxExports bounds the names exported before they are set; past it,
// every later assignment is taken as exported.
const maxExports = 4096

// exportName notes that name is exported before the command sets it.
func (w *walker) exportName(name string) {
	if w.exports.Has(name) {
		return
	}
	if len(w.exports)+len(name) > maxExports {
		w.allexport = true
		return
	}
	if w.exports == "" {
		w.exports = " "
	}
	w.exports += word.Set(name + " ")
}

// exportAll: an export of names guard cannot list (export ${!PREFIX*},
// export $(…)) may export any variable the command set: each one not
// yet exported is, its value touched as export NAME's is.
func (w *walker) exportAll() {
	vars := w.varMap()
	names := slices.Sorted(maps.Keys(vars))
	for _, name := range names {
		v := vars[name]
		if v.Exported || !v.Set || v.Kind == expand.NameRef || name == "PATH" {
			continue
		}
		w.noteAssign(name, word.Word{Text: v.String(), Known: w.valueKnown(name)}, true, false)
		v.Exported = true
		w.setVariable(name, v)
	}
}

// readValue records the file an assignment's value may name. A value
// with a part guard cannot tell is recorded only when it has a path's
// shape (a / among its known characters, or a leading ~): x=$(cmd) or
// msg="installing $pkg" names no file of its own, and where the variable
// is used as one (cat "$msg") that use is checked.
func (w *walker) readValue(s string) {
	if !word.HasMark(s) {
		w.Read(s)
		return
	}
	var known strings.Builder
	word.EachMark(s, nil, func(t string) { known.WriteString(t) })
	if strings.Contains(known.String(), "/") || strings.HasPrefix(s, "~") {
		w.Read(s)
	}
}

// toolHome reports whether value, given to variable name, is the default
// place of the tool whose home name names (catalogue.ToolHomes), spelt
// fully (no part guard cannot tell).
func (w *walker) toolHome(name, value string) bool {
	if value == "" {
		return false
	}
	return catalogue.ToolHomeDefault(name, strings.TrimRight(w.CanonPath(word.Render(value)), "/"))
}

// refTarget returns the variable an assignment to name sets: the one a
// nameref names (declare -n r=x; r=/etc sets x), unless the assignment
// makes name a nameref.
func (w *walker) refTarget(name string, f declFlags) string {
	if f.nameref {
		return name
	}
	for range 8 {
		v, ok := w.varMap()[name]
		if !ok || v.Kind != expand.NameRef || !word.IsName(v.Str) {
			break
		}
		name = v.Str
	}
	return name
}

// unknownRef reports whether name is a nameref whose target guard cannot
// tell (declare -n r; r=$x): an assignment through it may set any
// variable, an exported one too, so its value is taken as exported.
func (w *walker) unknownRef(name string) bool {
	v, ok := w.varMap()[name]
	return ok && v.Kind == expand.NameRef && v.Str != "" && !word.IsName(v.Str)
}

// setVar is the one way a builtin or a syntax form other than NAME=value
// and declare sets a variable (read, mapfile, printf -v, getopts, for and
// select, ${v:=…}, arithmetic, zsh's print -v): through namerefs to the
// variable it reaches (declare -n r=GIT_DIR; read r sets GIT_DIR), which
// keeps its export, and with what each value means for that variable
// (noteAssign: an exported value reaches every program run after it; a
// command-valued variable's value runs, and one guard cannot tell is
// hidden). vals are the values it may hold (a loop reads each line in
// turn). Through a nameref whose target guard cannot tell, the value may
// reach any variable, an exported one too: it is noted as exported, and
// the nameref stays one.
func (w *walker) setVar(name string, vals ...expand.Variable) {
	target := w.refTarget(name, declFlags{})
	base, _, _ := strings.Cut(target, "[")
	if !w.varNameTold(base) {
		return // ${!n:=V}: any variable (anyvar.go)
	}
	unknown := w.unknownRef(target)
	if unknown {
		w.anyVarSet()
	}
	exported := w.allexport || w.exported(target) || unknown
	for i, v := range vals {
		if v.Set && v.Kind == expand.String {
			w.noteAssign(target, word.Word{Text: v.Str, Known: !word.HasMark(v.Str)}, exported, false)
		}
		vals[i].Exported = v.Exported || exported
	}
	if unknown || len(vals) == 0 {
		return
	}
	if base != target {
		target, vals = base, w.elemVals(base, target, vals)
	}
	w.assignValues(target, vals)
}

// elemVals returns the arrays that giving element target (NAME[IDX]) of
// array base each of vals leaves, as NAME[IDX]=V does: read "CDPATH[0]"
// sets $CDPATH (FINDINGS55b B7). An index guard cannot parse leaves the
// array one it does not know.
func (w *walker) elemVals(base, target string, vals []expand.Variable) []expand.Variable {
	idx, ok := strings.CutSuffix(target[len(base)+1:], "]")
	var x syntax.ArithmExpr
	var err error
	if ok {
		x, err = w.theParser().Arithmetic(strings.NewReader(idx))
	}
	out := make([]expand.Variable, len(vals))
	for i, v := range vals {
		switch {
		case !ok || err != nil || x == nil || v.Kind != expand.String:
			out[i] = strVar(word.Mark(word.MarkVar, base))
		default:
			out[i] = w.elemValue(base, x, v.Str, false)
			out[i].Exported = out[i].Exported || v.Exported
		}
	}
	return out
}

// loopVar sets the variable of for NAME in … and select NAME in … to one
// item: a nameref loop variable is made to name the item (bash binds the
// reference, for r in GIT_DIR; do r=…: sets GIT_DIR); any other is set
// as a builtin sets it (setVar).
func (w *walker) loopVar(name, item string) {
	if v, ok := w.varMap()[name]; ok && v.Kind == expand.NameRef {
		v.Str = item
		w.setVariable(name, v)
		return
	}
	w.setString(name, item)
}

// assign records a plain assignment (NAME=value, a[i]=v, a=(…), x+=v) in
// the current shell.
func (w *walker) assign(as *syntax.Assign) {
	if as.Naked || as.Name == nil {
		if as.Value != nil {
			w.fields(as.Value)
		}
		return
	}
	from := len(w.a.Reads)
	w.setVariable(w.refTarget(as.Name.Value, declFlags{}), w.assignValue(as, declFlags{exported: w.allexport}, false))
	w.lostFrom(from) // o=$(grep -r . .): the variable holds it (laundered.go)
}

// assignValue returns the value an assignment gives its variable, and
// records the file its value may name.
func (w *walker) assignValue(as *syntax.Assign, f declFlags, forCmd bool) expand.Variable {
	name := w.refTarget(as.Name.Value, f)
	if !f.nameref && w.unknownRef(name) {
		w.anyVarSet() // r=V, r a nameref to a name guard cannot tell
	}
	f.exported = f.exported || w.exported(name) || w.unknownRef(name)
	if as.Array != nil && as.Index != nil {
		return w.listElemValue(name, as)
	}
	if as.Array != nil {
		return w.arrayValue(name, as, f)
	}
	v := w.text(as.Value)
	if w.toolHome(name, v.Text) {
		// export NVM_DIR="$HOME/.nvm": the tool's own default place, no
		// more than it uses unset (catalogue.ToolHomes).
		w.commandVar(name, v.Text)
		if as.Index != nil {
			return w.elemValue(name, as.Index, v.Text, as.Append)
		}
		return w.scalar(name, v.Text, as.Append, f)
	}
	if name != "PATH" { // a list of directories, searched (see searchText)
		w.readValue(v.Text)
	}
	w.noteAssign(name, v, f.exported, forCmd)
	if as.Index != nil {
		return w.elemValue(name, as.Index, v.Text, as.Append)
	}
	return w.scalar(name, v.Text, as.Append, f)
}

// noteAssign does what setting variable name to v means beyond the
// variable: PATH makes the catalogue untrusted (see trusts) and is not
// touched (a list of directories to search); any other value exported, or
// set for one command only (forCmd: FOO=bar cmd), is touched by the
// programs that get it (HISTFILE=F bash, export GIT_DIR=D); a value
// a program runs is analysed as the command it is (commandVar: PAGER=CMD,
// export GIT_SSH_COMMAND=CMD), also when a substitution prints it from a
// file.
func (w *walker) noteAssign(name string, v word.Word, exported, forCmd bool) {
	if name == "PATH" {
		w.pathSet = true
		if !forCmd {
			w.hashForget(nil) // bash empties its hash table
		}
		if forCmd {
			w.cmdPath = v.Text // PATH=… cmd: where cmd is looked up (see searchText)
		}
	}
	switch {
	case name == "PATH":
		// Directories programs are looked up in, not files they write:
		// export PATH="$HOME/.local/bin:$PATH" hands nothing to be changed.
	case forCmd:
		w.env = append(w.env, v.Text) // the command's own (see cmd.touchEnv)
	case exported:
		w.TouchEnv(v.Text) // every program run after it gets it
	}
	w.commandVar(name, v.Text)
	if v.Sub != "" {
		w.commandVarFile(name, v.Sub)
	}
}

// scalar returns the string value name gets from value (appended to its
// value with +=), after the attributes f.
func (w *walker) scalar(name, value string, appendTo bool, f declFlags) expand.Variable {
	old := w.variable(name)
	integer := f.integer || w.isInteger(name)
	if integer {
		// declare -i n=V, later n=V and n+=V: bash evaluates V; +=
		// adds it.
		if _, err := strconv.Atoi(value); err != nil || appendTo {
			w.arithValueText(name, value)
			value = word.Mark(word.MarkArith, "") // an arithmetic result
		}
		if f.integer {
			w.markInteger(name)
		}
	} else if appendTo {
		value = old.String() + value
	}
	switch {
	case f.lower:
		value = word.MarkedCase(value, strings.ToLower)
	case f.upper:
		value = word.MarkedCase(value, strings.ToUpper)
	}
	if !f.nameref && w.unknownRef(name) {
		return old // r=V through a nameref to a name guard cannot tell: r stays one
	}
	vr := strVar(value)
	if f.nameref || old.Kind == expand.NameRef && old.Str == "" {
		// declare -n r; r=NAME: bash takes a nameref's first value as
		// its target.
		vr.Kind = expand.NameRef
	}
	vr.Exported = old.Exported || f.exported
	vr.ReadOnly = f.readonly
	vr.Local = f.local
	if old.Kind == expand.Indexed && !f.nameref && w.declared(name) {
		// a=x on an array sets its first element.
		return setElem(old, 0, value)
	}
	return vr
}

// arrayValue returns the array an assignment a=(…) or a+=(…) gives.
func (w *walker) arrayValue(name string, as *syntax.Assign, f declFlags) expand.Variable {
	old := w.variable(name)
	hv := hashVar(name, w.zshShell)
	assoc := f.assoc || hv || old.Kind == expand.Associative && w.declared(name)
	vr := expand.Variable{Set: true, Kind: expand.Indexed, Exported: old.Exported || f.exported, ReadOnly: f.readonly}
	if assoc {
		vr.Kind, vr.Map = expand.Associative, map[string]string{}
	}
	if as.Append && w.declared(name) {
		switch {
		case old.Kind == expand.Indexed:
			vr.List, vr.Indexes = slices.Clone(old.List), slices.Clone(old.Indexes)
		case old.Kind == expand.Associative && assoc:
			for k, v := range old.Map {
				vr.Map[k] = v
			}
		case old.Kind == expand.String:
			vr.List = []string{old.Str}
		}
	}
	for _, el := range as.Array.Elems {
		if el.Index == nil {
			if assoc {
				return strVar(word.Mark(word.MarkVar, name)) // key value pairs: rare
			}
			for _, x := range w.fields(el.Value) {
				vr = appendElem(vr, x.Text)
			}
			continue
		}
		value := w.text(el.Value).Text
		if assoc {
			key := w.text(indexWord(el.Index)).Text
			vr.Map[key] = value
			if hv {
				w.hashSet(key, value) // BASH_CMDS=([ls]=F)
			}
			continue
		}
		w.arithOperands(el.Index)
		i, ok := w.arithValue(el.Index)
		if !ok || i < 0 || i > maxElems {
			return strVar(word.Mark(word.MarkVar, name))
		}
		vr = setElem(vr, i, value)
	}
	w.hashes.recorded = hv
	return vr
}

// listElemValue returns what a[i]=(LIST) or a[i,j]=(LIST) leaves: zsh
// splices the list's words in place of the element or range (zshSplice);
// bash refuses it ("cannot assign list to array member": the variable
// keeps its value). The list's words are expanded either way (their
// substitutions run).
func (w *walker) listElemValue(name string, as *syntax.Assign) expand.Variable {
	old := w.variable(name)
	unknown := strVar(word.Mark(word.MarkVar, name))
	var vals []string
	keyed := false
	for _, el := range as.Array.Elems {
		keyed = keyed || el.Index != nil
		for _, x := range w.fields(el.Value) {
			vals = append(vals, x.Text)
		}
	}
	if !w.zsh {
		return old
	}
	from, to, ok := w.zshRange(as.Index)
	array := !w.declared(name) || old.Kind == expand.Indexed
	if !ok || keyed || as.Append || !array || old.Indexes != nil {
		return unknown
	}
	items, ok := zshSplice(slices.Clone(old.List), from, to, vals, true)
	if !ok {
		return unknown
	}
	old.Set, old.Kind, old.List = true, expand.Indexed, items
	return old
}

// elemValue returns the array a[i]=value (or a[i]+=value) leaves.
func (w *walker) elemValue(name string, idx syntax.ArithmExpr, value string, appendTo bool) expand.Variable {
	old := w.variable(name)
	old.Set = true // declare -A CDPATH; CDPATH[0]=D: the element sets it (FINDINGS55b B7)
	w.paramArith(&syntax.ParamExp{Param: &syntax.Lit{Value: name}, Index: idx})
	if global, ok := aliasTable(name, w.zshShell); ok {
		// BASH_ALIASES[NAME]=TEXT (zsh: aliases, galiases) defines an
		// alias.
		w.defineAlias(w.text(indexWord(idx)).Text, value, global)
	}
	if hashVar(name, w.zshShell) {
		// BASH_CMDS[NAME]=FILE (zsh: commands): NAME runs FILE.
		key := w.text(indexWord(idx)).Text
		w.hashSet(key, value)
		w.hashes.recorded = true
		if old.Kind != expand.Associative {
			old = expand.Variable{Set: true, Kind: expand.Associative}
		}
		m := maps.Clone(old.Map)
		if m == nil {
			m = map[string]string{}
		}
		m[key] = value
		old.Map = m
		return old
	}
	if w.zshShell && name == "mapfile" {
		// zsh's mapfile module: the assignment writes the file.
		key := w.mapfileKey(idx, "")
		w.Write(key)
		w.Wrote(key, value, appendTo)
	}
	if w.zsh && !(old.Kind == expand.Associative && w.declared(name)) {
		return w.zshElemValue(name, idx, value, appendTo)
	}
	if !w.declared(name) {
		old = expand.Variable{Set: true, Kind: expand.Indexed}
	}
	if old.Kind == expand.Associative {
		key := w.text(indexWord(idx)).Text
		m := make(map[string]string, len(old.Map)+1)
		for k, v := range old.Map {
			m[k] = v
		}
		if appendTo {
			value = m[key] + value
		}
		m[key] = value
		old.Map = m
		return old
	}
	i, ok := w.arithValue(idx)
	if !ok || i < 0 || i > maxElems {
		return strVar(word.Mark(word.MarkVar, name))
	}
	if old.Kind == expand.String {
		old = expand.Variable{Set: true, Kind: expand.Indexed, List: []string{old.Str}, Exported: old.Exported}
	}
	if appendTo {
		if cur, ok := elemAt(old, i); ok {
			value = cur + value
		}
	}
	return setElem(old, i, value)
}

// indexWord returns an associative array's key as a word.
func indexWord(idx syntax.ArithmExpr) *syntax.Word {
	if wd, ok := idx.(*syntax.Word); ok {
		return wd
	}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: word.Mark(word.MarkWord, "")}}}
}

// elemAt returns element i of an indexed array.
func elemAt(vr expand.Variable, i int) (string, bool) {
	if vr.Indexes == nil {
		if i < len(vr.List) {
			return vr.List[i], true
		}
		return "", false
	}
	if k, ok := slices.BinarySearch(vr.Indexes, i); ok {
		return vr.List[k], true
	}
	return "", false
}

// setElem returns indexed array vr with element i set (the lists copied).
func setElem(vr expand.Variable, i int, value string) expand.Variable {
	list, idx := slices.Clone(vr.List), slices.Clone(vr.Indexes)
	if idx == nil && i <= len(list) {
		if i == len(list) {
			list = append(list, value)
		} else {
			list[i] = value
		}
	} else {
		if idx == nil {
			idx = make([]int, len(list))
			for k := range idx {
				idx[k] = k
			}
		}
		k, found := slices.BinarySearch(idx, i)
		if found {
			list[k] = value
		} else {
			idx = slices.Insert(idx, k, i)
			list = slices.Insert(list, k, value)
		}
	}
	vr.Set, vr.Kind, vr.List, vr.Indexes = true, expand.Indexed, list, idx
	return vr
}

// appendElem returns indexed array vr with value after its last element.
func appendElem(vr expand.Variable, value string) expand.Variable {
	next := len(vr.List)
	if vr.Indexes != nil && len(vr.Indexes) > 0 {
		next = vr.Indexes[len(vr.Indexes)-1] + 1
	}
	return setElem(vr, next, value)
}

// arithValue evaluates an arithmetic expression on known values.
func (w *walker) arithValue(x syntax.ArithmExpr) (int, bool) {
	if !w.arithKnown(x) || hasSubst(x) {
		return 0, false
	}
	cfg := w.config()
	n, err := safely(func() (int, error) { return expand.Arithm(cfg, x) })
	w.release()
	return n, err == nil
}

// hasSubst reports whether node n holds a command or process substitution.
func hasSubst(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(m syntax.Node) bool {
		switch m.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}

// arith runs arithmetic for its effects: (( i++ )), let, a C-style for.
// On known values it is evaluated (the variables it sets are known after);
// otherwise what it sets is not known. Substitutions inside it run.
func (w *walker) arith(x syntax.ArithmExpr) {
	if x == nil {
		return
	}
	w.nested(x)
	w.arithOperands(x)
	if _, ok := w.arithValue(x); ok {
		return
	}
	w.arithTargetsUnknown(x)
}

// arithTargetUnknown makes the variable an arithmetic assignment sets not
// known.
func (w *walker) arithTargetUnknown(x syntax.ArithmExpr) {
	if wd, ok := x.(*syntax.Word); ok {
		if name := wd.Lit(); word.IsName(name) {
			w.setString(name, word.Mark(word.MarkArith, "")) // an integer
		} else if computedName(wd) {
			w.anyVarSet() // (( $n = 1 )): a name guard cannot tell (anyvar.go)
		}
	}
}

// cLoop runs the parts of a C-style for loop: its start once; its test and
// step leave what they set not known (the body sees some iteration).
func (w *walker) cLoop(loop syntax.Loop) {
	cl, ok := loop.(*syntax.CStyleLoop)
	if !ok {
		w.nested(loop)
		return
	}
	w.arith(cl.Init)
	for _, x := range []syntax.ArithmExpr{cl.Cond, cl.Post} {
		if x == nil {
			continue
		}
		w.nested(x)
		w.arithOperands(x)
		w.arithTargetsUnknown(x)
	}
}

// arithTargetsUnknown makes every variable arithmetic x sets not known.
func (w *walker) arithTargetsUnknown(x syntax.ArithmExpr) {
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryArithm:
			if assignOp(n.Op) {
				w.arithTargetUnknown(n.X)
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				w.arithTargetUnknown(n.X)
			}
		}
		return true
	})
}

// assignOp reports whether op is an arithmetic assignment: =, +=, <<=…
func assignOp(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
		syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn,
		syntax.AndBoolAssgn, syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
		return true
	}
	return false
}

// tempAssigns sets the assignments of FOO=bar cmd (in cmd's environment)
// and returns what undoes them.
func (w *walker) tempAssigns(list []*syntax.Assign) func() {
	type saved struct {
		name string
		st   varState
	}
	var undo []saved
	for _, as := range list {
		if as.Name == nil || as.Naked {
			continue
		}
		name := as.Name.Value
		vr := w.assignValue(as, declFlags{exported: true}, true)
		w.proxy(name, vr.Str) // http_proxy=HOST curl …
		st := w.saveVar(name)
		if st.had && st.vr.ReadOnly {
			continue
		}
		undo = append(undo, saved{name, st})
		w.setAlts(name, nil)
		w.storeVar(name, bounded(name, vr)) // for the command: exactly
	}
	return func() {
		for i := len(undo) - 1; i >= 0; i-- {
			w.restoreVar(undo[i].name, undo[i].st)
		}
	}
}
