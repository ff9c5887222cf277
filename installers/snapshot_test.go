package installers

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// These tests read the snapshot that snapshot() builds once per run (the
// signed release, with the tests' throwaway key): its signature, SBOMs,
// Homebrew and Scoop manifests, packages and version.

// snapshotSums reads checksums.txt into name → SHA-256.
func snapshotSums(t *testing.T, rel release) map[string]string {
	t.Helper()
	sums := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(rel["checksums.txt"])), "\n") {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("checksums.txt line %q", l)
		}
		sums[f[1]] = f[0]
	}
	return sums
}

// snapshotVersion is the version in the snapshot's archive names.
func snapshotVersion(t *testing.T, sums map[string]string) string {
	t.Helper()
	for name := range sums {
		if v, ok := strings.CutSuffix(strings.TrimPrefix(name, "guard_"), "_linux_amd64.tar.gz"); ok {
			return v
		}
	}
	t.Fatal("no linux amd64 archive in checksums.txt")
	return ""
}

func TestSnapshotSigned(t *testing.T) {
	rel := dirRelease(t, snapshot(t))
	if err := verifySSHSIG(rel["checksums.txt.sig"], rel["checksums.txt"], []string{keys.release.pub}, "guard-release"); err != nil {
		t.Errorf("checksums.txt.sig does not verify with the signing key: %v", err)
	}
	if err := verifySSHSIG(rel["checksums.txt.sig"], rel["checksums.txt"], []string{keys.other.pub}, "guard-release"); err == nil {
		t.Error("checksums.txt.sig verifies with another key")
	}
	// Every file the release publishes is in the signed list.
	sums := snapshotSums(t, rel)
	for name, data := range rel {
		switch {
		case name == "checksums.txt" || name == "checksums.txt.sig",
			name == "metadata.json" || name == "artifacts.json" || name == "config.yaml":
			continue
		}
		sum := sha256.Sum256(data)
		if sums[name] != hex.EncodeToString(sum[:]) {
			t.Errorf("%s is not in checksums.txt with its SHA-256", name)
		}
	}
}

func TestSnapshotSBOMs(t *testing.T) {
	rel := dirRelease(t, snapshot(t))
	sums := snapshotSums(t, rel)
	version := snapshotVersion(t, sums)
	for _, p := range []string{"linux_amd64", "linux_arm64", "darwin_amd64", "darwin_arm64", "windows_amd64"} {
		name := "guard_" + version + "_" + p + ".sbom.json"
		if _, ok := sums[name]; !ok {
			t.Errorf("%s is not in checksums.txt", name)
			continue
		}
		var bom struct {
			BOMFormat string `json:"bomFormat"`
			Metadata  struct {
				Component struct{ Name, Version string } `json:"component"`
			} `json:"metadata"`
			Components []struct{ Name, Version string } `json:"components"`
		}
		if err := json.Unmarshal(rel[name], &bom); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if bom.BOMFormat != "CycloneDX" || bom.Metadata.Component.Name != "github.com/guardhq/guard" || bom.Metadata.Component.Version != version {
			t.Errorf("%s: format %q, component %+v", name, bom.BOMFormat, bom.Metadata.Component)
		}
		var mods []string
		for _, c := range bom.Components {
			mods = append(mods, c.Name+"@"+c.Version)
		}
		if !slices.ContainsFunc(mods, func(m string) bool { return strings.HasPrefix(m, "github.com/spf13/cobra@v") }) {
			t.Errorf("%s does not list cobra: %v", name, mods)
		}
		// The binary's own modules: no test-only dependency.
		if slices.ContainsFunc(mods, func(m string) bool { return strings.Contains(m, "chromedp") }) {
			t.Errorf("%s lists a test dependency: %v", name, mods)
		}
	}
}

