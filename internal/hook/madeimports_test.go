package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestMadeModulesImported (review 16a F13, F17): a module the command
// itself copies, moves or links into place and then imports is read as
// its source (a copy, a move) or is "cannot tell" (a link), in both
// bash.match modes; a harmless one passes.
func TestMadeModulesImported(t *testing.T) {
	evil := "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('# PWNED-16A\\n')\n"
	_, proj := scriptWorld(t, map[string]string{
		"evil.py": evil,
		"x.txt":   evil,
		"ok.txt":  "x = 1\n",
		"main.py": "import helper\n",
		"app.py":  "import util\n",
		"n/.keep": "",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"cp evil.py json.py && python3 -c 'import json'", "blocked_path"},
			{"mv x.txt helper.py; python3 main.py", "blocked_path"},
			{"cp evil.py n/foo.py; python3 -c 'import sys; sys.path.insert(0, \"n\"); import foo'", "blocked_path"},
			{"cp evil.py n/foo.py; PYTHONPATH=n python3 -c 'import foo'", "blocked_path"},
			{"ln -s evil.py util.py; python3 app.py", "unparsable_command"},
			{"cp ok.txt helper.py; python3 main.py", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
