package lang

import (
	"strings"
	"testing"
)

// tclShow writes a script's commands as words: a known word as its text,
// a part not known as <var NAME>, <env NAME> or <cmd SCRIPT>; {*} before an
// expanded word.
func tclShow(cmds []TclCommand) string {
	var lines []string
	for _, c := range cmds {
		var ws []string
		for _, w := range c.Words {
			var b strings.Builder
			if w.Expand {
				b.WriteString("{*}")
			}
			for _, p := range w.Parts {
				switch p.Kind {
				case TclLit:
					b.WriteString(p.Text)
				case TclVar:
					b.WriteString("<var " + p.Text + ">")
				case TclEnv:
					b.WriteString("<env " + p.Text + ">")
				case TclCmd:
					b.WriteString("<cmd " + p.Text + ">")
				}
			}
			ws = append(ws, b.String())
		}
		lines = append(lines, strings.Join(ws, "|"))
	}
	return strings.Join(lines, "\n")
}

func TestReadTcl(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`exec rm -rf $::env(HOME)/.guard`, `exec|rm|-rf|<env HOME>/.guard`},
		{`puts [exec cat $env(HOME)/.aws/credentials]`, `puts|<cmd exec cat $env(HOME)/.aws/credentials>`},
		{`exec gzip ${::env(HOME)}/x`, `exec|gzip|<env HOME>/x`},
		{`set h $env(HOME); exec rm $h/x`, "set|h|<env HOME>\nexec|rm|<var h>/x"},
		{`puts $a(b$c)`, `puts|<var a(b$c)>`},
		{`puts $a::b:c`, `puts|<var a::b>:c`},
		{`puts $ x$`, `puts|$|x$`},
		{"# a comment; still\nputs a", `puts|a`},
		{"puts a # not a comment", `puts|a|#|not|a|comment`},
		{"if {1} {\n  exec ls ;# x\n}", "if|1|\n  exec ls ;# x\n"},
		{`puts "a b;c" {d $e [f]}`, `puts|a b;c|d $e [f]`},
		{`puts {a {b} c}`, `puts|a {b} c`},
		{`puts {a \} b}`, `puts|a \} b`},
		{"puts {a\\\n   b}", `puts|a b`},
		{"puts a\\\n  b", `puts|a|b`},
		{"puts \"a\\\n  b\"", `puts|a b`},
		{`puts \x41\u00e9\101\n\q\x`, "puts|A\u00e9A\nqx"},
		{`exec {*}$argv {*}{a b}`, `exec|{*}<var argv>|{*}a b`},
		{`puts {*}`, `puts|*`},
		{`puts [a [b] "]"]x`, `puts|<cmd a [b] "]">x`},
		{`puts [a {]}]`, `puts|<cmd a {]}>`},
		{"puts [\n# c ]\nb]", "puts|<cmd \n# c ]\nb>"},
		{`a;b;;c`, "a\nb\nc"},
	} {
		cmds, err := ReadTcl(c.src)
		if err != nil {
			t.Errorf("ReadTcl(%q): %v", c.src, err)
			continue
		}
		if got := tclShow(cmds); got != c.want {
			t.Errorf("ReadTcl(%q):\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

func TestReadTclScripts(t *testing.T) {
	cmds, err := ReadTcl(`puts "x[a]$v([b])y"`)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cmds[0].Words[1].Scripts, ","); got != "a,b" {
		t.Errorf("scripts %q, want a,b", got)
	}
}

func TestReadTclErrors(t *testing.T) {
	for _, src := range []string{
		`puts {a`, `puts "a`, `puts [a`, `puts {a}b`, `puts "a"b`, `puts $a(b`, `puts ${a`,
		strings.Repeat("[", MaxTclDepth+2) + strings.Repeat("]", MaxTclDepth+2),
		strings.Repeat("x", MaxTclBytes+1),
	} {
		if _, err := ReadTcl(src); err == nil {
			t.Errorf("ReadTcl(%.40q): no error", src)
		}
	}
}

func TestReadTclWords(t *testing.T) {
	ws, err := ReadTclWords("\n  \"yes/no\" { send yes; exp_continue }\n  -re \"pass.*:\" {send $pw}\n", true)
	if err != nil {
		t.Fatal(err)
	}
	got := tclShow([]TclCommand{{Words: ws}})
	if want := "yes/no| send yes; exp_continue |-re|pass.*:|send $pw"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	ws, err = ReadTclWords(`a [b] $c`, false)
	if err != nil || tclShow([]TclCommand{{Words: ws}}) != "a|[b]|$c" {
		t.Errorf("a list: %v %q", err, tclShow([]TclCommand{{Words: ws}}))
	}
}

func FuzzReadTcl(f *testing.F) {
	for _, s := range []string{`exec rm -rf $::env(HOME)/.guard`, `puts [exec cat $env(HOME)/x]`,
		"if {1} {\n exec ls\n} else { puts \"a[b]\" }", `set a(x[y]) {*}$b; puts \x41\u1234\777`, `${a}$b(c$d([e]))`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cmds, err := ReadTcl(s)
		if err != nil {
			return
		}
		for _, c := range cmds {
			for _, w := range c.Words {
				for _, sc := range w.Scripts {
					if len(sc) >= len(s) {
						t.Fatalf("a nested script %q no shorter than %q", sc, s)
					}
					_, _ = ReadTcl(sc)
				}
				if k, ok := w.Known(); ok && w.Braced {
					_, _ = ReadTclWords(k, true)
				}
			}
		}
	})
}