func TestSnapshotPackageManifests(t *testing.T) {
	dist := snapshot(t)
	rel := dirRelease(t, dist)
	sums := snapshotSums(t, rel)
	version := snapshotVersion(t, sums)

	cask, err := os.ReadFile(filepath.Join(dist, "homebrew", "Casks", "guard.rb"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"darwin_amd64", "darwin_arm64", "linux_amd64", "linux_arm64"} {
		name := "guard_" + version + "_" + p + ".tar.gz"
		re := regexp.MustCompile(`sha256 "` + sums[name] + `"\s+url "[^"]*/guard_#\{version\}_` + p + `\.tar\.gz"`)
		if sums[name] == "" || !re.Match(cask) {
			t.Errorf("the cask does not fetch %s with its SHA-256:\n%s", name, cask)
		}
	}
	for _, want := range []string{`version "` + version + `"`, `binary "guard"`, `bash_completion "completions/guard.bash"`,
		`zsh_completion "completions/_guard"`, `fish_completion "completions/guard.fish"`, `homepage "https://github.com/guardhq/guard"`} {
		if !bytes.Contains(cask, []byte(want)) {
			t.Errorf("the cask lacks %s", want)
		}
	}
	// Every man page in the archives, and only those (the list in
	// .goreleaser.yaml must follow the commands).
	var inArchive, inCask []string
	for m := range archiveMembers(t, "x.tar.gz", rel["guard_"+version+"_darwin_arm64.tar.gz"]) {
		if strings.HasPrefix(m, "man/") {
			inArchive = append(inArchive, m)
		}
	}
	for _, m := range regexp.MustCompile(`manpage "([^"]+)"`).FindAllSubmatch(cask, -1) {
		inCask = append(inCask, string(m[1]))
	}
	slices.Sort(inArchive)
	slices.Sort(inCask)
	if !slices.Equal(inArchive, inCask) || len(inArchive) == 0 {
		t.Errorf("homebrew_casks.manpages in .goreleaser.yaml must list every page in the archive's man/:\narchive %v\ncask    %v", inArchive, inCask)
	}

	var scoop struct {
		Version      string
		License      string
		Homepage     string
		Architecture map[string]struct {
			URL  string
			Bin  []string
			Hash string
		}
	}
	b, err := os.ReadFile(filepath.Join(dist, "scoop", "guard.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &scoop); err != nil {
		t.Fatal(err)
	}
	zip := "guard_" + version + "_windows_amd64.zip"
	a := scoop.Architecture["64bit"]
	if scoop.Version != version || scoop.License != "MIT" || a.Hash != sums[zip] || !strings.HasSuffix(a.URL, "/"+zip) || !slices.Equal(a.Bin, []string{"guard.exe"}) {
		t.Errorf("scoop manifest: %s", b)
	}
}

// TestSnapshotLinuxPackages reads the deb's control file and file list and
// the rpm's header: the metadata a package manager shows, the man pages and
// the completions where each system looks for them.
func TestSnapshotLinuxPackages(t *testing.T) {
	rel := dirRelease(t, snapshot(t))
	version := snapshotVersion(t, snapshotSums(t, rel))
	deb := rel["guard_"+version+"_linux_amd64.deb"]
	control, data := debMembers(t, deb)
	for _, want := range []string{"Package: guard\n", "Section: utils\n", "Priority: optional\n", "Architecture: amd64\n",
		"Homepage: https://github.com/guardhq/guard\n", "Maintainer: guardhq <", "Description: Checks what an AI coding agent is about to do, and logs it.\n guard runs at every hook"} {
		if !strings.Contains(control, want) {
			t.Errorf("deb control lacks %q:\n%s", want, control)
		}
	}
	for _, want := range []string{"./usr/bin/guard", "./usr/share/doc/guard/copyright", "./usr/share/man/man1/guard.1.gz",
		"./usr/share/man/man1/guard-audit-verify.1.gz", "./usr/share/bash-completion/completions/guard",
		"./usr/share/zsh/vendor-completions/_guard", "./usr/share/fish/vendor_completions.d/guard.fish"} {
		if !slices.Contains(data, want) {
			t.Errorf("deb lacks %s: %v", want, data)
		}
	}
	// An rpm's header is uncompressed: its tags can be found as strings.
	rpm := rel["guard_"+version+"_linux_amd64.rpm"]
	head := rpm[:min(len(rpm), 64<<10)]
	for _, want := range []string{"MIT", "https://github.com/guardhq/guard", "guard runs at every hook", "/usr/share/man/man1",
		"guard.1.gz", "/usr/share/zsh/site-functions", "/usr/share/licenses/guard"} {
		if !bytes.Contains(head, []byte(want)) {
			t.Errorf("rpm header lacks %q", want)
		}
	}
}

// debMembers returns a deb's control file and the paths in its data archive.
func debMembers(t *testing.T, deb []byte) (control string, data []string) {
	t.Helper()
	if !bytes.HasPrefix(deb, []byte("!<arch>\n")) {
		t.Fatal("the deb is not an ar archive")
	}
	for b := deb[8:]; len(b) >= 60; {
		name := strings.TrimRight(strings.TrimSpace(string(b[:16])), "/")
		var size int
		for _, c := range strings.TrimSpace(string(b[48:58])) {
			size = size*10 + int(c-'0')
		}
		body := b[60 : 60+size]
		b = b[60+size+size%2:]
		if !strings.HasSuffix(name, ".tar.gz") {
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tr := tar.NewReader(zr)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if strings.HasPrefix(name, "control") && strings.TrimPrefix(h.Name, "./") == "control" {
				c, _ := io.ReadAll(tr)
				control = string(c)
			}
			if strings.HasPrefix(name, "data") {
				data = append(data, h.Name)
			}
		}
	}
	if control == "" || len(data) == 0 {
		t.Fatal("the deb has no control file or no data")
	}
	return control, data
}

// TestSnapshotVersionMatchesMake: goreleaser's binary and `make build` name
// the same commit and date, and the version from cmd/guard/VERSION.
func TestSnapshotVersionMatchesMake(t *testing.T) {
	dist := snapshot(t)
	make_ := need(t, "make")[0]
	rel := dirRelease(t, dist)
	version := snapshotVersion(t, snapshotSums(t, rel))
	file, err := os.ReadFile(filepath.Join("..", "cmd", "guard", "VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	if version != strings.TrimSpace(string(file))+"-snapshot" {
		t.Errorf("snapshot version %s, want cmd/guard/VERSION + -snapshot (%s)", version, file)
	}
	if runtime.GOOS != "linux" {
		t.Skip("runs the linux binary")
	}
	bin := filepath.Join(dist, "guard_linux_"+runtime.GOARCH+map[string]string{"amd64": "_v1", "arm64": "_v8.0"}[runtime.GOARCH], "guard")
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	// make version prints VERSION, the commit (+dirty) and its date.
	mk := exec.Command(make_, "-s", "version")
	mk.Dir = ".."
	mv, err := mk.Output()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(mv))
	if len(f) != 3 || len(f[1]) < 40 {
		t.Fatalf("make version: %q", mv)
	}
	commit := snapshotCommit(t, rel)
	// (goreleaser marks a dirty tree only once the repository has a tag.)
	want := regexp.MustCompile(`^guard ` + regexp.QuoteMeta(version) + ` \(` + commit[:12] + `(\+dirty)?, ` + regexp.QuoteMeta(f[2]) + `\)\n$`)
	if !want.Match(out) {
		t.Errorf("snapshot binary says %q, want %s", out, want)
	}
	if !strings.HasPrefix(f[1], commit) || f[0] != strings.TrimSpace(string(file)) {
		t.Errorf("make version says %q, the snapshot was built from %s", mv, commit)
	}
}
