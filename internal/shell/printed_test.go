package shell

import (
	"slices"
	"testing"
)

// TestPrintedDirs: a path a program prints, used as the directory of a
// longer path, is each path it may print followed by the tail.
func TestPrintedDirs(t *testing.T) {
	tests := []struct {
		cmd   string
		reads []string // among the reads
		not   []string
	}{
		{cmd: "cat $(find ~ -maxdepth 1 -name .ssh)/id_rsa", reads: []string{"~/.ssh/id_rsa", "~/**/id_rsa"}},
		{cmd: "d=$(find ~ -maxdepth 1 -name .ssh); cat $d/id_rsa", reads: []string{"~/.ssh/id_rsa"}},
		{cmd: "for d in $(find ~ -name '.ss*'); do cat $d/id_rsa; done", reads: []string{"~/.ss*/id_rsa"}},
		{cmd: "cat $(find ~ -maxdepth 1 -type d)/id_rsa", reads: []string{"~/**/id_rsa"}},
		{cmd: "cat $(compgen -G ~/.ss?)/id_rsa", reads: []string{"~/.ss?/id_rsa"}},
		{cmd: "cat $(compgen -f ~/.ss)/id_rsa", reads: []string{"~/.ss*/id_rsa"}},
		{cmd: "cat $(locate id_rsa)", reads: []string{"/**/*id_rsa*"}},
		{cmd: "cat $(find . -type d -name cmd)/main.go", reads: []string{"./cmd/main.go", "./**/main.go"}, not: []string{"~/**/main.go"}},
		{cmd: "cat $(compgen -A function)", not: []string{"*"}},
		{cmd: "find ~ -maxdepth 1 -name .ssh | while read d; do cat $d/id_rsa; done", reads: []string{"~/.ssh/id_rsa"}},
		{cmd: "find ~ -name id_rsa | while read f; do cat \"$f\"; done", reads: []string{"~/**/id_rsa"}},
	}
	for _, tc := range tests {
		a := analyze(tc.cmd, Options{Home: "/home/u", Files: &fakeFiles{}})
		for _, r := range tc.reads {
			if !slices.Contains(a.Reads, r) {
				t.Errorf("%q: reads %q, want %q among them", tc.cmd, a.Reads, r)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(a.Reads, n) {
				t.Errorf("%q: reads %q, want no %q", tc.cmd, a.Reads, n)
			}
		}
	}
}
