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
		{`os.spawnlp(os.P_WAIT, "truncate", "truncate", "-s0", "crhsab./"[::-1])`, true},
		{`os.spawnv(os.P_WAIT, "/bin/rm", ["rm", x])`, true},
		{`os.execl("/bin/rm", "rm", p)`, true},
		{`os.execlp("git", "git", "status")`, false},
		{`exec("print(1)", g)`, false},
	} {
		if got := ComputedArgv(Python, tc.code); got != tc.want {
			t.Errorf("ComputedArgv(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}

func TestComputedArgvVarargs(t *testing.T) {
	for _, tc := range []struct {
		f    Family
		code string
		want bool
	}{
		{Perl, `system("truncate","-s0",scalar reverse "crhsab./")`, true},
		{Perl, `system "rm", $x;`, true},
		{Perl, `exec("rm", "-f", $f)`, true},
		{Perl, `system("git", "status") == 0 or die`, false},
		{Perl, `system("make test")`, false},
		{Ruby, `system("rm", x)`, true},
		{Ruby, `system("ls", "-l", chdir: "src")`, false},
		{Ruby, `Process.spawn({"A" => "1"}, "make", "-j4")`, false},
		{Node, `system("a", x)`, false},
	} {
		if got := ComputedArgv(tc.f, tc.code); got != tc.want {
			t.Errorf("ComputedArgv(%v, %q) = %v, want %v", tc.f, tc.code, got, tc.want)
		}
	}
}

func FuzzComputedArgv(f *testing.F) {
	f.Add(`subprocess.run(["a", x, "b"])`)
	f.Add(`os.execvp("rm", ["rm", "[", "'])`)
	f.Fuzz(func(t *testing.T, code string) {
		ComputedArgv(Perl, code) // must not panic
	})
}
