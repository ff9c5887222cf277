package hook

import (
	"strings"
	"testing"
)

// TestLongZshCommand: a command of 2 KiB or more is read as bash and as
// zsh at once (shell.walkBoth), through the call's one file reader. A
// zsh-only form padded past that length blocks as it does alone, and a
// long harmless script that reads the project's files passes (make
// unit-race runs this under the race detector).
func TestLongZshCommand(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"a.py": "print(1)\n", "notes.txt": "hello\n", "run.sh": "echo hi\n", "go.mod": "module m\n"})
	t.Setenv("SHELL", "/bin/zsh")
	p := realPolicy(t, "")
	pad := strings.Repeat("cat notes.txt | grep hello\nsh run.sh\npython3 a.py\nls -la\n", 40) // about 2.4 KiB
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"", false},
		{"x=~/.guard/rules.json; : > $x[1,-1]", true}, // zsh's subscript of a word
		{"cat $HOME[1,-1]/.ssh/id_rsa", true},         // bash reads a path under ~[1,-1]
		{"rm -f ~/.guard/*(.)", true},                 // a glob qualifier
		{"v='~/.bashrc'; echo x >> ${~v}", true},      // ${~v}: the value globbed, ~ expanded
	} {
		for _, cmd := range []string{tc.cmd, pad + tc.cmd} {
			if cmd == "" {
				continue
			}
			label := tc.cmd
			if len(cmd) > len(tc.cmd) {
				label = "2 KiB + " + tc.cmd
			}
			wantBlock(t, p, label, bashPayloadA(proj, cmd, false), tc.block)
		}
	}
}
