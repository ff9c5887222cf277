package main

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

func TestUnknownFlag(t *testing.T) {
	for _, tc := range []struct {
		msg, want string
		ok        bool
	}{
		{"unknown flag: --jsn", "jsn", true},
		{"unknown flag: --jsn=1", "jsn", true},
		{"unknown shorthand flag: 'j' in -json", "json", true},
		{"unknown shorthand flag: 'r' in -rf", "rf", true},
		{"unknown shorthand flag: 'x' in -x", "", false},
		{"flag needs an argument: --port", "", false},
		{`invalid argument "x" for "-n, --n" flag`, "", false},
	} {
		got, ok := unknownFlag(tc.msg)
		if got != tc.want || ok != tc.ok {
			t.Errorf("unknownFlag(%q) = %q, %v; want %q, %v", tc.msg, got, ok, tc.want, tc.ok)
		}
	}
}

func TestNearFlags(t *testing.T) {
	names := []string{"json", "dry-run", "agent-a", "agent-b", "agent-c", "remove", "settings", "help", "port", "addr"}
	for _, tc := range []struct {
		typed string
		want  []string
	}{
		{"jsn", []string{"json"}},
		{"jsno", []string{"json"}},
		{"JSON", []string{"json"}},
		{"json", []string{"json"}}, // written with one dash
		{"dry", []string{"dry-run"}},
		{"dryrun", []string{"dry-run"}},
		{"agnet-a", []string{"agent-a"}},
		{"agent-d", []string{"agent-a", "agent-b", "agent-c"}},
		{"prot", []string{"port"}},
		{"rf", nil},
		{"xyzzy", nil},
		{"remvoe", []string{"remove"}},
	} {
		if got := nearFlags(tc.typed, names); !slices.Equal(got, tc.want) {
			t.Errorf("nearFlags(%q) = %q, want %q", tc.typed, got, tc.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"json", "json", 0}, {"jsno", "json", 1}, {"jsn", "json", 1},
		{"port", "prot", 1}, {"abc", "", 3}, {"kitten", "sitting", 3},
	} {
		if d := editDistance(tc.a, tc.b); d != tc.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
}

// TestFlagSuggestion: the hint names the flag meant, or the subcommand
// that has it.
func TestFlagSuggestion(t *testing.T) {
	root := newRootCommand(&streams{})
	for _, tc := range []struct {
		args []string
		msg  string
		want string
	}{
		{[]string{"doctor"}, "unknown flag: --jsn", "did you mean --json?"},
		{[]string{"audit"}, "unknown flag: --head", "--head is a flag of 'guard audit verify'"},
		{[]string{"audit"}, "unknown flag: --n", "did you mean -n (--lines)?"},
		{[]string{"serve"}, "unknown flag: --xyzzy", ""},
		{[]string{"serve"}, "flag needs an argument: --port", ""},
	} {
		cmd, _, err := root.Find(tc.args)
		if err != nil {
			t.Fatal(err)
		}
		if got := flagSuggestion(cmd, errors.New(tc.msg)); got != tc.want {
			t.Errorf("%s: %q: hint %q, want %q", strings.Join(tc.args, " "), tc.msg, got, tc.want)
		}
	}
}

// TestEveryReportingCommandTakesJSON: each command that reports something
// has --json. The ones without are listed here, each with why.
func TestEveryReportingCommandTakesJSON(t *testing.T) {
	without := map[string]string{
		"guard hook":  "answers the agent in its own protocol",
		"guard serve": "runs the console until stopped",
	}
	var check func(c *cobra.Command)
	check = func(c *cobra.Command) {
		if c.HasSubCommands() {
			for _, s := range c.Commands() {
				check(s)
			}
			return
		}
		path := c.CommandPath()
		if strings.HasPrefix(path, "guard completion") || without[path] != "" || c.Name() == "help" {
			return
		}
		if c.Flags().Lookup("json") == nil {
			t.Errorf("%s has no --json", path)
		}
	}
	check(newRootCommand(&streams{}))
}

func TestPlainHookArgs(t *testing.T) {
	for _, tc := range []struct {
		args  string
		agent string
		ok    bool
	}{
		{"hook", "", true},
		{"hook --agent a", "a", true},
		{"hook --agent=c", "c", true},
		{"hook --agent=", "", true},
		{"hook --agent", "", false}, // cobra's usage error
		{"hook -h", "", false},
		{"hook --agent a extra", "", false},
		{"hook extra", "", false},
		{"hook --agents a", "", false},
		{"test command ls", "", false},
	} {
		agent, ok := plainHookArgs(strings.Fields(tc.args))
		if agent != tc.agent || ok != tc.ok {
			t.Errorf("plainHookArgs(%q) = %q, %v; want %q, %v", tc.args, agent, ok, tc.agent, tc.ok)
		}
	}
}
