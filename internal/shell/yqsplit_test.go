package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestYqSplit: yq -s EXPR writes each result into the file EXPR names,
// with the output format's extension when the name has none; a name
// guard cannot evaluate is one it cannot tell (FINDINGS60a A14).
func TestYqSplit(t *testing.T) {
	for _, tt := range []struct {
		cmd    string
		writes []string
		hidden bool
	}{
		{cmd: `yq -oj -s '"/h/.gua" + "rd/rules"' p.yaml`, writes: []string{"/h/.guard/rules.json"}},
		{cmd: `yq -o=props --split-exp='"/h/x"' p.yaml`, writes: []string{"/h/x.properties"}},
		{cmd: `yq -Ps'"/h/.bash" + "rc"' p.yaml`, writes: []string{"/h/.bashrc"}},
		{cmd: `yq -s '"out/p_" + $index' p.yaml`, writes: []string{"out/p_0.yml", "out/p_0.json", "out/p_0.properties"}},
		{cmd: `yq -jPs '"a"' p.yaml`, writes: []string{"a.json"}},
		{cmd: `yq -s '"~/.bashrc"' p.yaml`, writes: []string{"./~/.bashrc"}},
		{cmd: `yq --split-exp-file e.txt p.yaml`, writes: []string{"/h/.guard/rules.yml"}},
	} {
		a, _ := analyzeWith(tt.cmd, map[string]string{"e.txt": `"/h/.guard/rules"`})
		if got := a.Err != nil && errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
		for _, w := range tt.writes {
			if !slices.Contains(a.Writes, w) {
				t.Errorf("%q: writes %q, want %q among them", tt.cmd, a.Writes, w)
			}
		}
	}
}
