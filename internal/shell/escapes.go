package shell

// Programs with a command language of their own that can run a shell
// command or open files: vim's and ex's :!, sqlite3's .shell and .system,
// gdb's shell, ed's !, m4's syscmd, xmllint --shell's save, less's +!,
// and the bash builtins that run a string (compgen -C, complete -C,
// bind -x; mapfile -C is in builtins.go). What such text runs is analysed
// as a command (it is one: these programs hand it to a shell); the files
// its commands name are read or written. The words and the standard input
// of such a program are taken as words inside words too (tokens.go), so a
// path the language names another way is still touched.

import (
	"iter"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxEscapeDepth bounds commands inside commands of such a language (vim's
// :execute, sqlite3's .read of a file the command wrote).
const maxEscapeDepth = 4

// escapes analyses what c's program runs from text of its own command
// language, and the scripts of the build tools that run commands from a
// file the command wrote (recipes.go).
func (c *cmd) escapes() {
	c.replSubcommand() // flask shell < F, python3 manage.py shell < F
	if e, ok := catalogue.EditorNamed(c.name); ok {
		c.editor(e) // editors.go: the scripts it runs
	}
	c.editorStartup() // editorenv.go: where an editor loads its start-up code
	c.editorRunner()  // editorenv.go: crontab -e, sudoedit with VIMINIT or HOME moved
	c.readerStartup() // readerstartup.go: HOME=x less a.txt
	if cl, ok := catalogue.ClientNamed(c.name, c.args); ok {
		c.client(cl) // repl.go, dbclients.go: its command language
		if cl.Lang == catalogue.ClientMysql {
			c.mysqlOptions()
		}
	}
	c.includes() // includes.go: XML, AsciiDoc, TeX
	switch c.name {
	case "vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim", "rview", "evim", "nex", "nvi", "gex":
		c.vim()
	case "sqlite3", "sqlite":
		c.sqlite()
	case "gdb":
		c.gdb()
	case "ed", "red":
		c.ed()
	case "m4", "gm4":
		c.m4()
	case "compgen", "complete", "bind":
		c.builtinCallback()
	case "less", "zless":
		c.lessCommands()
	case "xmllint":
		c.xmllintShell()
	case "make", "gmake", "bmake":
		c.make()
	case "npm", "yarn", "pnpm", "bun", "deno", "node", "corepack":
		if c.name == "npm" || c.name == "yarn" || c.name == "pnpm" {
			c.nodeSettings()
		} else if c.name == "corepack" && len(c.args) > 0 {
			c.corepackSettings() // corepack npm test --node-options=…
		} else if c.name == "bun" {
			c.bunSettings()
		}
		c.packageScripts()
	case "node-gyp":
		c.gypCode(c.npmDir(), "node-gyp builds a native addon") // recipes.go
	case "cargo":
		c.cargoSettings()
	case "git":
		c.gitFiles()
	case "patch", "gpatch":
		c.patchNames()
	case "ssh", "autossh":
		c.sshInput()
	}
}

// writtenArg returns the text of the file word a names when the command
// wrote it earlier with text guard knows.
func (c *cmd) writtenArg(a word.Word) (string, bool) {
	if !a.Known {
		return "", false
	}
	return c.w.WrittenText(a.Text)
}

// vim: +CMD, --remote-send and --remote-expr are ex commands; -s names a
// file of normal-mode keys (run when the command wrote it); in ex mode
// (ex, vim -e, -es) standard input holds ex commands too. -c, --cmd, -S,
// -u and the variables vim runs are catalogue.Editors' (editors.go).
func (c *cmd) vim() {
	exMode := c.name == "ex" || c.name == "nex" || c.name == "gex"
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case (s == "--remote-send" || s == "--remote-expr") && j+1 < len(c.args):
			j++
			c.ex(c.args[j].Text, 0)
		case (s == "-c" || s == "--cmd" || s == "-S" || s == "-u" || s == "-U" || s == "-l") && j+1 < len(c.args):
			j++ // editors.go
		case strings.HasPrefix(s, "+") && len(s) > 1:
			c.ex(s[1:], 0)
		case s == "-s" && !exMode && j+1 < len(c.args):
			j++
			c.editorFile(c.args[j], catalogue.LangEx, 0) // keys: their : lines are ex commands
		case s == "-e" || s == "-es" || s == "-E" || s == "-Es" || s == "-s":
			exMode = true
		case s == "-":
			exMode = false // the buffer comes on standard input
		}
	}
	switch {
	case !exMode:
	case c.stdin.file != "" && word.IsKnown(c.stdin.file):
		c.editorFile(word.Word{Text: c.stdin.file, Known: true}, catalogue.LangEx, 0) // vim -es < x.vim
	default:
		if t, ok := c.codeInput("ex commands"); ok {
			c.ex(t, 0)
		}
	}
}

