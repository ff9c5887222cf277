package effect

import (
	"path"
	"strings"
)

// Mount is a bind mount of a container: the host directory Src (as the
// command wrote it) seen in the container at Dst.
type Mount struct {
	Src, Dst string
	ReadOnly bool
	File     bool // Dst is a file (docker build's COPY F DST): no path under it
	// Unseen: a container guard did not start (docker exec C,
	// --volumes-from C), whose mounts it cannot see. Src stands for a
	// host directory guard cannot place (an opaque word), and any
	// directory of a path in it may be where a host directory is
	// mounted: /root/.ssh/id_rsa is Src/id_rsa, Src/.ssh/id_rsa and
	// Src/root/.ssh/id_rsa, each a path the path rules weigh as one
	// with a part guard cannot tell (cat $X/.ssh/id_rsa).
	Unseen bool
}

// maxUnseenTail bounds the tails of an unseen container's path that are
// recorded: the path rules compare the end of an unresolved path.
const maxUnseenTail = 16

// ContainerView maps the paths of a command a container runs to the
// host's through its bind mounts while the command is analysed (see
// Ledger.Container): a path the mounts do not reach is the container's
// own, not recorded; a read-only mount's files are not written.
type ContainerView struct {
	Mounts []Mount
	// Workdir is the container's working directory (-w), "" when the
	// image's: a relative path may then be under any mount.
	Workdir string
	// hostDir and hostOther are the host's Dir and OtherDirs.
	hostDir   string
	hostOther []string
}

// EnterContainer makes the ledger record the paths of a container's
// command through v until the returned function restores it.
func (w *Ledger) EnterContainer(v *ContainerView) (leave func()) {
	saved, dir, other, old := w.Container, w.Dir, w.OtherDirs, w.OldDir
	v.hostDir, v.hostOther = dir, other
	w.Container, w.Dir, w.OtherDirs, w.OldDir = v, "", nil, nil
	return func() { w.Container, w.Dir, w.OtherDirs, w.OldDir = saved, dir, other, old }
}

// containerPath records p, a path in the container's command, as the host
// path its mounts make it.
func (w *Ledger) containerPath(p string, k pathKind) {
	v := w.Container
	for _, m := range w.containerHosts(p) {
		if m.ReadOnly && k != readPath {
			continue
		}
		w.Container, w.Dir, w.OtherDirs = nil, v.hostDir, v.hostOther
		w.pathOf(m.Src, k)
		w.Container, w.Dir, w.OtherDirs = v, "", nil
	}
}

// containerWhere returns, for Where, the host path p names in the
// container, as seen from the host's directory; p itself when no mount
// reaches it.
func (w *Ledger) containerWhere(p string) string {
	v := w.Container
	hs := w.containerHosts(p)
	if len(hs) == 0 {
		return p
	}
	w.Container, w.Dir, w.OtherDirs = nil, v.hostDir, v.hostOther
	q := w.Where(hs[0].Src)
	w.Container, w.Dir, w.OtherDirs = v, "", nil
	return q
}

// containerHosts returns the host paths (as Src, with the mount's
// ReadOnly) container path p may be: p after the container's cd, under
// the working directory (-w) or, when that is the image's, under each
// mount.
func (w *Ledger) containerHosts(p string) []Mount {
	v := w.Container
	if q, ok := w.DirVar(p); ok {
		p = q
	} else {
		p = Under(w.Dir, p)
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = "/root" + p[1:] // the container's home, not the host's
	}
	var cands []string
	switch {
	case strings.HasPrefix(p, "/"):
		cands = []string{p}
	case v.Workdir != "":
		cands = []string{path.Join(v.Workdir, p)}
	default:
		for _, m := range v.Mounts {
			if !m.File { // a file is no directory to work in
				cands = append(cands, path.Join(m.Dst, p))
			}
		}
	}
	var out []Mount
	for _, cp := range cands {
		m, rest, ok := v.toHost(cp)
		if !ok {
			continue
		}
		if !m.Unseen {
			out = append(out, Mount{Src: hostJoin(m.Src, rest), Dst: cp, ReadOnly: m.ReadOnly})
			continue
		}
		els := strings.Split(strings.Trim(rest, "/"), "/")
		for i := len(els) - 1; i >= 0 && i >= len(els)-maxUnseenTail; i-- {
			out = append(out, Mount{Src: hostJoin(m.Src, "/"+strings.Join(els[i:], "/")), Dst: cp, ReadOnly: m.ReadOnly})
		}
	}
	return out
}

// hostJoin returns the host path of the part rest (with its leading /)
// of a mount's destination: under its source src.
func hostJoin(src, rest string) string {
	host := strings.TrimRight(src, "/") + rest
	if host == "" {
		host = "/"
	}
	return host
}

// toHost returns the mount with the longest destination that holds
// container path p, and the rest of p below that destination (with its
// leading /, "" for the destination itself).
func (v *ContainerView) toHost(p string) (Mount, string, bool) {
	p = path.Clean(p)
	best := -1
	for i, m := range v.Mounts {
		d := path.Clean(m.Dst)
		if (p == d || !m.File && (d == "/" || strings.HasPrefix(p, d+"/"))) && (best < 0 || len(d) > len(path.Clean(v.Mounts[best].Dst))) {
			best = i
		}
	}
	if best < 0 {
		return Mount{}, "", false
	}
	m := v.Mounts[best]
	rest := strings.TrimPrefix(p, path.Clean(m.Dst))
	if path.Clean(m.Dst) == "/" {
		rest = p
	}
	return m, rest, true
}
