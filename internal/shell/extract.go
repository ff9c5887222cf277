package shell

import (
	"path"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// What an extraction (tar x, unzip, 7z x, bsdtar, cpio -i) or a
// recursive copy (cp -r, cp -a, rsync -r, rsync -a, scp -r) writes into a
// destination directory D is D/NAME for each NAME it brings. Guard lists
// the names when it can (effect.Lister: an archive's members, a copied
// directory's tree) and records each as a write, so the path rules check
// them: a member .git/hooks/pre-commit extracted in a repository's root is
// a write of its hook. When it cannot (another format, a bound passed, the
// archive on standard input, a tree the command itself wrote), the names
// are unknown: D/$(…) and each name D holds now are written (default
// deny: a protected place in D may be among them).

// maxMemberLinks bounds the symbolic link members followed as links (a
// later member or write through one); past it, the directory may hold
// links guard does not follow (effect.Ledger.MayLink).
const maxMemberLinks = 16

// extracted records what an extraction writes into directory d: the
// members when guard can list them, else names it cannot tell.
func (c *cmd) extracted(d string, x extraction, members []effect.Member, listed bool) {
	defer c.replacing()()
	if !listed {
		if c.w.Listing() {
			c.w.WriteUnknownIn(d)
		}
		c.w.MayLink(d, "an archive was extracted") // a member may be a link (links.go)
		return
	}
	dir := strings.TrimRight(d, "/")
	links := 0
	skip := c.excludes()
	for _, m := range members {
		if excluded(m.Name, skip) {
			continue
		}
		for _, name := range memberNames(m.Name, x) {
			p := under(dir, name, x.absolute)
			switch m.Kind {
			case effect.MemberSymlink:
				if links++; links <= maxMemberLinks {
					c.w.Link(m.Link, p)
				}
				c.w.MayLink(d, "an archive with links was extracted")
			case effect.MemberHardlink:
				// A hard link's target is written through it.
				for _, t := range memberNames(m.Link, x) {
					c.w.Write(under(dir, t, x.absolute))
				}
			}
			c.w.Write(p)
		}
	}
}

// replacing marks the files c writes from here as written whole, with
// text not made from theirs (effect.Ledger.Replacing), and returns what
// ends that.
func (c *cmd) replacing() func() {
	was := c.w.Replacing
	c.w.Replacing = true
	return func() { c.w.Replacing = was }
}

// under returns member name in directory dir; an absolute name stays so
// when the archiver keeps absolute names (tar -P, cpio), else it is taken
// as relative, as tar and unzip take it.
func under(dir, name string, absolute bool) string {
	if strings.HasPrefix(name, "/") {
		if absolute {
			return name
		}
		name = strings.TrimLeft(name, "/")
	}
	return dir + "/" + name
}

// memberNames returns the names member name gets once its leading
// elements are stripped (--strip-components=N): none when it has no more
// than N; both ways of counting a leading ./ (tar's and bsdtar's may
// differ) when it has one.
func memberNames(name string, x extraction) []string {
	if x.strip == 0 {
		return []string{name}
	}
	var out []string
	for _, skipDot := range []bool{false, true} {
		if skipDot && !strings.HasPrefix(name, "./") {
			break
		}
		elems := strings.Split(strings.TrimLeft(name, "/"), "/")
		if skipDot {
			elems = elems[1:]
		}
		kept := []string(nil)
		for i, e := range elems {
			if i >= x.strip {
				kept = append(kept, e)
			}
		}
		if n := strings.Join(kept, "/"); strings.Trim(n, "/") != "" {
			out = append(out, n)
		}
	}
	return out
}

// archiveMembers lists the members of the archive x reads, when guard can
// tell them: the archive is a file named by a known word, names are not
// rewritten (tar --transform, bsdtar -s), the strip count is known.
func (c *cmd) archiveMembers(x extraction) ([]effect.Member, bool) {
	if x.archive == "" || x.renames || x.strip < 0 || c.w.Stale(x.archive) {
		return nil, false
	}
	if v, ok := c.w.Lookup("TAR_OPTIONS"); ok && v != "" && c.name != "unzip" && c.name != "7z" {
		return nil, false // options guard did not read here (--transform, --strip-components)
	}
	return c.w.Members(x.archive)
}

// stripCount reads tar's --strip-components=N (--strip-components N,
// --strip=N); -1 for a count it cannot read. It returns the index of the
// last word used.
func (c *cmd) stripCount(j int, x *extraction) (int, bool) {
	s := c.args[j].Text
	opt, v, eq := strings.Cut(s, "=")
	if opt != "--strip-components" && opt != "--strip" {
		return j, false
	}
	if !eq {
		if j+1 >= len(c.args) {
			x.strip = -1
			return j, true
		}
		j++
		v = c.args[j].Text
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		n = -1
	}
	x.strip = n
	return j, true
}

// renamesMembers reports whether word s is an option that rewrites
// members' names (tar --transform, --xform, bsdtar -s).
func (c *cmd) renamesMembers(s string) bool {
	return strings.HasPrefix(s, "--transform") || strings.HasPrefix(s, "--xform") ||
		c.name == "bsdtar" && s == "-s"
}

// copiedTree is what a recursive copy brings from one source: no tree (a
// file, a link copied as a link), the names under it, or names guard
// cannot tell (unknown).
type copiedTree struct {
	tree, unknown bool
	names         []string
}

// sourceTree lists what a recursive copy brings from src; it is asked
// before the copy's own writes, which would make src look like the
// command's own.
func (c *cmd) sourceTree(src string) copiedTree {
	if !c.recursive || !c.w.Listing() {
		return copiedTree{}
	}
	if (c.name == "scp" || c.name == "rsync") && remoteWord(src) || c.w.Stale(src) {
		return copiedTree{tree: true, unknown: true}
	}
	kind, _ := c.w.Lstat(src)
	operand, _ := c.keptLinks()
	if c.followsTreeLinks() {
		// cp -rL, rsync -L/-k: what a link in the tree leads to is
		// copied, and the listing does not follow links.
		return copiedTree{tree: kind != effect.EntryFile && kind != effect.EntryNone, unknown: true}
	}
	switch {
	case kind == effect.EntryFile, kind == effect.EntryNone, kind == effect.EntryLink && operand:
		return copiedTree{} // a file, or a link copied as a link: no tree
	case kind == effect.EntryDir:
		if names, ok := c.w.Tree(src, effect.MaxTreeDepth); ok {
			if skip := c.excludes(); len(skip) > 0 {
				kept := names[:0]
				for _, n := range names {
					if !excluded(n, skip) {
						kept = append(kept, n)
					}
				}
				names = kept
			}
			return copiedTree{tree: true, names: names}
		}
	}
	return copiedTree{tree: true, unknown: true}
}

// copied records what a recursive copy of a source with tree t writes
// into each directory of into: into/NAME for each NAME under it, or names
// guard cannot tell (see extracted).
func (c *cmd) copied(t copiedTree, into []string) {
	if !t.tree {
		return
	}
	defer c.replacing()()
	for _, d := range into {
		if t.unknown {
			// A name guard cannot tell (cp -r src/* out/): what it brings
			// is names it cannot tell in the directory the name is in.
			if i := strings.LastIndexByte(strings.TrimRight(d, "/"), '/'); i >= 0 &&
				(strings.ContainsAny(d[i:], "*?[") || !word.IsKnown(d[i:])) {
				d = d[:i+1]
			}
			c.w.WriteUnknownIn(d)
			continue
		}
		d = strings.TrimRight(d, "/")
		for _, n := range t.names {
			c.w.Write(d + "/" + n)
		}
	}
}

// remoteWord reports whether s names a remote file (host:path), as scp
// and rsync read it.
func remoteWord(s string) bool {
	i := strings.IndexByte(s, ':')
	return i > 0 && !strings.ContainsRune(s[:i], '/')
}

// excludes returns the name patterns tar's --exclude (and --exclude-vcs)
// or rsync's --exclude leave out, those guard reads: a pattern without a
// / matches any element of a name, and everything under it. Nil when an
// option may bring a name back or filter otherwise (--include, --filter,
// -f, -F, --exclude-from, --anchored…): every name is then kept.
func (c *cmd) excludes() []string {
	var out []string
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			return out
		case s == "--exclude-vcs" && c.name != "rsync":
			out = append(out, ".git", ".hg", ".svn", ".bzr", "CVS")
		case s == "--exclude" && j+1 < len(c.args):
			j++
			out = append(out, c.args[j].Text)
		case strings.HasPrefix(s, "--exclude="):
			out = append(out, s[len("--exclude="):])
		case strings.HasPrefix(s, "--include"), strings.HasPrefix(s, "--filter"), strings.HasPrefix(s, "--exclude-from"),
			strings.HasPrefix(s, "--anchored"), strings.HasPrefix(s, "--no-wildcards"), strings.HasPrefix(s, "--wildcards-match-slash"),
			c.name == "rsync" && (s == "-f" || s == "-F" || strings.HasPrefix(s, "-f") && !strings.HasPrefix(s, "--")):
			return nil
		}
	}
	return out
}

