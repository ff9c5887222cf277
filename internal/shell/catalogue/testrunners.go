package catalogue

import (
	"path"
	"strings"
)

// TestRunner is a test runner or a build tool that loads project code it
// discovers rather than code the command names: go test builds and runs
// every package's files, cargo a crate's build.rs and tests, pytest the
// test_*.py files under its start directories. Guard scans those files as
// a program file an interpreter runs (bounded), and every file of the
// runner's language under its start directories when an option or a
// configuration file changes what it discovers.
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
	// Exts are the extensions of the runner's language, and whole file
	// names it loads (Rakefile, pom.xml).
	Exts string
	// Files are the names the runner loads by default: a base-name
	// pattern (test_*.py), or DIR/ for every file of Exts under a
	// directory of that name; "" for every file of Exts.
	Files string
	// Also are base-name patterns of files the runner loads as its
	// language's code whatever else it discovers (pytest's doctest files
	// test*.txt): read as code, their examples' lines (DoctestCode).
	Also string
	// Globs are options and configuration keys that change which files
	// the runner loads in a way guard does not model (pytest's
	// --doctest-glob): given, or in a configuration file of Config, guard
	// cannot tell what runs.
	Globs string
	// Skip are directory names not looked in (besides hidden ones):
	// NAME, or NAME:FILE when the runner loads it once the project root
	// holds FILE (go's vendor/ with vendor/modules.txt).
	Skip string
	// Root are files that mark the project root the runner loads from,
	// looked for from each start directory up: NAME or NAME:TEXT, the
	// first found of the list (cargo's workspace before its package).
	// A compiled language's runner loads every file under the root (go
	// test in a package compiles its imports from the whole module);
	// python's the conftest.py files from the root down.
	Root string
	// Config are files in a start directory that change what the runner
	// discovers: NAME, or NAME:TEXT when it does so only holding TEXT.
	Config string
	// Options change what the runner discovers.
	Options string
	// Adds are options that load code from a place guard does not read
	// (go's -overlay, -toolexec): guard cannot tell what runs.
	Adds string
	// Env are variables whose value the runner reads as options given
	// first (GOFLAGS, PYTEST_ADDOPTS), or, NAME!, that make it load
	// modules by name (PYTEST_PLUGINS): every file of its language.
	Env string
	// Ops is how many operands name start directories (unittest
	// discover's first); 0 for all. More make discovery unmodelled.
	Ops int
	// Values are options whose value is the next argument when not
	// joined with = (go test -run NAME): not an operand.
	Values string
}

const (
	jsExts   = " .js .mjs .cjs .jsx .ts .mts .cts .tsx "
	jsSkip   = " node_modules "
	pySkip   = " node_modules venv site-packages __pycache__ "
	cFiles   = "CMakeLists.txt *.cmake"
	pytestCf = "pytest.ini .pytest.ini pyproject.toml:tool.pytest setup.cfg:tool:pytest tox.ini:[pytest]"
	pyEnv    = " PYTEST_ADDOPTS PYTEST_PLUGINS! "
	pyAdds   = " --rootdir --confcutdir "
	// pytest runs the examples of test*.txt through doctest; a glob it is
	// given instead is not modelled.
	pyAlso  = "test*.txt"
	pyGlobs = " --doctest-glob doctest_glob "
	// Languages guard reads only for the names they give (the go rules).
	jvmExts = " .java .kt .kts .groovy .gradle .scala .sbt pom.xml "
	jvmSkip = " build target out node_modules "
	dotExts = " .cs .fs .vb .csproj .fsproj .vbproj .props .targets "
	hsExts  = " .hs .lhs .cabal .yaml "
	// goValues are the go command's options that take a value.
	goValues = " -run -skip -bench -benchtime -count -cpu -parallel -timeout -tags -p -o -coverprofile -cpuprofile -memprofile -blockprofile -mutexprofile -trace -outputdir -covermode -coverpkg -shuffle -fuzz -fuzztime -fuzzminimizetime -list -ldflags -gcflags -asmflags -mod -pkgdir -vet -C "
	// perl's test harness: the .t files (t/ by default, -r below), the
	// modules they load from lib/ (-l, -I) and blib/.
	perlExts = " .t .pl .pm "
	rubyExts = " .rb .rake .gemspec Rakefile rakefile Gemfile "
)