// ex analyses the shell commands of ex command text: :!CMD, :r !CMD,
// :w !CMD, :terminal CMD, system('CMD') and the commands :execute builds
// from its string literals; the code of :python, :lua, :perl and :ruby is
// scanned as an interpreter's; :w FILE writes FILE.
func (c *cmd) ex(text string, depth int) {
	if depth > maxEscapeDepth {
		return
	}
	if editorEnvSet(text) {
		c.w.hide(editorEnvHidden) // let $HOME = "x": vim sources x/.vimrc
		return
	}
	for _, sc := range lang.ShellStrings(text) {
		c.w.maybeShell(sc) // call system('…')
	}
	for _, x := range lang.FirstLiterals(text, []string{"execute", "win_execute"}, false) {
		if exRunsFile(x) {
			c.ex(x, depth+1) // call execute('so x.vim')
		}
	}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if i >= maxTextTokens {
			return
		}
		if exTextStart(lines[i]) { // :append: text up to a lone "."
			for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "." {
				i++
			}
			i++
			continue
		}
		for rest := lines[i]; rest != ""; {
			r := lang.SkipExRange(rest)
			if r != rest && strings.HasPrefix(r, "!") {
				// :%!CMD, :'<,'>!CMD: a filter fed the buffer's lines, the
				// file the editor has open (FINDINGS47b G3)
				c.w.runsHanded(r[1:], "vim's filter")
				break
			}
			rest = c.exCommand(r, depth)
		}
	}
}

// exCommand analyses one ex command, l, and returns the next command on
// its line (after a |), or "".
func (c *cmd) exCommand(l string, depth int) string {
	name, arg := lang.ExName(l)
	bang := strings.TrimLeft(arg, " \t")
	if w, rest := lang.ExWord(l); w != name {
		switch {
		case c.exFile(w, rest, depth):
			return "" // :py3f FILE, :py3file FILE
		case lang.ExAbbrev(w, "vim9cmd", 4):
			c.ex(rest, depth+1) // :vim9cmd CMD, :vim9 CMD: CMD runs
			return ""
		case w == "vim9script":
			return "" // the script's syntax: its lines are read as they come
		case !lang.ExCode(name):
			// a name vim reads with digits that guard does not know (not
			// an abbreviation of the letters before them: FINDINGS49b G4)
			c.w.hide("runs the ex command %s, which guard does not know", word.Quote(w))
			return ""
		}
	}
	switch {
	case strings.HasPrefix(l, "!"):
		c.w.tentative(l[1:]) // to the end of the line: a | is the shell's
	case lang.ExAbbrev(name, "read", 1) && strings.HasPrefix(bang, "!"):
		c.w.tentative(bang[1:]) // :r !CMD, :r!CMD
	case (lang.ExAbbrev(name, "write", 1) || lang.ExAbbrev(name, "update", 2)) && bang != arg && strings.HasPrefix(bang, "!"):
		c.w.runsHanded(bang[1:], "vim's :write") // :w !CMD: fed the buffer; :w! F is a forced write
	case lang.ExAbbrev(name, "terminal", 3):
		c.w.tentative(strings.TrimLeft(lang.SkipExOpts(arg), " \t"))
	case lang.ExAbbrev(name, "execute", 3):
		joined := strings.Join(lang.Literals(arg), " ")
		if exBuilt(arg) {
			// default deny: a command built at run time
			c.w.hide("runs vim script that executes a command built by an expression, which guard cannot tell")
			return ""
		}
		c.ex(joined, depth+1)
	case lang.ExModifier(name) && !lang.ExRunsRest(name) || lang.ExAbbrev(name, "silent", 3):
		// :silent! CMD, :keepjumps CMD, :vert CMD: CMD runs
		c.ex(strings.TrimPrefix(arg, "!"), depth+1)
	case lang.ExAbbrev(name, "normal", 4) || lang.ExAbbrev(name, "command", 3) || lang.ExAbbrev(name, "autocmd", 2):
		c.exDefers(name, arg, depth) // excmds.go
	case lang.ExRunsRest(name):
		// a modifier or a command that runs the rest: silent !CMD,
		// g/re/!CMD, autocmd VimEnter * !CMD, normal :!CMD
		c.ex(lang.ExRest(arg), depth+1)
	case lang.ExCode(name):
		if loadPathNamed(arg) {
			c.w.hide(loadPathHidden) // :lua vim.opt.rtp:prepend('x'), :py3 vim.command('set rtp^=x')
		}
		c.scanCode(arg)
		if strings.HasPrefix(name, "lua") {
			c.luaLoads(arg, depth+1) // :lua dofile("x.lua")
		}
	case c.exFile(name, arg, depth):
		// :source FILE, :luafile FILE…: read and checked (editors.go)
	default:
		return c.exKnown(name, arg, depth) // excmds.go
	}
	return ""
}

// sqliteWithArg are sqlite3's options that take the next word.
const sqliteWithArg word.Set = " -separator -newline -nullvalue -vfs -mmap -maxsize -pagecache -lookaside -heap -escape -hexkey -key -textkey "

