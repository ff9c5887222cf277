package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestComputedReads: inline code that opens, reads, includes or prints a
// file whose name it computes reads a name guard cannot tell, whatever API
// made the name (an alias of a lister, a child program's listing, @ARGV
// read by <>); where the code lists a directory guard can tell, its
// entries (fs.openSync, File.foreach: any reader). Each blocks in a
// project holding .env; everyday code that reads literal names passes.
func TestComputedReads(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	for _, f := range []struct{ path, text string }{
		{filepath.Join(proj, ".env"), "DB_PASSWORD=hunter2xyz\n"},
		{filepath.Join(proj, "package.json"), `{"version":"1.0.0"}` + "\n"},
		{filepath.Join(proj, "README.md"), "# x\n"},
	} {
		if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.path, []byte(f.text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	blocked := []string{
		`python3 -c 'from os import listdir as l;[print(open(f).read()) for f in l(".")]'`,
		`python3 -c 'import os;[print(*fh) for fh in map(open, os.listdir("."))]'`,
		`perl -e '@ARGV=<.* *>;print <>'`,
		`node -e 'const fs=require("fs");for(const f of fs.readdirSync(".")){const d=fs.openSync(f);const b=Buffer.alloc(999);fs.readSync(d,b);console.log(b.toString())}'`,
		`ruby -e 'Dir.each_child(".").each{|f| File.foreach(f){|l| puts l} rescue nil}'`,
		`php -r 'foreach(glob("{.,}*",GLOB_BRACE) as $f) echo @file_get_contents($f);'`,
	}
	passed := []string{
		`python3 -c 'import json;print(json.load(open("package.json"))["version"])'`,
		`python3 -c 'import sys;print(open(sys.argv[1]).read())' README.md`,
		`node -e 'console.log(require("./package.json").version)'`,
		`python3 -c 'import os;print(os.listdir("."))'`,
	}
	p := realPolicy(t, "")
	for _, cmd := range blocked {
		if r, err := DryRun(p, "command", cmd, proj); err != nil || r.Verdict != "block" {
			t.Errorf("%q: %+v %v, want a block", cmd, r, err)
		}
	}
	for _, cmd := range passed {
		checkRule(t, p, proj, cmd, "", "")
	}
}
