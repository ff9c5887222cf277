package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Runtime is an interpreter and the programs that run on it (a Python
// console script, a Ruby gem's executable, a node package's bin): they
// start as the interpreter does, so the interpreter's own variables set
// by the command (PYTHONPATH=sub pylint) reach them as they reach it.
type Runtime struct {
	// Lang is the interpreter's name, as lang.FamilyOf reads it.
	Lang string
	// Vars are the variables the interpreter reads at start: its module
	// search path, its options, its prefix and user site.
	Vars word.Set
	// Hides are those whose effect guard does not read: set by the
	// command, the program runs code from a place guard cannot tell
	// (GEM_PATH: the gems it activates).
	Hides word.Set
	// Programs are the programs known to run on it. A program known to
	// run on none (Native) is not read as running on any; every other is
	// read as running on each one whose variables the command sets.
	Programs word.Set
}

// Runtimes lists the interpreters whose programs guard knows.
var Runtimes = []Runtime{
	{Lang: "python", Vars: " PYTHONPATH PYTHONHOME PYTHONUSERBASE PYTHONPLATLIBDIR PYTHONEXECUTABLE PYTHONWARNINGS ",
		Programs: " pylint mypy flake8 pytest py.test black isort pip pip3 pycodestyle pyflakes pydocstyle bandit autopep8 yapf " +
			"tox nox coverage pre-commit ipython jupyter poetry pipenv pdm hatch twine sphinx-build mkdocs django-admin "},
	{Lang: "ruby", Vars: " RUBYLIB RUBYOPT ", Hides: " GEM_HOME GEM_PATH BUNDLE_GEMFILE ",
		Programs: " rubocop rake rspec bundle bundler gem irb erb rails standardrb rufo reek brakeman "},
	{Lang: "node", Vars: " NODE_OPTIONS NODE_PATH ",
		Programs: " prettier eslint stylelint npm npx tsc jest mocha vitest yarn pnpm webpack vite rollup "},
	{Lang: "perl", Vars: " PERL5LIB PERLLIB PERL5OPT ",
		Programs: " prove perlcritic perltidy cpan cpanm perldoc "},
}

// RuntimeOf returns the interpreter program name runs on, or nil.
func RuntimeOf(name string) *Runtime {
	for i := range Runtimes {
		if Runtimes[i].Programs.Has(name) {
			return &Runtimes[i]
		}
	}
	return nil
}

// nativeTools are programs outside the catalogue's entries known to be
// compiled binaries that start none of the Runtimes' interpreters
// themselves: what they run (git's hooks and aliases) guard reads as
// commands of their own.
const nativeTools word.Set = " git "

// Native reports whether program name is known not to run on any of the
// Runtimes: a catalogued program (ls, cat, grep, rg: Catalogue) or a
// native tool. Every other program may be a console script, a gem's or
// a package's executable under a name guard does not know (pip3.11,
// flask, lsb_release): it starts as its interpreter does.
func Native(name string) bool {
	return ProgramNamed(name) != nil || nativeTools.Has(name)
}

// JVMTools are the JDK's programs. Each starts a JVM, which reads
// JVMVars (java's launcher JDK_JAVA_OPTIONS too), and each but java
// hands it its -J<option> words.
const JVMTools word.Set = " java javac jar javadoc javap jshell jdeps jlink jmod jpackage jarsigner keytool jdeprscan serialver " +
	"jcmd jconsole jdb jhsdb jinfo jmap jps jrunscript jstack jstat jstatd jwebserver rmiregistry "

// JVMVars are the variables every JVM reads as options given first.
const JVMVars word.Set = " JAVA_TOOL_OPTIONS _JAVA_OPTIONS "

// JVMCode reports whether JVM option s has the JVM load code from a file
// before the program's own: an agent (-javaagent:X.jar, -agentpath:,
// -agentlib:) or a boot class path.
func JVMCode(s string) bool {
	return strings.HasPrefix(s, "-javaagent:") || strings.HasPrefix(s, "-agentpath:") || strings.HasPrefix(s, "-agentlib:") ||
		strings.HasPrefix(s, "-Xbootclasspath")
}
