package lang

import (
	"strings"
	"testing"
)

// TestPythonAll: the submodule names a package's __all__ lists, and the
// forms guard cannot read.
func TestPythonAll(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string
		ok   bool
	}{
		{`__all__ = ["zm"]`, "zm", true},
		{"import os\n__all__ = ('a', \"b\",)\n", "a b", true},
		{"__all__ = [\n  'a',  # first\n  'b',\n]\n", "a b", true},
		{"__all__: list[str] = ['a']", "a", true},
		{"x = 1\n", "", true},
		{"print(__all__)\n", "", false}, // a use: cannot tell
		{"__all__ = [\"y\" \"m\"]\n", "", false},
		{"x = __all__ = [\"ym\"]\n", "", false},
		{"(__all__) = [\"ym\"]\n", "", false},
		{"(\n__all__\n) = [\"ym\"]\n", "", false},
		{"globals()[\"__all__\"] = [\"ym\"]\n", "", false},
		{"globals()[\"__al\" \"l__\"] = [\"ym\"]\n", "", false},
		{"setattr(sys.modules[__name__], '__a' + 'll__', ['ym'])\n", "", false},
		{"__all__ = ['a']\n__all__[0] = 'ym'\n", "", false},
		{"__all__ = ['a']\n__all__ = __all__ + ['ym']\n", "", false},
		{"__all__ = ['a', 'b' 'c']\n", "", false},
		{"  # __all__ lists the API\n__all__ = ['a']\n", "a", true},
		{"x = 1  # __all__\n", "", false},
		{"x = \"\"\"\n# \"\"\"; (__all__) = ['ym']\n", "", false},
		{"my__all__ = 1\n__all__x = 2\n", "", true},
		{"__all__ = (\n  'a',\n  'b'\n)\n", "a b", true},
		{"__all__ = ['a']\nif x:\n    __all__ = ['b']\n", "a b", true},
		{"__all__ = ['a']\n__all__ += ['b']\n", "", false},
		{"__all__ = names()\n", "", false},
		{"__all__ = ['a'] + sub.__all__\n", "", false},
		{"__all__ = ['a']  # noqa\n", "a", true},
		{"__all__.extend(['zm'])\n", "", false},
		{"__all__ = [n for n in dir()]\n", "", false},
		{"__all__ = ['a\\x']\n", "", false},
		{"__all__ = ['a'", "", false},
		{"x=1; __all__ = ['zm']", "zm", true},
	} {
		got, ok := PythonAll(tc.text)
		if ok != tc.ok || ok && strings.Join(got, " ") != tc.want {
			t.Errorf("PythonAll(%q) = %q, %v; want %q, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
}

// FuzzPythonAll: the reader never panics and returns at most its bound.
func FuzzPythonAll(f *testing.F) {
	for _, s := range []string{`__all__ = ["zm"]`, "__all__: x = (\n'a',#c\n)", "__all__ +=", "__all__ = ['"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if names, ok := PythonAll(s); ok && len(names) > maxAllNames {
			t.Fatalf("%d names", len(names))
		}
	})
}
