package shell

// Editors run scripts of their own language: vim -S FILE, -u FILE, :so
// FILE, :luafile FILE, nvim -l FILE, emacs -l FILE, --script FILE,
// (load-file "FILE"), VIMINIT. Such a file is the editor's program, as
// sh x.sh is the shell's: it is read (bounded) and checked as the text
// the editor runs, whether the command wrote it or it was on disk
// (catalogue.Editors says which options and variables run what).

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// editor analyses what an editor of catalogue.Editors runs: its options'
// text and files, and the variables it runs at start.
func (c *cmd) editor(e *catalogue.Editor) {
	for _, v := range strings.Fields(string(e.Env)) {
		if t, ok := c.envValue(v); ok {
			c.editorText(t, e.EnvLang, 0) // VIMINIT="so x.vim" vim
		}
	}
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" {
			return
		}
		o, val, eq, ok := e.Option(s)
		if !ok {
			continue
		}
		a := word.Word{Text: val, Known: c.args[j].Known}
		if !eq {
			if j+1 >= len(c.args) {
				if s == "-S" {
					c.editorFile(word.Word{Text: "Session.vim", Known: true}, catalogue.LangEx, 0)
				}
				return
			}
			if s == "-S" && strings.HasPrefix(c.args[j+1].Text, "-") {
				c.editorFile(word.Word{Text: "Session.vim", Known: true}, catalogue.LangEx, 0)
				continue
			}
			j++
			a = c.args[j]
		}
		switch {
		case o.Use == catalogue.EditText:
			c.editorText(a.Text, o.Lang, 0)
		case e.Skip.Has(a.Text):
		default:
			c.editorFile(a, o.Lang, 0)
			if o.Use == catalogue.EditFileRest {
				return // nvim -l F ARGS…: the script's arguments
			}
		}
	}
}

// envValue returns the value of variable name in c's program's
// environment: set for it (NAME=v prog, env NAME=v prog), else the
// shell's.
func (c *cmd) envValue(name string) (string, bool) {
	for i := len(c.env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(c.env[i], name+"="); ok {
			return v, true
		}
	}
	return c.w.lookup(name)
}

// editorFile reads the script file a names, that the editor runs as text
// of language l, and checks it as that text; a Lua or Vim script ending in
// .lua is Lua.
func (c *cmd) editorFile(a word.Word, l catalogue.ScriptLang, depth int) {
	f := a.Text
	if f == "" || depth > maxEscapeDepth {
		return
	}
	c.w.Read(f)
	if l == catalogue.LangEx && path.Ext(f) == ".lua" {
		l = catalogue.LangLua
	}
	if l == catalogue.LangLisp && path.Ext(f) == "" && depth < maxEscapeDepth {
		// emacs -l x, (load "x"): x.elc, then x.el, then x
		for _, suf := range []string{".elc", ".el"} {
			c.editorFile(word.Word{Text: f + suf, Known: a.Known}, l, depth+1)
		}
	}
	t, ok := c.codeFile(a, "an editor's script") // vim -S <(…)
	if !ok {
		return
	}
	c.editorText(t, l, depth+1)
	if c.codeName(a) {
		c.scanCode(t) // vim -u <(echo CODE): code given on the line, as -c CODE
	}
}

// editorText checks t, text an editor runs in language l: ex commands are
// analysed (see ex), and every language's text is scanned as a program
// file is (the paths it names, the commands it hands to a shell).
func (c *cmd) editorText(t string, l catalogue.ScriptLang, depth int) {
	switch l {
	case catalogue.LangEx:
		c.ex(t, depth) // a change of 'runtimepath' or 'packpath' is hidden there (exSet)
	case catalogue.LangLisp:
		c.lisp(t, depth)
	case catalogue.LangLua:
		c.luaLoads(t, depth)
	}
	c.scanFile(t, false)
}

