package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestZshModifiers: history modifiers on a parameter are computed, or the
// value is not known; never their text as written.
func TestZshModifiers(t *testing.T) {
	tests := []expansionCase{
		{cmd: `f=~/.bashrX; cp x ${f:s/X/c/}`, writes: []string{"~/.bashrc"}},
		{cmd: `f=~/.bashrX; cp x $f:s/X/c/`, writes: []string{"~/.bashrc"}},
		{cmd: `f=~/.bashrX; cp x $f:s/X/c`, writes: []string{"~/.bashrc"}},
		{cmd: `f=~/.XashrX; cp x ${f:gs/X/b/:s/rb/rc/}`, writes: []string{"~/.bashrc"}},
		{cmd: `f=~/.bXshrc; cp x ${f:s/X/a/:&}`, writes: []string{"~/.bashrc"}},
		{cmd: `f=/x/.netrc; cat ~/${f:t}`, reads: []string{"~/.netrc"}},
		{cmd: `f=~/.ssh/id_rsa/x/y; cat ${f:h2}`, reads: []string{"~/.ssh"}},
		{cmd: `f=/a/b/.ssh/id_rsa; cat ~/${f:t2}`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `f=~/a; cat ${f:s/a/.netrc/}`, reads: []string{"~/.netrc"}},
		{cmd: `f=~/a; cat ${f:s/a/[&]/}`, reads: []string{"~/[a]"}},
		{cmd: `f=~/a; cat ${f:s/a/\&/}`, reads: []string{"~/&"}},
		{cmd: `f=/x/.bashrc.y; cp a ~/$f:t:r.z`, writes: []string{"~/.bashrc.z"}},
		// home's own path is what a substitution sees
		{cmd: `f=~/x; cat ${f:s/home/tmp/}`, reads: []string{"/tmp/u/x"}},
	}
	for _, tt := range tests {
		tt.check(t, Options{Home: "/home/u", Zsh: true})
	}
	// Not known: the text as written is never a value.
	for _, cmd := range []string{
		`f=~/.bashrc.x; cp x ${f:foo}`,
		`f=~/.bashrX; cp x ${f:s/X/$y/}`,
		`f=~/.bashrX; cp x $f:s/X/c$y`,
		`f=~/.bashrX; cp x ${f:s//c/}`,
		`f=~/.bashrX; cp x ${f:s/?/c/}`,
		`f=~/.bashrX; cp x ${f:&}`,
		`f=~/.bashrX; cp x ${f:w:r}`,
		`cp x ${(%):-%~}/.bashrc`,
	} {
		a := &Analysis{} // zsh's reading alone
		if err := walk(a, cmd, Options{Home: "/home/u", Zsh: true}, true); err != nil {
			t.Errorf("%q: %v", cmd, err)
		}
		finish(a)
		for _, w := range a.Writes {
			if w != "x" {
				t.Errorf("%q: writes %q", cmd, a.Writes)
			}
		}
		if len(a.Unresolved) == 0 {
			t.Errorf("%q: nothing unresolved (writes %q)", cmd, a.Writes)
		}
	}
	// A modifier that changes the names a pattern selects: hidden.
	for _, cmd := range []string{`cp x ~/.b*(:s/X/rc/)`, `cat ~/.s*/id_rsa.pub(:r)`, `cat ~/.s*/id_rsa(:s/x/y/)`} {
		if err := walk(&Analysis{}, cmd, Options{Home: "/home/u", Zsh: true}, true); !errors.Is(err, ErrHidden) {
			t.Errorf("%q: error %v, want hidden", cmd, err)
		}
	}
}

func TestParseMods(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		short bool
		n     int
		rest  string
		ok    bool
	}{
		{":h:t", false, 2, "", true},
		{":h2:t3", false, 2, "", true},
		{":h2", true, 1, "2", true},
		{":s/a/b/:u", false, 2, "", true},
		{":gs/a/b/", true, 1, "", true},
		{":s/a/b/x", true, 1, "x", true},
		{":z", true, 0, ":z", true},
		{":z", false, 0, "", false},
		{":s", false, 0, "", false},
		{":w:r", false, 0, "", false},
		{":g", true, 0, ":g", true},
		{":s:a:b:", false, 1, "", true},
	} {
		mods, rest, _, ok := parseMods(tc.spec, tc.short)
		if ok != tc.ok || ok && (len(mods) != tc.n || rest != tc.rest) {
			t.Errorf("parseMods(%q, %v) = %d mods, rest %q, %v; want %d, %q, %v", tc.spec, tc.short, len(mods), rest, ok, tc.n, tc.rest, tc.ok)
		}
	}
}

