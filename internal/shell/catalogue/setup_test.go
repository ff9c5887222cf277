package catalogue

import "testing"

func TestSetupPrinter(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want bool
	}{
		{"ssh-agent", []string{"-s"}, true},
		{"kubectl", []string{"completion", "bash"}, true},
		{"gh", []string{"completion", "-s", "zsh"}, true},
		{"gh", []string{"-R", "x", "completion"}, false}, // an option value first: not known to be the subcommand
		{"pyenv", []string{"init", "-"}, true},
		{"direnv", []string{"hook", "bash"}, true},
		{"brew", []string{"shellenv"}, true},
		{"fzf", []string{"--bash"}, true},
		{"pyenv", []string{"exec", "x"}, false},
		{"rev", nil, false},
		{"sed", []string{"s/x/y/"}, false},
		{"direnv", []string{"exec", ".", "sh"}, false},
		{"foo", nil, false},
	}
	for _, tt := range tests {
		if got := SetupPrinter(tt.name, tt.args); got != tt.want {
			t.Errorf("SetupPrinter(%q, %q) = %v, want %v", tt.name, tt.args, got, tt.want)
		}
	}
}

func TestSetupProgram(t *testing.T) {
	for p, want := range map[string]bool{
		"kubectl": true, "/opt/homebrew/bin/brew": true, "/usr/local/bin/starship": true,
		"./gen": false, "/tmp/brew": false, "/usr/bin/../../tmp/x": false, "/usr/local/bin/x/y": false,
	} {
		if got := SetupProgram(p); got != want {
			t.Errorf("SetupProgram(%q) = %v, want %v", p, got, want)
		}
	}
}
