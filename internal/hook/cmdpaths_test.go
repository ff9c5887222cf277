package hook

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// TestCommandPathsEveryday: the files everyday commands name, checked by the
// default path rules, block none of them (review red 1). Run from a project
// directory, as agents do. The one exception reads a file the Read tool may
// not read either.
func TestCommandPathsEveryday(t *testing.T) {
	sameAsRead := map[string]bool{"cat ~/.ssh/authorized_keys": true}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("../detect/testdata/everyday_commands.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		n++
		c := &agent.Call{Agent: agent.A, Cwd: "/home/dev/proj", Inputs: []event.Input{{Kind: event.KindCommand, Text: l}}}
		paths, err := agent.CommandPaths(c, agent.Options{})
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if len(paths) == 0 {
			continue
		}
		v, err := p.Evaluate(paths)
		if err != nil {
			t.Fatal(err)
		}
		if v.Blocked() != sameAsRead[l] {
			t.Errorf("%q: blocked by its paths = %v (%s), want %v", l, v.Blocked(), v.Finding.Reason, sameAsRead[l])
		}
	}
	if n < 40 {
		t.Fatalf("corpus has %d commands", n)
	}
}
