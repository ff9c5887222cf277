package shell

import (
	"slices"
	"testing"
)

func TestTarToStdout(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{[]string{"cf", "-", "."}, true},
		{[]string{"-cf", "-", "."}, true},
		{[]string{"-czf", "a.tgz", "."}, false},
		{[]string{"czf", "src.tgz", "src"}, false},
		{[]string{"-c", "."}, true},
		{[]string{"-c", "--file=-", "."}, true},
		{[]string{"-c", "--file=a.tar", "."}, false},
		{[]string{"-c", "-f", "a.tar", "."}, false},
		{[]string{"-c", "-f-", "."}, true},
	} {
		if got := tarToStdout(tt.args); got != tt.want {
			t.Errorf("tar %v: %v, want %v", tt.args, got, tt.want)
		}
	}
}

// TestOpaqueReads: a recursive read is opaque when its reader encodes or
// a later stage is not a pass-through.
func TestOpaqueReads(t *testing.T) {
	for _, tt := range []struct {
		cmd    string
		opaque bool
	}{
		{"grep -r . . | rev", true},
		{"grep -rn x . | sort | uniq -c | head", false},
		{"grep -rn x .", false},
		{"tar -cf - . | xxd -p", true},
		{"tar -cf - .", true},
		{"tar czf src.tgz .", false},
		{"zip -r - . | base64", true},
		{"find . -type f -exec xxd {} +", true},
		{"find . -type f -exec cat {} + | head", false},
		{"find . -type f -exec cat {} + | rev", true},
		{"git grep -h . | rev", true},
		{"git grep -h .", false},
		{"cat x | grep -r y .", false},
	} {
		a := Analyze(tt.cmd, Options{Home: "/home/u"})
		if got := slices.Contains(a.OpaqueReads, "./**"); got != tt.opaque {
			t.Errorf("%s: opaque %v, want %v (reads %q, opaque %q)", tt.cmd, got, tt.opaque, a.Reads, a.OpaqueReads)
		}
	}
}
