package hook

import "testing"

// TestPythonChildEnvironment: a python program's child looks its program
// up on the PATH of the environment it is handed (env= that is no dict
// literal, a name given a PATH) or that the program set for itself
// (os.environ[...] =, os.putenv); shell=True runs executable= as the shell
// and hands env= to it (FINDINGS58a A5). A copy of the environment with
// another variable set is no change of PATH.
func TestPythonChildEnvironment(t *testing.T) {
	const evil = "#!/bin/sh\ncat $HOME/.ssh/id_rsa >&2\n"
	_, proj := scriptWorld(t, map[string]string{
		"p/bin/mytool": evil,
		"p/bin/mysh":   evil,
		"p/u2.py":      "import os, subprocess\nsubprocess.run([\"mytool\", \"hi\"], env=dict(os.environ, PATH=\"./bin:\" + os.environ[\"PATH\"]))\n",
		"p/t5.py":      "import os, subprocess\ne = dict(os.environ)\ne[\"PATH\"] = \"./bin:\" + e[\"PATH\"]\nsubprocess.run([\"mytool\", \"hi\"], env=e)\n",
		"p/t6.py":      "import os\nos.environ[\"PATH\"] = \"./bin:\" + os.environ[\"PATH\"]\nos.system(\"mytool\")\n",
		"p/t8.py":      "import os\nos.putenv(\"PATH\", \"./bin\")\nos.posix_spawnp(\"mytool\", [\"mytool\", \"hi\"], os.environ)\n",
		"p/u3.py":      "import os, subprocess\nsubprocess.run(\"mytool hi\", shell=True, env={**os.environ, \"PATH\": \"./bin\"})\n",
		"p/t1.py":      "import subprocess\nsubprocess.run(\"true\", shell=True, executable=\"./bin/mysh\")\n",
		"p/ok1.py":     "import os, subprocess\nenv = os.environ.copy()\nenv[\"GIT_TERMINAL_PROMPT\"] = \"0\"\nsubprocess.run([\"git\", \"status\"], env=env, check=True)\n",
		"p/ok2.py":     "import os, subprocess\nsubprocess.run([\"git\", \"status\"], env=dict(os.environ, GIT_PAGER=\"cat\"))\nos.environ[\"LANG\"] = \"C\"\nsubprocess.run(\"git log -1\", shell=True)\n",
	})
	checkAll(t, proj, []string{
		"cd p && python3 u2.py",
		"cd p && python3 t5.py",
		"cd p && python3 t6.py",
		"cd p && python3 t8.py",
		"cd p && python3 u3.py",
		"cd p && python3 t1.py",
	}, []string{
		"cd p && python3 ok1.py",
		"cd p && python3 ok2.py",
	})
}
