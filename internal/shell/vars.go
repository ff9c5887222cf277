package shell

import (
	"maps"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
)

// Variables. The walker keeps the shell variables a command sets, with
// mvdan.cc/sh/v3/expand's model of a variable (strings, indexed and
// associative arrays, namerefs, attributes); a value may hold markers for
// the parts guard does not know (see package word's markers). A variable the command
// never sets is inherited from the agent's environment: an inherited
// marker, which the hook fills in from its own environment.

// maxVarLen bounds a variable's value, and maxElems an array's elements:
// beyond, the value is not known.
const (
	maxVarLen = 4096
	maxElems  = 256
)

// env is the walker's variables as expand reads and sets them
// (${v:=x}, $((i++))).
type env struct{ w *walker }

// Get returns a variable: one the command set, else what the shell knows of
// it (HOME, IFS, PWD, OLDPWD, the positional parameters), else an inherited
// one.
func (e env) Get(name string) expand.Variable {
	v := e.w.variable(name)
	if v.Kind == expand.Indexed && v.List == nil {
		// mvdan.cc/sh reads "${a[@]}" over a nil list as one empty field,
		// where the shell has none: a=(); cd "${a[@]}" is cd alone, to the
		// home (FINDINGS55d D6).
		v.List = []string{}
	}
	return v
}

// Each calls fn on each variable the command set.
func (e env) Each(fn func(string, expand.Variable) bool) {
	for k, v := range e.w.varMap() {
		if !fn(k, v) {
			return
		}
	}
}

// Set sets a variable (${v:=x}, arithmetic), through namerefs as the
// shell does (see setVar).
func (e env) Set(name string, vr expand.Variable) error {
	e.w.setVar(name, vr)
	return nil
}

// varMap returns the variables the command set, in the current scope.
func (w *walker) varMap() map[string]expand.Variable {
	if w.vars == nil {
		return w.varsOf
	}
	return w.vars
}

// strVar is a set string variable.
func strVar(s string) expand.Variable {
	return expand.Variable{Set: true, Kind: expand.String, Str: s}
}

// variable returns what the shell holds for name.
func (w *walker) variable(name string) expand.Variable {
	if name == "OLDPWD" && w.oldAlt != nil {
		return strVar(effect.UnknownCd) // after a cd that may have failed: either (FINDINGS54b G11)
	}
	if name == "OLDPWD" && w.OldDir != nil {
		return strVar(word.DirMark(*w.OldDir)) // a cd's, later than an assignment (storeVar)
	}
	if w.zsh && (name == "argv" || name == "ARGC") {
		return w.argvValue(name) // zsh's argv is the positional parameters (declattr.go)
	}
	if v, ok := w.varMap()[name]; ok {
		return v
	}
	if w.anyVar && name != "IFS" && (word.IsName(name) || strings.HasPrefix(name, "HOME ")) {
		return strVar(word.Mark(word.MarkVar, name)) // anyvar.go
	}
	switch name {
	case "HOME":
		return strVar("$HOME") // left for the path rules, which expand it
	case "IFS":
		return strVar(" \t\n")
	case "PWD":
		return strVar(word.DirMark(w.Dir))
	case "OLDPWD":
		if w.OldDir != nil {
			return strVar(word.DirMark(*w.OldDir))
		}
		// The agent's shell's previous directory: not the hook's
		// $OLDPWD, and not known.
		return strVar(word.Mark(word.MarkVar, name))
	case "@", "*":
		if w.pos == nil {
			return expand.Variable{Set: true, Kind: expand.Indexed, List: []string{word.Mark(word.MarkVar, name)}}
		}
		// Never a nil list: mvdan.cc/sh reads "$@" over a nil one as one
		// empty field, where the shell has none (FINDINGS55b B14: cd "$@"
		// with no parameters is cd alone, to the home).
		return expand.Variable{Set: true, Kind: expand.Indexed, List: append([]string{}, w.pos.args...)}
	case "#":
		if w.pos != nil {
			return strVar(strconv.Itoa(len(w.pos.args)))
		}
	case "0":
		if w.pos != nil && w.pos.zero != "" {
			return strVar(w.pos.zero)
		}
	case "BASH_SOURCE":
		if w.source != "" {
			return strVar(w.source) // ${BASH_SOURCE[0]}, ${BASH_SOURCE%/*}
		}
	}
	if n, err := strconv.Atoi(name); err == nil && n > 0 && w.pos != nil {
		if n <= len(w.pos.args) {
			return strVar(w.pos.args[n-1])
		}
		return expand.Variable{}
	}
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		return strVar("~" + user) // ~user: expand asks for the home of user
	}
	if (name == "PS1" || name == "PS2") && !w.zsh {
		// A non-interactive bash (bash -c, the agent's) unsets the PS1
		// and PS2 it inherits, so no shell the command starts inherits
		// them either: venv's activate sets PS1="(.venv) ${PS1:-}"
		// (FINDINGS56a FP1). zsh keeps them.
		return expand.Variable{}
	}
	if word.IsName(name) && !dynamicVar(name) && w.envHidden == 0 && !placeholderVar(name) {
		return strVar(word.Mark(word.MarkEnv, name))
	}
	return strVar(word.Mark(word.MarkVar, name))
}

