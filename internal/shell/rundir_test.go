package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestTarRunningDir: each tar -C is relative to the one before, on the
// command line and as a -C line of a -T list (FINDINGS59b B9).
func TestTarRunningDir(t *testing.T) {
	for _, tc := range []struct {
		cmd, want string
		write     bool
	}{
		{`tar -C sub -C ../../.ssh -xf k.tar`, "sub/../../.ssh", true},
		{`tar -xf k.tar -C sub -C ../../.guard`, "sub/../../.guard", true},
		{`tar -C sub -C /srv -xf k.tar`, "/srv", true},
		{`tar -C sub -cf - -C ../../.aws credentials`, "sub/../../.aws/credentials", false},
		{`tar -C sub -C ../../.aws -cf - credentials`, "sub/../../.aws/credentials", false},
	} {
		a := Analyze(tc.cmd, Options{})
		got := a.Reads
		if tc.write {
			got = a.Writes
		}
		if !slices.ContainsFunc(got, func(p string) bool { return strings.HasPrefix(p, tc.want) }) {
			t.Errorf("%s: want %s among %q", tc.cmd, tc.want, got)
		}
	}
}
