package shell

import (
	"slices"
	"testing"
)

// TestReadRecords checks what read takes from its input, as bash's read
// does: a backslash-newline without -r continues the record.
func TestReadRecords(t *testing.T) {
	for _, c := range []struct {
		text, delim string
		loop, raw   bool
		want        []string
	}{
		{"a\nb\n", "\n", false, false, []string{"a"}},
		{"a\nb\n", "\n", true, false, []string{"a", "b"}},
		{"a\nb", "\n", true, true, []string{"a", "b"}},
		{"", "\n", false, false, []string{""}},
		{"cre\\\ndentials\n", "\n", false, false, []string{"credentials"}},
		{"cre\\\ndentials\n", "\n", false, true, []string{"cre\\"}},
		{"a\\\\\nb\n", "\n", true, false, []string{"a\\\\", "b"}},
		{"a\\\nb\\\nc\nd\n", "\n", true, false, []string{"abc", "d"}},
		{"a\\:b:c", ":", true, false, []string{"a\\:b", "c"}},
		{"a\\\nb:c", ":", false, false, []string{"ab"}},
	} {
		if got := readRecords(c.text, c.delim, c.loop, c.raw); !slices.Equal(got, c.want) {
			t.Errorf("readRecords(%q, %q, %v, %v) = %q, want %q", c.text, c.delim, c.loop, c.raw, got, c.want)
		}
	}
}
