package shell

// An editor a build file's command starts (a make recipe, a package.json
// script, a task, a script they run) loads its start-up files and
// plugins from under HOME, the XDG directories and its runtime directory
// (VIMRUNTIME…). Those commands are scanned, not walked (projectrecipes.go),
// so the variables they set and the ones the command hands them never
// reach editorStartup: a variable of catalogue.EditorStartVars (HOME,
// XDG_*, VIMRUNTIME, VIMINIT…) moved elsewhere than the user's own place (in
// the build file's commands, by the makefile, on make's command line, or
// by the command that runs the build tool), with an editor any of those
// commands may start, is what guard cannot tell (FINDINGS49b G3).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// editorRunners are programs that start the user's editor, or one the
// system picks, whichever it is.
const editorRunners word.Set = " editor sensible-editor select-editor visudo vipw vigr sudoedit crontab "

// recipeEditorHidden is the reason a build file's editor with a moved
// start-up gives.
const recipeEditorHidden = "runs build-file commands that start an editor (%s) with %s set elsewhere than the user's own place: the editor loads its start-up files and plugins from there, and guard cannot tell what the editor loads"

// editorVarMoved reports whether variable name, a variable of
// catalogue.EditorStartVars given value v
// (known: a value guard holds), moves where an editor loads its start-up
// files from.
func (w *walker) editorVarMoved(name, v string, known bool) bool {
	switch {
	case catalogue.EditorHomeVars.Has(name):
		return !w.ownEditorHome(name, v, known)
	case catalogue.EditorLoadVars.Has(name):
		return !known || unknownText(v) || !systemDirs(v)
	case catalogue.EditorInitVars.Has(name):
		return !known || v != "" // vim runs a VIMINIT that is not empty
	}
	return false
}

// callerEditorEnv notes a variable the command that runs the build tool
// set (HOME=x make, export HOME=x; npm run ed): its recipes inherit it.
func (c *cmd) callerEditorEnv() {
	for _, name := range strings.Fields(string(catalogue.EditorStartVars)) {
		if _, ok := c.w.varMap()[name]; !ok {
			continue
		}
		if v, known := c.w.lookup(name); c.w.editorVarMoved(name, v, known) {
			c.recipeMoved = name
			return
		}
	}
}

// makeEditorEnv notes a variable make hands its recipes: one the makefile
// sets (make exports a variable of the environment it overrides, and
// what export names), or make's command line does (make HOME=x).
func (c *cmd) makeEditorEnv(m *makefile) {
	for _, name := range strings.Fields(string(catalogue.EditorStartVars)) {
		if v, ok := m.vars[name]; ok {
			v = c.makeExpand(m, v, 0)
			if c.w.editorVarMoved(name, v, !strings.ContainsAny(v, "$`")) {
				c.recipeMoved = name
			}
		}
	}
	for _, a := range c.args {
		name, v, ok := strings.Cut(a.Text, "=")
		if ok && word.IsName(name) && c.w.editorVarMoved(name, v, a.Known) {
			c.recipeMoved = name
		}
	}
}

// recipeEditorEnv takes the words of a build file's command line and its
// simple commands scs: a variable it sets (NAME=v before a program, env
// NAME=v, export NAME=v;) that moves an editor's start-up, and an editor
// it may start (recipeEditor); both in the commands scanned for one
// command are hidden.
func (c *cmd) recipeEditorEnv(words []word.Word, scs [][]word.Word) {
	for _, wd := range words {
		name, v, ok := strings.Cut(unglued(wd.Text), "=")
		if ok && word.IsName(name) && c.w.editorVarMoved(name, strings.TrimRight(v, ";&|)"), wd.Known) {
			c.recipeMoved = name
		}
	}
	for _, sc := range scs {
		if e := recipeEditor(sc); e != "" {
			c.recipeEditor = e
		}
	}
	if c.recipeMoved != "" && c.recipeEditor != "" && !c.recipeEditorHid {
		c.recipeEditorHid = true
		c.w.hide(recipeEditorHidden, c.recipeEditor, c.recipeMoved)
	}
}

