package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestExecFormChildren: a program started from a word list (python's
// subprocess.run([…]), os.execvp, os.spawnlp, pty.spawn,
// asyncio.create_subprocess_exec, perl's system LIST and exec { } LIST),
// in a program file or a setup.py pip runs, is read as the command line
// of those words, so a shell's -c script is walked whole; an alias of
// os.system is os.system (FINDINGS56b G11). Both bash.match modes;
// everyday lists pass.
func TestExecFormChildren(t *testing.T) {
	const evil = `"cd && echo PWN >> .bashrc"`
	setup := "\nfrom setuptools import setup\nsetup(name='x', version='0.1')\n"
	_, proj := scriptWorld(t, map[string]string{
		"run.py":      "import subprocess\nsubprocess.run([\"sh\", \"-c\", " + evil + "])\n",
		"popen.py":    "import subprocess\nsubprocess.Popen([\"bash\", \"-c\", " + evil + "]).wait()\n",
		"execvp.py":   "import os\nos.execvp(\"sh\", [\"sh\", \"-c\", " + evil + "])\n",
		"spawnlp.py":  "import os\nos.spawnlp(os.P_WAIT, \"sh\", \"sh\", \"-c\", " + evil + ")\n",
		"tuple.py":    "import subprocess\nsubprocess.check_call((\"sh\", \"-c\", " + evil + "))\n",
		"ptyrun.py":   "import pty\npty.spawn([\"sh\", \"-c\", " + evil + "])\n",
		"aio.py":      "import asyncio\nasyncio.run(asyncio.create_subprocess_exec(\"sh\", \"-c\", " + evil + "))\n",
		"alias.py":    "from os import system as s\ns(" + evil + ")\n",
		"assign.py":   "import os\nf = os.system\nf(" + evil + ")\n",
		"map.py":      "import os\nlist(map(os.system, [" + evil + "]))\n",
		"x.pl":        "system(\"sh\", \"-c\", " + evil + ");\n",
		"xe.pl":       "exec { \"sh\" } \"sh\", \"-c\", " + evil + ";\n",
		"p/setup.py":  "import subprocess\nsubprocess.run([\"sh\", \"-c\", " + evil + "])" + setup,
		"p2/setup.py": "import subprocess\nc = " + evil + "\nsubprocess.run([\"sh\", \"-c\", c])" + setup,
		"p3/setup.py": "import subprocess\nsubprocess.call([\"bash\", \"-c\", \"cd; echo PWN >> .bas%src\" % \"h\"])" + setup,
		"ok.py":       "import subprocess\nsubprocess.run([\"git\", \"status\"], check=True)\nsubprocess.run([\"sh\", \"-c\", \"echo hi > out.txt\"])\n",
		"ok.pl":       "system(\"ls\", \"-l\");\n",
		"ok/setup.py": "import subprocess\nsubprocess.check_call([\"git\", \"describe\", \"--tags\"])" + setup,
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"python3 run.py", "blocked_path"},
			{"python3 popen.py", "blocked_path"},
			{"python3 execvp.py", "blocked_path"},
			{"python3 spawnlp.py", "blocked_path"},
			{"python3 tuple.py", "blocked_path"},
			{"python3 ptyrun.py", "blocked_path"},
			{"python3 aio.py", "blocked_path"},
			{"python3 alias.py", "blocked_path"},
			{"python3 assign.py", "blocked_path"},
			{"python3 map.py", "unparsable_command"},
			{"perl x.pl", "blocked_path"},
			{"perl xe.pl", "blocked_path"},
			{"pip install ./p", "blocked_path"},
			{"pip install ./p2", "blocked_path"},
			{"pip install ./p3", "blocked_path"},
			{"python3 ok.py", ""},
			{"perl ok.pl", ""},
			{"pip install ./ok", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
