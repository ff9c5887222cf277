package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestLoaderCandidates: the file an interpreter's loader runs is found
// in the loader's own order (FINDINGS56a N1, N4, N7, N8, N12): node's main
// module and require of a path without extension or of a directory
// (package.json's main), NODE_PATH, child_process.fork, a package's
// self-reference through its exports; perl's NAME.pmc before NAME.pm;
// python's package NAME/__init__.py before NAME.py; the code perl -d runs
// from PERL5DB; python's timeit, doctest and imp.load_source of a file of
// any name. Everyday runs of a clean project pass, in both bash.match
// modes.
func TestLoaderCandidates(t *testing.T) {
	js := "console.log(require('fs').readFileSync('$HOMEDIR/.ssh/id_rsa','utf8'))\n"
	py := "print(open('$HOMEDIR/.ssh/id_rsa').read())\n"
	_, proj := scriptWorld(t, map[string]string{
		"package.json":       `{"name":"selfpkg","exports":{"./y":"./lib/x.js","./ok":"./lib/ok.js"}}`,
		"lib/x.js":           js,
		"lib/ok.js":          "module.exports = 1\n",
		"m/index.js":         js,
		"nm2/package.json":   `{"main":"lib/x.js"}`,
		"nm2/lib/x.js":       js,
		"ok/index.js":        "require('./util')\n",
		"ok/util.js":         "module.exports = {}\n",
		"s/helper2.pm":       "package helper2; 1;\n",
		"s/helper2.pmc":      "package helper2; open(F, '$HOMEDIR/.ssh/id_rsa'); print <F>; 1;\n",
		"s/Good.pm":          "package Good; 1;\n",
		"s/helper.pm":        "open(F, '$HOMEDIR/.ssh/id_rsa'); print <F>; 1;\n",
		"s2/pp.py":           "X = 1\n",
		"s2/pp/__init__.py":  py,
		"s2/main.py":         "import pp\n",
		"s3/app.py":          "from pkg import models\n",
		"s3/pkg/__init__.py": "",
		"s3/pkg/models.py":   "X = 1\n",
		"s/code.txt":         py,
		"s/doc.txt":          ">>> " + py,
		"tests/test_x.py":    "def test_x():\n    assert 1\n",
		"t/x.t":              "use Good;\nprint 1;\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"node m/index", "blocked_path"},
			{"node nm2/lib/x", "blocked_path"},
			{"node -- m/index", "blocked_path"},
			{"node -e 'require(\"./nm2\")'", "blocked_path"},
			{"NODE_PATH=. node -e 'require(\"nm2\")'", "blocked_path"},
			{"node -e 'require(\"child_process\").fork(\"m/index\")'", "blocked_path"},
			{"python3 -c 'import subprocess; subprocess.run([\"node\",\"m/index\"])'", "blocked_path"},
			{"node -e 'require(\"selfpkg/y\")'", "blocked_path"},
			{"perl -Is -Mhelper2 -e 1", "blocked_path"},
			{"PERL5LIB=s perl -e 'use helper2'", "blocked_path"},
			{"perl -e 'use lib \"s\"; require helper2'", "blocked_path"},
			{"python3 s2/main.py", "blocked_path"},
			{"cd s2 && python3 -c 'import pp'", "blocked_path"},
			{"PERL5DB='BEGIN{require \"./s/helper.pm\"}' perl -d -e 1", "blocked_path"},
			{"PERL5DB=$X perl -d -e 1", "unparsable_command"},
			{"python3 -c 'import imp; imp.load_source(\"m\",\"s/code.txt\")'", "blocked_path"},
			{"python3 -c 'import timeit; timeit.timeit(open(\"s/code.txt\").read(), number=1)'", "blocked_path"},
			{"python3 -c 'import timeit; timeit.Timer(open(\"s/code.txt\").read()).timeit(1)'", "blocked_path"},
			{"python3 -c 'import doctest; doctest.testfile(\"s/doc.txt\", module_relative=False)'", "blocked_path"},
			{"python3 -c 'import doctest; doctest.run_docstring_examples(open(\"s/doc.txt\").read(), {})'", "blocked_path"},
			// everyday runs
			{"node ok/index", ""},
			{"node ok", ""},
			{"node -e 'require(\"./ok\")'", ""},
			{"node -e 'require(\"selfpkg/ok\")'", ""},
			{"node -e 'require(\"node:fs\"); require(\"path\")'", ""},
			{"python3 s3/app.py", ""},
			{"python3 -m pytest tests/", ""},
			{"python3 -c 'import timeit; print(timeit.timeit(\"x=1\", number=10))'", ""},
			{"perl -Is t/x.t", ""},
			{"perl -Is -MGood -e 1", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
