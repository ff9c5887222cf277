package hook

import "testing"

// TestNpmRoots: where npm writes is read as npm finds it. A workspace
// member's install works at the workspace's root above it; --prefix is
// read as nopt reads it, and a word that may be --prefix but guard cannot
// tell blocks (review 35a F2, F4).
func TestNpmRoots(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json":        "{}\n",
		"w/package.json":             `{"name":"root","workspaces":["d"]}`,
		"w/node_modules":             "->../../.guard",
		"w/d/package.json":           `{"name":"d","version":"1.0.0"}`,
		"u/package.json":             "{not json",
		"u/node_modules":             "->../../.guard",
		"u/d/package.json":           `{"name":"d","version":"1.0.0"}`,
		"p/package.json":             `{"name":"p","version":"1.0.0"}`,
		"p/d/package.json":           `{"name":"d","version":"1.0.0"}`,
		"p/d/package-lock.json":      "{}\n",
		"p/d/node_modules":           "->../../../.guard",
		"ok/package.json":            `{"name":"ok","workspaces":["d"],"scripts":{"postinstall":"echo ok"}}`,
		"s/package.json":             `{"name":"s","workspaces":["d","e"],"scripts":{"postinstall":"echo x >> ~/.bashrc"}}`,
		"s/d/package.json":           `{"name":"d","version":"1.0.0","scripts":{"test":"echo ok"}}`,
		"t/package.json":             `{"name":"t","workspaces":["d","e"]}`,
		"t/d/package.json":           `{"name":"d","version":"1.0.0"}`,
		"t/e/package.json":           `{"name":"e","version":"1.0.0","scripts":{"install":"echo x >> ~/.bashrc"}}`,
		"ok/d/package.json":          `{"name":"d","version":"1.0.0"}`,
		"ok/sub/d/package.json":      `{"name":"d","version":"1.0.0"}`,
		"plain/package.json":         `{"name":"plain","version":"1.0.0"}`,
		"plain/d/package.json":       `{"name":"d","version":"1.0.0"}`,
		"plain/node_modules/x/a.js":  "1\n",
		"nm/package.json":            `{"name":"nm","version":"1.0.0"}`,
		"nm/sub/node_modules/x/a.js": "1\n",
		"nm/sub/package-lock.json":   "->../../../.bashrc",
		"nl/package.json":            `{"name":"nl","version":"1.0.0"}`,
		"nl/sub/node_modules":        "->../../../.guard",
		"~/.bashrc":                  "echo orig\n",
	}
	runPrograms(t, files, []programCase{
		{"cd w/d && npm ci", true},
		{"cd w/d && npm install", true},
		{"cd w/d && npm i --no-audit", true},
		{"cd w/d && npm prune", true},
		{"cd w/d && npm update", true},
		{"cd w/d && yarn install", true},
		{"cd w/d && bun install", true},
		{"cd u/d && npm ci", true},      // a parent guard cannot parse may be the root
		{"cd s/d && npm install", true}, // the workspace root's install scripts run
		{"cd t/d && npm install", true}, // and every workspace's
		{"cd s/d && npm test", false},   // the member's own script only
		{"cd p && npm ci --prefi d", true},
		{"cd p && npm ci --pref=d", true},
		{"cd p && npm ci -prefix d", true},
		{"cd p && npm ci --prefix d", true},
		{"cd p && npm ci -C d", true},
		{"cd p && npm ci --C d", true},
		{"cd p && npm ci -gC d", true},
		{"cd p && npm ci --Prefix d", true},
		{"cd p && npm ci ---prefix d", true}, // nopt strips every dash
		{"cd p && npm install ----prefix=d", true},
		{"cd p && npm ---prefix d i", true},
		{"cd p && npm ci ---C d", true},
		{"cd p && npm ci --no-prefix", true}, // guard does not tell --no-: unsure
		{"cd nm/sub && npm install", true},   // node_modules marks npm's root
		{"cd nm/sub && npm ci", true},
		{"cd nm/sub && npm install left-pad", true},
		{"cd nl/sub && npm install", true},
		{"cd plain && npm ci --pre d", true}, // an abbreviation guard cannot resolve: blocks by itself
		{"cd ok/d && npm ci", false},
		{"cd ok/d && npm install", false},
		{"cd plain/d && npm ci", false},
		{"cd plain && npm ci --prefix d", false},
		{"cd plain && npm install --save-dev left-pad", false},
		{"cd plain && npm ci --no-audit --prefer-offline", false},
	})
}

