package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestSetVarThroughNameref: every builtin and syntax form that assigns by
// name (read, printf -v, mapfile, for, ${v:=…}) sets the variable a
// nameref names, and an assignment to an exported variable by any of them
// hands its value to the programs run after it.
func TestSetVarThroughNameref(t *testing.T) {
	tests := []struct {
		cmd     string
		touched bool
	}{
		{`declare -n r=K; read r <<< /home/u/.bashrc; export K; kubectl get pods`, true},
		{`declare -n r=K; printf -v r %s /home/u/.bashrc; export K; kubectl get pods`, true},
		{`declare -n r=K; mapfile -t r <<< /home/u/.bashrc; export K; kubectl get pods`, true},
		{`declare -n r=K; readarray r <<< /home/u/.bashrc; export K; kubectl get pods`, true},
		{`declare -n r=K; while read r; do :; done <<< /home/u/.bashrc; export K; kubectl get pods`, true},
		{`declare -n r; for r in K; do r=/home/u/.bashrc; done; export K; kubectl get pods`, true},
		{`f() { local -n r=$1; read r <<< /home/u/.bashrc; }; f K; export K; kubectl get pods`, true},
		{`declare -n r=s; declare -n s=K; read r <<< /home/u/.bashrc; export K; kubectl get pods`, true},
		{`export K; read K <<< /home/u/.bashrc; kubectl get pods`, true},
		{`export K; printf -v K %s /home/u/.bashrc; kubectl get pods`, true},
		{`set -a; read K <<< /home/u/.bashrc; kubectl get pods`, true},
		{`declare -n r=K; read r <<< /home/u/.bashrc; kubectl get pods`, false},
		{`read K <<< /home/u/.bashrc; kubectl get pods`, false},
		{`declare -n r=K; read r <<< /home/u/.bashrc; export L; kubectl get pods`, false},
	}
	for _, tt := range tests {
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: &fakeFiles{}})
		got := slices.ContainsFunc(a.Touches, func(p string) bool { return p == "/home/u/.bashrc" || p == "~/.bashrc" })
		if got != tt.touched {
			t.Errorf("%q: touches %q, want ~/.bashrc touched = %v", tt.cmd, a.Touches, tt.touched)
		}
	}
}

// TestSetVarUnknownHidden: a value read from input guard cannot see, set
// through a nameref into a variable whose value runs or names code, is
// hidden (cannot tell), as the same read into the variable itself is.
func TestSetVarUnknownHidden(t *testing.T) {
	for _, cmd := range []string{
		`declare -n r=GIT_CONFIG_GLOBAL; IFS= read -r r < n.txt; export GIT_CONFIG_GLOBAL; git config --global a.b c`,
		`declare -n r=PAGER; read r < n.txt; export PAGER; git log`,
		`export GIT_SSH_COMMAND; read GIT_SSH_COMMAND < n.txt; git fetch`,
		`declare -n r=GIT_SSH_COMMAND; export GIT_SSH_COMMAND; printf -v r "$(cat n.txt)"; git fetch`,
	} {
		a := analyze(cmd, Options{Home: "/home/u", Files: &fakeFiles{}})
		if !errors.Is(a.Err, ErrHidden) {
			t.Errorf("%q: err %v, want ErrHidden (a value guard cannot tell)", cmd, a.Err)
		}
	}
	for _, cmd := range []string{
		`while read -r f; do wc -l "$f"; done < list.txt`,
		`for f in a b; do echo "$f"; done`,
		`declare -n r=X; read r < n.txt; echo "$X"`,
	} {
		a := analyze(cmd, Options{Home: "/home/u", Files: &fakeFiles{}})
		if a.Err != nil {
			t.Errorf("%q: err %v, want none", cmd, a.Err)
		}
	}
}
