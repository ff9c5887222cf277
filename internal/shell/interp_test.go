package shell

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestModulesLoaded: the modules an interpreter's code loads by name or
// by path are resolved to the files it would load, and scanned as program
// files.
func TestModulesLoaded(t *testing.T) {
	evil := `open("/home/u/.bashrc", "a")`
	tests := []struct {
		name   string
		cmd    string
		files  map[string]string
		writes []string // among the writes
		hidden bool
	}{
		{name: "import", cmd: `python3 -c 'import w7'`, files: map[string]string{"w7.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "a package", cmd: `python3 -c 'import pk.m'`, files: map[string]string{"pk/__init__.py": evil, "pk/m.py": "x = 1"}, writes: []string{"/home/u/.bashrc"}},
		{name: "a package's module", cmd: `python3 -c 'from pk import m'`, files: map[string]string{"pk/m.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "a relative import in a module", cmd: `python3 -c 'import pk'`, files: map[string]string{"pk/__init__.py": "from .m import x", "pk/m.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "an import of a script", cmd: `python3 main.py`, files: map[string]string{"main.py": "import helper", "helper.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "from the script's directory", cmd: `python3 tools/main.py`, files: map[string]string{"tools/main.py": "import helper", "tools/helper.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "python -m's imports", cmd: `python3 -m app`, files: map[string]string{"app.py": "import helper", "helper.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "exec of open", cmd: `python3 -c 'exec(open("w8.py").read())'`, files: map[string]string{"w8.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "runpy", cmd: `python3 -c 'import runpy; runpy.run_path("w8.py")'`, files: map[string]string{"w8.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "sitecustomize", cmd: `PYTHONPATH=lib python3 -c pass`, files: map[string]string{"lib/sitecustomize.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "PYTHONPATH's module", cmd: `PYTHONPATH=lib:src python3 -c 'import w7'`, files: map[string]string{"src/w7.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "python -m on PYTHONPATH", cmd: `PYTHONPATH=/tmp/lib python3 -m q2`, files: map[string]string{"/tmp/lib/q2.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "python -m in a project directory", cmd: `PYTHONPATH=sub python3 -m r2`, files: map[string]string{"sub/r2.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "python -m after export", cmd: `export PYTHONPATH=/tmp/lib; python3 -m q2`, files: map[string]string{"/tmp/lib/q2.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "python -m a package's module on PYTHONPATH", cmd: `PYTHONPATH=/tmp/lib python3 -m pk.mod`, files: map[string]string{"/tmp/lib/pk/__init__.py": evil, "/tmp/lib/pk/mod.py": "x = 1"}, writes: []string{"/home/u/.bashrc"}},
		{name: "python -m a package's __main__ on PYTHONPATH", cmd: `PYTHONPATH=/tmp/lib python3 -m pk`, files: map[string]string{"/tmp/lib/pk/__main__.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "stdin code", cmd: `python3 - <<'EOF'
import w7
EOF`, files: map[string]string{"w7.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "a literal name only", cmd: `python3 -c 'import importlib, sys; importlib.import_module(sys.argv[1])' x`, hidden: true},
		{name: "node require", cmd: `node -e 'require("./y")'`, files: map[string]string{"y.js": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "node index", cmd: `node -e 'require("./m")'`, files: map[string]string{"m/index.js": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "node -r", cmd: `node -r ./y -e 1`, files: map[string]string{"y.js": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "node's require in a file", cmd: `node app.js`, files: map[string]string{"app.js": `require("./lib/y")`, "lib/y.js": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "NODE_PATH", cmd: `NODE_PATH=lib node -e 'require("y")'`, files: map[string]string{"lib/y.js": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl -M", cmd: `perl -I. -Mw7 -e1`, files: map[string]string{"w7.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl -I dir", cmd: `perl -I lib -e 'use A::B'`, files: map[string]string{"lib/A/B.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl use lib", cmd: `perl -e 'use lib "t"; use W'`, files: map[string]string{"t/W.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl $ENV{HOME}", cmd: `perl w.pl`, files: map[string]string{"w.pl": `open(F, ">>", "$ENV{HOME}/.bashrc")`}, writes: []string{"~/.bashrc"}},
		{name: "ruby require", cmd: `ruby -e 'require "./r"'`, files: map[string]string{"r.rb": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "ruby -r", cmd: `ruby -I lib -rr -e 1`, files: map[string]string{"lib/r.rb": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "lua require", cmd: `lua -e 'require "a.b"'`, files: map[string]string{"a/b.lua": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "php include", cmd: `php -r 'include "x.php";'`, files: map[string]string{"x.php": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "R source", cmd: `Rscript -e 'source("x.R")'`, files: map[string]string{"x.R": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "a #! script's imports", cmd: `./tool`, files: map[string]string{"./tool": "#!/usr/bin/env python3\nimport helper\n", "helper.py": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "written by the command", cmd: `echo 'open("/home/u/.bashrc", "a")' > w8.py && python3 -c 'import w8'`, writes: []string{"/home/u/.bashrc"}},
		{name: "written after a first look", cmd: `python3 -c 'import w8'; echo 'open("/home/u/.bashrc", "a")' > w8.py; python3 -c 'import w8'`, writes: []string{"/home/u/.bashrc"}},
		{name: "the standard library", cmd: `python3 -c 'import json, os, sys; print(1)'`},
		{name: "a cycle", cmd: `python3 -c 'import a'`, files: map[string]string{"a.py": "import b", "b.py": "import a"}},
		// perl's module search, the option variables
		{name: "perl -d:X", cmd: `perl -Ilib -d:Evil -e 1`, files: map[string]string{"lib/Devel/Evil.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl -dt:X", cmd: `perl -Ilib -dt:Evil -e 1`, files: map[string]string{"lib/Devel/Evil.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "PERL5OPT -d:X", cmd: `PERL5OPT=-d:Evil PERL5LIB=lib perl -e 1`, files: map[string]string{"lib/Devel/Evil.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "PERL5OPT -M with -I", cmd: `PERL5OPT=-MEvm perl -Ilib -e 1`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "PERL5OPT -M with PERL5LIB", cmd: `PERL5OPT=-MEvm PERL5LIB=lib perl -e 1`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		// -Mlib=DIR is use lib (FINDINGS43a I9)
		{name: "perl -Mlib=", cmd: `perl -Mlib=lib -MEvm -e 1`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl -mlib= list", cmd: `perl -mlib=x,lib -MEvm -e 1`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl -M lib=", cmd: `perl -M lib=lib -MEvm -e 1`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "PERL5OPT -Mlib=", cmd: `PERL5OPT='-Mlib=lib -MEvm' perl -e 1`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl -M'lib LIST'", cmd: `perl -M'lib "lib"' -MEvm -e 1`, files: map[string]string{"lib/Evm.pm": evil}, hidden: true},
		{name: "perl require of a file in @INC", cmd: `perl -Ilib -e 'require "Evm.pm"'`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl do of a file in @INC", cmd: `perl -Ilib -e 'do "Evm.pm"'`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "perl require q()", cmd: `perl -Ilib -e 'require q(Evm.pm)'`, files: map[string]string{"lib/Evm.pm": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "NODE_REPL_EXTERNAL_MODULE", cmd: `NODE_REPL_EXTERNAL_MODULE=./e.js node -i`, files: map[string]string{"e.js": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "node --test-reporter", cmd: `node --test --test-reporter ./e.js`, files: map[string]string{"e.js": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "node's snapshot builder", cmd: `node --build-snapshot-config s.json`, files: map[string]string{"s.json": `{"builder": "e.js"}`, "e.js": evil}, writes: []string{"/home/u/.bashrc"}},
		{name: "an unparsable snapshot configuration", cmd: `node --build-snapshot-config s.json`, files: map[string]string{"s.json": `{`}, hidden: true},
		{name: "perl require of a file in the working directory", cmd: `perl -e 'require "w.pl"'`, files: map[string]string{"w.pl": evil}, writes: []string{"/home/u/.bashrc"}},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, tc.files)
		for _, p := range tc.writes {
			if !slices.Contains(a.Writes, p) {
				t.Errorf("%s: %s: writes %q, want %q among them (err %v)", tc.name, tc.cmd, a.Writes, p, a.Err)
			}
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: %s: hidden = %v (%v), want %v", tc.name, tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
}

// TestModulesBounded: the module files followed are bounded; past the
// bound the command is hidden, whether its own code or a module names the
// module.
func TestModulesBounded(t *testing.T) {
	files := map[string]string{}
	code := "import "
	for i := range maxModuleFiles + 1 {
		n := fmt.Sprintf("m%d", i)
		files[n+".py"] = "x = 1"
		if i > 0 {
			code += ", "
		}
		code += n
	}
	a, f := analyzeWith(`python3 -c '`+code+`'`, files)
	if !errors.Is(a.Err, ErrHidden) {
		t.Errorf("%d modules named: err %v, want hidden", maxModuleFiles+1, a.Err)
	}
	if len(f.asked) > maxModuleProbes+maxModuleFiles {
		t.Errorf("%d reads, want at most %d", len(f.asked), maxModuleProbes+maxModuleFiles)
	}
	chain := map[string]string{}
	for i := range maxModuleFiles + 4 {
		chain[fmt.Sprintf("c%d.py", i)] = fmt.Sprintf("import c%d", i+1)
	}
	loop := strings.Repeat(`python3 -c 'import json, os, sys, re'; `, 500)
	if a, f := analyzeWith(loop, nil); a.Err != nil || len(f.asked) > 8 {
		t.Errorf("the same one-liner 500 times: err %v, %d files asked, want none and each name looked for once", a.Err, len(f.asked))
	}
	if a, _ := analyzeWith(`python3 -c 'import c0'`, chain); !errors.Is(a.Err, ErrHidden) {
		t.Errorf("a chain of imports past the bound: err %v, want hidden", a.Err)
	}
	short := map[string]string{"c10.py": "open('/home/u/.bashrc', 'a')"}
	for i := range 10 {
		short[fmt.Sprintf("c%d.py", i)] = fmt.Sprintf("import c%d", i+1)
	}
	if a, _ := analyzeWith(`python3 c0.py`, short); !slices.Contains(a.Writes, "/home/u/.bashrc") && !slices.Contains(a.Touches, "/home/u/.bashrc") {
		t.Errorf("a chain of 10 modules: writes %q, touches %q, want the last module's file (err %v)", a.Writes, a.Touches, a.Err)
	}
	computed := map[string]string{"w3.py": `import importlib; importlib.import_module("c" + "11")`}
	if a, _ := analyzeWith(`python3 w3.py`, computed); !errors.Is(a.Err, ErrHidden) {
		t.Errorf("a computed import in a program file: err %v, want hidden", a.Err)
	}
}

// TestSourceOperands: a source file handed to a program guard has no
// handler for and does not know to only read is scanned as a program file;
// readers, copies and handled programs are not.
func TestSourceOperands(t *testing.T) {
	evil := `fopen("/home/u/.bashrc", "a")`
	tests := []struct {
		cmd   string
		files map[string]string
		write bool // ~/.bashrc among the writes or the touches
	}{
		{cmd: `gcc w.c -o w && ./w`, files: map[string]string{"w.c": evil}, write: true},
		{cmd: `tcc -run w.c`, files: map[string]string{"w.c": evil}, write: true},
		{cmd: `java W.java`, files: map[string]string{"W.java": `Files.writeString(Path.of(System.getProperty("user.home"), ".bashrc"), "x")`}, write: true},
		{cmd: `julia --project=. x.jl`, files: map[string]string{"x.jl": evil}, write: true},
		{cmd: `mytool --script=x.kts`, files: map[string]string{"x.kts": evil}, write: true},
		{cmd: `printf 'fopen("/home/u/.bashrc", "a")' > w.c && cc w.c`, write: true},
		{cmd: `gcc -O2 -c main.c`, files: map[string]string{"main.c": `int main() { puts("hi"); }`}},
		{cmd: `cat w.c`, files: map[string]string{"w.c": evil}},
		{cmd: `cp w.c w2.c`, files: map[string]string{"w.c": evil}},
		{cmd: `rm w.c`, files: map[string]string{"w.c": evil}},
		{cmd: `gcc data.txt`, files: map[string]string{"data.txt": evil}},
		// scripts among an unknown runner's operands
		{cmd: `perf stat ./x.sh`, files: map[string]string{"./x.sh": "echo x >> /home/u/.bashrc"}, write: true},
		{cmd: `srun ./job`, files: map[string]string{"./job": "#!/bin/bash\necho x >> /home/u/.bashrc"}, write: true},
		{cmd: `srun ./notes`, files: map[string]string{"./notes": "echo x >> /home/u/.bashrc"}},
		{cmd: `mytool -q bash ./y`, files: map[string]string{"./y": "echo x >> /home/u/.bashrc"}, write: true},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, tc.files)
		w := append(slices.Clone(a.Writes), a.Touches...)
		if got := slices.Contains(w, "/home/u/.bashrc") || slices.Contains(w, "~/.bashrc"); got != tc.write {
			t.Errorf("%s: writes and touches %q, want ~/.bashrc among them %v (err %v)", tc.cmd, w, tc.write, a.Err)
		}
	}
	many := map[string]string{}
	cmd := "mytool"
	for i := range maxSourceOperands + 2 {
		n := string(rune('a'+i)) + ".c"
		many[n] = "int x;"
		cmd += " " + n
	}
	// (and the first bytes of as many, to tell an archive: beside.go)
	if _, f := analyzeWith(cmd, many); len(f.asked) > maxSourceOperands+maxHeads {
		t.Errorf("%s: %d files read, want at most %d", cmd, len(f.asked), maxSourceOperands+maxHeads)
	}
	cmd = "mytool"
	for i := range 3 * maxSourceOperands {
		cmd += fmt.Sprintf(" ./d%d", i)
	}
	if _, f := analyzeWith(cmd, nil); len(f.asked) > maxSourceOperands+maxHeads {
		t.Errorf("%s: %d files read, want at most %d", cmd, len(f.asked), maxSourceOperands+maxHeads)
	}
}

// TestOptionFiles: the project files a toolchain takes options from are
// read as its command line: maven's .mvn/jvm.config,
// gradle.properties' jvmargs; a file guard cannot read whole is hidden.
func TestOptionFiles(t *testing.T) {
	tests := []struct {
		cmd    string
		files  map[string]string
		line   string
		hidden bool
	}{
		{cmd: `mvn package`, files: map[string]string{".mvn/jvm.config": "-Xmx1g\n'-XX:OnError=rm -rf ~/.guard'"}, line: "rm"},
		{cmd: `./mvnw -q verify`, files: map[string]string{".mvn/maven.config": "-Dexec.executable=rm"}, line: "rm"},
		{cmd: `gradle build`, files: map[string]string{"gradle.properties": "org.gradle.caching=true\norg.gradle.jvmargs=-Xmx2g -XX:OnError=rm\n"}, line: "rm"},
		{cmd: `gradle build`, files: map[string]string{"gradle.properties": "org.gradle.jvmargs=-Xmx2g\n"}},
		{cmd: `mvn package`},
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, tc.files)
		if tc.line != "" && !slices.ContainsFunc(a.Lines, func(l string) bool { return strings.HasPrefix(l, tc.line) }) {
			t.Errorf("%s: lines %q, want one starting %q", tc.cmd, a.Lines, tc.line)
		}
		if hidden := errors.Is(a.Err, ErrHidden); hidden != tc.hidden {
			t.Errorf("%s: hidden = %v (%v), want %v", tc.cmd, hidden, a.Err, tc.hidden)
		}
	}
	if got := propertyValue("a=1\norg.gradle.jvmargs = -Xmx1g\n", "org.gradle.jvmargs"); got != " -Xmx1g" {
		t.Errorf("propertyValue = %q", got)
	}
}

// TestSourceReadsAbove: a source file's literal that leaves its directory
// (#include "../.netrc") is read: the preprocessor prints what it includes;
// and may be written, as a one-liner's. A
// literal of parent directories only ("../..") is a base, not written.
func TestSourceReadsAbove(t *testing.T) {
	a, _ := analyzeWith(`gcc -E x.c`, map[string]string{"x.c": "#include \"../.netrc\"\nchar *d = \"../..\";\nint main() {}\n"})
	if !slices.Contains(a.Reads, "../.netrc") {
		t.Errorf("reads %q, want ../.netrc among them", a.Reads)
	}
	if !slices.Contains(a.Touches, "../.netrc") {
		t.Errorf("../.netrc not touched: %q", a.Touches)
	}
	if slices.Contains(a.Writes, "../..") || slices.Contains(a.Touches, "../..") {
		t.Errorf("../.. written or touched: %q %q", a.Writes, a.Touches)
	}
}

// TestCodeExtracts: interpreter code that extracts an archive writes into
// the working directory and the directories its literals name; code that
// only names an archive does not.
func TestCodeExtracts(t *testing.T) {
	files := map[string]string{"ev.zip": "PK\x03\x04xxxx", "ev.dat": "JUNK" + "PK\x05\x06" + strings.Repeat("\x00", 18)}
	tests := []struct {
		cmd    string
		writes []string
	}{
		{cmd: `python3 -c 'import shutil; shutil.unpack_archive("ev.zip")'`, writes: []string{"."}},
		{cmd: `python3 -c 'import zipfile; zipfile.ZipFile("ev.zip").extractall("out")'`, writes: []string{".", "out"}},
		{cmd: `perl -MArchive::Extract -e 'Archive::Extract->new(archive=>"ev.zip")->extract'`, writes: []string{"."}},
		{cmd: `python3 -c 'print("ev.zip")'`},
		{cmd: `mytool x ev.dat .`, writes: []string{"."}}, // a zip with a prefix, by its end record
	}
	for _, tc := range tests {
		a, _ := analyzeWith(tc.cmd, files)
		for _, w := range tc.writes {
			if !slices.Contains(a.Writes, w) {
				t.Errorf("%s: writes %q, want %q among them (err %v)", tc.cmd, a.Writes, w, a.Err)
			}
		}
		if len(tc.writes) == 0 && len(a.Writes) > 0 {
			t.Errorf("%s: writes %q, want none", tc.cmd, a.Writes)
		}
	}
}

// TestCredModules: code that imports a library reading a credential file
// at its default place reads that file, in a one-liner, a
// -M option and a program file; other imports do not.
func TestCredModules(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		files map[string]string
		read  string // among the reads; "" for none of the stores
	}{
		{cmd: `python3 -c 'import netrc; print(netrc.netrc().hosts)'`, read: "/home/u/.netrc"},
		{cmd: `python3 -c 'from netrc import netrc; print(netrc().hosts)'`, read: "/home/u/.netrc"},
		{cmd: `python3 -c 'import boto3; print(boto3.Session().get_credentials().secret_key)'`, read: "/home/u/.aws/credentials"},
		{cmd: `perl -MNet::Netrc -e 'print 1'`, read: "/home/u/.netrc"},
		{cmd: `node -e 'require("netrc")()'`, read: "/home/u/.netrc"},
		{cmd: `python3 x.py`, files: map[string]string{"x.py": "from botocore.session import Session\n"}, read: "/home/u/.aws/credentials"},
		{cmd: `python3 -c 'import requests.utils as u; print(u.get_netrc_auth("https://x"))'`, read: "/home/u/.netrc"},
		{cmd: `python3 -c 'import docker; print(docker.from_env().api._auth_configs)'`, read: "/home/u/.docker/config.json"},
		{cmd: `python3 -c 'import json, os; print(1)'`},
	} {
		a, _ := analyzeWith(tc.cmd, tc.files)
		if tc.read != "" && !slices.Contains(a.Reads, tc.read) {
			t.Errorf("%q: reads %q, want %q among them", tc.cmd, a.Reads, tc.read)
		}
		if tc.read == "" && slices.ContainsFunc(a.Reads, func(p string) bool { return strings.HasPrefix(p, "/home/u/.") }) {
			t.Errorf("%q: reads %q", tc.cmd, a.Reads)
		}
	}
}
