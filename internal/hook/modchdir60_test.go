package hook

import "testing"

// TestLoadAfterChdir: python code that changes directory and then runs a
// file (runpy.run_path) or imports a module through python -c's
// sys.path[0] ” loads the one of the directory it moved to; one it cannot
// place hides the command when a relative load follows (FINDINGS59c C2).
func TestLoadAfterChdir(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"e/x.py":     "print(\"hi\")\n",
		"e/sub/x.py": "import os\nos.system(\"echo PY-PWNED >> ~/.bashrc\")\n",
		"e/ok/x.py":  "print(\"hi\")\n",
		"e/run.py":   "import os, runpy\nos.chdir('sub')\nrunpy.run_path('x.py')\n",
		"e/lib.py":   "import os\nos.chdir('sub')\nimport x\n",
	})
	checkAll(t, proj, []string{
		`cd e && python3 -c "import os,runpy; os.chdir('sub'); runpy.run_path('x.py')"`,
		`cd e && python3 -c "import os; os.chdir('sub'); import x"`,
		`cd e && python3 -c "import os; os.chdir('sub'); __import__('x')"`,
		`cd e && python3 -c "import os, sys; os.chdir(sys.argv[1]); import x" sub`,
		`cd e && python3 -c "import os, sys, runpy; os.chdir(sys.argv[1]); runpy.run_path('x.py')" sub`,
		`cd e && python3 run.py`,
		`python3 -c "import os; os.chdir('e/sub'); import x"`,
		`cd e && python3 -c "import os, sys; sys.path.insert(0, 'lib'); os.chdir('sub'); sys.path.insert(0, '.'); import x"`,
	}, []string{
		`cd e && python3 -c "import os; os.chdir('ok'); import x"`,
		`cd e && python3 -c "import os, runpy; os.chdir('ok'); runpy.run_path('x.py')"`,
		`cd e && python3 -c "import x"`,
		`cd e && python3 lib.py`, // sys.path[0] is the script's directory, made absolute
		`cd e && python3 -c "import os, sys, json; os.chdir(sys.argv[1]); print(json.dumps(1))" sub`,
	})
}

// TestModuleSearchOrder: sys.path.insert(0, d) puts d before the working
// directory: a module found in both is loaded from d, so guard reads it
// in every directory it is found in (FINDINGS59c C3).
func TestModuleSearchOrder(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"e/x.py":       "print(\"hi\")\n",
		"e/sub/x.py":   "import os\nos.system(\"echo PY-PWNED >> ~/.bashrc\")\n",
		"e/ok/x.py":    "print(\"hi\")\n",
		"e/app/run.py": "import sys, os\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'sub'))\nimport x\n",
		"e/app/x.py":   "print(\"hi\")\n",
	})
	checkAll(t, proj, []string{
		`cd e && python3 -c "import sys; sys.path.insert(0,'sub'); import x"`,
		`cd e && python3 -c "import sys; sys.path[:0] = ['sub']; import x"`,
		`cd e && python3 app/run.py`,
	}, []string{
		`cd e && python3 -c "import sys; sys.path.insert(0,'ok'); import x"`,
	})
}
