package shell

// psql and mysql, the common database clients, read a command language of
// their own around their SQL. psql: \! CMD and \copy … program 'CMD' run
// a shell command; \o, \g, \w, \s, \e, \lo_export and \copy … to name a
// file they write (or, after |, a command); \i, \ir, \lo_import and \copy
// … from a file they read (\i's runs as psql text); \set joins its
// arguments into a variable that :NAME, :'NAME' and :"NAME" interpolate;
// backquotes run a shell command. mysql: system CMD, \! CMD and pager CMD
// run a command, tee FILE writes, source FILE runs a file of mysql text.
// A file name built from a value guard cannot tell (\gset, \prompt,
// backquotes) is hidden.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// dbState is what a psql or mysql command's text has set so far.
type dbState struct {
	vars map[string]string
	// unknown are variables set to values guard cannot tell; anyVar: every
	// variable may have been (\gset).
	unknown map[string]bool
	anyVar  bool
	// cd: \cd moved psql to a directory guard does not follow.
	cd bool
}

// db returns c's client state, made on first use.
func (c *cmd) db() *dbState {
	if c.dbs == nil {
		c.dbs = &dbState{vars: map[string]string{}, unknown: map[string]bool{}}
	}
	return c.dbs
}

// psqlStart takes psql's -v NAME=VALUE options, and the start-up file it
// runs unless -X (PSQLRC, else ~/.psqlrc) when the command wrote it.
func (c *cmd) psqlStart() {
	rc := "~/.psqlrc"
	for j, a := range c.args {
		s := a.Text
		switch {
		case s == "-X" || s == "--no-psqlrc":
			rc = ""
		case (s == "-v" || s == "--set" || s == "--variable") && j+1 < len(c.args):
			c.psqlVar(c.args[j+1].Text)
		case strings.HasPrefix(s, "--set=") || strings.HasPrefix(s, "--variable="):
			_, v, _ := strings.Cut(s, "=")
			c.psqlVar(v)
		case s == "-o" || s == "--output" || s == "-L" || s == "--log-file":
			if j+1 < len(c.args) {
				c.w.Write(c.args[j+1].Text)
			}
		case strings.HasPrefix(s, "--output=") || strings.HasPrefix(s, "--log-file="):
			_, v, _ := strings.Cut(s, "=")
			c.w.Write(v)
		}
	}
	if v, ok := c.envValue("PSQLRC"); ok && rc != "" {
		c.clientFile(catalogue.ClientPsql, word.Word{Text: v, Known: true}, 0) // PSQLRC=x.psql: read from disk too
		return
	}
	if t, ok := c.w.WrittenText(rc); ok && rc != "" {
		c.psqlText(t, 1) // ~/.psqlrc is write-protected: only the command's own
	}
}

// psqlVar takes NAME=VALUE of psql's -v.
func (c *cmd) psqlVar(s string) {
	if k, v, ok := strings.Cut(s, "="); ok {
		c.db().vars[k] = v
	}
}

// psqlText analyses psql input: the backslash commands of each line (see
// psqlMeta) and the string literals of its SQL.
func (c *cmd) psqlText(t string, depth int) {
	if depth > maxEscapeDepth {
		return
	}
	for i, line := range strings.Split(t, "\n") {
		if i == maxTextTokens {
			return
		}
		sql, meta := psqlSplit(line)
		c.dbSQL(sql)
		for _, m := range meta {
			c.psqlMeta(m, depth)
		}
	}
}

// psqlSplit splits a psql line into its SQL and its backslash commands
// (each without its \): a command's arguments end at the next backslash
// outside quotes, but \! and \copy take the rest of the line.
func psqlSplit(line string) (string, []string) {
	i := unquotedBackslash(line)
	if i < 0 {
		return line, nil
	}
	sql, rest := line[:i], line[i+1:]
	var meta []string
	for len(meta) < 64 {
		name, _ := psqlName(rest)
		if strings.HasPrefix(rest, "!") || name == "copy" {
			return sql, append(meta, rest)
		}
		j := unquotedBackslash(rest)
		if j < 0 {
			return sql, append(meta, rest)
		}
		meta, rest = append(meta, rest[:j]), rest[j+1:]
	}
	return sql, meta
}

// unquotedBackslash returns the index of the first backslash of s outside
// quotes, or -1.
func unquotedBackslash(s string) int {
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"' || ch == '`':
			quote = ch
		case ch == '\\':
			return i
		}
	}
	return -1
}

