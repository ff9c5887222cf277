package hook

import "testing"

// TestImplicitOutputs: a program's own files in its project (npm ci's
// node_modules, cargo's Cargo.lock, go mod tidy's go.sum) are writes, so a
// link planted there is followed to where the write lands
// (catalogue.Outputs); in a project without one the everyday calls pass.
func TestImplicitOutputs(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json":   "{}\n",
		"np/package.json":       `{"name":"np","version":"1.0.0","scripts":{"test":"echo ok"}}`,
		"np/package-lock.json":  "{}\n",
		"np/node_modules":       "->../../.guard",
		"np/sub/x.txt":          "x\n",
		"nl/package.json":       `{"name":"nl","version":"1.0.0"}`,
		"nl/package-lock.json":  "->../../.bashrc",
		"rs/Cargo.toml":         "[package]\nname = \"rs\"\nversion = \"0.1.0\"\n",
		"rs/src/main.rs":        "fn main() {}\n",
		"rs/Cargo.lock":         "->../../.zshenv",
		"rt/Cargo.toml":         "[package]\nname = \"rt\"\nversion = \"0.1.0\"\n",
		"rt/src/main.rs":        "fn main() {}\n",
		"rt/target":             "->../../.guard",
		"gm/go.mod":             "module gm\n\ngo 1.21\n",
		"gm/go.sum":             "->../../.bash_profile",
		"okn/package.json":      `{"name":"okn","version":"1.0.0","scripts":{"test":"echo ok","build":"echo ok"}}`,
		"okn/package-lock.json": "{}\n",
		"okr/Cargo.toml":        "[package]\nname = \"okr\"\nversion = \"0.1.0\"\n",
		"okr/src/main.rs":       "fn main() {}\n",
		"okg/go.mod":            "module okg\n\ngo 1.21\n",
		"okg/a.go":              "package okg\n",
	}
	runPrograms(t, files, []programCase{
		{"cd np && npm ci", true},
		{"cd np && npm clean-install", true},
		{"cd np && npm ci --ignore-scripts", true},
		{"cd np && npm install", true},
		{"cd np/sub && npm ci", true}, // npm's root is the nearest package.json
		{"npm --prefix np ci", true},
		{"cd nl && npm install", true},
		{"cd rs && cargo metadata", true},
		{"cd rs && cargo metadata --offline", true},
		{"cd rs && cargo tree", true},
		{"cd rs && cargo fetch", true},
		{"cargo metadata --manifest-path rs/Cargo.toml", true},
		{"cd rt && cargo metadata", true},
		{"cd gm && go mod tidy", true},
		{"cd okn && npm ci", false},
		{"cd okn && npm install", false},
		{"cd okn && npm ci && npm test", false},
		{"cd okn && npm run build", false},
		{"cd okr && cargo build", false},
		{"cd okr && cargo test", false},
		{"cd okr && cargo metadata --offline", false},
		{"cd okg && go mod tidy", false},
		{"cd okg && go test ./...", false},
	})
}

