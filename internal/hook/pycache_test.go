package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/testenv"
)

// compilePy compiles the python source text into the .pyc file at dst
// with python3's py_compile (the header is the source's; python checks it,
// guard does not).
func compilePy(t *testing.T, python, text, dst string) {
	t.Helper()
	src := filepath.Join(t.TempDir(), "src.py")
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	code := "import py_compile,sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)"
	if out, err := exec.Command(python, "-c", code, src, dst).CombinedOutput(); err != nil {
		t.Fatalf("py_compile: %v: %s", err, out)
	}
}

// TestPythonCachedBytecode: python runs a module's
// __pycache__/NAME.TAG.pyc in place of the NAME.py guard reads, a bare
// NAME.pyc where no NAME.py is, and python3 X.pyc: guard reads their
// constants as the source's literals, in both bash.match modes; a project
// with harmless bytecode is not blocked for it.
func TestPythonCachedBytecode(t *testing.T) {
	python := testenv.Need(t, "python3")[0]
	_, proj := scriptWorld(t, map[string]string{
		"m7.py":      "print('hi')\n",
		"m8.py":      "print('hi')\n",
		"helper.py":  "open('~/.guard/rules.json', 'w').write('{}')\n",
		"main.py":    "import m7\n",
		"app.py":     "import util\nprint(util.VALUE)\n",
		"util.py":    "import os, json\nVALUE = os.path.join('data', 'x.json')\n",
		"junk.py":    "print('hi')\n",
		"pkg/a.py":   "print('hi')\n",
		"wrote.py":   "print('hi')\n",
		"blob.b64":   "AAAA\n",
		"notes.txt":  "hello\n",
		"tools/t.py": "print('hi')\n",
	})
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-A7-PYC\\n')\n"
	compilePy(t, python, evil, filepath.Join(proj, "__pycache__", "m7.cpython-311.pyc"))
	compilePy(t, python, evil, filepath.Join(proj, "bare.pyc"))
	compilePy(t, python, evil, filepath.Join(proj, "run.pyc"))
	compilePy(t, python, evil, filepath.Join(proj, "data.bin"))
	compilePy(t, python, evil, filepath.Join(proj, "pkg", "__pycache__", "__init__.cpython-312.pyc"))
	compilePy(t, python, "import helper\nprint(helper)\n", filepath.Join(proj, "__pycache__", "m8.cpython-313.pyc"))
	compilePy(t, python, "import os, json\nVALUE = os.path.join('data', 'x.json')\n", filepath.Join(proj, "__pycache__", "util.cpython-311.pyc"))
	compilePy(t, python, "import util\nprint(util.VALUE)\n", filepath.Join(proj, "__pycache__", "app.cpython-311.pyc"))
	if err := os.WriteFile(filepath.Join(proj, "pkg", "__init__.py"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "__pycache__", "junk.cpython-311.pyc"), []byte("\xa7\x0d\x0d\x0a not bytecode"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(proj, "tools", "__pycache__"), 0o755); err != nil {
		t.Fatal(err)
	}
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct {
			cmd, rule, reason string // rule "" for allowed
		}{
			{"python3 -m m7", "blocked_path", ""},
			{"python3 -c 'import m7'", "blocked_path", ""},
			{"python3 main.py", "blocked_path", ""},
			{"python3 -m m8", "blocked_path", ""},            // the bytecode imports helper.py
			{"python3 -c 'import bare'", "blocked_path", ""}, // bare.pyc, no bare.py
			{"python3 -m bare", "blocked_path", ""},
			{"python3 run.pyc", "blocked_path", ""},
			{"python3 data.bin", "blocked_path", ""},                 // a .pyc by its header
			{"python3 -m pkg.a", "blocked_path", ""},                 // pkg/__init__'s bytecode
			{"python3 -m junk", "unparsable_command", "cannot read"}, // bytecode guard cannot parse
			{"base64 -d < blob.b64 > __pycache__/wrote.cpython-311.pyc && python3 -m wrote", "unparsable_command", "cannot"},
			{"python3 -m app", "", ""},
			{"python3 app.py", "", ""},
			{"python3 -c 'import util'", "", ""},
			{"python3 -m tools.t", "", ""},
			{"python3 notes.txt", "", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		}
	}
}

// TestPycachePrefix: PYTHONPYCACHEPREFIX and -X
// pycache_prefix=DIR move a module's cached bytecode to
// DIR/<the source's absolute directory>/NAME.TAG.pyc; guard reads it
// there, in both bash.match modes, whether the command or the agent's
// environment sets the prefix.
func TestPycachePrefix(t *testing.T) {
	python := testenv.Need(t, "python3")[0]
	_, proj := scriptWorld(t, map[string]string{
		"m.py":     "print('hi')\n",
		"ok.py":    "print('hi')\n",
		"plain.py": "print('hi')\n",
	})
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-A10-PP\\n')\n"
	pp := filepath.Join(filepath.Dir(proj), "pp")
	compilePy(t, python, evil, filepath.Join(pp, proj[1:], "m.cpython-311.pyc"))
	compilePy(t, python, "print('hi')\n", filepath.Join(pp, proj[1:], "ok.cpython-311.pyc"))
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct {
			cmd, rule, reason string // rule "" for allowed
		}{
			{"PYTHONPYCACHEPREFIX=" + pp + " python3 -m m", "blocked_path", ""},
			{"python3 -X pycache_prefix=" + pp + " -m m", "blocked_path", ""},
			{"python3 -Xpycache_prefix=" + pp + " -c 'import m'", "blocked_path", ""},
			{"export PYTHONPYCACHEPREFIX=" + pp + "; python3 -m m", "blocked_path", ""},
			{"PYTHONPYCACHEPREFIX=$(cat x) python3 -m m", "unparsable_command", "pycache prefix"},
			{"PYTHONPYCACHEPREFIX=" + pp + " python3 -m ok", "", ""},
			{"python3 -m m", "", ""}, // no prefix: m.py alone
			{"PYTHONPYCACHEPREFIX=" + pp + " python3 -m plain", "", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		}
		t.Setenv("PYTHONPYCACHEPREFIX", pp)
		checkRule(t, p, proj, "python3 -m m", "blocked_path", "")
		checkRule(t, p, proj, "python3 -m ok", "", "")
		os.Unsetenv("PYTHONPYCACHEPREFIX")
	}
}
