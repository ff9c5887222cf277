package lang

import "testing"

func TestSedLiteral(t *testing.T) {
	for _, c := range []struct {
		script, in, want string
		ok               bool
	}{
		{"s/foo/bar/", "foo foo\nxfoo\n", "bar foo\nxbar\n", true},
		{"s/foo/bar/g", "foo foo\n", "bar bar\n", true},
		{"s|a/b|c/d|g; s/x/y/", "a/b x x", "c/d y x", true},
		{"s/foo/bar/\ns/bar/baz/", "foo\n", "baz\n", true},
		{"s/foo//", "foo1\n", "1\n", true},
		{"s/f.o/bar/", "", "", false},    // a pattern
		{"s/foo/b&r/", "", "", false},    // & in the replacement
		{"s/foo/bar/e", "", "", false},   // another flag
		{"1s/foo/bar/", "", "", false},   // an address
		{"s/foo/bar/w x", "", "", false}, // a write
		{"y/ab/cd/", "", "", false},
		{"s/a\\/b/c/", "", "", false},
		{"", "", "", false},
	} {
		x, ok := ParseSedLiteral(c.script)
		if ok != c.ok {
			t.Errorf("ParseSedLiteral(%q) ok = %v, want %v", c.script, ok, c.ok)
			continue
		}
		if ok {
			if got := x.Apply(c.in); got != c.want {
				t.Errorf("%q on %q = %q, want %q", c.script, c.in, got, c.want)
			}
		}
	}
}

func FuzzSedLiteral(f *testing.F) {
	f.Add("s/foo/bar/g; s|x|y|", "foo x\nfoo")
	f.Fuzz(func(t *testing.T, script, text string) {
		if x, ok := ParseSedLiteral(script); ok {
			_ = x.Apply(text)
		}
	})
}
