// Package path is the path detector: globs (file_paths.block_read,
// block_write and their allow lists) matched against a file path.
//
// # Globs
//
//	token  matches
//	*      any characters except /
//	**     any characters including /
//	?      one character except /
//	[...]  a character class ([abc], [a-z], [!a] or [^a])
//	other  a literal character ({, }, \ and , included)
//
// A glob matches the whole path, never a part of it. A leading ~, $HOME or
// ${HOME} (alone or followed by /) in a glob and in a checked path stands for
// the home directory given to [New]. Backslashes are path separators on both
// sides, so Windows paths work.
//
// When every ** in a glob is a whole path element (~/.ssh/**, **/.env,
// /a/**/b) the glob is matched by doublestar/v4, whose ** also matches zero
// elements: ~/.ssh/** covers ~/.ssh itself and /a/**/b covers /a/b. A glob
// with ** inside an element (/srv/**.bak) is translated to a regular
// expression in which ** is .*, as the table says.
//
// # Normalisation and case
//
// The checked path is cleaned before matching: backslashes become /, // and
// . elements collapse and .. elements are resolved, so /etc/../etc/passwd is
// /etc/passwd. Relative paths stay relative: the caller makes them absolute
// when it knows the working directory.
//
// Matching folds case and Unicode normalization the way the default file
// systems of macOS and Windows do, on every system: both the glob and the
// path are put in Unicode normalization form C and then through Unicode
// simple case folding ([Fold]), so ~/.SSH/id_rsa, ~/.ſsh/id_rsa (U+017F
// folds to s) and a decomposed é all match their glob. Linux file systems
// are usually case- and normalization-sensitive, where this blocks a few
// more paths than an exact match would; guard cannot know which file system
// holds a path (a case-insensitive volume can be mounted anywhere), so it
// folds everywhere.
//
// # Protected directories
//
// Directories given in [Rules.Protected] (guard's own directory) block every
// path in them, before and whatever the allow globs say.
//
// # Trees
//
// With [Rules.Trees] (the write rules), a checked path also stands for
// everything under it: removing, moving or extracting into a directory
// changes the files it holds. Such a path is blocked when a block glob can
// match a path below it and the path's last element is matched by a literal
// part of the glob, not absorbed by a **: rm -r ~/.agent_a and mv ~ /tmp
// meet ~/.agent_a/settings.json, while rm -r build does not meet
// **/.agent_b/hooks.json (only the ** would cover build). A protected
// directory inside the path blocks it too.
//
// # Many files at once
//
// A checked path DIR/** stands for DIR and every file in it (a recursive
// read: grep -r x DIR, tar c DIR, cp -r DIR). Besides the globs that match
// it as written, it meets every block glob whose fixed directory is DIR or
// inside it: grep -r x ~ reads ~/.ssh/**, ~/.netrc and guard's directory,
// while a glob without one (**/.env, **/*.pem) is not met by a recursive
// read of a project that holds such a file. DIR/**/NAME stands for every
// file NAME (a name or a pattern) under DIR, what find DIR -name NAME
// finds: it meets a glob that can match a path below DIR whose last
// element may be NAME (find ~ -name id_rsa meets ~/.ssh/**; find . -name
// '*.pem' meets **/*.pem; find . -name '*.go' meets neither).
package path

import (
	"errors"
	"fmt"
	gopath "path"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
	"golang.org/x/text/unicode/norm"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
)

// Detector matches paths against block and allow globs. It is safe for
// concurrent use.
type Detector struct {
	trees     bool
	named     bool // Rules.Named
	shallow   bool // trees reach one directory down only (see Shallow)
	home      string
	protected []protectedDir
	block     []*lazyGlob
	allow     []*lazyGlob
}

// protectedDir is a directory every path in which is blocked.
type protectedDir struct {
	src string // shown as the glob: the directory with /** (~ for home)
	dir string // normalised and folded, without a trailing /
}

// glob is one compiled glob: either a doublestar pattern or a regexp.
type glob struct {
	src   string         // as written in the policy, for reasons
	ds    string         // normalised doublestar pattern, when re is nil
	re    *regexp.Regexp // translation for globs doublestar cannot express
	fixed string         // FixedDir of the normalised glob, for re
	segs  []string       // ds split at /, for above; for re, with ** elements (see starSegs)
	last  string         // ds's last element when it is literal: a match ends in it
	// head and tail: the text before the first * and after the last * of
	// ds's last element when that is literal but for single stars
	// (*.pem, id_*): a match's last element starts and ends with them.
	head, tail string
	starLast   bool
	lead       int // how many of segs, from the first, are literal (literalSeg)
}

// lazyGlob is a glob compiled when a checked path first concerns it. A
// glob of the home directory's whose first element after ~/ is literal and
// whose text cannot fail to compile (plainHome) waits until a path in or
// above ~/ELEMENT is checked: no other path can match it, lie above what it
// matches or hold its files (near). Every other glob is compiled at once.
type lazyGlob struct {
	src  string
	home string
	// near is ~/ELEMENT, normalised and folded, of a glob that waits: the
	// home directory so (homeNear, shared) and ELEMENT folded. elem "": the
	// glob concerns every path.
	homeNear, elem string
	once           sync.Once
	g              glob
	err            error
}

// get returns the compiled glob. An error is possible only for a glob
// compiled at once (Compile reported it); plainHome rules it out for the
// others.
func (l *lazyGlob) get() (glob, error) {
	l.once.Do(func() { l.g, l.err = compile(l.src, l.home) })
	return l.g, l.err
}