// dbSQL records the string literals of an SQL line that may name files
// (COPY … TO '/f', pg_read_file('/f'), LOAD DATA LOCAL INFILE '/f',
// INTO OUTFILE '/f'): read and touched. COPY … PROGRAM 'CMD' runs CMD on
// the server, which may be this machine.
func (c *cmd) dbSQL(sql string) {
	low := strings.ToLower(sql)
	if i := strings.Index(low, "program"); i >= 0 {
		if lits := lang.Literals(sql[i:]); len(lits) > 0 {
			c.w.maybeShell(lits[0])
		}
	}
	for _, lit := range lang.Literals(sql) {
		if pathToken(lit) {
			c.w.Read(lit)
			c.w.Touch(lit)
		}
	}
}

// psqlMeta analyses one psql backslash command, m (without its \).
func (c *cmd) psqlMeta(m string, depth int) {
	name, rest := psqlName(m)
	if strings.HasPrefix(m, "!") {
		c.w.maybeShell(m[1:]) // no interpolation: the rest of the line
		return
	}
	if name == "copy" {
		c.dbCopy(rest)
		return
	}
	args := c.psqlArgs(rest)
	switch name {
	case "o", "out", "g", "gx", "w", "write", "s", "e", "edit":
		if len(args) > 0 {
			c.dbFile(args[0], rest, true)
		}
	case "lo_export":
		if len(args) > 1 {
			c.dbFile(args[1], rest, true)
		}
	case "i", "include", "ir", "include_relative":
		if len(args) > 0 && c.dbFile(args[0], rest, false) {
			c.clientFile(catalogue.ClientPsql, word.Word{Text: args[0].Text, Known: true}, depth)
		}
	case "lo_import":
		if len(args) > 0 {
			c.dbFile(args[0], rest, false)
		}
	case "set":
		c.psqlSet(args)
	case "unset":
		if len(args) > 0 {
			delete(c.db().vars, args[0].Text)
			delete(c.db().unknown, args[0].Text)
		}
	case "gset":
		c.db().anyVar = true
	case "prompt":
		if len(args) > 0 {
			c.db().unknown[args[len(args)-1].Text] = true
		}
	case "cd":
		c.db().cd = true
	case "setenv":
		if len(args) > 1 && psqlCommandVars.Has(args[0].Text) {
			c.w.maybeShell(args[1].Text) // \setenv PAGER CMD: psql runs it
		}
	}
}

// psqlCommandVars are the variables whose value psql runs as a command
// (its pager, its editor, the shell of \!).
const psqlCommandVars word.Set = " PAGER PSQL_PAGER EDITOR PSQL_EDITOR VISUAL SHELL "

// psqlName splits a psql backslash command into its name (letters,
// digits, _) and its arguments.
func psqlName(m string) (string, string) {
	i := 0
	for i < len(m) && isIdentByte(m[i]) {
		i++
	}
	return m[:i], m[i:]
}

// psqlSet: \set NAME VALUE… joins the values into NAME.
func (c *cmd) psqlSet(args []word.Word) {
	if len(args) == 0 {
		return
	}
	d := c.db()
	var b strings.Builder
	known := true
	for _, a := range args[1:] {
		b.WriteString(a.Text)
		known = known && a.Known
	}
	d.vars[args[0].Text] = b.String()
	if known {
		delete(d.unknown, args[0].Text)
	} else {
		d.unknown[args[0].Text] = true
	}
}

// dbFile records a file a client command names, written or read; a name
// after | is a command it runs; a name guard cannot tell is hidden. It
// reports whether the name is a file guard can tell.
func (c *cmd) dbFile(a word.Word, rest string, write bool) bool {
	if p, ok := strings.CutPrefix(strings.TrimLeft(rest, " \t"), "|"); ok {
		c.w.maybeShell(p) // \o |CMD, \g |CMD
		return false
	}
	if !a.Known || c.db().cd && !strings.HasPrefix(a.Text, "/") && !strings.HasPrefix(a.Text, "~") {
		c.w.hide("hands a database client a file name built from a value guard cannot tell")
		return false
	}
	if write {
		c.w.Write(a.Text)
	} else {
		c.w.Read(a.Text)
	}
	return true
}

// psqlArgs splits the arguments of a psql backslash command: blanks
// separate them, '…' quotes (a doubled quote for a quote), :NAME, :'NAME' and :"NAME"
// are replaced by the variable's value, `CMD` by what CMD prints (CMD is
// analysed; the value is not known).
func (c *cmd) psqlArgs(s string) []word.Word {
	var out []word.Word
	for _, f := range lang.SplitQuoted(s) {
		if len(out) == 16 {
			break
		}
		out = append(out, c.psqlArg(f.Text))
	}
	return out
}

