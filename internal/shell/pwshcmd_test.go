package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestPowerShellFromShell: pwsh run from the shell reads its text as
// PowerShell (-Command, -EncodedCommand, -File, standard input).
func TestPowerShellFromShell(t *testing.T) {
	tests := []struct {
		cmd    string
		files  map[string]string
		reads  string
		writes string
		hidden bool
	}{
		{cmd: `pwsh -c 'Add-Content ~/.bashrc x'`, writes: "~/.bashrc"},
		{cmd: `pwsh -NoP -NonI -Command Add-Content ~/.bashrc x`, writes: "~/.bashrc"},
		{cmd: `pwsh -EncodedCommand RwBlAHQALQBDAG8AbgB0AGUAbgB0ACAAfgAvAC4AbgBlAHQAcgBjAA==`, reads: "~/.netrc"},
		{cmd: `pwsh -File x.ps1`, files: map[string]string{"x.ps1": "Get-Content ~/.netrc"}, reads: "~/.netrc"},
		{cmd: `pwsh x.ps1`, files: map[string]string{"x.ps1": "Get-Content ~/.netrc"}, reads: "~/.netrc"},
		{cmd: `pwsh < x.ps1`, files: map[string]string{"x.ps1": "Get-Content ~/.netrc"}, reads: "~/.netrc"},
		{cmd: `pwsh -wd /etc -c 'gc shadow'`, reads: "/etc/shadow"},
		{cmd: `pwsh -enc '%%%'`, hidden: true},
		{cmd: `foo | pwsh`, hidden: true},
		{cmd: `pwsh -c "$(foo)"`, hidden: true},
		{cmd: `pwsh -c 'Get-ChildItem'`},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, tt.files)
		if got := errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		if tt.reads != "" && !slices.Contains(a.Reads, tt.reads) {
			t.Errorf("%q: reads %q, want %q among them", tt.cmd, a.Reads, tt.reads)
		}
		if tt.writes != "" && !slices.Contains(a.Writes, tt.writes) && !slices.Contains(a.Touches, tt.writes) {
			t.Errorf("%q: writes %q touches %q, want %q among them", tt.cmd, a.Writes, a.Touches, tt.writes)
		}
	}
}
