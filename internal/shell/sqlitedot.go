package shell

// sqlite3's dot-commands are read by an allow-list: a dot-command guard
// knows to run, read and write nothing but the open database and the
// output (.tables, .schema, .mode, .headers, .dump…) passes; one that runs
// a command or names a file is read as the command, read or write it is
// (.shell, .output, .read, .import, .backup, .open…); any other is one
// whose effect guard cannot tell (default-deny, never "does nothing").

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// What an sqlite3 dot-command is (sqliteDotKind).
const (
	dotUnknown  = iota // one guard does not read: cannot tell
	dotHarmless        // the database and the output only
	dotShell           // .shell CMD, .system CMD
	dotRead            // .read FILE: its SQL and dot-commands
	dotArchive         // .archive/.ar
	dotWrites          // .output/.once/.open/.save/.backup/.log/.trace/.clone/.iotrace FILE
	dotImport          // .import FILE TABLE
	dotRestore         // .restore [DB] FILE
	dotCd              // .cd DIR
	dotLoad            // .load FILE [ENTRY]: native code
)

// sqliteHarmlessDots are sqlite3's dot-commands (3.40–3.46) that read the
// open database and print, or change how the shell prints: no file, no
// command, no SQL guard cannot see (.parameter set's value is SQL, read
// as SQL: sqliteParamSet).
const sqliteHarmlessDots word.Set = " bail binary changes crnl databases dbinfo dbtotxt dump echo eqp exit expert explain fullschema " +
	"headers help indexes indices intck limits lint mode nullvalue parameter print progress prompt quit recover scanstats schema " +
	"separator sha3sum show stats tables timeout timer vfsinfo vfslist vfsname width "

// sqliteOtherDots are sqlite3's other dot-commands: those guard reads
// (sqliteDotKind) and those it knows do what it does not read (.selftest
// runs the SQL of a table, .session writes a changeset, .testcase and
// .check write and read files, .www opens a browser…): with the harmless
// ones, the names an abbreviation is resolved among.
const sqliteOtherDots word.Set = " archive ar auth backup cd check clone connection dbconfig excel filectrl imposter import iotrace " +
	"load log nonce once open output read restore save selftest session shell system testcase testctrl trace unmodule user www "

// sqliteDotKind returns what the dot-command called full (one of
// sqliteHarmlessDots or sqliteOtherDots) is.
func sqliteDotKind(full string) int {
	switch full {
	case "shell", "system":
		return dotShell
	case "read":
		return dotRead
	case "archive", "ar":
		return dotArchive
	case "output", "once", "excel", "open", "save", "backup", "log", "trace", "clone", "iotrace":
		return dotWrites
	case "import":
		return dotImport
	case "restore":
		return dotRestore
	case "cd":
		return dotCd
	case "load":
		return dotLoad
	}
	if sqliteHarmlessDots.Has(full) {
		return dotHarmless
	}
	return dotUnknown
}

// sqliteDotResolve returns what the dot-command called name is, as
// sqlite3 finds one: its full name, else the commands whose names it
// begins when they are all of one kind (sqlite3 takes a prefix of a
// command's name; an ambiguous one guard cannot tell).
func sqliteDotResolve(name string) int {
	if sqliteHarmlessDots.Has(name) || sqliteOtherDots.Has(name) {
		return sqliteDotKind(name)
	}
	kind := -1
	for _, set := range []word.Set{sqliteHarmlessDots, sqliteOtherDots} {
		for full := range set.Names() {
			if name == "" || !strings.HasPrefix(full, name) {
				continue
			}
			if k := sqliteDotKind(full); kind < 0 || kind == k {
				kind = k
				continue
			}
			return dotUnknown
		}
	}
	return max(kind, dotUnknown)
}

