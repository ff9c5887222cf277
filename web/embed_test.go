package web

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// The vendored chart library is the pinned npm build: its VERSION file names
// the version and the SHA-256 of the copied file (scripts/vendor-chart.sh
// writes both), and the licence travels with it.
func TestVendoredChartPinned(t *testing.T) {
	version, err := fs.ReadFile(Static, "static/vendor/chartjs/VERSION")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(version)), "\n")
	if len(lines) != 2 {
		t.Fatalf("VERSION has %d lines, want the version line and the sha256 line", len(lines))
	}
	m := regexp.MustCompile(`^chart\.js (\d+\.\d+\.\d+) \(npm\), dist/chart\.umd\.min\.js; refresh: scripts/vendor-chart\.sh (\d+\.\d+\.\d+)$`).FindStringSubmatch(lines[0])
	if m == nil || m[1] != m[2] {
		t.Fatalf("version line %q", lines[0])
	}
	want, ok := strings.CutPrefix(lines[1], "sha256 ")
	want, ok2 := strings.CutSuffix(want, "  chart.umd.min.js")
	if !ok || !ok2 || len(want) != 64 {
		t.Fatalf("sha256 line %q", lines[1])
	}
	lib, err := fs.ReadFile(Static, "static/vendor/chartjs/chart.umd.min.js")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(lib)
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Errorf("chart.umd.min.js sha256 %s, VERSION says %s: run scripts/vendor-chart.sh %s", got, want, m[1])
	}
	if !strings.Contains(string(lib[:200]), "Chart.js v"+m[1]) {
		t.Errorf("chart.umd.min.js does not announce Chart.js v%s", m[1])
	}
	licence, err := fs.ReadFile(Static, "static/vendor/chartjs/LICENSE.md")
	if err != nil || !strings.Contains(string(licence), "MIT License") {
		t.Errorf("LICENSE.md missing or not the MIT licence (%v)", err)
	}
}

// Every file the page refers to is embedded.
func TestPageAssetsEmbedded(t *testing.T) {
	page, err := fs.ReadFile(Static, "static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"#]+)"`).FindAllStringSubmatch(string(page), -1)
	if len(refs) < 4 {
		t.Fatalf("only %d asset references in index.html", len(refs))
	}
	for _, r := range refs {
		if strings.HasPrefix(r[1], "api/") {
			continue // the console's API (the export links), not a file
		}
		if _, err := fs.Stat(Static, "static/"+r[1]); err != nil {
			t.Errorf("index.html refers to %s: %v", r[1], err)
		}
	}
}