// excluded reports whether name (an archive's member, a name under a
// copied tree) is left out by one of patterns: an element of it matches a
// pattern without a / (a pattern ending in / only a directory's element:
// one with more after it, or the last of a name ending in /).
func excluded(name string, patterns []string) bool {
	if len(patterns) == 0 {
		return false
	}
	elems := strings.Split(strings.Trim(name, "/"), "/")
	isDir := strings.HasSuffix(name, "/") // a directory member, a tree's directory
	for _, p := range patterns {
		dirOnly := strings.HasSuffix(p, "/")
		p = strings.TrimSuffix(p, "/")
		if p == "" || strings.Contains(p, "/") || !word.IsKnown(p) {
			continue
		}
		for i, e := range elems {
			if dirOnly && i == len(elems)-1 && !isDir {
				break
			}
			if ok, err := path.Match(p, e); ok && err == nil {
				return true
			}
		}
	}
	return false
}

// followsTreeLinks reports whether a recursive copy copies what the links
// inside the tree lead to: cp -L (--dereference, the last link mode
// given), rsync -L, -k, --copy-links, --copy-dirlinks,
// --copy-unsafe-links.
func (c *cmd) followsTreeLinks() bool {
	switch c.name {
	case "cp":
		_, tree := cpKeepsLinks(c.args)
		return !tree // -L, the last link mode given (-H keeps the tree's)
	case "rsync":
		for _, a := range c.args {
			s := a.Text
			switch {
			case s == "--":
				return false
			case s == "--copy-links", s == "--copy-dirlinks", s == "--copy-unsafe-links":
				return true
			case !strings.HasPrefix(s, "--") && strings.HasPrefix(s, "-"):
				for i := 1; i < len(s) && !strings.ContainsRune("efTBM", rune(s[i])); i++ {
					if s[i] == 'L' || s[i] == 'k' {
						return true
					}
				}
			}
		}
	}
	return false
}