// concerns reports whether a path whose directory or whole is n
// (normalised and folded; "" the root) can meet the glob: always for a glob
// without near or a relative n; else when n is near, in it or above it.
func (l *lazyGlob) concerns(n string) bool {
	if l.elem == "" || !absolute(n) && n != "" {
		return true
	}
	n = strings.TrimSuffix(n, "/")
	h := strings.TrimSuffix(l.homeNear, "/") // near is h/elem
	rest, ok := strings.CutPrefix(n, h)
	switch {
	case n == "" || ok && rest == "":
		return true // the root, or the home directory: above near
	case !ok:
		return related(h, n) // above the home directory, or elsewhere
	case rest[0] != '/':
		return false // a sibling: /home/devx
	}
	rest = rest[1:]
	return related(rest, l.elem) || related(l.elem, rest)
}

// related reports whether a is b or inside it (both without a trailing /).
func related(a, b string) bool {
	return strings.HasPrefix(a, b) && (len(a) == len(b) || a[len(b)] == '/')
}

// absolute reports whether n (normalised) is absolute: from the root or a
// drive.
func absolute(n string) bool {
	return strings.HasPrefix(n, "/") || len(n) >= 3 && n[1] == ':' && n[2] == '/'
}

// lazyGlobs turns the deferred compilation on; tests compare both ways.
var lazyGlobs = true

// HomeElement returns ELEMENT for a glob written ~/ELEMENT or ~/ELEMENT/…
// whose first element is literal and whose text normalisation leaves alone
// (the globs compiled on first need, see lazyGlob): every match of it lies
// in ~/ELEMENT or is ~/ELEMENT itself, and its fixed directory (FixedDir)
// is the home directory or inside ~/ELEMENT.
func HomeElement(glob string) (string, bool) { return plainHome(glob) }

// plainHome returns the first element after ~/ of a glob that can wait
// (lazyGlob): written from ~/, its first element literal, and only ASCII
// letters, digits and the punctuation that normalisation, folding and the
// glob table leave alone, so that it compiles without fail as a doublestar
// pattern whose matches all lie in ~/ELEMENT or are ~/ELEMENT itself: no
// \, no class or brace, no : (a stream name), no empty, . or .. element,
// none ending in a dot, ** only as a whole element.
func plainHome(src string) (first string, ok bool) {
	rest, ok := strings.CutPrefix(src, "~/")
	if !ok || rest == "" {
		return "", false
	}
	start, double := 0, false // the element's start; whether it holds **
	for i := 0; i <= len(rest); i++ {
		if i < len(rest) && plainByte(rest[i]) {
			continue // none of the cases below
		}
		if i < len(rest) && rest[i] != '/' {
			switch c := rest[i]; {
			case c <= ' ' || c >= 0x7f, c == '\\', c == '[', c == ']', c == '{', c == '}', c == ',', c == ':':
				return "", false
			case start == 0 && (c == '*' || c == '?'):
				return "", false // the first element must be literal
			case c == '*' && i > start && rest[i-1] == '*':
				double = true
			}
			continue
		}
		el := rest[start:i]
		if el == "" || el[len(el)-1] == '.' || double && el != "**" {
			return "", false // empty, ., .., ending in a dot; ** inside an element
		}
		if start == 0 {
			first = el
		}
		start, double = i+1, false
	}
	return first, true
}

// The bytes plainHome looks at: the control bytes and space, * , / : ?
// (below 64); [ \ ] { } and DEL (from 64).
const (
	specialLow  uint64 = 1<<33 - 1 | 1<<'*' | 1<<',' | 1<<'/' | 1<<':' | 1<<'?'
	specialHigh uint64 = 1<<('['-64) | 1<<('\\'-64) | 1<<(']'-64) | 1<<('{'-64) | 1<<('}'-64) | 1<<(0x7f-64)
)

// plainByte reports whether plainHome passes c over: ASCII, and none of
// the bytes it looks at.
func plainByte(c byte) bool {
	if c < 64 {
		return specialLow&(1<<c) == 0
	}
	return c < 128 && specialHigh&(1<<(c-64)) == 0
}

func (g glob) match(p string) bool {
	if g.re != nil {
		return g.re.MatchString(p)
	}
	if g.last != "" && !(strings.HasSuffix(p, g.last) && (len(p) == len(g.last) || p[len(p)-len(g.last)-1] == '/')) &&
		utf8.ValidString(p) {
		return false // cheap: ~/.bashrc cannot match /x/main.go (doublestar reads invalid bytes as one rune)
	}
	if g.starLast && !strings.HasSuffix(p, "/") && utf8.ValidString(p) {
		e := p[strings.LastIndexByte(p, '/')+1:]
		if len(e) < len(g.head)+len(g.tail) || !strings.HasPrefix(e, g.head) || !strings.HasSuffix(e, g.tail) {
			return false // cheap too: **/*.pem cannot match /x/main.go
		}
	}
	return doublestar.MatchUnvalidated(g.ds, p)
}

// New compiles the block and allow globs. home is what a leading ~ expands
// to; when it is empty, ~ stays a literal character.
func New(block, allow []string, home string) (*Detector, error) {
	return Compile(Rules{Block: block, Allow: allow, Home: home})
}

