package lang

import "testing"

// TestDoctestCode: a doctest file's examples are its code.
func TestDoctestCode(t *testing.T) {
	text := "Notes ~/.bashrc\n\n  >>> import os\n  >>> for x in y:\n  ...     f(x)\n  out\n>>>\n...not code\n"
	want := "import os\nfor x in y:\n    f(x)\n\n"
	if got := DoctestCode(text); got != want {
		t.Errorf("DoctestCode = %q, want %q", got, want)
	}
}
