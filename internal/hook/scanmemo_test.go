package hook

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/detect/secret"
)

// TestScanMemo: a file scanned twice in one process is read once while it
// is unchanged, and again once it changed.
func TestScanMemo(t *testing.T) {
	p := filepath.Join(t.TempDir(), "settings.py")
	if err := os.WriteFile(p, []byte("x = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d := secret.New()
	var b scanBudget
	if _, hit, err := scanFile(d, p, &b, false); hit || err != nil {
		t.Fatalf("clean file: hit %v, err %v", hit, err)
	}
	if _, hit, err := scanFile(d, p, &b, false); hit || err != nil || b.files != 1 {
		t.Fatalf("second scan: hit %v, err %v, files read %d, want 1", hit, err, b.files)
	}
	tok := "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
	if err := os.WriteFile(p, []byte("TOKEN = \""+tok+"\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Second)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	if _, hit, err := scanFile(d, p, &b, false); !hit || err != nil || b.files != 2 {
		t.Fatalf("changed file: hit %v, err %v, files read %d, want a hit of a second read", hit, err, b.files)
	}
}
