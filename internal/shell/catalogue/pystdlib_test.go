package catalogue

import (
	"slices"
	"testing"
)

func TestPyStdlib(t *testing.T) {
	if !slices.IsSorted(pyStdlib[:]) {
		t.Fatal("pyStdlib is not sorted: PyStdlib's binary search misses names")
	}
	for name, want := range map[string]bool{"encodings": true, "os": true, "json": true, "__future__": true, "zlib": true,
		"asyncore": true, "src": false, "tests": false, "": false, "zzz": false, "app": false} {
		if got := PyStdlib(name); got != want {
			t.Errorf("PyStdlib(%q) = %v, want %v", name, got, want)
		}
	}
}
