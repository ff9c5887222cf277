package catalogue

import (
	"slices"
	"strings"
	"testing"
)

func TestNpmArgv(t *testing.T) {
	tests := []struct {
		line     string
		operands []int
		key, val string
	}{
		{line: "rebuild", operands: []int{0}},
		{line: "--loglevel silent rebuild", operands: []int{2}, key: "loglevel", val: "silent"},
		{line: "--loglev silent rebuild", operands: []int{2}, key: "loglevel", val: "silent"},
		{line: "-s rebuild", operands: []int{1}, key: "loglevel", val: "silent"},
		{line: "--reg http://r rebuild", operands: []int{2}, key: "registry", val: "http://r"},
		{line: "-w a i ./lp", operands: []int{2, 3}, key: "workspace", val: "a"},
		{line: "-gl ls", operands: []int{1}, key: "long", val: "true"},
		{line: "--ignore-scripts false rebuild", operands: []int{2}, key: "ignore-scripts", val: "false"},
		{line: "rebuild --ignore-scripts --no-ignore-scripts", operands: []int{0}, key: "ignore-scripts", val: "false"},
		{line: "rebuild --no-ignore-scripts false", operands: []int{0}, key: "ignore-scripts", val: "true"},
		{line: "--ignore-scripts=false rebuild", operands: []int{1}, key: "ignore-scripts", val: "false"},
		{line: "--frob x rebuild", operands: []int{1, 2}, key: "frob", val: "true"},
		{line: "--frob=x rebuild", operands: []int{1}, key: "frob", val: "x"},
		{line: "--tag --json ls", operands: []int{2}, key: "tag", val: ""},
		{line: "--cache --json ls", operands: []int{2}, key: "cache", val: "--json"},
		{line: "--color always ls", operands: []int{2}, key: "color", val: "always"},
		{line: "--yes null exec", operands: []int{2}, key: "yes", val: "null"},
		{line: "-- ci", operands: []int{1}},
		{line: "--prefix -- ci", operands: []int{2}, key: "prefix", val: ""},
		{line: "run build -- --prod", operands: []int{0, 1, 3}},
	}
	for _, tt := range tests {
		ops, set := NpmArgv(strings.Fields(tt.line))
		if !slices.Equal(ops, tt.operands) {
			t.Errorf("%q: operands %v, want %v", tt.line, ops, tt.operands)
		}
		if tt.key != "" && set[tt.key] != tt.val {
			t.Errorf("%q: %s = %q, want %q", tt.line, tt.key, set[tt.key], tt.val)
		}
	}
}

func TestNpmCommand(t *testing.T) {
	for in, want := range map[string]string{
		"rebuild": "rebuild", "rb": "rebuild", "reb": "rebuild", "installTest": "install-test", "install-tes": "install-test",
		"install-cl": "ci", "cleanInstall": "ci", "i": "install", "insta": "install", "run-script": "run", "rum": "run",
		"ad": "", "iNSTALL": "", "frob": "", "r": "uninstall", "x": "exec",
	} {
		if got := NpmCommand(in); got != want {
			t.Errorf("NpmCommand(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzNpmArgv(f *testing.F) {
	for _, s := range []string{"--loglevel silent rebuild", "-gl ls", "--ignore-scripts false x", "--a=b -- c", "-dd --no-no-x y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		ops, _ := NpmArgv(args)
		last := -1
		for _, j := range ops {
			if j < 0 || j >= len(args) || j < last {
				t.Fatalf("%q: operand index %d out of order or range (%v)", s, j, ops)
			}
			last = j
		}
		_ = NpmCommand(s)
	})
}
