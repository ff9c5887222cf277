package hook

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// A tree search's own filters narrow the files it reads: grep's
// --include, --exclude and --exclude-dir (a base name, fnmatch), rg's -g,
// --iglob and -t/-T (gitignore globs: the last one matching wins; a
// type's globs), git grep's pathspecs (:!PATH and :(exclude)PATH skip,
// a positive one keeps). The tree scan leaves out a file every grep of
// the command skips (treeGreps.forFile). Each filter is read as the tool
// documents it only where guard can tell: a glob with brackets, braces or
// escapes, an option that changes a type, a pathspec magic guard does not
// match, any other reading makes the filter skip nothing, and the scan
// reads every file, as before.

// fileFilter tells whether a search surely skips the file at rel, a
// slash path relative to the directory the search walks (its root).
type fileFilter interface {
	skips(rel string) bool
}

// plainGlob reports whether g is a glob guard matches as the tools do:
// literal characters, * and ?, nothing else special (no brackets, braces,
// escapes).
func plainGlob(g string) bool {
	return g != "" && !strings.ContainsAny(g, "[]{}\\\x00")
}

// baseMatch reports whether plain glob g matches the name n (no /).
func baseMatch(g, n string) bool {
	ok, err := path.Match(g, n)
	return ok && err == nil
}

// grepRule is one --include (include) or --exclude glob of grep's.
type grepRule struct {
	glob    string
	include bool
}

// grepFilter is GNU grep's filter of the files it finds below an operand
// (never an operand itself): a file whose base name the last matching
// rule excludes, or that no rule matches when the first is --include, is
// skipped, as is any file under a directory whose base name an
// --exclude-dir glob matches.
type grepFilter struct {
	rules []grepRule
	dirs  []string
}

func (f *grepFilter) skips(rel string) bool {
	parts := strings.Split(rel, "/")
	for _, d := range parts[:len(parts)-1] {
		for _, g := range f.dirs {
			if baseMatch(g, d) {
				return true
			}
		}
	}
	if len(f.rules) == 0 {
		return false
	}
	base := parts[len(parts)-1]
	for i := len(f.rules) - 1; i >= 0; i-- {
		if baseMatch(f.rules[i].glob, base) {
			return !f.rules[i].include
		}
	}
	return f.rules[0].include
}

// grepFilterOf returns grep's filter of its --include, --exclude and
// --exclude-dir values (opts: option name and value, in order); nil when
// there is none or one is outside what guard matches (--exclude-from, a
// glob with a /, brackets or braces).
func grepFilterOf(opts [][2]string) fileFilter {
	f := &grepFilter{}
	for _, o := range opts {
		if !plainGlob(o[1]) || strings.Contains(o[1], "/") {
			return nil
		}
		switch o[0] {
		case "--include", "--exclude":
			f.rules = append(f.rules, grepRule{o[1], o[0] == "--include"})
		case "--exclude-dir":
			f.dirs = append(f.dirs, o[1])
		default:
			return nil
		}
	}
	if len(f.rules) == 0 && len(f.dirs) == 0 {
		return nil
	}
	return f
}

// rgGlob is one of rg's -g globs: neg for one that excludes (!GLOB),
// dir for one that matches directories only (a trailing /), anchored for
// one matched against the whole relative path (a / before its end), fold
// for one matched without case (--iglob, --glob-case-insensitive).
type rgGlob struct {
	glob                     string
	neg, dir, anchored, fold bool
}

// rgTypeSel is one -t (keep) or -T (skip) of rg's, with its type's globs.
type rgTypeSel struct {
	globs []string
	neg   bool
}

// rgFilter is ripgrep's filter of the files it walks: its override globs
// (the last match wins; a file no glob matches is skipped when one keeps;
// a directory a skipping glob matches is skipped whole), then, for a file
// no glob matched, its types (the last matching selection wins; a file
// none matches is skipped when one keeps).
type rgFilter struct {
	globs      []rgGlob
	keeps      bool // a glob that keeps (whitelists)
	types      []rgTypeSel
	typeKeeps  bool
	typesKnown bool
}

func (f *rgFilter) skips(rel string) bool {
	parts := strings.Split(rel, "/")
	for i := 1; i < len(parts); i++ {
		if g := f.last(strings.Join(parts[:i], "/"), true); g != nil && g.neg {
			return true
		}
	}
	if g := f.last(rel, false); g != nil {
		return g.neg
	}
	if f.keeps {
		return true
	}
	if !f.typesKnown {
		return false
	}
	return f.typeSkips(parts[len(parts)-1])
}

