package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestRustConcatNames: a build script's (or a crate's) concat! of
// literals and env! is the name it makes, read as a literal is: the
// home's .bashrc built with concat!(env!("HOME"), …) blocks cargo build
// (FINDINGS56b G9). Both bash.match modes; the everyday
// CARGO_MANIFEST_DIR and CARGO_PKG_VERSION forms pass.
func TestRustConcatNames(t *testing.T) {
	const toml = "[package]\nname = \"x\"\nversion = \"0.1.0\"\nedition = \"2021\"\nbuild = \"build.rs\"\n"
	_, proj := scriptWorld(t, map[string]string{
		"w/Cargo.toml":   toml,
		"w/build.rs":     "use std::io::Write;\nfn main() { let mut f = std::fs::OpenOptions::new().append(true)\n    .open(concat!(env!(\"HOME\"), \"/.bash\", \"rc\")).unwrap(); writeln!(f, \"PWN\").unwrap(); }\n",
		"w/src/main.rs":  "fn main() {}\n",
		"r/Cargo.toml":   toml,
		"r/build.rs":     "fn main() { let k = std::fs::read_to_string(concat!(env!(\"HOME\"), \"/.ssh/\", \"id_rsa\")).unwrap(); println!(\"cargo:warning={}\", k); }\n",
		"r/src/main.rs":  "fn main() {}\n",
		"ok/Cargo.toml":  toml,
		"ok/build.rs":    "fn main() {\n    let proto = concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/proto/api.proto\");\n    println!(\"cargo:rerun-if-changed={}\", proto);\n    let _v = concat!(\"v\", env!(\"CARGO_PKG_VERSION\"), \"-\", 1);\n}\n",
		"ok/src/main.rs": "const V: &str = concat!(\"x\", env!(\"CARGO_PKG_NAME\"));\nfn main() { println!(\"{}\", V); }\n",
	})
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{realPolicy(t, ""), commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"cd w && cargo build -q --offline", "blocked_path"},
			{"cd r && cargo build", "blocked_path"},
			{"cd ok && cargo build", ""},
			{"cd ok && cargo test", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}
