package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Code inside data: bash evaluates a variable's value as an arithmetic
// expression wherever arithmetic reads it ($((x)), (( x )), [[ $x -eq 1 ]],
// ${a[x]}, ${s:x}), and an array subscript in that value, or in a name
// operand (test -v, printf -v, read, unset, declare, export), runs its
// command substitutions. Default-deny: a value that is not a plain number
// or name is parsed as the arithmetic it is and walked (its substitutions
// run); a value guard does not know is hidden code.

// maxArithChain bounds how many names a value may lead through (x=y, y=z…).
const maxArithChain = 8

// arithOperands checks every variable arithmetic x reads, and the quoted
// text in it (let 'a[$(…)]=1'), as the expression bash evaluates.
func (w *walker) arithOperands(x syntax.Node) {
	if x == nil {
		return
	}
	syntax.Walk(x, func(n syntax.Node) bool {
		if w.stopped() {
			return false
		}
		switch n := n.(type) {
		case *syntax.Lit:
			w.arithLit(n.Value)
		case *syntax.ParamExp:
			if n.Param != nil && n.Exp == nil && n.Repl == nil && n.Slice == nil && !n.Length && !n.Excl && n.Index == nil {
				w.arithVar(n.Param.Value, 0)
			}
		case *syntax.SglQuoted:
			w.arithText(n.Value)
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		}
		return true
	})
}

// arithLit checks the names in a literal of an arithmetic expression.
func (w *walker) arithLit(s string) {
	if strings.Contains(s, "[") {
		w.arithText(s)
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !word.IsNameRune(r) }) {
		if f[0] < '0' || f[0] > '9' {
			w.arithVar(f, 0)
		}
	}
}

// arithVar checks the value of variable name, read by arithmetic.
func (w *walker) arithVar(name string, chain int) {
	if chain > maxArithChain || !word.IsName(name) || !w.declared(name) {
		return // unset: inherited from the agent's environment, or empty
	}
	v := w.variable(name)
	if v.Kind == expand.NameRef {
		w.arithVar(v.Str, chain+1)
		return
	}
	if v.Kind != expand.String {
		return // arrays: their elements were checked as they were set
	}
	s := strings.TrimSpace(v.Str)
	switch {
	case plainNumber(strings.ReplaceAll(s, word.Mark(word.MarkArith, ""), "0")):
	case !word.IsKnown(s):
		w.hide("does arithmetic on $%s, whose value guard does not know (bash evaluates it as an expression, and a subscript in it runs commands)", name)
	case s == "" || plainNumber(s):
	case word.IsName(s):
		w.arithVar(s, chain+1)
	default:
		w.arithText(s)
	}
}

// plainNumber reports whether s is a number bash reads without evaluating
// anything: digits, a sign, 0x, base#.
func plainNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '#' || r == '_' || r == '@') {
			return false
		}
	}
	return s[0] >= '0' && s[0] <= '9'
}

// arithText walks text bash evaluates as arithmetic as the expression it is:
// : $((TEXT)), whose subscripts' substitutions run. Text guard cannot parse
// as arithmetic is hidden code.
func (w *walker) arithText(s string) {
	if !word.IsKnown(s) {
		w.hide("evaluates as arithmetic text guard does not know")
		return
	}
	if !strings.ContainsAny(s, "[$`") && !hasNameOperand(s) {
		return
	}
	src := ": $((" + s + "))"
	if _, err := w.theParser().Parse(strings.NewReader(src), ""); err != nil {
		w.hide("evaluates as arithmetic text guard cannot parse")
		return
	}
	w.scoped(func() { w.script(src, w.depth+1) })
}

// hasNameOperand reports whether arithmetic text s names a variable.
func hasNameOperand(s string) bool {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !word.IsNameRune(r) }) {
		if f[0] < '0' || f[0] > '9' {
			return true
		}
	}
	return false
}

// nameOperand checks a variable name a builtin takes (test -v, printf -v,
// read, unset, declare, export): a subscript in it is arithmetic bash
// evaluates (its substitutions run).
func (w *walker) nameOperand(s string) {
	i := strings.IndexByte(s, '[')
	if i < 0 {
		return
	}
	if !word.IsKnown(s) {
		w.hide("names a variable with a subscript guard does not know (bash evaluates it, and its substitutions run)")
		return
	}
	sub := s[i+1:]
	if j := strings.LastIndexByte(sub, ']'); j >= 0 {
		sub = sub[:j]
	}
	if strings.ContainsAny(sub, "$`") {
		w.arithText(sub)
	}
}

// nameOperands checks the name operands of the builtins that take
// variable names.
func (c *cmd) nameOperands() {
	switch c.name {
	case "unset", "read", "mapfile", "readarray", "getopts", "printf", "declare", "typeset", "local",
		"export", "readonly", "test", "[", "let":
	default:
		return
	}
	for j, a := range c.args {
		s := a.Text
		switch c.name {
		case "let":
			c.w.arithText(s)
			continue
		case "test", "[", "printf":
			if j == 0 || c.args[j-1].Text != "-v" {
				continue
			}
		}
		if k := strings.IndexByte(s, '='); k >= 0 {
			s = s[:k]
		}
		c.w.nameOperand(s)
	}
}