// sqlite: the first operand is the database; the others, -cmd's values,
// the -init file (else ~/.sqliterc) the command wrote and standard input
// are SQL and dot-commands (see sql).
func (c *cmd) sqlite() {
	defer c.w.keepDirs()() // .cd DIR moves sqlite3, not the shell
	db, rc, given := true, "~/.sqliterc", false
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		o := a.Text
		if strings.HasPrefix(o, "--") {
			o = o[1:]
		}
		switch {
		case o == "-cmd" && j+1 < len(c.args):
			j++
			c.sql(c.args[j].Text, 0)
		case o == "-init" && j+1 < len(c.args):
			j++
			if t, ok := c.codeFile(c.args[j], "an sqlite3 script"); ok {
				c.sql(t, 0) // -init F, -init <(…), -init /dev/stdin
			}
			rc = ""
		case o == "-A" || o == "-archive" || strings.HasPrefix(a.Text, "-A"):
			// -A ARGS…: the rest of the words are an .archive command
			rest := append([]word.Word{}, c.args[j+1:]...)
			if x := strings.TrimPrefix(a.Text, "-A"); x != "" && x != a.Text && !strings.HasPrefix(o, "-archive") {
				rest = append([]word.Word{{Text: "-" + x, Known: a.Known}}, rest...)
			}
			c.sqliteAr(rest)
			return
		case sqliteWithArg.Has(o):
			j++
		case strings.HasPrefix(o, "-"):
		case db:
			db = false
			if u, ok := sqliteURI(a.Text); ok {
				c.w.Read(u) // a file: URI: the file it names, opened or created
				c.w.Write(u)
			}
		default:
			c.sql(a.Text, 0)
			given = true // SQL of its own: standard input is not read
		}
	}
	if t, ok := c.w.WrittenText(rc); ok && rc != "" {
		c.sql(t, 0) // ~/.sqliterc, that the command wrote
	}
	if given {
		return
	}
	if t, ok := c.codeInput("an sqlite3 script"); ok {
		c.sql(t, 0) // sqlite3 db < x.sql: the file's SQL and dot-commands
	}
}

// sqliteURI returns the file a database name given as an SQLite URI names
// (file:NAME, file://HOST/NAME, with ?… and #… cut off and %HH decoded),
// or false when name is not one.
func sqliteURI(name string) (string, bool) {
	if len(name) < 5 || !strings.EqualFold(name[:5], "file:") {
		return "", false
	}
	u := name[5:]
	if rest, ok := strings.CutPrefix(u, "//"); ok {
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			u = rest[i:] // the authority: empty or localhost
		}
	}
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return percentDecode(u), true
}

// percentDecode undoes %HH escapes; a % not followed by two hex digits
// stays.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// isHex reports whether b is a hexadecimal digit.
func isHex(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}

// unhex returns the value of hexadecimal digit b.
func unhex(b byte) byte {
	switch {
	case b >= 'a':
		return b - 'a' + 10
	case b >= 'A':
		return b - 'A' + 10
	}
	return b - '0'
}

// sqliteUnescape undoes the backslash escapes sqlite3's shell resolves in
// a double-quoted dot-command argument (resolve_backslashes): \a \b \t
// \n \v \f \r \" \' \\, \xHH and \NNN (octal).
func sqliteUnescape(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		c := s[i]
		switch {
		case strings.IndexByte("abtnvfr", c) >= 0:
			b.WriteByte("\a\b\t\n\v\f\r"[strings.IndexByte("abtnvfr", c)])
		case c == 'x':
			v, n := byte(0), 0
			for n < 2 && i+1 < len(s) && isHex(s[i+1]) {
				i++
				v, n = v<<4|unhex(s[i]), n+1
			}
			b.WriteByte(v)
		case c >= '0' && c <= '7':
			v := c - '0'
			for n := 1; n < 3 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7'; n++ {
				i++
				v = v<<3 | (s[i] - '0')
			}
			b.WriteByte(v)
		default:
			b.WriteByte(c) // \" \' \\ and any other: the character
		}
	}
	return b.String()
}

// sqliteNames returns the files a dot-command's file argument may name:
// as written, with sqlite3's backslash escapes undone, and the file an
// SQLite URI names.
func sqliteNames(f string) []string {
	out := []string{f}
	if u := sqliteUnescape(f); u != f {
		out = append(out, u)
	}
	for _, n := range out {
		if u, ok := sqliteURI(n); ok {
			out = append(out, u)
		}
	}
	return out
}

// sql analyses sqlite3 input: its dot-commands (see dotCommand), and the
// string literals of its SQL (readfile('F'), writefile('F', …), ATTACH
// 'F', VACUUM INTO 'F', load_extension('F')), read and touched.
func (c *cmd) sql(text string, depth int) {
	if depth > maxEscapeDepth {
		return
	}
	// The text is bounded by its source: the command's words, or a file
	// read whole within its bound.
	for _, line := range strings.Split(text, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, ".") {
			c.dotCommand(l, depth)
			continue
		}
		c.sqliteRuns(l) // edit(), load_extension() (dbclients.go)
		if f, ok := sqlBuiltPath(l); ok {
			c.w.hide("sqlite3 %s with a file name built by SQL (||, char(), unhex(), x'…'): guard cannot tell the file it names", f)
			return
		}
		for _, lit := range lang.Literals(l) {
			if u, ok := sqliteURI(lit); ok {
				lit = u // ATTACH 'file:…', VACUUM INTO 'file:…'
			}
			if pathToken(lit) {
				c.w.Read(lit)
				c.w.Touch(lit)
			}
		}
		for _, f := range sqlFileLiterals(l, sqlFilePlaces()...) {
			// A name by its place, whatever it looks like: writefile('$(…)')
			// holds a run-time name.
			for _, n := range sqliteNames(f) {
				c.w.Read(n)
				c.w.Touch(n)
			}
		}
		for _, d := range sqlFileLiterals(l, "fsdir") {
			for _, n := range sqliteNames(d) {
				c.w.ReadTree(n) // fsdir('D'): every file below D, with its data
			}
		}
	}
}