// TestMemberPackages: npm runs the scripts of workspaces (-w D,
// --workspaces, every workspace's on install) and the install scripts of
// local dependencies (file:D); their package.json files are read as the
// root's is, and a list guard cannot resolve blocks.
func TestMemberPackages(t *testing.T) {
	bad := `{"name":"d","version":"1.0.0","scripts":{"build":"echo pwned >> ~/.bashrc","test":"echo pwned >> ~/.bashrc","install":"echo pwned >> ~/.bashrc"}}`
	good := `{"name":"g","version":"1.0.0","scripts":{"build":"echo ok","test":"echo ok","postinstall":"echo ok"}}`
	files := map[string]string{
		"ws/package.json":            `{"name":"ws","workspaces":["d"],"scripts":{"build":"echo ok","test":"echo ok"}}`,
		"ws/d/package.json":          bad,
		"wg/package.json":            `{"name":"wg","workspaces":["packages/*"],"scripts":{"build":"echo ok"}}`,
		"wg/packages/a/package.json": good,
		"wg/packages/b/package.json": bad,
		"wy/package.json":            `{"name":"wy","workspaces":{"packages":["packages/*"]}}`,
		"wy/packages/b/package.json": bad,
		"wx/package.json":            `{"name":"wx","workspaces":["packages/**"]}`,
		"fd/package.json":            `{"name":"fd","dependencies":{"d":"file:d"}}`,
		"fd/d/package.json":          bad,
		"fr/package.json":            `{"name":"fr","dependencies":{"e":"file:e"}}`,
		"fr/e/package.json":          `{"name":"e","dependencies":{"d":"file:../d"}}`,
		"fr/d/package.json":          bad,
		"ft/package.json":            `{"name":"ft","dependencies":{"d":"file:d.tgz"}}`,
		"ok/package.json":            `{"name":"ok","workspaces":["packages/*"],"dependencies":{"l":"file:lib","x":"^1.0.0"},"scripts":{"build":"echo ok","test":"echo ok"}}`,
		"ok/packages/a/package.json": good,
		"ok/packages/b/package.json": good,
		"ok/lib/package.json":        good,
	}
	runPrograms(t, files, []programCase{
		{"cd ws && npm run build -w d", true},
		{"cd ws && npm run build --workspace=d", true},
		{"cd ws && npm test -ws", true},
		{"cd ws && npm test --workspaces", true},
		{"cd ws && npm run build --workspaces --if-present", true},
		{"cd ws && npm ci", true},
		{"cd ws && npm install", true},
		{"cd wg && npm run build -w packages/b", true},
		{"cd wg && npm run build -w b", true},
		{"cd wy && yarn install", true},
		{"cd wx && npm test --workspaces", true},
		{"cd fd && npm ci", true},
		{"cd fd && npm install", true},
		{"cd fr && npm ci", true},
		{"cd ft && npm ci", true},
		{"cd ws && npm run build", false}, // the root's own script only
		{"cd ok && npm ci", false},
		{"cd ok && npm install", false},
		{"cd ok && npm test --workspaces", false},
		{"cd ok && npm run build -w packages/a", false},
	})
}

// TestNpmAbbreviations: npm's parser takes any prefix of a setting's
// name, so --node-opt is --node-options and --userc is --userconfig;
// guard reads them as the settings they abbreviate.
func TestNpmAbbreviations(t *testing.T) {
	files := map[string]string{
		"p/package.json":   `{"name":"p","version":"1.0.0","scripts":{"build":"node -e 1","test":"node -e 1"}}`,
		"p/b.js":           "require(\"fs\").appendFileSync(process.env.HOME + \"/.bashrc\", \"pwned\")\n",
		"p/evilrc":         "node-options=--require=./b.js\n",
		"p/d/package.json": `{"name":"d","version":"1.0.0","scripts":{"build":"echo pwned >> ~/.bashrc"}}`,
	}
	runPrograms(t, files, []programCase{
		{"cd p && npm run build --node-opt=--require=./b.js", true},
		{`cd p && npm test --node-opt="--require ./b.js"`, true},
		{"cd p && npm test -node-options=--require=./b.js", true},
		{"cd p && npm run build --userc=evilrc", true},
		{"cd p && npm run build --globalc=evilrc", true},
		{"cd p && npm run build --prefi d", true},
		{"cd p && npm run build --node=x", true}, // node-options or node-gyp: guard cannot tell
		{"cd p && npx --node-opt=--require=./b.js eslint .", true},
		{"cd p && npm run build --node-options=--require=./b.js", true},
		{"cd p && npm run build", false},
		{"cd p && npm test --global", false},
		{"cd p && npm run build --if-present --silent", false},
		{"cd p && npm install --save-dev left-pad", false},
	})
}

