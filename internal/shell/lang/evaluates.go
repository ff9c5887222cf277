package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Evaluation: code that runs text as code (python's exec, perl's string
// eval, ruby's eval, php's eval, node's eval and vm) on something that is
// not a string literal runs text it reads at run time: from its standard
// input, a file, a command's output. Package shell reads what the command
// feeds such code as a program (review 12 F5).

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
			{"spec_from_file_location", true, true}, {"spec_from_loader", true, true}}
	case Perl:
		return []evaluator{{"eval", false, false}, {"evalbytes", false, false}}
	case Ruby:
		return []evaluator{{"eval", true, false}, {"instance_eval", true, false}, {"class_eval", true, false}, {"module_eval", true, false}}
	case PHP:
		return []evaluator{{"eval", false, false}, {"assert", false, false}, {"create_function", false, false}}
	case Node:
		return []evaluator{{"eval", false, false}, {"Function", false, false}, {"runInThisContext", true, false}, {"runInNewContext", true, false},
			{"runInContext", true, false}, {"Script", true, false}, {"compileFunction", true, false}, {"SourceTextModule", true, false}}
	}
	return nil
}

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
		strings.Contains(code, "send") || strings.Contains(code, "method(") || strings.Contains(code, "globalThis") {
		for _, n := range evalNames {
			if strings.Contains(code, n) {
				return true
			}
		}
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
	if !ev.method && i > 0 && (code[i-1] == '.' || code[i-1] == '>' || code[i-1] == '$' || code[i-1] == '@' || code[i-1] == '%' || code[i-1] == '&') {
		// re.compile(p), model.eval(), $eval, ->eval: no code, unless
		// through the builtins (builtins.exec(x)).
		before := code[:i]
		if !strings.HasSuffix(before, "builtins.") && !strings.HasSuffix(before, "__builtins__.") && !strings.HasSuffix(before, "globalThis.") {
			return false
		}
	}
	if i > 0 && (code[i-1] == '"' || code[i-1] == '\'') {
		return false // "eval": a word in a string (getattr's are evalNames)
	}
	if ev.loader {
		return true
	}
	parens := strings.Contains(code[i+len(ev.name):at], "(")
	rest := code[at:]
	rest = strings.TrimLeft(rest, " \t")
	switch {
	case rest != "" && rest[0] == '`' && f != Node:
		return true // perl's eval `cat F`: a command's output
	case rest == "" || rest[0] == ';' || rest[0] == '}':
		return f == Perl && !parens // perl's bare eval: of $_
	case rest[0] == ')':
		return false // eval(): nothing
	case rest[0] == '{' || strings.HasPrefix(rest, "do ") || strings.HasPrefix(rest, "do\n"):
		return false // eval { … }, instance_eval do … end: a block
	case f == Ruby && !parens && at == i+len(ev.name) && !word.IsWordChar(rest[0]) && rest[0] != '"' && rest[0] != '\'' && rest[0] != '$' && rest[0] != '@':
		return false // ruby's obj.eval.x, eval= …: not a call on an argument
	}
	if _, lit := importLiteral(rest, 0); lit {
		return false // exec("print(1)"): the code is the literal's
	}
	return true
}