// sqlFileLiterals returns the text of the string literals SQL line l gives
// in a file-naming place of places: the first argument of a file function
// (sqlFilePlaces), ATTACH's and VACUUM INTO's target. sqlBuiltPath has
// hidden a name there that is not one literal.
func sqlFileLiterals(l string, places ...string) []string {
	low := strings.ToLower(l)
	code := sqlCode(low)
	var out []string
	for _, rest := range sqlTargets(code, places...) {
		if len(out) >= maxSQLNames {
			break
		}
		s := l[len(l)-len(rest):]
		if after, ok := sqlAfterLiteral(s); ok {
			lit := strings.TrimRight(s[:len(s)-len(after)], " \t")
			out = append(out, strings.ReplaceAll(lit[1:len(lit)-1], "''", "'"))
		}
	}
	return out
}

// maxSQLNames bounds the file-naming literals read in one SQL line.
const maxSQLNames = 16

// sqlFilePlaces are the keywords of SQL that name a file in sqlite3's
// shell: its functions that read, write or load the file their first
// argument names, ATTACH's target and VACUUM INTO's (see sqlTargets).
// The functions come from the table SQLFiles reads (lang.SQLiteFileFuncs).
func sqlFilePlaces() []string {
	return append(lang.SQLiteFileFuncs(), "load_extension", "attach", "into")
}

// sqlBuiltPath reports the first file-naming place of SQL line l
// (sqlFilePlaces) whose name is not one string literal: a function's
// first argument ('…' followed by , or ) ), ATTACH's or VACUUM INTO's
// target: a name the SQL builds (readfile('/x/.bash'||'rc'),
// writefile(char(47,…)), readfile(x'2f…'), a column, ATTACH 'a'||'b'),
// which guard cannot tell.
func sqlBuiltPath(l string) (string, bool) {
	low := strings.ToLower(l)
	for kw, rest := range sqlTargets(sqlCode(low), sqlFilePlaces()...) {
		at := low[len(low)-len(rest):]
		switch {
		case kw == "attach" || kw == "into":
			if !sqlTargetLiteral(at) {
				return strings.ToUpper(kw), true
			}
		case !sqlLoneLiteral(at):
			return kw + "()", true
		}
	}
	return "", false
}

// sqlTargets yields, for each whole-word keyword of kws in code (SQL in
// lower case, its literals blanked: sqlCode) that names a file there, the
// keyword and the text after it where the name starts: ATTACH [DATABASE]
// TARGET, VACUUM [SCHEMA] INTO TARGET (INSERT INTO names a table), a
// function's first argument (writefile(TARGET, …)).
func sqlTargets(code string, kws ...string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, kw := range kws {
			for off := 0; off < len(code); {
				i := strings.Index(code[off:], kw)
				if i < 0 {
					break
				}
				at := off + i
				off = at + len(kw)
				if at > 0 && isIdentByte(code[at-1]) || off < len(code) && isIdentByte(code[off]) {
					continue
				}
				rest := strings.TrimLeft(code[off:], " \t")
				switch kw {
				case "attach":
					if strings.HasPrefix(rest, "database") {
						rest = strings.TrimLeft(rest[len("database"):], " \t")
					}
				case "into":
					if !sqlVacuum(code[:at]) {
						continue // INSERT INTO: a table, not a file
					}
				default:
					if !strings.HasPrefix(rest, "(") {
						continue
					}
					rest = strings.TrimLeft(rest[1:], " \t")
				}
				if !yield(kw, rest) {
					return
				}
			}
		}
	}
}

// sqlVacuum reports whether the statement before code's end is VACUUM or
// VACUUM SCHEMA: what INTO follows there names a file.
func sqlVacuum(code string) bool {
	if i := strings.LastIndexByte(code, ';'); i >= 0 {
		code = code[i+1:]
	}
	f := strings.Fields(code)
	return len(f) >= 1 && len(f) <= 2 && f[0] == "vacuum"
}

// sqlTargetLiteral reports whether s is one string literal followed by
// nothing, ;, or AS: a file name as it stands.
func sqlTargetLiteral(s string) bool {
	after, ok := sqlAfterLiteral(s)
	return ok && (after == "" || strings.HasPrefix(after, ";") ||
		strings.HasPrefix(after, "as") && (len(after) == 2 || !isIdentByte(after[2])))
}

// sqlCode returns l with the text inside its string literals blanked (the
// same length): a function name quoted as data is not a call.
func sqlCode(l string) string {
	b := []byte(l)
	in := false
	for i := range b {
		switch {
		case b[i] == '\'':
			in = !in // '' inside a literal closes and reopens it
		case in:
			b[i] = ' '
		}
	}
	return string(b)
}

