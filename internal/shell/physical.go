package shell

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxPhysicalHops bounds the links physicalDir follows, as the kernel's
// ELOOP limit does.
const maxPhysicalHops = 40

// physicalDir returns p (as the walker names its directories: relative to
// the one the command starts in, which the kernel holds resolved) with every link on its
// way followed, as the kernel resolves it: where bash -P's cd, pwd -P,
// realpath and readlink -f put the shell (FINDINGS54b G4). Its last name
// may be a file or absent; false when a name before it is not a directory
// the reader finds unchanged by the command, or p holds a marker.
func (w *walker) physicalDir(p string) (string, bool) {
	st, ok := w.Files.(effect.Stater)
	if !ok || p == "" || word.HasMark(p) {
		return "", false
	}
	cur, rest := ".", p // relative: to the directory the command starts in, the kernel's
	switch {
	case strings.HasPrefix(p, "/"):
		cur, rest = "/", p[1:]
	case p == "~" || strings.HasPrefix(p, "~/"):
		cur, rest = "~", strings.TrimPrefix(p[1:], "/")
	}
	parts := strings.Split(rest, "/")
	for hops, n := 0, 0; len(parts) > 0; n++ {
		if n > 4*maxPhysicalHops {
			return "", false
		}
		e := parts[0]
		parts = parts[1:]
		switch {
		case e == "" || e == ".":
			continue
		case e == ".." && cur == "~":
			return "", false // the home's parent: where the home leads is not read
		case e == "..":
			cur = path.Join(cur, "..")
			continue
		}
		next := path.Join(cur, e)
		if w.wroteAt(next) {
			return "", false // the command may have made it a link
		}
		kind, text := st.Lstat(next)
		switch {
		case kind == effect.EntryDir:
			cur = next
		case kind == effect.EntryLink && hops < maxPhysicalHops && text != "":
			hops++
			if strings.HasPrefix(text, "/") {
				cur = "/"
			}
			if word.HasMark(text) {
				return "", false
			}
			parts = append(strings.Split(text, "/"), parts...)
		case (kind == effect.EntryFile || kind == effect.EntryNone) && len(parts) == 0:
			return next, true
		default:
			return "", false
		}
	}
	if cur == "." {
		cur = ""
	}
	return cur, true
}

// setPhysical is set -P (on) or set +P: the mode is known only where the
// statement surely runs in the command's own shell (not under a
// condition, not in a function that may restore it with local -);
// elsewhere guard cannot tell it and cd is taken both ways.
func (w *walker) setPhysical(on bool) {
	switch {
	case w.cond == w.fileCond && w.inFunc == 0:
		w.physical, w.physMaybe = on, false
	case w.physical != on:
		w.physMaybe = true
	}
}

// cdResolve returns where a cd (pushd) to d moves: resolved as the kernel
// does for a physical one (so a later cd .. leaves the link's target, not
// its name), .. taken away by text for a logical one (logical); where
// guard cannot tell the mode (physMaybe) or the directory it is in came
// from a physical move it could not resolve, the other reading is added
// to named as a directory the shell may be in (FINDINGS54b G4).
func (w *walker) cdResolve(d string, named []string, physical, maybe bool) (string, []string) {
	other := func(o string) {
		if o != "" && o != d {
			named = append(named, o)
		}
	}
	if physical {
		r, ok := w.physicalDir(d)
		if maybe {
			other(word.Clean(d))
		}
		if !ok {
			w.dirUnresolved = true
			return d, named
		}
		w.dirUnresolved = false
		return r, named
	}
	raw := d
	if maybe || w.dirUnresolved {
		if r, ok := w.physicalDir(d); ok {
			raw = r
		}
	}
	d, named = w.logical(d, named)
	if maybe || w.dirUnresolved {
		other(raw)
	}
	return d, named
}

// physicalOption: shopt -o physical, setopt chase_links and an option
// guard cannot read may change how cd reads .. (set -o physical is set's):
// guard cannot tell the mode afterwards.
func (w *walker) physicalOption(args []word.Word) {
	for _, a := range args {
		if n := optionName(a.Text); !a.Known || n == "physical" || n == "chaselinks" || n == "chasedots" {
			w.physMaybe = true
		}
	}
}

// stackEntrySure reports whether entry i (not the top) of stack, the
// directory stack, is the same in the other stack a pushd or popd that
// may have failed left (dirsAlt), and no second such left one guard does
// not keep (dirsLost): ~N is then that entry (FINDINGS54b G5).
func (w *walker) stackEntrySure(stack []string, i int) bool {
	if i == 0 || w.dirsAlt == nil && !w.dirsLost {
		return true
	}
	alt := reversed(w.dirsAlt)
	return !w.dirsLost && len(alt) == len(stack)-1 && alt[i-1] == stack[i]
}

// wroteAt reports whether the command wrote the file at p, a path as the
// walker names its directories (not relative to w.Dir, as w.wrote's).
func (w *walker) wroteAt(p string) bool {
	_, ok := w.WrittenEntry(word.Clean(p))
	return ok
}

// keepOldPWD: after a cd from prev that may have failed (the shell may
// still be in prev), OLDPWD may still be oldPWD, what cd - named before
// it: kept as oldAlt, so cd - goes to either and $OLDPWD, ~- are values
// guard cannot tell (FINDINGS54b G11).
func (w *walker) keepOldPWD(prev, oldPWD string) {
	switch {
	case !slices.Contains(w.OtherDirs, prev):
		w.oldAlt = nil
	case w.oldAlt != nil:
		u := effect.UnknownCd
		w.oldAlt = &u
	case oldPWD != prev:
		w.oldAlt = &oldPWD
	}
}

// physicalName returns file p, as the command names it, with every link on
// its way resolved as the kernel does (physicalDir), named as the command
// names it again: the real file a loader takes a module's directory from
// (node's and python's realpath of the main script). False where guard
// cannot resolve it or name the result from the working directory.
func (w *walker) physicalName(p string) (string, bool) {
	if !word.IsKnown(p) || word.HasMark(p) {
		return "", false
	}
	r, ok := w.physicalDir(w.Where(p))
	switch {
	case !ok || r == "":
		return "", false
	case strings.HasPrefix(r, "/") || r == "~" || strings.HasPrefix(r, "~/") || w.Dir == "":
		return r, true
	case word.HasMark(w.Dir) || strings.HasPrefix(w.Dir, "/") || word.HomeRelative(w.Dir):
		return "", false
	}
	rel, err := filepath.Rel(w.Dir, r)
	return filepath.ToSlash(rel), err == nil
}
