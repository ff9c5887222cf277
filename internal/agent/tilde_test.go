package agent

import (
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestOwnTilde: a tool's path ~NAME/x naming the user guard runs as is
// ~/x, and so is an account's whose home is the user's; another user's
// stays as written, and is not joined to the working directory either; an
// account guard cannot look up is a name it cannot tell.
func TestOwnTilde(t *testing.T) {
	opt := Options{Getenv: func(k string) string {
		if k == "USER" {
			return "dev"
		}
		return ""
	}, AccountHome: func(name string) (string, bool) {
		switch name {
		case "bob":
			return "/home/bob", true
		case "alias":
			return "~", true
		}
		return "", false
	}}
	c := &Call{Cwd: "/proj", Inputs: []event.Input{
		{Kind: event.KindRead, Text: "~dev/.ssh/id_rsa"},
		{Kind: event.KindWrite, Text: "~bob/.bashrc"},
		{Kind: event.KindPrompt, Text: "~dev/x"},
		{Kind: event.KindRead, Text: "~alias/.ssh/id_rsa"},
		{Kind: event.KindWrite, Text: "~gone/.bashrc"},
	}}
	ResolvePaths(c, opt)
	for i, want := range []string{"~/.ssh/id_rsa", "~bob/.bashrc", "~dev/x", "~/.ssh/id_rsa", "/proj/\x00\x00/.bashrc"} {
		if got := c.Inputs[i].Text; got != want {
			t.Errorf("input %d: %q, want %q", i, got, want)
		}
	}
}