// TestZshForms: subscript assignments, the mapfile module, print, =( ),
// autoload.
func TestZshForms(t *testing.T) {
	tests := []expansionCase{
		{cmd: `f=x; f[1,1]=~/.bashrc; cp x $f`, writes: []string{"~/.bashrc"}},
		{cmd: `f=~/.bashrX; f[-1]=c; cp x $f`, writes: []string{"~/.bashrc"}},
		{cmd: `f=abc; f[2]=X; cat $f`, reads: []string{"aXc"}},
		{cmd: `a=(x y z); a[1]=~/.netrc; cat $a[1]`, reads: []string{"~/.netrc"}},
		{cmd: `a=(x y z); a[2,3]=~/.netrc; cat $a[-1]`, reads: []string{"~/.netrc"}},
		{cmd: `unset g; g[2]=~/.netrc; cat $g[2]`, reads: []string{"~/.netrc"}},
		{cmd: `zmodload zsh/mapfile; k=~/.ssh/id_rsa; print -r -- $mapfile[$k]`, reads: []string{"~/.ssh/id_rsa"}},
		{cmd: `f=~/.bashrc; mapfile[$f]='cp x y'`, writes: []string{"~/.bashrc"}},
		{cmd: `unset 'mapfile[/etc/x]'`, writes: []string{"/etc/x"}},
		{cmd: `v='mapfile[/x/.netrc]'; print ${(P)v}`, reads: []string{"/x/.netrc"}},
		{cmd: `print ${(v)mapfile}`, reads: []string{"*"}},
		{cmd: `source =(print 'cat ~/.netrc')`, reads: []string{"~/.netrc"}},
		{cmd: `sh =(print -r -- 'cp x ~/.bashrc')`, writes: []string{"~/.bashrc"}},
		{cmd: `print -v f ~/.bashrc; cp x $f`, writes: []string{"~/.bashrc"}},
		{cmd: `f=$(print -l a ~/.netrc); cat ${(f)f}`, reads: []string{"~/.netrc"}},
		{cmd: `cp x ~/.bashX(:s/X/rc/)`, writes: []string{"~/.bashrc"}},
		{cmd: `cp x /a/b/.bashrc(:t)`, writes: []string{".bashrc"}},
	}
	for _, tt := range tests {
		tt.check(t, Options{Home: "/home/u", Zsh: true})
	}
	// In bash's reading, zsh's $mapfile[F] (which zsh's parser may reject)
	// still reads F when the user's shell is zsh.
	a := analyze(`echo $mapfile[/home/u/.ssh/id_rsa]`, Options{Home: "/home/u", Zsh: true})
	if !slices.Contains(a.Reads, "/home/u/.ssh/id_rsa") {
		t.Errorf("$mapfile[F] in bash's reading: reads %q", a.Reads)
	}
	if a := analyze(`echo $mapfile[/home/u/.ssh/id_rsa]`, Options{Home: "/home/u"}); slices.Contains(a.Reads, "/home/u/.ssh/id_rsa") {
		t.Errorf("$mapfile[F] with bash: reads %q", a.Reads)
	}
	// autoload DIR/NAME: NAME runs the file's text.
	f := &fakeFiles{files: map[string]string{"fn/evil": "cp x ~/.bashrc"}}
	a = analyze(`autoload -Uz fn/evil; evil`, Options{Home: "/home/u", Zsh: true, Files: f})
	if !slices.Contains(a.Writes, "~/.bashrc") {
		t.Errorf("autoload: writes %q", a.Writes)
	}
	f = &fakeFiles{files: map[string]string{"fn/bad": "if then"}}
	if a = analyze(`autoload fn/bad`, Options{Zsh: true, Files: f}); a.Err == nil {
		t.Error("autoload of a file guard cannot parse: no error")
	}
}

// FuzzParseMods: any text after a parameter parses without a panic; what
// is left over is the end of the text, and applying the modifiers to any
// value does not panic either.
func FuzzParseMods(f *testing.F) {
	for _, s := range []string{":h", ":h2:t3", ":s/a/b/", ":gs/a/b/:&", ":s\\/a\\/b", ":g&:u", ":s:a:b:", ":", "::", ":s", ":sa", ":W:x:"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, spec string, short bool) {
		mods, rest, _, ok := parseMods(spec, short)
		if ok && !strings.HasSuffix(spec, rest) {
			t.Fatalf("parseMods(%q): rest %q is not its end", spec, rest)
		}
		w := &walker{a: &Analysis{}}
		w.Ledger = newLedger(w, w.a, "/home/u", nil)
		for _, v := range []string{"~/a.b/c.d", "/x/y", "", "a"} {
			w.applyMods(mods, []string{v})
		}
	})
}
