package hook

import (
	"fmt"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/realpath"
)

// Bounds of the hard-link check of one call.
const (
	// maxLinkChecks bounds the paths looked up (one stat each): more is
	// a block (tooManyPaths). A command's words are bounded too
	// (shell.MaxWords), and each names a few paths at most.
	maxLinkChecks = 8192
	// maxProtected bounds the protected files compared with.
	maxProtected = 256
)

// tooManyPaths is the error of a call that names more paths than guard
// looks up.
func tooManyPaths() error {
	return &agent.Error{Field: "command", Problem: fmt.Sprintf("names more than %d files: guard blocks a command it cannot check whole", maxLinkChecks)}
}

// protectedFiler is a policy that names the files a hard link made earlier
// must not carry a read or a write to (*policy.Policy).
type protectedFiler interface {
	ProtectedFiles() []string
}

// fileKey identifies a file: its device and inode.
type fileKey struct{ dev, ino uint64 }

// withHardLinks adds, after each path input (read, write, touch) that names
// an existing regular file with more than one hard link, an input of the
// same kind naming each protected file (pol's ProtectedFiles: guard's own
// files, the agent hook files, the files of ~/.ssh…) that is the same
// file, compared by device and inode, so that the path rules meet it: `ln
// ~/.guard/rules.json r`, made by an earlier command (or before guard could
// see it), does not carry a write to r past them. It stats each path once,
// at most maxLinkChecks of them (more is an error: a block), and the
// protected files only once a path with links turns up: most files have
// one link, and none of a path res (the resolver that followed the links,
// or nil) found missing. On systems without inode numbers (Windows) it adds
// nothing (fileID).
func withHardLinks(inputs []event.Input, pol any, res *realpath.Resolver) ([]event.Input, error) {
	pf, ok := pol.(protectedFiler)
	if !ok {
		return inputs, nil
	}
	var protected map[fileKey][]string
	userHome := ""
	var looked map[string][]string // path → the protected files it is
	return followedBy(inputs, func(in event.Input) ([]string, error) {
		if !isPath(in.Kind) || strings.ContainsAny(in.Text, "*?[") {
			return nil, nil
		}
		if looked == nil {
			looked = map[string][]string{}
		}
		same, ok := looked[in.Text]
		if ok {
			return same, nil
		}
		if len(looked) == maxLinkChecks {
			return nil, tooManyPaths()
		}
		if userHome == "" {
			userHome, _ = home.UserHome()
		}
		p := path.ExpandHome(in.Text, userHome)
		// The resolver knows most paths do not exist: no stat.
		if res == nil || res.Exists(p) {
			same = sameFiles(p, pf, &protected)
		}
		looked[in.Text] = same
		return same, nil
	})
}

// sameFiles returns the protected files that the file at p is another name
// of, when p has more than one hard link; protected is filled on first need.
func sameFiles(p string, pf protectedFiler, protected *map[fileKey][]string) []string {
	key, links, ok := fileID(p)
	if !ok || links < 2 {
		return nil
	}
	if *protected == nil {
		*protected = protectedKeys(pf.ProtectedFiles())
	}
	var same []string
	for _, f := range (*protected)[key] {
		if f != p {
			same = append(same, f)
		}
	}
	return same
}

// protectedKeys returns the files of paths that exist, by device and inode.
func protectedKeys(paths []string) map[fileKey][]string {
	m := map[fileKey][]string{}
	for i, p := range paths {
		if i == maxProtected {
			break
		}
		if key, _, ok := fileID(p); ok && !slices.Contains(m[key], p) {
			m[key] = append(m[key], p)
		}
	}
	return m
}
