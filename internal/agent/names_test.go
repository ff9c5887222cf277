package agent

import "testing"

// TestToolNamesKnown holds toolNames to the tools the handlers know.
func TestToolNamesKnown(t *testing.T) {
	for _, n := range toolNames {
		_, ab := toolAB(n)
		_, c := toolC(n)
		if !ab && !c {
			t.Errorf("%q: no handler knows it", n)
		}
	}
	for _, n := range KnownNames() {
		if !KnownName(n) {
			t.Errorf("KnownName(%q) = false", n)
		}
	}
	if KnownName("mcp__github__create_issue") || KnownName("") {
		t.Error("KnownName knows a name of no agent's")
	}
}