// Rules are what a Detector checks.
type Rules struct {
	Block []string // globs that block
	Allow []string // globs that allow, checked before Block
	// Protected are absolute directories (a leading ~ expands to Home)
	// every path in which is blocked, whatever Allow says.
	Protected []string
	Home      string // what a leading ~ stands for; "" keeps ~ literal
	// Variants are other spellings of a glob of Block or Allow (key: the
	// glob as written), absolute: where its fixed directory really is when
	// that is behind a symbolic link (/etc/** is also /private/etc/** on
	// macOS). A path matching a variant matches the glob.
	Variants map[string][]string
	// Trees makes a checked path stand for everything under it too (see
	// the package documentation): the write rules.
	Trees bool
	// Named makes an allow glob open a path a block glob matches only when
	// it names that block glob (see Names): allow ~/proj/** leaves
	// ~/proj/.git/config to **/.git/config, allow ~/proj/.git/config opens
	// it (the write rules).
	Named bool
}

// Compile prepares r.
func Compile(r Rules) (*Detector, error) {
	d := &Detector{home: r.Home, trees: r.Trees, named: r.Named}
	var err error
	if d.block, err = compileAll("block", r.Block, r.Home, r.Variants); err != nil {
		return nil, err
	}
	if d.allow, err = compileAll("allow", r.Allow, r.Home, r.Variants); err != nil {
		return nil, err
	}
	for _, dir := range r.Protected {
		n := Normalize(dir, r.Home)
		if !gopath.IsAbs(n) {
			return nil, fmt.Errorf("protected directory %q: not absolute", dir)
		}
		pd := protectedDir{src: tildeGlob(n, r.Home), dir: strings.TrimSuffix(Fold(n), "/")}
		dup := false
		for _, o := range d.protected {
			dup = dup || o.dir == pd.dir
		}
		if !dup {
			d.protected = append(d.protected, pd)
		}
	}
	return d, nil
}

// DirGlob returns the glob a finding shows for protected directory dir
// (its Entry): dir/**, with the home directory written ~.
func DirGlob(dir, home string) string { return tildeGlob(Normalize(dir, home), home) }

// tildeGlob returns the glob that shows protected directory n: n/**, with
// the home directory written ~.
func tildeGlob(n, home string) string {
	if home != "" {
		h := strings.TrimSuffix(Normalize(home, ""), "/")
		if n == h {
			return "~/**"
		}
		if rest, ok := strings.CutPrefix(n, h+"/"); ok && h != "" {
			return "~/" + rest + "/**"
		}
	}
	return strings.TrimSuffix(n, "/") + "/**"
}

func compileAll(kind string, srcs []string, home string, variants map[string][]string) ([]*lazyGlob, error) {
	out := make([]*lazyGlob, 0, len(srcs))
	all := make([]lazyGlob, len(srcs)) // one allocation for the globs as written
	// ~/ELEMENT normalised and folded is the home directory so, then
	// ELEMENT folded: a plain element is left alone by normalisation and
	// cleaning, and NFC composes nothing across a /. A home directory whose
	// name holds a wildcard (or what the glob table reads otherwise) makes
	// the globs' matches lie elsewhere too: nothing waits.
	homeNear := ""
	if h := Fold(Normalize("~", home)); home != "" && lazyGlobs && absolute(h) && !strings.ContainsAny(h, "*?[]{},\\") {
		homeNear = h
	}
	for i, s := range srcs {
		l := &all[i]
		l.src, l.home = s, home
		if first, ok := plainHome(s); ok && homeNear != "" {
			l.homeNear, l.elem = homeNear, strings.ToLower(first)
		}
		if l.elem == "" {
			if _, err := l.get(); err != nil {
				return nil, fmt.Errorf("%s glob %d %q: %w", kind, i, s, err)
			}
		}
		out = append(out, l)
		for _, v := range variants[s] {
			vg, err := compile(v, "")
			if err != nil {
				return nil, fmt.Errorf("%s glob %d %q (as %q): %w", kind, i, s, v, err)
			}
			vg.src = s // shown as written
			vl := &lazyGlob{src: s}
			vl.once.Do(func() { vl.g = vg })
			out = append(out, vl)
		}
	}
	return out, nil
}

// FixedDir returns the directory a normalised glob's matches all lie in:
// the part before its first wildcard, up to the last /; for a glob without
// wildcards, its directory. "" when the glob starts with a wildcard or is
// relative.
func FixedDir(n string) string {
	if !gopath.IsAbs(n) && !(len(n) >= 3 && n[1] == ':' && n[2] == '/') {
		return ""
	}
	cut := len(n)
	if i := strings.IndexAny(n, "*?["); i >= 0 {
		cut = i
	}
	j := strings.LastIndexByte(n[:cut], '/')
	if j < 0 {
		return ""
	}
	if j == 0 || (j == 2 && n[1] == ':') {
		return n[:j+1] // the root: no directory of its own to resolve
	}
	return n[:j]
}

// Validate reports whether glob is a well-formed glob: not empty, no NUL,
// every [ closed by ].
func Validate(glob string) error {
	_, err := compile(glob, "")
	return err
}

