package policy

import "testing"

func TestPatternMeets(t *testing.T) {
	for _, tc := range []struct {
		name, glob string
		want       bool
	}{
		{"*.py", "**/site-packages/sitecustomize.py", true},
		{"*.PY", "**/site-packages/sitecustomize.py", true},
		{"*.go", "**/site-packages/sitecustomize.py", false},
		{"settings.json", "**/.agent_a/settings.json", false}, // a plain name spells the file
		{"*x*", "**/.idea/runConfigurations/*.xml", false},    // two patterns: the rules decide
	} {
		if got := patternMeets(tc.name, tc.glob); got != tc.want {
			t.Errorf("patternMeets(%q, %q) = %v, want %v", tc.name, tc.glob, got, tc.want)
		}
	}
}
