package lang

import (
	"slices"
	"strings"
	"testing"
)

func TestReadSed(t *testing.T) {
	type want struct {
		reads, writes, cmds []string
		computed, err       bool
	}
	for script, w := range map[string]want{
		// everyday scripts: nothing read, written or run
		"1,5p": {}, "s/a/b/g": {}, "/^#/d": {}, "1{/x/d}": {}, "s/e/E/g": {}, "/e/d": {},
		"/^e/ { s/e/f/; p }": {}, ":e\n/x/b e": {}, "y/e/f/": {}, ":a;N;$!ba;s/\\n/ /g": {},
		"$!{N}": {}, "0,/re/I!{s|a\\|b|c|2;}": {}, "/a/,+3{/b/,~2d;}": {}, "1~2{x;G}": {},
		"a\\\nfoo; w x": {}, "i hello ; r f": {}, "# c ; w x\np": {}, "s/a;b/c;d/;q5": {},
		// files
		"w /x":                {writes: []string{"/x"}},
		"1d;$r f":             {reads: []string{"f"}},
		"s/a;b/c/w out":       {writes: []string{"out"}},
		"/re/,/e\\/nd/W g":    {writes: []string{"g"}},
		`\,x,r y`:             {reads: []string{"y"}},
		"1r.env":              {reads: []string{".env"}},
		"1{w ../.bashrc\n}":   {writes: []string{"../.bashrc"}},
		"1{r .env\n}":         {reads: []string{".env"}},
		"$!{\nr ../k\n}":      {reads: []string{"../k"}},
		"/x/{w a;b\n}":        {writes: []string{"a;b"}},
		"1 { s/x/y/gw o\n}":   {writes: []string{"o"}},
		"1!{p;};1{x;R f\n}":   {reads: []string{"f"}},
		"1{w ../.bashrc\n}\n": {writes: []string{"../.bashrc"}},
		// commands: the script's own text
		"e date":                             {cmds: []string{"date"}},
		"1e touch x; p":                      {cmds: []string{"touch x; p"}},
		"1{e echo P >> ~/.bashrc\n}":         {cmds: []string{"echo P >> ~/.bashrc"}},
		"1{s/^.*$/echo P >> ~\\/.bashrc/e;}": {cmds: []string{"echo P >> ~/.bashrc"}},
		"1 { s/^.*$/id/e; }":                 {cmds: []string{"id"}},
		"1{p;s|^.*$|cat .env|ep;}":           {cmds: []string{"cat .env"}},
		// commands the input makes
		"e": {computed: true}, "$!N;e": {computed: true}, "s/a/b/e": {computed: true},
		"s/^/cat /e": {computed: true}, "1s/^/cat /ep": {computed: true}, "1{s/^/id/e;}": {computed: true},
		"s/.*/& x/e": {computed: true}, "s/.*/\\U x/e": {computed: true}, "s/.*/x/ge": {computed: true},
		"y/ab/cd/;e": {computed: true}, "e cat \\x2eenv": {computed: true},
		// I3: only ^.*$ matches the whole pattern space in every locale
		// (. stops at an invalid sequence in a multibyte one)
		"s/.*/true/e": {computed: true}, "s/^.*/date/e": {computed: true}, "s/.*$/id/e": {computed: true},
		"1{s/.*/echo P/e;}": {computed: true}, "s|.*|cat .env|ep": {computed: true},
		"s/^.*$/id/ge": {computed: true}, "s/^.*$/id/Me": {computed: true}, "s/^.*$/id/2e": {computed: true},
		"s/^.*$/id/Ie": {computed: true}, "s/^.*$/id/pe": {cmds: []string{"id"}},
		// I1: a/i/c/e text ends as GNU's read_text ends it: a backslash
		// takes the next byte, so an even run before the newline ends it
		"1a foo\\\\\ne cat ~/.ssh/id_rsa": {cmds: []string{"cat ~/.ssh/id_rsa"}},
		"1a foo\\\\\nw ../.bashrc":        {writes: []string{"../.bashrc"}},
		"1a foo\\\\\nr .env":              {reads: []string{".env"}},
		"1i x\\\\\n1c y\\\\\nr .env":      {reads: []string{".env"}},
		"1a foo\\\nw x":                   {},                        // an odd run: w x is text
		"1a foo\\\\\\\nw x":               {},                        // three: the last escapes the newline
		"1a\\\\\nr .env":                  {reads: []string{".env"}}, // a\ then \ is the text (lead-in)
		"1a\\\\\\\nr .env":                {},                        // a\ \ \<newline>: goes on
		"1a\\\nfoo\nr .env":               {reads: []string{".env"}}, // a\ then the text on the next line
		"1a\\\nfoo\\\nr .env":             {},                        // … which goes on
		"1a\\text\nw x":                   {writes: []string{"x"}},   // a\text: one line
		"1a\nr .env":                      {reads: []string{".env"}}, // a with an empty text
		"1{a foo\\\\\n}":                  {},                        // the } after the text closes the block
		"e echo a\\\\\nr .env":            {reads: []string{".env"}, computed: true},
		"e echo a\\\necho b":              {cmds: []string{"echo a\necho b"}},
		"e\\cat .env":                     {cmds: []string{"cat .env"}}, // e\ then the lead-in byte
		"e \\\ncat .env":                  {cmds: []string{"cat .env"}},
		// I2: a bracket expression is read whole in a pattern
		"s/[/]/#/;e touch x":                {cmds: []string{"touch x"}},
		"s/[/]/#/w ../.ssh/authorized_keys": {writes: []string{"../.ssh/authorized_keys"}},
		"s/[/]/#/;r .env":                   {reads: []string{".env"}},
		"/[/p;#]/w out":                     {writes: []string{"out"}},
		"\\%[%]%w out":                      {writes: []string{"out"}},
		"s|[|]|x|;r .env":                   {reads: []string{".env"}},
		"s/[^/]/#/;r .env":                  {reads: []string{".env"}},
		"s/[]/]/x/;r .env":                  {reads: []string{".env"}},
		"s/[^]/]/x/;r .env":                 {reads: []string{".env"}},
		"s/[[:alpha:]/]/x/;r .env":          {reads: []string{".env"}},
		"s/[[:alpha:]]/x/;r .env":           {reads: []string{".env"}},
		"s/[[.x.]/]/y/;r .env":              {reads: []string{".env"}},
		"s/[[.].]/]/y/;r .env":              {reads: []string{".env"}}, // [.].] holds a ]
		"s/[[=e=]/]/y/;r .env":              {reads: []string{".env"}},
		"s/[\\]/x/;r .env":                  {reads: []string{".env"}}, // \ is a byte in [ ]
		"s/\\[/]/;r .env":                   {reads: []string{".env"}}, // \[ is no bracket
		"s/a/[/;r .env":                     {reads: []string{".env"}}, // the replacement has none
		"y/[/]/;r .env":                     {reads: []string{".env"}}, // nor y
		"s/[^/]*$//":                        {},
		"s/[[:space:]]*$//":                 {},
		"s/[/]/#/e":                         {computed: true},
		"s/[/":                              {err: true}, "s/[/]/": {err: true}, "/[/p": {err: true}, "s/[\n]/x/": {err: true},
		// labels end at ; } # and blanks, as GNU 4.9's read_label
		"/foo/{p;b}":              {},
		"/x/{N;bend};s/a/b/;:end": {},
		"/x/{bx};:x":              {},
		"b x # c\n:x":             {},
		"bx;r .env":               {reads: []string{".env"}},
		"/x/{tx}\nr .env":         {reads: []string{".env"}},
		"b x w out":               {writes: []string{"out"}}, // after the blank, the next command
		":a}":                     {err: true},
		// a byte past ASCII before a delimiter, \, [ or ]: one character in
		// some locales
		"s|\x81|x|;r .env": {err: true}, "s/\x81\\/x/": {err: true}, "s/\x81[/x/": {err: true},
		"s\x81a\x81b\x81": {err: true}, "s/caf\xc3\xa9/cafe/": {},
		// what guard cannot read to its end
		"1{w x": {writes: []string{"x"}, err: true}, "}": {err: true}, "1{p": {err: true},
		"s/a/b": {err: true}, "s/a/b/k": {err: true}, "1Xd": {err: true}, "k": {err: true},
		"pq": {err: true}, "/x": {err: true}, "1,": {err: true}, "w": {err: true}, "w a\\x2e": {writes: []string{"a\\x2e"}, err: true},
	} {
		got := ReadSed(script)
		if !slices.Equal(got.Reads, w.reads) || !slices.Equal(got.Writes, w.writes) || !slices.Equal(got.Commands, w.cmds) ||
			got.Computed != w.computed || (got.Err != nil) != w.err {
			t.Errorf("ReadSed(%q) = %+v, want %+v", script, got, w)
		}
	}
}

