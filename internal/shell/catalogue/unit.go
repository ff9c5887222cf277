package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// DirRule is where a runner starts the command it runs when no Chdir
// option says: a service manager starts it in a directory
// of its own, not the caller's.
type DirRule struct {
	Default string   // where it starts: "" for the caller's directory
	User    word.Set // options that make it the user's manager: then UserDir
	UserDir string
	Same    word.Set // options that keep the caller's directory (-d)
	// Props: options whose value is a unit property KEY=VALUE
	// (WorkingDirectory=, Exec*=, StandardOutput=file:…: see UnitProperty).
	Props word.Set
}

// PropUse says what a unit property does.
type PropUse uint8

const (
	PropNone    PropUse = iota // nothing guard checks (MemoryMax=)
	PropDir                    // WorkingDirectory=: where the command runs
	PropCommand                // Exec*=: a command line it runs
	PropWrites                 // StandardOutput=file:F and the like: F is written
	PropReads                  // StandardInput=file:F, EnvironmentFile=F: F is read
)

// UnitProperty returns what property KEY=VALUE does, and the value that
// matters: the directory, the command line (its prefixes -@+!: dropped),
// or the file.
func UnitProperty(kv string) (PropUse, string) {
	k, v, ok := strings.Cut(kv, "=")
	if !ok {
		return PropNone, ""
	}
	switch {
	case k == "WorkingDirectory":
		return PropDir, strings.TrimPrefix(v, "-")
	case strings.HasPrefix(k, "Exec"):
		return PropCommand, strings.TrimLeft(v, "-@+!:|")
	case k == "StandardOutput" || k == "StandardError":
		for _, pre := range []string{"file:", "append:", "truncate:"} {
			if f, ok := strings.CutPrefix(v, pre); ok {
				return PropWrites, f
			}
		}
	case k == "StandardInput" || k == "StandardInputFile":
		if f, ok := strings.CutPrefix(v, "file:"); ok || k == "StandardInputFile" {
			if !ok {
				f = v
			}
			return PropReads, f
		}
	case k == "EnvironmentFile":
		return PropReads, strings.TrimPrefix(v, "-")
	case k == "LoadCredential":
		_, f, _ := strings.Cut(v, ":") // ID:PATH
		return PropReads, f
	case k == "BindPaths" || k == "BindReadOnlyPaths":
		f, _, _ := strings.Cut(strings.TrimPrefix(v, "-"), ":") // SRC:DST
		return PropReads, f
	}
	return PropNone, ""
}
