package hook

import "testing"

// TestPythonOwnPathAliases: a python program that reaches its own
// environment mapping other than by a known read (an alias, from os import
// environ, os.environb, setattr on os, an augmented assignment) may set the
// PATH its children look programs up on (FINDINGS58d D8).
func TestPythonOwnPathAliases(t *testing.T) {
	const evil = "#!/bin/sh\ncat $HOME/.ssh/id_rsa >&2\n"
	_, proj := scriptWorld(t, map[string]string{
		"p/bin/ls": evil,
		"p/a1.py":  "import subprocess, os\ne = os.environ\ne['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
		"p/a2.py":  "import subprocess, os\nos.environb[b'PATH'] = b'bin'\nsubprocess.run(['ls'])\n",
		"p/a3.py":  "import subprocess, os\nsetattr(os, 'environ', {'PATH': 'bin'})\nsubprocess.run(['ls'])\n",
		"p/a4.py":  "import subprocess\nfrom os import environ\nenviron.setdefault('X', '1')\nenviron['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
		"p/a5.py":  "import subprocess, os\nos.environ['PATH'] += ':bin'\nos.system('ls')\n",
		"p/a6.py":  "import subprocess, os\nos.environ |= {'PATH': 'bin'}\nsubprocess.run(['ls'])\n",
		"p/ok1.py": "import os, subprocess\nhome = os.environ.get('HOME')\nif 'CI' in os.environ:\n    print(os.environ['CI'])\nsubprocess.run(['git', 'status'], env={**os.environ, 'GIT_PAGER': 'cat'})\n",
		"p/ok2.py": "import os, subprocess\nenvironment = 'dev'\nsubprocess.run(['git', 'status'], env=os.environ.copy())\n",
	})
	checkAll(t, proj, []string{
		"cd p && python3 a1.py",
		"cd p && python3 a2.py",
		"cd p && python3 a3.py",
		"cd p && python3 a4.py",
		"cd p && python3 a5.py",
		"cd p && python3 a6.py",
		`cd p && python3 -c "import subprocess,os; e=os.environ; e['PATH']='bin'; subprocess.run(['ls'])"`,
	}, []string{
		"cd p && python3 ok1.py",
		"cd p && python3 ok2.py",
	})
}

// TestPythonOwnPathTargets: a subscript of the environment is a target in
// more shapes than X[k] = …: a tuple item, an annotated assignment, a for
// target; and a function is not known to only read the mapping because
// its name ends in dict or copy; env= outside a call is an alias
// (FINDINGS59c C1).
func TestPythonOwnPathTargets(t *testing.T) {
	const evil = "#!/bin/sh\ncat $HOME/.ssh/id_rsa >&2\n"
	_, proj := scriptWorld(t, map[string]string{
		"p/bin/ls": evil,
		"p/t1.py":  "import os, subprocess\nos.environ['PATH'],=['bin:'+os.environ['PATH']]\nsubprocess.run(['ls'])\n",
		"p/t2.py":  "import os, subprocess\nos.environ['PATH']: str = 'bin:' + os.environ['PATH']\nsubprocess.run(['ls'])\n",
		"p/t3.py":  "import os, subprocess\nfor os.environ['PATH'] in ['bin:/usr/bin:/bin']:\n    subprocess.run(['ls'])\n",
		"p/t4.py":  "import os, subprocess\ndef set_dict(d):\n    d['PATH'] = 'bin:/usr/bin:/bin'\nset_dict(os.environ)\nsubprocess.run(['ls'])\n",
		"p/t5.py":  "import os, subprocess\nenv=os.environ\nenv['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
		"p/t6.py":  "import os, subprocess\nclass A:\n    def dict(self, d):\n        d['PATH'] = 'bin'\nA().dict(os.environ)\nsubprocess.run(['ls'])\n",
		"p/t7.py":  "import os, subprocess\n(os.environ['PATH'], x) = ('bin', 1)\nsubprocess.run(['ls'])\n",
		"p/ok.py": "import os, copy, subprocess\nv = dict(os.environ)\nw = copy.deepcopy(os.environ)\nsubprocess.run(['git', 'status'], env=os.environ)\nprint(os.environ['HOME'], 1)\n" +
			"if (os.environ['PATH'], 1) == ('x', 1):\n    print(1)\nsubprocess.run(['ls'], env={'PATH': os.environ['PATH'], 'LANG': 'C'}, check=True)\n",
	})
	checkAll(t, proj, []string{
		"cd p && python3 t1.py", "cd p && python3 t2.py", "cd p && python3 t3.py",
		"cd p && python3 t4.py", "cd p && python3 t5.py", "cd p && python3 t6.py", "cd p && python3 t7.py",
	}, []string{"cd p && python3 ok.py"})
}

