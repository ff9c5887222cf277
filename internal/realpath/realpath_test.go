package realpath

import "testing"

func TestStandardStreams(t *testing.T) {
	for _, p := range []string{"/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/fd/0", "/dev/fd/2", "/proc/self/fd/1", "/proc/thread-self/fd/2", "/dev/./stderr"} {
		if got := Targets(p, "/home/u"); got != nil {
			t.Errorf("Targets(%q) = %q, want nil (a standard stream)", p, got)
		}
	}
	for _, p := range []string{"/dev/fd/3", "/proc/self/fd/3", "/proc/self/fd/2/x", "/proc/1/fd/2"} {
		if standardStream(p) {
			t.Errorf("standardStream(%q) = true, want false", p)
		}
	}
}
