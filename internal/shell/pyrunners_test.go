package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// pyFiles is a project whose evil.py and zz/zm.py write a start-up file.
var pyFiles = map[string]string{
	"evil.py":        "open('/home/u/.bashrc', 'a').write('# pwned')",
	"zz/__init__.py": "",
	"zz/zm.py":       "open('/home/u/.bashrc', 'a').write('# pwned')",
	"ok.py":          "print(1)",
	"README.md":      "# app\n",
}

// pyCase is one command over pyFiles: whether it writes ~/.bashrc, and
// whether what it runs is hidden.
type pyCase struct {
	cmd    string
	write  bool
	hidden bool
}

// checkPy runs each case over files.
func checkPy(t *testing.T, files map[string]string, tests []pyCase) {
	t.Helper()
	for _, tc := range tests {
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: &treeFiles{fakeFiles{files: files}}})
		if got := slices.Contains(a.Writes, "/home/u/.bashrc"); got != tc.write {
			t.Errorf("%s: writes %q, want ~/.bashrc %v (err %v)", tc.cmd, a.Writes, tc.write, a.Err)
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: hidden = %v (%v), want %v", tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}

// TestRunnerModules: python -m MOD of a module that runs or imports its
// operands reads them as the program; data modules and
// clean operands pass.
func TestRunnerModules(t *testing.T) {
	checkPy(t, pyFiles, []pyCase{
		{cmd: "python3 -m cProfile evil.py", write: true},
		{cmd: "python3 -m cProfile -o /dev/null evil.py", write: true},
		{cmd: "python3 -m cProfile -m zz.zm", write: true},
		{cmd: "python3 -m profile evil.py", write: true},
		{cmd: "python3 -m trace --count evil.py", write: true},
		{cmd: "python3 -m runpy evil.py", write: true},
		{cmd: "python3 -m pdb evil.py", write: true},
		{cmd: "python3 -m unittest zz.zm", write: true},
		{cmd: "python3 -m unittest -v zz.zm ok", write: true},
		{cmd: "python3 -m doctest evil.py", write: true},
		{cmd: "python3 -m pydoc evil", write: true},
		{cmd: "python3 -m pydoc -w evil", write: true},
		{cmd: "python3 -m timeit -s 'import zz.zm' pass", write: true},
		{cmd: "python3 -m timeit --setup='import zz.zm' pass", write: true},
		{cmd: "python3 -m timeit 'import zz.zm'", write: true},
		{cmd: "python3 -m coverage run evil.py", write: true},
		{cmd: "python3 -m coverage run -m zz.zm", write: true},
		{cmd: "python3 -m idlelib -r evil.py", write: true},
		{cmd: "python3 -m pytest evil.py", write: true},
		{cmd: "python3 -m somerunner evil.py", write: true},
		{cmd: "python3 -m somerunner -c 'import zz.zm'", write: true},
		{cmd: "python3 -m somerunner zz.zm", write: true},
		// controls
		{cmd: "python3 -m cProfile ok.py"},
		{cmd: "python3 -m cProfile -s cumtime ok.py"},
		{cmd: "python3 -m json.tool evil.py"},
		{cmd: "python3 -m venv .venv"},
		{cmd: "python3 -m zipfile -l x.zip"},
		{cmd: "python3 -m modulefinder evil.py"},
		{cmd: "python3 -m black evil.py"},
		{cmd: "python3 -m unittest"},
		{cmd: "python3 -m unittest discover -s tests -p 'test_*.py'"},
		{cmd: "python3 -m pydoc json"},
		{cmd: "python3 -m doctest -v README.md"},
		{cmd: "python3 -m timeit '1+1'"},
		{cmd: "python3 -m coverage report"},
		{cmd: "python3 -m pytest -x"},
		{cmd: "python3 -m mytool --input data.bin"},
	})
}

// TestSettingModules: the module a warning filter's category or
// PYTHONBREAKPOINT names is imported.
func TestSettingModules(t *testing.T) {
	checkPy(t, pyFiles, []pyCase{
		{cmd: "PYTHONPATH=. python3 -W ignore::zz.zm.W -c 'print(1)'", write: true},
		{cmd: "python3 -Wignore::zz.zm.W ok.py", write: true},
		{cmd: "python3 -bW ignore::zz.zm.W ok.py", write: true},
		{cmd: "PYTHONWARNINGS=default,ignore::zz.zm.W python3 -c 1", write: true},
		{cmd: "export PYTHONPATH=.; python3 -Wignore::zz.zm.W -m json.tool x.json", write: true},
		{cmd: "PYTHONBREAKPOINT=zz.zm.f python3 -c 'import sys; sys.breakpointhook()'", write: true},
		{cmd: "PYTHONWARNINGS=ignore::$X.W python3 ok.py", hidden: true},
		// controls
		{cmd: "python3 -W ignore::DeprecationWarning ok.py"},
		{cmd: "python3 -W error::pytest.PytestWarning -m pytest"},
		{cmd: "PYTHONWARNINGS=ignore python3 ok.py"},
		{cmd: "PYTHONBREAKPOINT=0 python3 ok.py"},
		{cmd: "PYTHONBREAKPOINT=ipdb.set_trace python3 ok.py"},
		{cmd: "python3 ok.py -W ignore::zz.zm.W"},
		{cmd: "python3 -X dev -W default ok.py"},
	})
}

// TestWarnOptions: python's -W values among its own options only.
func TestWarnOptions(t *testing.T) {
	for cmd, want := range map[string]string{
		"-W a::b.C x.py": "a::b.C", "-Wa -W b": "a b", "-bW a": "a", "-X dev -W a": "a", "-Xdev -Wa": "a",
		"-c 1 -W a": "", "x.py -W a": "", "-m m -W a": "", "-- -W a": "", "-BWa": "a",
	} {
		var args []word.Word
		for _, f := range strings.Fields(cmd) {
			args = append(args, word.Word{Text: f})
		}
		if got := strings.Join(warnOptions(args), " "); got != want {
			t.Errorf("warnOptions(%s) = %q, want %q", cmd, got, want)
		}
	}
}

// TestStarImports: from P import * imports the submodules P's __all__
// names; an __all__ guard cannot read is hidden.
func TestStarImports(t *testing.T) {
	files := map[string]string{
		"yy/__init__.py":        `__all__ = ["zm"]`,
		"yy/zm.py":              "open('/home/u/.bashrc', 'a')",
		"ww/__init__.py":        "__all__ = ['a']\n__all__ += ['zm']\n",
		"ww/zm.py":              "open('/home/u/.bashrc', 'a')",
		"ok/__init__.py":        "__all__ = ['f', 'sub']\ndef f(): pass\n",
		"ok/sub.py":             "x = 1",
		"rel/__init__.py":       "from .inner import *\n",
		"rel/inner/__init__.py": "__all__ = ('zm',)",
		"rel/inner/zm.py":       "open('/home/u/.bashrc', 'a')",
		"plain/__init__.py":     "x = 1",
		"plain/zm.py":           "open('/home/u/.bashrc', 'a')",
	}
	checkPy(t, files, []pyCase{
		{cmd: "python3 -c 'from yy import *'", write: true},
		{cmd: "python3 -c 'import rel'", write: true},
		{cmd: "python3 -c 'from ww import *'", hidden: true},
		// controls
		{cmd: "python3 -c 'from ok import *'"},
		{cmd: "python3 -c 'from plain import *'"},
		{cmd: "python3 -c 'from json import *'"},
	})
}

// TestPythonPrefix: a python run by a path beside a standard library of
// its own, or from a venv of an unknown base, is hidden.
func TestPythonPrefix(t *testing.T) {
	files := map[string]string{
		"/tmp/ph/bin/python3":                                 "\x7fELF",
		"/tmp/ph/lib/python3.11/os.py":                        "import abc",
		"/tmp/ph/lib/python3.11/site.py":                      "",
		"/t/v1/bin/python":                                    "\x7fELF",
		"/t/v1/pyvenv.cfg":                                    "home = /usr/bin\ninclude-system-site-packages = false\n",
		"/t/v2/bin/python":                                    "\x7fELF",
		"/t/v2/pyvenv.cfg":                                    "home = /tmp/ph/bin\n",
		"/t/v3/bin/python":                                    "\x7fELF",
		"/t/v3/pyvenv.cfg":                                    "home = /home/u/.pyenv/versions/3.11.7/bin\n",
		"/t/bare/bin/python3":                                 "\x7fELF",
		"/home/u/.pyenv/versions/3.11.7/bin/python3":          "\x7fELF",
		"/home/u/.pyenv/versions/3.11.7/lib/python3.11/os.py": "",
		"/t/v4/bin/python":                                    "\x7fELF",
		"/t/v4/pyvenv.cfg":                                    "home = /home/linuxbrew/.linuxbrew/opt/python@3.12/bin\n",
		"/t/v5/bin/python":                                    "\x7fELF",
		"/t/v5/pyvenv.cfg":                                    "home = /home/u/opt/anaconda3/bin\n",
		"/t/v6/bin/python":                                    "\x7fELF",
		"/t/v6/pyvenv.cfg":                                    "home = /home/u/tools/py/bin\n",
		"/t/v7/bin/python":                                    "\x7fELF",
		"/t/v7/pyvenv.cfg":                                    "home = ph/bin\n",
		"/srv/pyenv/bin/python3":                              "\x7fELF",
		"/srv/pyenv/lib/python3.11/os.py":                     "",
		"/home/u/.pixi/envs/default/bin/python":               "\x7fELF",
		"/home/u/.pixi/envs/default/lib/python3.12/os.py":     "",
		"/home/u/x/bin/python3":                               "\x7fELF",
		"/home/u/x/lib/python3.12/os.py":                      "",
		"/usr/bin/python3":                                    "\x7fELF",
	}
	checkPy(t, files, []pyCase{
		{cmd: "/tmp/ph/bin/python3 -c 'import sys; print(sys.prefix)'", hidden: true},
		{cmd: "cd /tmp/ph/bin && ./python3 -c 1", hidden: true},
		{cmd: "PATH=/tmp/ph/bin:$PATH python3 -c 1", hidden: true},
		{cmd: "/t/v2/bin/python -c 1", hidden: true},
		{cmd: "mkdir -p /t/n/bin /t/n/lib/python3.12 && echo 'import os' > /t/n/lib/python3.12/os.py && /t/n/bin/python3 -c 1", hidden: true},
		{cmd: "/t/v6/bin/python -c 1", hidden: true},
		{cmd: "/t/v7/bin/python -c 1", hidden: true},
		{cmd: "/home/u/x/bin/python3 -c 1", hidden: true},
		// the program resolved as the shell does
		{cmd: "/tmp/ph/bin/python[3] -c 1", hidden: true},
		{cmd: "/tmp/ph/bin/python? -c 1", hidden: true},
		{cmd: "/tmp/ph/bin/pyth*3 -c 1", hidden: true},
		{cmd: "/tmp/ph/*/python3 -c 1", hidden: true},
		{cmd: "PATH=/usr/sbin:/tmp/ph/bin python3 -c 1", hidden: true},
		{cmd: "PATH=/usr/sbin:/tmp/ph/bin:$PATH python3 app.py", hidden: true},
		{cmd: "PATH=/opt/none:/tmp/ph/bin:$PATH python3 -c 1", hidden: true},
		{cmd: "PATH=/usr/sbin:$PATH python3 -c 1"},
		{cmd: "PATH=/usr/bin:/tmp/ph/bin python3 -c 1"},
		{cmd: "/usr/bin/python[3] -c 1"},
		// controls (installs the agent does not write)
		{cmd: "/t/v4/bin/python -m pytest"},
		{cmd: "/t/v5/bin/python -m pytest"},
		{cmd: "/srv/pyenv/bin/python3 -c 1"},
		{cmd: "/home/u/.pixi/envs/default/bin/python ok.py"},
		{cmd: "/t/v1/bin/python -c 1"},
		{cmd: "/t/v3/bin/python -m pytest"},
		{cmd: "/t/bare/bin/python3 -c 1"},
		{cmd: "/home/u/.pyenv/versions/3.11.7/bin/python3 -c 1"},
		{cmd: "/usr/bin/python3 -c 1"},
		{cmd: "python3 -c 1"},
	})
}
