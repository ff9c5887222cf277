package shell

import "testing"

// TestCargoProgramVars: the CARGO_ variable of each of cargo's program keys names
// a program, the variables cargo gives build scripts and the keys that
// run nothing do not (FINDINGS56d P11).
func TestCargoProgramVars(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"RUSTC_WRAPPER", true},
		{"CARGO_BUILD_RUSTC_WRAPPER", true},
		{"CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER", true},
		{"CARGO_HOST_LINKER", true},
		{"CARGO_DOC_BROWSER", true},
		{"CARGO_REGISTRY_CREDENTIAL_PROVIDER", true},
		{"CARGO_REGISTRIES_ACME_CREDENTIAL_PROVIDER", true},
		{"CARGO_REGISTRY_GLOBAL_CREDENTIAL_PROVIDERS", true},
		{"CARGO_CREDENTIAL_ALIAS_MINE", true},
		{"CARGO_TARGET_DIR", false},
		{"CARGO_HOME", false},
		{"CARGO_PKG_NAME", false},
		{"CARGO_BUILD_JOBS", false},
		{"CARGO_ENCODED_RUSTFLAGS", false},
		{"BROWSER", false}, // read where cargo doc --open is (editorenv)
	} {
		if got := cargoVar(tc.name); got != tc.want {
			t.Errorf("cargoVar(%q) = %t, want %t", tc.name, got, tc.want)
		}
	}
}

// TestLocalGitURL: a git source is a network one only when it is an
// http(s), ssh or git URL with a host; any other value guard reads as a
// repository on this machine (FINDINGS56d P6).
func TestLocalGitURL(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want bool
	}{
		{`"https://github.com/acme/foo"`, false},
		{`'ssh://git@example.com/foo.git'`, false},
		{`"git://example.com/foo"`, false},
		{`"file:///tmp/foo"`, true},
		{`"FILE://localhost/tmp/foo"`, true},
		{`"/tmp/foo"`, true},
		{`"../foo"`, true},
		{`"https:///tmp/foo"`, true},
		{`"\u0066ile:///tmp/foo"`, true},
		{`""`, true},
		{`"""file:///x"""`, true},
		{`https://github.com/x`, true}, // not a string guard reads
	} {
		if got := localGitURL(tc.v); got != tc.want {
			t.Errorf("localGitURL(%s) = %t, want %t", tc.v, got, tc.want)
		}
	}
}
