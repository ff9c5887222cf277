package hook

import "testing"

// TestSedInputCommand: sed's e flag runs the pattern space, so s///e whose
// replacement only prefixes the input line runs a command made of the
// project's file (list.txt holds .env): guard cannot tell it, and blocks
// (FINDINGS42a H1). The script's own command (s/^.*$/CMD/e) is judged; a
// sed that runs nothing over the same file passes. s/.*/CMD/e is not the
// script's own: in a multibyte locale . stops at an invalid byte, and the
// input's rest joins CMD (FINDINGS43a I3).
func TestSedInputCommand(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"list.txt": ".env\n", "a.txt": "TODO x\n"})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`sed 's/^/cat /e' list.txt`, true},
		{`sed 's/^/cat /e' list.txt | rev`, true},
		{`sed -n '1s/^/cat /ep' list.txt`, true},
		{`sed 's/^/cat /e' < list.txt`, true},
		{`cat list.txt | sed 's/^/cat /e'`, true},
		{`sed 'e' list.txt`, true},
		{`sed '1{s/^.*$/cat .env/e;}' a.txt`, true},
		{`sed '1{s/^.*$/date/e;}' a.txt`, false},
		{`sed '1{s/.*/date/e;}' a.txt`, true},
		{`sed 's/^.*/date/e' a.txt`, true},
		{`sed 's/^/cat /' list.txt`, false},
		{`sed -n '1{p;}' list.txt`, false},
	} {
		wantBlock(t, p, tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
	}
}
