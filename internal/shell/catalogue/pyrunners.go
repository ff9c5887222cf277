package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// python -m MODULE: what a module that is not the project's does with its
// operands. A module guard does not know is a runner
// (default-deny): its operands that are files are programs it reads,
// dotted names modules it resolves, and the values of -c, -s, --setup and
// --command code. The modules known to take only data are listed apart
// (PyDataModules); the runners guard knows say which operand is what.

// PyOperands says what a runner module does with its operands.
type PyOperands uint8

const (
	// PyProgram: the first operand is the program (a file, or a module
	// name); the words after it are its arguments.
	PyProgram PyOperands = iota
	// PyEach: every operand is a program file or a module it imports
	// (unittest, doctest, pydoc, pytest).
	PyEach
	// PyCode: every operand is python code (timeit's statements).
	PyCode
	// PyData: the operands are data; only the options run code.
	PyData
)

// PyRunner is the catalogue's entry for one runner module.
type PyRunner struct {
	Module   string
	Operands PyOperands
	// Sub, when set, is the subcommand before which the operands are
	// data (coverage run FILE).
	Sub string
	// Values are options whose value is data; Code options whose value is
	// python code (timeit -s, pdb -c); Modules options whose value is a
	// module it runs or imports (cProfile -m, pytest -p); Files options
	// whose value is a program file it runs (idlelib -r).
	Values, Code, Modules, Files word.Set
}

// PyRunners are the runner modules guard knows. Small: a linear scan per
// python -m command.
var PyRunners = []PyRunner{
	{Module: "cProfile", Values: " -o --outfile -s --sort ", Modules: " -m "},
	{Module: "profile", Values: " -o --outfile -s --sort ", Modules: " -m "},
	{Module: "trace", Values: " -f --file -C --coverdir --ignore-module --ignore-dir "},
	{Module: "runpy"},
	{Module: "pdb", Code: " -c --command ", Modules: " -m "},
	{Module: "IPython", Code: " -c ", Modules: " -m "},
	{Module: "pyinstrument", Values: " -o --outfile -r --renderer -i --interval ", Code: " -c ", Modules: " -m "},
	{Module: "coverage", Sub: "run", Values: " --rcfile --source --include --omit --data-file --context --concurrency ", Modules: " -m "},
	{Module: "doctest", Operands: PyEach, Values: " -o --option "},
	{Module: "unittest", Operands: PyEach, Values: " -k -p --pattern -s --start-directory -t --top-level-directory --durations "},
	{Module: "pydoc", Operands: PyEach, Values: " -k -p -n "},
	{Module: "pytest", Operands: PyEach, Modules: " -p ", Values: " -k -m -c -o --rootdir --basetemp --junitxml --junit-xml " +
		"--durations --maxfail --tb --log-level --cov --cov-report --ignore --deselect -n --confcutdir "},
	{Module: "timeit", Operands: PyCode, Code: " -s --setup ", Values: " -n --number -r --repeat -u --unit "},
	{Module: "idlelib", Operands: PyData, Code: " -c ", Files: " -r ", Values: " -t "},
}

// PyDataModules are modules that take only data (a file they read or
// write, a directory they serve, a name they look up), or whose operands
// guard reads elsewhere (pip, build, venv, http.server): python -m json.tool
// f.json, -m venv .venv, -m zipfile -l x.zip. modulefinder and dis
// compile what they are given and never run it.
const PyDataModules word.Set = " json json.tool venv ensurepip pip build http.server zipfile tarfile gzip base64 " +
	"uu quopri calendar platform sysconfig site sqlite3 compileall py_compile tokenize ast dis tabnanny " +
	"pickletools pstats mimetypes webbrowser uuid filecmp this antigravity modulefinder encodings.rot_13 " +
	"xmlrpc.server wsgiref.simple_server smtplib ftplib poplib imaplib telnetlib twine wheel virtualenv "

// PyRunnerOf returns the runner entry of module mod, and whether guard
// knows mod as a runner.
func PyRunnerOf(mod string) (PyRunner, bool) {
	for _, r := range PyRunners {
		if r.Module == mod {
			return r, true
		}
	}
	return PyRunner{}, false
}

// pyCodeOptions are, for a data module, the long options that make it
// run code: http.server --cgi execs the files under cgi-bin/ and htbin/
// of the directory it serves.
var pyCodeOptions = [...]struct{ Module, Option string }{{"http.server", "--cgi"}}

// PyCodeOption returns the option that makes module mod run code
// (http.server: --cgi), if it has one.
func PyCodeOption(mod string) (string, bool) {
	for _, o := range pyCodeOptions {
		if o.Module == mod {
			return o.Option, true
		}
	}
	return "", false
}

// PyRunsCode reports whether args, the words after python -m mod, hold
// one of the module's code options in a spelling argparse accepts: the
// option or a prefix of it (--cg), before --.
func PyRunsCode(mod string, args []word.Word) bool {
	for _, a := range args {
		if a.Text == "--" {
			return false
		}
		opt, _, _ := strings.Cut(a.Text, "=")
		for _, o := range pyCodeOptions {
			if o.Module == mod && len(opt) >= 3 && strings.HasPrefix(o.Option, opt) {
				return true
			}
		}
	}
	return false
}

// PyOutput is how a module's command line names the files it writes
// (FINDINGS58b B18, REPORT-fcat): an output is a write, and what the file
// holds afterwards is text guard does not know.
type PyOutput struct {
	Module string
	// Options take the output file as their value (cProfile -o OUT,
	// zipfile -c OUT SRC…); a long one also by a unique prefix, as
	// argparse and optparse read it (--out).
	Options word.Set
	// Operand, when not 0, is the first operand (counted from 1) that is
	// an output; every operand from it on is one (json.tool IN OUT).
	Operand int
	// Flags are the module's options that take no value (the operand
	// count skips them); an option not listed is taken to take none.
	Flags word.Set
}

// PyOutputs are the module command lines guard knows to write a file they
// are named. gzip (compress: F.gz beside F; -d: F less .gz), zipfile and
// tarfile -e (extractors.go) are read apart.
var PyOutputs = []PyOutput{
	{Module: "json.tool", Operand: 2},
	{Module: "zipfile", Options: " -c --create "},
	{Module: "tarfile", Options: " -c --create "},
	{Module: "uu", Operand: 2, Flags: " -d -t "},
	{Module: "cProfile", Options: " -o --outfile "},
	{Module: "profile", Options: " -o --outfile "},
	{Module: "pyinstrument", Options: " -o --outfile "},
	{Module: "trace", Options: " -f --file "},
	{Module: "pickletools", Options: " -o --output "},
	{Module: "zipapp", Options: " -o --output "},
	{Module: "coverage", Options: " -o --data-file "},
	{Module: "pytest", Options: " --junitxml --junit-xml --result-log "},
}

// PyOutputOf returns the output entry of module mod, if guard has one.
func PyOutputOf(mod string) (PyOutput, bool) {
	for _, o := range PyOutputs {
		if o.Module == mod {
			return o, true
		}
	}
	return PyOutput{}, false
}
