package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// mayPrintTo reports whether a copy's destination word v may be standard
// output or a device: a copy is quiet only when guard
// resolves where it writes to a place that is not one. v is taken where
// the command runs (after its cd, from the directory the hook was called
// in), cleaned (//dev/stdout, /tmp/../dev/stdout, cd /dev && cp F stdout);
// a word guard cannot resolve (a value set at run time), a path under /dev
// or /proc, a relative one that climbs out of a directory guard does not
// know, and a name that is a link (out -> /dev/stdout) or one guard cannot
// look at may print.
func (c *cmd) mayPrintTo(v string) bool {
	if v == "-" {
		return true
	}
	if v == "" {
		return false
	}
	if !word.IsKnown(v) {
		return true
	}
	w := c.w
	p := w.Where(v)
	if word.HasMark(p) {
		return true
	}
	if !strings.HasPrefix(p, "/") && !word.HomeRelative(p) {
		if wd, ok := w.Files.(effect.WorkDirer); ok && strings.HasPrefix(wd.WorkDir(), "/") {
			p = wd.WorkDir() + "/" + p
		}
	}
	switch cp := word.Clean(p); {
	case strings.HasPrefix(cp, "/"):
		if catalogue.DevicePath(cp) {
			return true
		}
	case cp == ".." || strings.HasPrefix(cp, "../"):
		return true
	}
	if strings.ContainsAny(v, "*?[") {
		return false // a pattern: the files it names, by the text above
	}
	return linksToDevice(w.Files, w.Where(strings.TrimRight(v, "/")))
}

// maxDestLinks bounds the links followed from a copy's destination.
const maxDestLinks = 8

// linksToDevice follows the links at p on disk now (not what the command
// itself writes there) and reports whether one leads under /dev or /proc,
// or guard cannot tell (an error, past maxDestLinks). Without a reader
// that tells, none does.
func linksToDevice(files effect.Files, p string) bool {
	st, ok := files.(effect.Stater)
	if !ok {
		return false
	}
	for range maxDestLinks {
		k, t := st.Lstat(p)
		switch k {
		case effect.EntryUnknown:
			return true
		case effect.EntryLink:
			if !strings.HasPrefix(t, "/") {
				t = path.Dir(p) + "/" + t
			}
			p = word.Clean(t)
			if catalogue.DevicePath(p) || strings.HasPrefix(p, "..") {
				return true
			}
		default:
			return false
		}
	}
	return true
}
