package shell

import (
	"strings"
	"testing"
)

// TestQuoteValues: a $(shell …) value and a value guard cannot tell stay
// one value whatever the shell quoting around them (FINDINGS56c FP-M1).
func TestQuoteValues(t *testing.T) {
	subs := []string{"$( go list -m -f '{{.Version}}' x)"}
	s0 := shellSentinel(0)
	for in, want := range map[string]string{
		"no value":                     "no value",
		"echo " + s0:                   "echo $( go list -m -f '{{.Version}}' x)",
		`echo "` + s0 + `"`:            `echo "$( go list -m -f '{{.Version}}' x)"`,
		"v='" + s0 + "'; echo $v":      `v=''"$( go list -m -f '{{.Version}}' x)"''; echo $v`,
		"echo x >> '${MAKE_F}'":        `echo x >> ''"${MAKE_F}"''`,
		"echo x >> ${MAKE_F}":          "echo x >> ${MAKE_F}",
		`echo "it's ${MAKE_F}"`:        `echo "it's ${MAKE_F}"`,
		"echo $'a${MAKE_F}'":           `echo $'a'"${MAKE_F}"$''`,
		`echo "$(echo 'a') ${MAKE_F}"`: `echo "$(echo 'a') ${MAKE_F}"`,
		`echo '$(' ${MAKE_F}`:          `echo '$(' ${MAKE_F}`,
		"echo " + shellSentinel(7):     "echo ${MAKE_shell}",
		"echo $\x00":                   "echo ${MAKE_shell}",
		`echo \'${MAKE_F}`:             `echo \'${MAKE_F}`,
	} {
		if got := quoteValues(in, subs); got != want {
			t.Errorf("quoteValues(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLiteralCommand: one simple command of literal words, errors to
// /dev/null at most.
func TestLiteralCommand(t *testing.T) {
	for in, want := range map[string]bool{
		"pwd": true, "go env GOPATH": true, "go list -m -f '{{.Version}}' x 2>/dev/null": true, `git "describe" --tags`: true,
		"echo ~": false, "cat *.txt": false, "echo $HOME": false, "a | b": false, "a; b": false, "X=1 a": false,
		"a > f": false, "a 2>&1": false, "echo {a,b}": false, "echo $(x)": false, "": false, "echo 'a": false,
	} {
		if _, _, got := literalCommand(in); got != want {
			t.Errorf("literalCommand(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestMakeFields: a rule's targets split at blanks outside make's calls.
func TestMakeFields(t *testing.T) {
	for in, want := range map[string]string{
		"a b\tc":                       "a|b|c",
		" $(shell cat x.txt)/.bashrc ": "$(shell cat x.txt)/.bashrc",
		"a ${call f, x} $(X)":          "a|${call f, x}|$(X)",
		"":                             "",
	} {
		if got := strings.Join(makeFields(in), "|"); got != want {
			t.Errorf("makeFields(%q) = %q, want %q", in, got, want)
		}
	}
}
