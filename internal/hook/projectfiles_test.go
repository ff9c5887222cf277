package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestProjectFilesAbove: a tool's project files are looked for where the
// tool looks: npm, yarn and pnpm run the scripts of the
// nearest package.json above the working directory and read each .npmrc
// up to the root; cargo merges every .cargo/config.toml up to the root;
// just, task and poe read the nearest task file above. Everyday commands
// in a subdirectory of a clean project and in a cargo workspace member
// stay allowed.
func TestProjectFilesAbove(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	files := map[string]string{
		"evil/package.json":       `{"scripts":{"lint":"echo P >> ~/.bashrc","test":"./run.sh"}}`,
		"evil/run.sh":             "echo P >> ~/.bashrc\n",
		"evil/src/a.js":           "",
		"evil/.cargo/config.toml": "[build]\nrustc-wrapper = \"./run.sh\"\n",
		"evil/rs/Cargo.toml":      "[package]\nname = \"rs\"\nversion = \"0.1.0\"\n",
		"evil/rs/src/main.rs":     "fn main() {}\n",
		"rc/.npmrc":               "node-options=--require ./e.js\n",
		"rc/e.js":                 "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'P')\n",
		"rc/pkg/package.json":     `{"scripts":{"test":"node --version"}}`,
		"rc/pkg/sub/x":            "",
		"tasks/justfile":          "x:\n\techo P >> ~/.bashrc\n",
		"tasks/Taskfile.yml":      "version: 3\ntasks:\n  x:\n    cmds:\n      - echo P >> ~/.bashrc\n",
		"tasks/pyproject.toml":    "[tool.poe.tasks]\nx = \"cp a ~/.bashrc\"\n",
		"tasks/a/b/x":             "",
		"clean/package.json":      `{"scripts":{"test":"node --test","build":"tsc","lint":"eslint ."}}`,
		"clean/test/a.test.js":    "console.log(1)\n",
		"clean/src/a.js":          "",
		"ws/Cargo.toml":           "[workspace]\nmembers = [\"member\"]\n",
		"ws/.cargo/config.toml":   "[build]\nrustflags = [\"-C\", \"target-cpu=native\"]\n[alias]\nb = \"build\"\n",
		"ws/member/Cargo.toml":    "[package]\nname = \"member\"\nversion = \"0.1.0\"\n",
		"ws/member/src/main.rs":   "fn main() {}\n",
	}
	// A file above guard cannot read whole: it cannot tell what runs.
	files["big/.cargo/config.toml"] = "# " + strings.Repeat("x", 300<<10) + "\n"
	files["big/rs/Cargo.toml"] = files["evil/rs/Cargo.toml"]
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	text, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands.Bash.Match = policy.MatchCommands
	tests := []struct{ cwd, cmd, want string }{
		{"evil/src", "npm run lint", "block"},
		{"evil/src", "yarn lint", "block"},
		{"evil/src", "pnpm run lint", "block"},
		{"evil/src", "npm test", "block"}, // ./run.sh in the package's directory
		{"evil/rs", "cargo build", "block"},
		{"evil/rs", "cargo check", "block"},
		{"rc/pkg/sub", "npm test", "block"},
		{"big/rs", "cargo build", "block"},
		{"tasks/a/b", "just x", "block"},
		{"tasks/a/b", "task x", "block"},
		{"tasks/a/b", "poe x", "block"},
		{"clean/src", "npm test", "allow"},
		{"clean/test", "npm run build", "allow"},
		{"clean/src", "yarn test", "allow"},
		{"ws/member", "cargo build", "allow"},
		{"ws/member", "cargo test", "allow"},
		{"ws/member", "cargo b", "allow"},
	}
	for _, tt := range tests {
		for _, p := range []*policy.Policy{text, commands} {
			r, err := DryRun(p, "command", tt.cmd, filepath.Join(dir, tt.cwd))
			if err != nil {
				t.Errorf("%s: %q (%s): %v", tt.cwd, tt.cmd, p.Bash.Match, err)
				continue
			}
			if r.Verdict != tt.want {
				t.Errorf("%s: %q (%s) = %s (%s), want %s", tt.cwd, tt.cmd, p.Bash.Match, r.Verdict, r.Reason, tt.want)
			}
		}
	}
}
