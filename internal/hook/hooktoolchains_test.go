package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestProgramsTaskToolchains: a task's code is followed to what its
// toolchain loads: a package script's bare program on the PATH npm builds
// (node_modules/.bin and the package it links to), the directories
// go.mod's replace and go.work's use name, rustup's toolchain file and
// cargo's configuration above the crate. Both bash.match modes.
func TestProgramsTaskToolchains(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"command":"npm run lint"},{"command":"cargo run"},` +
			`{"command":"go run ./cmd/hk"}]}]}}`,
		"package.json":                      `{"scripts":{"lint":"eslint . && node tools/lint.js"}}`,
		"tools/lint.js":                     "x\n",
		"node_modules/eslint/bin/eslint.js": "x\n", "node_modules/eslint/package.json": "{}\n",
		"node_modules/left-pad/index.js": "x\n",
		"Cargo.toml":                     "[package]\nname='x'\n", "src/main.rs": "fn main(){}\n",
		"cmd/hk/main.go": "package main\n", "go.mod": "module x\nrequire example.com/lib v0.0.0\nreplace example.com/lib => ./lib\n",
		"lib/lib.go": "package lib\n", "docs/guide.md": "x\n",
	})
	if err := os.Symlink("../eslint/bin/eslint.js", filepath.Join(proj, "node_modules/.bin/eslint")); err != nil {
		os.MkdirAll(filepath.Join(proj, "node_modules/.bin"), 0o755)
		if err := os.Symlink("../eslint/bin/eslint.js", filepath.Join(proj, "node_modules/.bin/eslint")); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(proj, ".git"), 0o755)
	runHookCases(t, []hookCase{
		{proj, "echo x > node_modules/.bin/eslint", true},
		{proj, "echo x >> node_modules/eslint/bin/eslint.js", true},
		{proj, "mkdir -p node_modules/.bin && echo x > node_modules/.bin/node", true},
		{proj, "echo x >> lib/lib.go", true},
		{proj, "echo x > lib/z.go", true},
		{proj, "echo x > rust-toolchain.toml", true},
		{proj, "echo x > rust-toolchain", true},
		{proj, "mkdir -p .cargo && echo x > .cargo/config.toml", true},
		{proj, "echo x >> node_modules/left-pad/index.js", false},
		{proj, "echo x >> docs/guide.md", false},
	})
}
