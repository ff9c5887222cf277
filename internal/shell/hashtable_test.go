package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestHashTable: a name the command's hash table maps runs the file it
// maps it to; an entry guard cannot read hides every
// later program name; hash -r, PATH=… and builtins are as in bash.
func TestHashTable(t *testing.T) {
	evil := map[string]string{"./x.sh": "cat ~/.ssh/id_rsa\n", "/p/x.sh": "cat ~/.ssh/id_rsa\n"}
	tests := []struct {
		cmd    string
		zsh    bool
		reads  bool // reads ~/.ssh/id_rsa (the file ran)
		hidden bool
	}{
		{cmd: "hash -p ./x.sh ls; ls", reads: true},
		{cmd: "hash -p x.sh ls; ls", reads: true},
		{cmd: "hash -p/p/x.sh make; make", reads: true},
		{cmd: "hash -rp ./x.sh git; git status", reads: true},
		{cmd: "hash -p ./x.sh a b; b", reads: true},
		{cmd: "BASH_CMDS[ls]=./x.sh; ls", reads: true},
		{cmd: "BASH_CMDS=([git]=./x.sh); git status", reads: true},
		{cmd: "declare -A BASH_CMDS=([python3]=./x.sh); python3 ok.py", reads: true},
		{cmd: "BASH_CMDS+=([ls]=./x.sh); unset BASH_CMDS; ls", hidden: true}, // unset: a mention guard does not read (specials.go)
		{cmd: "hash -p ./x.sh ls; command ls", reads: true},
		{cmd: "if [ -f y ]; then hash -p ./x.sh ls; fi; ls", reads: true},
		{cmd: "(hash -p ./x.sh ls); ls", reads: true},
		{cmd: "commands[ls]=./x.sh; ls", zsh: true, reads: true},
		{cmd: "hash ls=./x.sh; ls", zsh: true, reads: true},
		{cmd: "hash -p ./x.sh ls; hash -r; ls"},
		{cmd: "hash -p ./x.sh ls; hash -d ls; ls"},
		{cmd: "hash -p ./x.sh ls; PATH=/usr/bin:/bin; ls"},
		{cmd: "hash -p ./x.sh echo; echo hi"},
		{cmd: "hash -p ./x.sh f; f() { :; }; f"},
		{cmd: "hash -r; hash; hash -l; hash -t ls; make"},
		{cmd: "declare -A BASH_CMDS; ls"},
		{cmd: "BASH_CMDS[ls]=$(cat f); ls", hidden: true},
		{cmd: "BASH_CMDS[$(cat f)]=./x.sh; git status", hidden: true},
		{cmd: "hash -p $(cat f) ls; ls", hidden: true},
		{cmd: "read -a BASH_CMDS < f; ls", hidden: true},
		{cmd: "BASH_CMDS[ls]=$(cat f); echo hi"},
		{cmd: "BASH_CMDS[ls]=$(cat f); hash -r; ls"},
	}
	for _, tt := range tests {
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: &fakeFiles{files: evil}, Zsh: tt.zsh})
		hidden := a.Err != nil && errors.Is(a.Err, ErrHidden)
		if hidden != tt.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tt.cmd, hidden, a.Err, tt.hidden)
		}
		if got := slices.Contains(a.Reads, "~/.ssh/id_rsa"); got != tt.reads {
			t.Errorf("%q: reads %q, want the file run = %v", tt.cmd, a.Reads, tt.reads)
		}
	}
}