// psqlArg resolves the variables and backquotes of one argument.
func (c *cmd) psqlArg(s string) word.Word {
	d := c.db()
	if strings.Contains(s, "`") {
		parts := strings.Split(s, "`")
		for i := 1; i < len(parts); i += 2 {
			c.w.maybeShell(parts[i])
		}
		return word.Word{Text: s}
	}
	var b strings.Builder
	known := true
	for i := 0; i < len(s); i++ {
		if s[i] != ':' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		if s[j] == '\'' || s[j] == '"' {
			j++
		}
		k := j
		for k < len(s) && (isIdentByte(s[k])) {
			k++
		}
		name := s[j:k]
		if name == "" {
			b.WriteByte(s[i])
			continue
		}
		if k < len(s) && j > i+1 && s[k] == s[i+1] {
			k++
		}
		switch v, ok := d.vars[name]; {
		case d.unknown[name] || !ok && d.anyVar:
			known = false
		case ok:
			b.WriteString(v)
		default:
			b.WriteString(s[i:k]) // unset: psql leaves it
		}
		i = k - 1
	}
	return word.Word{Text: b.String(), Known: known}
}

// dbCopy: psql's \copy … to|from FILE, or … program 'CMD'.
func (c *cmd) dbCopy(rest string) {
	low := strings.ToLower(rest)
	if i := strings.Index(low, " program "); i >= 0 {
		if lits := lang.Literals(rest[i:]); len(lits) > 0 {
			c.w.maybeShell(lits[0])
		}
		return
	}
	for _, dir := range []string{" to ", " from "} {
		i := strings.LastIndex(low, dir)
		if i < 0 {
			continue
		}
		ws := lang.SplitQuoted(rest[i+len(dir):])
		if len(ws) == 0 {
			continue
		}
		f := ws[0].Text
		switch strings.ToLower(f) {
		case "stdin", "stdout", "pstdin", "pstdout":
			return
		}
		if dir == " to " {
			c.w.Write(f)
		} else {
			c.w.Read(f)
		}
		return
	}
}

// mysqlText analyses mysql input: system CMD, \! CMD and pager CMD (\P)
// run CMD; tee FILE (\T) writes FILE; source FILE (\.) runs a file of
// mysql text; the string literals of its SQL are read and touched.
func (c *cmd) mysqlText(t string, depth int) {
	if depth > maxEscapeDepth {
		return
	}
	for i, line := range strings.Split(t, "\n") {
		if i == maxTextTokens {
			return
		}
		l := strings.TrimLeft(line, " \t")
		name, rest := lang.ExWord(l)
		switch low := strings.ToLower(name); {
		case strings.HasPrefix(l, `\!`):
			c.w.maybeShell(l[2:])
			continue
		case low == "system" || low == "pager":
			c.w.maybeShell(strings.TrimSuffix(strings.TrimSpace(rest), ";"))
			continue
		case low == "tee" || low == "source":
			c.mysqlFile(low == "tee", strings.TrimSuffix(strings.TrimSpace(rest), ";"), depth)
			continue
		}
		sql, meta := psqlSplit(l)
		c.dbSQL(sql)
		for _, m := range meta {
			c.mysqlShort(m, depth)
		}
	}
}

// mysqlShort analyses one of mysql's short commands (without its \):
// \! CMD, \P CMD, \T FILE, \. FILE.
func (c *cmd) mysqlShort(m string, depth int) {
	if m == "" {
		return
	}
	rest := strings.TrimSpace(m[1:])
	switch m[0] {
	case '!', 'P':
		c.w.maybeShell(rest)
	case 'T', '.':
		c.mysqlFile(m[0] == 'T', rest, depth)
	}
}

// mysqlFile: tee FILE writes FILE; source FILE reads it and runs its text.
func (c *cmd) mysqlFile(write bool, f string, depth int) {
	if f == "" {
		return
	}
	if write {
		c.w.Write(f)
		return
	}
	c.w.Read(f)
	if t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a client's script"); ok {
		c.mysqlText(t, depth+1)
	}
}

// mysqlOptions: --tee=F writes F, --pager=CMD runs CMD, a plugin
// directory loads code guard cannot see.
func (c *cmd) mysqlOptions() {
	for j, a := range c.args {
		opt, v, eq := strings.Cut(a.Text, "=")
		if !eq && j+1 < len(c.args) {
			v = c.args[j+1].Text
		}
		switch opt {
		case "--tee":
			c.w.Write(v)
		case "--pager":
			c.w.maybeShell(v)
		case "--plugin-dir":
			c.w.hide("loads mysql client plugins from a directory, code guard cannot see")
		case "--defaults-file", "--defaults-extra-file":
			c.mysqlDefaults(v)
		}
	}
}

