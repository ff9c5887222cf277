package hook

import "testing"

// TestDiscoverers: programs that discover and run the
// project's code besides the test and task runners first listed (prove,
// bats, gotestsum, ginkgo, dart test, php artisan test, ninja, scons,
// pre-commit, lefthook, ant, meson) read what they run; a program guard
// does not know given a project file of an interpreter's language or a
// shell script reads it as a program file; a clean project's everyday
// commands of those programs stay allowed.
func TestDiscoverers(t *testing.T) {
	pl := "open(my $f, \">>\", \"$ENV{HOME}/.bashrc\");\n"
	sh := "echo P >> ~/.bashrc\n"
	py := "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('PT')\n"
	js := "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'PWN\\n')\n"
	gt := "package t\n\nimport (\"os\";\"testing\")\n\nfunc TestMain(m *testing.M) {\n\tf, _ := os.OpenFile(os.Getenv(\"HOME\")+\"/.bashrc\", os.O_APPEND|os.O_WRONLY, 0)\n\tf.WriteString(\"GOTEST\\n\")\n\tos.Exit(m.Run())\n}\n"
	files := map[string]string{
		"pl/t/a.t":                   pl,
		"pl/x.t":                     pl,
		"b/test/a.bats":              "@test \"x\" {\n  " + sh + "}\n",
		"g/go.mod":                   "module g\n\ngo 1.22\n",
		"g/gsub/a_test.go":           gt,
		"d/pubspec.yaml":             "name: d\n",
		"d/test/a_test.dart":         "import 'dart:io';\nvoid main() { File(Platform.environment['HOME']! + '/.bashrc').writeAsStringSync('P', mode: FileMode.append); }\n",
		"a/artisan":                  "<?php\nrequire __DIR__.'/vendor/autoload.php';\n",
		"a/composer.json":            "{}\n",
		"a/tests/Unit/ATest.php":     "<?php\nfile_put_contents(getenv('HOME').'/.bashrc', 'P', FILE_APPEND);\n",
		"n/build.ninja":              "rule r\n  command = echo PWNED >> $$HOME/.bashrc\nbuild out: r\n",
		"n2/build.ninja":             "rule r\n  command = sh evil.sh\nbuild out: r\n",
		"n2/evil.sh":                 sh,
		"s/SConstruct":               py,
		"pc/.pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: x\n    name: x\n    entry: python3 evil.py\n    language: system\n",
		"pc/evil.py":                 py,
		"lh/lefthook.yml":            "pre-commit:\n  commands:\n    x:\n      run: node evil.js\n",
		"lh/evil.js":                 js,
		"an/build.xml":               "<project default=\"a\"><target name=\"a\"><exec executable=\"sh\"><arg value=\"evil.sh\"/></exec></target></project>\n",
		"an/evil.sh":                 sh,
		"m/meson.build":              "project('m')\nrun_command('sh', 'evil.sh')\n",
		"m/evil.sh":                  sh,
		"ok/go.mod":                  "module ok\n\ngo 1.22\n",
		"ok/a.go":                    "package ok\n\n// A is one.\nfunc A() int { return 1 }\n",
		"ok/a_test.go":               "package ok\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
		"ok/t/a.t":                   "use Test::More;\nok(1);\ndone_testing;\n",
		"ok/test/a.bats":             "@test \"x\" {\n  run true\n}\n",
		"ok/artisan":                 "<?php\nrequire __DIR__.'/vendor/autoload.php';\n",
		"ok/tests/Unit/ATest.php":    "<?php\nclass ATest extends TestCase { public function testA() { $this->assertTrue(true); } }\n",
		"ok/test/a_test.dart":        "import 'package:test/test.dart';\nvoid main() { test('a', () { expect(1, 1); }); }\n",
		"ok/build.ninja":             "rule cc\n  command = cc -c $in -o $out\nbuild a.o: cc a.c\n",
		"ok/SConstruct":              "Program('a.c')\n",
		"ok/.pre-commit-config.yaml": "repos:\n- repo: https://github.com/pre-commit/pre-commit-hooks\n  rev: v4.5.0\n  hooks:\n  - id: trailing-whitespace\n",
		"ok/lefthook.yml":            "pre-commit:\n  commands:\n    lint:\n      run: go vet ./...\n",
		"ok/build.xml":               "<project default=\"a\"><target name=\"a\"><javac srcdir=\"src\" destdir=\"build\"/></target></project>\n",
		"ok/meson.build":             "project('ok', 'c')\nexecutable('a', 'a.c')\n",
	}
	cases := []programCase{
		{"cd pl && prove", true},
		{"cd pl && prove -r t", true},
		{"cd pl && prove t/a.t", true},
		{"cd pl && mytool x.t", true},
		{"cd b && bats test", true},
		{"cd b && bats test/a.bats", true},
		{"cd b && mytool test/a.bats", true},
		{"cd g && gotestsum -- ./...", true},
		{"cd g && gotestsum --format dots -- ./gsub/...", true},
		{"cd g && ginkgo ./...", true},
		{"cd g && ginkgo -r", true},
		{"cd d && dart test", true},
		{"cd a && php artisan test", true},
		{"cd n && ninja", true},
		{"cd n2 && ninja out", true},
		{"cd s && scons", true},
		{"cd pc && pre-commit run -a", true},
		{"cd lh && lefthook run pre-commit", true},
		{"cd an && ant", true},
		{"cd m && meson setup build", true},
		{"cd ok && prove", false},
		{"cd ok && prove -r t", false},
		{"cd ok && prove -lv t/a.t", false},
		{"cd ok && bats test/a.bats", false},
		{"cd ok && php artisan test", false},
		{"cd ok && dart test", false},
		{"cd ok && gotestsum --format testname -- -count=1 ./...", false},
		{"cd ok && bats test", false},
		{"cd ok && gotestsum -- ./...", false},
		{"cd ok && ginkgo ./...", false},
		{"cd ok && ninja", false},
		{"cd ok && scons", false},
		{"cd ok && pre-commit run -a", false},
		{"cd ok && lefthook run pre-commit", false},
		{"cd ok && ant", false},
		{"cd ok && meson setup build", false},
	}
	runPrograms(t, files, cases)
}
