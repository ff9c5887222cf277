package hook

import (
	"fmt"
	"testing"
)

// TestCargoBuildRuns: cargo build, check, clippy and doc compile a
// package's library and binaries and run only its build scripts and
// proc-macro crates: a path literal in the library's code (ripgrep's
// `td.path().join(".git/info")` in a test module) is no write of
// cargo build's, while cargo test and run, which run that code, still
// scan it; a build script, a proc macro, a custom build script, a local
// build-dependency and include_str! of a protected file still block, and
// the tests/ directory is compiled only for cargo test or --all-targets
// (FINDINGS56c FP-M13).
func TestCargoBuildRuns(t *testing.T) {
	const pkg = "[package]\nname = \"%s\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"
	toml := func(name, more string) string { return fmt.Sprintf(pkg, name) + more }
	const evil = "fn main(){ std::fs::write(std::env::var(\"HOME\").unwrap() + \"/.bashrc\", \"x\").unwrap(); }\n"
	files := map[string]string{
		"~/.ssh/id_rsa":      "KEY\n",
		"lit/Cargo.toml":     toml("lit", ""),
		"lit/src/main.rs":    "fn main() {}\n#[cfg(test)]\nmod t {\n    #[test]\n    fn a() { let _ = std::env::temp_dir().join(\".git/info\"); std::fs::create_dir_all(\".git/info\").unwrap(); }\n}\n",
		"lit/tests/it.rs":    "const K: &[u8] = include_bytes!(\"../../../.ssh/id_rsa\");\n#[test]\nfn t() {}\n",
		"bs/Cargo.toml":      toml("bs", ""),
		"bs/build.rs":        evil,
		"bs/src/main.rs":     "fn main() {}\n",
		"cb/Cargo.toml":      toml("cb", "build = \"tools/gen.rs\"\n"),
		"cb/tools/gen.rs":    evil,
		"cb/src/main.rs":     "fn main() {}\n",
		"pm/Cargo.toml":      "[workspace]\nmembers = [\"app\", \"mac\"]\n",
		"pm/app/Cargo.toml":  toml("app", "\n[dependencies]\nmac = \"0.1\"\n"),
		"pm/app/src/main.rs": "fn main() {}\n",
		"pm/mac/Cargo.toml":  toml("mac", "\n[lib]\nproc-macro = true\n"),
		"pm/mac/src/lib.rs":  "use std::fs;\npub fn f() { fs::write(std::env::var(\"HOME\").unwrap() + \"/.bashrc\", \"x\").unwrap(); }\n",
		"bd/Cargo.toml":      "[workspace]\nmembers = [\"app\", \"gen\"]\n",
		"bd/app/Cargo.toml":  toml("app", "\n[build-dependencies]\ngen = { path = \"../gen\" }\n"),
		"bd/app/build.rs":    "fn main() { gen::run(); }\n",
		"bd/app/src/main.rs": "fn main() {}\n",
		"bd/gen/Cargo.toml":  toml("gen", ""),
		"bd/gen/src/lib.rs":  "pub fn run() { std::fs::write(std::env::var(\"HOME\").unwrap() + \"/.bashrc\", \"x\").unwrap(); }\n",
		"inc/Cargo.toml":     toml("inc", ""),
		"inc/src/main.rs":    "const K: &str = include_str!(\"../../../.ssh/id_rsa\");\nfn main() { println!(\"{}\", K); }\n",
		"tb/Cargo.toml":      toml("tb", "\n[[bin]]\nname = \"tb\"\npath = \"tests/main.rs\"\n"),
		"tb/tests/main.rs":   "const K: &str = include_str!(\"../../../.ssh/id_rsa\");\nfn main() { println!(\"{}\", K); }\n",
		"pa/Cargo.toml":      toml("pa", ""),
		"pa/src/main.rs":     "#[path = \"../tests/common.rs\"]\nmod common;\nfn main() {}\n",
		"pa/tests/common.rs": "pub const K: &str = include_str!(\"../../../.ssh/id_rsa\");\n",
		"ml/Cargo.toml":      toml("ml", "description = \"\"\"\nA tool.\n\"\"\"\n"),
		"ml/src/main.rs":     "fn main() {}\n",
		"ml/tests/it.rs":     "const K: &[u8] = include_bytes!(\"../../../.ssh/id_rsa\");\n#[test]\nfn t() {}\n",
		"ok/Cargo.toml":      toml("ok", ""),
		"ok/src/main.rs":     "fn main() {}\n",
		"ok/tests/it.rs":     "#[test]\nfn t() {}\n",
	}
	runPrograms(t, files, []programCase{
		{"cd lit && cargo build --release", false},
		{"cd lit && cargo check", false},
		{"cd lit && cargo clippy -- -D warnings", false},
		{"cd lit && cargo doc --no-deps", false},
		{"cd lit && cargo test", true},
		{"cd lit && cargo run", true},
		{"cd lit && cargo build --all-targets", true}, // tests/it.rs's include_bytes!
		{"cd lit && cargo clippy --tests", true},
		{"cd bs && cargo build", true},
		{"cd bs && cargo check", true},
		{"cd cb && cargo build", true},
		{"cd pm && cargo build", true},
		{"cd pm/app && cargo check", true},
		{"cd bd && cargo build", true},
		{"cd inc && cargo build", true},
		{"cd tb && cargo build", true},  // a [[bin]] whose source is in tests/
		{"cd pa && cargo build", true},  // #[path] pulls tests/common.rs into the binary
		{"cd ml && cargo build", false}, // a multi-line description: its tests/ is not built
		{"cd ok && cargo build && cargo test", false},
	})
}