func compile(src, home string) (glob, error) {
	if src == "" {
		return glob{}, errors.New("empty glob")
	}
	if strings.ContainsRune(src, 0) {
		return glob{}, errors.New("glob holds a NUL byte")
	}
	p := Fold(Normalize(src, home))
	if err := checkClasses(p); err != nil {
		return glob{}, err
	}
	if wholeElementStars(p) {
		ds := p
		if strings.ContainsAny(p, "[{},") {
			ds = escapeLiterals(p)
		}
		if !doublestar.ValidatePattern(ds) {
			return glob{}, errors.New("malformed glob")
		}
		g := glob{src: src, ds: ds, segs: strings.Split(ds, "/"), fixed: FixedDir(p)}
		for g.lead < len(g.segs) && literalSeg(g.segs[g.lead]) {
			g.lead++
		}
		if l := g.segs[len(g.segs)-1]; literalSeg(l) && utf8.ValidString(l) {
			g.last = l
		} else if !strings.ContainsAny(l, "?[]{}\\") && !strings.Contains(l, "**") && utf8.ValidString(l) && l != "*" {
			g.head, g.tail, g.starLast = l[:strings.IndexByte(l, '*')], l[strings.LastIndexByte(l, '*')+1:], true
		}
		return g, nil
	}
	re, err := regexp.Compile(toRegexp(p))
	if err != nil {
		return glob{}, fmt.Errorf("malformed glob: %w", err)
	}
	return glob{src: src, re: re, fixed: FixedDir(p), segs: starSegs(p)}, nil
}

// above reports whether directory n (normalised and folded) holds a path g
// matches, with n's last element matched by a literal part of g.
func (g glob) above(n string) bool {
	n = strings.TrimSuffix(n, "/")
	if g.re != nil {
		return g.fixed != "" && (g.fixed == n || strings.HasPrefix(g.fixed, n+"/"))
	}
	gs := g.segs
	if len(gs) > maxTreeElems || strings.Count(n, "/") >= maxTreeElems {
		return false
	}
	// The glob's leading literal elements are matched one to one: a
	// difference there settles it (most globs, most paths) before the
	// general walk below.
	for i, rest := 0, n; i < g.lead; i++ {
		e, after, more := strings.Cut(rest, "/")
		if e != gs[i] {
			return false
		}
		if !more {
			break
		}
		rest = after
	}
	// state[j], after each element of n: none when gs[:j] cannot match
	// the elements so far, byLit when it can with the last element matched
	// by a literal part of g, byStar when only with that element taken by
	// a **.
	const (
		none = iota
		byStar
		byLit
	)
	var buf [2 * 17]int // no allocation for globs of up to 16 elements
	var state, next []int
	if len(gs) < 17 {
		state, next = buf[:len(gs)+1], buf[17:17+len(gs)+1]
	} else {
		state, next = make([]int, len(gs)+1), make([]int, len(gs)+1)
	}
	closure := func(st []int) { // a ** may take no element
		for j := 0; j < len(gs); j++ {
			if st[j] != none && gs[j] == "**" && st[j+1] < st[j] {
				st[j+1] = st[j]
			}
		}
	}
	state[0] = byStar // nothing taken yet: not literal
	closure(state)
	for rest := n; ; {
		e, after, more := strings.Cut(rest, "/")
		clear(next)
		for j := 0; j < len(gs); j++ {
			if state[j] == none {
				continue
			}
			if gs[j] == "**" {
				next[j] = max(next[j], byStar)
			} else if segMatch(gs[j], e) {
				next[j+1] = byLit
			}
		}
		closure(next)
		state, next = next, state
		if !more || !slices.ContainsFunc(state, func(s int) bool { return s != none }) {
			break // no part of g can match the elements so far: none further can
		}
		rest = after
	}
	for j := 0; j < len(gs); j++ { // some of g must remain below n
		if state[j] == byLit {
			return true
		}
	}
	return false
}

// segMatch matches one path element against one glob element: a plain
// comparison when the glob element has no wildcard or escape.
func segMatch(g, e string) bool {
	if literalSeg(g) {
		return g == e
	}
	ok, _ := doublestar.Match(g, e)
	return ok
}

// literalSeg reports whether a doublestar glob element has no wildcard and
// no escape: it matches only itself.
func literalSeg(g string) bool { return !strings.ContainsAny(g, "*?[{}\\") }

// maxTreeElems bounds the elements of a path or glob checked as a tree.
const maxTreeElems = 256

// Without returns a detector that checks what d checks but the block globs
// skip reports, given each as written (its variants go with it). The two
// share their compiled globs.
func (d *Detector) Without(skip func(glob string) bool) *Detector {
	out := *d
	out.block = make([]*lazyGlob, 0, len(d.block))
	for _, g := range d.block {
		if !skip(g.src) {
			out.block = append(out.block, g)
		}
	}
	return &out
}

// Shallow returns a detector that checks what d checks, except that a
// path stands for what is directly in it and in the directories directly in
// it, not deeper: the rules of a program guard does not know (a touch),
// handed a directory. rm -r ~/.local removes everything below it; an
// unknown installer given PREFIX=~/.local writes its bin/, lib/ and share/,
// not ~/.local/state/guard, while a program given ~, ~/.agent_a or
// ~/.config still meets ~/.guard, the hook file and ~/.config/fish/**.
func (d *Detector) Shallow() *Detector {
	out := *d
	out.shallow = true
	return &out
}

// reaches reports whether a tree check of directory n (normalised) counts
// dir, a directory at or below it: always, unless d is shallow and dir is
// more than one element below n.
func (d *Detector) reaches(n, dir string) bool {
	if !d.shallow {
		return true
	}
	n = strings.TrimSuffix(n, "/")
	rest, ok := strings.CutPrefix(dir, n)
	if !ok || n == "" {
		return !ok || strings.Count(dir, "/") <= 1
	}
	return strings.Count(strings.Trim(rest, "/"), "/") == 0
}

