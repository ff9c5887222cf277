package lang

import "testing"

// TestRunsShellText: the calls that hand the shell text guard does not
// see as a literal, and those that do not.
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
		{Python, `import os; os.system("ls " + d)`, false}, // a join: the literal readers see it, d a part not known
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
		// computed commands
		{Python, `import os,base64; os.system(base64.b64decode("ZWNobyAx").decode())`, true},
		{Python, `import os; os.system(bytes.fromhex("6c73").decode())`, true},
		{Python, `import os; os.system("x ohce"[::-1])`, true},
		{Python, `import os; os.system("".join(reversed("sl")))`, true},
		{Python, `import os; os.system("%s" % x)`, true},
		{Python, `import os; os.system("{}".format(x))`, true},
		{Python, `import os; os.system(" ".join(["ls", "-l"]))`, false},
		{Python, `import os; os.system("ls" " -l")`, false},
		{Python, `import subprocess; subprocess.run("ls -l", shell=True)`, false},
		{Ruby, `system("#{x}")`, true},
		{Python, `import os; os.system(f"{x}")`, true},
		{Python, `import os; os.system(" ".join([x]))`, true},
		{Python, `import os; os.system(x + " -l")`, true},
		{Python, `import os; os.system("" + x)`, true},
		{Node, "require('child_process').execSync(`${x}`)", true},
		// another language's token rules do not hide a call
		{Node, `const {execSync}=require("child_process"); process.stdin.on("data",d=>execSync(String(d)))`, true},
		{PHP, `@system(file_get_contents("php://stdin"));`, true},
		{PHP, `$system("ls");`, false},
		{Perl, `my @system = (1); print "@system"`, false},
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

// TestRunsChildText: a shell or an interpreter started with a program that
// is not a plain literal, or fed its program by the code.
func TestRunsChildText(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{`import subprocess; subprocess.run(["bash","-c", open("evil.sh.txt").read()])`, true},
		{`import os; os.execvp("sh", ["sh","-c", open("e").read()])`, true},
		{`import os; os.spawnlp(os.P_WAIT, "sh", "sh", "-c", open("e").read())`, true},
		{`import os; os.posix_spawnp("sh", ["sh","-c", x], {})`, true},
		{`require("child_process").execFileSync("sh", ["-c", require("fs").readFileSync("e","utf8")])`, true},
		{`import subprocess; subprocess.run(["sh"], stdin=open("evil.sh.txt"))`, true},
		{`import subprocess; subprocess.run("sh", input=open("e").read(), text=True)`, true},
		{`import subprocess; subprocess.Popen(["python3"], stdin=open("evil.txt")).wait()`, true},
		{`require("child_process").spawnSync("sh", {input: require("fs").readFileSync("e")})`, true},
		{`open F, "e"; open P, "|sh"; print P <F>`, true},
		{`s.Popen("sh", stdin=s.PIPE).communicate(open("e").read())`, true},
		{`IO.popen("sh","w"){|p| p.write File.read("e")}`, true},
		{`system("sh", "-c", $x)`, true},
		{`cmd = ["bash", "-lc", c]; subprocess.run(cmd)`, true},
		// a plain program, a script operand, data on stdin
		{`import subprocess; subprocess.run(["git","status"])`, false},
		{`import subprocess; subprocess.run(["sh","-c","ls -l"])`, false},
		{`import subprocess; subprocess.run(["python3","x.py"], input=data)`, false},
		{`import subprocess; subprocess.run("python3 x.py", shell=True, input=data)`, false},
		{`import subprocess; subprocess.run(["pytest"], cwd=".")`, false},
		{`print("sh")`, false},
		{`import subprocess; subprocess.run(["node", "--version"])`, false},
	} {
		if got, _ := RunsChildText(tc.code); got != tc.want {
			t.Errorf("RunsChildText(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}

// FuzzRunsChildText: any code is read within bounds, without a panic.
func FuzzRunsChildText(f *testing.F) {
	f.Add(`subprocess.run(["bash","-c", x], stdin=open("e"))`)
	f.Add(`os.system("".join(reversed("sl")))`)
	f.Fuzz(func(t *testing.T, code string) {
		RunsChildText(code)
		RunsShellText(Python, code)
		RunsShellText(Ruby, code)
	})
}
