package hook

import (
	"fmt"
	"testing"
)

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

// TestRuntimeStartUnknownProgram: default-deny on the variable, not the
// program (attack 40a F5). A program guard cannot show runs on no
// interpreter (catalogue.Native: ls, git; a builtin) may be a console
// script under a name it does not know, and starts as each interpreter
// whose variables the command sets. What the program loads there is code,
// not text it prints (FINDINGS40 FP3), and a project's sources on the
// path are read whole, past the single loader's bound.
func TestRuntimeStartUnknownProgram(t *testing.T) {
	py := "import os\nos.system(\"echo PWNED >> ~/.bashrc\")\n"
	files := map[string]string{
		"a.py":                 "x = 1\n",
		"sub/sitecustomize.py": py,
		"sub/x.rb":             "File.open(File.expand_path(\"~/.bashrc\"), \"a\") { |f| f.puts \"PWNED\" }\n",
		"src/pkg/__init__.py":  "", "src/pkg/m.py": "def f():\n    return 1\n",
		"app/__init__.py": "", "app/settings.py": "SECRET_KEY = \"django-insecure-9f8a7sd6f5g4h3j2k1l0qwertyuiopasdfghjklzx\"\n",
		"big/app/__init__.py": "",
	}
	for i := 1; i <= 150; i++ { // a chain of imports longer than one loader follows
		files[fmt.Sprintf("big/app/m%d.py", i)] = fmt.Sprintf("import json\nfrom app import m%d\n\ndef f%d(x):\n    return json.dumps(x)\n", i%150+1, i)
	}
	runPrograms(t, files, []programCase{
		{"PYTHONPATH=sub pip3.11 list", true},
		{"PYTHONPATH=sub pydoc3 os", true},
		{"PYTHONPATH=sub flask --version", true},
		{"PYTHONPATH=sub aws --version", true},
		{"PYTHONPATH=sub 2to3 a.py", true},
		{"PYTHONPATH=sub lsb_release -a", true},
		{"export PYTHONPATH=sub; make test", true},
		{"PYTHONPATH=sub ./ls", true}, // not the system's ls
		{"RUBYOPT=-r./sub/x solargraph", true},
		{"RUBYLIB=sub solargraph", true}, // its modules are ones solargraph may require
		// No false positive: a program known to run on none, the
		// project's plain modules, a module holding a secret loaded as code.
		{"PYTHONPATH=sub ls", false},
		{"PYTHONPATH=sub echo hi", false},
		{"PYTHONPATH=. ls", false},
		{"PYTHONPATH=src git status", false},
		{"PYTHONPATH=src pytest", false},
		{"PYTHONPATH=src flask run", false},
		{"PYTHONPATH=. pytest", false},
		{"env PYTHONPATH=. pytest -q", false},
		{"PYTHONPATH=big pytest", false},
		{"PYTHONPATH=big flask run", false},
	})
}

// TestJVMCode: a JDK tool whose JVM is given an agent (-J-javaagent:X,
// JAVA_TOOL_OPTIONS, _JAVA_OPTIONS) runs it as java runs a project's
// code: jar tf then prints what the agent prints, not only names (attack
// 40a F6), and the agent's path is checked as java's is.
func TestJVMCode(t *testing.T) {
	runPrograms(t, map[string]string{
		"x.jar":          "an agent\n", // the project's classes, as app.jar's
		"s.jar":          "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY1\naws_access_key_id=AKIAZ7Q3XKJ4TESTKEYQ\n",
		"~/.guard/a.jar": "an agent\n",
		"lnk.jar":        "->../.guard/a.jar",
	}, []programCase{
		{"jar -J-javaagent:x.jar tf s.jar", true},
		{"jar tf s.jar -J-javaagent:x.jar", true},
		{"JAVA_TOOL_OPTIONS=-javaagent:x.jar jar tf s.jar", true},
		{"export _JAVA_OPTIONS=-javaagent:x.jar; jar tf s.jar", true},
		{"jar -J-javaagent:lnk.jar tf x.jar", true},
		{"JAVA_TOOL_OPTIONS=-javaagent:~/.guard/a.jar javac -version", true},
		// As java -javaagent:agent.jar -jar app.jar: the project's agent.
		{"jar -J-javaagent:x.jar tf x.jar", false},
		{"JAVA_TOOL_OPTIONS=-javaagent:x.jar javac -version", false},
		{"jar tf s.jar", false},
		{"jar -J-Xmx1g tf s.jar", false}, // -J words are the JVM's, not jar's letters
	})
}

// TestGitHookRuntimeStart: git runs its hooks with the command's
// variables, so a hook whose #! line names an interpreter starts as that
// interpreter does under them (FINDINGS42a H5): PYTHONPATH=m git commit
// with a python pre-commit hook loads m/sitecustomize.py.
func TestGitHookRuntimeStart(t *testing.T) {
	runPrograms(t, map[string]string{
		".git/HEAD":             "ref: refs/heads/main\n",
		".git/objects/.keep":    "",
		".git/refs/.keep":       "",
		".git/hooks/pre-commit": "#!/usr/bin/env python3\nprint(\"ok\")\n",
		"m/sitecustomize.py":    "import os\nos.system(\"echo PWNED >> ~/.bashrc\")\n",
		"src/a.py":              "x = 1\n",
	}, []programCase{
		{"PYTHONPATH=m git commit -qm x", true},
		{"PYTHONPATH=m git -c user.name=x -c user.email=x@x commit -qm x", true},
		{"export PYTHONPATH=m; git commit -qm x", true},
		{"PYTHONPATH=m git status", false}, // no hook of its own in the repository
		{"PYTHONPATH=src git status", false},
		{"PYTHONPATH=src git commit -qm x", false},
		{"PYTHONPATH=m git commit --no-verify -qm x", false},
	})
}

// TestGitAliasConfig: an alias is git's words: one that begins with git's
// own options (-c core.editor=X, --exec-path) is a write of the
// configuration unless each option is data, and `git ALIAS` with the
// alias in the configuration is judged by its expansion (FINDINGS42a H4).
func TestGitAliasConfig(t *testing.T) {
	runPrograms(t, map[string]string{
		".git/HEAD": "ref: refs/heads/main\n",
		"e.sh":      "#!/bin/sh\necho PWNED >> ~/.bashrc\n",
		"~/.gitconfig": "[alias]\n\tci = -c core.editor=./e.sh commit --allow-empty\n\tlg = log --oneline\n" +
			"\tsh = !./e.sh\n",
	}, []programCase{
		{`git config --global alias.ci "-c core.editor=./e.sh commit --allow-empty"`, true},
		{`git config set --global alias.ci "-c core.editor=x commit"`, true},
		{`git config --global --add alias.ci "-ccore.editor=x commit"`, true},
		{`git config --global alias.st "-c core.fsmonitor=./fs.sh status"`, true},
		{`git config --global alias.ci "-c core.hooksPath=hooks commit"`, true},
		{`git config --global alias.up "-c protocol.ext.allow=always pull"`, true},
		{`git config --global alias.x "-c include.path=../p/x x"`, true},
		{`git config --global alias.ci "--exec-path=./b commit"`, true},
		{`git config --global alias.x "--config-env=core.pager=X log"`, true},
		{`git config --global alias.lg '-c alias.x=!id x'`, true},
		{"git ci", true},
		{"git -c user.name=x -c user.email=x@x ci", true},
		{"git sh", true},
		{"git config --global alias.lg 'log --oneline'", false},
		{"git config --global alias.lg '-c color.ui=always --no-pager log --oneline'", false},
		{"git lg", false},
		{"git lg -5", false},
	})
}