// TestPythonOwnPathFromImport: from os import environ binds the mapping to
// a bare name, read by the same rules as os.environ: a program that only
// reads it starts its children as it is; a write, an alias or an item
// given by PATH still hides the command (FINDINGS59c C9). A bare environ
// in code that imports nothing from os is another mapping (a WSGI app's).
func TestPythonOwnPathFromImport(t *testing.T) {
	const evil = "#!/bin/sh\ncat $HOME/.ssh/id_rsa >&2\n"
	_, proj := scriptWorld(t, map[string]string{
		"p/bin/ls": evil,
		"p/f1.py":  "from os import environ as e\nimport subprocess\ne['PATH'] = 'bin:' + e['PATH']\nsubprocess.run(['ls'])\n",
		"p/f2.py":  "from os import environ\nimport subprocess\nenviron['PATH'] = 'bin:' + environ['PATH']\nsubprocess.run(['ls'])\n",
		"p/f3.py":  "from os import environ\nimport subprocess\nenviron['PATH'], = ['bin']\nsubprocess.run(['ls'])\n",
		"p/f4.py":  "from os import environ\nimport subprocess\nenviron.update(PATH='bin')\nsubprocess.run(['ls'])\n",
		"p/f5.py":  "from os import path, environ\nimport subprocess\nx = environ\nx['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
		"p/f6.py":  "from os import getenv as g, environ\nimport subprocess\nenviron['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
		"p/ok1.py": "from os import environ\nimport subprocess\nprint(environ.get('HOME'))\nsubprocess.run(['git', 'status'])\n",
		"p/ok2.py": "from os import path, environ\nimport subprocess\nif 'CI' in environ:\n    print(environ['CI'])\nsubprocess.run(['git', 'status'], env={**environ, 'GIT_PAGER': 'cat'})\n",
		"p/f7.py":  "from os import *\nimport subprocess\nenviron['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
		"p/f8.py":  "from os import (\n    path,\n    environ,\n)\nimport subprocess\nx = environ\nx['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
		"p/ok3.py": "import subprocess\ndef app(environ, start_response):\n    return handle(environ, start_response)\nsubprocess.run(['git', 'status'])\n",
		// FINDINGS60b B1: a continued import, a module that re-exports it,
		// an assignment to the bare name
		"p/f9.py":   "from os \\\n    import environ\nimport subprocess\nenviron['PATH'] = 'bin:' + environ['PATH']\nsubprocess.run(['ls'])\n",
		"p/f10.py":  "from os import\\\n environ\nimport subprocess\nenviron['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
		"p/envm.py": "from os import environ\n",
		"p/f11.py":  "from envm import environ\nimport subprocess\nenviron['PATH'] = 'bin:' + environ['PATH']\nsubprocess.run(['ls'])\n",
		"p/f12.py":  "import os, subprocess\nenviron = getattr(os, 'environ')\nenviron['PATH'] = 'bin'\nsubprocess.run(['ls'])\n",
	})
	checkAll(t, proj, []string{
		"cd p && python3 f1.py", "cd p && python3 f2.py", "cd p && python3 f3.py",
		"cd p && python3 f4.py", "cd p && python3 f5.py", "cd p && python3 f6.py",
		"cd p && python3 f7.py", "cd p && python3 f8.py", "cd p && python3 f9.py",
		"cd p && python3 f10.py", "cd p && python3 f11.py", "cd p && python3 f12.py",
	}, []string{"cd p && python3 ok1.py", "cd p && python3 ok2.py", "cd p && python3 ok3.py"})
}
