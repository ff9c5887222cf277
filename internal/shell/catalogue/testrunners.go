package catalogue

import (
	"path"
	"strings"
)

// TestRunner is a test runner or a build tool that loads project code it
// discovers rather than code the command names (review 18a F16, 19a F4,
// F11): go test builds and runs every package's files, cargo a crate's
// build.rs and tests, pytest the test_*.py files under its start
// directories. Guard scans those files as a program file an interpreter
// runs (bounded), and every file of the runner's language under its start
// directories when an option or a configuration file changes what it
// discovers.
type TestRunner struct {
	// Name is the program, or the python module run with -m.
	Name string
	// Subs are the subcommands that load the code (" test "); "" for any.
	Subs string
	// Flag is an option without which the program is no runner (node's
	// --test); "" for none.
	Flag string
	// Interp is the interpreter whose module loader follows the files'
	// imports ("python3", "node"); "" for none.
	Interp string
	// Exts are the extensions of the runner's language.
	Exts string
	// Files are the names the runner loads by default: a base-name
	// pattern (test_*.py), or DIR/ for every file of Exts under a
	// directory of that name; "" for every file of Exts.
	Files string
	// Skip are directory names not looked in (besides hidden ones).
	Skip string
	// Config are files in a start directory that change what the runner
	// discovers: NAME, or NAME:TEXT when it does so only holding TEXT.
	Config string
	// Options change what the runner discovers.
	Options string
	// Ops is how many operands name start directories (unittest
	// discover's first); 0 for all. More make discovery unmodelled.
	Ops int
}

const (
	jsExts   = " .js .mjs .cjs .jsx .ts .mts .cts .tsx "
	jsSkip   = " node_modules "
	pySkip   = " node_modules venv site-packages __pycache__ "
	cFiles   = "CMakeLists.txt *.cmake"
	pytestCf = "pytest.ini .pytest.ini pyproject.toml:tool.pytest setup.cfg:tool:pytest tox.ini:[pytest]"
)

// TestRunners lists the runners. Small: looked up by a linear scan per
// simple command.
var TestRunners = []TestRunner{
	{Name: "go", Subs: " test run ", Exts: " .go ", Skip: " testdata vendor "},
	{Name: "cargo", Subs: " build b check c test t bench run r clippy doc d install ", Exts: " .rs ", Skip: " target "},
	{Name: "node", Flag: "--test", Interp: "node", Exts: " .js .mjs .cjs ", Skip: jsSkip,
		Files: "*.test.*js *-test.*js *_test.*js test-*.*js test.*js test/"},
	{Name: "jest", Interp: "node", Exts: jsExts, Skip: jsSkip, Files: "__tests__/ *.test.* *.spec.* test.* spec.*",
		Config:  "jest.config.js jest.config.ts jest.config.mjs jest.config.cjs jest.config.json package.json:\"jest\"",
		Options: " -c --config --testMatch --testRegex --roots --rootDir --setupFiles --setupFilesAfterEnv --globalSetup --testPathPattern --preset --projects "},
	{Name: "mocha", Interp: "node", Exts: jsExts, Skip: jsSkip, Files: "test/ spec/",
		Config:  ".mocharc.js .mocharc.cjs .mocharc.yml .mocharc.yaml .mocharc.json .mocharc.jsonc package.json:\"mocha\"",
		Options: " -r --require --config --file --spec --recursive --extension --package "},
	{Name: "vitest", Interp: "node", Exts: jsExts, Skip: jsSkip, Files: "*.test.* *.spec.*",
		Config:  "vitest.config.js vitest.config.ts vitest.config.mjs vitest.config.mts vite.config.js vite.config.ts vite.config.mjs vite.config.mts vitest.workspace.ts",
		Options: " -c --config -r --root --dir --setupFiles --globalSetup --workspace --project "},
	{Name: "deno", Subs: " test bench ", Interp: "node", Exts: jsExts, Skip: jsSkip},
	{Name: "bun", Subs: " test ", Interp: "node", Exts: jsExts, Skip: jsSkip},
	{Name: "cmake", Exts: " .txt .cmake ", Files: cFiles, Skip: " CMakeFiles "},
	{Name: "ctest", Exts: " .txt .cmake ", Files: cFiles, Skip: " CMakeFiles "},
	{Name: "pytest", Interp: "python3", Exts: " .py ", Files: "test_*.py *_test.py conftest.py", Skip: pySkip,
		Config: pytestCf, Options: " -p -c -o --override-ini --rootdir --confcutdir --pyargs --import-mode "},
	{Name: "py.test", Interp: "python3", Exts: " .py ", Files: "test_*.py *_test.py conftest.py", Skip: pySkip,
		Config: pytestCf, Options: " -p -c -o --override-ini --rootdir --confcutdir --pyargs --import-mode "},
	{Name: "unittest", Interp: "python3", Exts: " .py ", Files: "test*.py", Skip: pySkip,
		Options: " -p --pattern -t --top-level-directory ", Ops: 1},
}

// TestRunnerNamed returns the runner called name, or nil.
func TestRunnerNamed(name string) *TestRunner {
	for i := range TestRunners {
		if TestRunners[i].Name == name {
			return &TestRunners[i]
		}
	}
	return nil
}

// Loads reports whether the runner loads the file at rel (a path below a
// start directory): one of its Exts and, unless every file is (all), one
// its Files name.
func (r *TestRunner) Loads(rel string, all bool) bool {
	base := path.Base(rel)
	ext := path.Ext(base)
	if ext == "" || !strings.Contains(r.Exts, " "+ext+" ") {
		return false
	}
	if all || r.Files == "" {
		return true
	}
	for _, f := range strings.Fields(r.Files) {
		if d, ok := strings.CutSuffix(f, "/"); ok {
			if strings.HasPrefix(rel, d+"/") || strings.Contains(rel, "/"+d+"/") {
				return true
			}
		} else if ok, _ := path.Match(f, base); ok {
			return true
		}
	}
	return false
}
