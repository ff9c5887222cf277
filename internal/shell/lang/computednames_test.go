package lang

import (
	"strings"
	"testing"
	"time"
)

func TestComputedNames(t *testing.T) {
	for _, c := range []struct {
		f           Family
		code        string
		argv        bool
		write, read bool
	}{
		// a name computed from plain data
		{Python, `open('crhsab./hr/71a/pmt/'[::-1],'a').write('PY\n')`, true, true, false},
		{Python, `import os; os.remove('nosj.selur/draug./hr/71a/pmt/'[::-1])`, true, true, false},
		{Python, `open(bytes.fromhex('2f746d70').decode(),'a').write('x')`, true, true, false},
		{Python, `import codecs; open(codecs.decode('/gzc/n17/eu/.onfuep','rot13'),'a').write('x')`, true, true, false},
		{Python, `import sys; open(sys.argv[1],'a').write('x')`, false, true, false},
		{Python, `p = 'crhsab./hr'[::-1]; open(p, 'a')`, true, true, false},
		{Python, `open(''.join(reversed('crhsab')), 'w')`, true, true, false},
		{Python, `open(f"{'crhsab'[::-1]}", 'w')`, true, true, false},
		{Python, `import pathlib; pathlib.Path('crhsab'[::-1]).write_text('x')`, true, true, false},
		{Python, `open(x, m)`, true, true, false},
		{Node, `require('fs').appendFileSync('crhsab./hr/71a/pmt/'.split('').reverse().join(''),'NODE\n')`, true, true, false},
		{Node, `require('fs').appendFileSync(Buffer.from('L3RtcC9h','base64').toString(),'x')`, true, true, false},
		{Perl, `open F, q(>>), scalar reverse q(crhsab./hr/71a/pmt/); print F qq(PERL\n)`, true, true, false},
		{Perl, `my $f = reverse 'crhsab'; unlink $f`, true, true, false},
		{Perl, `open(my $fh, ">", $x)`, true, true, false},
		{Ruby, `File.write("crhsab./hr/71a/pmt/".reverse, "x", mode: "a")`, true, true, false},
		{Ruby, `File.open("crhsab".reverse, "a") { |f| f.puts 1 }`, true, true, false},
		// a computed name read and encoded
		{Python, `import base64,zlib; print(base64.b64encode(zlib.compress(open('asr_di/hss.'[::-1],'rb').read())))`, true, false, true},
		{Python, `print(open('txt.emdaer'[::-1]).read())`, true, false, false},
		{Node, `console.log(require('fs').readFileSync(Buffer.from('eA==', 'base64').toString()).toString('hex'))`, true, false, true},
		// everyday forms
		{Python, `import json,sys; json.dump(json.load(open("a.json")), open("b.json","w"))`, true, false, false},
		{Python, `open("out.txt","w").write("x")`, true, false, false},
		{Node, `require("fs").writeFileSync("dist/x.js", s)`, true, false, false},
		{Python, `import os; os.makedirs("build", exist_ok=True)`, true, false, false},
		{Python, `import sys; print(open(sys.argv[1]).read())`, true, false, false},
		{Python, `import sys; open(sys.argv[1], "w").write("x")`, true, false, false},
		{Python, `import os; [os.remove(f) for f in os.listdir(".") if f.endswith(".pyc")]`, true, false, false},
		{Python, `import os; os.rename("a.txt", "b.txt")`, true, false, false},
		{Python, `import os; d = "build"; open(os.path.join(d, "x.txt"), "w")`, true, false, false},
		{Python, `from pathlib import Path; Path("out/x.txt").write_text("x")`, true, false, false},
		{Python, `for i in range(3): open(f"f{i}.txt", "w").write(str(i))`, true, false, false},
		{Python, `import glob,os; [os.remove(p) for p in glob.glob("*.tmp")]`, true, false, false},
		{Python, `import os; open(os.environ["GITHUB_OUTPUT"], "a").write("x=1")`, true, false, false},
		{Python, `s = "a".replace("a", "b"); print(s)`, true, false, false},
		{Python, `import sys; print(open(sys.argv[1]).read()[::-1])`, true, false, false},
		{Node, `const fs = require("fs"); fs.writeFileSync(process.argv[2], JSON.stringify(o))`, true, false, false},
		{Node, "const fs=require('fs'); fs.writeFileSync(`out/${'a'}.json`, x)", true, false, false},
		{Perl, `open(my $fh, '>', 'out.txt') or die; print $fh 1`, true, false, false},
		{Perl, `open(F, ">>out.txt")`, true, false, false},
		{Perl, `unlink glob "*.bak"`, true, false, false},
		{Perl, `s/a/b/`, true, false, false},
		{Ruby, `File.write("out.txt", "x")`, true, false, false},
		{Ruby, `File.open("out.txt", "w") do |f| f.puts 1 end`, true, false, false},
		{Ruby, `ARGV.each do |f| File.delete(f) end`, true, false, false},
	} {
		w, r := ComputedNames(c.f, c.code, c.argv)
		if w != c.write || r != c.read {
			t.Errorf("ComputedNames(%v, %q) = %v, %v; want %v, %v", c.f, c.code, w, r, c.write, c.read)
		}
	}
}

