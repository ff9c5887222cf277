package pwsh

import (
	"slices"
	"testing"
)

// TestHiddenMatches: an element that starts with a wildcard is given
// again starting with the dot PowerShell lets it match.
func TestHiddenMatches(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"~/[.]ssh/id_rsa", []string{"~/[.]ssh/id_rsa", "~/.ssh/id_rsa"}},
		{"~/?ssh/id_rsa", []string{"~/?ssh/id_rsa", "~/.ssh/id_rsa"}},
		{"~/*/id_rsa", []string{"~/*/id_rsa", "~/.*/id_rsa"}},
		{"~/[.]agent_a/[s]ettings.json", []string{"~/[.]agent_a/[s]ettings.json", "~/.agent_a/[s]ettings.json", "~/[.]agent_a/.ettings.json", "~/.agent_a/.ettings.json"}},
		{"~/.bash[r]c", []string{"~/.bash[r]c"}},
		{"src/**", []string{"src/**"}},
		{"a.txt", []string{"a.txt"}},
		{"[x", []string{"[x", ".x"}},
	} {
		if got := HiddenMatches([]string{tt.in}); !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := dotted("/[a]/[b]/[c]/[d]/[e]"); len(got) != 1<<maxDotted-1 {
		t.Errorf("dotted past the bound: %d variants, want %d", len(got), 1<<maxDotted-1)
	}
}

// FuzzHiddenMatches: any path gives itself first and a bounded number of
// variants of the same number of elements.
func FuzzHiddenMatches(f *testing.F) {
	for _, s := range []string{"~/[.]ssh/id_rsa", "*/?/[", "[]]/[", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got := HiddenMatches([]string{p})
		if len(got) == 0 || got[0] != p || len(got) > 1<<maxDotted {
			t.Fatalf("%q: %q", p, got)
		}
	})
}
