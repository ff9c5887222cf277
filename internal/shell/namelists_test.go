package shell

import (
	"slices"
	"testing"
)

// TestNameLists: the names a list file (or standard input) holds are read
// by the program that opens them.
func TestNameLists(t *testing.T) {
	list := map[string]string{"l.txt": "/home/u/.ssh/id_rsa\n", "r.txt": "../.netrc\n"}
	tests := []struct {
		cmd, reads string
		opaque     bool // a tree read the result scan cannot redact
	}{
		{cmd: `cat $(cat l.txt)`, reads: "/home/u/.ssh/id_rsa"},
		{cmd: `cat $(< l.txt)`, reads: "/home/u/.ssh/id_rsa"},
		{cmd: `xargs -a r.txt cat`, reads: "../.netrc"},
		{cmd: `xargs cat < r.txt`, reads: "../.netrc"},
		{cmd: `cat r.txt | xargs cat`, reads: "../.netrc"},
		{cmd: `cpio -o < l.txt`, reads: "/home/u/.ssh/id_rsa"},
		{cmd: `zip - -@ < l.txt`, reads: "/home/u/.ssh/id_rsa"},
		{cmd: `rsync --files-from=l.txt / /tmp/o/`, reads: "/home/u/.ssh/id_rsa"},
		{cmd: `rsync --files-from r.txt src/ /tmp/o/`, reads: "src/../.netrc"},
		{cmd: `wc -c --files0-from=l.txt`, reads: "/home/u/.ssh/id_rsa"},
		{cmd: `git hash-object --stdin-paths < l.txt`, reads: "/home/u/.ssh/id_rsa"},
		{cmd: `tar cf - -T l.txt`, reads: "/home/u/.ssh/id_rsa"},
		{cmd: `foo | xargs cat | base64`, opaque: true},
		{cmd: `foo | xargs base64`, opaque: true},
		{cmd: `foo | zip - -@ | rev`, opaque: true},
		{cmd: `foo | xargs cat`},
		{cmd: `foo | xargs kill | rev`},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, list)
		if a.Err != nil {
			t.Errorf("%q: %v", tt.cmd, a.Err)
		}
		if tt.reads != "" && !slices.Contains(a.Reads, tt.reads) {
			t.Errorf("%q: reads %q, want %q among them", tt.cmd, a.Reads, tt.reads)
		}
		if got := len(a.OpaqueReads) > 0; tt.reads == "" && got != tt.opaque {
			t.Errorf("%q: opaque reads %q, want some: %v", tt.cmd, a.OpaqueReads, tt.opaque)
		}
	}
}
