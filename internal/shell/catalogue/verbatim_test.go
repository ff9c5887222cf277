package catalogue

import (
	"slices"
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

func TestOperands(t *testing.T) {
	for _, tt := range []struct {
		name, args string
		want       []int
	}{
		{"head", "-n 4 f", []int{2}},
		{"head", "-n4 f g", []int{1, 2}},
		{"tail", "--lines 3 f", []int{2}},
		{"tail", "--lines=3 f", []int{1}},
		{"grep", "-e x -n f", []int{3}},
		{"cat", "-- -n", []int{1}},
	} {
		if got := Operands(tt.name, strings.Fields(tt.args)); !slices.Equal(got, tt.want) {
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
		for _, i := range Operands(name, strings.Fields(args)) {
			if i < 0 || i >= len(strings.Fields(args)) {
				t.Fatalf("index %d out of %q", i, args)
			}
		}
	})
}
