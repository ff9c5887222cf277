package hook

import "testing"

// TestExecAfterChdir: python code that changes directory and then execs a
// file by a relative name runs the file of the directory it moved to; one
// it cannot place hides the command (FINDINGS58d D4).
func TestExecAfterChdir(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"e/x.py":     "print(\"hi\")\n",
		"e/sub/x.py": "open(__import__(\"os\").path.expanduser(\"~\")+\"/.bashrc\",\"a\").write(\"echo PY-PWNED\\n\")\n",
		"e/sub/y.py": "import os\nos.system(\"echo x >> ~/.bashrc\")\n",
		"e/ok/x.py":  "print(\"hi\")\n",
	})
	checkAll(t, proj, []string{
		`cd e && python3 -c "import os; os.chdir('sub'); exec(open('x.py').read())"`,
		`cd e && python3 -c "import os, sys; os.chdir(sys.argv[1]); exec(open('x.py').read())" sub`,
		`cd e && python3 -c "import os; os.chdir('sub'); os.system(open('x.py').read())"`,
		`cd e && python3 sub/x.py`,
		`cd e && python3 -c "import os; os.chdir('sub'); exec(open('y.py').read())"`,
	}, []string{
		`cd e && python3 -c "import os; os.chdir('ok'); exec(open('x.py').read())"`,
		`cd e && python3 -c "exec(open('x.py').read())"`,
	})
}
