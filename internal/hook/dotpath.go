package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
)

// maxDotPathLookups bounds the PATH lookups of one call's writes.
const maxDotPathLookups = 64

// dotPathWrite returns the finding that blocks a write of checked (the
// call's resolved inputs) into a PATH directory that PATH names as "." or
// an empty entry: POSIX reads either as the directory a
// command runs in, so with such a PATH a program there runs in place of
// the one the user means at the next command. The policy turns absolute
// and named PATH directories into write globs (DIR/*); this one moves
// with every command, so it is the call's directory (base): a write there
// of a file named as a program another PATH directory holds, or of a file
// that is already executable, is a PATH-directory write. Other files
// there are the project's (README.md), and a file written without its
// mode bits runs only once made executable, by a write this check sees.
func dotPathWrite(checked []event.Input, base, pathEnv string) (event.Finding, bool) {
	if base == "" || !filepath.IsAbs(base) || !dotOnPath(pathEnv) {
		return event.Finding{}, false
	}
	base = filepath.Clean(base)
	h, _ := home.UserHome()
	looked := 0
	for _, in := range checked {
		if in.Kind != event.KindWrite && in.Kind != event.KindTouch || strings.ContainsAny(in.Text, "*?[\x00") {
			continue
		}
		p := filepath.Clean(filepath.FromSlash(path.ExpandHome(in.Text, h)))
		if filepath.Dir(p) != base {
			continue
		}
		if looked++; looked > maxDotPathLookups {
			return dotPathFinding(p, base, "guard looks up no more than 64 names a call writes there"), true
		}
		switch {
		case executable(p):
			return dotPathFinding(p, base, "the file is executable: its name runs it"), true
		case programOnPath(filepath.Base(p), pathEnv):
			return dotPathFinding(p, base, "another PATH directory holds a program of that name"), true
		}
	}
	return event.Finding{}, false
}

// dotOnPath reports whether PATH list v holds the current directory: an
// empty entry (a leading, trailing or doubled colon) or ".".
func dotOnPath(v string) bool {
	for _, d := range filepath.SplitList(v) {
		if d == "" || filepath.Clean(d) == "." {
			return true
		}
	}
	return v == ""
}

// programOnPath reports whether an absolute directory of PATH list v holds
// an executable regular file called name.
func programOnPath(name, v string) bool {
	for _, d := range filepath.SplitList(v) {
		if filepath.IsAbs(d) && executable(filepath.Join(d, name)) {
			return true
		}
	}
	return false
}

// executable reports whether p is a regular file with an execute bit.
func executable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// dotPathFinding is the block of a write of p into the call's directory
// base, which PATH holds as "." or an empty entry.
func dotPathFinding(p, base, why string) event.Finding {
	glob := filepath.ToSlash(base) + "/*"
	msg := "path '%s' is in a directory of PATH: PATH holds '.' or an empty entry, the directory a command runs in, here " +
		"'%s' (%s), and a program written there runs in place of the one the user means"
	return event.Finding{
		Detector:  event.DetectorPaths,
		Rule:      "blocked_path",
		Severity:  "high",
		Reason:    fmt.Sprintf(msg, detect.Printable(filepath.ToSlash(p)), detect.Printable(glob), why),
		LogReason: fmt.Sprintf(msg, event.Redacted, event.Redacted, why),
		Entry:     glob,
		Reach:     event.ReachMatch,
	}
}
