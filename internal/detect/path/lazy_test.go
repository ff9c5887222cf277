package path

import (
	"slices"
	"strings"
	"testing"
)

// compileBoth compiles r with the home directory's plain globs deferred
// (lazyGlob) and with every glob compiled at once.
func compileBoth(r Rules) (lazy, eager *Detector, lazyErr, eagerErr error) {
	lazy, lazyErr = Compile(r)
	lazyGlobs = false
	defer func() { lazyGlobs = true }()
	eager, eagerErr = Compile(r)
	return lazy, eager, lazyErr, eagerErr
}

// FuzzLazyGlobs: deferring the home directory's plain globs until a path
// near them is checked changes no answer: the same error from Compile, and
// for every path the same finding from Check and CheckOpaque, with the
// write rules' trees or without, shallow or not, with a glob of the
// fuzzer's among the defaults (first and last: the first finding wins),
// an allow glob of its own, and a link's variant.
func FuzzLazyGlobs(f *testing.F) {
	for _, c := range [][3]string{
		{"~/.ssh/**", "", "~/.ssh/id_rsa"},
		{"~/.config/x/**", "~/.config/x/ok", "~/.config/x/ok"},
		{"~/.a/b*/c", "", "~/.a/bz/c"},
		{"~/.a/**/c", "", "~"},
		{"~/.bashrc", "", "/home/dev/.BASHRC"},
		{"~/.a./b", "", "~/.a/b"},
		{"~/.a/../.ssh/k", "", "~/.ssh/k"},
		{"~/.x/[ab]", "", "~/.x/a"},
		{"~/.k", "~/.k", "~/**"},
		{"~/.k/**", "", "~/.k/**/id_rsa"},
		{"~/.k/**", "", "/home/**"},
		{"~/.k/y", "", "~/.K/Y/../y"},
		{"~/.k/y", "", "rel/x"},
		{"~/.k/y", "", "~/.k/\x00"},
		{"~/.k/y", "", "c:/users/dev/.k/y"},
		{"~/.ſsh/x", "", "~/.ssh/x"},
	} {
		f.Add(c[0], c[1], c[2], "/home/dev", uint8(0))
		f.Add(c[0], c[1], c[2], `C:\Users\Dev`, uint8(3))
	}
	base := defaults(f)
	f.Fuzz(func(t *testing.T, glob, allow, p, home string, mode uint8) {
		if len(glob) > 200 || len(allow) > 200 || len(p) > 400 || len(home) > 100 {
			return
		}
		block := append([]string{glob}, base.BlockWrite...)
		block = append(block, "~/.config/*/token", glob)
		var allows []string
		if allow != "" {
			allows = []string{allow}
		}
		r := Rules{Block: block, Allow: allows, Home: home, Trees: mode&1 != 0,
			Variants: map[string][]string{"~/.ssh/**": {"/real/ssh/**"}, glob: {"/real/g/x"}}}
		lazy, eager, lerr, eerr := compileBoth(r)
		if (lerr == nil) != (eerr == nil) || lerr != nil && lerr.Error() != eerr.Error() {
			t.Fatalf("errors differ: lazy %v, eager %v", lerr, eerr)
		}
		if lerr != nil {
			return
		}
		if mode&2 != 0 {
			lazy, eager = lazy.Shallow(), eager.Shallow()
		}
		if mode&4 != 0 {
			skip := func(g string) bool { return strings.HasPrefix(g, "~/.s") }
			lazy, eager = lazy.Without(skip), eager.Without(skip)
		}
		for _, q := range []string{p, p + "/**", p + "/**/id_rsa"} {
			lf, lhit := lazy.Check(q)
			ef, ehit := eager.Check(q)
			if lhit != ehit || lf != ef {
				t.Fatalf("Check(%q): lazy %v %+v, eager %v %+v", q, lhit, lf, ehit, ef)
			}
			lf, lhit = lazy.CheckOpaque(q)
			ef, ehit = eager.CheckOpaque(q)
			if lhit != ehit || lf != ef {
				t.Fatalf("CheckOpaque(%q): lazy %v %+v, eager %v %+v", q, lhit, lf, ehit, ef)
			}
		}
	})
}

// TestLazyGlobs: a path far from the home directory's plain globs compiles
// none of them; one in ~/.ssh compiles ~/.ssh's alone; a path guard cannot
// tell compiles them all.
func TestLazyGlobs(t *testing.T) {
	d, err := Compile(Rules{Block: []string{"~/.ssh/**", "~/.aws/credentials", "**/.env", "~/.config/*/token"}, Home: home, Trees: true})
	if err != nil {
		t.Fatal(err)
	}
	compiled := func() []string {
		var out []string
		for _, l := range d.block {
			if l.g.src != "" {
				out = append(out, l.src)
			}
		}
		return out
	}
	if _, hit := d.Check("/home/dev/src/widgets/main.go"); hit || !slices.Equal(compiled(), []string{"**/.env"}) {
		t.Fatalf("a project file: hit %v, compiled %q", hit, compiled())
	}
	if _, hit := d.Check("~/.SSH/id_rsa"); !hit || !slices.Equal(compiled(), []string{"~/.ssh/**", "**/.env"}) {
		t.Fatalf("~/.ssh/id_rsa: hit %v, compiled %q", hit, compiled())
	}
	if _, hit := d.Check("~"); !hit || len(compiled()) != 2 { // ~/.ssh/** holds, the first glob
		t.Fatalf("~: hit %v, compiled %q", hit, compiled())
	}
	if _, hit := d.Check("~/x/" + Unknown); hit || len(compiled()) != 4 {
		t.Fatalf("an unknown part: hit %v, compiled %q", hit, compiled())
	}
}

// plainHomeByElements is plainHome written plainly, element by element.
func plainHomeByElements(src string) (string, bool) {
	rest, ok := strings.CutPrefix(src, "~/")
	if !ok || rest == "" || strings.ContainsFunc(rest, func(r rune) bool {
		return r <= ' ' || r >= 0x7f || strings.ContainsRune(`\[]{},:`, r)
	}) {
		return "", false
	}
	els := strings.Split(rest, "/")
	for i, el := range els {
		if el == "" || el == "." || el == ".." || strings.HasSuffix(el, ".") ||
			el != "**" && strings.Contains(el, "**") || i == 0 && strings.ContainsAny(el, "*?") {
			return "", false
		}
	}
	return els[0], true
}

// FuzzPlainHome: plainHome's one pass agrees with plainHomeByElements.
func FuzzPlainHome(f *testing.F) {
	for _, s := range []string{"~/.ssh/**", "~/.a/b**", "~/.a/**/c", "~/**", "~/.x/***", "~/a./b", "~/a/..", "~/.k", "~/", "~/a//b", "~/a/*.pem", "~/a?/b", "~/ä", "~/a/b:c", "~/a/**x/c", "~/a\x7f", "~/a b", "~/a{b}", "~/a[b]", "~/a\\b", "~/a,b", "~/\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		first, ok := plainHome(src)
		wantFirst, wantOK := plainHomeByElements(src)
		if first != wantFirst || ok != wantOK {
			t.Fatalf("plainHome(%q) = %q, %v; by elements %q, %v", src, first, ok, wantFirst, wantOK)
		}
	})
}
