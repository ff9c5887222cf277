package lang

import "testing"

func TestComputedArgv(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{`subprocess.run(["truncate", "-s0", "crhsab./"[::-1]])`, true},
		{`subprocess.run(["truncate", "-s0", x])`, true},
		{`os.execvp("rm", ["rm", x])`, true},
		{`require("child_process").execFileSync("rm", [x])`, true},
		{`spawn("cp", ["a", p + "/b"], {stdio: "inherit"})`, true},
		{`subprocess.run(["git", "status"], check=True)`, false},
		{`subprocess.check_output(["git", "rev-parse", "HEAD"]).decode()`, false},
		{`execFileSync("npm", ["test"], {stdio: "inherit"})`, false},
		{`subprocess.run("ls -la", shell=True)`, false},
		{`subprocess.run(["echo", "a, b", 'c'],)`, false},
		{`x.run(y)`, false},
		{`subprocess.run([sys.executable, "-m", "pytest"], input=b"")`, false},
	} {
		if got := ComputedArgv(tc.code); got != tc.want {
			t.Errorf("ComputedArgv(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}

func FuzzComputedArgv(f *testing.F) {
	f.Add(`subprocess.run(["a", x, "b"])`)
	f.Add(`os.execvp("rm", ["rm", "[", "'])`)
	f.Fuzz(func(t *testing.T, code string) {
		ComputedArgv(code) // must not panic
	})
}
