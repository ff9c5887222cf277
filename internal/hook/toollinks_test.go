package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRoutesToolGlobLinks: a tool's glob or directory walked as a tree
// reads what a file link it matches leads to (attack 41a G5): kk ->
// ~/.ssh/id_rsa read by ["kk*"] as by ["kk"]; a glob that does not match
// the link, or a link to a harmless file, still passes.
func TestRoutesToolGlobLinks(t *testing.T) {
	home, proj := routeWorld(t)
	writeFiles(t, home, map[string]string{"notes/todo.md": "x\n", "proj/src/a.ts": "x\n"})
	for name, to := range map[string]string{"kk": "../.ssh/id_rsa", "-k": "../.ssh/id_rsa", "src/deep/ck": "../../../.aws/credentials", "shared.md": "../notes/todo.md"} {
		os.MkdirAll(filepath.Dir(filepath.Join(proj, name)), 0o755)
		if err := os.Symlink(to, filepath.Join(proj, name)); err != nil {
			t.Fatal(err)
		}
	}
	rmf := func(in string, block bool) routeCase { return routeCase{"c", proj, "read_many_files", in, block} }
	cases := []routeCase{
		rmf(`{"paths":["kk*"]}`, true), rmf(`{"paths":["k[k]"]}`, true), rmf(`{"paths":["?k"]}`, true),
		rmf(`{"paths":["-*"]}`, true), rmf(`{"paths":["*"]}`, true), rmf(`{"paths":["**"]}`, true),
		rmf(`{"paths":["**/*"]}`, true), rmf(`{"paths":["src"]}`, true), rmf(`{"paths":["src/**/c?"]}`, true),
		rmf(`{"paths":["**/*.ts"],"include":["c*"]}`, true),
		{"c", proj, "search_file_content", `{"pattern":"x","include":"kk*"}`, true},
		{"c", proj, "search_file_content", `{"pattern":"x","dir_path":"src"}`, true},
		// ordinary globs, and a link to a harmless file, pass
		rmf(`{"paths":["src/**/*.ts"]}`, false), rmf(`{"paths":["*.md"]}`, false),
		rmf(`{"paths":["README"]}`, false),
		{"c", proj, "search_file_content", `{"pattern":"x","include":"*.ts"}`, false},
	}
	for _, a := range []string{"a", "b"} {
		cases = append(cases,
			routeCase{a, proj, "Grep", `{"pattern":"x","glob":"?k"}`, true},
			routeCase{a, proj, "Grep", `{"pattern":"x","glob":"c?"}`, true},
			routeCase{a, proj, "Grep", `{"pattern":"x","glob":"*.ts"}`, false},
			routeCase{a, proj, "Grep", `{"pattern":"x","glob":"*.md"}`, false},
		)
	}
	runRouteCases(t, cases)
}