// exFile: an ex command of catalogue.ExFileCommands runs the file its
// argument names (:so x.vim, :luafile x.lua): it is read and checked.
// It reports whether name is such a command.
func (c *cmd) exFile(name, arg string, depth int) bool {
	for _, fc := range catalogue.ExFileCommands {
		if !lang.ExAbbrev(name, fc.Name, fc.Min) {
			continue
		}
		arg = strings.TrimLeft(strings.TrimPrefix(arg, "!"), " \t")
		if fc.Name == "runtime" {
			arg = strings.TrimPrefix(strings.TrimPrefix(arg, "START "), "OPT ")
		}
		for i, f := range strings.Fields(arg) {
			if strings.ContainsAny(f, "%#<") && !strings.HasPrefix(f, "|") {
				// :so %, :so <afile>: the file the editor has open, or
				// the one an event names (FINDINGS47b G3)
				c.w.hide("runs the ex command :%s on the file the editor has open, which guard does not read as that", fc.Name)
				break
			}
			if i == 8 || strings.Contains(f, "|") {
				break // the next command
			}
			c.editorFile(word.Word{Text: f, Known: true}, fc.Lang, depth)
		}
		return true
	}
	return false
}

// lisp analyses Emacs Lisp text: the files (load "F") and (load-file
// "F") run are read and checked, and what (shell-command "CMD") and its
// kind run is analysed as a command. A load whose file is not one string
// literal is a file guard cannot tell.
func (c *cmd) lisp(t string, depth int) {
	if strings.Contains(t, "save-buffer") || strings.Contains(t, "save-some-buffers") {
		c.bufferWrite = true // the visited files written back (editorbuffers.go)
	}
	for off := 0; off < len(t); {
		i := strings.IndexByte(t[off:], '(')
		if i < 0 {
			break
		}
		off += i + 1
		rest := t[off:]
		fn := rest
		if k := strings.IndexAny(rest, " \t\n()\""); k >= 0 {
			fn = rest[:k]
		}
		switch {
		case fn == "require":
			if name, ok := lispSymbol(rest[len(fn):]); ok {
				for _, d := range c.lispDirs() {
					c.editorFile(word.Word{Text: path.Join(d, name+".el"), Known: true}, catalogue.LangLisp, depth)
				}
			}
		case catalogue.LispLoads.Has(fn):
			if f, ok := lispString(rest[len(fn):]); ok {
				c.editorFile(word.Word{Text: f, Known: true}, catalogue.LangLisp, depth)
			} else {
				c.w.hide("runs Emacs Lisp that loads a file named by an expression, which guard cannot tell")
			}
		case catalogue.LispProcess.Has(fn):
			c.lispProcess(t[off-1:])
		case catalogue.LispShell.Has(fn):
			if s, ok := lispString(rest[len(fn):]); ok {
				c.w.tentative(s)
			} else {
				c.w.hide("runs Emacs Lisp that hands a shell a command built by an expression, which guard cannot tell")
			}
		}
	}
}

// lispString returns the string literal s starts with (after blanks),
// its \" and \\ escapes undone; false when s starts with anything else.
func lispString(s string) (string, bool) {
	v, _, ok := lispStringLen(strings.TrimLeft(s, " \t\n"))
	return v, ok
}

