package shell

import "testing"

// TestLocalSpec: npm dependency specs are local code unless they are a
// registry range, an alias of one or a remote repository (F8 of review 35a).
func TestLocalSpec(t *testing.T) {
	type want struct {
		dir       string
		local, ok bool
	}
	for spec, w := range map[string]want{
		"^1.2.3": {"", false, true}, "": {"", false, true}, "latest": {"", false, true}, ">=1 <2 || 3": {"", false, true},
		"*": {"", false, true}, "npm:left-pad@^1": {"", false, true}, "npm:@s/x@1.x": {"", false, true},
		"workspace:*": {"", false, true}, "workspace:^": {"", false, true},
		"https://h.example/x.tgz": {"", false, true}, "git+https://github.com/u/r.git": {"", false, true},
		"git+ssh://git@github.com/u/r.git#v1": {"", false, true}, "github:u/r": {"", false, true}, "u/r#main": {"", false, true},
		"file:d": {"d", true, true}, "link:../d": {"../d", true, true}, "./d": {"./d", true, true}, "lib/a/b": {"lib/a/b", true, true},
		"portal:d": {"d", true, true}, "workspace:packages/a": {"packages/a", true, true},
		"git+file:repo": {"", true, false}, "git+file:///tmp/repo": {"", true, false}, "git+./repo": {"git+./repo", true, true},
		"file:d.tgz": {"", true, false}, "d.tgz": {"", true, false}, "./D.TGZ": {"", true, false}, "~/x": {"", true, false},
		"/abs/d": {"", true, false}, "exec:./gen.js": {"", true, false}, "ssh://h/r": {"", true, false}, "file:///abs": {"", true, false},
		"npm:x@file:d": {"", true, false}, "git+https:///local": {"", true, false}, ".x": {".x", true, true},
		// review 38a F11, FP: a host of this machine is local; jsr: and git@HOST:path remote
		"http://127.0.0.1:8765/x.tgz": {"", true, false}, "git+ssh://git@localhost/r": {"", true, false},
		"git://[::1]/r": {"", true, false}, "https://0x7f.1/x.tgz": {"", true, false}, "https://myhost/x.tgz": {"", true, false},
		"git+ssh://git@127.0.0.1:/tmp/r": {"", true, false}, "https://10.0.0.5/x.tgz": {"", true, false}, "http://h.local/x": {"", true, false},
		"git@127.0.0.1:tmp/r": {"", true, false}, "git@github.com:u/r.git": {"", false, true}, "jsr:@std/path": {"", false, true},
		"jsr:@std/path@^1": {"", false, true}, "git+ssh://git@github.com:u/r.git": {"", false, true}, "https://8.8.8.8/x.tgz": {"", false, true},
	} {
		dir, local, ok := localSpec(spec)
		if dir != w.dir || local != w.local || ok != w.ok {
			t.Errorf("localSpec(%q) = %q %v %v, want %q %v %v", spec, dir, local, ok, w.dir, w.local, w.ok)
		}
	}
}

// TestOperandSpec: a command-line package argument is read as
// npm-package-arg reads it (review 38a F6).
func TestOperandSpec(t *testing.T) {
	for a, w := range map[string]depSpec{
		"left-pad": {"left-pad", ""}, "left-pad@^1": {"left-pad", "^1"}, "@s/x@1": {"@s/x", "1"}, "@s/x": {"@s/x", ""},
		"./lp": {"", "./lp"}, "lp/": {"", "lp/"}, "x.tgz": {"", "x.tgz"}, "lp@file:lp": {"lp", "file:lp"},
		"file:lp": {"", "file:lp"}, ".": {"", "."}, "git@github.com:u/r.git": {"", "git@github.com:u/r.git"},
		"http://127.0.0.1/x.tgz": {"", "http://127.0.0.1/x.tgz"}, "u/r": {"", "u/r"},
	} {
		if got := operandSpec(a); got != w {
			t.Errorf("operandSpec(%q) = %+v, want %+v", a, got, w)
		}
	}
}
