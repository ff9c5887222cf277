package policy

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
)

// maxHeldEntries bounds the directory entries checkWrittenTree looks at.
const maxHeldEntries = 4096

// writtenTree reports whether a write's text stands for many files: DIR/**
// (rm -r DIR, find DIR -delete, fd -x CMD) or DIR/**/NAME (find DIR -name
// NAME -delete).
func writtenTree(text string) bool {
	if strings.HasSuffix(text, "/**") {
		return true
	}
	i := strings.LastIndex(text, "/**/")
	return i >= 0 && !strings.Contains(text[i+4:], "/")
}

// checkWrittenTree checks a write (or touch) of every file of a tree
// (writtenTree). DIR/**: the rules first, then, where they meet nothing,
// what DIR holds on disk: each entry, a directory among them (.git,
// .agent_a, whose name a block glob's literal part matches: checked as a
// written directory), and the target of each symbolic link (a writer that
// follows it writes there), breadth first up to maxHeldEntries; the
// project's hook file, .git/config and .git/hooks are found at the top of
// the tree before any bound (rm -rf ., find . -delete). DIR/**/NAME, a
// plain NAME met by a glob only through a pattern (find . -name
// node_modules -exec rm -rf {} + and **/.git/hooks/[a-z]*): it blocks when
// DIR holds an entry called NAME the rules block, or guard cannot tell (the
// bound).
func checkWrittenTree(d checker, text, home string) (event.Finding, bool) {
	f, hit := d.Check(text)
	name := ""
	if !strings.HasSuffix(text, "/**") {
		name = text[strings.LastIndex(text, "/**/")+4:]
		if !hit || f.Reach != event.ReachNamed || !byPattern(name, f.Entry) && !patternMeets(name, f.Entry) {
			return f, hit
		}
	} else if hit {
		return f, hit
	}
	dir := filepath.FromSlash(path.Normalize(text[:strings.LastIndex(text, "/**")], home))
	if !filepath.IsAbs(dir) {
		return f, hit
	}
	held, sure := heldWritten(d, dir, name)
	switch {
	case held.Reason != "":
		held.Reason += "; " + text + " is written, and the directory holds it"
		held.LogReason += "; the written directory holds it"
		return held, true
	case !sure && hit:
		f.Reason += "; guard could not tell whether the directory holds such a file"
		return f, true
	}
	return event.Finding{}, false
}

// byPattern reports whether a plain name met glob only through a pattern
// as its last element (node_modules and **/.git/hooks/[a-z]*), not one the
// name spells out (settings.json and **/.agent_a/settings.json, a glob a
// command writes: cp x ~/**/.zshrc).
func byPattern(name, glob string) bool {
	last := glob[strings.LastIndex(glob, "/")+1:]
	return !strings.ContainsAny(name, "*?[") && strings.ContainsAny(last, "*?[") && last != "**"
}

// patternMeets reports whether a pattern name (find's -name '*.py', fd -e
// py) met glob only by matching the literal name the glob ends in
// (sitecustomize.py of **/site-packages/sitecustomize.py): whether the
// directory holds such a file is looked up on disk.
func patternMeets(name, glob string) bool {
	last := glob[strings.LastIndex(glob, "/")+1:]
	if !strings.ContainsAny(name, "*?[") || strings.ContainsAny(last, "*?[") {
		return false
	}
	ok, _ := filepath.Match(path.Fold(name), path.Fold(last))
	return ok
}

// heldWritten walks dir breadth first for an entry (called name, a
// pattern, when name is not "") that d blocks, itself or where it leads;
// sure is false past maxHeldEntries.
func heldWritten(d checker, dir, name string) (event.Finding, bool) {
	name = path.Fold(name)
	queue, seen := []string{dir}, 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(cur)
		if err != nil {
			continue // nothing there, a file (checked as itself), or unreadable: the writer cannot either
		}
		for _, e := range entries {
			if seen++; seen > maxHeldEntries {
				return event.Finding{}, false
			}
			full := filepath.Join(cur, e.Name())
			if ok, _ := filepath.Match(name, path.Fold(e.Name())); name == "" || ok {
				f, hit := d.Check(filepath.ToSlash(full))
				if !hit && e.Type()&os.ModeSymlink != 0 {
					if t, err := filepath.EvalSymlinks(full); err == nil {
						f, hit = d.Check(filepath.ToSlash(t))
					}
				}
				if hit {
					return f, true
				}
			}
			if e.IsDir() {
				queue = append(queue, full)
			}
		}
	}
	return event.Finding{}, true
}
