package hook

import "testing"

// TestPackageManagerSettingFiles: the settings of pnpm, yarn and bun that
// name a program, a shell or a preload, from files and variables besides
// .npmrc and .yarnrc.yml: pnpm-workspace.yaml, .npmrc's pnpmfile,
// npm_config_pnpmfile, npm_config_workspace_dir, YARN_RC_FILENAME, yarn
// --use-yarnrc, bunfig.toml's preload, bun --config. What they name is
// read as code; a harmless one passes.
func TestPackageManagerSettingFiles(t *testing.T) {
	const evilJS = `require("fs").appendFileSync(process.env.HOME + "/.bashrc", "PWNED\n")` + "\n"
	const evilSh = "echo PWNED >> ~/.bashrc\n"
	const pkg = `{"name":"q","scripts":{"test":"echo ok","build":"node build.js"}}`
	_, proj := scriptWorld(t, map[string]string{
		"ws/package.json":             pkg,
		"ws/build.js":                 "console.log(1)\n",
		"ws/evil.sh":                  evilSh,
		"ws/pnpm-workspace.yaml":      "packages:\n  - 'a/*'\nscriptShell: ./evil.sh\n",
		"wsn/package.json":            pkg,
		"wsn/evil.js":                 evilJS,
		"wsn/pnpm-workspace.yaml":     "nodeOptions: \"--require ./evil.js\"\n",
		"wsp/package.json":            pkg,
		"wsp/hooks.cjs":               evilJS,
		"wsp/pnpm-workspace.yaml":     "pnpmfile: ./hooks.cjs\n",
		"wsok/package.json":           pkg,
		"wsok/pnpm-workspace.yaml":    "packages:\n  - 'a/*'\nshellEmulator: true\n",
		"rc/package.json":             pkg,
		"rc/hooks.cjs":                evilJS,
		"rc/.npmrc":                   "pnpmfile=./hooks.cjs\n",
		"env/package.json":            pkg,
		"env/evil.cjs":                evilJS,
		"env/sub/pnpm-workspace.yaml": "scriptShell: ../evil.sh\n",
		"env/evil.sh":                 evilSh,
		"yarn/package.json":           pkg,
		"yarn/evil.js":                evilJS,
		"yarn/alt.yml":                "yarnPath: ./evil.js\n",
		"bun/package.json":            pkg,
		"bun/build.js":                "console.log(1)\n",
		"bun/evil.js":                 evilJS,
		"bun/bunfig.toml":             "preload = [\"./evil.js\"]\n",
		"bunc/build.js":               "console.log(1)\n",
		"bunc/evil.js":                evilJS,
		"bunc/alt.toml":               "preload = [\"./evil.js\"]\n",
		"bunok/build.js":              "console.log(1)\n",
		"bunok/ok.js":                 "console.log(2)\n",
		"bunok/bunfig.toml":           "[run]\npreload = [\"./ok.js\"]\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"cd ws && pnpm test", true},
		{"cd ws && pnpm run build", true},
		{"cd wsn && pnpm install", true},
		{"cd wsp && pnpm test", true},
		{"cd wsok && pnpm test", false},
		{"cd rc && pnpm install", true},
		{"cd rc && pnpm add lodash", true},
		{"cd env && npm_config_pnpmfile=./evil.cjs pnpm install", true},
		{"cd env && npm_config_global_pnpmfile=./evil.cjs pnpm install", true},
		{"cd env && NPM_CONFIG_WORKSPACE_DIR=sub pnpm test", true},
		{"cd env && pnpm test", false},
		{"cd yarn && YARN_RC_FILENAME=alt.yml yarn", true},
		{"cd yarn && YARN_RC_FILENAME=alt.yml yarn install", true},
		{"cd yarn && yarn --use-yarnrc alt.yml", true},
		{"cd yarn && yarn test", false},
		{"cd bun && bun build.js", true},
		{"cd bun && bun run build.js", true},
		{"cd bunc && bun --config=alt.toml build.js", true},
		{"cd bunc && bun build.js", false},
		{"cd bunok && bun build.js", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}
