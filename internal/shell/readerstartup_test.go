package shell

import (
	"errors"
	"testing"
)

// TestGitPagerHome: git's pager, less unless a configuration names
// another, with HOME moved loads the lesskey there; a moved home's
// configuration may make any subcommand page (FINDINGS50a F6).
func TestGitPagerHome(t *testing.T) {
	tests := []struct {
		cmd    string
		files  map[string]string
		hidden bool
	}{
		{"HOME=zd git status", map[string]string{"zd/.gitconfig": "[pager]\n\tstatus = true\n"}, true},
		{"HOME=zd git status", nil, false},
		{"HOME=zd git log", map[string]string{"zd/.gitconfig": "[core]\n\tpager = less -R\n"}, true},
		{"HOME=zd git log", map[string]string{"zd/.gitconfig": "[core]\n\tpager = cat\n"}, false},
		{"HOME=zd git log > l.txt", nil, false},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if got := errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q with %v: hidden %v (%v), want %v", tt.cmd, tt.files, got, a.Err, tt.hidden)
		}
	}
}