// TestProjectVerbs: a package manager's or build tool's subcommand writes
// files in its project that the command never names. The write verbs also
// rewrite the manifest (npm install's package.json); a subcommand guard
// does not know as a write or as harmless (npm pack's <name>-<version>.tgz,
// go work's go.work, cargo init's .gitignore) is unknown: a link leading
// out of the project where it runs blocks it. yarn alone is yarn install,
// and corepack runs the tool it names.
func TestProjectVerbs(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json":  "{}\n",
		"~/.bashrc":            "echo orig\n",
		"mf/package.json":      "->../../.bashrc",
		"mf/lp/package.json":   `{"name":"lp","version":"1.0.0"}`,
		"mz/package.json":      "->../../.zshenv",
		"pk/package.json":      `{"name":"x","version":"1.0.0"}`,
		"pk/x-1.0.0.tgz":       "->../../.bashrc",
		"gw/go.mod":            "module gw\n\ngo 1.21\n",
		"gw/go.work":           "->../../.zshenv",
		"cg/.gitignore":        "->../../.bashrc",
		"cg/Cargo.toml":        "[package]\nname = \"cg\"\nversion = \"0.1.0\"\n",
		"py/package.json":      `{"name":"py","version":"1.0.0","scripts":{"test":"echo ok"}}`,
		"py/node_modules":      "->../../.guard",
		"py/d/package.json":    `{"name":"d","version":"1.0.0"}`,
		"py/d/node_modules":    "->../../../.guard",
		"ok/package.json":      `{"name":"ok","version":"1.0.0","scripts":{"test":"echo ok","build":"echo ok"}}`,
		"ok/package-lock.json": "{}\n",
		"ok/go.mod":            "module ok\n\ngo 1.21\n",
		"ok/a.go":              "package ok\n",
		"ok/Cargo.toml":        "[package]\nname = \"ok\"\nversion = \"0.1.0\"\n",
		"ok/src/main.rs":       "fn main() {}\n",
		"ok/.gitignore":        "/target\n",
	}
	runPrograms(t, files, []programCase{
		{"cd mf && npm install ./lp", true},
		{"cd mf && npm i ./lp --no-audit", true},
		{"cd mf && npm uninstall lp", true},
		{"cd mf && npm version 2.0.0 --no-git-tag-version", true},
		{"cd mz && npm install left-pad", true},
		{"cd mz && npm link ./lp", true},
		{"cd pk && npm pack", true},
		{"cd pk && npm --json pack", true},
		{"cd pk && npm pack --dry-run", true},
		{"cd gw && go work init .", true},
		{"cd gw && go work use .", true},
		{"cd gw && go work sync", true},
		{"cd gw && go work edit -go=1.22", true},
		{"cd cg && cargo init", true},
		{"cd cg && cargo init --name x", true},
		{"cd py && yarn", true},
		{"cd py && yarn --frozen-lockfile", true},
		{"cd py && yarn --cwd d", true},
		{"cd py && corepack yarn install", true},
		{"cd py && corepack yarn", true},
		{"cd py && npx --yes yarn", true},
		{"cd py && pnpm dlx yarn", true},
		{"cd py && bunx yarn install", true},
		{"cd py && pnpm dedupe", true},
		{"cd py && pnpm prune", true},
		{"cd py && pnpm rebuild", true},
		{"cd py && pnpm import", true},
		{"cd py && yarn import", true},
		{"cd py && npm frobnicate", true},
		{"cd ok && npm test", false},
		{"cd ok && npm run build", false},
		{"cd ok && npm install", false},
		{"cd ok && npm pack", false},
		{"cd ok && npm ls", false},
		{"cd ok && yarn test", false},
		{"cd ok && yarn", false},
		{"cd ok && yarn build", false},
		{"cd ok && corepack yarn install", false},
		{"cd ok && go test ./...", false},
		{"cd ok && go build", false},
		{"cd ok && go vet ./...", false},
		{"cd ok && go run .", false},
		{"cd ok && go work init .", false},
		{"cd ok && go env GOPATH", false},
		{"cd ok && cargo test", false},
		{"cd ok && cargo build --release", false},
		{"cd ok && cargo fmt", false},
		{"cd ok && cargo init --name y", false},
		{"cd cg && cargo new x", false},
		{"cd ok && cargo --version", false},
		{"cd ok && npm --version", false},
		{"cd ok && go version", false},
	})
}