// sqlLoneLiteral reports whether s starts with a string literal (in
// single quotes, a doubled quote inside it standing for one) followed by ,
// or ).
func sqlLoneLiteral(s string) bool {
	after, ok := sqlAfterLiteral(s)
	return ok && (strings.HasPrefix(after, ",") || strings.HasPrefix(after, ")"))
}

// sqlAfterLiteral returns what follows the string literal s starts with
// (in single quotes, a doubled quote inside it standing for one), blanks
// trimmed; false when s does not start with a whole literal.
func sqlAfterLiteral(s string) (string, bool) {
	if !strings.HasPrefix(s, "'") {
		return "", false
	}
	for i := 1; i < len(s); i++ {
		if s[i] != '\'' {
			continue
		}
		if i+1 < len(s) && s[i+1] == '\'' {
			i++
			continue
		}
		return strings.TrimLeft(s[i+1:], " \t"), true
	}
	return "", false
}

// isIdentByte reports whether b may be part of an SQL identifier.
func isIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// sqlitePipe: .read '|CMD' reads what CMD prints as sqlite3 input. When
// CMD only prints a file (cat F, < F) the file's text is that input;
// otherwise it is input guard cannot see, hidden.
func (c *cmd) sqlitePipe(cmd string, depth int) {
	ws := lang.SplitQuoted(strings.TrimSpace(cmd))
	f := ""
	switch {
	case len(ws) == 2 && (ws[0].Text == "cat" || ws[0].Text == "<") && !strings.HasPrefix(ws[1].Text, "-"):
		f = ws[1].Text
	case len(ws) == 1 && strings.HasPrefix(ws[0].Text, "<") && len(ws[0].Text) > 1:
		f = ws[0].Text[1:]
	}
	if f == "" || strings.ContainsAny(f, "$`*?[{~") {
		c.w.hide("reads, through sqlite3's .read '|…', a command's output as sqlite3 input, which guard cannot see")
		return
	}
	if t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "an sqlite3 script"); ok {
		c.sql(t, depth+1)
	}
}

// gdbWithArg are gdb's options that take the next word, by the names
// gdbOptionName gives them.
const gdbWithArg word.Set = " pid core exec se symbols cd directory data-directory tty b l baud interpreter "

// gdbCmdOptions are gdb's options whose value (the next word, or after =)
// is a gdb command or a file of them (gdbOption).
const gdbCmdOptions word.Set = " eval-command init-eval-command early-init-eval-command command init-command early-init-command "

// gdbLongs are gdb's long options (gdb 13), which it reads with
// getopt_long_only: one dash or two, any unique prefix, =VALUE or the
// next word (gdb -command=F, -comm F, --eval=CMD).
const gdbLongs word.Set = " args core pid exec se symbols command init-command eval-command init-eval-command early-init-command " +
	"early-init-eval-command directory cd data-directory nx nh quiet silent batch batch-silent return-child-result tty nw nowindows " +
	"tui interpreter write readnow readnever statistics version help configuration dbx fullname baud "

// gdbShort returns the long option gdb's one-letter option or short
// alias name is ("" for none). A switch: no table built at start.
func gdbShort(name string) string {
	switch name {
	case "c":
		return "core"
	case "p":
		return "pid"
	case "e":
		return "exec"
	case "s":
		return "symbols"
	case "x":
		return "command"
	case "ix":
		return "init-command"
	case "ex":
		return "eval-command"
	case "iex":
		return "init-eval-command"
	case "eix":
		return "early-init-command"
	case "eiex":
		return "early-init-eval-command"
	case "d":
		return "directory"
	case "D":
		return "data-directory"
	case "n":
		return "nx"
	case "q":
		return "quiet"
	case "i":
		return "interpreter"
	case "f":
		return "fullname"
	case "b", "l":
		return name
	}
	return ""
}

// gdbOptionName returns the long option of gdb's that option word a (its
// =VALUE cut off) names, as getopt_long_only reads it: "" for an operand.
func gdbOptionName(a string) string {
	if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
		return ""
	}
	name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
	if full := gdbShort(name); full != "" && !strings.HasPrefix(a, "--") {
		return full
	}
	if full, ok := word.Unique(name, gdbLongs.Names()); ok {
		return full
	}
	return name
}

