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
