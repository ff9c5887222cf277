package policy

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPackageScriptsExactKeys: a hook's `npm run NAME` is read from
// package.json's "scripts" as npm reads it: a "Scripts" key after it
// does not replace its lines (FINDINGS55a N6).
func TestPackageScriptsExactKeys(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{`{"scripts":{"lint":"eslint ."},"Scripts":{"lint":"echo ok"}}`, []string{"eslint ."}},
		{`{"ſcripts":{"lint":"echo ok"},"scripts":{"lint":"eslint ."}}`, []string{"eslint ."}},
		{`{"Scripts":{"lint":"eslint ."}}`, nil},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := packageScripts(dir, "lint"); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.text, got, tc.want)
		}
	}
}
