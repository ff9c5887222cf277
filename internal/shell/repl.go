package shell

// REPL-like programs: database clients, file-transfer clients and language
// REPLs read a command language of their own that can hand a line to the
// shell (psql's \!, lftp's !, ghci's :!, R's system()). What such text runs
// is analysed as a command run here (a script it names is read, as the
// top-level walk reads it); a command built by an expression guard cannot
// follow is hidden. catalogue.Clients says which options carry such text
// or name a file of it; an unknown program handed text with one of the
// known escape markers gets the same reading (wordsInside).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// client analyses what a program of catalogue.Clients runs: the text of
// its Text options, the files of its Files options and operands, and
// what it reads on standard input.
func (c *cmd) client(cl *catalogue.Client) {
	operands, ran := cl.Operands && c.clientRuns(cl), false
	if cl.Lang == catalogue.ClientPsql {
		c.psqlStart() // -v NAME=VALUE, before the text that uses it
	}
	j := 0
	if cl.Sub != "" {
		j = 1 // jupyter execute: the subcommand
	}
	for ; j < len(c.args); j++ {
		s := c.args[j].Text
		name, val, eq := s, "", false
		if strings.HasPrefix(s, "--") {
			name, val, eq = strings.Cut(s, "=")
			if !eq {
				name = s
			}
		}
		isText, isFile := cl.Text.Has(name), cl.Files.Has(name)
		switch {
		case s == "--":
			operands = false
		case !isText && !isFile:
			if cl.WithArg.Has(name) && !eq {
				j++
				if !clientFileOpts.Has(name) {
					c.spend(j) // -h HOST, -U USER, -d DB: no file
				}
			} else if c.connectionWord(cl, s) {
				c.spend(j)
			} else if operands && !strings.HasPrefix(s, "-") {
				c.clientFile(cl.Lang, c.args[j], 0)
				operands, ran = cl.Each, true // else the script's arguments follow
			}
			continue
		case !eq && j+1 < len(c.args):
			j++
			val = c.args[j].Text
		case !eq:
			continue
		}
		ran = true
		if isText {
			c.replText(cl.Lang, val, 0)
		} else {
			c.clientFile(cl.Lang, word.Word{Text: val, Known: c.args[j].Known}, 0)
		}
	}
	c.clientStdin(cl, ran)
}

// clientStdin analyses what a client reads on standard input: its
// commands (codeInput: a program's output guard cannot tell is hidden),
// unless text or a script of its own was given (psql -c, julia x.jl: the
// input is data then, read as commands only when guard knows it) or the
// server runs it (redis-cli).
func (c *cmd) clientStdin(cl *catalogue.Client, ran bool) {
	switch {
	case c.stdin.file != "" && word.IsKnown(c.stdin.file):
		c.clientFile(cl.Lang, word.Word{Text: c.stdin.file, Known: true}, 0)
	case ran || cl.Lang == catalogue.ClientServer:
		if t, ok := c.inputText(); ok {
			c.replText(cl.Lang, t, 0)
		}
	default:
		if t, ok := c.codeInput("a client's script"); ok {
			c.replText(cl.Lang, t, 0)
		}
	}
}

// clientRuns reports whether a client's options make it run its operands
// (jupyter nbconvert --execute): always, for one without When.
func (c *cmd) clientRuns(cl *catalogue.Client) bool {
	if cl.When == "" {
		return true
	}
	for _, a := range c.args {
		if cl.When.Has(a.Text) {
			return true
		}
	}
	return false
}

// clientFileOpts are the options of catalogue.Clients' WithArg whose value
// names a file (written, read or loaded): not spent as connection words.
const clientFileOpts word.Set = " -o --output -L --log-file --tee --defaults-file --defaults-extra-file --plugin-dir -F "

// connectionWord reports whether s, a word of a database client, only
// says where to connect: psql's and mysql's database and user operands (a
// conninfo or URI holding = or / may name files libpq reads or writes:
// sslkey=, sslkeylogfile=) and mysql's -pPASSWORD; no file.
func (c *cmd) connectionWord(cl *catalogue.Client, s string) bool {
	switch cl.Lang {
	case catalogue.ClientPsql, catalogue.ClientMysql:
		if cl.Lang == catalogue.ClientMysql && strings.HasPrefix(s, "-p") && len(s) > 2 {
			return true
		}
		return !strings.HasPrefix(s, "-") && !strings.ContainsAny(s, "=/~.")
	}
	return false
}