// recipeEditor returns the editor simple command sc of a build file may
// start, or "": its program when that is an editor (vim, nvim, emacs…),
// runs the user's ($EDITOR, editor, sensible-editor), or is git with a
// subcommand that may (git commit); and for a program that runs a command
// or a script given as words (sh -c, xargs, find -exec, watch), any word
// naming one.
func recipeEditor(sc []word.Word) string {
	ws := commandProgram(sc)
	if len(ws) > 0 {
		prog := unglued(ws[0].Text)
		name := path.Base(prog)
		switch {
		case editorName(name):
			return name
		case strings.Contains(prog, "EDITOR") || strings.Contains(prog, "VISUAL"):
			return prog
		case name == "git":
			if sub, rest := gitSubOf(ws[1:]); sub != "" && !gitNeverEdits(sub, rest) {
				return "git " + sub
			}
			return ""
		case inlineCode(name, ws[1:]):
			return name + " code" // os.system("vim"): an editor its code may start
		case !catalogue.Shells.Has(name) && !wordRunners.Has(name):
			return ""
		}
	}
	for _, wd := range sc {
		for _, f := range strings.Fields(wd.Text) {
			n := path.Base(strings.Trim(f, "'\"();&|`{}"))
			if editorName(n) || strings.Contains(f, "EDITOR") {
				return n
			}
		}
	}
	return ""
}

// editorName reports whether program name is an editor (IsEditor), a
// distribution's name for vim (vim.basic, vim.tiny) or runs the user's
// editor (editorRunners).
func editorName(name string) bool {
	return catalogue.IsEditor(name) || editorRunners.Has(name) || strings.HasPrefix(name, "vim.")
}

// wordRunners run a command given as their words.
const wordRunners word.Set = " xargs find watch parallel su sudo doas flock script "

// gitSubOf returns the subcommand of git's words args (after its global
// options), or "", and the words after it.
func gitSubOf(args []word.Word) (string, []word.Word) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "-c" || s == "-C" || s == "--git-dir" || s == "--work-tree" || s == "--namespace":
			j++
		case strings.HasPrefix(s, "-"):
		default:
			return s, args[j+1:]
		}
	}
	return "", nil
}

// makeEvalEnv notes make's --eval texts (evals) that may set a variable
// of catalogue.EditorStartVars: the text is make's language, whose
// assignments and exports (export HOME = x, override VIMINIT := …, a
// name built from variables) guard does not model, so one that names
// such a variable or expands anything is taken as moving it
// (FINDINGS51a F6).
func (c *cmd) makeEvalEnv(evals []string) {
	for _, e := range evals {
		if strings.Contains(e, "$") {
			c.recipeMoved = "a variable make's --eval text sets"
			return
		}
		for _, f := range strings.FieldsFunc(e, func(r rune) bool { return r > 127 || !word.IsWordChar(byte(r)) }) {
			if catalogue.EditorStartVars.Has(f) {
				c.recipeMoved = f
				return
			}
		}
	}
}

// inlineCode reports whether interpreter name runs code given in its
// words args (python3 -c, node -e, perl -ne): code guard does not
// analyse in a build file's command, which may start an editor
// (FINDINGS52b F11).
func inlineCode(name string, args []word.Word) bool {
	in, ok := catalogue.InterpreterOf(name)
	if !ok {
		return false
	}
	for _, a := range args {
		s := a.Text
		if in.Code.Has(s) || len(s) > 2 && s[0] == '-' && s[1] != '-' && (in.Cluster != 0 && s[len(s)-1] == in.Cluster || in.Code.Has(s[:2])) {
			return true
		}
		if o, _, eq := strings.Cut(s, "="); eq && strings.HasPrefix(o, "--") && in.Code.Has(o) {
			return true
		}
	}
	return false
}
