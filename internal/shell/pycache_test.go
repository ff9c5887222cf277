package shell

import "testing"

// TestCacheOf: the cached files of a module are NAME.TAG.pyc, whatever
// the tag; another module's, or the source, are not.
func TestCacheOf(t *testing.T) {
	for _, tc := range []struct {
		name, stem string
		want       bool
	}{
		{"m7.cpython-311.pyc", "m7", true},
		{"m7.cpython-313.opt-2.pyc", "m7", true},
		{"m7.pypy39.pyc", "m7", true},
		{"__init__.cpython-312.pyc", "__init__", true},
		{"m7.pyc", "m7", false}, // a bare one, not in __pycache__'s form
		{"m7.py", "m7", false},
		{"m77.cpython-311.pyc", "m7", false},
		{"xm7.cpython-311.pyc", "m7", false},
		{"m7.cpython-311.pyc/", "m7", false},
	} {
		if got := cacheOf(tc.name, tc.stem); got != tc.want {
			t.Errorf("cacheOf(%q, %q) = %v", tc.name, tc.stem, got)
		}
	}
}

// TestPycHeader: python3 X runs X as bytecode when its first bytes are a
// .pyc's magic number.
func TestPycHeader(t *testing.T) {
	for in, want := range map[string]bool{
		"\xa7\x0d\x0d\x0a\x00\x00": true,  // 3.11
		"\x9e\x0c\x0d\x0a":         true,  // 3.3
		"\x13\x02\x0d\x0a":         false, // no version's
		"print('hi')\n":            false,
		"\xa7\x0d\x0d":             false,
		"":                         false,
	} {
		if got := pycHeader(in); got != want {
			t.Errorf("pycHeader(%q) = %v", in, got)
		}
	}
}
