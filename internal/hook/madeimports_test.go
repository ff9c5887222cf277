package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestMadeModulesImported: a module the command
// itself copies, moves or links into place and then imports is read as
// its source (a copy, a move) or is "cannot tell" (a link), in both
// bash.match modes; a harmless one passes.
func TestMadeModulesImported(t *testing.T) {
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-16A\\n')\n"
	_, proj := scriptWorld(t, map[string]string{
		"evil.py": evil,
		"x.txt":   evil,
		"ok.txt":  "x = 1\n",
		"main.py": "import helper\n",
		"app.py":  "import util\n",
		"n/.keep": "",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"cp evil.py json.py && python3 -c 'import json'", "blocked_path"},
			{"mv x.txt helper.py; python3 main.py", "blocked_path"},
			{"cp evil.py n/foo.py; python3 -c 'import sys; sys.path.insert(0, \"n\"); import foo'", "blocked_path"},
			{"cp evil.py n/foo.py; PYTHONPATH=n python3 -c 'import foo'", "blocked_path"},
			{"ln -s evil.py util.py; python3 app.py", "unparsable_command"},
			{"cp ok.txt helper.py; python3 main.py", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}

// TestRunTimeSearchPath: a directory code adds to its
// module search path is searched (a literal, one built from the code's
// own file or the working directory); one guard cannot tell (a variable,
// an environment value) is "cannot tell", in both bash.match modes.
func TestRunTimeSearchPath(t *testing.T) {
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-16A\\n')\n"
	_, proj := scriptWorld(t, map[string]string{
		"lib/foo.py": evil,
		"lib/bar.js": "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'x')\n",
		"lib/ok.py":  "x = 1\n",
		"s/a.py":     "import sys, os\nsys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'lib'))\nimport foo\n",
		"s/c.py":     "import sys, os\nsys.path.append(os.getcwd())\nimport lib.foo\n",
		"s/e.py":     "import sys\nfrom pathlib import Path\nsys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'lib'))\nimport foo\n",
		"s/ok.py":    "import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\nimport json\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"python3 s/a.py", "blocked_path"},
			{"python3 s/c.py", "blocked_path"},
			{"python3 s/e.py", "blocked_path"},
			{"python3 -c 'import sys, os; sys.path.insert(0, os.environ[\"D\"]); import foo'", "unparsable_command"},
			{"node -e 'module.paths.push(\"lib\"); require(\"bar\")'", "blocked_path"},
			{"node -e 'module.paths.push(process.env.D); require(\"bar\")'", "unparsable_command"},
			{"python3 s/ok.py", ""},
			{"python3 -c 'import sys; sys.path.insert(0, \"lib\"); import ok'", ""},
			{"node -e 'const paths = []; paths.push(1); console.log(paths)'", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}

// TestRunpyModules: runpy runs a module as -m does:
// python3 -m runpy MOD ARGS, runpy.run_module("http.server") and
// runpy.run_path of the standard library's http/server.py serve the CGI
// scripts (the code's sys.argv is not read: as if --cgi were given); a
// runner module through runpy is "cannot tell"; in both bash.match modes.
func TestRunpyModules(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"cgi-bin/x.py": "#!/usr/bin/env python3\nimport os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-16A\\n')\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"python3 -m runpy http.server --cgi", "blocked_path"},
			{"python3 -c 'import runpy; runpy.run_module(\"http.server\", run_name=\"__main__\")' --cgi", "blocked_path"},
			{"python3 -c 'import runpy, sys; sys.argv = [\"s\", \"--cgi\"]; runpy.run_module(\"http.server\", run_name=\"__main__\")'", "blocked_path"},
			{"python3 -c 'import runpy; runpy.run_path(\"/usr/lib/python3.11/http/server.py\", run_name=\"__main__\")'", "blocked_path"},
			{"python3 -c 'import runpy; runpy.run_module(\"cProfile\", run_name=\"__main__\")' x.py", "unparsable_command"},
			{"python3 -m runpy http.server", ""},
			{"python3 -c 'import runpy; runpy.run_module(\"json.tool\")'", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}

// TestNotebooksAndPdbrc: notebook runners (jupyter
// execute, nbconvert --execute, papermill, ipython) run the notebook's
// code cells and what they import, a %%bash cell's lines are the shell's;
// python's debugger runs ./.pdbrc (python3 -m pdb, breakpoint()); in both
// bash.match modes.
func TestNotebooksAndPdbrc(t *testing.T) {
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-16A\\n')\n"
	_, proj := scriptWorld(t, map[string]string{
		"nb/bad.ipynb": `{"cells":[{"cell_type":"markdown","source":"x"},{"cell_type":"code","source":["import os\n","open(os.path.expanduser('~/.bashrc'), 'a')"]}]}`,
		"nb/imp.ipynb": `{"cells":[{"cell_type":"code","source":"import helper"}]}`,
		"nb/helper.py": evil,
		"nb/sh.ipynb":  `{"cells":[{"cell_type":"code","source":"%%bash\necho x >> ~/.bashrc"}]}`,
		"nb/ok.ipynb":  `{"cells":[{"cell_type":"code","source":"print(1)"}]}`,
		"dbg/.pdbrc":   "!import os; os.system('echo x >> ~/.bashrc')\n",
		"dbg/x.py":     "x = 1\n",
		"dbg/b.py":     "breakpoint()\n",
		"okdbg/.pdbrc": "alias ll longlist\n",
		"okdbg/x.py":   "x = 1\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"jupyter execute nb/bad.ipynb", "blocked_path"},
			{"jupyter nbconvert --to html --execute nb/bad.ipynb", "blocked_path"},
			{"jupyter-execute nb/imp.ipynb", "blocked_path"},
			{"papermill -p a b nb/bad.ipynb out.ipynb", "blocked_path"},
			{"ipython nb/bad.ipynb", "blocked_path"},
			{"jupyter execute nb/sh.ipynb", "blocked_path"},
			{"cd dbg && python3 -m pdb x.py", "blocked_path"},
			{"cd dbg && python3 b.py", "blocked_path"},
			{"jupyter execute nb/ok.ipynb", ""},
			{"jupyter nbconvert --to html nb/bad.ipynb", ""},
			{"papermill nb/ok.ipynb out.ipynb", ""},
			{"cd dbg && python3 x.py", ""},
			{"cd okdbg && python3 -m pdb x.py", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