// skippedPatterns marks as data the values of an archiver's options that
// name what it leaves out: tar's --exclude PATTERN and --exclude=PATTERN,
// zip's -x/--exclude NAME… (up to the next option). A pattern narrows
// what the archiver reads or extracts (excludes); it is no file it opens.
// tar's -X FILE (a list of patterns) stays a read, as zip's -x@FILE and
// -i@FILE are: the list file is read, and what it leaves out is not known
// (the archive holds the whole tree).
func (c *cmd) skippedPatterns() {
	switch c.name {
	case "tar", "gtar", "bsdtar":
		for j := 0; j < len(c.args); j++ {
			switch s := c.args[j].Text; {
			case s == "--":
				return
			case s == "--exclude" && j+1 < len(c.args):
				j++
				c.kinds[j] = argData
			case strings.HasPrefix(s, "--exclude="):
				c.kinds[j] = argData
			}
		}
	case "zip":
		in := false
		for j, a := range c.args {
			switch s := a.Text; {
			case s == "-x" || s == "--exclude":
				in = true
			case strings.HasPrefix(s, "-x@") || strings.HasPrefix(s, "-i@"):
				c.w.Read(s[3:]) // -x@LIST: a file of patterns zip reads (what it leaves out guard cannot tell)
				c.kinds[j] = argData
				in = false
			case strings.HasPrefix(s, "-"):
				in = false
			case in && strings.HasPrefix(s, "@") && len(s) > 1:
				c.w.Read(s[1:])
				c.kinds[j] = argData
			case in:
				c.kinds[j] = argData
			}
		}
	}
}

