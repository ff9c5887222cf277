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
	} {
		dir, local, ok := localSpec(spec)
		if dir != w.dir || local != w.local || ok != w.ok {
			t.Errorf("localSpec(%q) = %q %v %v, want %q %v %v", spec, dir, local, ok, w.dir, w.local, w.ok)
		}
	}
}
