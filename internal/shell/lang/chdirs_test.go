package lang

import (
	"strings"
	"testing"
)

// TestChdirs: the directories interpreter code changes to, in each
// language's spelling, and the changes guard cannot work out.
func TestChdirs(t *testing.T) {
	for _, tc := range []struct {
		code    string
		dirs    string
		unknown bool
	}{
		{`import os; os.chdir(".."); open(".ssh/id_rsa")`, "..", false},
		{`import os; os.chdir ( 'src' ); open("x")`, "src", false},
		{`os.chdir("src"); os.chdir("lib")`, "src lib src/lib", false},
		{`os.chdir(".."); os.chdir("x")`, ".. x ../x", false},
		{`process.chdir("..")`, "..", false},
		{`chdir ".."; open F, ".ssh/id_rsa"`, "..", false},
		{`chdir "..", or die`, "", true},
		{`chdir; open F, ".ssh/id_rsa"`, "", false},
		{`chdir or die; open F, ".x"`, "", false},
		{`Dir.chdir("/tmp") { File.read("x") }`, "/tmp", false},
		{`Dir.chdir do File.read(".x") end`, "", false},
		{`FileUtils.cd("..")`, "..", false},
		{`shell.cd('..')`, "..", false},
		{`os.Chdir("..")`, "..", false},
		{`os.chdir(os.pardir)`, "", true},
		{`os.chdir(d)`, "", true},
		{`os.chdir("a" + d)`, "", true},
		{`os.chdir(os.path.join("..", "x"))`, "", true},
		{"process.chdir(`${h}`)", "", true},
		{`chdir "$ENV{HOME}"`, "", true},
		{`os.fchdir(3)`, "", true},
		{`exec("os.chdir('..')")`, "", true},
		{`getattr(os, "chdir")("..")`, "", true},
		{`process["chdir"]("..")`, "", true},
		{`subprocess.run(["cat", ".ssh/id_rsa"], cwd="..")`, "..", false},
		{`subprocess.run(["cat", "x"], cwd = d)`, "", true},
		{`execSync("cat .ssh/id_rsa", {cwd: ".."})`, "..", false},
		{`system("cat .ssh/id_rsa", chdir: "..")`, "..", false},
		{`if cwd == "..": pass`, "", false},
		{`print(process.cwd())`, "", false},
		{`cd("..")`, "", false},
		{`x = 1`, "", false},
		// computed names, quoted keys, directory descriptors
		{`getattr(os, "ch"+"dir")(".."); open(".bashrc","a")`, "", true},
		{`os.__dict__["chd" "ir"](".."); open(".ssh/id_rsa")`, "", true},
		{`process["ch"+"dir"]("..")`, "", true},
		{`n = input(); getattr(os, n)("..")`, "", true},
		{`vars(os)[n]("..")`, "", true},
		{`globals()["o"+"s"].chdir`, "", true},
		{`Reflect.apply(process[k], process, [".."])`, "", true},
		{`Dir.public_send(m, "..")`, "", true},
		{`&{"CORE::ch" . "dir"}("..")`, "", true},
		{`subprocess.run(["cat", ".ssh/id_rsa"], **{"cwd": ".."})`, "..", false},
		{`const o={}; o["cwd"]=".."; execSync("cat .ssh/id_rsa", o)`, "..", false},
		{`spawnSync("cat", [".ssh/id_rsa"], {"cwd": d})`, "", true},
		{`open(".ssh/id_rsa", opener=lambda p,f: os.open(p,f,dir_fd=os.open("..",0)))`, "", true},
		{`os.rename(".bashrc", "x/b", src_dir_fd=fd)`, "", true},
		{`getattr(obj, "name")`, "", false},
		{`print(args.cwd)`, "", false},
		{`sock.send(b"x")`, "", false},
		{`Dir.send(:glob, "*")`, "", false},
	} {
		got := Chdirs(tc.code)
		dirs := strings.Join(got.Dirs, " ")
		if tc.code == `chdir; open F, ".ssh/id_rsa"` || strings.HasPrefix(tc.code, "chdir or") || strings.HasPrefix(tc.code, "Dir.chdir do") {
			if len(got.Dirs) != 1 || got.Dirs[0] != "" || got.Unknown {
				t.Errorf("Chdirs(%q) = %q, %v; want the home directory", tc.code, got.Dirs, got.Unknown)
			}
			continue
		}
		if dirs != tc.dirs || got.Unknown != tc.unknown {
			t.Errorf("Chdirs(%q) = %q, %v; want %q, %v", tc.code, dirs, got.Unknown, tc.dirs, tc.unknown)
		}
	}
}

// TestChdirsBound: past maxChdirs changes, where the code is is not known.
func TestChdirsBound(t *testing.T) {
	got := Chdirs(strings.Repeat(`os.chdir("a");`, maxChdirs+4))
	if !got.Unknown {
		t.Errorf("Chdirs of %d changes: not unknown", maxChdirs+4)
	}
}

// FuzzChdirs: any code is read within bounds, without a panic.
func FuzzChdirs(f *testing.F) {
	for _, s := range []string{`os.chdir("..")`, `chdir`, `chdir(`, `chdir "`, "Dir.chdir do", `x.cd('a'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		got := Chdirs(code)
		if len(got.Dirs) > 3*maxChdirs {
			t.Errorf("Chdirs: %d directories", len(got.Dirs))
		}
	})
}
