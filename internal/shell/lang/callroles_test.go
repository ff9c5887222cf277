package lang

import "testing"

func TestHomeCalls(t *testing.T) {
	for _, tc := range []struct {
		fam  Family
		code string
		want HomeUse
	}{
		{Python, `import shutil,os; shutil.copytree(os.path.expanduser("~"), "/tmp/h")`, HomeUse{Read: true, ReadTree: true}},
		{Python, `import shutil,os; shutil.make_archive("/tmp/h", "zip", os.path.expanduser("~"))`, HomeUse{Read: true, ReadTree: true}},
		{Python, `import shutil,os; shutil.make_archive("/tmp/h", "zip", root_dir=os.environ["HOME"])`, HomeUse{Read: true, ReadTree: true}},
		{Python, `import tarfile,os; t=tarfile.open("h.tar","w"); t.add(os.path.expanduser("~"))`, HomeUse{Read: true, ReadTree: true}},
		{Python, `import shutil,os; shutil.copy("p/.bashrc", os.path.expanduser("~"))`, HomeUse{Write: true}},
		{Python, `import shutil,os; shutil.rmtree(os.environ["HOME"])`, HomeUse{Write: true, WriteTree: true}},
		{Python, `import shutil,os; h = os.path.expanduser("~"); shutil.rmtree(h)`, HomeUse{Write: true, WriteTree: true}},
		{Python, `import pathlib; pathlib.Path.home().rename("/tmp/m")`, HomeUse{Write: true}},
		{Node, `require("fs").cpSync(require("os").homedir(), "/tmp/h", {recursive:true})`, HomeUse{Read: true, ReadTree: true}},
		{Node, `require("fs").rmSync(require("os").homedir(), {recursive:true, force:true})`, HomeUse{Write: true, WriteTree: true}},
		{Node, `require("fs").chmodSync(process.env.HOME, 0o777)`, HomeUse{Write: true}},
		{Ruby, `require "fileutils"; FileUtils.cp_r(Dir.home, "/tmp/h")`, HomeUse{Read: true, ReadTree: true}},
		{Ruby, `require "fileutils"; FileUtils.cp("p/.bashrc", Dir.home)`, HomeUse{Write: true}},
		{Ruby, `require "fileutils"; FileUtils.rm_rf(Dir.home)`, HomeUse{Write: true, WriteTree: true}},
		{Perl, `dircopy($ENV{HOME}, "/tmp/h")`, HomeUse{Read: true, ReadTree: true}},
		{Perl, `copy("p/.bashrc", $ENV{HOME})`, HomeUse{Write: true}},
		{Perl, `remove_tree($ENV{HOME})`, HomeUse{Write: true, WriteTree: true}},
		// a name under the home, or the project's own, is no whole home
		{Python, `import shutil,os; shutil.copy("a.txt", os.path.join(os.path.expanduser("~"), "x"))`, HomeUse{}},
		{Python, `import shutil; shutil.copytree("src", "build/src")`, HomeUse{}},
		{Node, `require("fs").rmSync("dist", {recursive:true})`, HomeUse{}},
		{Ruby, `require "fileutils"; FileUtils.mkdir_p("tmp")`, HomeUse{}},
		{Python, `import zipfile,os; z=zipfile.ZipFile("x.zip","w"); z.write(os.path.expanduser("~"))`, HomeUse{Read: true}},
	} {
		if got := HomeCalls(tc.fam, tc.code); got != tc.want {
			t.Errorf("HomeCalls(%q) = %+v, want %+v", tc.code, got, tc.want)
		}
	}
}

func TestComputedUseSources(t *testing.T) {
	for _, tc := range []struct {
		fam  Family
		code string
		read bool
	}{
		{Python, `import os,shutil; n = input(); shutil.copy(n, "/tmp/o")`, true},
		{Python, `import os,tarfile; n = input(); tarfile.open("x.tar","w").add(n)`, true},
		{Python, `import os,zipfile; n = input(); zipfile.ZipFile("x.zip","w").write(n)`, true},
		{Node, `const fs=require("fs"); const n=process.stdin.read(); fs.copyFileSync(n, "o")`, true},
		{Ruby, `IO.copy_stream(gets.chomp, "o")`, true},
		{Python, `import shutil; shutil.copy("a.txt", "build/")`, false},
		{Python, `import zipfile; z = zipfile.ZipFile("x.zip"); open("o", "wb").write(z.read("m"))`, false},
	} {
		if got := ComputedUse(tc.fam, tc.code, true); got.Read != tc.read {
			t.Errorf("ComputedUse(%q).Read = %v, want %v", tc.code, got.Read, tc.read)
		}
	}
}
