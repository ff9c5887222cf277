package shell

// Task's templates are text: Task renders {{.V}} into a command's text
// and only then hands the text to its shell, so a value holding $( ), ;
// or a backtick is code (FINDINGS58d D5: V: {sh: cat VERSION} with
// VERSION = v1$(sh e.sh), or a tag named so for git describe). A value
// guard knows is pasted and the result parsed (taskFill). One it cannot
// know is pasted as taskPasted's marker; a command whose text holds the
// marker is code guard cannot see. Two kinds of unknown value stay a
// word (unknownMakeVar) instead: the output of a dynamic variable whose
// CMD is a plain producer (catalogue.ProducesPlain: git rev-parse HEAD,
// date +%s; its bytes cannot form shell syntax) and a value Task gives
// by place (TASK_DIR, the environment's).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// taskPastedPrefix starts every taskPasted marker.
const taskPastedPrefix = "${MAKE_TASK_PASTED_"

// taskPasted returns the marker of variable name's value pasted into a
// command's text: to the walker an unknown value (unknownMakeVar), to
// taskPastedName what makes the command unknown.
func taskPasted(name string) string {
	return unknownMakeVar("TASK_PASTED_" + name)
}

// taskPastedName returns the variable whose pasted marker command text l
// holds, and whether it holds one.
func taskPastedName(l string) (string, bool) {
	i := strings.Index(l, taskPastedPrefix)
	if i < 0 {
		return "", false
	}
	name, _, _ := strings.Cut(l[i+len(taskPastedPrefix):], "}")
	return name, true
}

// taskShValue returns the value a dynamic variable name: {sh: CMD} has
// as Task pastes it: a plain producer's output is a word guard cannot
// tell (it holds no shell syntax), any other output pasted text guard
// cannot tell.
func taskShValue(name, cmd string) string {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return unknownMakeVar(name)
	}
	for _, w := range f {
		for i := 0; i < len(w); i++ {
			if !catalogue.PlainByte(w[i]) && w[i] != '%' && w[i] != '=' {
				return taskPasted(name) // a quote, an expansion, an operator: not one simple command
			}
		}
	}
	if catalogue.ProducesPlain(f[0], f[1:]) {
		return unknownMakeVar(name)
	}
	return taskPasted(name)
}

// taskPlainValues reports whether every value of vals is of the plain
// alphabet: pasted into a command's text, none can form shell syntax.
func taskPlainValues(vals []string) bool {
	for _, v := range vals {
		for i := 0; i < len(v); i++ {
			if !catalogue.PlainByte(v[i]) {
				return false
			}
		}
	}
	return true
}

// taskPastedRef reports whether template text in (inside {{ }}) names a
// variable one of whose values vars gives is pasted text guard cannot
// tell.
func taskPastedRef(in string, vars map[string][]string) bool {
	for n, vals := range vars {
		if !strings.Contains(in, "."+n) {
			continue
		}
		for _, v := range vals {
			if _, ok := taskPastedName(v); ok {
				return true
			}
		}
	}
	return false
}

// taskCommandKeys are the Taskfile keys whose values Task runs as shell
// text.
const taskCommandKeys word.Set = " cmd cmds sh defer status "

// taskUnknown returns what a template ref guard does not evaluate (a
// function, a pipe, a name with no value, past maxTaskReadings with
// values vals) stands for: pasted text guard cannot tell when it names a
// variable whose value is such text or when one of vals may hold shell
// syntax, else a word guard cannot tell.
func taskUnknown(ref string, vals []string, vars map[string][]string) string {
	name := strings.Trim(ref, "{}. ")
	if taskPastedRef(ref, vars) || !taskPlainValues(vals) {
		return taskPasted(name)
	}
	return unknownMakeVar(name)
}
