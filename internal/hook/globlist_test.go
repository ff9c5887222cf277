package hook

import (
	"path/filepath"
	"testing"
)

// TestGlobPatternLists: a glob tool's pattern lists the names in its
// literal directory part (up to its first wildcard, from the tool's path
// or the call's directory): that directory is read as ls reads it, for
// every agent; patterns inside the project pass.
func TestGlobPatternLists(t *testing.T) {
	home, proj := routeWorld(t)
	ssh := filepath.Join(home, ".ssh")
	var cases []routeCase
	for _, ag := range []string{"a", "b", "c"} {
		tool := map[string]string{"a": "Glob", "b": "Glob", "c": "glob"}[ag]
		field := "pattern"
		if ag == "b" {
			field = "glob_pattern"
		}
		in := func(p string) string { return `{"` + field + `":"` + p + `"}` }
		cases = append(cases,
			routeCase{ag, proj, tool, in("../.ssh/*"), true},
			routeCase{ag, proj, tool, in(ssh + "/*"), true},
			routeCase{ag, proj, tool, in("~/.ssh/**"), true},
			routeCase{ag, proj, tool, in("../.ssh/id_rsa"), true},
			routeCase{ag, proj, tool, in("{src,../.ssh}/*"), true},
			routeCase{ag, proj, tool, in(`..\\/.ssh/*`), true},
			routeCase{ag, home, tool, in(".ssh/*"), true},
			routeCase{ag, proj, tool, in("../.ss[h]/*"), true}, // a wildcard in the directory part
			routeCase{ag, proj, tool, in("../.s*/*"), true},
			routeCase{ag, proj, tool, in("../.a*/**"), true},
			routeCase{ag, proj, tool, in("../**/id_rsa"), true},
			routeCase{ag, proj, tool, in("src/*/*.go"), false},
			routeCase{ag, proj, tool, in("**/*.go"), false},
			routeCase{ag, proj, tool, in("src/**/*.go"), false},
			routeCase{ag, proj, tool, in("*.md"), false},
		)
	}
	cases = append(cases,
		routeCase{"a", proj, "Glob", `{"pattern":".ssh/*","path":".."}`, true},
		routeCase{"c", proj, "glob", `{"pattern":".ssh/*","dir_path":".."}`, true},
		routeCase{"a", proj, "Glob", `{"pattern":"**/id_rsa","path":".."}`, true},
		routeCase{"c", proj, "glob", `{"pattern":".s*/*","dir_path":".."}`, true},
		routeCase{"b", proj, "Glob", `{"glob_pattern":"*.go","target_directory":"src"}`, false},
	)
	runRouteCases(t, cases)
}