// typeSkips reports whether the types surely skip a file named base: the
// last selection that matches it skips, or none matches and one keeps.
// A selection that matches it only without case (rg's case there is
// not guard's to tell) leaves it read.
func (f *rgFilter) typeSkips(base string) bool {
	for i := len(f.types) - 1; i >= 0; i-- {
		for _, g := range f.types[i].globs {
			switch {
			case baseMatch(g, base):
				return f.types[i].neg
			case baseMatch(g, strings.ToLower(base)):
				return false
			}
		}
	}
	return f.typeKeeps
}

// last returns the last glob matching p (a directory: isDir), or nil.
func (f *rgFilter) last(p string, isDir bool) *rgGlob {
	for i := len(f.globs) - 1; i >= 0; i-- {
		g := &f.globs[i]
		q := p
		if g.dir && !isDir {
			continue
		}
		if g.fold {
			q = strings.ToLower(p)
		}
		if g.anchored {
			if ok, err := doublestar.Match(g.glob, q); ok && err == nil {
				return g
			}
		} else if baseMatch(g.glob, path.Base(q)) {
			return g
		}
	}
	return nil
}

// rgType returns the globs of rg's built-in type name guard matches: those every release
// gives a type (kept by -T: a file it skips is one every release skips)
// and those any release adds (kept by -t: every file one keeps).
func rgType(name string) ([2][]string, bool) {
	switch name { // a switch, not a map: the hook path builds no table at init
	case "go":
		return [2][]string{{"*.go"}, {"*.go"}}, true
	case "py":
		return [2][]string{{"*.py"}, {"*.py", "*.pyi"}}, true
	case "rust":
		return [2][]string{{"*.rs"}, {"*.rs"}}, true
	case "js":
		return [2][]string{{"*.js", "*.jsx", "*.vue"}, {"*.js", "*.jsx", "*.vue", "*.cjs", "*.mjs"}}, true
	case "ts":
		return [2][]string{{"*.ts", "*.tsx"}, {"*.ts", "*.tsx", "*.cts", "*.mts"}}, true
	}
	return [2][]string{}, false
}

// rgFilterOf returns rg's filter of its glob and type options (opts:
// option name and value, in order) for a search rooted at the working
// directory (atCwd: an anchored glob is relative to it); nil when there
// is none or a glob is outside what guard matches.
func rgFilterOf(opts [][2]string, atCwd bool) fileFilter {
	f := &rgFilter{typesKnown: true}
	fold := false
	for _, o := range opts {
		switch o[0] {
		case "-g", "--glob", "--iglob":
			g, ok := rgGlobOf(o[1], atCwd)
			if !ok || g.dir && !g.neg {
				return nil // a directory kept: its files match no glob
			}
			g.fold = o[0] == "--iglob"
			f.keeps = f.keeps || !g.neg
			f.globs = append(f.globs, g)
		case "--glob-case-insensitive":
			fold = true
		case "-t", "--type":
			t, ok := rgType(o[1])
			f.typeKeeps = true
			f.typesKnown = f.typesKnown && ok
			f.types = append(f.types, rgTypeSel{globs: t[1]})
		case "-T", "--type-not":
			if t, ok := rgType(o[1]); ok {
				f.types = append(f.types, rgTypeSel{globs: t[0], neg: true})
			}
		default: // --type-add, --type-clear: types guard does not know
			f.typesKnown = false
		}
	}
	for i := range f.globs {
		if f.globs[i].fold = f.globs[i].fold || fold; f.globs[i].fold {
			f.globs[i].glob = strings.ToLower(f.globs[i].glob)
		}
	}
	if len(f.globs) == 0 && (len(f.types) == 0 || !f.typesKnown) {
		return nil
	}
	return f
}

// rgGlobOf reads one of rg's -g values as gitignore does.
func rgGlobOf(v string, atCwd bool) (rgGlob, bool) {
	var g rgGlob
	v, g.neg = strings.CutPrefix(v, "!")
	v, g.dir = strings.CutSuffix(v, "/")
	for strings.HasPrefix(v, "**/") {
		v = v[3:]
	}
	if !plainGlob(v) || strings.HasPrefix(v, "!") {
		return g, false
	}
	if strings.Contains(v, "/") {
		if !atCwd {
			return g, false // anchored at rg's working directory, not the root
		}
		g.anchored, v = true, strings.TrimPrefix(v, "/")
		if !doublestar.ValidatePattern(v) {
			return g, false
		}
	}
	g.glob = v
	return g, v != ""
}

