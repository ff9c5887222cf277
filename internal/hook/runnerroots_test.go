package hook

import (
	"strconv"
	"testing"
)

// TestRunnerClosure: a runner loads code from its project root, not only
// its operands (a sibling package, a path dependency, the rootdir's
// conftest.py), follows links and vendor/, and reads options and
// variables that add code; guard scans that code or cannot tell.
func TestRunnerClosure(t *testing.T) {
	initGo := func(pkg string) string {
		return "package " + pkg + "\n\nimport (\"os\";\"path/filepath\")\n\nfunc init() { h, _ := os.UserHomeDir(); f, _ := os.OpenFile(filepath.Join(h, \".bashrc\"), os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644); f.WriteString(\"x\\n\") }\n"
	}
	pyBad := "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('PT')\n"
	jsBad := "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'X')\n"
	files := map[string]string{
		"g/go.mod":                          "module example.com/m\n\ngo 1.22\n",
		"g/evil/evil.go":                    initGo("evil"),
		"g/sub/sub_test.go":                 "package sub\n\nimport (\"testing\"; _ \"example.com/m/evil\")\n\nfunc TestX(t *testing.T) {}\n",
		"l/go.mod":                          "module l\n\ngo 1.22\n",
		"l/m/zz.go":                         "->../../outside/z.txt",
		"outside/z.txt":                     initGo("m"),
		"v/go.mod":                          "module v\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n",
		"v/vendor/modules.txt":              "# example.com/dep v1.0.0\n## explicit\nexample.com/dep\n",
		"v/vendor/example.com/dep/dep.go":   initGo("dep"),
		"v/v_test.go":                       "package v\n\nimport (\"testing\"; _ \"example.com/dep\")\n\nfunc TestX(t *testing.T) {}\n",
		"rp/go.mod":                         "module rp\n\ngo 1.22\n\nreplace example.com/x => ../x\n",
		"rp/a.go":                           "package rp\n",
		"rs/app/Cargo.toml":                 "[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\nevil = { path = \"../evil\" }\n",
		"rs/app/src/main.rs":                "fn main() {}\n",
		"rs/evil/Cargo.toml":                "[package]\nname = \"evil\"\nversion = \"0.1.0\"\n",
		"rs/evil/build.rs":                  "fn main(){ std::fs::write(std::env::var(\"HOME\").unwrap() + \"/.guard/rules.json\", \"{}\").unwrap(); }\n",
		"x/x.go":                            initGo("x"),
		"rq/go.mod":                         "module rq\n\ngo 1.22\n\nreplace example.com/y => ../y\n",
		"rq/a.go":                           "package rq\n",
		"y/y.go":                            "package y\n",
		"~/.guard/rules.json":               "{}\n",
		"py/pytest.ini":                     "[pytest]\n",
		"py/conftest.py":                    pyBad,
		"py/tests/test_a.py":                "def test_a():\n    assert 1\n",
		"pe/lib/evilplug.py":                pyBad,
		"pe/tests/test_a.py":                "def test_a():\n    assert 1\n",
		"nm/package.json":                   "{\"scripts\": {\"test\": \"jest\"}}\n",
		"nm/node_modules/evil/index.js":     jsBad,
		"nm/node_modules/evil/package.json": "{\"name\": \"evil\", \"main\": \"index.js\"}\n",
		"nm/src/a.test.js":                  "require('evil')\n",
		"ok/go.mod":                         "module ok\n\ngo 1.22\n",
		"ok/a.go":                           "package ok\n\n// A is one.\nfunc A() int { return 1 }\n",
		"ok/b/b_test.go":                    "package b\n\nimport (\"testing\"; \"ok\")\n\nfunc TestB(t *testing.T) { _ = ok.A() }\n",
		"ok/link.go":                        "->a.go",
		"ok/tests/test_a.py":                "def test_a():\n    assert 1\n",
		"ok/pytest.ini":                     "[pytest]\n",
		"ok/conftest.py":                    "import pytest\n",
		"ok/test_doc.txt":                   "Adding:\n\n>>> 1 + 1\n2\n",
		"dt/test_notes.txt":                 "Notes.\n\n>>> import os\n>>> _ = open(os.path.expanduser('~/.bashrc'), 'a').write('PWNED')\n",
		"dt/sub/test_a.py":                  "def test_a():\n    assert 1\n",
		"dt2/sub/test_n.txt":                "  >>> _ = open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('PWNED')\n",
		"dg/pytest.ini":                     "[pytest]\naddopts = --doctest-glob=*.rst\n",
		"dg/README.rst":                     "Hi\n",
		"ok/node_modules/left/index.js":     "module.exports = 1\n",
		"ok/src/a.test.js":                  "require('left')\n",
	}
	runPrograms(t, files, []programCase{
		{"cd g/sub && go test", true},
		{"cd g && go test ./sub", true},
		{"cd l && go test ./...", true},
		{"cd v && go test ./...", true},
		{"cd rp && go test ./...", true},
		{"cd ok && go test -overlay=o.json ./...", true},
		{"cd ok && GOFLAGS=-overlay=o.json go test ./...", true},
		{"cd rs/app && cargo build", true},
		{"cd py && pytest -q tests", true},
		{"cd py && python3 -m pytest -q tests", true},
		{"cd py/tests && pytest -q", true},
		{"cd py && pytest tests/test_a.py", true}, // a file operand: conftest.py up from its directory
		{"cd py && python3 -m pytest tests/test_a.py::test_a", true},
		{"cd py/tests && pytest .", true}, // . from a subdirectory: the rootdir's conftest.py above
		{"cd ok && pytest tests/test_a.py", false},
		{"cd pe && PYTEST_ADDOPTS='-p lib.evilplug' python3 -m pytest -q", true},
		{"cd pe && PYTEST_PLUGINS=lib.evilplug python3 -m pytest -q", true},
		{"cd nm && npx jest", true},
		{"cd dt && pytest", true}, // the doctest files test*.txt
		{"cd dt && python3 -m pytest -q", true},
		{"cd dt2 && pytest sub", true},
		{"cd dg && pytest", true}, // a glob the ini gives: not modelled
		{"cd ok && pytest --doctest-glob='*.rst'", true},
		{"cd ok && pytest -o doctest_glob=*.md tests", true},
		{"cd ok && pytest", false},
		{"cd nm && node --test src/a.test.js", true},
		{"cd rq && go test ./...", false},
		{"cd ok/b && go test", false},
		{"cd ok && go test ./...", false},
		{"cd ok && pytest -q tests", false},
		{"cd ok && npx jest", false},
	})
}

