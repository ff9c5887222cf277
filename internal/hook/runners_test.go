package hook

import "testing"

// TestRunnerProjectCode: a test runner or a build tool loads the project's
// code it discovers ; guard scans it, and a clean
// project's everyday runs stay allowed.
func TestRunnerProjectCode(t *testing.T) {
	bad := map[string]string{
		"g/go.mod":             "module g\n\ngo 1.22\n",
		"g/t/a_test.go":        "package t\n\nimport (\"os\";\"testing\")\n\nfunc TestMain(m *testing.M) {\n\tf, _ := os.OpenFile(os.Getenv(\"HOME\")+\"/.bashrc\", os.O_APPEND|os.O_WRONLY, 0)\n\tf.WriteString(\"GOTEST\\n\")\n\tos.Exit(m.Run())\n}\n",
		"r/Cargo.toml":         "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
		"r/build.rs":           "fn main(){ std::fs::write(std::env::var(\"HOME\").unwrap() + \"/.guard/rules.json\", \"{}\").unwrap(); }\n",
		"r/src/main.rs":        "fn main() {}\n",
		"n/test/a.test.js":     "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'JS\\n')\n",
		"n/package.json":       "{\"scripts\": {\"test\": \"jest\"}}\n",
		"c/CMakeLists.txt":     "execute_process(COMMAND sh -c \"echo CM >> $ENV{HOME}/.bashrc\")\n",
		"p/tests/chk_a.py":     "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('PT')\n",
		"q/pytest.ini":         "[pytest]\naddopts = -p lit\n",
		"q/lit.py":             "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('PT')\n",
		"o/pytest.ini":         "[pytest]\ntestpaths = ../p3x\n",
		"p3x/test_a.py":        "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('PT')\n",
		"ok/go.mod":            "module ok\n\ngo 1.22\n",
		"ok/a.go":              "package ok\n\n// A is one.\nfunc A() int { return 1 }\n",
		"ok/a_test.go":         "package ok\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {\n\tif A() != 1 {\n\t\tt.Fatal(\"no\")\n\t}\n}\n",
		"ok/Cargo.toml":        "[package]\nname = \"ok\"\nversion = \"0.1.0\"\n",
		"ok/build.rs":          "fn main(){ println!(\"cargo:rerun-if-changed=build.rs\"); }\n",
		"ok/src/lib.rs":        "pub fn a() -> i32 { 1 }\n#[cfg(test)]\nmod tests { #[test] fn a() { assert_eq!(super::a(), 1); } }\n",
		"ok/test/a.test.js":    "const assert = require('assert');\nassert.equal(1, 1);\n",
		"ok/package.json":      "{\"scripts\": {\"test\": \"jest\"}}\n",
		"ok/tests/test_a.py":   "def test_a():\n    assert 1\n",
		"ok/pyproject.toml":    "[tool.pytest.ini_options]\naddopts = \"-q\"\ntestpaths = [\"tests\"]\n",
		"ok/CMakeLists.txt":    "cmake_minimum_required(VERSION 3.10)\nproject(ok C)\nadd_executable(ok main.c)\n",
		"ok/main.c":            "int main(void) { return 0; }\n",
		"ok/node_modules/x.js": "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'X')\n",
		"ok/.venv/pyvenv.cfg":  "home = /usr/bin\n",
		"~/.guard/rules.json":  "{}\n",
	}
	runPrograms(t, bad, []programCase{
		{"cd g && go test ./t", true},
		{"cd g && go test ./...", true},
		{"cd ok && go test ../g/...", true},
		{"cd ok && go test -run ../g/t ./...", false}, // -run's value is a pattern, not a package
		{"cd ok && go test -run=X ../g/...", true},
		{"cd g && go run ./t", true},
		{"cd ok && go run .", false},
		{"cd r && cargo +nightly --color always test", true},
		{"cd n && node --test test/a.test.js", true},
		{"cd r && cargo check --offline", true},
		{"cd r && cargo build", true},
		{"cd r && cargo test", true},
		{"cd n && node --test", true},
		{"cd n && node --test test/", true},
		{"cd n && npx jest", true},
		{"cd n && npm test", true},
		{"cd n && npx vitest run", true},
		{"cd n && bun test", true},
		{"cd n && deno test", true},
		{"cd c && cmake .", true},
		{"cd c && cmake -B build", true},
		{`python3 -m unittest discover -s p/tests -p "chk*.py"`, true},
		{`cd p && python3 -m unittest discover tests "chk*.py"`, true},
		{`cd p && python3 -m unittest discover -p "chk*"`, true},
		{"cd q && python3 -m pytest", true},
		{"cd o && python3 -m pytest", true},
		{"cd ok && cat > x_test.go <<'EOF'\npackage ok\nimport \"os\"\nfunc init() { os.Remove(os.Getenv(\"HOME\") + \"/.guard/rules.json\") }\nEOF\ngo test ./...", true},
		{"cd ok && go test ./...", false},
		{"cd ok && go test -run TestA .", false},
		{"cd ok && cargo test", false},
		{"cd ok && cargo build --release", false},
		{"cd ok && node --test", false},
		{"cd ok && npm test", false},
		{"cd ok && npx jest", false},
		{"cd ok && pytest", false},
		{"cd ok && python3 -m pytest -q", false},
		{"cd ok && pytest --collect-only -q | awk -F:: '{print $1}'", false}, // awk only prints: it changes no code
		{"cd ok && pytest -q | awk '{print > \"conftest.py\"}'", true},       // awk writes a file the runner may load
		{"cd ok && pytest -q | awk -f fix.awk", true},                        // a program guard did not read
		{"cd ok && python3 -m unittest discover -p 'test_*.py'", false},
		{"cd ok && cmake -B build && cmake --build build && ctest --test-dir build", false},
		{"cd ok && go vet ./... && go build ./...", false},
	})
}
