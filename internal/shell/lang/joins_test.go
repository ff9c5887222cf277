package lang

import (
	"slices"
	"strings"
	"testing"
)

func TestShellStringsJoined(t *testing.T) {
	u := ShellUnknown
	for _, tc := range []struct {
		code string
		want string // one of ShellStrings' results
	}{
		{`import os; os.system("cat x >> ~/.ba"+"shrc")`, "cat x >> ~/.bashrc"},
		{`BEGIN{system("cat x >> ~/.ba" "shrc")}`, "cat x >> ~/.bashrc"},
		{`BEGIN{c="cat x >> ~/.ba" "shrc"; system(c)}`, "cat x >> ~/.bashrc"},
		{`system "cat x >> ~/.ba"."shrc"`, "cat x >> ~/.bashrc"},
		{`shell_exec("cp x ~/.ba"."shrc");`, "cp x ~/.bashrc"},
		{`os.system("cat x >> ~/.%s" % "bashrc")`, "cat x >> ~/.bashrc"},
		{`os.system("cat x >> ~/.{}".format("bashrc"))`, "cat x >> ~/.bashrc"},
		{`os.system(f"cat x >> ~/.{s}")`, "cat x >> ~/." + u},
		{`os.system("cat x >> ~/.bash"+chr(114)+"c")`, "cat x >> ~/.bash" + u + "c"},
		{`os.system("cat '~/.ba" + x + "shrc'")`, "cat '~/.ba" + u + "shrc'"},
		{`f = "~/.ba"; os.system("cat x >> " + f + "shrc")`, "cat x >> ~/.bashrc"},
		{`system("cp x ~/.#{s}")`, "cp x ~/." + u},
		{`system q(echo x >> ~/.bashrc)`, "echo x >> ~/.bashrc"},
		{`system %q(cp x ~/.bashrc)`, "cp x ~/.bashrc"},
		{`print qx(cat ~/.netrc)`, "cat ~/.netrc"},
		{`%x{cp x ~/.bashrc}`, "cp x ~/.bashrc"},
		{`print qx'cat ~/.netrc'`, "cat ~/.netrc"},
		{"system <<EOF;\ncp x ~/.bashrc\nEOF\n", "cp x ~/.bashrc\n"},
		{"print <<`EOC`;\ncat ~/.netrc\n  EOC\n", "cat ~/.netrc\n"},
		{`print qx (cat ~/.netrc)`, "cat ~/.netrc"},
		{"print `id`", "id"},
		{`os.system("cp x \"$HOME/.bashrc\"")`, `cp x "$HOME/.bashrc"`},
		{`os.system("cp x \"/h/.ba" + "shrc\"")`, `cp x "/h/.bashrc"`},
		{`system "rm -rf /tmp/x" . "y" or die`, "rm -rf /tmp/xy"},
	} {
		got := ShellStrings(tc.code)
		if !slices.Contains(got, tc.want) {
			t.Errorf("ShellStrings(%q) = %q, want it to hold %q", tc.code, got, tc.want)
		}
	}
}

// TestShellStringsJoinForms: joins and formats of literals fold to the
// joined text; a part not known is the marker.
func TestShellStringsJoinForms(t *testing.T) {
	u := ShellUnknown
	for _, tc := range []struct {
		code string
		want string // one of ShellStrings' results
	}{
		{`os.system("".join(["cat x >> ~/.ba","shrc"]))`, "cat x >> ~/.bashrc"},
		{`os.system(" ".join(("cat", "~/.netrc")))`, "cat ~/.netrc"},
		{`a=["cat x >> ~/.ba","shrc"]; os.system("".join(a))`, "cat x >> ~/.bashrc"},
		{`os.system("".join(["cat x >> ~/.ba", s]))`, "cat x >> ~/.ba" + u},
		{`os.system(str().join(("cat x >> ~/.ba","shrc")))`, "cat x >> ~/.ba" + u + "shrc"},
		{`os.system("-".join(["cat x >> ~/.ba","shrc"]).replace("-",""))`, "cat x >> ~/.ba" + u + "shrc" + u},
		{`os.system("{}{}".format("cat x >> ~/.ba","shrc"))`, "cat x >> ~/.bashrc"},
		{`os.system("{1}{0}".format("shrc","cat x >> ~/.ba"))`, "cat x >> ~/.bashrc"},
		{`os.system("cat {a}".format(a="x"))`, "cat " + u},
		{`os.system("cat {}".format(f))`, "cat " + u},
		{`os.system("%s%s" % ("cat x >> ~/.ba","shrc"))`, "cat x >> ~/.bashrc"},
		{`os.system("cat %(f)s" % d)`, "cat " + u},
		{`os.system("100%% %s" % "x")`, "100% x"},
		{`os.system(f"cat x >> ~/.ba{'shrc'}")`, "cat x >> ~/.bashrc"},
		{`os.system(f"cat {{x}} {'y'}")`, "cat {x} y"},
		{`system("cat x >> ~/.ba#{'shrc'}")`, "cat x >> ~/.bashrc"},
		{"execSync(`cat x >> ~/.ba${\"shrc\"}`)", "cat x >> ~/.bashrc"},
		{"execSync(`cat x >> ~/.ba${s}`)", "cat x >> ~/.ba" + u},
		{`execSync("cat x >> ~/.ba".concat("shrc"))`, "cat x >> ~/.bashrc"},
		{`system(["cat x >> ~/.ba","shrc"].join(""))`, "cat x >> ~/.bashrc"},
		{`system join "", "cat x >> ~/.ba", "shrc"`, "cat x >> ~/.bashrc"},
		{`system(join("", "cat x >> ~/.ba", "shrc"))`, "cat x >> ~/.bashrc"},
		{`system join "", "cat x >> ~/.ba", $s or die`, "cat x >> ~/.ba" + u},
	} {
		got := ShellStrings(tc.code)
		if !slices.Contains(got, tc.want) {
			t.Errorf("ShellStrings(%q) = %q, want it to hold %q", tc.code, got, tc.want)
		}
	}
}

