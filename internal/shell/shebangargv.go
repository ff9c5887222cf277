package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// A script run by its path runs as the command line the kernel builds
// from its #! line: the interpreter, the line's one optional argument (the
// rest of the line, spaces and all), the script's path and the words it
// is given (#!/bin/sed -nf: sed -nf ./x; #!/usr/bin/env -S sh -c CODE:
// env -S 'sh -c CODE' ./x; #!./other: ./other ./x, a nested #!). Where
// that command line is more than a shell or an interpreter reading the
// file, it is walked as a command typed would be (kernelArgv).

// shebangSystemDirs are the directories whose programs the agent cannot
// change: an interpreter named there by its path is the program of that
// name.
var shebangSystemDirs = []string{"/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/"}

// kernelArgv returns the command line, as shell text, the kernel runs for
// text, the file at p run by its path with args, when its #! line is more
// than a shell, env NAME or an interpreter with no argument reading the
// file (what runFileText analyses); "" otherwise.
func kernelArgv(text, p string, args []word.Word) string {
	rest, ok := strings.CutPrefix(text, "#!")
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	line = strings.TrimRight(strings.TrimLeft(line, " \t"), " \t\r")
	interp, arg, _ := strings.Cut(line, " ")
	if i := strings.IndexByte(interp, '\t'); i >= 0 {
		interp, arg = interp[:i], interp[i+1:]+" "+arg
	}
	arg = strings.Trim(arg, " \t")
	if interp == "" || plainShebang(interp, arg) {
		return ""
	}
	argv := []string{interp}
	if arg != "" {
		argv = append(argv, arg) // Linux: one argument, the rest of the line
	}
	argv = append(argv, p)
	return quoteAll(append(argv, word.Texts(args)...))
}

// plainShebang reports whether #!interp arg runs the file as
// runFileText reads it: a system shell with no argument or set options
// only (-e, -eu, -x), env with a program name only, a system interpreter
// guard knows with no argument.
func plainShebang(interp, arg string) bool {
	system := false
	for _, d := range shebangSystemDirs {
		system = system || strings.HasPrefix(interp, d) && !strings.Contains(interp, "..")
	}
	if !system {
		return false // #!./other, #!/tmp/x/other: a program of the project's
	}
	base := word.Base(interp)
	switch {
	case base == "env":
		return arg != "" && !strings.ContainsAny(arg, " \t=") && !strings.HasPrefix(arg, "-")
	case catalogue.Shells.Has(base):
		return arg == "" || len(arg) > 1 && arg[0] == '-' && strings.Trim(arg[1:], "eEuxvfnaphBCHPT") == ""
	}
	_, known := catalogue.InterpreterOf(base)
	return known && arg == ""
}