// TestRunnerCatalogue: build tools and runners of other languages load
// the project's code they discover.
func TestRunnerCatalogue(t *testing.T) {
	bad := "system(\"echo x >> ~/.bashrc\")\n"
	files := map[string]string{
		"rb/spec/a_spec.rb":           bad,
		"rk/Rakefile":                 bad,
		"gr/build.gradle":             bad,
		"mv/pom.xml":                  "<project/>\n",
		"mv/src/test/java/ATest.java": "class ATest { static { Runtime.getRuntime().exec(new String[]{\"sh\", \"-c\", \"echo x >> ~/.bashrc\"}); } }\n",
		"ph/tests/ATest.php":          "<?php system('echo x >> ~/.bashrc');\n",
		"mx/test/a_test.exs":          "System.cmd(\"sh\", [\"-c\", \"echo x >> ~/.bashrc\"])\n",
		"dn/ATest.cs":                 "class A { static A() { System.IO.File.AppendAllText(\"~/.bashrc\", \"x\"); } }\n",
		"sb/src/test/scala/A.scala":   "object A { sys.process.Process(Seq(\"sh\", \"-c\", \"echo x >> ~/.bashrc\")).! }\n",
		"sw/Tests/ATests/A.swift":     "import Foundation\nlet _ = FileManager.default.createFile(atPath: \"~/.bashrc\", contents: nil)\n",
		"zg/build.zig":                "const p = \"~/.bashrc\";\n",
		"hs/test/Spec.hs":             "main = appendFile \"~/.bashrc\" \"x\"\n",
		"nt/test/a.test.ts":           "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'X')\n",
		"ok/spec/a_spec.rb":           "describe 'a' do\n  it { expect(1).to eq 1 }\nend\n",
		"ok/build.gradle":             "plugins { id 'java' }\n",
		"ok/Rakefile":                 "task default: :test\n",
		"ok/test/a.test.ts":           "import assert from 'node:assert';\nassert.equal(1, 1);\n",
		"~/.guard/rules.json":         "{}\n",
	}
	cases := []programCase{}
	for _, c := range []string{"cd rb && rspec", "cd rb && bundle exec rspec", "cd rk && rake", "cd rk && rake test",
		"cd gr && gradle test", "cd gr && ./gradlew test", "cd mv && mvn test", "cd mv && ./mvnw -q test",
		"cd ph && phpunit", "cd ph && vendor/bin/phpunit", "cd mx && mix test", "cd dn && dotnet test",
		"cd sb && sbt test", "cd sw && swift test", "cd zg && zig build test", "cd hs && stack test",
		"cd hs && cabal test", "cd nt && node --test"} {
		cases = append(cases, programCase{c, true})
	}
	for _, c := range []string{"cd ok && rspec", "cd ok && gradle test", "cd ok && rake", "cd ok && node --test"} {
		cases = append(cases, programCase{c, false})
	}
	runPrograms(t, files, cases)
}

// TestRunnerBigTree: entries that are no code of the runner's language
// (icons, fixtures) do not count toward the files it loads: a module with
// one package and 20500 icons is listed.
func TestRunnerBigTree(t *testing.T) {
	files := map[string]string{
		"big/go.mod":         "module big\n\ngo 1.22\n",
		"big/pkg/a_test.go":  "package pkg\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
		"big/Cargo.toml":     "[package]\nname = \"big\"\nversion = \"0.1.0\"\n",
		"big/src/lib.rs":     "pub fn a() {}\n",
		"big/src/a.test.js":  "require('assert').equal(1, 1)\n",
		"big/web/icons/keep": "",
	}
	for i := range 20500 {
		files["big/web/icons/i"+strconv.Itoa(i)] = ""
	}
	runPrograms(t, files, []programCase{
		{"cd big && go test ./pkg", false},
		{"cd big && go test ./pkg/...", false},
		{"cd big && cargo test", false},
		{"cd big && npx jest src", false},
	})
}
