package lang

import "testing"

// TestClosing: the bracket that closes the one a text starts with, for
// make's $( ) and ${ }; Balanced reads ( ) as before.
func TestClosing(t *testing.T) {
	for s, want := range map[string]int{
		"(a)": 2, "(a (b) c)x": 8, "{a {b} c}": 8, "{a ( }": 5, "(a {)": 4, "(a": -1, "x(a)": -1, "": -1,
	} {
		if got := Closing(s); got != want {
			t.Errorf("Closing(%q) = %d, want %d", s, got, want)
		}
	}
	if got, ok := Balanced("(a (b))c"); !ok || got != "a (b)" {
		t.Errorf("Balanced = %q, %v", got, ok)
	}
}
