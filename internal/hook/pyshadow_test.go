package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestPythonShadowsAndPackages: python -m PKG runs
// PKG/__init__.py (and each parent package's) before it finds there is no
// __main__ or no such module, and a module named like the standard
// library in a directory python searches first (PYTHONPATH, the working
// directory of -c and -m, the script's directory) runs in place of the
// standard one; both in both bash.match modes, while harmless project
// files of those names pass.
func TestPythonShadowsAndPackages(t *testing.T) {
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-15A\\n')\n"
	_, proj := scriptWorld(t, map[string]string{
		"pk2/__init__.py":     evil,
		"pk3/__init__.py":     "x = 1\n",
		"pk3/ok.py":           "print(1)\n",
		"sub/json.py":         evil,
		"sub/run.py":          "import sys\n",
		"okdir/run.py":        "import sys\n",
		"okdir/types.py":      "x = 1\n",
		"bin/encodings/x.txt": "",
	})
	pp := filepath.Join(filepath.Dir(proj), "pp")
	if err := os.MkdirAll(filepath.Join(pp, "encodings"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pp, "encodings", "__init__.py"), []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"python3 -m pk2", "blocked_path"},
			{"python3 -m pk2.missing", "blocked_path"},
			{"PYTHONPATH=" + pp + " python3 -c 1", "blocked_path"},
			{"export PYTHONPATH=" + pp + "; python3 -m json.tool x.json", "blocked_path"},
			{"PYTHONPATH=sub python3 -c 1", "blocked_path"},
			{"python3 sub/run.py", "blocked_path"},
			{"cd sub && python3 -c 'import re'", "blocked_path"},
			{"cd sub && python3 -m json.tool x.json", "blocked_path"},
			{"python3 -m pk3", ""},
			{"python3 -m pk3.ok", ""},
			{"python3 okdir/run.py", ""},
			{"PYTHONPATH=okdir python3 -c 1", ""},
			{"PYTHONPATH=src python3 -m pytest --version", ""},
			{"python3 -c 1", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