// gdb: -ex, -iex and --eval-command values are gdb commands, and so are
// the lines it reads on standard input, the -x files the command wrote and
// its init files the command wrote (~/.gdbinit, ./.gdbinit), unless -nx
// (see gdbCommands). --args PROG ARGS runs PROG. Its options are read as
// getopt_long_only reads them (gdbOptionName).
func (c *cmd) gdb() {
	defer c.w.keepDirs()() // cd DIR moves gdb, not the shell
	c.gdbStart()
	if !slices.ContainsFunc(c.args, func(a word.Word) bool { return gdbOptionName(a.Text) == "nx" }) {
		for _, rc := range []string{"~/.gdbinit", ".gdbinit", "~/.config/gdb/gdbinit"} {
			if t, ok := c.w.WrittenText(rc); ok {
				c.gdbCommands(t, 0)
			}
		}
	}
	for j := 0; j < len(c.args); j++ {
		word0, val, eq := strings.Cut(c.args[j].Text, "=")
		opt := gdbOptionName(word0)
		switch {
		case opt == "args" && j+1 < len(c.args):
			c.extra = append(c.extra, c.inner(c.args[j+1:]).lines()...)
			for k := j; k < len(c.args); k++ {
				c.spend(k)
			}
			j = len(c.args) // the rest is the program's; gdb's input is read still
		case gdbWithArg.Has(opt) && !eq:
			j++
			continue
		}
		if gdbCmdOptions.Has(opt) {
			if !eq && j+1 < len(c.args) {
				j++
				val = c.args[j].Text
			}
			c.gdbOption(opt, val)
		}
	}
	if c.stdin.file != "" && word.IsKnown(c.stdin.file) {
		c.gdbFile(c.stdin.file, 0)
	} else if t, ok := c.codeInput("a gdb command file"); ok {
		c.gdbCommands(t, 0)
	}
}

// gdbOption takes gdb option opt (without its first dash) given val: a
// command, or a file of commands.
func (c *cmd) gdbOption(opt, val string) {
	switch opt {
	case "eval-command", "init-eval-command", "early-init-eval-command":
		c.gdbCommands(val, 0)
		return
	}
	c.gdbFile(val, 0)
}

// gdbFile analyses the gdb command file p (-x F, source F, < F): written
// by the command or on disk (gdb -x cmds.txt runs its shell lines).
func (c *cmd) gdbFile(p string, depth int) {
	if p == "" || depth >= maxEscapeDepth {
		return
	}
	c.w.Read(p)
	t, ok := c.w.WrittenText(p)
	if !ok {
		t, ok = c.codeFile(word.Word{Text: p, Known: true}, "a gdb command file") // -x <(…)
	}
	if ok {
		c.gdbCommands(t, depth+1)
	}
}

// ed: a ! command runs the rest of its line, so do r !CMD, w !CMD and
// e !CMD, and an operand !CMD is read from CMD's output; w FILE and W FILE
// write FILE, r FILE and e FILE read it. The commands come on standard
// input.
func (c *cmd) ed() {
	for _, a := range word.Operands(c.args) {
		if cmd, ok := strings.CutPrefix(a, "!"); ok {
			c.w.tentative(cmd)
		}
	}
	t, ok := c.codeInput("an ed script") // ed x < cmds
	if !ok {
		return
	}
	for i, line := range strings.Split(t, "\n") {
		if i == maxTextTokens {
			return
		}
		l := lang.SkipEdAddress(line)
		if l == "" {
			continue
		}
		if l[0] == '!' {
			c.w.tentative(l[1:])
			continue
		}
		if strings.IndexByte("rwWeEf", l[0]) < 0 || len(l) > 1 && lang.IsLetter(l[1]) && l[1] != 'q' {
			continue
		}
		rest := strings.TrimLeft(strings.TrimPrefix(l[1:], "q"), " \t")
		switch {
		case strings.HasPrefix(rest, "!"):
			c.w.tentative(rest[1:])
		case rest != "" && (l[0] == 'w' || l[0] == 'W'):
			c.w.Write(rest)
		case l[0] == 'w' || l[0] == 'W':
			c.bufferWrite = true // w, wq: the buffer to the file ed has open
		case rest != "":
			c.w.Read(rest)
		}
	}
}

// m4: syscmd(CMD) and esyscmd(CMD) run CMD with the shell; include(F) of
// a file the command wrote brings its text, F found in the working
// directory or a -I directory. A text that names either another way
// (defn(`syscmd'), indir) builds a command guard cannot follow: hidden.
func (c *cmd) m4() {
	texts, dirs, operands := c.m4Args()
	if t, ok := c.codeInput("m4 text"); ok && !operands {
		texts = append(texts, t)
	}
	for k := 0; k < len(texts) && k < maxEscapeDepth*4; k++ {
		t := texts[k]
		for _, inc := range lang.M4Includes(t) {
			for _, d := range append([]string{""}, dirs...) {
				f := inc
				if d != "" && !strings.HasPrefix(inc, "/") {
					f = path.Join(d, inc) // m4 -I sub: include(m.m4) may be sub/m.m4
				}
				c.w.Read(f)
				if it, ok := c.w.WrittenText(f); ok {
					texts = append(texts, it) // include(x.m4) the command wrote
				} else if it, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "m4 text"); ok {
					texts = append(texts, it) // or on disk
				}
			}
		}
		if !c.m4Syscmds(t) {
			return
		}
	}
}

