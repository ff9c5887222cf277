package hook

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/testenv"
)

// writePyZip writes a zip archive of the members (name, text) to p.
func writePyZip(t *testing.T, p string, members ...string) {
	t.Helper()
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	for i := 0; i+1 < len(members); i += 2 {
		w, err := zw.Create(members[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(members[i+1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestPythonModulePath: python -m MOD looks for MOD on
// PYTHONPATH as import does, and a zip on the module path (PYTHONPATH,
// sys.path.insert, zipimporter) is read; both in both bash.match modes,
// while harmless modules on the path pass.
func TestPythonModulePath(t *testing.T) {
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-A11\\n')\n"
	_, proj := scriptWorld(t, map[string]string{
		"sub/r2.py":   evil,
		"sub/ok.py":   "print('hi')\n",
		"src/tool.py": "print('hi')\n",
	})
	lib := filepath.Join(filepath.Dir(proj), "lib")
	for name, text := range map[string]string{"q2.py": evil, "pk/__init__.py": evil, "pk/mod.py": "x = 1\n", "fine.py": "print(1)\n"} {
		p := filepath.Join(lib, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writePyZip(t, filepath.Join(proj, "lib.zip"), "zm.py", evil)
	writePyZip(t, filepath.Join(proj, "ok.zip"), "okm.py", "print('hi')\n")
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"PYTHONPATH=" + lib + " python3 -m q2", "blocked_path"},
			{"PYTHONPATH=sub python3 -m r2", "blocked_path"},
			{"export PYTHONPATH=" + lib + "; python3 -m q2", "blocked_path"},
			{"PYTHONPATH=" + lib + " python3 -m pk.mod", "blocked_path"},
			{"PYTHONPATH=lib.zip python3 -c 'import zm'", "blocked_path"},
			{"PYTHONPATH=lib.zip python3 -m zm", "blocked_path"},
			{`python3 -c 'import sys; sys.path.insert(0,"lib.zip"); import zm'`, "blocked_path"},
			{`python3 -c 'import zipimport; zipimport.zipimporter("lib.zip").load_module("zm")'`, "blocked_path"},
			{"PYTHONPATH=" + lib + " python3 -m fine", ""},
			{"PYTHONPATH=sub python3 -m ok", ""},
			{"PYTHONPATH=src python3 -m tool", ""},
			{"PYTHONPATH=ok.zip python3 -m okm", ""},
			{"python3 -m http.client", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
	t.Run("python finds them there", func(t *testing.T) {
		py := testenv.Need(t, "python3")[0]
		// where python would load each from: found, not run
		for mod, path := range map[string]string{"q2": lib, "zm": filepath.Join(proj, "lib.zip")} {
			cmd := exec.Command(py, "-c", "import importlib.util,sys; print(importlib.util.find_spec(sys.argv[1]).origin)", mod)
			cmd.Dir, cmd.Env = proj, append(os.Environ(), "PYTHONPATH="+path)
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), path) {
				t.Errorf("python finds %s at %q (%v), want under %s", mod, out, err, path)
			}
		}
	})
}
