package hookstart

import (
	"os"
	"testing"
)

func TestIsHookCall(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"hook"}, true},
		{[]string{"hook", "--agent", "a"}, true},
		{[]string{"serve"}, false},
		{[]string{"--version"}, false},
		{[]string{"audit", "hook"}, false},
	}
	for _, tt := range tests {
		if got := IsHookCall(tt.args); got != tt.want {
			t.Errorf("IsHookCall(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

func TestRestore(t *testing.T) {
	t.Setenv("PATH", "")
	saved.hidden, saved.set, saved.value = true, true, "/usr/bin:/bin"
	Restore()
	if got := os.Getenv("PATH"); got != "/usr/bin:/bin" {
		t.Errorf("PATH after Restore = %q, want /usr/bin:/bin", got)
	}
	os.Setenv("PATH", "/x")
	Restore() // a second call changes nothing
	if got := os.Getenv("PATH"); got != "/x" {
		t.Errorf("PATH after a second Restore = %q, want /x", got)
	}
}