// Check reports a protected directory that holds p, else the first block
// glob that matches p unless an allow glob matches it. The Reason is
// `path '<path>' matches glob '<glob>'`; a protected directory shows as
// the glob <dir>/**.
//
// A path holding Unknown parts is checked for what it could name (see
// checkUnresolved); its Reason says guard cannot tell what it names.
func (d *Detector) Check(p string) (event.Finding, bool) {
	return d.check(p, false)
}

// CheckOpaque is Check for a read whose output guard cannot redact (see
// event.Input.Opaque): a recursive read DIR/** also meets the globs
// without a fixed directory (**/.env, **/*.pem) that can match a file
// below DIR, as DIR/**/* would. Such a finding's Reach is
// event.ReachOpaque.
func (d *Detector) CheckOpaque(p string) (event.Finding, bool) {
	return d.check(p, true)
}

func (d *Detector) check(p string, opaque bool) (event.Finding, bool) {
	if p == "" {
		return event.Finding{}, false
	}
	if strings.Contains(p, Unknown) {
		return d.checkUnresolved(p)
	}
	if k, ok := kernelDots(p, d.home); ok {
		// The kernel's path first: a\b/../.. is two steps up on Unix,
		// where Normalize reads the backslash as a separator (one step
		// into a/b and back). Both are checked; either blocks.
		if f, hit := d.check(k, opaque); hit {
			return f, hit
		}
	}
	n := Fold(Normalize(p, d.home))
	dir, name, rec := cutTree(n)
	for _, pd := range d.protected {
		switch {
		case n == pd.dir || strings.HasPrefix(n, pd.dir+"/") || pd.dir == "" && strings.HasPrefix(n, "/"):
			return finding(p, pd.src, event.ReachMatch), true
		case d.trees && strings.HasPrefix(pd.dir+"/", strings.TrimSuffix(n, "/")+"/") && d.reaches(n, pd.dir):
			return finding(p, pd.src, event.ReachHolds), true
		case rec && within(pd.dir, dir):
			return treeFinding(p, pd.src, name, false), true
		}
	}
	near := n // what a glob must be near to concern the path (lazyGlob)
	if rec {
		near = dir
	}
	var opened []string // the allow globs that match, with Named
	for _, l := range d.allow {
		if !l.concerns(near) {
			continue
		}
		if g, err := l.get(); err == nil && g.match(n) {
			if !d.named {
				return event.Finding{}, false
			}
			opened = append(opened, l.src)
		}
	}
	if f, hit := d.blocked(p, n, near, opened); hit {
		return f, hit
	}
	if rec && opaque && name == "" {
		return d.opaqueTree(p, dir, near)
	}
	return event.Finding{}, false
}

// blocked meets n (p normalised; near, what a glob must be near to concern
// it) with the block globs other than those an allow glob in opened names.
func (d *Detector) blocked(p, n, near string, opened []string) (event.Finding, bool) {
	dir, name, rec := cutTree(n)
	for _, l := range d.block {
		if !l.concerns(near) || namedByAny(opened, l.src, d.home) {
			continue
		}
		g, err := l.get()
		if err != nil {
			return finding(p, l.src, event.ReachMatch), true // cannot happen (lazyGlob.get); fail closed
		}
		if g.match(n) {
			return finding(p, g.src, event.ReachMatch), true
		}
		if d.trees && g.above(n) && (g.fixed == "" || d.reaches(n, g.fixed)) {
			return finding(p, g.src, event.ReachHolds), true
		}
		if rec && g.inTree(dir, name) {
			return treeFinding(p, g.src, name, true), true
		}
		if rec && name == "" && d.trees && g.above(dir) && (g.fixed == "" || d.reaches(dir, g.fixed)) {
			// DIR/** written (find DIR -delete, rm -r DIR): DIR stands
			// for what it holds, as a written DIR does.
			f := finding(p, g.src, event.ReachTree)
			const why = "; it stands for every file under its directory (all of it written), among them files the glob protects"
			f.Reason += why
			f.LogReason += why
			return f, true
		}
	}
	return event.Finding{}, false
}

// opaqueTree meets DIR/** (a recursive read whose output guard cannot
// redact) with the block globs whose files may be anywhere below DIR.
func (d *Detector) opaqueTree(p, dir, near string) (event.Finding, bool) {
	// Every file under DIR, whatever its name: the globs whose files
	// may be anywhere are met too.
	for _, l := range d.block {
		if !l.concerns(near) {
			continue
		}
		g, err := l.get()
		if err != nil || g.inTree(dir, "*") {
			f := finding(p, l.src, event.ReachOpaque)
			const why = "; it stands for every file under its directory (a recursive read), among them files the glob may protect, and guard cannot redact what the read prints"
			f.Reason += why
			f.LogReason += why
			return f, true
		}
	}
	return event.Finding{}, false
}

// namedByAny reports whether one of allows names block (Names).
func namedByAny(allows []string, block, home string) bool {
	for _, a := range allows {
		if Names(a, block, home) {
			return true
		}
	}
	return false
}

