package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Programs with a command language of their own that can run a shell
// command (database clients, file-transfer clients, language REPLs), as
// data: the options whose value is text of that language or names a file
// of it, and the markers by which the language hands a line to the shell.
// shell.replText reads text of such a language; psql and mysql have a
// closer reading of their own (shell/dbclients.go).

// ClientLang is how guard reads a client's text.
type ClientLang uint8

const (
	ClientLines  ClientLang = iota // lines of commands; a line after an escape marker is the shell's (lftp, sftp, duckdb)
	ClientCode                     // code of a language: scanned as interpreter code (R, julia, octave, mongosh, ghci, ipython, irb)
	ClientPsql                     // psql's SQL and backslash commands
	ClientMysql                    // mysql's SQL and client commands
	ClientServer                   // code run by a server (redis-cli --eval): its paths are touched
)

// Client is the table's entry for one program.
type Client struct {
	Names word.Set
	Lang  ClientLang
	// Text are the options whose value is text of the language (-c,
	// -e, --eval); Files those whose value names a file of it (-f, -b).
	Text, Files word.Set
	// Operands: its operands are files of the language it runs (julia
	// x.jl, mongosh x.js).
	Operands bool
	// WithArg are its other options that take the next word.
	WithArg word.Set
	// Sub, when set, is the subcommand (the first word) the entry is for
	// (jupyter execute); When, when set, the options one of which must be
	// given for its operands to run (nbconvert --execute).
	Sub  string
	When word.Set
	// Each: every operand is a file it runs (notebooks), not only the
	// first.
	Each bool
}

// Clients lists the programs of that kind guard reads.
var Clients = []Client{
	{Names: " psql ", Lang: ClientPsql, Text: " -c --command ", Files: " -f --file ",
		WithArg: " -d --dbname -h --host -p --port -U --username -o --output -L --log-file -v --set --variable -P --pset -F --field-separator -R --record-separator -T --table-attr "},
	{Names: " mysql mariadb ", Lang: ClientMysql, Text: " -e --execute --init-command ",
		WithArg: " -h --host -P --port -u --user -D --database -S --socket --tee --pager --defaults-file --defaults-extra-file --plugin-dir --default-auth "},
	{Names: " duckdb ", Lang: ClientLines, Text: " -c -cmd -s ", Files: " -init -f "},
	{Names: " lftp ", Lang: ClientLines, Text: " -c -e ", Files: " -f ", WithArg: " -u -p "},
	{Names: " sftp ", Lang: ClientLines, Files: " -b ", WithArg: " -B -c -D -F -i -J -l -o -P -R -S -s -X "},
	{Names: " ftp ncftp ", Lang: ClientLines},
	{Names: " ghci ghc ", Lang: ClientCode, Text: " -e ", Files: " -ghci-script "},
	{Names: " r R ", Lang: ClientCode, Text: " -e ", Files: " -f --file "},
	{Names: " julia ", Lang: ClientCode, Text: " -e --eval -E --print ", Files: " -L --load ", Operands: true},
	{Names: " octave octave-cli ", Lang: ClientCode, Text: " --eval ", Operands: true},
	{Names: " mongosh mongo ", Lang: ClientCode, Text: " --eval ", Files: " -f --file ", Operands: true},
	{Names: " redis-cli ", Lang: ClientServer, Files: " --eval "},
	{Names: " clickhouse-client ", Lang: ClientLines, Text: " -q --query ", Files: " --queries-file "},
	// REPLs that are programs of their own: what they read
	// on standard input, their -c/-e code and their script operands are
	// code; a bare REPL reads the terminal, the user's session.
	{Names: " ipython ipython3 ptpython ptipython bpython ", Lang: ClientCode, Text: " -c ", Operands: true},
	// Notebook runners: a notebook's code cells are
	// python (lang.NotebookCode).
	{Names: " jupyter ", Sub: "execute", Lang: ClientCode, Operands: true, Each: true, WithArg: " --kernel_name --output "},
	{Names: " jupyter ", Sub: "nbconvert", When: " --execute --ExecutePreprocessor.enabled=True ", Lang: ClientCode, Operands: true, Each: true,
		WithArg: " --to --output --output-dir --template --config --ExecutePreprocessor.kernel_name "},
	{Names: " jupyter-execute ", Lang: ClientCode, Operands: true, Each: true, WithArg: " --kernel_name --output "},
	{Names: " jupyter-nbconvert ", When: " --execute --ExecutePreprocessor.enabled=True ", Lang: ClientCode, Operands: true, Each: true,
		WithArg: " --to --output --output-dir --template --config --ExecutePreprocessor.kernel_name "},
	{Names: " papermill ", Lang: ClientCode, Operands: true, Each: true, WithArg: " -f --parameters_file -y --parameters_yaml -b --parameters_base64 -k --kernel --cwd -l --language --engine --cwd "},
	{Names: " irb pry ", Lang: ClientCode, Text: " -e ", WithArg: " -r -I ", Operands: true},
	{Names: " scala amm guile racket clojure clj ocaml utop jshell ", Lang: ClientCode, Text: " -e -c --eval ", Operands: true},
	{Names: " sbcl ", Lang: ClientCode, Text: " --eval ", Files: " --load --script "},
	{Names: " erl iex ", Lang: ClientCode, Text: " -eval -e ", Operands: true},
}

// ClientNamed returns the entry for the program called name run with
// args (its subcommand, the first word, picks an entry with Sub).
func ClientNamed(name string, args []word.Word) (*Client, bool) {
	for i := range Clients {
		cl := &Clients[i]
		if cl.Names.Has(name) && (cl.Sub == "" || len(args) > 0 && args[0].Text == cl.Sub) {
			return cl, true
		}
	}
	return nil, false
}

// LineEscapes are the markers by which a REPL-like program hands the rest
// of a line to the shell: psql's \!, mysql's system and \!, ghci's :!,
// sqlite3's and duckdb's .shell and .system, the ! of lftp, sftp, ftp and
// gdb's shell. A line of text that starts with one (after blanks) runs
// the rest.
var LineEscapes = [...]string{`\!`, `:!`, "!", ".shell ", ".system ", "system ", `\system `, "shell ", "platform shell ", ":sh "}

// LineEscape returns the shell command line l hands the shell through an
// escape marker of LineEscapes, and whether it has one.
func LineEscape(l string) (string, bool) {
	l = strings.TrimLeft(l, " \t")
	for _, m := range LineEscapes {
		if rest, ok := strings.CutPrefix(l, m); ok && strings.TrimSpace(rest) != "" {
			return rest, true
		}
	}
	return "", false
}

// ShellCallMarkers are the calls by which a language's code hands the
// shell a command (R's system, octave's system, node's execSync, Lua's
// os.execute): code holding one is scanned as interpreter code.
var ShellCallMarkers = [...]string{"system(", "system2(", "shell(", "popen(", "execSync(", "spawnSync(", "exec(",
	"execute(", "shell_exec(", "child_process", "run(`", "spawn(", "callCommand(", "readProcess("}

// HasShellCall reports whether code holds a marker of ShellCallMarkers.
func HasShellCall(code string) bool {
	for _, m := range ShellCallMarkers {
		if strings.Contains(code, m) {
			return true
		}
	}
	return false
}
