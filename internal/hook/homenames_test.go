package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestProgramFileHomeNames: a program file that writes a file whose name
// joins the home directory with a part guard cannot tell is "cannot
// tell", whatever made the part (a replace, json.loads of an escape, a
// codecs decoder, input()), in both bash.match modes; a home name of
// literals and a name of the program's own variables pass.
func TestProgramFileHomeNames(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"a.py":  "import os\nopen(os.path.join(os.path.expanduser('~'), 'Xbashrc'.replace('X', '.')), 'a').write('x')\n",
		"f.py":  "import os, json\nn = json.loads('\"\\\\u002ebashrc\"')\nopen(os.path.join(os.path.expanduser('~'), n), 'a').write('x')\n",
		"c.py":  "from pathlib import Path\nimport codecs\nh = Path.home()\nn = codecs.decode('\\\\x2ebashrc', 'unicode_escape')\n(h / n).write_text('x')\n",
		"i.py":  "import os\nh = os.environ['HOME']\nopen(h + '/' + input(), 'w').write('x')\n",
		"t.py":  "import os\nn = '%sbashrc' % chr(0x2e)\nos.remove(os.path.join(os.path.expanduser('~'), n))\n",
		"j.js":  "const fs = require('fs'), os = require('os'), path = require('path');\nfs.appendFileSync(path.join(os.homedir(), JSON.parse('\"\\\\u002ebashrc\"')), 'x');\n",
		"ok.py": "import os, json\ncfg = json.load(open('cfg.json'))\nopen(cfg['dest'], 'w').write('y')\nhome = os.path.expanduser('~')\nopen(os.path.join(home, 'notes.txt'), 'w').write('z')\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"python3 a.py", "unparsable_command"},
			{"python3 f.py", "unparsable_command"},
			{"python3 c.py", "unparsable_command"},
			{"python3 i.py", "unparsable_command"},
			{"python3 t.py", "unparsable_command"},
			{"node j.js", "unparsable_command"},
			{"python3 ok.py", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
