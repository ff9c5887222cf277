package effect

import (
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

func TestProcLink(t *testing.T) {
	unknown := UnknownLink
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"/proc/self/cwd", "$PWD", true},
		{"/proc/self/cwd/../.bashrc", "$PWD/../.bashrc", true},
		{"/proc/thread-self/cwd/x", "$PWD/x", true},
		{"/proc/self/task/12/cwd/x", "$PWD/x", true},
		{"/proc/self/root", "/", true},
		{"/proc/self/root/etc/passwd", "/etc/passwd", true},
		// A literal pid's links stay as written: the hook follows them on
		// disk.
		{"/proc/1/cwd/../x", "", false},
		{"/proc/1/root/x", "", false},
		{"/proc/123/fd/3", "", false},
		{"/proc/123/map_files/7f-80", "", false},
		{"/proc/" + word.Mark(word.MarkVar, "$") + "/fd/3", unknown, true}, // /proc/$$/fd/3
		{"/proc/" + word.Mark(word.MarkVar, "$") + "/status", "", false},
		{"/proc/" + word.Mark(word.MarkVar, "$") + "/task/1/fd/3", unknown, true},
		{"/proc/1/task/1/cwd/x", "", false},
		{"/proc/self/exe", unknown, true},
		{"/proc/self/fd/3/x", unknown + "/x", true},
		{"/proc/self/fd/1", "", false},
		{"/proc/self/fd/1/x", unknown + "/x", true},
		{"/proc/self/fd", "", false},
		{"/dev/fd/3", unknown, true},
		{"/dev/fd/3/../.bashrc", unknown + "/../.bashrc", true},
		{"/dev/fd/2", "", false},
		{"/dev/null", "", false},
		{"/proc/cpuinfo", "", false},
		{"/proc/sys/kernel/x", "", false},
		{"/proc/self/status", "", false},
		{"/proc/selfish/cwd", "", false},
		{"proc/self/cwd", "", false},
	} {
		got, ok := ProcLink(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ProcLink(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func FuzzProcLink(f *testing.F) {
	for _, s := range []string{"/proc/self/cwd/..", "/dev/fd/3/x", "/proc/1/root", "/proc/self/task/1/cwd"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := ProcLink(s)
		if !ok && got != "" {
			t.Fatalf("ProcLink(%q) = %q without ok", s, got)
		}
		if ok && len(got) > len(s)+len(UnknownLink) {
			t.Fatalf("ProcLink(%q) = %q grows", s, got)
		}
	})
}
