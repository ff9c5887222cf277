package catalogue

import "testing"

func TestRunsAs(t *testing.T) {
	for base, want := range map[string]string{
		"npm-cli.js": "npm", "npm-cli": "npm", "npm": "npm", "npx-cli.js": "npx", "pnpm.cjs": "pnpm",
		"pnpm.mjs": "pnpm", "yarn.js": "yarn", "yarn-4.1.0.cjs": "yarn", "corepack.js": "corepack",
		"npm-prefix.js": "npm-prefix.js", "tsc": "tsc", "build.js": "build.js", "cli.js": "cli.js", "-cli.js": "-cli.js",
	} {
		if got := RunsAs(base); got != want {
			t.Errorf("RunsAs(%q) = %q, want %q", base, got, want)
		}
	}
}
