package lang

import "testing"

// TestRunsShellText: the calls that hand the shell text guard does not
// see as a literal (review 14a F18), and those that do not.
func TestRunsShellText(t *testing.T) {
	for _, tc := range []struct {
		f    Family
		code string
		want bool
	}{
		{Python, `import os; os.system(open("evil.sh.txt").read())`, true},
		{Python, `import os,sys; os.system(sys.stdin.read())`, true},
		{Python, `import subprocess; subprocess.run(open("x").read(), shell=True)`, true},
		{Python, `import subprocess; subprocess.run(cmd)`, false}, // no shell
		{Python, `import subprocess as s; s.run(sys.stdin.read(), shell = True)`, true},
		{Python, `import subprocess; subprocess.run(["sh", x], shell=True)`, false},
		{Python, `import os; os.popen(x).read()`, true},
		{Python, `import os; os.system("ls -l")`, false},
		{Python, `import platform; platform.system()`, false},
		{Python, `print("system(x)")`, false},
		{Node, `require("child_process").execSync(require("fs").readFileSync("e","utf8"))`, true},
		{Node, `require("child_process").exec(cmd, cb)`, true},
		{Node, `/a/.exec(s)`, false}, // a regular expression
		{Node, `require("child_process").execSync("ls")`, false},
		{Perl, "open F,'e'; system(<F>)", true},
		{Perl, "system(`cat e`)", true},
		{Perl, "my $c = `cat $f`", true},
		{Perl, "system('ls')", false},
		{Perl, "system $cmd", true},
		{Perl, "qx{$c}", true},
		{Ruby, `system(File.read("e"))`, true},
		{Ruby, "`#{c}`", true},
		{Ruby, `system("ls")`, false},
		{PHP, `shell_exec(file_get_contents("e"));`, true},
		{PHP, `shell_exec("ls");`, false},
		{Lua, `os.execute(io.read("a"))`, true},
		{NoFamily, `system(x)`, false},
		{Python, `import os; os.system("ls " + d)`, false}, // a join: the literal readers see it
		{Python, `import os; os.system("ls {}".format("src"))`, false},
		{Python, `import os; os.system(f"ls {d}")`, false},
		{Python, `import os; os.system("" + open("e").read())`, true},
		{Python, `import os; os.system("ls " + d); print(open("f").read())`, false},
		{Python, `import os; os.system("ls " + sys.stdin.readline())`, true},
		{Perl, `system qq{cp x $ENV{HOME}/.bashrc}`, false},
		{Perl, `print scalar reverse qx(cat ~/.netrc)`, false},
		{Perl, `system("sh -c " . <F>)`, true},
		{Ruby, `system("cp x ~/.#{s}")`, false},
		{Node, "require('child_process').execSync(`ls ${d}`)", false},
		{Python, `import os; os.system(str().join(("cat x", "y")))`, false},
		{Perl, `system join "", "cat x", "y"`, false},
		{Python, `import os; os.system(os.environ["C"])`, true},
		{Python, `import os; os.system(pathlib.Path("e").read_text())`, true},
	} {
		if got := RunsShellText(tc.f, tc.code); got != tc.want {
			t.Errorf("RunsShellText(%d, %q) = %v, want %v", tc.f, tc.code, got, tc.want)
		}
	}
}

// FuzzRunsShellText: the reader never panics on any code.
func FuzzRunsShellText(f *testing.F) {
	for _, s := range []string{"os.system(x)", "`$x`", "qx{", "system(", "%x(#{a})", "exec(cmd, shell=True"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, fam := range []Family{Python, Node, Perl, Ruby, PHP, Lua} {
			RunsShellText(fam, code)
		}
	})
}
