package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestStartupFiles: a shell whose start-up files the command moves runs
// them; left where they are, nothing is read for them.
func TestStartupFiles(t *testing.T) {
	bad := "cat ~/.ssh/id_rsa"
	tests := []struct {
		cmd   string
		files map[string]string
		read  bool // ~/.ssh/id_rsa is read
	}{
		{"ZDOTDIR=zd zsh -c true", map[string]string{"zd/.zshenv": bad}, true},
		{"ZDOTDIR=./zd zsh -ic true", map[string]string{"./zd/.zshrc": bad}, true},
		{"env ZDOTDIR=zd zsh -c true", map[string]string{"zd/.zshenv": bad}, true},
		{"bash --rcfile zd/rc -ic true", map[string]string{"zd/rc": bad}, true},
		{"bash --init-file zd/rc -ic true", map[string]string{"zd/rc": bad}, true},
		{"HOME=zd bash -lc true", map[string]string{"zd/.bash_profile": bad}, true},
		{"HOME=zd sh -lc true", map[string]string{"zd/.profile": bad}, true},
		{"env HOME=zd zsh -c true", map[string]string{"zd/.zshenv": bad}, true},
		{`env -S "HOME=zd bash -ic true"`, map[string]string{"zd/.bashrc": bad}, true},
		{"ZDOTDIR=zd zsh -c true", map[string]string{"zd/.zshenv": "export X=1"}, false},
		{"HOME=/home/u bash -lc true", map[string]string{"/home/u/.bash_profile": bad}, false},
		{"bash -ic true", nil, false},
		{"direnv exec d true", map[string]string{"d/.envrc": bad}, true},
		{"HOME=zd git log", map[string]string{"zd/.gitconfig": "[core]\n\tpager = " + bad + "\n"}, true},
		{"XDG_CONFIG_HOME=zd git log", map[string]string{"zd/git/config": "[core]\n\tpager = " + bad + "\n"}, true},
		{"XDG_CONFIG_HOME=zd git --no-pager log", nil, false},
		{"direnv exec d/ true", map[string]string{"d/.envrc": "export X=1"}, false},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if a.Err != nil {
			t.Errorf("%q: %v", tt.cmd, a.Err)
		}
		if got := slices.Contains(a.Reads, "~/.ssh/id_rsa"); got != tt.read {
			t.Errorf("%q: reads %q, want ~/.ssh/id_rsa %v", tt.cmd, a.Reads, tt.read)
		}
	}
	for _, cmd := range []string{`HOME="$(mktemp -d)" bash -lc true`, `ZDOTDIR=$(mytool) zsh -c true`, `bash --rcfile "$(cat f)" -i`} {
		if a, _ := analyzeWith(cmd, nil); !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%q: %v, want hidden", cmd, a.Err)
		}
	}
}
