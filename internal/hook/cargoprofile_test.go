package hook

import "testing"

// TestCargoManifestProfileRustflags: with cargo-features =
// ["profile-rustflags"] (stable cargo takes it under RUSTC_BOOTSTRAP=1),
// a Cargo.toml's [profile.*] rustflags, with its package.<spec> and
// build-override tables, are rustc's options, as .cargo/config.toml's are:
// -C linker=PROG runs PROG (FINDINGS59c C7). A profile without flags, or
// with harmless ones, stays allowed.
func TestCargoManifestProfileRustflags(t *testing.T) {
	const pkg = "cargo-features = [\"profile-rustflags\"]\n[package]\nname = \"r\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"
	const evil = "echo MKSH >> $HOME/.bashrc\n"
	files := map[string]string{
		"rs/Cargo.toml":  pkg + "\n[profile.dev]\nrustflags = [\"-Clinker=./evil.sh\"]\n",
		"rs/evil.sh":     evil,
		"rs/src/main.rs": "fn main() {}\n",
		"rm/Cargo.toml":  pkg + "\n[profile.dev]\nrustflags = [\n  \"-C\",\n  \"linker=./evil.sh\",\n]\n",
		"rm/evil.sh":     evil,
		"rm/src/main.rs": "fn main() {}\n",
		"rp/Cargo.toml":  pkg + "\n[profile.release.package.\"*\"]\nrustflags = [\"-C\", \"linker=./evil.sh\"]\n",
		"rp/evil.sh":     evil,
		"rp/src/main.rs": "fn main() {}\n",
		"ok/Cargo.toml":  "[package]\nname = \"ok\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = { version = \"1\", features = [\n  \"derive\",\n] }\n\n[profile.release]\nopt-level = 3\nlto = true\n",
		"ok/src/main.rs": "fn main() {}\n",
		"nf/Cargo.toml":  pkg + "\n[profile.dev]\nrustflags = [\"-C\", \"target-cpu=native\"]\n",
		"nf/src/main.rs": "fn main() {}\n",
	}
	runPrograms(t, files, []programCase{
		{"cd rs && RUSTC_BOOTSTRAP=1 cargo build", true},
		{"cd rm && RUSTC_BOOTSTRAP=1 cargo build", true},
		{"cd rp && RUSTC_BOOTSTRAP=1 cargo build --release", true},
		{"cd ok && cargo build --release", false},
		{"cd nf && RUSTC_BOOTSTRAP=1 cargo build", false},
	})
}