// mysqlDefaults reads a mysql option file (--defaults-file): its pager=CMD
// runs CMD, tee=F writes F, init-command=SQL is mysql text, plugin-dir
// loads code.
func (c *cmd) mysqlDefaults(f string) {
	c.w.Read(f)
	t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a mysql option file")
	if !ok {
		return
	}
	for i, line := range strings.Split(t, "\n") {
		if i == maxTextTokens {
			return
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k = strings.ReplaceAll(strings.TrimSpace(k), "_", "-")
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		switch k {
		case "pager":
			c.w.maybeShell(v)
		case "tee":
			c.w.Write(v)
		case "init-command":
			c.mysqlText(v, 1)
		case "plugin-dir":
			c.w.hide("loads mysql client plugins from a directory, code guard cannot see")
		}
	}
}

// sqliteRuns analyses what SQL line l of sqlite3's shell runs: edit(TEXT,
// EDITOR) hands EDITOR to system(3), so a string literal there is a
// command, anything else one guard cannot tell; edit(TEXT) runs $VISUAL
// or $EDITOR. load_extension(F) loads native code, which guard cannot
// read: hidden unless F is a system library's.
func (c *cmd) sqliteRuns(l string) {
	low := strings.ToLower(l)
	code := sqlCode(low)
	for _, fn := range [...]string{"edit", "load_extension"} {
		for off := 0; off < len(code); {
			i := strings.Index(code[off:], fn)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(fn)
			rest := strings.TrimLeft(code[off:], " \t")
			if at > 0 && isIdentByte(code[at-1]) || !strings.HasPrefix(rest, "(") {
				continue
			}
			args := sqlArgs(l[len(l)-len(rest)+1:])
			if fn == "load_extension" {
				c.sqliteLoad(args)
				continue
			}
			c.sqliteEdit(args)
		}
	}
}

// sqliteEdit analyses edit()'s arguments: the second is the editor run
// through the shell.
func (c *cmd) sqliteEdit(args []string) {
	if len(args) < 2 {
		c.editorVars()
		return
	}
	ed, ok := sqlLiteralText(args[1])
	if !ok {
		c.w.hide("runs sqlite3's edit() with an editor command built by SQL, which guard cannot tell")
		return
	}
	c.w.tentative(ed + " edit.txt") // system("EDITOR \"TEMPFILE\"")
}

// editorVars analyses the editor a program runs from $VISUAL or $EDITOR
// when the command sets it (the user's own is their configuration).
func (c *cmd) editorVars() {
	for _, v := range [...]string{"VISUAL", "EDITOR"} {
		for i := len(c.env) - 1; i >= 0; i-- {
			if ed, ok := strings.CutPrefix(c.env[i], v+"="); ok {
				c.w.tentative(ed + " edit.txt")
				return
			}
		}
	}
}

// sqliteLoad: .load F and load_extension(F) load native code; a file
// outside the system's library directories is code guard cannot read.
func (c *cmd) sqliteLoad(args []string) {
	f := ""
	if len(args) > 0 {
		f, _ = sqlLiteralText(args[0])
	}
	for _, dir := range [...]string{"/usr/lib/", "/usr/lib64/", "/lib/", "/lib64/"} {
		if strings.HasPrefix(f, dir) && !strings.Contains(f, "/../") {
			return
		}
	}
	c.w.hide("loads an sqlite3 extension (native code) guard cannot read")
}

// sqlArgs splits the arguments of an SQL call, s being what follows its
// opening parenthesis: at top-level commas, up to the closing one, string
// literals kept whole. At most 8 arguments.
func sqlArgs(s string) []string {
	var out []string
	depth, start, in := 0, 0, false
	for i := 0; i < len(s) && len(out) < 8; i++ {
		switch ch := s[i]; {
		case ch == '\'':
			in = !in
		case in:
		case ch == '(':
			depth++
		case ch == ')' && depth == 0:
			return append(out, strings.TrimSpace(s[start:i]))
		case ch == ')':
			depth--
		case ch == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// sqlLiteralText returns the text of SQL string literal s ('…', a doubled
// quote standing for one) when s is one literal and nothing else.
func sqlLiteralText(s string) (string, bool) {
	after, ok := sqlAfterLiteral(s)
	if !ok || after != "" {
		return "", false
	}
	return strings.ReplaceAll(s[1:len(s)-1], "''", "'"), true
}