// Names reports whether allow glob a names block glob b: each element of
// b (~ expanded to home) that spells out a name appears, in order, among
// a's elements: a literal element as an equal literal element of a, an
// element with a wildcard by its literal text (*.code-workspace by
// .code-workspace, when that is two characters or more) as a part of one.
// A wildcard of a cannot stand in for a name b spells out: ~/proj/** does
// not name **/.git/config or **/*.code-workspace, while
// ~/proj/.git/config, **/.git/config, ~/proj/.git/** and
// ~/proj/*.code-workspace do.
func Names(a, b, home string) bool {
	have := strings.Split(Fold(Normalize(a, home)), "/")
	for _, w := range strings.Split(Fold(Normalize(b, home)), "/") {
		lit := !strings.ContainsAny(w, "*?[")
		rest := residue(w)
		if len(rest) < 2 && !(lit && rest != "") {
			continue
		}
		i := slices.IndexFunc(have, func(h string) bool {
			if lit {
				return h == w
			}
			return strings.Contains(residue(h), rest)
		})
		if i < 0 {
			return false
		}
		have = have[i+1:]
	}
	return true
}

// residue returns glob element e without its wildcards: the text it
// spells out.
func residue(e string) string {
	var sb strings.Builder
	for i := 0; i < len(e); i++ {
		switch e[i] {
		case '*', '?':
		case '[':
			j := strings.IndexByte(e[i:], ']')
			if j < 0 {
				return sb.String()
			}
			i += j
		default:
			sb.WriteByte(e[i])
		}
	}
	return sb.String()
}

// treeFinding is the finding of a path that stands for many files (see
// cutTree) and meets glob; said says whether its reason says so (the
// protected directories' reasons never did).
func treeFinding(p, glob, name string, said bool) event.Finding {
	reach, why := event.ReachTree, "; it stands for every file under its directory (a recursive read), among them files the glob protects"
	if name != "" {
		reach, why = event.ReachNamed, "; it stands for every file of that name under its directory (what find finds), among them files the glob protects"
	}
	f := finding(p, glob, reach)
	if said {
		f.Reason += why
		f.LogReason += why
	}
	return f
}

// cutTree splits a path that stands for many files: DIR/** (DIR and
// everything in it: a recursive read) or DIR/**/NAME (every file called
// NAME, a name or a pattern, under DIR: what find DIR -name NAME finds).
// The root's DIR is "". ok is false for any other path.
func cutTree(n string) (dir, name string, ok bool) {
	if d, ok := strings.CutSuffix(n, "/**"); ok {
		return d, "", true
	}
	i := strings.LastIndex(n, "/**/")
	if i < 0 || strings.ContainsRune(n[i+4:], '/') || n[i+4:] == "" {
		return "", "", false
	}
	return n[:i], n[i+4:], true
}

// within reports whether directory f is dir or inside it ("" is the root).
func within(f, dir string) bool {
	if f == "" {
		return dir == ""
	}
	return dir == "" && strings.HasPrefix(f, "/") || f == dir || strings.HasPrefix(f, dir+"/")
}

// inTree reports whether g may match a file of the tree dir/** (name
// empty: a glob whose fixed directory is dir or inside it: ~/.ssh/** for a
// recursive read of ~, not **/.env, whose files may be anywhere and are not
// read for that) or of dir/**/name (g can match a path below dir whose last
// element name may be: ~/.ssh/** and **/*.pem for find ~ -name id_rsa or
// -name '*.pem').
func (g glob) inTree(dir, name string) bool {
	if name == "" {
		return g.fixed != "" && within(g.fixed, dir)
	}
	if g.re != nil {
		// A glob with ** inside an element: whether it reaches below dir
		// is read from its fixed directory; any name may match.
		return g.fixed == "" || within(g.fixed, dir) || within(dir, g.fixed)
	}
	last := g.segs[len(g.segs)-1]
	if n := len(g.segs); last == "**" && n >= 3 && g.segs[0] == "**" && !strings.ContainsAny(g.segs[n-2], "*?[") {
		// A tree anywhere (**/.agent_a/**): what a find of name yields
		// meets it when name may be the tree's directory (find . -name
		// .agent_a -exec rm -r), not for every name (src/**/*.ts).
		last = g.segs[n-2]
	}
	return g.below(dir) && nameMeets(last, name)
}

// below reports whether g can match a path below directory dir (normalised
// and folded; "" is the root): some element of g remains once dir's
// elements are matched.
func (g glob) below(dir string) bool {
	gs := g.segs
	if len(gs) > maxTreeElems || strings.Count(dir, "/") >= maxTreeElems {
		return false
	}
	live := make([]bool, len(gs)+1)
	next := make([]bool, len(gs)+1)
	closure := func(st []bool) { // a ** may take no element
		for j := 0; j < len(gs); j++ {
			if st[j] && gs[j] == "**" {
				st[j+1] = true
			}
		}
	}
	live[0] = true
	closure(live)
	for _, e := range strings.Split(dir, "/") {
		clear(next)
		for j := 0; j < len(gs); j++ {
			switch {
			case !live[j]:
			case gs[j] == "**":
				next[j] = true
			case segMatch(gs[j], e):
				next[j+1] = true
			}
		}
		closure(next)
		live, next = next, live
	}
	return slices.Contains(live[:len(gs)], true)
}

