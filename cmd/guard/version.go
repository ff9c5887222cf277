package main

import (
	_ "embed"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/mod/module"
)

// releaseVersion is guard's version, and cmd/guard/VERSION is the one place
// it is written: the binary embeds it, the Makefile and goreleaser read it,
// and a release is tagged v<VERSION> (scripts/release-version refuses a tag
// that differs), so `go install …@v<VERSION>` embeds the same file.
//
//go:embed VERSION
var releaseVersion string

// Set by guard's own builds through -ldflags "-X main.commit=… -X
// main.date=…" (the Makefile from git, goreleaser from its git state, both
// the full hash with "+dirty" for uncommitted changes, and the commit's time
// in RFC 3339 UTC) and, by goreleaser only, "-X main.version=…" (VERSION itself
// for a release, VERSION-snapshot for a snapshot). A build without them (`go
// build`, `go install`) reads the commit from the Go toolchain's build
// information instead: the ldflags are what keep it in a git worktree and
// under GOFLAGS=-buildvcs=false, where the toolchain records none.
var (
	version = ""
	commit  = ""
	date    = ""
)

// buildVersion is what `guard --version` reports.
type buildVersion struct {
	version string
	commit  string // 12 hex digits, as in Go pseudo-versions; empty if unknown
	date    string // the commit's time, RFC 3339 in UTC
	dirty   bool   // built from a work tree with uncommitted changes
}

func (v buildVersion) String() string {
	s := "guard " + v.version
	var extra []string
	if v.commit != "" {
		c := v.commit
		if v.dirty {
			c += "+dirty"
		}
		extra = append(extra, c)
	}
	if v.date != "" {
		extra = append(extra, v.date)
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// versionString is the --version line, for example
// `guard 0.2.0 (e621890a1b2c, 2026-11-23T21:25:00Z)`.
func versionString() string {
	return currentVersion().String()
}

// currentVersion is what this build reports.
func currentVersion() buildVersion {
	bi, _ := debug.ReadBuildInfo()
	return readVersion(releaseVersion, version, commit, date, bi)
}

// versionJSON is the --json form of `guard version`.
type versionJSON struct {
	Version string `json:"version"`
	Commit  string `json:"commit"` // 12 hex digits; "" when the build does not know it
	Date    string `json:"date"`   // the commit's time, RFC 3339 in UTC; "" when unknown
	Dirty   bool   `json:"dirty"`  // built from a work tree with uncommitted changes
}

func newVersionCommand(s *streams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version [--json]",
		Short: "Print guard's version (the same as guard --version)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			v := currentVersion()
			if asJSON {
				c, dirty := strings.CutSuffix(v.commit, "+dirty")
				return writeJSON(s.out, versionJSON{Version: v.version, Commit: c, Date: v.date, Dirty: v.dirty || dirty})
			}
			fmt.Fprintln(s.out, v)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"version", "commit", "date", "dirty"}`)
	return cmd
}

// readVersion decides what --version says. The version is the VERSION file
// unless the ldflags set one. The commit and its date come from the ldflags
// when set, else from what the go command recorded: vcs.revision, vcs.time
// and vcs.modified for `go build` in a git clone, or the pseudo-version of
// `go install …@<commit>`. `go install …@v<VERSION>` builds from a module
// zip, which has no commit: it reports the version alone.
func readVersion(file, ldVersion, ldCommit, ldDate string, bi *debug.BuildInfo) buildVersion {
	v := buildVersion{version: strings.TrimSpace(file), commit: ldCommit, date: ldDate}
	if ldVersion != "" {
		v.version = ldVersion
	}
	if v.version == "" {
		v.version = "unknown"
	}
	if ldCommit != "" {
		v.commit = shortCommit(ldCommit)
		return v
	}
	if bi == nil {
		return v
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.commit = s.Value
		case "vcs.time":
			if v.date == "" {
				v.date = s.Value
			}
		case "vcs.modified":
			v.dirty = s.Value == "true"
		}
	}
	if v.commit == "" && module.IsPseudoVersion(bi.Main.Version) {
		if rev, err := module.PseudoVersionRev(bi.Main.Version); err == nil {
			v.commit = rev
		}
		if t, err := module.PseudoVersionTime(bi.Main.Version); err == nil && v.date == "" {
			v.date = t.UTC().Format(time.RFC3339)
		}
	}
	v.commit = shortCommit(v.commit)
	return v
}

// shortCommit cuts a commit hash to the 12 hex digits of Go pseudo-versions,
// keeping a suffix such as "+dirty": the Makefile and goreleaser pass the
// full hash, which the toolchain's vcs.revision also is.
func shortCommit(c string) string {
	hash, suffix, _ := strings.Cut(c, "+")
	if len(hash) > 12 && strings.Trim(hash, "0123456789abcdef") == "" {
		hash = hash[:12]
	}
	if suffix != "" {
		return hash + "+" + suffix
	}
	return hash
}
