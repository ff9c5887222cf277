package lang

import (
	"slices"
	"strings"
	"testing"
)

// TestArgvContext: an exec-form call's executable= runs in argv[0]'s place
// and its env= mapping (a *e call's last argument) is the environment the
// program is looked up in (FINDINGS56d P7).
func TestArgvContext(t *testing.T) {
	for _, tc := range []struct{ code, line string }{
		{`subprocess.run(["ls"], executable="./ev.sh")`, `exec -- ./ev.sh`},
		{`subprocess.Popen(args=["ls", "-l"], executable="./ev.sh").wait()`, `exec -- ./ev.sh -l`},
		{`subprocess.run(["ls"], env={"PATH": "bin", "HOME": os.environ["HOME"]})`, `env PATH=bin ls`},
		{`os.execvpe("ls", ["ls"], {"PATH": "bin", "HOME": os.environ["HOME"]})`, `env PATH=bin ls`},
		{`subprocess.run(["ls"], env={"PATH": "bin", "X": x})`, `env PATH=bin ls`},
		{`os.spawnvpe(os.P_WAIT, "ls", ["ls"], {"PATH": "bin"})`, `env PATH=bin ls`},
		{`subprocess.run(["ls"], env={**os.environ, "PATH": "bin"})`, `env PATH=bin ls`},
		{`subprocess.run(["ls"], env={"PATH": p})`, `env PATH=` + ShellUnknown + ` ls`},
		{`subprocess.run(["git", "status"], check=True)`, `exec -- git status`},
		{`subprocess.run(["git", "status"], env=myenv)`, `env PATH=` + ShellUnknown + ` git status`},
		{`e = os.environ.copy(); e["LANG"] = "C"; subprocess.run(["git", "status"], env=e)`, `exec -- git status`},
		{`subprocess.run(["git", "status"], env=os.environ.copy())`, `exec -- git status`},
		{`subprocess.run(["git", "status"], env=dict(os.environ, GIT_PAGER="cat"))`, `exec -- git status`},
		{"env = os.environ.copy()\nenv[\"X\"] = \"0\"\nsubprocess.run([\"git\", \"status\"], env=env, check=True)", `exec -- git status`},
		{`subprocess.run(["mytool"], env=dict(os.environ, PATH="./bin"))`, `env PATH=` + ShellUnknown + ` mytool`},
		{`e = dict(os.environ); e["PATH"] = "./bin:" + e["PATH"]; subprocess.run(["mytool"], env=e)`, `env PATH=` + ShellUnknown + ` mytool`},
		{`os.environ["PATH"] = "./bin:" + os.environ["PATH"]; subprocess.run(["mytool"])`, `env PATH=` + ShellUnknown + ` mytool`},
		{`os.putenv("PATH", "./bin"); os.posix_spawnp("mytool", ["mytool"], os.environ)`, `env PATH=` + ShellUnknown + ` mytool`},
		{`os.environ["LANG"] = "C"; subprocess.run(["git", "status"])`, `exec -- git status`},
		{`subprocess.run("true", shell=True, executable="./bin/mysh")`, `exec -- ./bin/mysh -c true`},
		{`subprocess.run("mytool hi", shell=True, env={**os.environ, "PATH": "./bin"})`, `env PATH=./bin sh -c mytool hi`},
		{`subprocess.run(["git", "status"], env={"PATH": os.environ["PATH"], "LANG": "C"})`, `env LANG=C git status`},
		{`subprocess.run(["git", "status"], env={"HOME": os.getenv("HOME")})`, `exec -- git status`},
	} {
		got := ArgvLines(tc.code)
		var plain []string
		for _, l := range got {
			plain = append(plain, strings.ReplaceAll(l, "'", ""))
		}
		if !slices.Contains(plain, tc.line) {
			t.Errorf("ArgvLines(%q) = %q, want %q among them", tc.code, plain, tc.line)
		}
	}
}
