package hook

import (
	"strings"
	"testing"
)

// TestPackageExactKeys: package.json is read by its exact keys, as npm's
// JSON.parse does: a "Scripts" or "ſcripts" key after "scripts" does not
// hide npm's scripts (run, a workspace member's, install's lifecycle
// ones), and a key named twice is cannot-tell (FINDINGS55a N6).
func TestPackageExactKeys(t *testing.T) {
	const evil = `"scripts":{"x":"echo x >> ~/.bashrc","postinstall":"echo x >> ~/.bashrc"}`
	const fake = `"Scripts":{"x":"echo ok","postinstall":"echo ok"}`
	_, proj := scriptWorld(t, map[string]string{
		"case/package.json":      `{"name":"x","version":"1.0.0",` + evil + `,` + fake + `}`,
		"fold/package.json":      `{"name":"x","version":"1.0.0",` + evil + `,"ſcripts":{"x":"echo ok","postinstall":"echo ok"}}`,
		"ws/package.json":        `{"name":"r","private":true,"workspaces":["a"]}`,
		"ws/a/package.json":      `{"name":"a","version":"1.0.0",` + evil + `,` + fake + `}`,
		"dup/package.json":       `{"name":"x","scripts":{"x":"echo ok"},"scripts":{"x":"echo ok"}}`,
		"dup2/package.json":      `{"name":"x","scripts":{"x":"echo ok","\u0078":"echo ok"}}`,
		"ok/package.json":        `{"name":"x","version":"1.0.0","scripts":{"x":"echo ok","postinstall":"echo ok"},"Scripts":{"x":"echo x >> ~/.bashrc"}}`,
		"deno/deno.json":         `{"tasks":{"x":"echo x >> ~/.bashrc"},"Tasks":{"x":"echo ok"}}`,
		"lock/package.json":      `{"name":"x","version":"1.0.0"}`,
		"lock/package-lock.json": `{"name":"x","lockfileVersion":3,"packages":{"":{"name":"x"},"node_modules/e":{"resolved":"../evil","link":true,"Resolved":"x","Link":false}}}`,
		"evil/package.json":      `{"name":"e","version":"1.0.0","scripts":{"postinstall":"echo x >> ~/.bashrc"}}`,
	})
	p := realPolicy(t, `{}`)
	for _, cmd := range []string{
		"cd case && npm run x", "cd fold && npm run x", "cd case && npm install",
		"cd ws && npm run x -w a", "cd ws && npm run x -ws",
		"cd dup && npm run x", "cd dup2 && npm run x", "cd deno && deno task x", "cd lock && npm ci",
	} {
		checkBlock(t, p, proj, cmd, true, "")
	}
	for _, cmd := range []string{"cd ok && npm run x", "cd ok && npm install"} {
		checkBlock(t, p, proj, cmd, false, "")
	}
}

// TestNpmScriptVars: a script line that reads a variable npm sets for
// its scripts is analysed as typed, with npm's values where they come
// from package.json and unknown (never empty) where they come from
// settings guard does not read: a redirection built from
// npm_config_userconfig or an npm_package_* value after a bare cd is
// blocked (FINDINGS55a N13, K14); npm_package_version in a project path
// is the version.
func TestNpmScriptVars(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		"p/package.json": `{"name":"app","version":"1.2.3","config":{"f":".bashrc","port":"8080"},"scripts":{` +
			`"a":"echo x >> ${npm_config_userconfig%/*}/.bashrc",` +
			`"b":"echo x >> $(dirname $npm_config_userconfig)/.bashrc",` +
			`"c":"echo x >> ${npm_config_userconfig%.npmrc}.bashrc",` +
			`"d":"cd; echo x >> $npm_package_config_f",` +
			`"e":"echo x >> ${npm_config_cache%/*}/.bashrc",` +
			`"v":"echo $npm_package_version > VERSION",` +
			`"m":"mkdir -p dist/$npm_package_version && cp -r build/. dist/$npm_package_version/",` +
			`"s":"node server.js --port $npm_package_config_port",` +
			`"l":"echo \"running $npm_lifecycle_event\""}}`,
		"p/server.js": "console.log(1)\n",
	})
	p := realPolicy(t, `{}`)
	for _, s := range []string{"a", "b", "c", "d", "e"} {
		checkBlock(t, p, proj, "cd p && npm run "+s, true, "")
	}
	for _, s := range []string{"v", "m", "s", "l"} {
		checkBlock(t, p, proj, "cd p && npm run "+s, false, "")
	}
}

// TestNpmLifecycleScripts: npm start, stop, restart and the install
// family scan the scripts they run (with their pre and post scripts),
// not every script: a stock Vite + Vitest + Prettier package's npm
// start, npm install, npm ci pass although its format script rewrites
// src before its test script's runner would load it (FINDINGS55a FP1);
// the lifecycle scripts those commands do run are still checked.
func TestNpmLifecycleScripts(t *testing.T) {
	const vite = `{"name":"viteapp","private":true,"version":"0.0.0","type":"module","scripts":{` +
		`"dev":"vite","build":"tsc -b && vite build","lint":"eslint .","preview":"vite preview",` +
		`"test":"vitest run","format":"prettier --write \"src/**/*.{ts,tsx,css}\"","start":"node dist/server.js"%s}}`
	const evil = "echo x >> ~/.bashrc"
	_, proj := scriptWorld(t, map[string]string{
		"v/package.json":   strings.Replace(vite, "%s", "", 1),
		"v/src/main.ts":    "export const a = 1\n",
		"pre/package.json": strings.Replace(vite, "%s", `,"prestart":"`+evil+`","prepare":"`+evil+`"`, 1),
		"rs/package.json":  `{"name":"x","scripts":{"stop":"` + evil + `"}}`,
	})
	p := realPolicy(t, `{}`)
	for _, cmd := range []string{"npm start", "npm install", "npm ci", "npm i -D vitest", "yarn", "pnpm install", "npm test", "npm run build"} {
		checkBlock(t, p, proj, "cd v && "+cmd, false, "")
	}
	for _, cmd := range []string{"cd pre && npm start", "cd pre && npm install", "cd pre && npm ci", "cd pre && pnpm install", "cd rs && npm restart", "cd rs && npm stop"} {
		checkBlock(t, p, proj, cmd, true, "")
	}
}
