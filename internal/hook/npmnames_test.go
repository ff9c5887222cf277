package hook

import "testing"

// TestPackageManagerByPath (attack 40a F4): a package manager run by its
// package path or through node (node …/npm-cli.js) is the package manager:
// its verbs' rules apply; a JavaScript program guard cannot name, outside
// the working directory (node F, F by its #! line), gets the unknown-verb
// link rule; a script of the project's does not.
func TestPackageManagerByPath(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json":              "{}\n",
		"~/.bashrc":                        "echo orig\n",
		"~/tools/x.js":                     "console.log(1)\n",
		"p1/package.json":                  `{"name":"x","version":"1.0.0","scripts":{"build":"echo ok"}}`,
		"p1/x-1.0.0.tgz":                   "->../../.bashrc",
		"~/tools/lib.js":                   "console.log(1)\n",
		"p1/scripts/build.js":              "console.log(1)\n",
		"p1/.yarn/releases/yarn-4.1.0.cjs": "console.log(1)\n",
		"ok/package.json":                  `{"name":"ok","version":"1.0.0","scripts":{"build":"echo ok"}}`,
		"ok/script.js":                     "console.log(1)\n",
		"ok/scripts/build.js":              "console.log(1)\n",
		"ok/node_modules/.bin/tsc":         "console.log(1)\n",
	}
	runPrograms(t, files, []programCase{
		{"cd p1 && node /usr/lib/node_modules/npm/bin/npm-cli.js pack", true},
		{"cd p1 && node /usr/lib/node_modules/npm/bin/npm-cli.js --offline pack", true},
		{"cd p1 && node --no-warnings /usr/lib/node_modules/npm/bin/npm-cli.js pack", true},
		{"cd p1 && /usr/lib/node_modules/npm/bin/npm pack", true},
		{"cd p1 && /usr/lib/node_modules/npm/bin/npm-cli.js pack", true},
		{"cd p1 && npm exec -- node /usr/lib/node_modules/npm/bin/npm-cli.js pack", true},
		{"cd p1 && npm exec -- npm-cli pack", true},
		{"cd p1 && node /usr/lib/node_modules/pnpm/bin/pnpm.cjs pack", true},
		{"cd p1 && node /usr/lib/node_modules/corepack/dist/yarn.js pack", true},
		{"cd p1 && node .yarn/releases/yarn-4.1.0.cjs pack", true},
		{"cd p1 && /usr/lib/node_modules/npm/bin/npx-cli.js npm pack", true},
		{"cd p1 && PATH=/tmp/x:$PATH npm pack", true},
		{"cd p1 && node ~/tools/x.js", true},
		{"cd p1 && node ../tools/x.js", true},
		{"cd p1 && node /usr/lib/node_modules/npm/bin/npm-prefix.js", true},
		{"cd p1 && /usr/lib/node_modules/npm/bin/npm-prefix.js", true},
		{"cd p1 && /usr/bin/npm pack", true},
		{"cd p1 && N=npm; $N pack", true},
		{`cd p1 && \npm pack`, true},
		{"cd ok && node /usr/lib/node_modules/npm/bin/npm-cli.js pack", false},
		{"cd ok && /usr/lib/node_modules/npm/bin/npm run build", false},
		{"cd ok && node script.js", false},
		{"cd ok && node ./scripts/build.js", false},
		{"cd ok && node node_modules/.bin/tsc", false},
		{"cd ok && npx tsc", false},
		{"cd ok && node ~/tools/x.js", false},
		{"cd p1 && node /usr/lib/node_modules/npm/bin/npm-cli.js --version", false},
		{"cd p1 && node ./scripts/build.js", false},
		{"cd p1 && npm() { :; }; npm pack", false},
	})
}

// TestPackageRunnerLocalBin: npx, bunx and the package managers' exec and
// bare forms run the project's node_modules/.bin/NAME before the PATH,
// from the working directory up: its text is scanned as a package
// script's programs are (FINDINGS52a, also seen: npx q ran it unread).
func TestPackageRunnerLocalBin(t *testing.T) {
	files := map[string]string{
		"p/node_modules/.bin/q":  "#!/bin/sh\ncat ~/.ssh/id_rsa\n",
		"p/sub/x.txt":            "x\n",
		"ok/node_modules/.bin/q": "#!/usr/bin/env node\nconsole.log(1)\n",
	}
	runPrograms(t, files, []programCase{
		{"cd p && npx q", true},
		{"cd p && npx -y q --flag", true},
		{"cd p && bunx q", true},
		{"cd p && npm exec q", true},
		{"cd p && npm exec -- q", true},
		{"cd p && pnpm exec q", true},
		{"cd p && yarn q", true},
		{"cd p/sub && npx q", true},
		{"cd ok && npx q", false},
		{"cd ok && npm exec q", false},
		{"cd ok && yarn q", false},
	})
}
