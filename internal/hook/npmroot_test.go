package hook

import "testing"

// TestNpmRoots: where npm writes is read as npm finds it. A workspace
// member's install works at the workspace's root above it; --prefix is
// read as nopt reads it, and a word that may be --prefix but guard cannot
// tell blocks (review 35a F2, F4).
func TestNpmRoots(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json":       "{}\n",
		"w/package.json":            `{"name":"root","workspaces":["d"]}`,
		"w/node_modules":            "->../../.guard",
		"w/d/package.json":          `{"name":"d","version":"1.0.0"}`,
		"u/package.json":            "{not json",
		"u/node_modules":            "->../../.guard",
		"u/d/package.json":          `{"name":"d","version":"1.0.0"}`,
		"p/package.json":            `{"name":"p","version":"1.0.0"}`,
		"p/d/package.json":          `{"name":"d","version":"1.0.0"}`,
		"p/d/package-lock.json":     "{}\n",
		"p/d/node_modules":          "->../../../.guard",
		"ok/package.json":           `{"name":"ok","workspaces":["d"],"scripts":{"postinstall":"echo ok"}}`,
		"s/package.json":            `{"name":"s","workspaces":["d","e"],"scripts":{"postinstall":"echo x >> ~/.bashrc"}}`,
		"s/d/package.json":          `{"name":"d","version":"1.0.0","scripts":{"test":"echo ok"}}`,
		"t/package.json":            `{"name":"t","workspaces":["d","e"]}`,
		"t/d/package.json":          `{"name":"d","version":"1.0.0"}`,
		"t/e/package.json":          `{"name":"e","version":"1.0.0","scripts":{"install":"echo x >> ~/.bashrc"}}`,
		"ok/d/package.json":         `{"name":"d","version":"1.0.0"}`,
		"ok/sub/d/package.json":     `{"name":"d","version":"1.0.0"}`,
		"plain/package.json":        `{"name":"plain","version":"1.0.0"}`,
		"plain/d/package.json":      `{"name":"d","version":"1.0.0"}`,
		"plain/node_modules/x/a.js": "1\n",
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
	runPrograms(t, files, []programCase{
		{"cd g1 && npm install", true},
		{"cd g2 && npm install", true},
		{"cd g3 && npm install", true},
		{"cd g4 && npm install", true},
		{"cd ok && npm install", false},
		{"cd ok && npm ci", false},
	})
}
