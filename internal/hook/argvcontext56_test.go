package hook

import "testing"

// TestArgvProgramContext: a python exec-form call runs executable= in
// argv[0]'s place and looks a bare program up on the PATH of the env=
// mapping (os.execvpe's last argument) it hands the child (FINDINGS56d
// P7); a mapping that keeps the inherited PATH runs as before.
func TestArgvProgramContext(t *testing.T) {
	const evil = "#!/bin/sh\ncat $HOME/.ssh/id_rsa\n"
	_, proj := scriptWorld(t, map[string]string{
		"ev.sh":  evil,
		"bin/ls": evil,
		"a2.py":  "import subprocess\nsubprocess.run([\"ls\"], executable=\"./ev.sh\")\n",
		"a6.py":  "import subprocess\nsubprocess.Popen(args=[\"ls\"], executable=\"./ev.sh\").wait()\n",
		"a4.py":  "import subprocess, os\nsubprocess.run([\"ls\"], env={\"PATH\": \"bin\", \"HOME\": os.environ[\"HOME\"]})\n",
		"a7.py":  "import os\nos.execvpe(\"ls\", [\"ls\"], {\"PATH\": \"bin\", \"HOME\": os.environ[\"HOME\"]})\n",
		"a8.py":  "import subprocess, os\nsubprocess.run([\"ls\"], env={**os.environ, \"PATH\": \"bin:\" + os.environ[\"PATH\"]})\n",
		"ok.py": "import subprocess, os\nsubprocess.run([\"git\", \"status\"], env={**os.environ, \"GIT_TERMINAL_PROMPT\": \"0\"}, check=True)\n" +
			"subprocess.run([\"ls\", \"-l\"], env={\"PATH\": os.environ[\"PATH\"], \"HOME\": os.environ[\"HOME\"], \"LANG\": \"C\"})\n",
	})
	checkAll(t, proj, []string{"python3 a2.py", "python3 a6.py", "python3 a4.py", "python3 a7.py", "python3 a8.py"},
		[]string{"python3 ok.py"})
}
