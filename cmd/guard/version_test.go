package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/testenv"
)

func TestReadVersion(t *testing.T) {
	vcs := func(rev, tm, modified string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: "github.com/guardhq/guard", Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "-trimpath", Value: "true"},
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: tm},
			{Key: "vcs.modified", Value: modified},
		}}
	}
	mod := func(v string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: "github.com/guardhq/guard", Version: v, Sum: "h1:x"}}
	}
	const rev = "e621890a1b2c3d4e5f60718293a4b5c6d7e8f901"
	for _, tc := range []struct {
		name                string
		file, ldv, ldc, ldd string
		bi                  *debug.BuildInfo
		want                string
	}{
		{"make build in a checkout", "0.2.0\n", "", "", "", vcs(rev, "2026-11-23T21:25:00Z", "false"),
			"guard 0.2.0 (e621890a1b2c, 2026-11-23T21:25:00Z)"},
		{"uncommitted changes", "0.2.0\n", "", "", "", vcs(rev, "2026-11-23T21:25:00Z", "true"),
			"guard 0.2.0 (e621890a1b2c+dirty, 2026-11-23T21:25:00Z)"},
		{"goreleaser snapshot", "0.2.0\n", "0.2.0-snapshot", "", "", vcs(rev, "2026-11-23T21:25:00Z", "false"),
			"guard 0.2.0-snapshot (e621890a1b2c, 2026-11-23T21:25:00Z)"},
		{"go install at the release tag", "0.2.0\n", "", "", "", mod("v0.2.0"),
			"guard 0.2.0"},
		{"go install at a commit", "0.2.0\n", "", "", "", mod("v0.2.1-0.20261123212500-e621890a1b2c"),
			"guard 0.2.0 (e621890a1b2c, 2026-11-23T21:25:00Z)"},
		{"go install at a commit before any tag", "0.2.0", "", "", "", mod("v0.0.0-20261123212500-e621890a1b2c"),
			"guard 0.2.0 (e621890a1b2c, 2026-11-23T21:25:00Z)"},
		{"a source tarball with ldflags", "0.2.0\n", "", "abc1234", "2026-01-02T03:04:05Z", mod("(devel)"),
			"guard 0.2.0 (abc1234, 2026-01-02T03:04:05Z)"},
		{"ldflags win over vcs", "0.2.0\n", "", "abc1234", "", vcs(rev, "2026-11-23T21:25:00Z", "true"),
			"guard 0.2.0 (abc1234)"},
		{"make build: the full hash, dirty", "0.2.0\n", "", rev + "+dirty", "2026-11-23T21:25:00Z", nil,
			"guard 0.2.0 (e621890a1b2c+dirty, 2026-11-23T21:25:00Z)"},
		{"goreleaser release", "0.2.0\n", "0.2.0", rev, "2026-11-23T21:25:00Z", vcs("", "", ""),
			"guard 0.2.0 (e621890a1b2c, 2026-11-23T21:25:00Z)"},
		{"no build information", "0.2.0\n", "", "", "", nil, "guard 0.2.0"},
		{"go test (devel, no vcs)", "0.2.0\n", "", "", "", mod("(devel)"), "guard 0.2.0"},
		{"empty file", "", "", "", "", nil, "guard unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := readVersion(tc.file, tc.ldv, tc.ldc, tc.ldd, tc.bi).String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestVersionFile checks the one place the version is written: a semantic
// version, one line, and what `guard --version` starts with.
func TestVersionFile(t *testing.T) {
	b, err := os.ReadFile("VERSION")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?\n$`).Match(b) {
		t.Errorf("VERSION is %q, want one line holding a semantic version such as 0.2.0", b)
	}
	if got := versionString(); !strings.HasPrefix(got, "guard "+strings.TrimSpace(string(b))) {
		t.Errorf("versionString() = %q, want it to start with guard %s", got, b)
	}
}

// TestBuiltVersion builds guard as `make build` does and as `go install
// …@v<VERSION>` does (from the module's files, without .git), and checks what
// --version says: the VERSION file, and for make the commit git has.
// (goreleaser's binaries are checked by the installer tests.)
func TestBuiltVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds guard")
	}
	testenv.Need(t, "git", "make")
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	when, err := exec.Command("git", "log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%dT%H:%M:%SZ").Output()
	if err != nil {
		t.Fatal(err)
	}
	ver := regexp.QuoteMeta(strings.TrimSpace(releaseVersion))

	bin := filepath.Join(t.TempDir(), "guard")
	mk := exec.Command("make", "-s", "-C", filepath.Join("..", ".."), "build", "BIN="+bin)
	mk.Env = append(os.Environ(), "TZ=Asia/Tokyo") // the date is UTC whatever the zone
	if out, err := mk.CombinedOutput(); err != nil {
		t.Fatalf("make build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`^guard ` + ver + ` \(` + string(head[:12]) + `(\+dirty)?, ` +
		regexp.QuoteMeta(strings.TrimSpace(string(when))) + `\)\n$`)
	if !want.Match(out) {
		t.Errorf("make build: --version says %q, want %s", out, want)
	}

	// go install …@vX builds the module's files, with no .git: the version alone.
	src := filepath.Join(t.TempDir(), "src")
	archive := exec.Command("sh", "-c", `git -C ../.. ls-files -z -c -o --exclude-standard | (cd ../.. && xargs -0 tar -cf -) | tar -xf - -C "$0"`, src)
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := archive.CombinedOutput(); err != nil {
		t.Fatalf("copying the module: %v\n%s", err, out)
	}
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/guard")
	build.Dir = src
	build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOFLAGS=-buildvcs=auto")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if out, err = exec.Command(bin, "--version").Output(); err != nil || string(out) != "guard "+strings.TrimSpace(releaseVersion)+"\n" {
		t.Errorf("built without git: --version says %q (%v), want guard %s", out, err, releaseVersion)
	}
}
