package shell

// Ex text is default deny: an ex command of
// catalogue.ExCommands is taken for what it does with its argument (a file
// it opens is read and written, one it reads read, one it writes written;
// vim script expressions that write or run with a built argument are
// hidden); any other ex command, in text from an option, a file or
// standard input, is one guard does not know: hidden. A capitalised name
// is a user command: the user's own configuration defines it (one the
// text defines with :command is analysed there).

import (
	"iter"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// exKnown analyses ex command name with argument arg by catalogue.ExCommands
// and returns the next command on its line (after a |), or "".
func (c *cmd) exKnown(name, arg string, depth int) string {
	if name == "" {
		return c.exSymbol(arg)
	}
	if strings.HasPrefix(name, "ZZ") {
		c.bufferWrite = true // normal mode's ZZ: write the buffer and quit
	}
	if name[0] >= 'A' && name[0] <= 'Z' {
		return exNext(arg) // a user command: the user's configuration
	}
	if exAllBuffers(name) {
		c.bufferWrite = true // :wall, :wqall, :xall
	}
	e, ok := catalogue.LookupEx(name)
	if !ok {
		c.w.hide("runs the ex command :%s, which guard does not know to be harmless", name)
		return ""
	}
	file := exFileArg(arg)
	if strings.ContainsRune(file, '`') {
		c.w.hide("runs the ex command :%s with a `…` file name, which vim expands by running it", name)
		return ""
	}
	switch e.Use {
	case catalogue.ExEdits:
		if file != "" {
			c.w.Read(file)
			c.w.Write(file) // a later :w, :wq, :x writes the buffer back
		}
	case catalogue.ExReads:
		if file != "" {
			c.w.Read(file)
		}
	case catalogue.ExWrites:
		if f := strings.TrimLeft(strings.TrimLeft(file, "!>"), " \t"); f != "" && !strings.HasPrefix(f, "@") && !strings.HasPrefix(f, "=") && f != "END" {
			c.w.Write(f) // :w >> F, :redir! > F; not :redir @a, => var, END
		} else if f == "" && exBufferWrite(e.Name, arg) {
			c.bufferWrite = true // :w, :wq, :x, :up: the buffer to its own file (FINDINGS58b B18)
		}
	case catalogue.ExChdir:
		if file != "" && file != "-" {
			c.w.hide("runs the ex command :%s, which changes the directory later names resolve against", name)
		}
	case catalogue.ExShell:
		c.w.tentative(e.Prog + " " + strings.TrimSpace(strings.TrimPrefix(arg, "!")))
	case catalogue.ExKeys:
		c.exKeys(arg, depth)
		return "" // a mapping's | is its own (<Bar>) only when escaped: the rest is its text
	case catalogue.ExExpr:
		c.exExpr(arg)
		return exNextCode(arg)
	case catalogue.ExHarmless:
		if e.Name == "set" || e.Name == "setlocal" || e.Name == "setglobal" {
			c.exSet(arg)
		}
	}
	return exNext(arg)
}

// exNext returns the command after the first | of arg, or "".
func exNext(arg string) string {
	_, after, _ := strings.Cut(arg, "|")
	return after
}

// exNextCode returns the command after the first | of vim script arg
// that is outside its string literals, or "".
func exNextCode(arg string) string {
	for i := range exUnquoted(arg) {
		if arg[i] == '|' {
			return arg[i+1:]
		}
	}
	return ""
}

// exUnquoted yields the index of each byte of vim script arg outside its
// string literals ("…" with backslash escapes, '…'), the quotes themselves left out.
func exUnquoted(arg string) iter.Seq[int] {
	return func(yield func(int) bool) {
		var quote byte
		for i := 0; i < len(arg); i++ {
			switch ch := arg[i]; {
			case quote != 0:
				if ch == quote {
					quote = 0
				} else if ch == '\\' && quote == '"' {
					i++
				}
			case ch == '"' || ch == '\'':
				quote = ch
			default:
				if !yield(i) {
					return
				}
			}
		}
	}
}

// exFileArg returns the file an ex command's argument names: after a !
// of the command itself and ++opt/+cmd arguments, up to a |; "" for
// none, the current file (%, #) or a shell command (!CMD is analysed
// before).
func exFileArg(arg string) string {
	a := strings.TrimPrefix(arg, "!")
	a, _, _ = strings.Cut(a, "|")
	a = strings.TrimSpace(a)
	for strings.HasPrefix(a, "+") {
		_, a, _ = strings.Cut(a, " ")
		a = strings.TrimSpace(a)
	}
	if a == "" || a[0] == '%' || a[0] == '#' {
		return ""
	}
	return a
}

// exSymbol analyses an ex command that is a sign, not a name: a comment,
// :&&, :~, :<, :>, := are harmless; :@r and :*r run a register's text.
func (c *cmd) exSymbol(arg string) string {
	a := strings.TrimLeft(arg, " \t")
	switch {
	case a == "" || a[0] == '"' || a[0] == '#':
		return ""
	case a[0] == '@' || a[0] == '*':
		c.w.hide("runs ex commands from a register (:@), which guard cannot tell")
		return ""
	case strings.IndexByte("&~<>=|", a[0]) >= 0:
		return exNext(a[1:])
	case a[0] == '\\':
		return "" // a continuation line, joined to the one before
	}
	c.w.hide("runs ex text guard cannot parse")
	return ""
}

// exKeys analyses normal-mode keys (:normal, a mapping's right side):
// the text after each : up to the end of its line (<CR>, ^M) is ex
// commands; a ! filter runs the rest as a shell command.
func (c *cmd) exKeys(keys string, depth int) {
	keys = strings.TrimPrefix(keys, "!")
	if strings.Contains(keys, "@") {
		c.w.hide("runs normal-mode keys that execute a register (@), which guard cannot tell")
		return
	}
	for _, cr := range []string{"<CR>", "<cr>", "<Enter>", "\r", "^M", `\r`} {
		keys = strings.ReplaceAll(keys, cr, "\n")
	}
	if strings.Contains(keys, "ZZ") {
		c.bufferWrite = true // :norm ZZ writes the buffer
	}
	for _, line := range strings.Split(keys, "\n") {
		if i := strings.IndexByte(line, ':'); i >= 0 {
			c.ex(line[i+1:], depth+1)
		} else if i := strings.LastIndexByte(line, '!'); i >= 0 {
			c.w.tentative(line[i+1:]) // !!CMD, !ipCMD: a filter
		}
	}
}

// exExpr checks a vim script expression: a call of a function of
// catalogue.ExRiskyFuncs whose arguments are not all literals builds what
// it writes or runs (its literals are scanned as a program's).
func (c *cmd) exExpr(expr string) {
	if opt, val, ok := exOptionLet(expr); ok {
		if v, lit := lang.Literals(val), strings.TrimSpace(val); len(v) == 1 && len(lit) == len(v[0])+2 {
			c.exSet(opt + "=" + strings.ReplaceAll(v[0], " ", `\ `)) // let &makeprg = 'sh x.sh'
		} else if catalogue.ExSetRuns.Has(opt) || catalogue.ExSetFiles.Has(opt) || catalogue.ExSetExprs.Has(opt) || catalogue.ExSetLoads.Has(opt) {
			c.w.hide("runs vim script that sets '%s' to a value built at run time, which guard cannot tell", opt)
			return
		}
	}
	if strings.Contains(expr, "(") && loadPathNamed(expr) {
		c.w.hide(loadPathHidden) // call nvim_set_option('rtp', …), setbufvar(1, '&rtp', …)
		return
	}
	for _, k := range lang.FirstLiterals(expr, []string{"feedkeys"}, false) {
		c.exKeys(k, 0) // call feedkeys(":e x\r")
	}
	for off := 0; off < len(expr); {
		i := strings.IndexByte(expr[off:], '(')
		if i < 0 {
			return
		}
		i += off
		off = i + 1
		k := i
		for k > 0 && (word.IsWordChar(expr[k-1]) || expr[k-1] == ':' || expr[k-1] == '#') {
			k--
		}
		fn := strings.TrimPrefix(expr[k:i], "s:")
		if fn == "" || !catalogue.ExRiskyFuncs.Has(fn) {
			continue
		}
		if args, ok := lang.Balanced(expr[i:]); !ok || exBuilt(strings.ReplaceAll(args, "expand(", "(")) {
			c.w.hide("runs vim script that calls %s() with an argument built at run time, which guard cannot tell", fn)
			return
		}
	}
}

// exSet analyses :set: an option whose value is a program runs it later
// (makeprg, shell), one whose value names a file vim writes writes it, one
// whose value is an expression is hidden.
func (c *cmd) exSet(arg string) {
	arg, _, _ = strings.Cut(arg, "|")
	for _, f := range strings.Fields(strings.ReplaceAll(arg, `\ `, "\x00")) {
		name, val, ok := f, "", false
		if i := strings.IndexAny(f, "=:"); i >= 0 {
			name, val, ok = f[:i], f[i+1:], true // :set opt=v, :set opt:v
		}
		name = strings.TrimRight(name, "+-^")
		val = strings.ReplaceAll(val, "\x00", " ")
		switch {
		case !ok:
		case catalogue.ExSetLoads.Has(name):
			// vim's start-up sources plugin/ and pack/*/start/ of the new
			// directories, :runtime and filetypes load from them later
			c.w.hide(loadPathHidden)
		case catalogue.ExSetRuns.Has(name):
			c.w.tentative(val)
		case catalogue.ExSetFiles.Has(name):
			for _, d := range strings.Split(val, ",") {
				if d != "" && d != "." {
					c.w.Write(d)
				}
			}
		case catalogue.ExSetExprs.Has(name):
			c.w.hide("runs vim script that sets '%s', an expression vim evaluates later", name)
		default:
			c.exSetOther(name, val)
		}
	}
}

// exSetOther analyses :set of an option of none of exSet's classes: the n
// flag of 'viminfo'/'shada' is the file vim writes on exit; a search
// option's places are read; any other option whose value holds a path-like
// word is one guard has no class for, which it cannot tell (default-deny:
// never harmless).
func (c *cmd) exSetOther(name, val string) {
	items := strings.Split(val, ",")
	switch {
	case catalogue.ExSetFlagFiles.Has(name):
		for i, it := range items {
			if strings.HasPrefix(it, "n") && len(it) > 1 {
				c.w.Write(it[1:])                                                      // vi+=n/x: the n flag's file
				c.w.Write(strings.Join(append([]string{it[1:]}, items[i+1:]...), ",")) // the rest of the value, commas and all
			}
		}
	case catalogue.ExSetSearch.Has(name):
		for _, it := range items {
			if it = strings.TrimRight(it, ";"); it != "" && !strings.ContainsAny(it, "*?[") {
				c.w.Read(it)
			}
		}
	default:
		for _, it := range items {
			if pathToken(it) {
				c.w.hide("runs vim script that sets '%s' to a value naming a file (%s), an option guard has no class for, so it cannot tell what vim does with it", name, word.Quote(it))
				return
			}
		}
	}
}

// exTextStart reports whether ex line l is :append, :insert or :change
// alone: the lines after it, up to a lone ".", are text, not commands.
func exTextStart(l string) bool {
	name, arg := lang.ExName(lang.SkipExRange(l))
	if name == "" || strings.TrimSpace(strings.TrimPrefix(arg, "!")) != "" {
		return false
	}
	e, ok := catalogue.LookupEx(name)
	return ok && e.Use == catalogue.ExText
}

// exDefers analyses the ex commands that run text later: :normal's keys,
// :command's replacement (after its -attributes and name) and :autocmd's
// command (after an optional group, the events, the pattern and ++opts).
func (c *cmd) exDefers(name, arg string, depth int) {
	if lang.ExAbbrev(name, "normal", 4) {
		c.exKeys(arg, depth)
		return
	}
	f := strings.Fields(strings.TrimPrefix(arg, "!"))
	skip := 0
	if lang.ExAbbrev(name, "command", 3) {
		for skip < len(f) && strings.HasPrefix(f[skip], "-") {
			skip++
		}
		skip++ // the command's name
	} else {
		skip = 2 // events, pattern
		if len(f) > 2 && exEvents(f[0]) && exEvents(f[1]) {
			skip = 3 // a group first
		}
		for skip < len(f) && strings.HasPrefix(f[skip], "++") {
			skip++
		}
	}
	if skip < len(f) {
		c.ex(strings.Join(f[skip:], " "), depth+1)
	}
}

// exEvents reports whether s looks like autocmd events: BufRead,BufNewFile.
func exEvents(s string) bool {
	for _, e := range strings.Split(s, ",") {
		if e == "" || e[0] < 'A' || e[0] > 'Z' {
			return false
		}
		for i := 0; i < len(e); i++ {
			if !lang.IsLetter(e[i]) {
				return false
			}
		}
	}
	return true
}

// exOptionLet splits :let &NAME = VALUE (also &l:NAME, &g:NAME, .=, +=)
// into the option and its value expression.
func exOptionLet(expr string) (string, string, bool) {
	t := strings.TrimLeft(expr, " \t")
	if !strings.HasPrefix(t, "&") {
		return "", "", false
	}
	t = strings.TrimPrefix(strings.TrimPrefix(t[1:], "l:"), "g:")
	i := strings.IndexByte(t, '=')
	if i <= 0 {
		return "", "", false
	}
	return strings.TrimRight(t[:i], " \t.+-"), t[i+1:], true
}

// exAllBuffers reports whether ex command name writes every changed
// buffer to its file (:wall, :wqall, :xall).
func exAllBuffers(name string) bool {
	return lang.ExAbbrev(name, "wall", 2) || lang.ExAbbrev(name, "wqall", 3) || lang.ExAbbrev(name, "xall", 2)
}

// exBufferWrite reports whether ex command name (an ExWrites one) with
// argument arg and no file writes the buffer to the file it has open:
// :w, :w!, :wq, :x, :exit, :up; not :w !CMD, whose lines go to CMD.
func exBufferWrite(name, arg string) bool {
	switch name {
	case "write", "wq", "xit", "exit", "update":
		return !strings.HasPrefix(strings.TrimLeft(strings.TrimPrefix(arg, "!"), " \t"), "!")
	}
	return false
}