// lispStringLen returns the string literal s starts with, unescaped, and
// the bytes it takes in s.
func lispStringLen(s string) (string, int, bool) {
	if !strings.HasPrefix(s, `"`) {
		return "", 0, false
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		case '"':
			return b.String(), i + 1, true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", 0, false
}

// lispSymbol returns the quoted symbol s starts with ('x), after blanks.
func lispSymbol(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t\n")
	if !strings.HasPrefix(s, "'") {
		return "", false
	}
	s = s[1:]
	i := 0
	for i < len(s) && strings.IndexByte(" \t\n()\"'", s[i]) < 0 {
		i++
	}
	return s[:i], i > 0 && !strings.Contains(s[:i], "/")
}

// lispDirs returns the directories emacs's require looks in that the
// command names: the working directory and each -L DIR.
func (c *cmd) lispDirs() []string {
	out := []string{"."}
	for j, a := range c.args {
		switch {
		case (a.Text == "-L" || a.Text == "--directory") && j+1 < len(c.args):
			out = append(out, c.args[j+1].Text)
		case strings.HasPrefix(a.Text, "--directory="):
			out = append(out, a.Text[len("--directory="):])
		}
		if len(out) == 8 {
			break
		}
	}
	return out
}

// Lua's and nvim's calls that run a file, and those that run ex commands.
var (
	luaFileCalls = []string{"dofile", "loadfile", "vim.cmd.source", "vim.cmd.so", "vim.cmd.luafile", "vim.cmd.runtime"}
	luaExCalls   = []string{"vim.cmd", "nvim_command", "nvim_exec", "nvim_exec2"}
)

// luaLoads: Lua code an editor runs may run a file (dofile("F"),
// vim.cmd.source("F")) or ex commands (vim.cmd("so F")): read and
// checked. Such a call whose argument is not a string literal is hidden.
func (c *cmd) luaLoads(t string, depth int) {
	if depth > maxEscapeDepth {
		return
	}
	files := lang.FirstLiterals(t, luaFileCalls, false)
	for _, f := range files {
		l := catalogue.LangEx
		if path.Ext(f) == ".lua" || !strings.Contains(f, ".") {
			l = catalogue.LangLua
		}
		c.editorFile(word.Word{Text: f, Known: true}, l, depth)
	}
	for _, x := range lang.FirstLiterals(t, luaExCalls, false) {
		if !slices.Contains(files, x) { // vim.cmd.source("F"): F is a file, not ex text
			c.ex(x, depth+1)
		}
	}
	for _, m := range lang.FirstLiterals(t, []string{"require"}, false) {
		// require("x.y"): ./x/y.lua, ./x/y/init.lua (package.path's ./?.lua)
		if m == "" || strings.ContainsAny(m, "/\\") {
			continue
		}
		base := strings.ReplaceAll(m, ".", "/")
		for _, f := range []string{base + ".lua", base + "/init.lua"} {
			c.editorFile(word.Word{Text: f, Known: true}, catalogue.LangLua, depth)
		}
	}
	if loadPathNamed(t) {
		c.w.hide(loadPathHidden) // vim.opt.rtp:prepend("x"), vim.o.packpath = …
		return
	}
	if f, ok := builtCall(t, append(slices.Clip(luaFileCalls), luaExCalls...)); ok {
		c.w.hide("runs Lua that hands %s a name or a command built by an expression, which guard cannot tell", f)
	}
}

// exBuilt reports whether the argument of :execute holds more than
// string literals (a variable, a function call): it builds its command.
func exBuilt(arg string) bool {
	for i := range exUnquoted(arg) {
		if ch := arg[i]; lang.IsLetter(ch) || ch == '$' || ch == '&' || ch == '@' || ch == '.' {
			return true
		}
	}
	return false
}

// exRunsFile reports whether ex command text l runs a file
// (catalogue.ExFileCommands).
func exRunsFile(l string) bool {
	name, _ := lang.ExWord(lang.SkipExRange(l))
	for _, fc := range catalogue.ExFileCommands {
		if lang.ExAbbrev(name, fc.Name, fc.Min) {
			return true
		}
	}
	return false
}

// lispProcess: a Lisp form that runs a program with arguments
// (call-process, start-process, make-process :command): its string
// literals, from each of the first three (the program comes after a
// process name and a buffer name in some), are analysed as a command.
func (c *cmd) lispProcess(form string) {
	body, ok := lang.Balanced(form)
	if !ok {
		return
	}
	var lits []string
	for rest := body; len(lits) < 64; {
		i := strings.IndexByte(rest, '"')
		if i < 0 {
			break
		}
		s, n, ok := lispStringLen(rest[i:])
		if !ok {
			break
		}
		lits = append(lits, word.Quote(s))
		rest = rest[i+n:]
	}
	for k := 0; k < len(lits) && k < 3; k++ {
		c.w.maybeShell(strings.Join(lits[k:], " "))
	}
}