// testOperands checks the operands [[ ]] evaluates as arithmetic or as
// variable names: -eq and the like, -v.
func (w *walker) testOperands(n syntax.Node) {
	syntax.Walk(n, func(m syntax.Node) bool {
		switch m := m.(type) {
		case *syntax.BinaryTest:
			switch m.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				w.arithOperands(m.X)
				w.arithOperands(m.Y)
			}
		case *syntax.UnaryTest:
			if m.Op == syntax.TsVarSet {
				if wd, ok := m.X.(*syntax.Word); ok {
					w.nameOperand(w.text(wd).Text)
				}
			}
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		}
		return true
	})
}

// paramArith checks the arithmetic a parameter expansion evaluates: an
// indexed array's subscript, a slice's bounds.
func (w *walker) paramArith(pe *syntax.ParamExp) {
	if pe.Param == nil {
		return
	}
	kind := w.variable(pe.Param.Value).Kind
	if w.zshShell && !w.declared(pe.Param.Value) && zshHash(pe.Param.Value) {
		kind = expand.Associative
	}
	if pe.Index != nil && kind != expand.Associative {
		if wd, ok := pe.Index.(*syntax.Word); !ok || (wd.Lit() != "@" && wd.Lit() != "*") {
			w.arithOperands(pe.Index)
		}
	}
	if pe.Exp != nil && pe.Exp.Op == syntax.OtherParamOps && pe.Exp.Word != nil && pe.Exp.Word.Lit() == "P" {
		w.promptCode(pe.Param.Value)
	}
	if pe.Slice != nil {
		w.arithOperands(pe.Slice.Offset)
		w.arithOperands(pe.Slice.Length)
	}
}

// promptCode walks the value of ${name@P}: prompt expansion runs the
// value's substitutions as a double-quoted word would. A value guard does
// not know is hidden code.
func (w *walker) promptCode(name string) {
	if !w.declared(name) {
		return
	}
	w.promptText(name, w.variable(name).Str)
}

// promptText walks v, the value of name, as prompt expansion reads it:
// its substitutions run as a double-quoted word's would. An inherited
// variable's part is its value in the environment (inheritedText: venv's
// deactivate sets PS1="${_OLD_VIRTUAL_PS1:-}"); a value guard does not
// know is hidden code.
func (w *walker) promptText(name, v string) {
	if !word.IsKnown(v) {
		t, ok := w.inheritedText(v)
		if !ok {
			w.hide("expands $%s as a prompt (${%s@P}, which runs its substitutions), and guard does not know its value", name, name)
			return
		}
		v = t
	}
	if !strings.ContainsAny(v, "`[") && !strings.Contains(v, "$(") && !strings.Contains(v, "@P") {
		return // plain parameter expansions run nothing (+${BASH_SOURCE}:${LINENO}: )
	}
	src := ": \"" + v + "\""
	if _, err := w.theParser().Parse(strings.NewReader(src), ""); err != nil {
		w.hide("expands $%s as a prompt (${%s@P}), whose text guard cannot parse", name, name)
		return
	}
	w.scoped(func() { w.script(src, w.depth+1) })
}

// zshHash reports whether name is one of zsh's special associative arrays
// (zsh/mapfile, zsh/parameter, zsh/terminfo): their subscripts are keys.
func zshHash(name string) bool {
	switch name {
	case "mapfile", "commands", "aliases", "galiases", "saliases", "functions", "builtins", "options",
		"parameters", "history", "historywords", "jobtexts", "jobstates", "jobdirs", "nameddirs",
		"userdirs", "usergroups", "modules", "reswords", "terminfo", "termcap", "sysparams", "widgets",
		"keymaps", "errnos", "dis_aliases", "dis_galiases", "dis_saliases", "dis_functions",
		"dis_builtins", "dis_reswords", "dis_patchars", "patchars", "functions_source", "langinfo":
		return true
	}
	return false
}

// arithValueText checks value, assigned to integer variable name, as the
// arithmetic bash evaluates.
func (w *walker) arithValueText(name, value string) {
	switch s := strings.TrimSpace(value); {
	case s == "" || plainNumber(strings.ReplaceAll(s, word.Mark(word.MarkArith, ""), "0")):
	case !word.IsKnown(s):
		w.hide("sets integer variable %s to a value guard does not know (bash evaluates it as arithmetic, and a subscript in it runs commands)", name)
	default:
		w.arithText(s)
	}
}

// maxIntegers bounds the integer variables remembered; past it every
// variable is taken to be one.
const maxIntegers = 64

// markInteger gives name the integer attribute.
func (w *walker) markInteger(name string) {
	if w.integers == nil {
		w.integers = map[string]bool{}
	}
	if len(w.integers) >= maxIntegers {
		w.allIntegers = true
		return
	}
	w.integers[name] = true
}

// isInteger reports whether name may have the integer attribute: a value
// stored to it is evaluated as arithmetic.
func (w *walker) isInteger(name string) bool {
	return w.allIntegers || w.integers[name]
}

// integerValues checks every value a writer other than an assignment
// (read, printf -v, mapfile, ${n:=V}) stores to integer variable name as
// the arithmetic bash evaluates, and makes it an arithmetic result.
func (w *walker) integerValues(name string, vals []expand.Variable) {
	arith := word.Mark(word.MarkArith, "")
	for i := range vals {
		v := &vals[i]
		switch v.Kind {
		case expand.String:
			if v.Set && v.Str != arith {
				w.arithValueText(name, v.Str)
				if !plainNumber(v.Str) {
					v.Str = arith
				}
			}
		case expand.Indexed:
			for j, e := range v.List {
				w.arithValueText(name, e)
				v.List[j] = arith
			}
		case expand.Associative:
			for k, e := range v.Map {
				w.arithValueText(name, e)
				v.Map[k] = arith
			}
		}
	}
}
