package hook

import "testing"

// TestRecipePrograms: a build file's command finds its
// program as the command line does (assignments, prefixes and package
// managers' exec forms skipped); an interpreter's program file is read,
// a test runner's discovered files are, a task file's runner is found at
// any word, and a program guard does not know given a file of the project
// may run it; a clean project's everyday recipes stay allowed.
func TestRecipePrograms(t *testing.T) {
	js := "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'PWN\\n')\n"
	py := "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('PT')\n"
	mk := "a:\n\tnode evil.js\nb:\n\tpython3 evil.py\nc:\n\tperl evil.pl\nd:\n\tnode ./evil.js\ne:\n\tpython3 -u evil.py\n" +
		"f:\n\tCI=1 node --test\ng:\n\ttime node --test\nh:\n\tenv FOO=1 node --test\ni:\n\tuv run pytest\nj:\n\tpoetry run pytest\n" +
		"k:\n\tenv CI=1 pytest\nl:\n\ttime pytest\nm:\n\tnice pytest\nn:\n\tnpx jest\no:\n\tyarn jest\np:\n\tcd . && mytool evil.js\n" +
		"q:\n\tbash -e scripts/x\n"
	files := map[string]string{
		"p/evil.js":          js,
		"p/evil.py":          py,
		"p/evil.pl":          "open(my $f, \">>\", \"$ENV{HOME}/.bashrc\");\n",
		"p/scripts/x":        "cp a ~/.bashrc\n",
		"p/test/a.test.js":   js,
		"p/tests/test_b.py":  py,
		"p/Makefile.s":       mk,
		"p/package.json":     `{"scripts": {"test": "node evil.js", "t1": "CI=1 node --test", "t2": "env CI=1 node --test", "t3": "cross-env CI=1 node --test"}}`,
		"t/tests/test_b.py":  py,
		"t/Taskfile.yml":     "version: '3'\ntasks:\n  test:\n    cmds:\n      - pytest\n",
		"t/tox.ini":          "[testenv]\ncommands = pytest\n",
		"t/pyproject.toml":   "[tool.poe.tasks]\ntest = \"pytest\"\n[tool.pdm.scripts]\ntest = \"pytest\"\n[tool.hatch.envs.default.scripts]\ntest = \"pytest\"\n",
		"c/test/a.test.js":   js,
		"c/package.json":     `{"scripts": {"build": "tsc"}}`,
		"ok/go.mod":          "module ok\n\ngo 1.22\n",
		"ok/a.go":            "package ok\n\n// A is one.\nfunc A() int { return 1 }\n",
		"ok/a_test.go":       "package ok\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
		"ok/test/a.test.js":  "const assert = require('assert');\nassert.equal(1, 1);\n",
		"ok/tests/test_a.py": "def test_a():\n    assert 1\n",
		"ok/build.js":        "console.log('build')\n",
		"ok/gen.py":          "print('gen')\n",
		"ok/config.yaml":     "x: 1\n",
		"ok/src/index.ts":    "export const x = 1\n",
		"ok/package.json": `{"scripts": {"test": "jest", "build": "node build.js && tsc -p tsconfig.json", "lint": "eslint src/index.ts",` +
			` "e2e": "cross-env NODE_ENV=test jest --ci", "gen": "python3 gen.py > out.txt"}}`,
		"ok/Makefile":     "test:\n\tgo test ./...\nlint:\n\tgolangci-lint run ./...\npy:\n\tpytest -q\ngen:\n\tpython3 gen.py\ncfg:\n\tmytool config.yaml\n",
		"ok/Taskfile.yml": "version: '3'\ntasks:\n  test:\n    cmds:\n      - pytest\n      - node build.js\n",
		"ok/tox.ini":      "[testenv]\ncommands = pytest\n",
	}
	var cases []programCase
	for _, g := range "abcdefghijklmnopq" {
		cases = append(cases, programCase{"cd p && make -f Makefile.s " + string(g), true})
	}
	cases = append(cases,
		programCase{"cd p && npm test", true},
		programCase{"cd p && npm run t1", true},
		programCase{"cd p && npm run t2", true},
		programCase{"cd p && npm run t3", true},
		programCase{"cd t && task test", true},
		programCase{"cd t && tox", true},
		programCase{"cd t && poe test", true},
		programCase{"cd t && pdm run test", true},
		programCase{"cd t && hatch run test", true},
		programCase{"cd c && yarn jest", true},
		programCase{"cd c && yarn run jest", true},
		programCase{"cd c && pnpm jest", true},
		programCase{"cd c && pnpm exec jest", true},
		programCase{"cd c && npm exec -- jest", true},
		programCase{"cd c && pnpm dlx jest", true},
		programCase{"cd c && yarn install", false},
		programCase{"cd c && yarn build", false},
		programCase{"cd ok && npm test", false},
		programCase{"cd ok && npm run build", false},
		programCase{"cd ok && npm run lint", false},
		programCase{"cd ok && npm run e2e", false},
		programCase{"cd ok && npm run gen", false},
		programCase{"cd ok && make test", false},
		programCase{"cd ok && make lint py gen cfg", false},
		programCase{"cd ok && task test", false},
		programCase{"cd ok && tox", false},
	)
	runPrograms(t, files, cases)
}
