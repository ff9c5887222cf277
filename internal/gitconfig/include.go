package gitconfig

import "strings"

// IncludeForm is how git reads the path of an include (include.path,
// includeIf's path), as config.c's interpolate_path and handle_path_include
// do.
type IncludeForm uint8

const (
	// IncludeRelative: relative to the directory of the file that includes it.
	IncludeRelative IncludeForm = iota
	// IncludeAbsolute: the path as written.
	IncludeAbsolute
	// IncludeHome: "~" or "~/REST", in the user's home directory.
	IncludeHome
	// IncludeUnknown: "~USER/REST" (another user's home, looked up in the
	// password database) or "%(prefix)/REST" (git's installation prefix):
	// a place a reader of the text alone cannot tell.
	IncludeUnknown
)

// IncludePath returns how git reads include path p and the part after its
// home prefix for IncludeHome ("" for "~", "/REST" for "~/REST"); p
// otherwise.
func IncludePath(p string) (IncludeForm, string) {
	switch {
	case strings.HasPrefix(p, "%(prefix)/"):
		return IncludeUnknown, p
	case p == "~" || strings.HasPrefix(p, "~/"):
		return IncludeHome, p[1:]
	case strings.HasPrefix(p, "~"):
		return IncludeUnknown, p
	case strings.HasPrefix(p, "/"):
		return IncludeAbsolute, p
	}
	return IncludeRelative, p
}