// m4Args reads m4's words: the texts its operands (- is standard input)
// and -D definitions give, the -I directories, and whether an operand
// stands in for standard input. An option's separate value (-I DIR, -D
// X, -o F) is its value, not an operand; the files -o,
// -F and --debugfile name are written, and a frozen state -R loads is
// m4 text guard cannot read: hidden.
func (c *cmd) m4Args() (texts, dirs []string, operands bool) {
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		if t, ok := c.writtenArg(a); ok {
			texts, operands = append(texts, t), true
			continue
		}
		if opt, v, k, ok := m4Option(c.args, j); ok {
			texts, dirs = c.m4Value(opt, v, texts, dirs)
			j = k
			continue
		}
		if a.Text == "-" || !strings.HasPrefix(a.Text, "-") {
			operands = true // m4 x.m4: its text on disk
			// m4 <(…), m4 -: codeFile
			if t, ok := c.codeFile(a, "m4 text"); ok {
				texts = append(texts, t)
			}
		}
	}
	return texts, dirs, operands
}

// m4Option returns the option of m4's that takes a value at args[j], as
// its short letter (--include is I), its value (attached or the next
// word) and the index of the last word it used.
func m4Option(args []word.Word, j int) (opt byte, v string, k int, ok bool) {
	s := args[j].Text
	if name, ok := strings.CutPrefix(s, "--"); ok {
		name, v, attached := strings.Cut(name, "=")
		for _, l := range [...]string{"Ddefine", "Uundefine", "Iinclude", "oerror-output", "ttrace", "larglength",
			"Lnesting-limit", "Ffreeze-state", "Rreload-state", "Hhashsize", "odebugfile"} {
			if len(name) >= 3 && strings.HasPrefix(l[1:], name) {
				switch {
				case attached:
					return l[0], v, j, true
				case l[1:] != "debugfile" && j+1 < len(args):
					return l[0], args[j+1].Text, j + 1, true
				}
			}
		}
		return 0, "", j, false
	}
	for i := 1; i < len(s) && s[0] == '-'; i++ {
		switch {
		case strings.IndexByte("DUIotlLFRHBST", s[i]) < 0 && s[i] != 'd':
		case i+1 < len(s) || s[i] == 'd':
			return s[i], s[i+1:], j, true // -Isub, -dFLAGS
		case j+1 < len(args):
			return s[i], args[j+1].Text, j + 1, true
		}
	}
	return 0, "", j, false
}

// m4Value takes the value v of m4's option opt: -D NAME=TEXT is m4 text,
// -I DIR a directory include searches, -o and -F files written, -R a
// frozen state it loads (hidden: guard cannot read one).
func (c *cmd) m4Value(opt byte, v string, texts, dirs []string) ([]string, []string) {
	switch opt {
	case 'D':
		texts = append(texts, v) // -DNAME=syscmd(…)
	case 'I':
		dirs = append(dirs, v)
	case 'o', 'F':
		c.w.Write(v)
	case 'R':
		c.w.Read(v)
		c.w.hide("loads a frozen m4 state (-R %s), which guard cannot read", v)
	}
	return texts, dirs
}

// m4Syscmds analyses what the syscmd and esyscmd calls of m4 text run;
// false when the text names syscmd other than in a call (hidden).
func (c *cmd) m4Syscmds(t string) bool {
	for off := 0; off < len(t); {
		i := strings.Index(t[off:], "syscmd")
		if i < 0 {
			break
		}
		i += off + len("syscmd")
		off = i
		if i >= len(t) || t[i] != '(' {
			c.w.hide("runs m4 text that names syscmd other than in a call, which guard cannot follow")
			return false
		}
		if arg, ok := lang.Balanced(t[i:]); ok {
			c.w.tentative(strings.NewReplacer("`", "", "'", "", "[", "", "]", "").Replace(arg))
		}
	}
	return true
}

// builtinCallback: compgen -C CMD and complete -C CMD run CMD, bind -x
// 'KEYS: CMD' binds CMD to keys (bash runs it at the keys), bind -f FILE
// reads an inputrc; their other words are names, patterns and words to
// complete (data).
func (c *cmd) builtinCallback() {
	flag, withArg := byte('C'), "oAGWFXPSC"
	if c.name == "bind" {
		flag, withArg = 'x', "mqurfx"
	}
	for j := 0; j < len(c.args); j++ {
		if c.args[j].Text == "--" {
			break
		}
		// -C CMD, -CCMD, -oC CMD: as bash's getopt reads a cluster
		if v, k, ok := word.OptionValue(c.args, j, flag, withArg, ""); ok {
			if c.name == "bind" {
				_, v, _ = strings.Cut(v, ":")
				v = strings.Trim(strings.TrimSpace(v), `"'`)
			} else if c.name == "compgen" && !word.Opaque(v) {
				// bash runs CMD compgen WORD PREV: the words it appends
				// are CMD's too (FINDINGS58b B1); CMD alone is analysed
				// as well (more than bash runs, never less).
				c.w.tentative(v + " compgen " + shellQuote(compgenWord(c.args).Text) + " ''")
			}
			c.w.tentative(v)
			j = k
			continue
		}
		if v, k, ok := word.OptionValue(c.args, j, 'F', withArg, ""); ok && c.name == "compgen" {
			c.compgenFunc(v)
			j = k
			continue
		}
		if v, k, ok := word.OptionValue(c.args, j, 'f', "mqurx", ""); ok && c.name == "bind" {
			c.w.Read(v) // an inputrc file
			j = k
		}
	}
	c.dataInput = true
	c.allData()
}

