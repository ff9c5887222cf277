package catalogue

import "github.com/guardhq/guard/internal/shell/word"

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
	// Programs are the programs that run on it.
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
