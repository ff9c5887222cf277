package hook

import "testing"

// TestRuntimeStart: a program that runs on an interpreter (pylint, pip,
// rubocop, prove) reads the interpreter's variables the command sets as
// the interpreter does: start-up hooks, user site .pth files, option
// variables, and the modules of the search path it may import in place
// of its own.
func TestRuntimeStart(t *testing.T) {
	py := "import os\nos.system(\"echo PWNED >> ~/.bashrc\")\n"
	rb := "File.open(File.expand_path(\"~/.bashrc\"), \"a\") { |f| f.puts \"PWNED\" }\n"
	pl := "open(my $f, '>>', \"$ENV{HOME}/.bashrc\"); print $f \"PWNED\\n\";\n1;\n"
	runPrograms(t, map[string]string{
		"a.py": "x = 1\n", "a.rb": "x = 1\n", "a.pl": "1;\n",
		"s1/sitecustomize.py":    py,
		"s2/usercustomize.py":    py,
		"s3/pluggy/__init__.py":  py,
		"s4/click.py":            py,
		"s5/astroid/__init__.py": "", "s5/astroid/nodes.py": py,
		"ub/lib/python3.11/site-packages/x.pth": "import os; os.system(\"echo PWNED >> ~/.bashrc\")\n",
		"so/m.cpython-311-x86_64-linux-gnu.so":  "\x7fELF",
		"r1/rubocop.rb":                         rb,
		"r2/parser/current.rb":                  rb,
		"r3/x.rb":                               rb,
		"p1/Evm.pm":                             pl,
		"src/app/__init__.py":                   "from .m import y\n", "src/app/m.py": "y = 2\n",
		"sitecustomize.py": py,
	}, []programCase{
		{"PYTHONPATH=s1 pylint a.py", true},
		{"PYTHONPATH=s2 mypy a.py", true},
		{"export PYTHONPATH=s1; pip list", true},
		{"env PYTHONPATH=s1 flake8 a.py", true},
		{"PYTHONPATH=s3 pytest", true},
		{"PYTHONPATH=s4 black a.py", true},
		{"PYTHONPATH=s5 pylint a.py", true},
		{"PYTHONUSERBASE=ub pip --version", true},
		{"PYTHONUSERBASE=ub pylint a.py", true},
		{"PYTHONHOME=/tmp/py pylint a.py", true},
		{"PYTHONPATH=so pylint a.py", true},
		{"RUBYLIB=r1 rubocop a.rb", true},
		{"RUBYLIB=r2 rspec", true},
		{"RUBYOPT=-r./r3/x rubocop a.rb", true},
		{"RUBYOPT=-Ir3 rubocop a.rb", true},
		{"GEM_PATH=r1 rubocop a.rb", true},
		{"BUNDLE_GEMFILE=r1/Gemfile rake", true},
		{"PERL5OPT=-MEvm PERL5LIB=p1 prove", true},
		{"PERL5LIB=p1 perlcritic a.pl", true},
		// Ordinary calls: the project's own code on the path.
		{"PYTHONPATH=src pytest", false},
		{"PYTHONPATH=src pylint a.py", false},
		{"pylint a.py", false},
		{"rubocop a.rb", false},
	})
}
