package realpath

import (
	"os"
	"path/filepath"
	"testing"
)

// evalSymlinksTarget is the resolution this package did before the walk
// (filepath.EvalSymlinks of the cleaned path, or of its directory): the
// baseline BenchmarkTargets is measured against in the same run.
func evalSymlinksTarget(p string) (string, bool) {
	clean := filepath.Clean(p)
	real, err := filepath.EvalSymlinks(clean)
	if err != nil {
		dir, derr := filepath.EvalSymlinks(filepath.Dir(clean))
		if derr != nil {
			return "", false
		}
		real = filepath.Join(dir, filepath.Base(clean))
	}
	return real, real != clean
}

// benchPaths are a hook call's usual paths: an existing source file, a new
// file in an existing directory, one through a link.
func benchPaths(b *testing.B) []string {
	root, err := filepath.EvalSymlinks(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	src := filepath.Join(root, "home", "dev", "src", "widgets", "internal", "parse")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "parse.go"), nil, 0o644)
	os.Symlink(src, filepath.Join(root, "home", "dev", "p"))
	return []string{filepath.Join(src, "parse.go"), filepath.Join(src, "parse_test.go"), filepath.Join(root, "home", "dev", "p", "parse.go")}
}

func BenchmarkTargets(b *testing.B) {
	paths := benchPaths(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Targets(paths[i%len(paths)], "/home/dev")
	}
}

func BenchmarkEvalSymlinksBaseline(b *testing.B) {
	paths := benchPaths(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		evalSymlinksTarget(paths[i%len(paths)])
	}
}