// dotCommand analyses one sqlite3 dot-command (sqliteDotResolve): .shell
// and .system run a command; .output, .once, .read and .import name a
// file, or a command after |; .read of a file the command wrote runs its
// SQL; a dot-command guard does not know is cannot-tell.
func (c *cmd) dotCommand(l string, depth int) {
	name, rest, _ := strings.Cut(l[1:], " ")
	rest = strings.TrimLeft(rest, " \t")
	args := lang.SplitQuoted(rest)
	kind := sqliteDotResolve(name)
	switch {
	case kind == dotUnknown:
		c.w.hide("runs the sqlite3 dot-command .%s, which guard does not read (what it runs, reads or writes guard cannot tell)", name)
	case kind == dotShell:
		c.w.tentative(rest)
	case kind == dotArchive:
		c.sqliteAr(args) // .ar -x, .archive --create …
	case kind == dotHarmless:
		if strings.HasPrefix("parameter", name) && len(args) > 2 && strings.HasPrefix("set", args[0].Text) {
			c.sqliteParamSet(rest, depth)
		}
	case kind != dotHarmless && strings.HasPrefix(strings.TrimLeft(rest, ` '"`), "|"):
		// .output |CMD, .once |CMD, .read |CMD, .import |CMD
		_, cmd, _ := strings.Cut(rest, "|")
		cmd = strings.TrimRight(cmd, `'"`)
		c.w.tentative(cmd)
		if kind == dotRead {
			c.sqlitePipe(cmd, depth)
		}
	default:
		c.dotFiles(kind, args, depth)
	}
}

// dotFiles analyses the file a dot-command of kind names in its words
// args: the one .import reads (its first operand, after --skip N and
// --schema S), the last operand the others name.
func (c *cmd) dotFiles(kind int, args []word.Word, depth int) {
	if (kind == dotWrites) && slices.ContainsFunc(args, func(x word.Word) bool { return x.Text == "-e" }) {
		c.editorVars() // .once -e: the output opened in $VISUAL/$EDITOR
	}
	var ops []string
	for i := 0; i < len(args); i++ {
		switch x := args[i].Text; {
		case x == "--skip" || x == "--schema" || x == "--maxsize":
			i++
		case !strings.HasPrefix(x, "-"):
			ops = append(ops, x)
		}
	}
	if len(ops) == 0 {
		return
	}
	file := ops[len(ops)-1]
	switch kind {
	case dotRead:
		for _, f := range sqliteNames(file) {
			if t, ok := c.codeFile(word.Word{Text: f, Known: true}, "an sqlite3 script"); ok {
				c.sql(t, depth+1) // .read /dev/stdin: what standard input holds
			}
		}
	case dotCd:
		ns := sqliteNames(file)
		c.w.programCd(ns[0], ns[1:]...) // .cd ..: what follows is read there
	case dotLoad:
		c.sqliteLoad([]string{"'" + strings.ReplaceAll(ops[0], "'", "''") + "'"}) // native code
		c.w.Read(ops[0])
	case dotImport, dotRestore:
		if kind == dotImport {
			file = ops[0]
		}
		for _, f := range sqliteNames(file) {
			c.w.Read(f)
		}
	case dotWrites:
		for _, f := range sqliteNames(file) {
			c.w.Write(f)
		}
	}
}

// sqliteParamSet: .parameter set KEY VALUE (rest is the line after
// .parameter) stores VALUE as sqlite3 evaluates it, an SQL expression
// formatted into REPLACE INTO temp.sqlite_parameters … VALUES(KEY,
// VALUE): writefile(), readfile(), edit() run there (FINDINGS59a A7).
func (c *cmd) sqliteParamSet(rest string, depth int) {
	v := rest
	for range 2 { // set, KEY
		v = strings.TrimLeft(v, " \t")
		if i := strings.IndexAny(v, " \t"); i >= 0 {
			v = v[i:]
		} else {
			v = ""
		}
	}
	if v = strings.TrimSpace(v); v != "" {
		c.sql("SELECT "+v+";", depth+1)
	}
}
