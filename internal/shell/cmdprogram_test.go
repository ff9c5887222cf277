package shell

import (
	"testing"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// TestCommandProgram: the program of a command line given as words,
// and the program files an interpreter runs (F1).
func TestCommandProgram(t *testing.T) {
	for in, want := range map[string]string{
		"CI=1 node --test":                  "node --test",
		"env CI=1 pytest -q":                "pytest -q",
		"time nice -n 5 pytest":             "pytest",
		"timeout 60 pytest":                 "pytest",
		"nohup env X=1 pytest":              "pytest",
		"uv run --with x pytest":            "pytest",
		"poetry run pytest":                 "pytest",
		"pipenv run pytest":                 "pytest",
		"hatch run pytest":                  "pytest",
		"cross-env CI=1 NODE_ENV=t jest":    "jest",
		"npx jest":                          "jest",
		"bunx vitest run":                   "vitest run",
		"yarn jest":                         "jest",
		"yarn run jest":                     "jest",
		"yarn exec jest":                    "jest",
		"pnpm jest":                         "jest",
		"pnpm exec jest":                    "jest",
		"pnpm dlx jest":                     "jest",
		"npm exec -- jest":                  "jest",
		"npm exec -- node --test":           "node --test",
		"yarn install":                      "yarn install",
		"npm test":                          "npm test",
		"go test ./...":                     "go test ./...",
		"su -c 'x'":                         "",
		"watch pytest":                      "",
		"--opt=1 x":                         "--opt=1 x",
		"env -S 'pytest -q'":                "",
		"sudo -u root env A=1 python3 x.py": "python3 x.py",
	} {
		if got := word.Join(commandProgram(lang.SplitQuoted(in))); got != want {
			t.Errorf("commandProgram(%q) = %q, want %q", in, got, want)
		}
	}
	py, _ := catalogue.InterpreterOf("python3")
	node, _ := catalogue.InterpreterOf("node")
	for _, tc := range []struct {
		in   catalogue.Interp
		args string
		want []int
	}{
		{py, "x.py a", []int{0}},
		{py, "-u x.py", []int{1}},
		{py, "-W ignore x.py", []int{2}},
		{py, "-c 'print(1)' x.py", nil},
		{py, "-Bc x", nil},
		{py, "-m pytest x.py", nil},
		{node, "--test", nil},
		{node, "-r ./hook.js x.js", []int{1, 2}},
		{node, "-- x.js", []int{1}},
		{node, "-e 1", nil},
	} {
		got := programFiles(tc.in, lang.SplitQuoted(tc.args))
		if len(got) != len(tc.want) || len(got) > 0 && (got[0] != tc.want[0] || got[len(got)-1] != tc.want[len(tc.want)-1]) {
			t.Errorf("programFiles(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