// pathspecFilter is git's reading of grep's pathspecs, relative to the
// working directory: a file an exclusion matches is skipped, and one no
// positive pathspec matches where there is one.
type pathspecFilter struct {
	pos, neg []string
	all      bool // a positive pathspec guard cannot match: any file
}

func (f *pathspecFilter) skips(rel string) bool {
	for _, n := range f.neg {
		if specMatch(n, rel, false) {
			return true
		}
	}
	if f.all || len(f.pos) == 0 {
		return false
	}
	for _, p := range f.pos {
		if specMatch(p, rel, true) {
			return false
		}
	}
	return true
}

// specMatch reports whether pathspec s (no magic) matches rel: the path
// itself or one under it; with * or ?, git's wildcard match of the whole
// path (a * matches a /). wide: also where it matches a leading
// directory (a positive pathspec matches at least what git's does).
func specMatch(s, rel string, wide bool) bool {
	if s == "" || s == "." {
		return true
	}
	if !strings.ContainsAny(s, "*?") {
		return rel == s || strings.HasPrefix(rel, s+"/")
	}
	if wildMatch(s, rel) {
		return true
	}
	for i := 0; wide && i < len(rel); i++ {
		if rel[i] == '/' && wildMatch(s, rel[:i]) {
			return true
		}
	}
	return false
}

// wildMatch matches p (literals, * for any run, ? for one byte) against
// the whole of s.
func wildMatch(p, s string) bool {
	if p == "" {
		return s == ""
	}
	switch p[0] {
	case '*':
		for i := 0; i <= len(s); i++ {
			if wildMatch(p[1:], s[i:]) {
				return true
			}
		}
		return false
	case '?':
		return s != "" && wildMatch(p[1:], s[1:])
	}
	return s != "" && s[0] == p[0] && wildMatch(p[1:], s[1:])
}

// pathspecFilterOf returns git's filter of pathspecs specs; nil for none.
func pathspecFilterOf(specs []string) fileFilter {
	if len(specs) == 0 {
		return nil
	}
	f := &pathspecFilter{}
	for _, s := range specs {
		m := gitSpecMagic(s)
		plain := !strings.ContainsAny(m.rest, "[]\\") && !m.other && !m.top
		switch {
		case m.exclude && plain:
			f.neg = append(f.neg, cleanSpec(m.rest))
		case m.exclude: // an exclusion guard does not match: skips nothing
		case !plain:
			f.all = true
		default:
			f.pos = append(f.pos, cleanSpec(m.rest))
		}
	}
	if len(f.neg) == 0 && (f.all || len(f.pos) == 0) {
		return nil
	}
	return f
}

// cleanSpec is a pathspec's path without ./ and a trailing /.
func cleanSpec(s string) string {
	if s == "" {
		return "."
	}
	return strings.TrimSuffix(path.Clean(s), "/")
}

// specMagic is what gitSpecMagic reads of a pathspec's magic.
type specMagic struct {
	exclude, top, other bool // other: glob, icase, attr or magic guard does not know
	rest                string
}

// gitSpecMagic reads pathspec s's magic (gitglossary): the long form
// :(words)PATH, or ':' with the signs / (top) and ! or ^ (exclude), ended
// by an optional ':'.
func gitSpecMagic(s string) specMagic {
	m := specMagic{rest: s}
	if !strings.HasPrefix(s, ":") {
		return m
	}
	if len(s) < 2 {
		m.other = true
		return m
	}
	if s[1] == '(' {
		words, rest, ok := strings.Cut(s[2:], ")")
		if !ok {
			m.other = true
			return m
		}
		for _, w := range strings.Split(words, ",") {
			switch w {
			case "exclude":
				m.exclude = true
			case "top":
				m.top = true
			default: // literal too: its * is no wildcard
				m.other = true
			}
		}
		m.rest = rest
		return m
	}
	i := 1
	for ; i < len(s) && strings.IndexByte("/!^", s[i]) >= 0; i++ {
		m.top = m.top || s[i] == '/'
		m.exclude = m.exclude || s[i] != '/'
	}
	if i == 1 {
		m.other = true // :PATH without magic signs: not read
		return m
	}
	if i < len(s) && s[i] == ':' {
		i++
	}
	m.rest = s[i:]
	return m
}

// underRoot returns p relative to root as a slash path, and whether p
// lies strictly below root.
func underRoot(root, p string) (string, bool) {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