// nameMeets reports whether a file named by find's pattern name (folded)
// may be matched by glob element l: l is **, or one matches the other read
// as a plain name (*.pem meets id.pem, * meets .env; *.go does not meet
// *.pem).
func nameMeets(l, name string) bool {
	if l == "**" {
		return true
	}
	if ok, _ := doublestar.Match(l, name); ok {
		return true
	}
	ok, _ := gopath.Match(name, strings.ReplaceAll(l, `\`, ""))
	return ok
}

// finding is the finding of path p meeting glob (its Entry) as reach says.
func finding(p, glob string, reach event.Reach) event.Finding {
	return event.Finding{
		Detector:  event.DetectorPaths,
		Rule:      "blocked_path",
		Severity:  "high",
		Reason:    fmt.Sprintf("path '%s' matches glob '%s'", detect.Printable(p), glob),
		LogReason: fmt.Sprintf("path '%s' matches glob '%s'", event.Redacted, glob),
		Entry:     glob,
		Reach:     reach,
	}
}

// Fold returns s in the form path rules compare: Unicode normalization form
// C, then simple case folding, each rune replaced by one fixed member of its
// case-folding orbit (its lower-case form where that is in the orbit, so
// ASCII is lower-cased). Invalid UTF-8 bytes are kept as they are. Two
// strings fold equal when a case-insensitive, normalization-insensitive file
// system (APFS, NTFS) would take them for the same name, and sometimes
// more (NTFS does not fold the Kelvin sign K with k; guard does).
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	s = norm.NFC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteByte(s[i])
		} else {
			b.WriteRune(foldRune(r))
		}
		i += size
	}
	return b.String()
}

// foldRune returns the member of r's simple case-folding orbit that stands
// for the whole orbit: its lower-case form when that is in the orbit, else
// the smallest member.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	if l := unicode.ToLower(least); l != least {
		for f := unicode.SimpleFold(l); f != l; f = unicode.SimpleFold(f) {
			if f == least {
				return l
			}
		}
	}
	return least
}

// kernelDots returns p with its .. elements resolved as the kernel of a
// system whose only separator is / resolves them (a backslash is part of
// a name there), when p holds both a backslash and a .. that this changes;
// false on Windows, where Normalize's reading is the system's.
func kernelDots(p, home string) (string, bool) {
	if backslashSeparates || !strings.Contains(p, `\`) || !strings.Contains(p, "..") {
		return "", false
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok && home != "" {
		p = strings.TrimSuffix(home, "/") + "/" + rest
	}
	k := gopath.Clean(p)
	if k == p || strings.HasPrefix(k, "~") {
		return "", false
	}
	return k, true
}

// backslashSeparates says a backslash separates a path's elements on this
// system (Windows).
const backslashSeparates = runtime.GOOS == "windows"

// Normalize returns p in the form globs are matched against: backslashes
// turned into /, a leading ~, $HOME or ${HOME} replaced by home, and the
// result cleaned (path.Clean). Letter case is kept. An empty p stays empty.
func Normalize(p, home string) string {
	if p == "" {
		return ""
	}
	p = strings.ReplaceAll(p, `\`, "/")
	if home != "" {
		p = ExpandHome(p, strings.ReplaceAll(home, `\`, "/"))
	}
	return gopath.Clean(windowsNames(p))
}

// windowsNames drops from each element of p what Windows ignores when it
// opens a file: a stream name (.env::$DATA, .env:x) and trailing dots and
// spaces (.env. and ".env "), so such a spelling meets the rule for the
// file it opens. Like case folding, it applies on every system.
func windowsNames(p string) string {
	if !strings.ContainsRune(p, ':') && !strings.HasSuffix(p, ".") && !strings.HasSuffix(p, " ") &&
		!strings.Contains(p, "./") && !strings.Contains(p, " /") {
		return p // no element ends in a dot or a space, none names a stream
	}
	els := strings.Split(p, "/")
	changed := false
	for i, el := range els {
		e := el
		if k := strings.IndexByte(e, ':'); k >= 0 && !(i == 0 && k == 1 && len(e) == 2) {
			e = e[:k]
		}
		if e != "." && e != ".." {
			if t := strings.TrimRight(e, ". "); t != "" {
				e = t
			}
		}
		if e != el && e != "" {
			els[i], changed = e, true
		}
	}
	if !changed {
		return p
	}
	return strings.Join(els, "/")
}

// ExpandHome replaces a leading ~, $HOME or ${HOME} (alone or followed by
// /) in p with home, and changes nothing else: no cleaning, so that a
// caller resolving the path like the kernel still sees every .. where it
// was. An empty home leaves p as it is.
func ExpandHome(p, home string) string {
	if home == "" {
		return p
	}
	home = strings.TrimRight(home, "/")
	for _, pre := range []string{"~", "$HOME", "${HOME}"} {
		if p == pre {
			return home + "/"
		}
		if len(p) > len(pre) && p[len(pre)] == '/' && strings.HasPrefix(p, pre) {
			return home + p[len(pre):] // one /, not two: nothing left for a Clean to copy
		}
	}
	return p
}

// OwnTilde returns p with a leading ~NAME written ~ when NAME's home is
// the user's: NAME is the user guard runs as (lookup's USER, else
// LOGNAME), or lookup("~NAME"), the account database's answer as the
// shell's getpwnam gives it, is "~" (its home is the user's home). Another
// account's home (not the rules' ~) stays as written. Where lookup cannot
// answer, or NAME is computed (~$USER), guard cannot tell whose home it is:
// the ~NAME part is Unknown (checkUnresolved), so a rest that could name a
// protected place blocks. The shell analysis and the agents' tool paths
// both read ~NAME this way.
func OwnTilde(p string, lookup func(string) (string, bool)) string {
	if len(p) < 2 || p[0] != '~' || p[1] == '/' {
		return p
	}
	name, rest, _ := strings.Cut(p[1:], "/")
	for _, v := range []string{"USER", "LOGNAME"} {
		if u, ok := lookup(v); ok && u != "" && u == name {
			return "~/" + rest
		}
	}
	if strings.ContainsAny(name, "$"+Unknown) {
		return Unknown + Unknown + "/" + rest // ~$USER: a name guard cannot tell
	}
	if UserTilde("~"+name+"/") == 0 {
		return p // ~+, ~-, ~1: not an account's home
	}
	switch dir, ok := lookup("~" + name); {
	case !ok:
		return Unknown + Unknown + "/" + rest
	case dir == "~":
		return "~/" + rest
	}
	return p
}

// UserTilde returns the length of a leading ~NAME (a user's home, as the
// shell and expanduser read it) when p starts with one followed by / or
// \, else 0. The path rules leave ~NAME as written (another user's home
// is not the rules' ~); the agents' paths name the user guard runs as ~
// (agent.ResolvePaths), as the shell analysis does.
func UserTilde(p string) int {
	if len(p) < 3 || p[0] != '~' || !(p[1] == '_' || p[1] >= 'a' && p[1] <= 'z' || p[1] >= 'A' && p[1] <= 'Z') {
		return 0
	}
	for i := 2; i < len(p) && i <= 33; i++ {
		switch c := p[i]; {
		case c == '/' || c == '\\':
			return i
		case c == '_' || c == '-' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
		default:
			return 0
		}
	}
	return 0
}

// checkClasses reports an unclosed character class.
func checkClasses(p string) error {
	for i := 0; i < len(p); i++ {
		if p[i] != '[' {
			continue
		}
		end := classEnd(p, i)
		if end < 0 {
			return errors.New("unclosed '[' in glob")
		}
		i = end
	}
	return nil
}

// classEnd returns the index of the ] closing the class opened at i, or -1.
// A ] right after [, [! or [^ is a literal member.
func classEnd(p string, i int) int {
	j := i + 1
	if j < len(p) && (p[j] == '!' || p[j] == '^') {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++
	}
	for ; j < len(p); j++ {
		if p[j] == ']' {
			return j
		}
	}
	return -1
}

// wholeElementStars reports whether every ** in p is a whole path element,
// the case where doublestar's semantics are the table's.
func wholeElementStars(p string) bool {
	for i := 0; i+1 < len(p); i++ {
		if p[i] == '[' {
			i = classEnd(p, i)
			continue
		}
		if p[i] != '*' || p[i+1] != '*' {
			continue
		}
		j := i
		for j < len(p) && p[j] == '*' {
			j++
		}
		if j-i != 2 || (i > 0 && p[i-1] != '/') || (j < len(p) && p[j] != '/') {
			return false
		}
		i = j
	}
	return true
}

// escapeLiterals escapes the characters doublestar would treat specially
// but the glob table calls literal: { } and , outside classes, and a ] that
// opens a class.
func escapeLiterals(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '[' {
			end := classEnd(p, i)
			body := p[i+1 : end]
			b.WriteByte('[')
			if body != "" && (body[0] == '!' || body[0] == '^') {
				b.WriteByte(body[0])
				body = body[1:]
			}
			if strings.HasPrefix(body, "]") { // a literal ] first in the class
				b.WriteByte('\\')
			}
			b.WriteString(body)
			b.WriteByte(']')
			i = end
			continue
		}
		if c == '{' || c == '}' || c == ',' {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// toRegexp translates p by the glob table into an anchored regexp.
func toRegexp(p string) string {
	var b strings.Builder
	b.WriteString(`(?s)^`)
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '*':
			if i+1 < len(p) && p[i+1] == '*' {
				for i+1 < len(p) && p[i+1] == '*' {
					i++
				}
				b.WriteString(`.*`)
			} else {
				b.WriteString(`[^/]*`)
			}
		case '?':
			b.WriteString(`[^/]`)
		case '[':
			end := classEnd(p, i)
			body := p[i+1 : end]
			b.WriteByte('[')
			if strings.HasPrefix(body, "!") {
				b.WriteByte('^')
				body = body[1:]
			} else if strings.HasPrefix(body, "^") {
				b.WriteByte('^')
				body = body[1:]
			}
			b.WriteString(strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`).Replace(body))
			b.WriteByte(']')
			i = end
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1])) // bytes of a multi-byte rune pass unchanged
		}
	}
	b.WriteString(`$`)
	return b.String()
}

// systemDirs are the operating system's own directories, normalised and
// folded: an unprivileged process cannot write in them.
var systemDirs = []string{"/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/boot",
	"/system", "/library", "/private/etc", "c:/windows", "c:/program files", "c:/program files (x86)"}

// SystemGlob reports whether glob g (home is what a leading ~ stands for)
// only matches paths in the operating system's own directories (/etc, /usr,
// /bin, /sbin, /lib*, /boot, macOS's /System and /Library, C:\Windows,
// C:\Program Files): the OS refuses an unprivileged agent a write there,
// and compilers and other programs guard does not know read them all day.
func SystemGlob(g, home string) bool {
	// Only a glob written from the root or a drive: ~/… is the user's
	// own, wherever the home directory is (/usr/home/me on FreeBSD).
	if g == "" || g[0] != '/' && g[0] != '\\' && !(len(g) > 2 && g[1] == ':') {
		return false
	}
	dir := FixedDir(Fold(Normalize(g, home)))
	for _, s := range systemDirs {
		if dir == s || strings.HasPrefix(dir, s+"/") {
			return true
		}
	}
	return false
}
