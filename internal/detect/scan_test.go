package detect_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect"
)

func TestASCIILower(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"ABC xyz", "abc xyz"},
		{"Ärger", "Ärger"}, // only ASCII letters change
		{"\u017fecret", "\u017fecret"},
		{"\xc5Z", "\xc5z"},
	}
	for _, tt := range tests {
		got := detect.ASCIILower(tt.in)
		if got != tt.want || len(got) != len(tt.in) {
			t.Errorf("ASCIILower(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWindowFind(t *testing.T) {
	re := regexp.MustCompile(`(?i)needle-\d+`)
	match := func(w, _ string) int {
		if loc := re.FindStringIndex(w); loc != nil {
			return loc[0]
		}
		return -1
	}
	filler := strings.Repeat("needle hay ", 500)
	for _, w := range []detect.Window{{Before: 16, After: 64}, {Before: 16, After: 64, Line: true}} {
		for _, cut := range []int{0, 1, 15, 16, 17, 63, 64, 65, 1000} {
			text := filler[:cut] + "NEEDLE-42" + filler
			at := w.Find(text, detect.ASCIILower(text), []string{"needle-"}, match)
			if at != cut {
				t.Errorf("%+v cut %d: at %d", w, cut, at)
			}
		}
		if at := w.Find(filler, filler, []string{"needle-"}, match); at != -1 {
			t.Errorf("%+v: found %d in filler", w, at)
		}
	}
	// Line windows stop at line ends.
	text := "needle-\n42"
	if at := (detect.Window{Before: 16, After: 64, Line: true}).Find(text, text, []string{"needle-"}, func(w, _ string) int {
		return strings.Index(w, "42")
	}); at != -1 {
		t.Errorf("line window crossed a line end: %d", at)
	}
}
