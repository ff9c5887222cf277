package shell

import (
	"errors"
	"testing"
)

// TestFifoStdin: a FIFO the command made, or a coprocess's pipe, on the
// standard input of a shell that reads its program there is input guard
// cannot tell; a program with a script of its own, or a
// reader of data, passes.
func TestFifoStdin(t *testing.T) {
	files := map[string]string{"c.txt": "cat ~/.ssh/id_rsa\n"}
	tests := []struct {
		cmd    string
		hidden bool
	}{
		{cmd: `mkfifo p; sh < p & cat c.txt > p`, hidden: true},
		{cmd: `mkfifo -m 600 p; bash < p & cat c.txt > p`, hidden: true},
		{cmd: `mkfifo --mode=600 a p; sh < p & cat c.txt > p`, hidden: true},
		{cmd: `mknod p p; sh < p & cat c.txt > p`, hidden: true},
		{cmd: `mkfifo p; sh 3< p <&3 & cat c.txt > p`, hidden: true},
		{cmd: `mkfifo d/p; cd d && sh < p & cat c.txt > d/p`, hidden: true},
		{cmd: `coproc sh; cat c.txt >&${COPROC[1]}`, hidden: true},
		{cmd: `coproc P { sh; }; cat c.txt >&${P[1]}`, hidden: true},
		{cmd: `mkfifo p; cat < p & echo hi > p`},
		{cmd: `mkfifo p; sh x.sh < p & echo hi > p`},
		{cmd: `mknod n c 1 3; sh < n`},
		{cmd: `coproc cat; echo hi >&${COPROC[1]}`},
		{cmd: `sh < p`},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, files)
		if got := a.Err != nil && errors.Is(a.Err, ErrHidden); got != tt.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tt.cmd, got, a.Err, tt.hidden)
		}
	}
}
