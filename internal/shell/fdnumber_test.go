package shell

import "testing"

// TestFdNumber checks that a redirection's descriptor is read as a number,
// as bash reads it.
func TestFdNumber(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "0": "0", "00": "0", "01": "1", "002": "2", "3": "3", "10": "10", "{fd}": "{fd}",
	} {
		if got := fdNumber(in); got != want {
			t.Errorf("fdNumber(%q) = %q, want %q", in, got, want)
		}
	}
}