// clientFile reads a file of a client's language that it runs (psql -f F,
// sftp -b F, mongosh x.js) and analyses its text.
func (c *cmd) clientFile(l catalogue.ClientLang, a word.Word, depth int) {
	if a.Text == "" || a.Text == "-" || depth > maxEscapeDepth {
		return
	}
	c.w.Read(a.Text)
	if t, ok := c.w.FileText(a.Text, a.Known, effect.MaxScriptBytes, "a client's script"); ok {
		code, nb := lang.NotebookCode(t)
		if !nb || l != catalogue.ClientCode {
			c.replText(l, t, depth+1)
			return
		}
		c.replText(l, code, depth+1) // a notebook: its code cells
		if m := c.newLoader(lang.Python); m != nil {
			m.program(code, a.Text) // and the modules they import, from its directory
		}
	}
}

// replText analyses text of a client's language l: lines that hand the
// rest to the shell run it (see catalogue.LineEscape), code is scanned as
// interpreter code is, and psql's and mysql's commands are read closely.
func (c *cmd) replText(l catalogue.ClientLang, t string, depth int) {
	switch l {
	case catalogue.ClientPsql:
		c.psqlText(t, depth)
		return
	case catalogue.ClientMysql:
		c.mysqlText(t, depth)
		return
	case catalogue.ClientServer:
		c.w.touchText(t) // the server runs it; the paths it names are touched
		return
	}
	c.escapedLines(t)
	if l == catalogue.ClientCode {
		c.replCode(t)
	}
}

// escapedLines analyses the lines of t that hand the rest of the line to
// the shell (\! CMD, :! CMD, !CMD, .shell CMD) as commands run here.
func (c *cmd) escapedLines(t string) {
	for i, line := range strings.Split(t, "\n") {
		if i == maxTextTokens {
			return
		}
		if rest, ok := catalogue.LineEscape(line); ok {
			c.w.maybeShell(rest)
		}
	}
}

// replCode scans code of a REPL's language as interpreter code (the paths
// it names, the commands it hands a shell); a call that hands the shell a
// command built by an expression (system(paste0(…)), execSync(cmd)) is
// hidden: guard cannot tell what it runs.
func (c *cmd) replCode(t string) {
	c.scanCode(t)
	if f, ok := builtShellCall(t); ok {
		c.w.hide("hands the shell, through %s, a command built by an expression, which guard cannot tell", f)
	}
}

// builtShellCall returns the first call in code of a function of
// catalogue.ShellCallMarkers whose first argument is not a string literal.
func builtShellCall(code string) (string, bool) {
	var fns []string
	for _, m := range catalogue.ShellCallMarkers {
		if f, ok := strings.CutSuffix(m, "("); ok {
			fns = append(fns, f)
		}
	}
	return builtCall(code, fns)
}

// builtCall returns the first call in code of a function of fns whose
// first argument is not a string literal.
func builtCall(code string, fns []string) (string, bool) {
	for _, f := range fns {
		m := f + "("
		for off := 0; off < len(code); {
			i := strings.Index(code[off:], m)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(m)
			if at > 0 && isIdentByte(code[at-1]) {
				continue // filesystem(…), my_system(…)
			}
			rest := strings.TrimLeft(code[off:], " \t\n")
			if rest == "" || strings.IndexByte("\"'`[", rest[0]) < 0 {
				return f, true
			}
		}
	}
	return "", false
}

// replMarked reports whether text handed to a program guard does not know
// holds a REPL's shell escape: a line starting with one of
// catalogue.LineEscapes, or a call of catalogue.ShellCallMarkers.
func replMarked(t string) bool {
	if catalogue.HasShellCall(t) {
		return true
	}
	for i, line := range strings.Split(t, "\n") {
		if i == maxTextTokens {
			break
		}
		if _, ok := catalogue.LineEscape(line); ok {
			return true
		}
	}
	return false
}

// replEscapes: text handed to a program guard has no reading of its own
// for (not a client of catalogue.Clients, not an editor, not sqlite3 or
// gdb), that holds a REPL's shell escape (see replMarked), is read as a
// REPL's code: what its escaped lines and shell calls run is analysed as
// a command run here, and a command built by an expression is hidden.
func (c *cmd) replEscapes(t string) {
	if _, ok := catalogue.ClientNamed(c.name, c.args); ok {
		return
	}
	if _, ok := catalogue.EditorNamed(c.name); ok || ownLanguage.Has(c.name) || !replMarked(t) {
		return
	}
	c.replText(catalogue.ClientCode, t, 0)
}

// ownLanguage are the programs escapes.go reads the command language of.
const ownLanguage word.Set = " sqlite3 sqlite gdb ed red m4 gm4 compgen complete bind less zless xmllint "
