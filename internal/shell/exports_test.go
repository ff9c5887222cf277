package shell

import (
	"slices"
	"testing"
)

// inheritFiles is an Options.Files whose environment holds the names in env
// (effect.Inheritor).
type inheritFiles struct {
	fakeFiles
	env string
}

func (f *inheritFiles) Inherits(name string) bool {
	return slices.Contains([]string{"KUBECONFIG", "GIT_TRACE"}, name) && f.env == "set"
}

// TestExportsUnseen: these exports hand a value to the programs run
// after them, so it is touched: a nameref's target, names
// guard cannot list, an assignment to a variable exported before it was
// set or inherited exported; a plain local value is not.
func TestExportsUnseen(t *testing.T) {
	tests := []struct {
		cmd, env string
		touched  bool
	}{
		{`K=/home/u/.bashrc; declare -n r=K; export r; kubectl get pods`, "", true},
		{`K=/home/u/.bashrc; declare -n r=K; declare -x r; kubectl get pods`, "", true},
		{`K=/home/u/.bashrc; export ${!K*}; kubectl get pods`, "", true},
		{`K=/home/u/.bashrc; export $(compgen -v); kubectl get pods`, "", true},
		{`export K; K=/home/u/.bashrc; kubectl get pods`, "", true},
		{`KUBECONFIG=/home/u/.bashrc; kubectl get pods`, "set", true},
		{`declare KUBECONFIG=/home/u/.bashrc; kubectl get pods`, "set", true},
		{`GIT_TRACE=/home/u/.bashrc; GIT_TRACE=/home/u/.profile; git status`, "set", true},
		{`KUBECONFIG=/home/u/.bashrc; kubectl get pods`, "", false},
		{`K=/home/u/.bashrc; declare -n r=K; kubectl get pods`, "", false},
		{`K=/home/u/.bashrc; export L; kubectl get pods`, "", false},
		{`f() { local KUBECONFIG=/home/u/.bashrc; kubectl get pods; }; f`, "set", true}, // bash keeps a local of an exported name exported
	}
	for _, tt := range tests {
		f := &inheritFiles{env: tt.env}
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: f})
		got := slices.ContainsFunc(a.Touches, func(p string) bool { return p == "/home/u/.bashrc" || p == "~/.bashrc" })
		if got != tt.touched {
			t.Errorf("%q (env %q): touches %q, want ~/.bashrc touched = %v", tt.cmd, tt.env, a.Touches, tt.touched)
		}
	}
}
