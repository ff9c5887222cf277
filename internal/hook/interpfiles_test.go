package hook

import "testing"

// TestTestRunnerFiles: a python test runner imports the test files it
// discovers; they are scanned as a program file python runs is.
func TestTestRunnerFiles(t *testing.T) {
	runPrograms(t, map[string]string{
		"tests/test_a.py":   "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('PT')\ndef test_a(): pass\n",
		"tests/test_ok.py":  "def test_ok():\n    assert 1\n",
		"sub/conftest.py":   "import os\nos.remove(os.path.expanduser('~/.guard/rules.json'))\n",
		"clean/test_x.py":   "def test_x(): pass\n",
		"clean/conftest.py": "import pytest\n",
	}, []programCase{
		{"python3 -m unittest discover tests", true},
		{"python3 -m pytest tests", true},
		{"pytest sub", true},
		{"pytest", true},
		{"python3 -m pytest -q clean", false},
		{"pytest -x clean", false},
		{"python3 -m unittest discover -s clean", false},
	})
}

// TestCodeEnvFiles: an environment entry interpreter code sets before it
// starts a program is the shell's assignment of it.
func TestCodeEnvFiles(t *testing.T) {
	runPrograms(t, map[string]string{
		"evil.sh": "echo PENV >> ~/.bashrc\n",
		"ok.sh":   "echo hi\n",
	}, []programCase{
		{`python3 -c "import os;os.environ['BASH_ENV']='./evil.sh';os.system('bash -c true')"`, true},
		{`perl -e '$ENV{BASH_ENV}="./evil.sh"; system("bash","-c","true")'`, true},
		{`php -r 'putenv("BASH_ENV=./evil.sh"); system("bash -c true");'`, true},
		{`node -e 'process.env.BASH_ENV="./evil.sh"; require("child_process").execFileSync("bash",["-c","true"])'`, true},
		{`ruby -e 'ENV["BASH_ENV"]="./evil.sh"; system("bash","-c","true")'`, true},
		{`python3 -c "import os;os.environ['BASH_ENV']='./ok.sh';os.system('bash -c true')"`, false},
	})
}
