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
		{`subprocess.run(["git", "status"], env=myenv)`, `exec -- git status`},
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
