package catalogue

import (
	"strings"
	"testing"
)

func TestXargsCommand(t *testing.T) {
	for _, tc := range []struct {
		args string
		at   int
		ok   bool
	}{
		{"wc -l", 0, true},
		{"-r -n 20 wc -l", 3, true},
		{"-rn20 wc", 1, true},
		{"-0rn 20 wc", 2, true},
		{"--max-args=2 wc", 1, true},
		{"--max-args 2 wc", 2, true},
		{"-I{} cat {}", 1, true},
		{"-i cat {}", 1, true},
		{"-- -x", 1, true},
		{"-r", 1, true},
		{"--frob wc", 0, false},
		{"-q wc", 0, false},
		{"--null=x wc", 0, false},
	} {
		at, ok := XargsCommand(strings.Fields(tc.args))
		if at != tc.at || ok != tc.ok {
			t.Errorf("XargsCommand(%s) = %d, %v; want %d, %v", tc.args, at, ok, tc.at, tc.ok)
		}
	}
}
