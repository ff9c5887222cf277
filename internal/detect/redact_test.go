package detect

import "testing"

func TestRedact(t *testing.T) {
	tests := []struct {
		text string
		ms   []Match
		want string
	}{
		{"abc", nil, "abc"},
		{"key=SECRET rest", []Match{{"r", 4, 10}}, "key=[REDACTED:r] rest"},
		{"aaXXbbYY", []Match{{"x", 2, 4}, {"y", 6, 8}}, "aa[REDACTED:x]bb[REDACTED:y]"},
		{"0123456789", []Match{{"a", 1, 5}, {"b", 3, 8}}, "0[REDACTED:a]89"},  // overlap merged
		{"0123456789", []Match{{"a", 1, 5}, {"b", 5, 7}}, "0[REDACTED:a]789"}, // touching merged
		{"0123456789", []Match{{"a", 1, 9}, {"b", 2, 3}}, "0[REDACTED:a]9"},   // inside
		{"short", []Match{{"a", 3, 99}}, "sho[REDACTED:a]"},                   // clipped
	}
	for _, tt := range tests {
		ms := append([]Match(nil), tt.ms...)
		SortMatches(ms)
		if got := Redact(tt.text, ms); got != tt.want {
			t.Errorf("Redact(%q, %v) = %q, want %q", tt.text, tt.ms, got, tt.want)
		}
	}
}
