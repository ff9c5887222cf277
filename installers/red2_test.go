package installers

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tarGzHeaders builds an archive from raw headers (links, odd names).
func tarGzHeaders(t *testing.T, hdrs []tar.Header, bodies []string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for i := range hdrs {
		h := hdrs[i]
		h.ModTime = time.Unix(1e9, 0)
		h.Size = int64(len(bodies[i]))
		if err := tw.WriteHeader(&h); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(bodies[i])); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestInstallRefusesHostileArchive: an archive (from a hostile mirror, with
// a matching checksums.txt) whose guard member is a link, or whose only
// guard sits outside the archive root, installs nothing and writes nothing
// outside the temporary directory. A symlinked guard would otherwise copy
// the file it names (a key only root can read, when sudo is used) into the
// install directory with mode 0755.
func TestInstallRefusesHostileArchive(t *testing.T) {
	unixOnly(t)
	tests := []struct {
		name   string
		hdrs   []tar.Header
		bodies []string
	}{
		{"symlink member", []tar.Header{{Name: "guard", Typeflag: tar.TypeSymlink, Linkname: "SECRET", Mode: 0o777}}, []string{""}},
		{"hard link member", []tar.Header{{Name: "guard", Typeflag: tar.TypeLink, Linkname: "SECRET", Mode: 0o755}}, []string{""}},
		{"traversal only", []tar.Header{{Name: "../guard", Typeflag: tar.TypeReg, Mode: 0o755}, {Name: "../../escaped", Typeflag: tar.TypeReg, Mode: 0o644}}, []string{fakeGuard("6.6.6"), "x"}},
		{"absolute only", []tar.Header{{Name: "/tmp/red2-escaped-guard", Typeflag: tar.TypeReg, Mode: 0o755}}, []string{fakeGuard("6.6.6")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSandbox(t)
			secret := filepath.Join(s.home, "secret-key")
			if err := os.WriteFile(secret, []byte("PRIVATE KEY\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			for i := range tc.hdrs {
				tc.hdrs[i].Linkname = strings.ReplaceAll(tc.hdrs[i].Linkname, "SECRET", secret)
			}
			rel := release{hostArchive(t, "6.6.6"): tarGzHeaders(t, tc.hdrs, tc.bodies)}.withChecksums(t)
			url, _ := serve(t, rel)
			s.env = []string{"GUARD_BASE_URL=" + url}
			out, err := s.run(t, "install.sh", false, "-b", s.prefix, "--no-init")
			if err == nil {
				t.Fatalf("install of a hostile archive succeeded:\n%s", out)
			}
			if !strings.Contains(out, "holds no guard") {
				t.Errorf("want a refusal naming the missing binary, got:\n%s", out)
			}
			s.nothingInstalled(t)
			if _, err := os.Lstat("/tmp/red2-escaped-guard"); err == nil {
				os.Remove("/tmp/red2-escaped-guard")
				t.Error("an absolute member was extracted")
			}
			if _, err := os.Lstat(filepath.Join(s.tmp, "..", "escaped")); err == nil {
				t.Error("a ../ member was extracted")
			}
		})
	}
}
