package shell

// GNU make runs a recipe line, or the command of a $(shell …) call, without
// a shell when it can: a line with none of the shell's special characters
// (job.c's sh_chars), no leading NAME=VALUE word and a first word that is
// not one of the builtins it knows the shell must run (sh_cmds) is split
// into words by make and started by execvp: the first word is then a
// program looked up on PATH, even when it names a builtin of the shell
// (echo, true, printf, pwd, kill). A project's ./bin/echo on that PATH
// runs (FINDINGS56d P8). guard analyses such a line as `exec LINE`, which
// runs the program exactly so (runFound with viaProgram).
//
// A value guard cannot tell in the line (its ${MAKE_…} placeholders) or
// one it models as the output of a command ($(shell date)) may be plain
// words: the line may then take this path. The line is analysed as
// the shell runs it as well. A makefile's SHELL (make takes the path only with /bin/sh) is not
// read here: the lookup of a builtin's name on PATH only finds a file a
// directory of that PATH holds, which is then checked.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// makeShellChars are the characters that make GNU make run a line with
// the shell (job.c sh_chars, Unix).
const makeShellChars = "#;\"*?[]&|<>(){}$`^~!"

// makeShellCmds are the first words GNU make hands the shell whatever
// the line (job.c sh_cmds, Unix).
const makeShellCmds word.Set = " . : alias bg break case cd command continue eval exec exit export fc fg for getopts hash " +
	"if jobs login logout read readonly return set shift test times trap type ulimit umask unalias unset wait while "

// plainPlaceholders returns l with guard's text for each make value it
// cannot tell (unknownMakeVar: ${MAKE_…}), and the quotes quoteValues
// may close around it ('"…"'), written as one plain word.
func plainPlaceholders(l string) string {
	var b strings.Builder
	for {
		i := strings.Index(l, "${MAKE_")
		if i < 0 {
			return b.String() + l
		}
		n := strings.IndexByte(l[i:], '}')
		if n < 0 {
			return b.String() + l
		}
		head, tail := l[:i], l[i+n+1:]
		head = strings.TrimSuffix(strings.TrimSuffix(head, `"`), `'`)
		tail = strings.TrimPrefix(strings.TrimPrefix(tail, `"`), `'`)
		b.WriteString(head + "x")
		l = tail
	}
}

// makeExecs reports whether GNU make may run line l (expanded: a recipe
// line without its @-+ prefixes, or a $(shell …) command) by exec without
// a shell (see the file comment).
func makeExecs(l string) bool {
	l = strings.TrimLeft(makeValues(l), " \t")
	if l == "" || strings.ContainsAny(l, makeShellChars+"\n") {
		return false
	}
	first, _, _ := strings.Cut(l, " ")
	first, _, _ = strings.Cut(first, "\t")
	if strings.Contains(first, "=") || makeShellCmds.Has(strings.ReplaceAll(first, "'", "")) {
		return false // FOO=x cmd, cd d: the shell's
	}
	return true
}

// makeValues returns line l with each value of make's guard stands for
// by a placeholder (unknownMakeVar) or by the shell's substitution of the
// command a $(shell …) call runs ("$( CMD)", makeShellValue) written as
// one plain word: what make pastes there may be plain words.
func makeValues(l string) string {
	l = plainPlaceholders(l)
	for {
		i := strings.Index(l, "$( ")
		if i < 0 {
			return l
		}
		arg, ok := lang.Balanced(l[i+1:])
		if !ok {
			return l
		}
		l = l[:i] + "x" + l[i+1+len(arg)+2:]
	}
}

// makeRun returns the shell text that runs line l as make does: `exec l`
// when make may start l's first word by exec and the shell would have run
// a builtin of that name instead (echo hi: the first echo on PATH), else l.
func makeRun(l string) string {
	t := strings.TrimLeft(l, " \t")
	first, _, _ := strings.Cut(t, " ")
	if builtins.Has(strings.ReplaceAll(first, "'", "")) && makeExecs(t) {
		return "exec " + t
	}
	return l
}
