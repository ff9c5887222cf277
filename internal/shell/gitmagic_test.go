package shell

import "testing"

// TestGitMagic: a pathspec's magic, long and short forms.
func TestGitMagic(t *testing.T) {
	for _, tt := range []struct {
		s    string
		ok   bool
		want pathspecMagic
	}{
		{":!app/settings.py", true, pathspecMagic{exclude: true, rest: "app/settings.py"}},
		{":^x", true, pathspecMagic{exclude: true, rest: "x"}},
		{":/!:x", true, pathspecMagic{top: true, exclude: true, rest: "x"}},
		{":/", true, pathspecMagic{top: true}},
		{":(exclude)a.py", true, pathspecMagic{exclude: true, rest: "a.py"}},
		{":(top,glob)**/*.go", true, pathspecMagic{top: true, wide: true, rest: "**/*.go"}},
		{":(attr:text)x", true, pathspecMagic{wide: true, rest: "x"}},
		{":(literal)a*b", true, pathspecMagic{rest: "a*b"}},
		{":(prefix:2)x", false, pathspecMagic{}},
		{":(exclude", false, pathspecMagic{}},
		{":x", false, pathspecMagic{}},
		{"x", false, pathspecMagic{}},
	} {
		got, ok := gitMagic(tt.s)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("%s: %+v %v, want %+v %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
	for _, tt := range []struct {
		p    string
		wide bool
		want string
	}{{"*.py", false, "."}, {"app/*.py", false, "app"}, {"../*.py", false, ".."}, {"a/b*/c", false, "a"}, {"APP/x", true, "."}} {
		if got := globDir(tt.p, tt.wide); got != tt.want {
			t.Errorf("globDir(%s): %s, want %s", tt.p, got, tt.want)
		}
	}
}
