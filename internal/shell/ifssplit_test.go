package shell

import (
	"slices"
	"testing"
)

// TestReadFields checks read's field split against what bash 5.2's read
// assigns (each case checked with the real shell): IFS white space is
// trimmed and collapsed, each other IFS character delimits one field.
func TestReadFields(t *testing.T) {
	for _, c := range []struct {
		ifs, line string
		n         int
		raw       bool
		want      []string
	}{
		{"/", "/tmp/x/y", -1, true, []string{"", "tmp", "x", "y"}},
		{":", "a::b", -1, true, []string{"a", "", "b"}},
		{":", "a:", -1, true, []string{"a"}},
		{":", "::", -1, true, []string{"", ""}},
		{": ", "a :: b", 3, true, []string{"a", "", "b"}},
		{": ", " a : b ", -1, true, []string{"a", "b"}},
		{":", "x:y:", 2, true, []string{"x", "y"}},
		{":", "x:y::", 2, true, []string{"x", "y::"}},
		{":", ":a", 1, true, []string{":a"}},
		{":", "a\\:b:c", -1, false, []string{"a:b", "c"}},
		{":", "a\\:b:c", -1, true, []string{"a\\", "b", "c"}},
		{" \t\n", "  a b  c ", 2, true, []string{"a", "b  c"}},
		{"", " a:b ", 1, true, []string{" a:b "}},
		{",", ",a,,b,", -1, true, []string{"", "a", "", "b"}},
	} {
		if got := readFields(c.line, c.ifs, c.n, c.raw); !slices.Equal(got, c.want) {
			t.Errorf("readFields(%q, %q, %d, %v) = %q, want %q", c.line, c.ifs, c.n, c.raw, got, c.want)
		}
	}
}
