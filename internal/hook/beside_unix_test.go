//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBesideAndUnknownExtractors: a program guard knows nothing of,
// handed an archive (by its suffix or its first bytes), extracts it into
// its directory word or the working directory, names guard cannot tell,
// blocked where that directory holds a repository's .git or an agent hook
// file; handed a compressed file, it may write a name beside it.
func TestBesideAndUnknownExtractors(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".git/config":           "[core]\n",
		".git/hooks/pre-commit": "#!/bin/sh\n",
		".agent_a/notes.md":     "x\n",
		"src/main.go":           "package main\n",
		"plain/keep":            "",
	})
	deb := "!<arch>\ndebian-binary   0           0     0     100644  4         `\n2.0\n"
	for name, text := range map[string]string{
		"x.deb":               deb,
		"blob":                deb,                 // an archive by its bytes, no suffix
		"x.sqfs":              "hsqs" + "\x00\x00", // squashfs
		"x.cab":               "MSCF\x00\x00\x00\x00",
		"x.rar":               "Rar!\x1a\x07\x00",
		"x.lzh":               "\x00\x00-lh5-",
		"plain/x.deb":         deb,
		".agent_a/zz.gz":      "\x1f\x8b\x08\x08",
		"src/data.json.gz":    "\x1f\x8b\x08\x08",
		"src/blob":            "\x1f\x8b\x08\x08", // compressed by its bytes
		".agent_a/blob":       "\x1f\x8b\x08\x08",
		"dist/app-1.0.tar.gz": "\x1f\x8b\x08\x08",
	} {
		f := filepath.Join(proj, name)
		os.MkdirAll(filepath.Dir(f), 0o755)
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd    string
		block  bool
		reason string
	}{
		{"dpkg-deb -x x.deb .", true, "proj/./"},         // .agent_a or .git, whichever is listed first
		{"dpkg-deb -R x.deb .", true, "proj/./"},         // .agent_a or .git, whichever is listed first
		{"dpkg -x x.deb .", true, "proj/./"},             // .agent_a or .git, whichever is listed first
		{"dpkg-deb --vextract x.deb .", true, "proj/./"}, // .agent_a or .git, whichever is listed first
		{"unsquashfs -f -d . x.sqfs", true, "proj/./"},   // .agent_a or .git, whichever is listed first
		{"cabextract -d . x.cab", true, "proj/./"},       // .agent_a or .git, whichever is listed first
		{"unrar x x.rar", true, "proj/./"},               // .agent_a or .git, whichever is listed first
		{"lha x x.lzh", true, "proj/./"},                 // .agent_a or .git, whichever is listed first
		{"xorriso -osirrox on -indev x.deb -extract / .", true, ""},
		{"myextract blob", true, "proj/./"},                                      // .agent_a or .git, whichever is listed first
		{"curl -so f https://example.com/f && dpkg-deb -x f .", true, "proj/./"}, // a download: any bytes
		{"printf '!<arch>\\n' > f && myx f .", true, "proj/./"},                  // an archive the command wrote
		{"cd .agent_a && gunzip -N blob", true, ".agent_a"},
		{"gunzip -N .agent_a/blob", true, ".agent_a"},
		// Everyday forms: a project directory without a protected place,
		// a compressed file in an ordinary directory, a reader of archives.
		{"cd plain && dpkg-deb -x x.deb .", false, ""},
		{"dpkg-deb -x x.deb plain/out/", false, ""},
		{"gunzip src/data.json.gz", false, ""},
		{"mytool src/blob", false, ""},
		{"mytool src/main.go", false, ""},
		{"twine upload dist/app-1.0.tar.gz", false, ""},
		{"sha256sum x.deb", false, ""},
		{"curl -so data.csv https://example.com/d && mytool data.csv", false, ""}, // no directory handed
		{"git status -s; mytool src/main.go", false, ""},
	} {
		code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
		switch {
		case tc.block && code != 2:
			t.Errorf("%q: allowed, want a block", tc.cmd)
		case !tc.block && code != 0:
			t.Errorf("%q: blocked: %s", tc.cmd, stderr)
		case !strings.Contains(stderr, tc.reason):
			t.Errorf("%q: reason %q, want %q in it", tc.cmd, stderr, tc.reason)
		}
	}
}
