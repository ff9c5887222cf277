//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestModuleLinkedMain: node and python resolve a linked main script's
// relative imports from its real file (FINDINGS59a A13): guard reads the
// target's directory too, not only the link's.
func TestModuleLinkedMain(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"lib/main.js":    "require('./helper')\n",
		"lib/helper.js":  "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'x')\n",
		"lib/m.mjs":      "import './helper.mjs'\n",
		"lib/helper.mjs": "import fs from 'fs'\nfs.appendFileSync(process.env.HOME + '/.bashrc', 'x')\n",
		"lib/main.py":    "import helper\n",
		"lib/helper.py":  "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('x')\n",
		"ok/main.js":     "require('./util')\n",
		"ok/util.js":     "console.log(1)\n",
		"bin/.keep":      "",
	})
	for link, target := range map[string]string{
		"bin/main.js": "../lib/main.js", "bin/m.mjs": "../lib/m.mjs", "bin/main.py": "../lib/main.py",
		"bin/ok.js": "../ok/main.js", "top.py": "lib/main.py", "bin/hop.js": "main.js",
	} {
		if err := os.Symlink(target, filepath.Join(proj, link)); err != nil {
			t.Fatal(err)
		}
	}
	checkAll(t, proj, []string{
		"node bin/main.js",
		"node bin/m.mjs",
		"python3 bin/main.py",
		"python3 top.py",
		"node bin/hop.js", // a link to a link
	}, []string{
		"node bin/ok.js",
		"node lib/../ok/main.js",
	})
}
