package shell

import "testing"

// TestZshFlagLetters: a parameter expansion's flag letters, without the
// delimited arguments some take.
func TestZshFlagLetters(t *testing.T) {
	tests := []struct{ flags, want string }{
		{"@", "@"},
		{"s:,:", "s"},
		{"@s:@:", "@s"},
		{"j.s.", "j"},
		{"l:5::0:f", "lf"},
		{"l:5:f", "lf"},
		{"o", "o"},
	}
	for _, tt := range tests {
		if got := zshFlagLetters(tt.flags); got != tt.want {
			t.Errorf("zshFlagLetters(%q) = %q, want %q", tt.flags, got, tt.want)
		}
	}
}