func TestShellStringsNotJoined(t *testing.T) {
	for _, code := range []string{
		`os.system(cmd)`,
		`os.system("ls -la")`,
		`print(1+1)`,
		`x = "%s-%d" % ("a", 1)`,
		`print("".join(["a","b"]))`,
		"console.log(`x${1}`)",
		`print(f"{x}")`,
	} {
		for _, s := range ShellStrings(code) {
			if strings.Contains(s, ShellUnknown) {
				t.Errorf("ShellStrings(%q) holds %q: no join handed to a shell", code, s)
			}
		}
	}
}

func TestQuoteLike(t *testing.T) {
	for _, tc := range []struct {
		code string
		want []string
	}{
		{`open(F, q(>>), $ENV{HOME}.q(/.bashrc))`, []string{">>", "/.bashrc"}},
		{`qq{a {b} c}`, []string{"a {b} c"}},
		{`qw[a b]; q!x!; q<y>`, []string{"a b", "x", "y"}},
		{`%q(a) %Q[b] %w{c d} %(e)`, []string{"a", "b", "c d", "e"}},
		{`seq(1) $q(x) @q(y) q = 2 q, 3 qa(z) q / 2`, nil},
		{`x = q('~/.netrc')`, []string{"'~/.netrc'", "~/.netrc"}},
		{`q(a\) b)`, []string{`a\) b`, `a) b`}}, // perl's reading: \) is )
		{"x = <<~EOS\n  ~/.netrc\nEOS\ny = 1<<2", []string{"  ~/.netrc\n"}},
	} {
		if got := Literals(tc.code); !slices.Equal(got, tc.want) {
			t.Errorf("Literals(%q) = %q, want %q", tc.code, got, tc.want)
		}
	}
}

func TestAwkOutputsJoined(t *testing.T) {
	for _, tc := range []struct {
		code, want string
	}{
		{`BEGIN{f=ENVIRON["HOME"] "/.bash" "rc"; print "x" >> f}`, "/.bashrc"},
		{`{print > "out" ".txt"}`, "out.txt"},
		{`{print > "out.txt"}`, "out.txt"},
	} {
		got := AwkOutputs(tc.code)
		if len(got) == 0 || !strings.HasSuffix(got[0], tc.want) {
			t.Errorf("AwkOutputs(%q) = %q, want one ending %q", tc.code, got, tc.want)
		}
	}
}

// FuzzJoins: any code is read without a panic; every literal lies
// inside the code (escapes undone), and joined shell text holds no stand-in byte the code did not.
func FuzzJoins(f *testing.F) {
	for _, s := range []string{
		`os.system("a"+"b")`, `system q(x)`, `%x{y}`, `c="a" "b"; system(c)`, `print > f`,
		`x = "%s" % (a)`, `q(((`, `system "a" . $b . "c" or die`, "`a`", `f"{x}"`,
		`os.system("".join(["a", b]))`, `system join "", "a", "b"`, "execSync(`a${\"b\"}`)", `os.system("{}{0}".format("a"))`,
		`os.system("%s" % ("a",))`, `system(["a"].join("").x(1))`, `os.system("".join("".join("".join([""]))))`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if len(code) > 1<<14 {
			return
		}
		for _, l := range Literals(code) {
			// (a template's interpolated literal is joined in: not in code as written)
			if len(l) > len(code) || !strings.Contains(code, l) && !strings.Contains(code, `\`) && !strings.Contains(code, "{") {
				t.Fatalf("literal %q not in code", l)
			}
		}
		for _, s := range ShellStrings(code) {
			if strings.Contains(s, unknownByte) && !strings.Contains(code, unknownByte) {
				t.Fatalf("shell text %q holds the stand-in byte", s)
			}
		}
		AwkOutputs(code)
	})
}
