package hook

import (
	"strings"
	"testing"
)

// TestNpmRootLifecycle: npm runs the project's own install lifecycle
// (prepare: husky writing .git/config) only where it installs the
// project itself (install with no package named, install ., ci, a bare
// link); install PKG, uninstall, update, dedupe, prune and audit fix run
// only its dependencies script, and audit, exec run none of its scripts
// (npm 11, checked with a real run; FINDINGS56c FP-M9, FP-M21). The
// scripts those commands do run are still checked, and a workspace
// member's install scripts still run where it is linked.
func TestNpmRootLifecycle(t *testing.T) {
	const evil = "echo x >> ~/.bashrc"
	const pkg = `{"name":"app","version":"1.0.0","scripts":{"prepare":"` + evil + `",` +
		`"format":"prettier --write \"src/**/*.{ts,tsx,css}\"","test":"vitest run"%s}}`
	_, proj := scriptWorld(t, map[string]string{
		"h/package.json":    strings.Replace(pkg, "%s", "", 1),
		"h/src/a.ts":        "export const a = 1\n",
		"d/package.json":    strings.Replace(pkg, "%s", `,"dependencies":"`+evil+`"`, 1),
		"w/package.json":    `{"name":"r","private":true,"workspaces":["m"]}`,
		"w/m/package.json":  `{"name":"m","version":"1.0.0","scripts":{"prepare":"` + evil + `"}}`,
		"hm/package.json":   `{"name":"r","private":true,"workspaces":["m"]}`,
		"hm/m/package.json": `{"name":"m","version":"1.0.0","scripts":{"build":"` + evil + `"}}`,
	})
	p := realPolicy(t, `{}`)
	for _, cmd := range []string{
		"npm i -D vitest@latest", "npm install --save lodash", "npm install ./dep", "npm uninstall lodash", "npm rm lodash",
		"npm update", "npm update lodash", "npm dedupe", "npm prune", "npm audit", "npm audit fix", "npm audit signatures",
		"npm exec -- vitest run", "npm exec vitest", "npm x vitest", "npm link lodash",
	} {
		checkBlock(t, p, proj, "cd h && "+cmd, false, "")
	}
	for _, cmd := range []string{
		"cd h && npm install", "cd h && npm ci", "cd h && npm install .", "cd h && npm install ../h", "cd h && npm i ./",
		"cd h && npm install $X", "cd h && npm link", "cd h && npm install-test",
		"cd d && npm install lodash", "cd d && npm uninstall lodash", "cd d && npm update", "cd d && npm audit fix",
		"cd w && npm install lodash", "cd w && npm uninstall lodash", "cd w && npm dedupe",
		"cd h && npm exec -- sh -c 'echo x >> ~/.bashrc'",
	} {
		checkBlock(t, p, proj, cmd, true, "")
	}
	for _, cmd := range []string{"cd hm && npm install lodash", "cd hm && npm uninstall lodash"} {
		checkBlock(t, p, proj, cmd, false, "")
	}
}