// TestPackageManagerForms (attack 39a): an option's value is no
// subcommand (npm --loglevel info pack); a run form runs a command of its
// own (npm exec -- npm pack); pnpm setup writes the shell's start-up
// file; a dangling manifest link in the working directory is the root
// file the tool writes; cargo init's operand and glued -C, pnpm's -Csub
// and workspace root; cargo uninstall's --root and bun build's --outdir
// and --compile write. A dotfile manager's links in the home are no write
// of an unknown subcommand run there.
func TestPackageManagerForms(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json":    "{}\n",
		"~/.bashrc":              "echo orig\n",
		"p1/package.json":        `{"name":"x","version":"1.0.0","scripts":{"build":"echo ok"}}`,
		"p1/x-1.0.0.tgz":         "->../../.bashrc",
		"p8/package.json":        `{"name":"x","version":"1.0.0"}`,
		"p8/sub/package.json":    `{"name":"y","version":"1.0.0"}`,
		"p8/sub/y-1.0.0.tgz":     "->../../../.bashrc",
		"p8/sub/node_modules":    "->../../../.guard",
		"p8/sub/.gitignore":      "->../../../.bashrc",
		"w3/go.mod":              "module w3\n\ngo 1.21\n",
		"w3/d/go.mod":            "->../../../.zshenv",
		"w1/pnpm-workspace.yaml": "packages: [d]\n",
		"w1/package.json":        `{"name":"w1","version":"1.0.0"}`,
		"w1/node_modules":        "->../../.guard",
		"w1/d/package.json":      `{"name":"d","version":"1.0.0"}`,
		"c1/r/.crates.toml":      "[v1]\n\"foo 0.1.0 (registry+https://github.com/rust-lang/crates.io-index)\" = [\"rules.json\"]\n",
		"c1/r/bin":               "->../../../.guard",
		"b6/a.ts":                "console.log(1)\n",
		"b6/o/a.js":              "->../../../.bashrc",
		"b7/a.ts":                "console.log(1)\n",
		"b7/a":                   "->../../.bashrc",
		"~/.npmrc":               "registry=https://registry.npmjs.org/\n",
		"q/.npmrc":               "->../../.npmrc",
		"q/package.json":         `{"name":"q","version":"1.0.0"}`,
		"ok/package.json":        `{"name":"ok","version":"1.0.0","scripts":{"build":"echo ok"}}`,
		"ok/pnpm-workspace.yaml": "packages: [d]\n",
		"ok/Cargo.toml":          "[package]\nname = \"ok\"\nversion = \"0.1.0\"\n",
		"ok/src/main.rs":         "fn main() {}\n",
		"ok/a.ts":                "console.log(1)\n",
		"ok/notes/readme.md":     "hi\n",
		"ok/readme.md":           "->notes/readme.md",
	}
	runPrograms(t, files, []programCase{
		{"cd p1 && npm --loglevel info pack", true},
		{"cd p1 && npm --userconfig x pack", true},
		{"cd p1 && npm --json pack --loglevel info", true},
		{"cd p1 && yarn --cache-folder c pack", true},
		{"cd p1 && pnpm --loglevel error pack", true},
		{"cd p8 && pnpm --dir sub pack", true},
		{"cd p8 && yarn --cwd sub pack", true},
		{"cd p1 && npm exec -- npm pack", true},
		{"cd p1 && npm x npm pack", true},
		{"cd p1 && npm exec --package=npm -- npm pack", true},
		{"cd p1 && pnpm exec npm pack", true},
		{"cd p1 && pnpm npm pack", true},
		{"cd p1 && yarn exec npm pack", true},
		{"cd p1 && yarn run npm pack", true},
		{"cd p1 && bun x npm pack", true},
		{"cd ok && pnpm setup", true},
		{"cd ok && pnpm --loglevel error setup", true},
		{"cd ok && pnpm install-completion bash", true},
		{"cd ok && pnpm config set script-shell /tmp/x", true},
		{"cd ok && pnpm set script-shell /tmp/x", true},
		{"cd w3/d && go mod init example.com/d", true},
		{"cd w3/d && go mod init", true},
		{"cd p8 && cargo init sub", true},
		{"cd p8 && cargo init --name x sub", true},
		{"cd p8 && cargo init -- sub", true},
		{"cd p8 && cargo -Zunstable-options -Csub init", true},
		{"cd p8 && pnpm -Csub install", true},
		{"cd w1/d && pnpm install", true},
		{"cd w1/d && pnpm add left-pad", true},
		{"cd c1 && CARGO_INSTALL_ROOT=r cargo uninstall foo", true},
		{"cd c1 && cargo uninstall foo --root=r", true},
		{"cd b6 && bun build a.ts --outdir o", true},
		{"cd b6 && bun build a.ts --outdir=o", true},
		{"cd b7 && bun build --compile a.ts", true},
		{"cd b7 && bun build a.ts --compile", true},
		{"cd ok && npm --loglevel info ls", false},
		{"cd ok && yarn build", false},
		{"cd ok && pnpm build", false},
		{"cd ok && yarn run build", false},
		{"cd ok && pnpm install", false},
		{"cd ok && cargo +nightly build", false},
		{"cd ok && bun build a.ts --outdir dist", false},
		{"cd ok && cargo nextest run", false}, // readme.md -> notes/readme.md stays in the project
		{"cd ok && pnpm config get registry", false},
		{"cd q && npm config get registry", false}, // q/.npmrc -> ~/.npmrc: config get writes nothing
		{"cd q && cargo +nightly build", false},
	})
}