// TestCargoInstallBins: cargo install --path DIR writes the programs
// DIR/Cargo.toml names into ~/.cargo/bin, and the block says which
// (FINDINGS56c W2); where guard cannot tell them all (src/bin, a
// workspace, --bin) the block stays a name it cannot tell.
func TestCargoInstallBins(t *testing.T) {
	const pkg = "[package]\nname = \"acme\"\nversion = \"0.1.0\"\n"
	_, proj := scriptWorld(t, map[string]string{
		"a/Cargo.toml":    pkg,
		"a/src/main.rs":   "fn main() {}\n",
		"b/Cargo.toml":    pkg + "\n[[bin]]\nname = \"acmectl\"\npath = \"src/ctl.rs\"\n",
		"b/src/ctl.rs":    "fn main() {}\n",
		"c/Cargo.toml":    pkg,
		"c/src/main.rs":   "fn main() {}\n",
		"c/src/bin/ls.rs": "fn main() {}\n",
		"d/Cargo.toml":    pkg + "autobins = false\n",
		"d/src/main.rs":   "fn main() {}\n",
		"e/Cargo.toml":    "[package]\nname.workspace = true\n",
		"e/src/main.rs":   "fn main() {}\n",
	})
	p := realPolicy(t, `{}`)
	for _, tc := range []struct{ cmd, reason string }{
		{"cd a && cargo install --path .", "~/.cargo/bin/acme'"},
		{"cargo install --path a", "~/.cargo/bin/acme'"},
		{"cd b && cargo install --path .", "~/.cargo/bin/acmectl'"},
		{"cd a && cargo install --path . --bin acme", "cannot work out"},
		{"cd c && cargo install --path .", "cannot work out"},
		{"cd d && cargo install --path .", "cannot work out"},
		{"cd e && cargo install --path .", "cannot work out"},
		{"cd a && mkdir -p src/bin && echo 'fn main() {}' > src/bin/ls.rs && cargo install --path .", "cannot work out"},
	} {
		checkBlock(t, p, proj, tc.cmd, true, tc.reason)
	}
}

