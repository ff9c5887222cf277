package shell

// The program of a command line given as words: the
// walker unwraps its prefixes as it analyses them (command.go); the
// commands of a build file (make's recipes, package.json scripts, task
// files) are not analysed, so commandProgram finds their program from the
// same catalogue, without the effects: the assignments before it, the
// prefix commands (env, time, nice, timeout, nohup, npx, uv run, poetry
// run, cross-env…) and the package managers' forms that run a program of
// the project's (yarn jest, pnpm exec jest, npm exec -- jest). The test
// runner check uses it at the command line and in build files alike.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxPrefixWords bounds the prefixes unwrapped before a program.
const maxPrefixWords = 16

// commandProgram returns the words of the command a simple command's
// words run, from its program on: assignments, prefix commands and a
// package manager's exec forms skipped; nil when no program is there or
// a prefix takes its command as a script (su -c, watch).
func commandProgram(ws []word.Word) []word.Word {
	for range maxPrefixWords {
		if len(ws) == 0 {
			return nil
		}
		s := ws[0].Text
		if k, _, ok := strings.Cut(s, "="); ok && word.IsName(k) {
			ws = ws[1:] // CI=1 node --test
			continue
		}
		name := path.Base(s)
		if rest, ok := packageExec(name, ws[1:]); ok {
			ws = rest
			continue
		}
		p, n, ok := catalogue.PrefixCall(append([]string{name}, word.Texts(ws[1:min(len(ws), 3)])...))
		if !ok || !ws[0].Known {
			return ws
		}
		if p.None || p.Rest || p.Split != "" && len(ws) > 1 && p.Split.Has(ws[1].Text) {
			return nil // its command is a script or not a command: the walker's to read
		}
		args := ws[n:]
		ws = prefixCommand(p, args)
	}
	return nil
}

// prefixCommand returns the words of the command prefix p runs given its
// words args (options, NAME=VALUE entries where it takes them, its
// operands), or nil; a script option's command is not returned.
func prefixCommand(p catalogue.Prefix, args []word.Word) []word.Word {
	ops := p.Operands
	for i := 0; i < len(args); i++ {
		a := args[i].Text
		switch {
		case a == "--":
			return args[i+1:]
		case p.ScriptOption(a) || p.Module.Has(a):
			return nil // su -c CMD, uv run -m MOD: not a program's words
		case p.WithArg.Has(a) || p.EnvFiles.Has(a) || p.Env.Has(a) || p.Chdir.Has(a):
			i++
		case strings.HasPrefix(a, "-") && len(a) > 1:
		case p.Assigns && envEntry(a):
		case ops > 0:
			ops--
		default:
			return args[i:]
		}
	}
	return nil
}

// packageExec returns, when program name is a package manager given the
// words args of one of its forms that run a program of the project's
// (catalogue.PackageExecOf), the words of that program's command.
func packageExec(name string, args []word.Word) ([]word.Word, bool) {
	pe, ok := catalogue.PackageExecOf(name)
	if !ok {
		return nil, false
	}
	sub := false
	for i := 0; i < len(args); i++ {
		a := args[i].Text
		switch {
		case a == "--" && sub:
			return args[i+1:], true
		case pe.WithArg.Has(a):
			i++
		case strings.HasPrefix(a, "-"):
		case !sub && pe.Subs.Has(a):
			sub = true
		case sub || pe.Bare && runsProgram(a):
			return args[i:], true // pnpm exec jest, yarn jest
		default:
			return nil, false // yarn install: its own subcommand
		}
	}
	return nil, false
}

// runsProgram reports whether a package manager's first word s names a
// program it may run in its bare form (yarn jest, pnpm vitest): a test
// runner or an interpreter, which none of them has as a subcommand of
// its own of another meaning.
func runsProgram(s string) bool {
	if catalogue.TestRunnerNamed(s) != nil {
		return true
	}
	_, ok := catalogue.InterpreterOf(s)
	return ok
}

// simpleCommands splits the words of a build-file command line into the
// words of its simple commands: a word holding ; & | ( or ) ends one (cd
// x && pytest), and the shell's keywords before a command (then, do,
// if…) are not its words.
func simpleCommands(words []word.Word) [][]word.Word {
	var out [][]word.Word
	start := 0
	for i := 0; i <= len(words); i++ {
		if i < len(words) && !strings.ContainsAny(words[i].Text, ";&|()") {
			continue
		}
		seg := words[start:i]
		for len(seg) > 0 && shellKeywords.Has(seg[0].Text) {
			seg = seg[1:]
		}
		if len(seg) > 0 {
			out = append(out, seg)
		}
		start = i + 1
	}
	return out
}

// shellKeywords are the reserved words before a command.
const shellKeywords word.Set = " if then else elif while until do ! { "

// programFiles returns the indexes in args, an interpreter's words after
// its name, of the files it runs as code: its program file (the first
// operand, or a script option's value: php -f F) and those its load
// options name (node -r ./x.js), read from its option grammar
// (catalogue.Interp) as the command line reads them (interp.go); none
// when its code is in the line (-c, -e) or is a module (-m).
func programFiles(in catalogue.Interp, args []word.Word) []int {
	var out []int
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		switch {
		case a == "--" || in.Script.Has(a):
			if j+1 < len(args) {
				out = append(out, j+1)
			}
			return out
		case in.Code.Has(a) || in.Module.Has(a) || in.Program:
			return out // python3 -c CODE, -m MOD, awk's program: not a file
		case in.Loads.Has(a):
			if j+1 < len(args) {
				out = append(out, j+1)
			}
			j++
		case in.WithArg.Has(a) || in.EnvFiles.Has(a) || in.Chdir.Has(a):
			j++
		case in.Sub.Has(a) && len(out) == 0:
		case strings.HasPrefix(a, "-") && len(a) > 2 && a[1] != '-' && clusterTakesCode(in, a):
			return out // python3 -Bc CODE, perl -ne CODE
		case strings.HasPrefix(a, "-") && len(a) > 1:
		case word.IsStdin(a):
			return out
		default:
			return append(out, j)
		}
	}
	return out
}

// clusterTakesCode reports whether the short-option cluster a holds a
// letter that takes code or a module (-Bc, -Im, perl -ne).
func clusterTakesCode(in catalogue.Interp, a string) bool {
	for k := 1; k < len(a); k++ {
		opt := "-" + a[k:k+1]
		if in.Code.Has(opt) || in.Module.Has(opt) || in.Cluster != 0 && a[k] == in.Cluster {
			return true
		}
		if in.Digits.Has(opt) {
			k += catalogue.ClusterDigits(opt, a[k+1:])
			continue
		}
		if in.WithArg.Has(opt) || in.Glued.Has(opt) {
			return false // the rest is its value
		}
	}
	return false
}
