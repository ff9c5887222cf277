package catalogue

import (
	"strings"
	"testing"
)

// TestZipEnd: a zip is found by its end record, whatever precedes it.
func TestZipEnd(t *testing.T) {
	eocd := "PK\x05\x06" + strings.Repeat("\x00", 18)
	for _, tc := range []struct {
		data string
		want bool
	}{
		{"JUNK" + eocd, true},
		{eocd, true},
		{"PK\x05\x06", false}, // cut short
		{"plain text", false},
		{eocd + strings.Repeat("x", 70<<10), false}, // too far from the end
	} {
		if got := ZipEnd([]byte(tc.data)); got != tc.want {
			t.Errorf("ZipEnd(%d bytes) = %v, want %v", len(tc.data), got, tc.want)
		}
	}
}
