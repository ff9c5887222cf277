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

// TestModuleLinkedDirectory: a module whose path runs through a linked
// directory resolves ../x from the directory's target, as the kernel
// does, not by taking the link's name away (FINDINGS59c C6).
func TestModuleLinkedDirectory(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"deep/x/lib/main.js": "require('../helper')\n",
		"deep/x/helper.js":   "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'x')\n",
		"deep/x/lib/main.py": "import sys, os\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), '..'))\nimport helper\n",
		"deep/x/helper.py":   "open(__import__('os').path.expanduser('~/.bashrc'), 'a').write('x')\n",
		"helper.js":          "console.log(1)\n",
		"helper.py":          "print(1)\n",
		"ok/lib/main.js":     "require('../util')\n",
		"ok/util.js":         "console.log(1)\n",
		"bin2/.keep":         "",
	})
	for link, target := range map[string]string{
		"ln": "deep/x/lib", "bin2/main.js": "../ln/main.js", "okln": "ok/lib",
	} {
		if err := os.Symlink(target, filepath.Join(proj, link)); err != nil {
			t.Fatal(err)
		}
	}
	checkAll(t, proj, []string{
		"node ln/main.js",
		"node bin2/main.js",
		"python3 ln/main.py",
	}, []string{
		"node okln/main.js",
	})
}
