package hook

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestListedTrees: code that lists a directory and opens (or writes) what
// it lists reads (or writes) every entry of it, .env and
// .agent_b/hooks.json among them; an archive made earlier in the command
// and read back is a read of the tree it was made from. Each blocks in a
// project holding those files, for agent A's hook and for the checks every
// agent shares, and passes in one without them.
func TestListedTrees(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj, bare := filepath.Join(dir, "proj"), filepath.Join(dir, "bare")
	for _, f := range []struct{ path, text string }{
		{filepath.Join(proj, ".env"), "DB_PASSWORD=hunter2xyz\n"},
		{filepath.Join(proj, ".agent_b", "hooks.json"), "{}\n"},
		{filepath.Join(proj, "docs", "a.md"), "# a\n"},
		{filepath.Join(bare, "src", "main.go"), "package main\n"},
		{filepath.Join(bare, "b.json"), "{}\n"},
	} {
		if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.path, []byte(f.text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	blocked := []string{
		`python3 -c 'import os;[print(open(f).read()) for f in os.listdir(".")]'`,
		`python3 -c 'import os;[print(open(e.path).read()) for e in os.scandir()]'`,
		`python3 -c 'import os;[print(open(os.path.join(r,f)).read()) for r,d,fs in os.walk(".") for f in fs]'`,
		`python3 -c 'import pathlib;[print(p.read_text()) for p in pathlib.Path(".").iterdir()]'`,
		`python3 -c 'import glob;[print(open(f).read()) for f in glob.glob("*", include_hidden=True)]'`,
		`python3 -c 'import os;d=".";[print(open(os.path.join(d,f)).read()) for f in os.listdir(d)]'`,
		`node -e 'const fs=require("fs");for(const f of fs.readdirSync("."))console.log(fs.readFileSync(f,"utf8"))'`,
		`node -e 'const fs=require("fs");fs.promises.readdir(".").then(n=>n.forEach(f=>console.log(fs.readFileSync(f,"utf8"))))'`,
		`ruby -e 'Dir.children(".").each{|f| puts File.read(f)}'`,
		`ruby -e 'Dir.each_child("."){|f| puts File.read(f)}'`,
		`ruby -e 'Dir.glob("*", File::FNM_DOTMATCH){|f| puts File.read(f)}'`,
		`python3 -c 'import pathlib;[p.write_text("{}") for p in pathlib.Path().rglob("*.json")]'`,
		`python3 -c 'import pathlib;[p.unlink() for p in pathlib.Path().rglob("*") if p.is_file()]'`,
		`python3 -c 'import os;[os.remove(f) for f in os.listdir(".")]'`,
		`tar cf o.tar .; tar xOf o.tar`,
		`zip -r o.zip . && unzip -p o.zip`,
		`tar czf o.tgz . && tar -xzOf o.tgz`,
		`7z a o.7z . && 7z x -so o.7z`,
		`bsdtar cf o.tar . && bsdtar xOf o.tar`,
		`tar cf o.tar .; cat o.tar`,
		`python3 -c "import shutil;shutil.make_archive('o','tar','.')" && tar xOf o.tar`,
		`python3 -c "import shutil;shutil.make_archive('o','zip',root_dir='.')" && unzip -p o.zip`,
		`zip -r o.zip . && python3 -c "import zipfile;z=zipfile.ZipFile('o.zip');[print(z.read(n)) for n in z.namelist()]"`,
		// A copy, a move or a link of the archive holds what it held; a
		// program or code guard does not model holds what it read.
		`tar cf o.tar .; mv o.tar p.tar; tar xOf p.tar`,
		`tar cf o.tar .; cp o.tar p.tar; tar xOf p.tar`,
		`zip -r o.zip .; mv o.zip p.zip; unzip -p p.zip`,
		`tar cf o.tar .; ln o.tar p.tar; tar xOf p.tar`,
		`tar cf o.tar .; mv o.tar docs/; tar xOf docs/o.tar`,
		`python3 -m tarfile -c o.tar . && tar xOf o.tar`,
		`python3 -c 'import tarfile;t=tarfile.open("o.tar","w");t.add(".");t.close()'; tar xOf o.tar`,
		`pax -wf o.pax .; tar xOf o.pax`,
		`jar cf o.jar .; unzip -p o.jar`,
		`mytool pack . out.bin; cat out.bin`,
		// An unknown program's standard output, decoded by a later reader.
		`pax -w . > o.pax; tar xOf o.pax`,
		`someprog . > o.bin; tar xOf o.bin`,
		`someprog . > o.gz; zcat o.gz`,
		`someprog . > o.bin; mv o.bin p.bin; unzip -p p.bin`,
		// …and so is its standard output in a pipe: the stream holds what
		// it read, through the stages that print it as it is, to the
		// first that decodes or reshapes it.
		`jar cM . | funzip | rev`,
		`jar cM . | funzip | tr a-z n-za-m`,
		`jar cM . | funzip`,
		`jar cM . | funzip; false`,
		`jar cM . | funzip > o.txt; rev o.txt`,
		`someprog . | zcat | rev`,
		`someprog . | funzip | rev`,
		`someprog . | rev`,
		`someprog . | grep -aoE '.{1,8}'`,
		`someprog . | head -c 99999 | funzip`,
		`someprog . | cat > o.zip; funzip o.zip`,
		`someprog . | tee o.zip | head; funzip o.zip`,
		`someprog . | { funzip; }`,
		`someprog . > o.zip; funzip < o.zip`,
		`someprog . > o.zip; { funzip; } < o.zip`,
		`someprog . > o.zip; cat o.zip | funzip`,
		`jar cM . > o.zip; funzip o.zip`,
		`zip -r - . | funzip`,
		`jar cM . | jar x`,
		`busybox tar cf - . | tar xOf -`,
		// …by every route a stream goes: process substitution, a script
		// sh -c or eval runs, exec > F, a fifo, a coprocess.
		`tr a-z n-za-m < <(jar c0M .)`,
		`cat <(jar c0M .) | tr a-z n-za-m`,
		`tr a-z n-za-m <(jar c0M .)`,
		`sh -c 'jar cM .' | funzip | rev`,
		`bash -c 'jar cM .' | funzip | rev`,
		`eval jar cM . | funzip | rev`,
		`exec 3>&1 >o.zip; jar cM .; exec >&3; funzip o.zip | rev`,
		`jar cM . > >(funzip > o.txt); rev o.txt`,
		`mkfifo ../pp; jar cM . > ../pp & funzip < ../pp | rev`,
		`coproc jar cM .; funzip <&"${COPROC[0]}" > o.txt; rev o.txt`,
		// jar c without f writes its archive to standard output (stored
		// with 0: the files as they are), reading its operands whole.
		`jar c0M .`,
		`jar c0M . ; false`,
		`jar cM -C . .`,
		// jar's f - is a file named - (jar renames its temporary file
		// onto the f name): the stored archive is there, and printed.
		`jar c0Mf - . ; cat ./-`,
		`jar c0Mf - . ; rev ./-`,
	}
	// A program guard knows nothing of prints what it was given (a stored
	// archive holds the files as they are): where no result scan runs
	// (agent A's failure route; agent B: unheldB), a read.
	heldA := []string{
		`someprog .`,
		`someprog . | head`,
		`someprog . | cat`,
		`someprog . ; false`,
		`someprog . > o.txt; cat o.txt`,
		`someprog -C. ; false`, // a value glued to a short option, as the word after it
	}
	// Agent B has no result scan: what a program guard knows nothing of
	// prints of the directory it was given blocks; everyday tools keep
	// their verdict.
	unheldB := []string{`someprog .`, `someprog . | grep x`, `someprog . ; false`, `someprog . > o.zip; cat o.zip`, `jar c0M .`, `someprog -C.`,
		`uvx someprog .`, `uv tool run someprog .`, `uvx --from someprog some .`}
	everydayB := []string{`pytest .`, `eslint .`, `ruff check .`, `go vet ./...`, `tree .`, `ls -R`, `du -sh .`, `make`,
		`npm test`, `docker build .`, `someprog docs`, `someprog -Cdocs -O2 -Wall`, `someprog --version`, `sh -c 'someprog --version'`, `someprog`,
		`uvx ruff check .`, `uv tool run ruff check .`, `uvx --from ruff ruff check .`, `uvx --python 3.12 ruff check .`} // uvx TOOL runs TOOL
	passed := []string{
		`python3 -c 'import os; print(os.listdir("."))'`,
		`python3 -c 'import glob;[print(open(f).read()) for f in glob.glob("*")]'`,
		`python3 -c 'import os; [print(file) for file in os.listdir(".")]'`,
		`python3 -c 'import os,json; json.dump(os.listdir("."), open("files.json","w"))'`,
		`node -e 'require("fs").readdirSync(".").forEach(file => console.log(file))'`,
		`python3 -c 'import pathlib;[print(p.read_text()) for p in pathlib.Path("docs").rglob("*.md")]'`,
		`tar czf dist.tgz . && ls -la dist.tgz`,
		`tar cf o.tar docs && tar xOf o.tar`,
		`tar cf o.tar docs; mv o.tar p.tar; tar xOf p.tar`,
		`jar cf o.jar docs; unzip -p o.jar`,
		`jar cf o.jar .`,  // the archive is a file: nothing printed
		`jar cvf o.jar .`, // its names
		`jar c0M docs`,    // a directory without the secret
		`jar cvf0M o.zip -C docs .`,
		`python3 gen.py -o out.txt; cat out.txt`,
		`someprog docs > o.bin; tar xOf o.bin`,
		`someprog . | wc -l`, // counts
		`someprog | grep x`,
		`someprog | rev`,
		`someprog docs | funzip`,
		`go list ./... | sort`,
		`ls | wc -l`,
		`git log | head`,
		`make 2>&1 | tail`,
	}
	p := realPolicy(t, "")
	for _, cmd := range blocked {
		checkRule(t, p, proj, cmd, "blocked_path", "")
		if r, err := DryRun(p, "command", cmd, proj); err != nil || r.Verdict != "block" {
			t.Errorf("%q: shared checks %+v %v, want a block", cmd, r, err)
		}
		checkRule(t, p, bare, cmd, "", "")
	}
	for _, cmd := range passed {
		checkRule(t, p, proj, cmd, "", "")
	}
	for _, cmd := range heldA {
		checkRule(t, p, proj, cmd, "blocked_path", "a program guard knows nothing of")
		checkRule(t, p, bare, cmd, "", "")
	}
	for _, cmd := range append(unheldB, everydayB...) {
		code, _, stderr, _ := runReal(t, p, shellPayloadB(proj, cmd))
		if blocked := code == 2; blocked != slices.Contains(unheldB, cmd) {
			t.Errorf("agent B %q: blocked = %v: %s", cmd, blocked, stderr)
		}
	}
}