func TestComputedNamesKnownForms(t *testing.T) {
	for _, c := range []struct {
		f    Family
		code string
	}{
		{Python, `open(f"/root/{""}.bashrc","a")`},
		{Perl, `open F, (getpwuid $<)[7]."/.ssh/id_rsa"; print <F>`},
		{Python, `open("/root/x" "/../.bashrc","a").write("x")`},
		{Node, "fs.writeFileSync(`${os.homedir()}/.guard/rules.json`, \"{}\")"},
		{Ruby, `File.write("%s/.bashrc" % Dir.home, "x")`},
		{Python, `from pathlib import Path as P; (P.home() / ".guard/rules.json").write_text("{}")`},
		{Node, `require("fs").appendFileSync(new URL("file:///root/.bashrc"), "x")`},
	} {
		if w, r := ComputedNames(c.f, c.code, true); w || r {
			t.Errorf("ComputedNames(%v, %q) = %v, %v; want a known name", c.f, c.code, w, r)
		}
	}
}

func TestComputedNamesWriters(t *testing.T) {
	for _, c := range []struct {
		code string
		want bool
	}{
		{`import sqlite3; sqlite3.connect("bd.x/draug./"[::-1])`, true},
		{`import logging; logging.basicConfig(filename="crhsab./"[::-1])`, true},
		{`import urllib.request as u; u.urlretrieve("file:///etc/hostname", "crhsab./"[::-1])`, true},
		{`import shelve; shelve.open("draug./"[::-1] + "/x")`, true},
		{`import zipfile; zipfile.ZipFile(d + "/x.zip", "w")`, true},
		{`import logging; logging.FileHandler(filename=p)`, true},
		{`import sqlite3; sqlite3.connect("app.db")`, false},
		{`import logging; logging.basicConfig(filename="app.log", level=logging.INFO)`, false},
		{`import logging; logging.basicConfig(level=logging.DEBUG)`, false},
		{`import urllib.request as u; u.urlretrieve("https://example.com/x", "x.tgz")`, false},
		{`df.to_csv("out.csv", index=False)`, false},
	} {
		if w, _ := ComputedNames(Python, c.code, true); w != c.want {
			t.Errorf("ComputedNames(Python, %q) write = %v, want %v", c.code, w, c.want)
		}
	}
}

func TestComputedNamesModules(t *testing.T) {
	if w, _ := ComputedNames(Node, `const fs=require('fs'),path=require('path'); fs.writeFileSync(path.join(__dirname, 'out.json'), '{}')`, true); w {
		t.Error("path.join on the path module read as a string join")
	}
	if w, _ := ComputedNames(Python, `s = ''; open(s.join(reversed('crhsab')), 'w')`, true); !w {
		t.Error("a string join of a variable holding a literal read as known")
	}
}

func TestComputedNamesRoutes(t *testing.T) {
	for _, c := range []struct {
		f    Family
		code string
	}{
		{Python, `import os as o; o.remove('crhsab'[::-1])`},
		{Python, `from os import remove; remove('crhsab'[::-1])`},
		{Python, `__import__('os').remove('crhsab'[::-1])`},
		{Python, `import os; getattr(os, 'remove')('x')`},
		{Python, `import os; list(map(os.remove, ['crhsab'[::-1]]))`},
		{Node, `require('fs')['appendFileSync']('x', 'y')`},
		{Node, `const {appendFileSync: a} = require('fs'); a('x', 'y')`},
		{Node, `const w = require('fs').appendFileSync; w('x', 'y')`},
		{Python, `import pathlib; pathlib.Path('crhsab'[::-1]).open('a').write('x')`},
		{Perl, `use Fcntl; sysopen(F, scalar reverse('crhsab'), O_WRONLY|O_APPEND)`},
	} {
		if w, _ := ComputedNames(c.f, c.code, true); !w {
			t.Errorf("ComputedNames(%v, %q): the write not seen", c.f, c.code)
		}
	}
	if w, _ := ComputedNames(Perl, `use Fcntl; sysopen(F, "out.txt", O_WRONLY|O_CREAT)`, true); w {
		t.Error("sysopen of a literal name read as computed")
	}
	if w, _ := ComputedNames(Python, `from pathlib import Path; Path("out.txt").open("w").write("x")`, true); w {
		t.Error("Path(literal).open read as computed")
	}
	if w, _ := ComputedNames(Python, `xs = [1, 2]; xs.remove(1); print(xs)`, true); w {
		t.Error("a list's remove read as a file call")
	}
}

func TestComputedNamesBounded(t *testing.T) {
	code := "x = 'a'" + strings.Repeat("+x", 200) + "\nopen(x" + strings.Repeat("+x", 200) + ", 'w')"
	start := time.Now()
	if w, _ := ComputedNames(Python, code, true); !w {
		t.Error("a name past the bound read as known")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
}
