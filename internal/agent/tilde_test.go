package agent

import (
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestOwnTilde: a tool's path ~NAME/x naming the user guard runs as is
// ~/x; another user's stays as written, and is not joined to the working
// directory either.
func TestOwnTilde(t *testing.T) {
	opt := Options{Getenv: func(k string) string {
		if k == "USER" {
			return "dev"
		}
		return ""
	}}
	c := &Call{Cwd: "/proj", Inputs: []event.Input{
		{Kind: event.KindRead, Text: "~dev/.ssh/id_rsa"},
		{Kind: event.KindWrite, Text: "~bob/.bashrc"},
		{Kind: event.KindPrompt, Text: "~dev/x"},
	}}
	ResolvePaths(c, opt)
	for i, want := range []string{"~/.ssh/id_rsa", "~bob/.bashrc", "~dev/x"} {
		if got := c.Inputs[i].Text; got != want {
			t.Errorf("input %d: %q, want %q", i, got, want)
		}
	}
}
