package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Evaluation: code that runs text as code (python's exec, perl's string
// eval, ruby's eval, php's eval, node's eval and vm) on something that is
// not a string literal runs text it reads at run time: from its standard
// input, a file, a command's output. Package shell reads what the command
// feeds such code as a program.

// evaluator is a call that runs its argument as code.
type evaluator struct {
	name string
	// method: the call counts also as a method (loader.exec_module(m));
	// otherwise only bare or through the builtins (re.compile(p) and
	// model.eval() run no code).
	method bool
	// loader: the call loads code whatever its arguments (a file loader:
	// SourceFileLoader("x", "m.txt").load_module()).
	loader bool
}

// evaluators returns the calls of language f that run text as code.
func evaluators(f Family) []evaluator {
	switch f {
	case Python:
		return []evaluator{{"exec", false, false}, {"eval", false, false}, {"compile", false, false}, {"execfile", false, false},
			{"load_module", true, true}, {"exec_module", true, true}, {"SourceFileLoader", true, true}, {"SourcelessFileLoader", true, true},
			{"spec_from_file_location", true, true}, {"spec_from_loader", true, true},
			// interactive consoles and debuggers evaluate what they read
			// on standard input
			{"interact", true, true}, {"InteractiveConsole", true, true}, {"InteractiveInterpreter", true, true},
			{"cmdloop", true, true}, {"set_trace", true, true}, {"breakpoint", false, true}, {"post_mortem", true, true},
			// the standard library's other runners of a text or a file as
			// code: timeit's statements, doctest's examples, imp's loaders,
			// the profilers' and debuggers' run*, code's runsource
			{"timeit", true, false}, {"Timer", true, false}, {"run_docstring_examples", true, false}, {"testfile", true, true},
			{"DocTestParser", true, true}, {"load_source", true, true}, {"load_compiled", true, true}, {"load_package", true, true},
			{"runctx", true, false}, {"runeval", true, false}, {"runsource", true, false}, {"runcode", true, false}}
	case Perl:
		return []evaluator{{"eval", false, false}, {"evalbytes", false, false}}
	case Ruby:
		return []evaluator{{"irb", true, true}, {"IRB", true, true}, {"eval", true, false}, {"instance_eval", true, false}, {"class_eval", true, false}, {"module_eval", true, false}}
	case PHP:
		return []evaluator{{"eval", false, false}, {"assert", false, false}, {"create_function", false, false}}
	case Node:
		return []evaluator{{"eval", false, false}, {"Function", false, false}, {"runInThisContext", true, false}, {"runInNewContext", true, false},
			{"runInContext", true, false}, {"Script", true, false}, {"compileFunction", true, false}, {"SourceTextModule", true, false},
			{"repl.start", false, true}}
	}
	return nil
}

// stdlibRunners are the evaluators of python's standard library modules
// (timeit, doctest, imp, profile, pdb, code) that count only as calls:
// their names are also the modules' (import timeit).
const stdlibRunners word.Set = " timeit Timer run_docstring_examples testfile DocTestParser load_source load_compiled load_package runctx runeval runsource runcode "

// evalNames are string literals that name an evaluating builtin reached
// another way: getattr(builtins, "exec"), send(:eval, s), globalThis["eval"].
var evalNames = [...]string{`"exec"`, `'exec'`, `"eval"`, `'eval'`, `:eval`, `"compile"`, `'compile'`, `:instance_eval`}

// Evaluates reports whether code in language f holds a call that runs as
// code something other than a string literal: python's exec(x),
// getattr(builtins, "exec")(x), SourceFileLoader(…).load_module(); perl's
// eval EXPR (not eval BLOCK); ruby's eval(x); php's eval($x); node's
// eval(x) and vm.
func Evaluates(f Family, code string) bool {
	evs := evaluators(f)
	if evs == nil {
		return false
	}
	if strings.Contains(code, "getattr") || strings.Contains(code, "__dict__") || strings.Contains(code, "vars(") ||
		strings.Contains(code, "send") || strings.Contains(code, "method(") || strings.Contains(code, "global") {
		for _, n := range evalNames {
			if strings.Contains(code, n) {
				return true
			}
		}
	}
	if evaluatesIndirect(f, code) {
		return true
	}
	for _, ev := range evs {
		for off := 0; off < len(code); {
			at, next, ok := nextCall(code, ev.name, off)
			if at < 0 {
				break
			}
			off = next
			if ok && evaluatesAt(f, ev, code, next-len(ev.name), at) {
				return true
			}
		}
	}
	return false
}

// evaluatesAt reports whether the call of ev whose name starts at code[i]
// and whose argument starts at code[at] runs a text that is not a literal.
func evaluatesAt(f Family, ev evaluator, code string, i, at int) bool {
	if !ev.method && i > 0 && code[i-1] == '.' && builtinsAlias(code, code[:i-1]) {
		return true // import builtins as b; b.exec(x), b.exec as a value
	}
	if !ev.method && notTheBuiltin(f, code, i) {
		return false
	}
	if i > 0 && (code[i-1] == '"' || code[i-1] == '\'') {
		return false // "eval": a word in a string (getattr's are evalNames)
	}
	parens := strings.Contains(code[i+len(ev.name):at], "(")
	if !parens && stdlibRunners.Has(ev.name) {
		return false // import timeit, from imp import load_source: a name, not a call
	}
	if ev.loader {
		return true
	}
	rest := code[at:]
	rest = strings.TrimLeft(rest, " \t")
	switch {
	case rest != "" && rest[0] == '`' && f != Node:
		return true // perl's eval `cat F`: a command's output
	case !parens && (f == Python || f == Node) && !literalNext(rest):
		// e = exec; (lambda f: f(x))(exec); map(exec, …): the evaluator
		// as a value runs whatever it is called on
		return true
	case rest == "" || rest[0] == ';' || rest[0] == '}':
		return f == Perl && !parens // perl's bare eval: of $_
	case rest[0] == ')':
		return false // eval(): nothing
	case rest[0] == '{' || f == Ruby && (strings.HasPrefix(rest, "do ") || strings.HasPrefix(rest, "do\n")):
		return false // eval { … }, instance_eval do … end: a block (perl's eval do { … } evaluates the block's value)
	case f == Ruby && !parens && at == i+len(ev.name) && !word.IsWordChar(rest[0]) && rest[0] != '"' && rest[0] != '\'' && rest[0] != '$' && rest[0] != '@':
		return false // ruby's obj.eval.x, eval= …: not a call on an argument
	}
	if _, lit := importLiteral(rest, 0); lit {
		return false // exec("print(1)"): the code is the literal's
	}
	return true
}

// notTheBuiltin reports whether the evaluator name at code[i] is, in
// language f's own syntax, something other than the builtin: a method
// (re.compile(p), model.eval(), perl's and php's $o->eval), a variable
// ($eval, perl's @eval and %eval) or perl's &eval (a sub of that name).
// What another language spells that way is not excluded: JavaScript's
// d=>eval(d) is an arrow, perl's "a".eval $x and php's @eval($x) call the
// builtin, 1%eval(x) and a&&eval(x) are operators.
func notTheBuiltin(f Family, code string, i int) bool {
	if i == 0 {
		return false
	}
	before := code[:i]
	switch f {
	case Python:
		return before[i-1] == '.' && !strings.HasSuffix(before, "builtins.")
	case Node:
		if before[i-1] == '.' {
			return !globalObject(before[:i-1])
		}
		return before[i-1] == '$' // $eval: an identifier
	case Perl:
		switch before[i-1] {
		case '$', '@', '%':
			return true
		case '&':
			return !strings.HasSuffix(before, "&&")
		}
		return strings.HasSuffix(before, "->")
	case PHP:
		return before[i-1] == '$' || strings.HasSuffix(before, "->")
	case Ruby:
		return before[i-1] == '.' || before[i-1] == '$' || before[i-1] == '@'
	}
	return false
}

// globalObject reports whether node code before a '.' ends in a name for
// the global object, whose eval is the builtin (globalThis.eval(x)).
func globalObject(before string) bool {
	k := len(before)
	for k > 0 && (word.IsWordChar(before[k-1]) || before[k-1] == '$') {
		k--
	}
	switch before[k:] {
	case "globalThis", "global", "window", "self", "frames", "parent", "top":
		return true
	}
	return false
}

// literalNext reports whether rest starts with a string literal (python
// 2's exec "code").
func literalNext(rest string) bool {
	_, lit := importLiteral(rest, 0)
	return lit
}

// evaluatesIndirect reports whether code reaches an evaluator without
// its name in call position: python's __builtins__, a
// lookup by a name built at run time on the builtins (getattr(builtins,
// "ex"+"ec")); node's Function constructor reached through .constructor
// and its REPL; perl's s///ee, which evaluates the replacement's value.
func evaluatesIndirect(f Family, code string) bool {
	switch f {
	case Python:
		if identifierIn(code, "__builtins__") {
			return true
		}
		return identifierIn(code, "builtins") && (strings.Contains(code, "getattr") || strings.Contains(code, "__dict__") ||
			strings.Contains(code, "vars(") || strings.Contains(code, "__getattribute__"))
	case Node:
		return identifierIn(code, "constructor") || strings.Contains(code, `"repl"`) || strings.Contains(code, `'repl'`) ||
			strings.Contains(code, `:repl"`) || strings.Contains(code, `:repl'`)
	case Perl:
		return perlDoubleE(code)
	}
	return false
}

// identifierIn reports whether name occurs in code as a whole word.
func identifierIn(code, name string) bool {
	for off := 0; off < len(code); {
		i := strings.Index(code[off:], name)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(name)
		if (i == 0 || !word.IsWordChar(code[i-1])) && (end == len(code) || !word.IsWordChar(code[end])) {
			return true
		}
		off = end
	}
	return false
}

// builtinsAlias reports whether before (the code up to a '.') ends in a
// name for python's builtins module: builtins, __builtins__, a name it is
// imported or assigned as (import builtins as b), or a call that may
// return it (__import__("builtins")).
func builtinsAlias(code, before string) bool {
	if strings.HasSuffix(before, ")") {
		return strings.Contains(code, `"builtins"`) || strings.Contains(code, `'builtins'`)
	}
	k := len(before)
	for k > 0 && word.IsWordChar(before[k-1]) {
		k--
	}
	name := before[k:]
	if name == "" {
		return false
	}
	if name == "builtins" || name == "__builtins__" {
		return true
	}
	return strings.Contains(code, "builtins as "+name) || strings.Contains(code, name+"=builtins") ||
		strings.Contains(code, name+" = builtins") || strings.Contains(code, name+"=__builtins__") || strings.Contains(code, name+" = __builtins__")
}

// perlDoubleE reports whether perl code holds a substitution with the e
// modifier twice (s/(.*)/$1/ee: the replacement's value is evaluated as
// code).
func perlDoubleE(code string) bool {
	for i := 0; i+1 < len(code); i++ {
		if code[i] != 's' || i > 0 && (word.IsWordChar(code[i-1]) || code[i-1] == '$' || code[i-1] == '@' || code[i-1] == '%') {
			continue
		}
		end, ok := substEnd(code, i+1)
		if !ok {
			continue
		}
		k := end
		for k < len(code) && strings.IndexByte("msixpodualngcer", code[k]) >= 0 {
			k++
		}
		if strings.Count(code[end:k], "e") >= 2 {
			return true
		}
	}
	return false
}

// substEnd returns the index after the replacement of the perl
// substitution whose delimiter is at code[i] (s/a/b/, s{a}{b}).
func substEnd(code string, i int) (int, bool) {
	if i >= len(code) || word.IsWordChar(code[i]) || code[i] == ' ' || code[i] == '\t' || code[i] == '=' || code[i] == ';' || code[i] == ')' {
		return 0, false
	}
	open := code[i]
	if cl := strings.IndexByte("{[(<", open); cl >= 0 {
		close := "}])>"[cl]
		j, ok := delimEnd(code, i+1, close)
		if !ok {
			return 0, false
		}
		for j < len(code) && (code[j] == ' ' || code[j] == '\t') {
			j++
		}
		if j >= len(code) || code[j] != open {
			return 0, false
		}
		return delimEnd(code, j+1, close)
	}
	j, ok := delimEnd(code, i+1, open)
	if !ok {
		return 0, false
	}
	return delimEnd(code, j, open)
}

// delimEnd returns the index after the first unescaped close at or after
// code[i].
func delimEnd(code string, i int, close byte) (int, bool) {
	for ; i < len(code); i++ {
		switch code[i] {
		case '\\':
			i++
		case close:
			return i + 1, true
		}
	}
	return 0, false
}
