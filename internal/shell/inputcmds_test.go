package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestInputCommands: a file's lines that become commands (read and eval,
// a descriptor, env -S, awk and perl running their records, parallel -a)
// are read and analysed; what guard cannot read is hidden.
func TestInputCommands(t *testing.T) {
	cmds := map[string]string{"c.txt": "cat ~/.ssh/id_rsa\n"}
	tests := []struct {
		cmd    string
		files  map[string]string
		reads  string // among the reads; "" for none asked
		hidden bool
	}{
		{cmd: `while read l; do eval "$l"; done < c.txt`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `read -r l < c.txt; eval $l`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `mapfile -t a < c.txt; eval "${a[0]}"`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `IFS= read -r l < c.txt; $l`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `exec 3< c.txt; bash <&3`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `exec 3< c.txt; exec 4<&3; sh <&4`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `env -S "$(cat c.txt)"`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `awk '{system($0)}' c.txt`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `perl -ne 'system $_' c.txt`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `perl -ne'system $_' c.txt`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `awk '{system($0)}' < c.txt`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `parallel -a c.txt`, files: cmds, reads: "~/.ssh/id_rsa"},
		{cmd: `read l < x.txt; eval "$l"`, hidden: true},
		{cmd: `foo | while read l; do $l; done`, hidden: true},
		{cmd: `bash <&7`, hidden: true},
		{cmd: `env -S "$(foo)"`, hidden: true},
		{cmd: `foo | perl -ne 'system $_'`, hidden: true},
		{cmd: `read v < c.txt; echo "$v"`, files: cmds},
		{cmd: `"$(go env GOPATH)/bin/x" run`, hidden: true}, // no reader: the place is not resolved (FINDINGS49b G6)
		{cmd: `echo "$(go env GOPATH)/bin/x"`},
		{cmd: `f() { eval "$1"; }; f ls`},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if got := errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		if tt.reads != "" && !slices.Contains(a.Reads, tt.reads) {
			t.Errorf("%q: reads %q, want %q among them", tt.cmd, a.Reads, tt.reads)
		}
	}
}

func TestOpaqueProgram(t *testing.T) {
	tests := []struct {
		prog string
		want bool
	}{
		{"ls", false},
		{"\ue000vl\ue001", true},       // a value read set
		{"\ue000s\ue001", true},        // $(…)
		{"\ue000s\ue001/bin/x", false}, // a directory a command prints
		{"\ue000eEDITOR\ue001", false}, // inherited
		{"\ue000v1\ue001", false},      // a positional parameter
		{"/usr/\ue000vx\ue001", true},  // the name is the value
		{"\ue000", true},               // a piece of a marker
	}
	for _, tt := range tests {
		if got := opaqueProgram(tt.prog); got != tt.want {
			t.Errorf("opaqueProgram(%q) = %v, want %v", tt.prog, got, tt.want)
		}
	}
}
