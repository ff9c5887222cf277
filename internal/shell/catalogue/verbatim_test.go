package catalogue

import (
	"strings"
	"testing"
)

func TestReshapes(t *testing.T) {
	for _, tt := range []struct {
		name, args string
		want       bool
	}{
		{"grep", "-rhoE .{1,8} .", true},
		{"grep", "-r -o -E x .", true},
		{"grep", "--only-matching x f", true},
		{"grep", "-z x f", true},
		{"grep", "-e -o f", false}, // -o is -e's pattern
		{"grep", "-rnw TOKEN .", false},
		{"grep", "-A 3 -o x", true},
		{"grep", "-- -o f", false},
		{"rg", "--hidden -o x .", true},
		{"rg", "(.) -r $1 .", true},
		{"rg", "--replace=$1 (.) .", true},
		{"rg", "-n --hidden x .", false},
		{"head", "-c 20 f", true},
		{"head", "-n 20 f", false},
		{"tail", "--bytes=+21 f", true},
		{"tail", "-n 3 f", false},
		{"cat", "-A f", false},
	} {
		if got := Reshapes(tt.name, strings.Fields(tt.args)); got != tt.want {
			t.Errorf("%s %s: %v, want %v", tt.name, tt.args, got, tt.want)
		}
	}
}

func FuzzReshapes(f *testing.F) {
	f.Add("grep", "-rhoE .{1,8} .")
	f.Add("rg", "-r")
	f.Add("head", "-")
	f.Fuzz(func(t *testing.T, name, args string) {
		_ = Reshapes(name, strings.Fields(args))
	})
}