// TestCargoLocalGit: a git dependency (or [patch], or a configuration's
// source) on a repository of this machine, file://…, is built from its
// committed code, whose build script runs and which guard does not read:
// a block, in a crate's Cargo.toml, a workspace member's and cargo's
// configuration alike; one on a network host is third-party code as a
// registry's is (FINDINGS56d P6).
func TestCargoLocalGit(t *testing.T) {
	const pkg = "[package]\nname = \"%s\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n%s\n"
	toml := func(name, deps string) string { return fmt.Sprintf(pkg, name, deps) }
	files := map[string]string{
		"fg/Cargo.toml":         toml("fg", "foo = { git = \"file:///tmp/gitdep\" }"),
		"fg/src/main.rs":        "fn main() {}\n",
		"fh/Cargo.toml":         toml("fh", "[dependencies.foo]\ngit = 'FILE://localhost/tmp/gitdep'\nbranch = \"main\""),
		"fh/src/main.rs":        "fn main() {}\n",
		"ws/Cargo.toml":         "[workspace]\nmembers = [\"app\"]\n",
		"ws/app/Cargo.toml":     toml("app", "foo = { git = \"file:///tmp/gitdep\" }"),
		"ws/app/src/main.rs":    "fn main() {}\n",
		"cf/Cargo.toml":         toml("cf", "foo = \"1\""),
		"cf/.cargo/config.toml": "[patch.crates-io]\nfoo = { git = \"file:///tmp/gitdep\" }\n",
		"cf/src/main.rs":        "fn main() {}\n",
		"nt/Cargo.toml":         toml("nt", "foo = { git = \"https://github.com/acme/foo\", rev = \"abc\" }\nbar = { git = \"ssh://git@example.com/bar.git\" }"),
		"nt/src/main.rs":        "fn main() {}\n",
	}
	runPrograms(t, files, []programCase{
		{"cd fg && cargo build", true},
		{"cd fg && cargo test", true},
		{"cd fh && cargo check", true},
		{"cd ws && cargo build", true},
		{"cd cf && cargo build", true},
		{"cd nt && cargo build", false},
		{"cd nt && cargo test", false},
		{"cd nt && cargo --config 'patch.crates-io.foo.git=\"file:///tmp/gitdep\"' build", true},
	})
}

// TestCargoProgramKeys: every key of cargo's configuration whose value is
// a program cargo runs is read as that program, wherever the setting is
// given: doc.browser (cargo doc --open), credential providers and their
// aliases, a target's linker in an inline table, an [env] entry's
// RUSTC_WRAPPER, in .cargo/config.toml, a global --config before the
// subcommand, or the key's CARGO_ variable (FINDINGS56d P11).
func TestCargoProgramKeys(t *testing.T) {
	const pkg = "[package]\nname = \"c\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"
	const spy = "#!/bin/sh\ncat $HOME/.ssh/id_rsa\nexec \"$@\"\n"
	files := map[string]string{"~/.ssh/id_rsa": "KEY\n"}
	for name, cfg := range map[string]string{
		"br": "[doc]\nbrowser = \"./b.sh\"\n",
		"il": "doc = { browser = \"./b.sh\" }\n",
		"ln": "[target]\nx86_64-unknown-linux-gnu = { linker = \"./b.sh\" }\n",
		"gp": "[registry]\nglobal-credential-providers = [\"cargo:token\", \"cargo:token-from-stdout ./b.sh\"]\n",
		"ca": "[registry]\ncredential-provider = \"mine\"\n[credential-alias]\nmine = [\"./b.sh\", \"x\"]\n",
		"ev": "[env]\nRUSTC_WRAPPER = { value = \"./b.sh\", relative = true }\n",
		"ok": "[build]\njobs = 4\n[registry]\nglobal-credential-providers = [\"cargo:token\"]\n[env]\nRUST_LOG = \"debug\"\n[doc]\nbrowser = \"firefox\"\n",
		"no": "",
	} {
		files[name+"/Cargo.toml"] = pkg
		files[name+"/src/main.rs"] = "fn main() {}\n"
		files[name+"/b.sh"] = spy
		if cfg != "" {
			files[name+"/.cargo/config.toml"] = cfg
		}
	}
	runPrograms(t, files, []programCase{
		{"cd br && cargo doc --open", true},
		{"cd il && cargo doc --open", true},
		{"cd ln && cargo build", true},
		{"cd gp && cargo publish --dry-run", true},
		{"cd ca && cargo publish --dry-run", true},
		{"cd ev && cargo build", true},
		{"cd no && cargo --config 'doc.browser=\"./b.sh\"' doc --open", true},
		{"cd no && cargo --config 'doc={browser=\"./b.sh\"}' doc --open", true},
		{"cd no && CARGO_DOC_BROWSER=./b.sh cargo doc --open", true},
		{"cd no && CARGO_REGISTRY_CREDENTIAL_PROVIDER='cargo:token-from-stdout ./b.sh' cargo publish --dry-run", true},
		{"cd ok && cargo build && cargo test && cargo doc --open", false},
		{"cd no && cargo --config build.jobs=4 build && cargo doc", false},
	})
}
