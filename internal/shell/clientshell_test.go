package shell

import "testing"

// TestMayRunZsh: only a $SHELL that names bash says the clients run bash;
// zsh, fish, sh, an unset one or another the client does not support may
// mean zsh (FINDINGS59b B5).
func TestMayRunZsh(t *testing.T) {
	for _, tt := range []struct {
		shell string
		want  bool
	}{
		{"/bin/bash", false}, {"/usr/local/bin/bash", false}, {"bash", false}, {"/opt/bin/bash-5.2", false}, {"bash5", false},
		{"/bin/zsh", true}, {"/usr/bin/fish", true}, {"/bin/sh", true}, {"", true}, {"/bin/dash", true},
		{"/usr/bin/nu", true}, {"/bin/bashful", true},
	} {
		if got := MayRunZsh(tt.shell); got != tt.want {
			t.Errorf("MayRunZsh(%q) = %v, want %v", tt.shell, got, tt.want)
		}
	}
}