// placeholderVar reports whether name is a variable a build tool sets
// for the commands it runs, which the hook's environment does not hold:
// guard's own placeholder for a value it could not work out in a
// makefile, Taskfile or justfile (unknownMakeVar's MAKE_ prefix), and
// npm's npm_package_*, npm_config_* and npm_lifecycle_* (FINDINGS54a U1,
// N1). Its value is unknown, never the empty value of an unset variable.
func placeholderVar(name string) bool {
	for _, p := range [...]string{"MAKE_", "npm_package_", "npm_config_", "npm_lifecycle_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// dynamicVar reports whether a shell variable changes by itself
// ($RANDOM, $SECONDS…), or the shell fills it from the command's own words
// ($_, the last argument; =~'s BASH_REMATCH; extdebug's BASH_ARGV): its
// value is not the environment's, and may be any path.
func dynamicVar(name string) bool {
	switch name {
	case "RANDOM", "SRANDOM", "SECONDS", "LINENO", "BASHPID", "PPID", "EPOCHSECONDS", "EPOCHREALTIME",
		"REPLY", "OPTARG", "OPTIND", "BASH_COMMAND", "PIPESTATUS", "DIRSTACK", "FUNCNAME", "MAPFILE", "COPROC",
		"_", "BASH_REMATCH", "BASH_ARGV", "BASH_ARGC", "BASH_EXECUTION_STRING", "COMP_WORDS", "COMP_LINE", "READLINE_LINE", "HISTCMD":
		return true
	}
	return false
}

// positional are the positional parameters, when the command set them
// (set --, sh -c SCRIPT ARG0 ARGS).
type positional struct {
	zero string
	args []string
}

// setVariable sets a variable in the current scope (keeping the values it
// had too where the assignment may not run: see values.go); a read-only
// one keeps its value, as the shell refuses the assignment. Unset (vr.Set
// false) with no kind removes it, which keeps it unset, not inherited.
func (w *walker) setVariable(name string, vr expand.Variable) {
	w.assignValues(name, []expand.Variable{vr})
}

// storeVar sets name's value in the current scope, as it is.
func (w *walker) storeVar(name string, vr expand.Variable) {
	w.noteGlobVar(name)
	if w.vars == nil {
		w.vars = maps.Clone(w.varsOf)
		if w.vars == nil {
			w.vars = map[string]expand.Variable{}
		}
	}
	w.vars[name] = vr
	if name == "OLDPWD" {
		w.OldDir = nil // cd - goes where the command says (FINDINGS52a P4)
	}
	if name == "DIRSTACK" || name == "dirstack" && w.zshShell {
		w.dirsLost = true // it rewrites the stack popd and ~N read (FINDINGS55b B11; zsh's dirstack: FINDINGS59b B4)
	}
}

// removeVar removes name from the command's variables in the current
// scope.
func (w *walker) removeVar(name string) {
	if _, ok := w.varMap()[name]; !ok {
		return
	}
	if w.vars == nil {
		w.vars = maps.Clone(w.varsOf)
	}
	delete(w.vars, name)
}

// dropVariable forgets a variable the command set: it is inherited again.
func (w *walker) dropVariable(name string) {
	if w.alog != nil {
		w.alog.note(name, w.saveVar(name))
	}
	w.setAlts(name, nil)
	w.removeVar(name)
}

// bounded returns vr, or a value not known when it is larger than the
// bounds.
func bounded(name string, vr expand.Variable) expand.Variable {
	size := len(vr.Str)
	for _, s := range vr.List {
		size += len(s)
	}
	for k, s := range vr.Map {
		size += len(k) + len(s)
	}
	if size > maxVarLen || len(vr.List) > maxElems || len(vr.Map) > maxElems {
		return expand.Variable{Set: true, Kind: expand.String, Str: word.Mark(word.MarkVar, name), Exported: vr.Exported}
	}
	return vr
}

// setString sets a string variable as a builtin does (read, printf -v,
// getopts, ${v:=…}, arithmetic): through namerefs (see setVar).
func (w *walker) setString(name, value string) {
	w.setVar(name, strVar(value))
}

// setUnknown sets a variable to a value guard does not know, as a builtin
// does (see setVar).
func (w *walker) setUnknown(name string) {
	w.setString(name, word.Mark(word.MarkVar, name))
}

// lookup returns the value of a string variable the command set; of an
// array, its element 0, as $V is in bash (CDPATH=(D), PATH[0]=D, read -a
// PATH: FINDINGS53b F5); false for an array without one.
func (w *walker) lookup(name string) (string, bool) {
	v, ok := w.varMap()[w.refTarget(name, declFlags{})] // through namerefs (FINDINGS55b B7)
	if !ok || !v.Set {
		return "", false
	}
	switch v.Kind {
	case expand.String:
		return v.Str, true
	case expand.Indexed:
		if len(v.List) > 0 {
			return v.List[0], true
		}
	case expand.Associative:
		e, ok := v.Map["0"]
		return e, ok
	}
	return "", false
}

// declared reports whether the shell's value of name is its own (set,
// unset or declared by the command, or one the shell knows), not inherited.
func (w *walker) declared(name string) bool {
	if _, ok := w.varMap()[name]; ok {
		return true
	}
	switch name {
	case "HOME", "IFS", "PWD":
		return true
	case "OLDPWD":
		return w.OldDir != nil
	case "@", "*", "#":
		return w.pos != nil
	case "0":
		return w.pos != nil && w.pos.zero != ""
	case "BASH_SOURCE":
		return w.source != ""
	case "PS1", "PS2":
		return !w.zsh // unset by bash -c (variable)
	}
	if n, err := strconv.Atoi(name); err == nil && n > 0 {
		return w.pos != nil
	}
	return false
}

// valueKnown reports whether every part of name's value is known, after
// namerefs: what an operator on it computes is then its result.
func (w *walker) valueKnown(name string) bool {
	for range 8 {
		if !w.declared(name) {
			return false
		}
		v := w.variable(name)
		switch v.Kind {
		case expand.NameRef:
			name = v.Str
			continue
		case expand.Indexed:
			for _, s := range v.List {
				if word.HasMark(s) {
					return false
				}
			}
			return true
		case expand.Associative:
			for k, s := range v.Map {
				if word.HasMark(k) || word.HasMark(s) {
					return false
				}
			}
			return true
		}
		if name == "PWD" && !(strings.HasPrefix(w.Dir, "/") || word.HomeRelative(w.Dir)) {
			return false // the starting directory is the hook's to know
		}
		return !word.HasMark(v.Str)
	}
	return false
}