// TestRunners lists the runners. Small: looked up by a linear scan per
// simple command.
var TestRunners = []TestRunner{
	{Name: "go", Subs: " test run ", Exts: " .go ", Skip: " testdata vendor:vendor/modules.txt node_modules ",
		Root: "go.work go.mod", Config: "go.mod:replace go.work", Adds: " -overlay -modfile ", Env: " GOFLAGS ",
		Values: goValues},
	// go test's wrappers: gotestsum runs go test with the words after
	// its --, ginkgo builds and runs the suites under its operands (-r:
	// all); they load the module's code as go test does, not narrowed.
	{Name: "gotestsum", Exts: " .go ", Skip: " testdata vendor:vendor/modules.txt node_modules ", Root: "go.work go.mod",
		Config: "go.mod:replace go.work", Adds: " -overlay -modfile --raw-command --post-run-command --watch ", Env: " GOFLAGS ",
		Values: goValues + " --format --jsonfile --junitfile --packages --rerun-fails-max-failures --rerun-fails-report --hide-summary --format-icons --junitfile-testsuite-name --junitfile-testcase-classname "},
	{Name: "ginkgo", Exts: " .go ", Skip: " testdata vendor:vendor/modules.txt node_modules ", Root: "go.work go.mod",
		Config: "go.mod:replace go.work", Adds: " -overlay -modfile ", Env: " GOFLAGS ",
		Values: goValues + " --focus --skip --label-filter --procs --output-dir --json-report --junit-report --teamcity-report --focus-file --skip-file --seed --poll-progress-after --timeout "},
	// cargo build, check, clippy, doc, install compile only
	// (shell.cargoBuilder): their build scripts and proc macros run.
	{Name: "cargo", Subs: " test t bench run r ", Exts: " .rs ", Skip: " target node_modules ",
		Root: "Cargo.toml:[workspace] Cargo.toml", Config: "Cargo.toml:path Cargo.toml:workspace", Adds: " --config -Z "},
	{Name: "node", Flag: "--test", Interp: "node", Exts: " .js .mjs .cjs .ts .mts .cts ", Skip: jsSkip,
		Files: "*.test.* *-test.* *_test.* test-*.* test.* test/"},
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
	{Name: "prove", Interp: "perl", Exts: perlExts, Files: "*.t", Skip: " blib node_modules local ", Config: ".proverc",
		Options: " -I -l --lib -b --blib -M -P --plugin --ext --rc ", Adds: " -e --exec --source ", Env: " HARNESS_PERL_SWITCHES! PERL5OPT! "},
	// bats runs the .bats files under its operands and the helpers they
	// load (test_helper.bash): shell code.
	{Name: "bats", Interp: "bash", Exts: " .bats .bash .sh ", Files: "*.bats *.bash", Skip: " node_modules "},
	{Name: "dart", Subs: " test run ", Exts: " .dart ", Skip: " build .dart_tool node_modules ", Root: "pubspec.yaml"},
	{Name: "flutter", Subs: " test run build ", Exts: " .dart ", Skip: " build .dart_tool node_modules ", Root: "pubspec.yaml"},
	// scons runs SConstruct (python) and the SConscript files it names,
	// and the site_scons/ modules.
	{Name: "scons", Interp: "python3", Exts: " .py SConstruct Sconstruct sconstruct SConscript ", Files: "site_scons/", Skip: pySkip,
		Options: " -f --file --makefile --sconstruct -C --directory -u -U -D -Y --repository --srcdir --site-dir -I --include-dir "},
	{Name: "cmake", Exts: " .txt .cmake ", Files: cFiles, Skip: " CMakeFiles "},
	{Name: "ctest", Exts: " .txt .cmake ", Files: cFiles, Skip: " CMakeFiles "},
	{Name: "pytest", Interp: "python3", Exts: " .py ", Files: "test_*.py *_test.py conftest.py", Skip: pySkip, Root: pytestCf,
		Config: pytestCf, Options: " -p -c -o --override-ini --pyargs --import-mode --doctest-modules ", Adds: pyAdds, Env: pyEnv, Also: pyAlso, Globs: pyGlobs},
	{Name: "py.test", Interp: "python3", Exts: " .py ", Files: "test_*.py *_test.py conftest.py", Skip: pySkip, Root: pytestCf,
		Config: pytestCf, Options: " -p -c -o --override-ini --pyargs --import-mode --doctest-modules ", Adds: pyAdds, Env: pyEnv, Also: pyAlso, Globs: pyGlobs},
	{Name: "unittest", Interp: "python3", Exts: " .py ", Files: "test*.py", Skip: pySkip,
		Options: " -p --pattern -t --top-level-directory ", Ops: 1},
	// Runners and build tools of languages guard reads only for the
	// names they give: every file of the language under the root.
	{Name: "rspec", Exts: rubyExts + " .rspec ", Skip: " vendor node_modules ", Root: "Gemfile .rspec"},
	{Name: "rake", Exts: rubyExts, Skip: " vendor node_modules ", Root: "Rakefile rakefile Gemfile"},
	{Name: "gradle", Exts: jvmExts, Skip: jvmSkip, Root: "settings.gradle settings.gradle.kts"},
	{Name: "gradlew", Exts: jvmExts, Skip: jvmSkip, Root: "settings.gradle settings.gradle.kts"},
	{Name: "mvn", Exts: jvmExts, Skip: jvmSkip, Root: ".mvn"},
	{Name: "mvnw", Exts: jvmExts, Skip: jvmSkip, Root: ".mvn"},
	{Name: "sbt", Exts: jvmExts, Skip: jvmSkip, Root: "build.sbt"},
	// php artisan test runs phpunit (php vendor/bin/phpunit alike: an
	// interpreter's program file named as a runner is that runner).
	{Name: "artisan", Subs: " test ", Exts: " .php phpunit.xml phpunit.xml.dist ", Skip: " vendor node_modules storage ", Root: "composer.json phpunit.xml phpunit.xml.dist"},
	{Name: "phpunit", Exts: " .php phpunit.xml phpunit.xml.dist ", Skip: " vendor node_modules ", Root: "composer.json phpunit.xml phpunit.xml.dist"},
	{Name: "mix", Subs: " test compile run ", Exts: " .ex .exs ", Skip: " _build deps node_modules ", Root: "mix.exs"},
	{Name: "dotnet", Subs: " test build run ", Exts: dotExts, Skip: " bin obj node_modules ", Root: "global.json"},
	{Name: "swift", Subs: " test build run ", Exts: " .swift ", Skip: " node_modules ", Root: "Package.swift"},
	{Name: "zig", Subs: " build test run ", Exts: " .zig .zon ", Skip: " zig-cache zig-out node_modules ", Root: "build.zig"},
	{Name: "cabal", Subs: " test build run bench ", Exts: hsExts, Skip: " dist-newstyle node_modules ", Root: "cabal.project"},
	{Name: "stack", Subs: " test build run bench ", Exts: hsExts, Skip: " .stack-work node_modules ", Root: "stack.yaml"},
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
	if strings.Contains(r.Exts, " "+base+" ") || r.LoadsAlso(base) {
		return true // Rakefile, test_x.txt
	}
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

// LoadsAlso reports whether the runner loads a file named base whatever
// else it discovers (Also).
func (r *TestRunner) LoadsAlso(base string) bool {
	for _, f := range strings.Fields(r.Also) {
		if ok, _ := path.Match(f, base); ok {
			return true
		}
	}
	return false
}

// ChangesGlobs returns the word of Globs that text (an argument, a
// configuration file) holds, or "".
func (r *TestRunner) ChangesGlobs(text string) string {
	for _, g := range strings.Fields(r.Globs) {
		if strings.Contains(text, g) {
			return g
		}
	}
	return ""
}