// namedMembers returns the members of an archive tar extracts when it is
// given member names (tar xzf A.tgz ./src ./include): those named and
// those under a named directory, names compared cleaned (./src is src).
// A name with a wildcard, one guard cannot read, or a command whose
// operands guard cannot tell (memberOperands) keeps every member; so does
// any other archiver.
func (c *cmd) namedMembers(members []effect.Member) []effect.Member {
	if c.name != "tar" && c.name != "gtar" && c.name != "bsdtar" {
		return members
	}
	ops, ok := c.memberOperands()
	if !ok || len(ops) == 0 {
		return members
	}
	for i, op := range ops {
		if !word.IsKnown(op) || strings.ContainsAny(op, "*?[\\") {
			return members
		}
		if ops[i] = memberKey(op); ops[i] == "" {
			return members // . or /: the whole archive
		}
	}
	var out []effect.Member
	for _, m := range members {
		k := memberKey(m.Name)
		for _, op := range ops {
			if k == op || strings.HasPrefix(k, op+"/") {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// memberKey returns a member's name, or a name naming one, cleaned and
// without its leading slashes: ./src/ and src are "src", . and / "".
func memberKey(n string) string {
	return strings.TrimLeft(word.Clean("/"+n), "/")
}

// Options of tar (GNU's and bsdtar's) memberOperands knows: short letters
// that take no value and those that take one (joined, else the next
// word); long ones that take none, one (joined =VALUE, else the next
// word), or an optional one that is joined only.
const (
	tarFlagLetters           = "xtvzjJZapkmPSUOoGwWBihlnR"
	tarValueLetters          = "fCbXgFKLNVHI"
	tarLongFlags    word.Set = " --extract --get --list --gzip --gunzip --ungzip --bzip2 --xz --lzma --zstd --lzip --lzop " +
		"--compress --uncompress --auto-compress --verbose --to-stdout --keep-old-files --skip-old-files --overwrite " +
		"--overwrite-dir --no-overwrite-dir --keep-newer-files --unlink-first --recursive-unlink --no-same-owner " +
		"--same-owner --no-same-permissions --same-permissions --preserve-permissions --touch --absolute-names " +
		"--numeric-owner --sparse --ignore-zeros --totals --delay-directory-restore --exclude-vcs --exclude-vcs-ignores " +
		"--exclude-caches --exclude-caches-all --exclude-caches-under --show-transformed-names --verify " +
		"--wildcards --no-wildcards --anchored --no-xattrs --xattrs --no-acls --acls --no-selinux --selinux "
	tarLongValued word.Set = " --file --directory --exclude --exclude-from --strip-components --strip --owner --group " +
		"--mode --mtime --blocking-factor --record-size --use-compress-program --warning --transform --xform "
	tarLongOptional word.Set = " --one-top-level --checkpoint "
)

// memberOperands returns the member names tar's words give it (tar xf A
// src include): every word that is no option nor an option's value. ok
// is false when guard cannot tell them: an option it does not know (its
// value may be taken for a name), one that reads names from a list (-T,
// --files-from) or matches them otherwise (--no-anchored, --ignore-case).
func (c *cmd) memberOperands() (ops []string, ok bool) {
	j := 0
	if len(c.args) > 0 && !strings.HasPrefix(c.args[0].Text, "-") {
		first := c.args[0].Text // tar's old first word: each valued letter takes the next word
		for _, l := range first {
			switch {
			case strings.ContainsRune(tarValueLetters, l):
				j++
			case !strings.ContainsRune(tarFlagLetters, l):
				return nil, false
			}
		}
		j++
	}
	for ; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			return append(ops, word.Texts(c.args[j+1:])...), true
		case strings.HasPrefix(s, "--"):
			opt, _, eq := strings.Cut(s, "=")
			switch {
			case tarLongValued.Has(opt) && !eq:
				j++
			case tarLongValued.Has(opt), tarLongOptional.Has(opt), tarLongFlags.Has(opt) && !eq:
			default:
				return nil, false
			}
		case len(s) > 1 && s[0] == '-':
			for i := 1; i < len(s); i++ {
				if strings.IndexByte(tarValueLetters, s[i]) >= 0 {
					if i == len(s)-1 {
						j++
					}
					break
				}
				if strings.IndexByte(tarFlagLetters, s[i]) < 0 {
					return nil, false
				}
			}
		default:
			ops = append(ops, s)
		}
	}
	return ops, true
}
