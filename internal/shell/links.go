package shell

import (
	"iter"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Links made by any spelling: ln and ln -s, cp -s (--symbolic-link, cp
// -rs), cp -l and link make a name that leads to another file; a later
// write through it in the same command is a write of that file. Each
// operand form is noted (see effect.Ledger.Link): several targets, a
// directory destination (DIR/, ., ~, -t DIR, --target-directory=DIR) where
// the link is DIR/basename(TARGET), and -T where it is the destination
// itself. The making of the link is a write of its target: the link is a
// handle to write it later, as a hard link's source already is.

// linker reports whether c makes links: ln (symbolic or hard), cp -s, cp
// -l, link.
func (c *cmd) linker() bool {
	switch c.name {
	case "ln", "link":
		return true
	case "cp":
		return cpSymbolic(c.args) || cpLinks(c.args)
	}
	return false
}

// symbolic reports whether ln's or cp's options make symbolic links (-s,
// --symbolic, --symbolic-link, a cluster holding s).
func symbolic(name string, args []word.Word) bool {
	switch name {
	case "ln":
		for _, a := range args {
			if a.Text == "--" {
				break
			}
			if word.LongOption(a.Text, "--symbolic") || word.ShortHas(a.Text, 's', "St") {
				return true
			}
		}
	case "cp":
		return cpSymbolic(args)
	}
	return false
}

// cpSymbolic reports whether cp's options make symbolic links instead of
// copies (-s, --symbolic-link, a cluster holding s: cp -rs).
func cpSymbolic(args []word.Word) bool {
	for _, a := range args {
		if a.Text == "--" {
			break
		}
		if word.LongOption(a.Text, "--symbolic-link") || word.ShortHas(a.Text, 's', "St") {
			return true
		}
	}
	return false
}

// noTargetDir reports whether the options of ln or cp make the destination
// the link itself, never a directory it goes into (-T,
// --no-target-directory).
func noTargetDir(args []word.Word) bool {
	for _, a := range args {
		if a.Text == "--" {
			break
		}
		if word.LongOption(a.Text, "--no-target-directory") || word.ShortHas(a.Text, 'T', "St") {
			return true
		}
	}
	return false
}

// dirLike reports whether dest names a directory as written: empty (-t
// gave none yet), ., .., ~, $HOME, or ending in /.
func dirLike(dest string) bool {
	switch strings.TrimRight(dest, "/") {
	case "", "~", ".", "..", "$HOME", "${HOME}":
		return true
	}
	return strings.HasSuffix(dest, "/")
}

// noteLinks notes the links c makes from sources at dest (see
// destNames); link TARGET NAME makes NAME.
func (c *cmd) noteLinks(sources []string, dest copyDest) {
	if c.name == "link" {
		if ops := word.Operands(c.args); len(ops) == 2 {
			c.unknownTargets(ops[:1])
			c.hardLink(ops[0], ops[1])
		}
		return
	}
	if len(sources) == 0 && !dest.given && c.name == "ln" {
		// ln TARGET: the link is ./basename(TARGET).
		sources, dest = []string{dest.path}, copyDest{path: "."}
	}
	c.unknownTargets(sources)
	c.destNames(sources, dest, func(src, name string) {
		if i := strings.LastIndexByte(name, '/'); i >= 0 && !word.IsKnown(name[i+1:]) {
			// A name guard cannot tell (ln -s "$(cat f)" .): any name
			// in that directory may be the link.
			c.w.MayLink(name[:i+1]+".", "a link was made of a name guard cannot tell")
			return
		}
		if symbolic(c.name, c.args) {
			c.w.Link(src, name)
			return
		}
		c.hardLink(src, name)
	})
}

// hardLink notes a hard link at name of src (ln without -s, link, cp -l).
// A hard link of a symbolic link is the symbolic link itself (Linux): a
// link with the same text at name, where a relative one leads elsewhere
// (ln src/up . with src/up -> ..: ./up is the home); a source guard cannot
// look up (ln src/* .) may be one, so any name beside name may be a link.
func (c *cmd) hardLink(src, name string) {
	if _, ok := c.w.Files.(effect.Stater); ok {
		switch kind, text := c.w.Lstat(src); kind {
		case effect.EntryLink:
			c.placeLink(path.Dir(src), path.Dir(name), text, name, "")
			return
		case effect.EntryUnknown:
			c.w.MayLink(path.Dir(name), "a hard link was made of a name guard cannot tell, which may be a symbolic link")
			return
		}
	}
	c.w.Link(src, name)
}

// carryLinks: a copy or move of a link the command made (mv q r, cp -a,
// rsync -a) leaves a link of the same target at its new name; a copy that
// follows it makes a file, where a write then reaches nothing more.
func (c *cmd) carryLinks(sources []string, dest copyDest) {
	c.destNames(sources, dest, c.w.CarryLinks)
}

// destKind returns what is at dest before the command's copy or link (see
// copyDest.kind).
func (c *cmd) destKind(dest copyDest) effect.EntryKind {
	if _, ok := c.w.Files.(effect.Stater); !ok || dest.given || dirLike(dest.path) || !word.IsKnown(dest.path) {
		return effect.EntryUnknown
	}
	if _, written := c.w.WrittenEntry(word.Clean(c.w.Where(dest.path))); written {
		return effect.EntryUnknown // made earlier in the command (mkdir d && cp -a x d)
	}
	k, _ := c.w.Lstat(dest.path)
	if k == effect.EntryLink {
		return effect.EntryUnknown // may lead to a directory
	}
	return k
}

// destNames calls fn(S, NAME) for each source S of cp, mv, ln… and the
// NAME it gets at dest: DIR/basename(S) when dest is a directory (-t,
// dirLike, several sources), dest itself with -T, and both for one source
// and a dest that may be either.
func (c *cmd) destNames(sources []string, dest copyDest, fn func(src, name string)) {
	if dest.path == "" {
		return
	}
	exact := noTargetDir(c.args) || dest.kind == effect.EntryNone || dest.kind == effect.EntryFile
	isDir := !exact && (dest.given || dirLike(dest.path) || len(sources) > 1 || dest.kind == effect.EntryDir)
	dir := strings.TrimRight(dest.path, "/")
	for _, s := range sources {
		if !isDir {
			fn(s, dest.path)
		}
		if exact {
			continue
		}
		base := strings.TrimRight(s, "/")
		if i := strings.LastIndexByte(base, '/'); i >= 0 {
			base = base[i+1:]
		}
		if base != "" && base != "." && base != ".." {
			fn(s, dir+"/"+base)
		}
	}
}

// makesLinks reports whether interpreter code calls a function that makes
// a link: an identifier (the whole run of letters, digits and _) that is
// symlink (os.symlink, perl's symlink OLD, NEW, File.symlink) or, followed
// by (, link, linkat, symlinkat, symlinkSync, linkSync, symlink_to,
// hardlink_to, link_to, ln, ln_s, ln_sf, createSymbolicLink, createLink.
// follow_symlinks, is_symlink, unlink and readlink are not.
func makesLinks(code string) bool {
	for ident, k := range idents(code) {
		id := strings.ToLower(ident)
		if id == "symlink" || copiesLinks(id, code[k:]) && strings.Contains(code, "copy") {
			return true
		}
		if !strings.HasPrefix(strings.TrimLeft(code[k:], " \t"), "(") {
			continue
		}
		switch id {
		case "link", "linkat", "symlinkat", "symlinksync", "linksync", "symlink_to", "hardlink_to", "link_to",
			"ln", "ln_s", "ln_sf", "createsymboliclink", "createlink",
			// extractors: an archive's member may be a link (tarfile's
			// and zipfile's extractall(), extract(), shutil's
			// unpack_archive).
			"extractall", "extract", "unpack_archive":
			return true
		}
	}
	return false
}

// copiesLinks reports whether identifier id, followed by rest, is python's
// switch of a copy that keeps links (in code that calls a copy) (shutil.copy2(…, follow_symlinks=False),
// copytree(…, symlinks=True)): a relative link copied to another directory
// may lead elsewhere there, as with cp -a.
func copiesLinks(id, rest string) bool {
	want := ""
	switch id {
	case "follow_symlinks":
		want = "False"
	case "symlinks":
		want = "True"
	default:
		return false
	}
	v, ok := strings.CutPrefix(strings.TrimLeft(rest, " \t"), "=")
	return ok && strings.HasPrefix(strings.TrimLeft(v, " \t"), want)
}

// Links that arrive already made: a copy that keeps links (cp -P, -d, -a,
// -R without -L; --no-dereference; rsync -l, -a; mv) of a link on disk
// makes another link with the same text at its destination, so a later
// write through the destination is a write of where that text leads; a
// directory copied so keeps the links in it, which guard does not walk:
// any name under its destination may be one (as under an extracted
// archive). A source guard cannot look up (a pattern, a value set at run
// time) may be either.

// keptLinks reports whether cp, mv or rsync, with c's options, copies a
// link named as an operand as a link (operand) and the links inside a
// directory it copies as links (tree).
func (c *cmd) keptLinks() (operand, tree bool) {
	switch c.name {
	case "mv":
		return true, true
	case "cp":
		return cpKeepsLinks(c.args)
	case "rsync":
		return rsyncKeepsLinks(c.args)
	}
	return false, false
}

// cpKeepsLinks is keptLinks for cp: -P, -d, -a, --no-dereference and
// --preserve=links (or all) keep a link, -L and --dereference follow it,
// the last one given wins; -R (-r, -a) keeps them unless -L or -H (which
// follows the operands only) is given.
func cpKeepsLinks(args []word.Word) (operand, tree bool) {
	deref, rec := byte(0), false
	for _, a := range args {
		s := a.Text
		switch {
		case s == "--":
			return keeps(deref, rec)
		case strings.HasPrefix(s, "--"):
			opt, v, _ := strings.Cut(s, "=")
			switch {
			case word.LongOption(opt, "--archive"):
				deref, rec = 'P', true
			case word.LongOption(opt, "--recursive"):
				rec = true
			case word.LongOption(opt, "--no-dereference"):
				deref = 'P'
			case word.LongOption(opt, "--dereference"):
				deref = 'L'
			case word.LongOption(opt, "--preserve") && (strings.Contains(v, "links") || strings.Contains(v, "all")):
				deref = 'P'
			}
		case strings.HasPrefix(s, "-"):
			for i := 1; i < len(s) && !strings.ContainsRune("St", rune(s[i])); i++ {
				switch s[i] {
				case 'a':
					deref, rec = 'P', true
				case 'd', 'P', 'L', 'H':
					deref = s[i]
				case 'r', 'R':
					rec = true
				}
			}
		}
	}
	return keeps(deref, rec)
}

// keeps: cp's link modes as operand and tree (see cpKeepsLinks); 'd' is
// -d, --no-dereference with --preserve=links.
func keeps(deref byte, rec bool) (operand, tree bool) {
	switch deref {
	case 'P', 'd':
		return true, rec
	case 'L':
		return false, false
	case 'H':
		return false, rec
	}
	return rec, rec
}

// rsyncKeepsLinks is keptLinks for rsync: -l (--links, in -a) keeps links
// unless -L (--copy-links) follows them; the links of a directory come
// with -r (in -a).
func rsyncKeepsLinks(args []word.Word) (operand, tree bool) {
	links, follow, rec := false, false, false
	for _, a := range args {
		s := a.Text
		switch {
		case s == "--":
			return links && !follow, links && !follow && rec
		case strings.HasPrefix(s, "--"):
			opt, _, _ := strings.Cut(s, "=")
			switch opt {
			case "--archive":
				links, rec = true, true
			case "--links":
				links = true
			case "--no-links", "--no-l":
				links = false
			case "--copy-links":
				follow = true
			case "--recursive":
				rec = true
			}
		case strings.HasPrefix(s, "-"):
			for i := 1; i < len(s) && !strings.ContainsRune("efTBM", rune(s[i])); i++ {
				switch s[i] {
				case 'a':
					links, rec = true, true
				case 'l':
					links = true
				case 'L':
					follow = true
				case 'r':
					rec = true
				}
			}
		}
	}
	return links && !follow, links && !follow && rec
}

// keptSource is a source of a copy that keeps links, as it was before the
// copy: why a name under it may be a link guard cannot follow (MayLinkAt),
// or what is on disk there.
type keptSource struct {
	name, why, text string
	kind            effect.EntryKind
}

// keptSources looks at the sources of a copy that keeps links before the
// copy's own writes, which would make them look like the command's own
// (cp -a src/. . writes ., and so src).
func (c *cmd) keptSources(sources []string) []keptSource {
	operand, tree := c.keptLinks()
	if _, ok := c.w.Files.(effect.Stater); !ok || !operand && !tree {
		return nil // no reader: a link on disk is not guard's to see here
	}
	out := make([]keptSource, 0, len(sources))
	for _, s := range sources {
		k := keptSource{name: s, why: c.w.MayLinkAt(s)}
		if k.why == "" {
			k.kind, k.text = c.w.Lstat(s)
		}
		out = append(out, k)
	}
	return out
}

// copiedLinks notes the links a copy that keeps them brings from disk to
// dest: a link source is a link of the same text at each name it gets
// (ledger Link), a directory source's links are each noted at its new name
// (treeLinks), and a source guard cannot look up makes its names places
// that may hold links guard cannot follow (MayLink).
func (c *cmd) copiedLinks(kept []keptSource, dest copyDest) {
	operand, tree := c.keptLinks()
	for _, k := range kept {
		switch {
		case k.why != "":
			// What an archive or git left there, copied on (git clone
			// evil r && cp -a r s).
			c.w.MayLink(strings.TrimRight(dest.path, "/"), k.why)
		case k.kind == effect.EntryLink && operand:
			c.destNames([]string{k.name}, dest, func(_, name string) {
				c.placeLink(path.Dir(k.name), path.Dir(name), k.text, name, "")
			})
		case k.kind == effect.EntryDir && tree:
			c.treeLinks(k.name, dest)
		case k.kind == effect.EntryUnknown:
			c.w.MayLink(strings.TrimRight(dest.path, "/"), "a name guard cannot tell was copied with its links kept")
		}
	}
}

// treeLinks notes each symbolic link in directory src, copied with its
// links kept, at its name under each directory the copy makes of src
// (copyRoots). Where guard cannot list them all, any name under dest may be
// one (MayLink), and a copy to a place no deeper than src is hidden: a
// relative link in it (up -> ..) may lead above where it did, to the home.
func (c *cmd) treeLinks(src string, dest copyDest) {
	roots := c.copyRoots(src, dest)
	links, ok := c.w.LinkTexts(src)
	if ok && c.w.LinkCount()+len(links)*len(roots) > effect.MaxLinks {
		ok = false
	}
	if !ok {
		c.w.MayLink(strings.TrimRight(dest.path, "/"), "a directory was copied with the links in it kept")
		for _, r := range roots {
			if !deeper(c.w.Where(r), c.w.Where(src)) {
				c.w.hide("%s copies %s with its links kept to %s, no deeper than it, and it holds more than guard looks at (%d entries, %d levels) or what it cannot read: guard cannot tell whether a relative link in it then leads to a protected place (copy without keeping links: cp -rL, rsync -rL)",
					c.name, word.Render(src), word.Render(r), effect.MaxLinkWalk, effect.MaxLinkDepth)
				return
			}
		}
		return
	}
	for _, r := range roots {
		made := ""
		if r == strings.TrimRight(dest.path, "/") && dest.kind == effect.EntryNone {
			made = r // cp -r . /tmp/new: a real directory the copy makes
		}
		for _, l := range links {
			name := strings.TrimSuffix(r, "/") + "/" + l.Name
			c.placeLink(path.Dir(src+"/"+l.Name), path.Dir(name), l.Link, name, made)
		}
	}
}

// placeLink notes a link with text made again at name (a copy that keeps
// it, a hard link of it) from directory from to directory to: a relative
// text that leads elsewhere from there is the making of a link to where
// it leads now, a write of that (as ln -s .. up is). made is a directory
// the command's copy makes itself ("" for none): a .. out of it leads to
// its parent, whatever the disk holds there now.
func (c *cmd) placeLink(from, to, text, name, made string) {
	c.w.Link(text, name)
	if strings.HasPrefix(text, "/") || word.HomeRelative(text) || !word.IsKnown(text) {
		return // leads where it did
	}
	a, b := c.w.Where(from), c.w.Where(to)
	if word.Clean(a+"/"+text) == word.Clean(b+"/"+text) {
		return
	}
	target := b + "/" + text
	if m := c.w.Where(made); made != "" && (b == m || strings.HasPrefix(b, m+"/")) {
		rel := word.Clean(strings.TrimPrefix(b, m) + "/" + text)
		rel = strings.TrimPrefix(rel, "/")
		if up, ok := strings.CutPrefix(rel, ".."); ok && (up == "" || up[0] == '/') {
			target = path.Dir(m) + up
		} else {
			target = m + "/" + rel
		}
	}
	linking := c.w.Linking
	c.w.Linking = true // the link's own making, not a write through links
	c.w.Write(target)
	c.w.Linking = linking
}

// copyRoots returns the directories a recursive copy of directory src
// makes at dest: dest itself for its contents (src/., src/./, cp -T,
// rsync's src/, BSD cp's src/ too), else the names destNames gives.
func (c *cmd) copyRoots(src string, dest copyDest) []string {
	d := strings.TrimRight(dest.path, "/")
	if d == "" {
		d = "/"
	}
	if path.Base(strings.TrimRight(src, "/")) == "." || c.name == "rsync" && strings.HasSuffix(src, "/") ||
		c.name != "rsync" && noTargetDir(c.args) {
		return []string{d}
	}
	var out []string
	if c.name == "cp" && strings.HasSuffix(src, "/") {
		out = append(out, d) // BSD's cp -R src/ d copies what src holds
	}
	c.destNames([]string{src}, dest, func(_, name string) { out = append(out, name) })
	return out
}

// deeper reports whether path a lies deeper than path b: both absolute,
// or both relative to the same directory, with more names (a .. counts
// one less) in a once cleaned.
func deeper(a, b string) bool {
	if strings.HasPrefix(a, "/") != strings.HasPrefix(b, "/") || !word.IsKnown(a) || !word.IsKnown(b) {
		return false
	}
	return pathDepth(a) > pathDepth(b)
}

// pathDepth counts the names of cleaned path p, a .. counting -1.
func pathDepth(p string) int {
	n := 0
	for _, e := range strings.Split(word.Clean(p), "/") {
		switch e {
		case "", ".":
		case "..":
			n--
		default:
			n++
		}
	}
	return n
}

// followsLinks returns c's name when, with its options, it follows the
// symbolic links inside the directories it reads recursively (see
// effect.Ledger.FollowLinks), "" otherwise: what its catalogue entry says
// (grep -R, rg -L, zip but for -y, diff -r but for --no-dereference), cp
// -L, rsync -L and -k (followsTreeLinks), tar -h, -L (bsdtar) and
// --dereference, 7z a but for -snl.
func (c *cmd) followsLinks(p *catalogue.Program) string {
	on := false
	switch c.name {
	case "cp", "rsync":
		on = c.followsTreeLinks()
	case "tar", "bsdtar", "gtar":
		for j, a := range c.args {
			s := a.Text
			// tar chzf: the first word's letters are options.
			old := j == 0 && !strings.HasPrefix(s, "-") && strings.ContainsAny(s, "crux")
			// -h (GNU), -L (bsdtar, and so macOS tar; GNU's -L N is a
			// tape length: counted too), --dereference or a prefix of it.
			opt, _, _ := strings.Cut(s, "=")
			if word.Set(" --dereference ").Begins(opt) || (old || strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--")) && strings.ContainsAny(s, "hL") {
				on = true
			}
		}
	case "7z", "7za", "7zz", "7zr":
		on = !slices.ContainsFunc(c.args, func(a word.Word) bool { return a.Text == "-snl" })
	default:
		// What guard does not know to keep links follows them
		// (recurselinks.go).
		on = p != nil && p.Recurse.Follows(c.args) || c.recursesUnknown(p)
	}
	if on {
		return c.name
	}
	return ""
}

// Links to targets guard cannot tell. A symbolic link's
// target is what any program that follows it later reaches, in this
// command or the next: a link to the home made with a target guard cannot
// spell (ln -s ${PWD%/*} u, ln -s "$OLDPWD" u, os.symlink("..", "u") in
// code) turns every link-following read of the project into a read of
// ~/.ssh. So a symbolic link whose target guard cannot resolve is hidden
// code (default deny), and a known one is a write of its target as ever
// (ln -s .. u blocks: the home holds protected places).

// unknownTargets hides the command when a link c makes has a target (one
// of sources) guard cannot tell: a symbolic link's, or a hard link's
// source, which a later call writes through it (ln "$(cat f)" r).
func (c *cmd) unknownTargets(sources []string) {
	kind := "a hard link of"
	if symbolic(c.name, c.args) {
		kind = "a symbolic link to"
	}
	for _, s := range sources {
		t := s
		if q, ok := c.w.DirVar(s); ok {
			t = q
		}
		if !word.IsKnown(t) {
			c.w.hide("%s makes %s %s, a target guard cannot tell (a command's output or a value set at run time): guard cannot tell what the link names, and what goes through it later reaches that", c.name, kind, word.Render(t))
			return
		}
	}
}

// symlinkCalls are interpreter functions that make a symbolic link, their
// target first (os.symlink, perl's and ruby's symlink, fs.symlinkSync,
// FileUtils.ln_s, Path.symlink_to, Files.createSymbolicLink).
var symlinkCalls = []string{"symlink", "symlinkSync", "symlinkat", "symlink_to", "ln_s", "ln_sf", "createSymbolicLink"}

// codeLinks records the symbolic links interpreter code makes: the making
// of each is a write of its target, as for ln -s; a target that is not a
// plain string literal, or a relative one whose link name is not one (it
// is relative to the link's directory), is hidden code: guard cannot tell
// what the link names.
func (c *cmd) codeLinks(code string) {
	targets, ok := symlinkTargets(code)
	if !ok {
		c.w.hide("%s code makes a symbolic link to a target guard cannot tell: guard cannot tell what the link names, and what follows it later reads that", c.name)
		return
	}
	linking := c.w.Linking
	c.w.Linking = true // the link's own making, not a write through links
	for _, t := range targets {
		c.w.Write(t)
	}
	c.w.Linking = linking
}

// symlinkTargets returns the target of each call of a symlinkCalls
// function in code, joined to the directory of the link name when it is
// relative; false when one is not a plain string literal or cannot be
// placed. At most effect.MaxLinks calls are read.
func symlinkTargets(code string) ([]string, bool) {
	var out []string
	for id, k := range idents(code) {
		if !slices.Contains(symlinkCalls, id) {
			continue
		}
		if len(out) >= effect.MaxLinks {
			return out, false
		}
		target, rest, ok := callLiteral(code[k:])
		if !ok {
			return out, false
		}
		if !strings.HasPrefix(target, "/") && !word.HomeRelative(target) {
			link, _, ok := callLiteral(rest)
			if !ok || id == "symlink_to" {
				return out, false // the link's directory is not known
			}
			target = path.Join(path.Dir(link), target)
		}
		out = append(out, target)
	}
	return out, true
}

// idents yields each identifier of code (a run of identByte bytes) and
// the index just past it.
func idents(code string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for i := 0; i < len(code); {
			if !lang.IdentByte(code[i]) {
				i++
				continue
			}
			k := i
			for k < len(code) && lang.IdentByte(code[k]) {
				k++
			}
			if !yield(code[i:k], k) {
				return
			}
			i = k
		}
	}
}

// callLiteral reads, at the start of s (after a call's name or the comma
// before its next argument), a plain string literal that is the whole
// argument: 'x' or "x" with no interpolation ($, #{, {), followed by , or
// ). It returns its text and what follows the comma.
func callLiteral(s string) (string, string, bool) {
	s = strings.TrimLeft(s, " \t(,")
	if s == "" || s[0] != '\'' && s[0] != '"' {
		return "", "", false
	}
	end := strings.IndexByte(s[1:], s[0])
	if end < 0 {
		return "", "", false
	}
	lit := s[1 : end+1]
	if strings.ContainsAny(lit, `\$`) || s[0] == '"' && strings.ContainsAny(lit, "{#") {
		return "", "", false
	}
	rest := strings.TrimLeft(s[end+2:], " \t")
	if rest != "" && rest[0] != ',' && rest[0] != ')' && rest[0] != ';' && rest[0] != '\n' {
		return "", "", false
	}
	return lit, rest, true
}