// TestNpmDependencySpecs: a dependency npm installs from local code runs
// its install scripts; only registry ranges and remote repositories are
// not the project's (review 35a F8).
func TestNpmDependencySpecs(t *testing.T) {
	bad := `{"name":"d","version":"1.0.0","scripts":{"postinstall":"echo pwned >> ~/.bashrc"}}`
	files := map[string]string{
		"g1/package.json":         `{"name":"g1","dependencies":{"d":"git+file:repo"}}`,
		"g1/repo/package.json":    bad,
		"g2/package.json":         `{"name":"g2","dependencies":{"d":"git+file:///tmp/x/repo"}}`,
		"g3/package.json":         `{"name":"g3","devDependencies":{"d":"exec:./gen.js"}}`,
		"g4/package.json":         `{"name":"g4","dependencies":{"d":"lib/d/e"}}`,
		"g4/lib/d/e/package.json": bad,
		"ok/package.json":         `{"name":"ok","dependencies":{"a":"^1.0.0","b":"latest","c":"npm:left-pad@1.3.0","e":"github:u/r","f":"u/r#v1","g":"git+https://github.com/u/r.git","h":"https://h.example/x.tgz","i":"git+ssh://git@github.com/u/r.git"}}`,
	}
	for name, text := range map[string]string{
		"c/lp/package.json":      bad, // a local package named on the command line (review 38a F6)
		"c/ok/package.json":      `{"name":"ok","version":"1.0.0"}`,
		"c/x.tgz":                "tar",
		"e/lp/package.json":      bad,                                                 // no package.json of its own
		"p1/package.json":        `{"name":"p1","peerDependencies":{"lp":"file:lp"}}`, // review 38a F10
		"p1/lp/package.json":     bad,
		"p2/package.json":        `{"name":"p2","overrides":{"x":{".":"1.0.0","lp":"file:lp"}}}`,
		"p2/lp/package.json":     bad,
		"p3/package.json":        `{"name":"p3","pnpm":{"overrides":{"lp":"link:lp"}}}`,
		"p3/lp/package.json":     bad,
		"p4/package.json":        `{"name":"p4","resolutions":{"lp":"portal:lp"}}`,
		"p4/lp/package.json":     bad,
		"l1/package.json":        `{"name":"l1","dependencies":{"lp":"^1.0.0"}}`,
		"l1/package-lock.json":   `{"lockfileVersion":3,"packages":{"":{"name":"l1"},"node_modules/lp":{"resolved":"lp","link":true},"lp":{"name":"lp","hasInstallScript":true}}}`,
		"l1/lp/package.json":     bad,
		"l2/package.json":        `{"name":"l2","dependencies":{"lp":"^1.0.0"}}`,
		"l2/package-lock.json":   `{"lockfileVersion":3,"packages":{"node_modules/lp":{"resolved":"file:lp.tgz"}}}`,
		"l3/package.json":        `{"name":"l3","dependencies":{"lp":"^1.0.0"}}`,
		"l3/package-lock.json":   `{"lockfileVersion":3,"packages":`,
		"l4/package.json":        `{"name":"l4","dependencies":{"lp":"^1.0.0"}}`,
		"l4/package-lock.json":   `{"lockfileVersion":1,"dependencies":{"lp":{"version":"file:lp"}}}`,
		"l4/lp/package.json":     bad,
		"lok/package.json":       `{"name":"lok","dependencies":{"lp":"^1.0.0"}}`,
		"lok/package-lock.json":  `{"lockfileVersion":3,"packages":{"":{"name":"lok"},"node_modules/lp":{"version":"1.0.0","resolved":"https://registry.npmjs.org/lp/-/lp-1.0.0.tgz"}}}`,
		"h1/package.json":        `{"name":"h1","dependencies":{"x":"http://127.0.0.1:8765/x.tgz"}}`, // review 38a F11
		"h2/package.json":        `{"name":"h2","dependencies":{"x":"git+ssh://git@localhost/tmp/repo"}}`,
		"h3/package.json":        `{"name":"h3","dependencies":{"x":"git@127.0.0.1:tmp/repo"}}`,
		"h4/package.json":        `{"name":"h4","dependencies":{"x":"https://2130706433/x.tgz"}}`,
		"h5/package.json":        `{"name":"h5","dependencies":{"x":"git://myhost/repo"}}`,
		"k1/package.json":        `{"name":"k1","dependencies":{"react":"catalog:","vue":"catalog:v3","x":"jsr:@std/path","y":"git@github.com:u/r.git"}}`,
		"k1/pnpm-workspace.yaml": "packages:\n  - k1\ncatalog:\n  react: ^18.2.0 # default\ncatalogs:\n  v3:\n    'vue': \"^3.4.0\"\n",
		"k2/package.json":        `{"name":"k2","dependencies":{"react":"catalog:"}}`,
		"k2/pnpm-workspace.yaml": "catalog:\n  react: file:lp\n",
		"k2/lp/package.json":     bad,
		"k3/package.json":        `{"name":"k3","dependencies":{"react":"catalog:nope"}}`,
		"k3/pnpm-workspace.yaml": "catalog:\n  react: ^18\n",
	} {
		files[name] = text
	}
	runPrograms(t, files, []programCase{
		{"cd c && npm install ./lp", true},
		{"cd c && npm install lp/", true},
		{"cd c && npm i file:lp", true},
		{"cd c && npm install lp@file:lp", true},
		{"cd c && npm install ./x.tgz", true},
		{"cd c && npm add x.tgz", true},
		{"cd c && yarn add ./x.tgz", true},
		{"cd c && pnpm add file:lp", true},
		{"cd c && npm install git+file:lp", true},
		{"cd c && npm exec --package=./x.tgz -- x", true},
		{"cd c && npx ./x.tgz", true},
		{"cd c && npx -p ./lp x", true},
		{"cd c && npm install http://127.0.0.1:8765/x.tgz", true},
		{"cd e && npm install ./lp", true},
		{"cd c && npm install ./ok", false},
		{"cd c && npm install left-pad@^1.3.0 @types/node", false},
		{"cd c && npx eslint ./src", false},
		{"cd p1 && npm install", true},
		{"cd p2 && npm install", true},
		{"cd p3 && pnpm install", true},
		{"cd p4 && yarn install", true},
		{"cd l1 && npm ci", true},
		{"cd l2 && npm ci", true},
		{"cd l3 && npm ci", true},
		{"cd l4 && npm install", true},
		{"cd lok && npm ci", false},
		{"cd h1 && npm install", true},
		{"cd h2 && npm install", true},
		{"cd h3 && npm install", true},
		{"cd h4 && npm install", true},
		{"cd h5 && npm install", true},
		{"cd k1 && pnpm install", false}, // catalog:, jsr:, git@HOST: are registries and remotes (review 38a FP)
		{"cd k1 && npm install", false},
		{"cd k2 && pnpm install", true},
		{"cd k3 && pnpm install", true},
		{"cd g1 && npm install", true},
		{"cd g2 && npm install", true},
		{"cd g3 && npm install", true},
		{"cd g4 && npm install", true},
		{"cd ok && npm install", false},
		{"cd ok && npm ci", false},
	})
}