// FuzzReadSed: reading a sed script never panics; every file it finds is
// text of the script; each command's lines are; a script read to its end
// with no command reads the same with a block around it and an address.
func FuzzReadSed(f *testing.F) {
	for _, s := range []string{"w /x", "1d;$r f", "s/a;b/c/w out", "/re/,/e\\/nd/W g", `\,x,r y`, "s/a/b", "{r f\n}", "s", "/",
		"e", "e date", "1e x;y", "s/a/b/e", "s|a|b\\|c|ge", "y/a/b/;e", "{e}", "1{s/.*/id/e;}", "a\\\nx",
		"1a x\\\\\ne id", "a\\\\", "s/[/]/#/;r f", "/[[:alpha:]/]/w f", "s/[]/]/x/", "s/[[.].]/]/y/", "/x/{p;b};:e", "s/^.*$/id/e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		x := ReadSed(script)
		for _, p := range append(x.Reads, x.Writes...) {
			if !strings.Contains(script, p) {
				t.Fatalf("file %q not in %q", p, script)
			}
		}
		for _, c := range x.Commands {
			for _, l := range strings.Split(c, "\n") {
				if !strings.Contains(strings.ReplaceAll(script, "\\", ""), strings.ReplaceAll(l, "\\", "")) {
					t.Fatalf("command %q not in %q", c, script)
				}
			}
		}
		if x.Err == nil && !strings.HasSuffix(script, "\\") {
			y := ReadSed("1{" + script + "\n}")
			if y.Err != nil || y.Computed != x.Computed || len(y.Reads) != len(x.Reads) || len(y.Writes) != len(x.Writes) || len(y.Commands) != len(x.Commands) {
				t.Fatalf("%q in a block reads %+v, alone %+v", script, y, x)
			}
		}
	})
}