// TestPackageManagerDotfileHome: a dotfile manager's links in the home
// (~/.bashrc -> dotfiles/bashrc) lead to a plain name in the directory:
// no write of an unknown subcommand run there (attack 39a's false
// positives).
func TestPackageManagerDotfileHome(t *testing.T) {
	files := map[string]string{
		"~/.guard/rules.json":     "{}\n",
		"~/dotfiles/npmrc":        "registry=https://registry.npmjs.org/\n",
		"~/.npmrc":                "->dotfiles/npmrc",
		"~/dotfiles/zshrc":        "echo z\n",
		"~/.zshrc":                "->dotfiles/zshrc",
		"~/dotfiles/gitconfig":    "[user]\n",
		"~/.gitconfig":            "->dotfiles/gitconfig",
		"~/dotfiles/inputrc":      "set bell-style none\n",
		"~/.inputrc":              "->dotfiles/inputrc",
		"~/dotfiles/profile":      "echo p\n",
		"~/.profile":              "->dotfiles/profile",
		"~/dotfiles/.keep":        "",
		"~/dotfiles/tmux.conf":    "set -g mouse on\n",
		"~/.tmux.conf":            "->dotfiles/tmux.conf",
		"~/dotfiles/editorconfig": "root = true\n",
		"~/.editorconfig":         "->dotfiles/editorconfig",
		"~/dotfiles/bashrc":       "echo orig\n",
		"~/.bashrc":               "->dotfiles/bashrc",
	}
	runPrograms(t, files, []programCase{
		{"cd .. && npm config get registry", false},
		{"cd .. && npm cache clean --force", false},
		{"cd .. && cargo nextest run", false},
		{"cd .. && cargo +nightly build", false},
		{"cd .. && cargo install-update -a", false},
	})
}