// TestNpmAfterDashes: npm's parser (nopt) takes the words after -- as
// its operands, the subcommand among them: npm -- ci empties a linked
// node_modules, npm i -- ./lp runs ./lp's install scripts (review 40a F3).
func TestNpmAfterDashes(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json": "{}\n",
		"~/.bashrc":           "echo orig\n",
		"n/package.json":      `{"name":"n","version":"1.0.0","scripts":{"build":"echo ok"}}`,
		"n/node_modules":      "->../../.guard",
		"l/package.json":      `{"name":"l","version":"1.0.0"}`,
		"l/lp/package.json":   `{"name":"lp","version":"1.0.0","scripts":{"postinstall":"echo x >> ~/.bashrc"}}`,
	}
	runPrograms(t, files, []programCase{
		{"cd n && npm -- ci", true},
		{"cd n && npm -- pack", true},
		{"cd l && npm i -- ./lp", true},
		{"cd n && npm run build -- --prod", false},
		{"cd l && npm test -- -u", false},
		{"cd l && npm rebuild", true}, // node_modules' install scripts (review 40a F8)
		{"cd l && npm rb lp", true},
		{"cd l && npm rebuild --ignore-scripts", false},
	})
}

// TestNpmAsNoptReads: npm's command word is found and spelled as npm
// finds it (an option's value is no command, reb is rebuild, installTest
// install-test) and --ignore-scripts counts as nopt reads it (the last
// word wins, a next word true or false is its value) (review 41a G2, G3).
func TestNpmAsNoptReads(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json":  "{}\n",
		"~/.bashrc":            "echo orig\n",
		"l/package.json":       `{"name":"l","version":"1.0.0","scripts":{"build":"echo ok"}}`,
		"l/lp/package.json":    `{"name":"lp","version":"1.0.0","scripts":{"postinstall":"echo x >> ~/.bashrc"}}`,
		"l/node_modules/x.txt": "x",
	}
	runPrograms(t, files, []programCase{
		{"cd l && npm reb", true},
		{"cd l && npm rebuil", true},
		{"cd l && npm --loglevel silent rebuild", true},
		{"cd l && npm --cache /tmp/c rebuild", true},
		{"cd l && npm --reg http://r.example rebuild", true},
		{"cd l && npm rebuild --ignore-scripts false", true},
		{"cd l && npm --ignore-scripts false rebuild", true},
		{"cd l && npm rebuild --ignore-scripts --no-ignore-scripts", true},
		{"cd l && npm installTest ./lp", true},
		{"cd l && npm install-tes ./lp", true},
		{"cd l && npm --loglevel silent i ./lp", true},
		{"cd l && npm rebuild --ignore-scripts true", false},
		{"cd l && npm --ignore-scripts rebuild", false},
		{"cd l && npm --no-ignore-scripts --ignore-scripts rebuild", false},
		{"cd l && npm --silent run build", false},
		{"cd l && npm --tag next ls", false},
	})
}
