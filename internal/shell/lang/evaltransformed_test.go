package lang

import "testing"

// TestEvaluatesTransformed: a file's text changed between the read and
// exec/eval/compile is computed code; exactly the read is the file's
// (FINDINGS58a A11).
func TestEvaluatesTransformed(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{`exec(open("r.txt").read()[::-1])`, true},
		{`import base64; exec(base64.b64decode(open("b64.txt").read()))`, true},
		{`exec(open("r.txt").read().replace("a","b"))`, true},
		{`exec(compile(open("x.py").read()[1:], "x", "exec"))`, true},
		{`exec(open("x.py").read())`, false},
		{`exec(open('x.py', 'r').read())`, false},
		{`from pathlib import Path; exec(Path("x.py").read_text())`, false},
		{`exec(compile(open("x.py").read(), "x.py", "exec"))`, false},
		{`print(open("x").read()[::-1])`, false},
		{`re.compile(f.read())`, false},
		{`import sys; exec(sys.stdin.read())`, false},
	} {
		if got := EvaluatesTransformed(tc.code); got != tc.want {
			t.Errorf("EvaluatesTransformed(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}
