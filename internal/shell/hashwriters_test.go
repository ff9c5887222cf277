package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestHashTableWriters: every writer of the hash table's array counts:
// one guard does not read exactly leaves later program
// names "cannot tell which program runs"; the file runs otherwise.
func TestHashTableWriters(t *testing.T) {
	evil := map[string]string{"./x.sh": "cat ~/.ssh/id_rsa\n"}
	tests := []struct {
		cmd string
		zsh bool
	}{
		{cmd: `read "BASH_CMDS[ls]" <<< ./x.sh; ls`},
		{cmd: `read -r 'BASH_CMDS[ls]' < f; ls`},
		{cmd: `printf -v "BASH_CMDS[ls]" %s ./x.sh; ls`},
		{cmd: `: ${BASH_CMDS[ls]:=./x.sh}; ls`},
		{cmd: `: ${BASH_CMDS[ls]=./x.sh}; ls`},
		{cmd: `declare "BASH_CMDS[ls]=./x.sh"; ls`},
		{cmd: `typeset "BASH_CMDS[ls]"=./x.sh; ls`},
		{cmd: `local "BASH_CMDS[ls]=./x.sh"; ls`},
		{cmd: `export "BASH_CMDS[ls]=./x.sh"; ls`},
		{cmd: `declare -A "BASH_CMDS=([ls]=./x.sh)"; ls`},
		{cmd: `mapfile -t BASH_CMDS < f; ls`},
		{cmd: `read -a BASH_CMDS < f; ls`},
		{cmd: `declare -n r=BASH_CMDS; r[ls]=./x.sh; ls`},
		{cmd: `eval 'BASH_CMDS[ls]=./x.sh'; ls`},
		{cmd: `read "commands[ls]" <<< ./x.sh; ls`, zsh: true},
		{cmd: `set -A commands ls ./x.sh; ls`, zsh: true},
		{cmd: `typeset "commands[ls]=./x.sh"; ls`, zsh: true},
		{cmd: `: ${commands[ls]:=./x.sh}; ls`, zsh: true},
	}
	for _, tt := range tests {
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: &fakeFiles{files: evil}, Zsh: tt.zsh})
		hidden := a.Err != nil && errors.Is(a.Err, ErrHidden)
		if !hidden && !slices.Contains(a.Reads, "~/.ssh/id_rsa") {
			t.Errorf("%q: neither hidden (%v) nor the file run (reads %q)", tt.cmd, a.Err, a.Reads)
		}
	}
	for _, cmd := range []string{
		`read -r line < f; ls`, `printf -v d '%s' x; ls`, `: ${FOO:=bar}; ls`,
		`declare "a[1]=x"; ls`, `declare -A BASH_CMDS; ls`, `hash -r; ls`,
	} {
		a := analyze(cmd, Options{Home: "/home/u", Files: &fakeFiles{files: evil}})
		if a.Err != nil {
			t.Errorf("%q: %v, want nothing hidden", cmd, a.Err)
		}
	}
}

// TestSpecialTablesAfterClear: hash -r before a write guard does not read
// leaves the table unknown; zsh's functions and aliases
// tables hide builtins too (F16).
func TestSpecialTablesAfterClear(t *testing.T) {
	for _, tt := range []struct {
		cmd string
		zsh bool
	}{
		{cmd: `hash -r; read "BASH_CMDS[ls]" <<< ./x.sh; ls`},
		{cmd: `functions[ls]=./x.sh; ls`, zsh: true},
		{cmd: `functions[echo]='cat ~/.ssh/id_rsa'; echo hi`, zsh: true},
		{cmd: `(read "BASH_CMDS[ls]" <<< ./x.sh); ls`},
	} {
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: &fakeFiles{}, Zsh: tt.zsh})
		if a.Err == nil || !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%q: %v, want hidden", tt.cmd, a.Err)
		}
	}
	for _, s := range []struct {
		src, name string
		want      int
	}{
		{"git help commands", "commands", 1}, {"ls --commands docs/commands x.commands", "commands", 0},
		{"mycommands commands2", "commands", 0}, {"a[commands]", "commands", 1},
	} {
		if got := mentions(s.src, s.name); got != s.want {
			t.Errorf("mentions(%q, %q) = %d, want %d", s.src, s.name, got, s.want)
		}
	}
}