// lessCommands: an operand +CMD (++CMD) is a less command run at start:
// !CMD and |X CMD run CMD with the shell, s FILE saves the input to FILE.
// Only a line number, a search or a move (+G, +F, +/x) is a reader's; any
// other makes less a possible writer for this command.
func (c *cmd) lessCommands() {
	for _, a := range c.args {
		s, ok := strings.CutPrefix(a.Text, "+")
		if !ok || a.Text == "+" {
			continue
		}
		s = strings.TrimPrefix(s, "+")
		if i := strings.IndexAny(s, "!|"); i >= 0 {
			cmd := s[i+1:]
			if s[i] == '|' && cmd != "" {
				cmd = cmd[1:] // |X: the mark, then the command
			}
			c.w.tentative(cmd)
		}
		if s != "" && s[0] != '/' && s[0] != '?' && strings.Trim(s, "0123456789GgFfNnpP%") != "" {
			c.mayWrite = true
		}
	}
}

// xmllintShell: xmllint --shell reads shell-like commands on standard
// input: save FILE and write FILE write it, load FILE reads it.
func (c *cmd) xmllintShell() {
	if !slices.ContainsFunc(c.args, func(a word.Word) bool { return a.Text == "--shell" || a.Text == "-shell" }) {
		return
	}
	t, ok := c.codeInput("xmllint shell commands")
	if !ok {
		return
	}
	for i, line := range strings.Split(t, "\n") {
		if i == maxTextTokens {
			return
		}
		f := strings.Fields(line)
		switch {
		case len(f) < 2:
		case f[0] == "save" || f[0] == "write":
			c.w.Write(f[1])
		case f[0] == "load":
			c.w.Read(f[1])
		}
	}
}

// sshInput: ssh HOST with no remote command, or with a shell reading its
// script there (bash -s, sh), runs what it is fed on the host's shell:
// known text is analysed as the remote command (see remote).
func (c *cmd) sshInput() {
	t, ok := c.inputText()
	if !ok {
		return
	}
	j := sshHost(c.args, nil)
	if j >= len(c.args) {
		return
	}
	rest := c.args[j+1:]
	if len(rest) == 0 || catalogue.Shells.Has(word.Base(rest[0].Text)) && (len(rest) == 1 || rest[1].Text == "-s") {
		c.dataInput = true // analysed here
		c.w.guess(t)
	}
}

// remote analyses the command ssh runs on a host (ssh HOST 'CMD', its
// words joined as sshd hands them to the remote shell) tentatively, as a
// command here: the host may be this machine (ssh localhost), and a rule
// that matches it blocks. The files it would run are the host's: not read
// here (see guess). sshd runs it in the remote user's home: the user's ~
// when the host is this machine (ssh localhost 'truncate -s0 .bashrc');
// another user's home holds none of guard's rules' files.
func (w *walker) remote(words []word.Word) {
	dir := w.Dir
	w.Dir = w.dest("")
	w.guess(word.Join(words))
	w.Dir = dir
}

// replSubs are the subcommands by which a framework's runner starts an
// interactive interpreter or database shell that reads its standard input
// as code: flask shell, python3 manage.py shell|dbshell|
// shell_plus, rails console|c, jupyter console, php artisan tinker,
// poetry shell.
const replSubs word.Set = " shell console c repl dbshell shell_plus tinker "

// replSubcommand: a command whose first or second operand is one of
// replSubs (after the program file or module of an interpreter) reads
// what it is fed on standard input as code, as python3 -i does: the fed
// file is read as a program the command runs, text guard cannot see is
// "cannot tell". Default-deny on the subcommand's name, not on a list of
// frameworks.
func (c *cmd) replSubcommand() {
	n := 0
	for _, a := range c.args {
		s := a.Text
		if strings.HasPrefix(s, "-") {
			continue
		}
		if replSubs.Has(s) {
			c.evalStdin()
			return
		}
		if n++; n >= 2 {
			return
		}
	}
}

// compgenFunc: compgen -F FUNC WORD calls function FUNC with the words
// compgen, WORD and the previous word (none: empty) as $1 $2 $3, in this
// shell, where its body's use of them counts (FINDINGS58b B1).
func (c *cmd) compgenFunc(name string) {
	if word.Opaque(name) {
		c.w.hide("calls as compgen's function a name guard cannot tell")
		return
	}
	call := []word.Word{{Text: name, Known: true}, {Text: "compgen", Known: true}, compgenWord(c.args), {Known: true}}
	(&cmd{w: c.w}).callFunc(call)
}

// compgenWord returns the word compgen completes: its first operand (the
// options read as bash's getopt reads them), or an empty word.
func compgenWord(args []word.Word) word.Word {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			if j+1 < len(args) {
				return args[j+1]
			}
			return word.Word{Known: true}
		case len(s) > 1 && s[0] == '-':
			if i := strings.IndexAny(s[1:], compgenWithArg); i >= 0 && i+2 == len(s) {
				j++ // its value is the next word
			}
		default:
			return args[j]
		}
	}
	return word.Word{Known: true}
}

// compgenWithArg are the options of compgen that take a value.
const compgenWithArg = "oAGWFXPSC"
