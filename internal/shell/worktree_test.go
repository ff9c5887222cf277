package shell

import (
	"strings"
	"testing"
)

func TestGitWholeTree(t *testing.T) {
	tests := []struct {
		sub, args string
		want      bool
	}{
		{"add", "-A", true},
		{"add", "--all", true},
		{"add", ".", true},
		{"add", "-- :/.ssh", true},
		{"add", ":(top)x", true},
		{"add", "src/x.go", false},
		{"add", "-p", false},
		{"stash", "push -u -m wip", true},
		{"stash", "list", false},
		{"commit", "-am x", true},
		{"commit", "-m x", false},
		{"commit", "-m -a", true}, // a message "-a" reads as the flag: fails closed
		{"grep", "--no-index BEGIN", true},
		{"grep", "BEGIN", false},
		{"ls-files", "-o", true},
		{"status", "", false},
	}
	for _, tt := range tests {
		got := gitWholeTree(tt.sub, strings.Fields(tt.args))
		if got != tt.want {
			t.Errorf("gitWholeTree(%q, %q) = %v, want %v", tt.sub, tt.args, got, tt.want)
		}
	}
}
