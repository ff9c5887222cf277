package path

import (
	"fmt"
	gopath "path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
)

// Unknown stands, in a checked path, for a part guard could not work out (a
// command's output, a value read at run time): any text, / and .. included.
// No real path holds it (it is a NUL byte). Written twice where a relative
// path begins (the caller joins it with the working directory after), it
// marks a part that may as well be an absolute path ("$(go env GOPATH)/bin",
// "$OUT"): the working directory then tells less of what it names (see
// nameIn).
const Unknown = "\x00"

// maxUnresolvedElems bounds the elements of an unresolved path's known tail
// that are compared: the tail's end is what a match depends on.
const maxUnresolvedElems = 64

// checkUnresolved reports whether a path holding Unknown parts could name
// what a block glob or a protected directory covers. The allow globs are not
// consulted: a path guard cannot tell cannot be shown to be allowed. It
// could when
//
//   - the known elements after its last unknown part (the tail, its .. taken
//     as climbing out of the unknown) end what the glob matches, one of them
//     matched by a part of the glob other than **: $(x)/.ssh/id_rsa could be
//     ~/.ssh/id_rsa, $(x)/README.md could not be told from any file in
//     ~/.ssh/** and is not held to it;
//   - it ends in an unknown part and what is known before it lies in a
//     directory the glob covers whole (~/.guard/$(x), ~/.ssh/id_$(x)) or
//     begins the glob's last element (~/.bash$(x));
//   - one unknown part inside an element, with the known text around it
//     beginning or ending a glob element the known head reaches, and the
//     known tail ending what follows (~/.s$(x)/id_rsa);
//   - its last element ends in known text a pattern the glob ends with
//     can end with ($(x).pem, **/*.pem);
//   - whole elements known between two unknown parts are a run of the
//     glob's, one of them matched by a part other than ** ($(x)/.ssh/$(y));
//   - an element it names is wholly unknown, directly in a known directory
//     that holds what the glob protects, the glob's elements leading there
//     without a ** (~/$(x), ~/.config/$X, ~/$X/id_rsa, the known tail
//     ending what the glob matches below that element): guard cannot tell
//     which name of the directory it is. A glob that starts with **
//     (**/.env) holds in every directory and is not counted, so an
//     unknown name in a project directory stays allowed.
//
// A path holding a value the command computes at run time from what guard
// cannot tell (RunTime: $(echo … | tr _ /), a line read, $_), at its start
// or after a known head (./$(cat f): the value may climb out with ..), may
// be any absolute path: written (the write rules), or read with nothing
// known after the value ("$x", "src/$x"), it is "cannot tell" whatever its
// known rest, against the first protected place of the rules.
func (d *Detector) checkUnresolved(p string) (event.Finding, bool) {
	u := d.parseUnresolved(p)
	if u.runTime && (d.trees || u.bare()) {
		if g := d.firstGlob(); g != "" {
			return runTimeFinding(p, g), true
		}
	}
	for _, pd := range d.protected {
		segs := append(strings.Split(strings.TrimPrefix(pd.dir, "/"), "/"), "**")
		segs = append([]string{""}, segs...)
		if u.couldMatch(segs) {
			return unresolvedFinding(p, pd.src), true
		}
		if u.nameIn(segs, d.trees) {
			return unknownNameFinding(p, pd.src), true
		}
	}
	for _, l := range d.block {
		g, err := l.get() // a path guard cannot tell concerns every glob
		if err != nil || u.couldMatch(g.segs) {
			return unresolvedFinding(p, l.src), true
		}
	}
	for _, l := range d.block {
		if g, _ := l.get(); u.nameIn(g.segs, d.trees) {
			return unknownNameFinding(p, l.src), true
		}
	}
	return event.Finding{}, false
}

// unresolved is a path with unknown parts, normalised and folded.
type unresolved struct {
	headDir     []string   // the whole elements before the first unknown part
	headPartial string     // the start of the element the first unknown part is in
	tail        []string   // the whole elements after the last unknown part
	tailPartial string     // with a tail: the end of the element the last unknown part is in
	lastSuffix  string     // with no tail: the end of the last element
	middle      [][]string // the whole elements between two unknown parts
	// wholeName: the first unknown part is a whole element of its own,
	// directly in the known directory headDir; more: other unknown parts
	// follow it.
	wholeName, more bool
	// leading: the first unknown part began a relative path, and may be
	// an absolute one (see Unknown).
	leading bool
	// runTime: that part is a value the command computes at run time
	// from what guard cannot tell (see RunTime).
	runTime bool
}

// RunTime begins a path whose first part is a value the command computes
// at run time from what guard cannot tell: Unknown three times (see
// checkUnresolved).
const RunTime = Unknown + Unknown + Unknown

// MidRunTime is such a value after a known head (./$(cat f)): Unknown four
// times. It may climb out of the head with .., yet does not begin the path.
const MidRunTime = RunTime + Unknown

// bare reports whether the path has nothing known after its first
// unknown part ("$x", "./$x", "v$x": a value that begins with / and
// climbs goes anywhere from a directory v; not "$x/go.mod" or "$x.log").
func (u unresolved) bare() bool {
	return !u.more && len(u.tail) == 0 && u.tailPartial == "" && u.lastSuffix == ""
}

// firstGlob returns what the first protected place of the rules is shown
// as: a protected directory, else a block glob; "" when there is none.
func (d *Detector) firstGlob() string {
	if len(d.protected) > 0 {
		return d.protected[0].src
	}
	if len(d.block) > 0 {
		return d.block[0].src
	}
	return ""
}

// oneUnknown returns p with each run of Unknown written once.
func oneUnknown(p string) string {
	for strings.Contains(p, Unknown+Unknown) {
		p = strings.ReplaceAll(p, Unknown+Unknown, Unknown)
	}
	return p
}

func (d *Detector) parseUnresolved(p string) unresolved {
	var u unresolved
	if i := strings.Index(p, Unknown); i >= 0 && strings.HasPrefix(p[i:], Unknown+Unknown) && !strings.HasPrefix(p[i:], MidRunTime) {
		u.leading = true
	}
	// A run-time value anywhere may hold / and .. (./$(cat f)): what is
	// known before it does not bound where the path leads.
	u.runTime = strings.Contains(p, RunTime)
	// A pattern's * and ? match what guard cannot tell either ("$(x)"*
	// could be .bashrc): they are unknown parts too.
	p = oneUnknown(strings.NewReplacer("*", Unknown, "?", Unknown).Replace(p))
	chunks := strings.Split(strings.ReplaceAll(p, `\`, "/"), Unknown)
	head := Fold(ExpandHome(chunks[0], d.home))
	if i := strings.LastIndexByte(head, '/'); i >= 0 {
		dir := head[:i]
		if dir == "" || gopath.IsAbs(dir) {
			dir = gopath.Clean("/" + dir)
		}
		u.headDir = strings.Split(dir, "/") // "" first for an absolute path, as the globs' elements
		if dir == "/" {
			u.headDir = []string{""}
		}
		u.headPartial = head[i+1:]
	} else {
		u.headPartial = head
	}
	for _, c := range chunks[1 : len(chunks)-1] {
		if els := strings.Split(Fold(c), "/"); len(els) > 2 {
			u.middle = append(u.middle, cleanElems(els[1:len(els)-1]))
		}
	}
	u.more = len(chunks) > 2
	u.wholeName = len(u.headDir) > 0 && u.headPartial == "" && (chunks[1] == "" && !u.more || strings.HasPrefix(chunks[1], "/") && !climbs(chunks[1]))
	tail := Fold(chunks[len(chunks)-1])
	i := strings.IndexByte(tail, '/')
	if i < 0 {
		u.lastSuffix = tail
		return u
	}
	u.tailPartial = tail[:i]
	u.tail = cleanElems(strings.Split(tail[i+1:], "/"))
	return u
}

// cleanElems drops empty and . elements, and each .. with the element
// before it (a .. with none before climbs out of an unknown part), keeping
// the last maxUnresolvedElems.
func cleanElems(els []string) []string {
	var out []string
	for _, e := range els {
		switch e {
		case "", ".":
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, e)
		}
	}
	if len(out) > maxUnresolvedElems {
		out = out[len(out)-maxUnresolvedElems:]
	}
	return out
}

// climbs reports whether path text s, after an unknown part, goes up out of
// it with .. (/../x, /a/../../x): what follows is then in a directory not
// known.
func climbs(s string) bool {
	depth := 0
	for _, e := range strings.Split(s, "/") {
		switch e {
		case "", ".":
		case "..":
			if depth == 0 {
				return true
			}
			depth--
		default:
			depth++
		}
	}
	return false
}

// couldMatch reports whether the path could be one glob segs matches.
func (u unresolved) couldMatch(segs []string) bool {
	if len(segs) == 0 || len(segs) > maxTreeElems {
		return false
	}
	if len(u.tail) > 0 {
		return runMatch(segs, u.tail, true) || len(u.middle) == 0 && u.acrossOne(segs) || wholeAfter(segs, u.tailPartial, u.tail)
	}
	if last := segs[len(segs)-1]; u.lastSuffix != "" && !literalSeg(last) && informative(last) && endsLike(last, u.lastSuffix) {
		return true
	}
	if wholeAfter(segs, u.lastSuffix, nil) {
		return true
	}
	for _, m := range u.middle {
		if len(m) > 0 && runMatch(segs, m, false) {
			return true
		}
	}
	return len(u.headDir) > 0 && u.inside(segs)
}

// nameIn reports whether the path's wholly unknown element could be a name
// glob segs protects directly in the known directory before it: the glob's
// elements up to that name match the directory's without a ** (a glob that
// holds anywhere, **/.env, tells nothing of this directory), and what is
// known after the element matches the glob's elements after that name.
// The unknown element stands for one name (a value holding a / is beyond
// this rule: /$(x)/python3 would otherwise be anything anywhere). For the write rules
// (trees: a path written stands for what is below it) the element may end
// the path or be followed by another unknown part: ~/$(x) could be
// ~/.guard. For the read rules it must end the path written after its
// directory (~/$X: a value holding a / may be ~/.ssh/id_rsa) or a known
// tail must follow it (~/$X/id_rsa): a bare unknown name read in the
// working directory ("$X") is left to the globs that cover that directory
// whole. An unknown part that began a relative path and may
// be an absolute one counts only as a bare name written: "$OUT" written in
// the home directory could be ~/.guard, while "$(go env GOPATH)/bin" says
// nothing of the working directory.
func (u unresolved) nameIn(gs []string, trees bool) bool {
	if !u.wholeName || len(gs) == 0 || len(gs) > maxTreeElems || u.leading && (u.more || len(u.tail) > 0) {
		return false
	}
	return u.nameAt(gs, trees) || u.nameBelowNamed(gs, trees)
}

// nameAt reports whether the unknown element, standing at the glob
// element after the known directory (matched by the glob's leading
// elements one for one, no **), could be what the glob protects (see
// nameIn).
func (u unresolved) nameAt(gs []string, trees bool) bool {
	j := len(u.headDir)
	if j >= len(gs) {
		return false
	}
	for k, e := range u.headDir {
		if gs[k] == "**" || !segMatch(gs[k], e) {
			return false
		}
	}
	if gs[j] == "**" {
		return false
	}
	if u.more || len(u.tail) == 0 {
		// Read, a bare unknown that ends a path written with its
		// directory (~/$x, not "$x") may hold a / as well: ~/.ssh/id_rsa.
		return trees || !u.leading
	}
	return wholeMatch(gs[j+1:], u.tail)
}

// nameBelowNamed is nameIn for a glob that holds in every directory of a
// name (**/.agent_a/settings.json, **/.git/hooks/[a-z]*): the unknown
// element is directly in a known directory whose last element matches
// the glob element, other than **, before a later element of the glob
// (.agent_a/$(x), .git/hooks/$(x), .git/$(x)): guard cannot tell which
// name of that directory it is. The directory is pinned by its own name,
// not by a ** (**/.env holds in any directory, and a project's
// $(x) stays allowed). For the write rules only (trees), or with a known
// tail the glob ends with.
func (u unresolved) nameBelowNamed(gs []string, trees bool) bool {
	for k := 1; k < len(gs); k++ {
		if gs[k-1] == "**" || !wholeMatch(gs[:k], u.headDir) {
			continue
		}
		switch {
		case u.more || len(u.tail) == 0:
			if trees {
				return true
			}
		case gs[k] != "**" && wholeMatch(gs[k+1:], u.tail):
			return true
		}
	}
	return false
}

// wholeMatch reports whether the glob elements gs match the path elements
// ts, all of both (a ** takes any number of elements).
func wholeMatch(gs, ts []string) bool {
	// ok[k]: gs[:j] matches ts[:k], for the j reached so far.
	ok := make([]bool, len(ts)+1)
	ok[0] = true
	for _, g := range gs {
		next := make([]bool, len(ts)+1)
		for k := 0; k <= len(ts); k++ {
			switch {
			case !ok[k]:
			case g == "**":
				for m := k; m <= len(ts); m++ {
					next[m] = true
				}
			case k < len(ts) && segMatch(g, ts[k]):
				next[k+1] = true
			}
		}
		ok = next
	}
	return ok[len(ts)]
}

// informative reports whether glob element g says something of a name: it
// holds a literal character outside its wildcards and classes (.pem in
// *.pem, id_ in id_*); [a-z]* and * match any name and tell nothing.
func informative(g string) bool {
	for i := 0; i < len(g); i++ {
		switch c := g[i]; c {
		case '*', '?':
		case '[':
			if j := strings.IndexByte(g[i+1:], ']'); j >= 0 {
				i += j + 1
			}
		case '\\':
			return true
		default:
			return true
		}
	}
	return false
}

// wholeAfter reports whether known text e glued after an unknown part
// ($(x).ssh/id_rsa, ${PWD%proj}.bashrc) may be a whole element of the
// glob, the unknown part ending in a /: e is one of its literal elements,
// and the known tail ts ends what the glob matches after it.
func wholeAfter(gs []string, e string, ts []string) bool {
	if e == "" || e == "." || e == ".." {
		return false
	}
	for j, g := range gs {
		if g != e || !literalSeg(g) || !informative(g) {
			continue
		}
		if len(ts) == 0 && (j == len(gs)-1 || allStars(gs[j+1:])) || len(ts) > 0 && runLevel(gs[j+1:], ts, true) > 0 {
			return true
		}
	}
	return false
}

// acrossOne reports, for a path with one unknown part inside an element
// (~/.s$(x)/id_rsa, ~/$(x)sh/id_rsa), whether the known head reaches an
// element of the glob that the known text around the unknown part can
// begin or end, and the known tail can end what the glob matches after
// it: together they could name ~/.ssh/id_rsa, though neither alone does.
func (u unresolved) acrossOne(gs []string) bool {
	if len(u.headDir) == 0 || u.headPartial == "" && u.tailPartial == "" {
		return false
	}
	reach := u.headReach(gs)
	for j := 0; j < len(gs); j++ {
		if !reach[j] || gs[j] == "**" || !startsLike(gs[j], u.headPartial) || !endsLike(gs[j], u.tailPartial) {
			continue
		}
		if runLevel(gs[j+1:], u.tail, true) > 0 {
			return true
		}
	}
	return false
}

// runMatch reports whether a run of the glob's elements, its last ones
// when atEnd, can match the elements ts, at least one of them matched by an
// element other than **; what the glob holds around them is the unknown
// parts'.
func runMatch(gs, ts []string, atEnd bool) bool { return runLevel(gs, ts, atEnd) == 2 }

// runLevel is runMatch's answer as a level: 0 no match, 1 a match by **
// alone, 2 a match with an element other than **.
func runLevel(gs, ts []string, atEnd bool) int8 {
	// state[j]: gs[j:] can match ts[k:] (k the elements taken from the
	// end so far) then what follows them: 0 no, 1 with ** only, 2 with an
	// element other than **.
	n := len(gs)
	state := make([]int8, n+1)
	next := make([]int8, n+1)
	state[n] = 1
	if !atEnd {
		for j := range state {
			state[j] = 1
		}
	}
	closure := func(st []int8) { // a ** may take no element
		for j := n - 1; j >= 0; j-- {
			if gs[j] == "**" && st[j+1] > st[j] {
				st[j] = st[j+1]
			}
		}
	}
	closure(state)
	for k := len(ts) - 1; k >= 0; k-- {
		clear(next)
		for j := 0; j < n; j++ {
			if gs[j] == "**" {
				next[j] = max(next[j], state[j])
				if state[j+1] > 0 {
					next[j] = max(next[j], state[j+1])
				}
			} else if state[j+1] > 0 && segMatch(gs[j], ts[k]) {
				next[j] = 1
				if informative(gs[j]) {
					next[j] = 2
				}
			}
		}
		closure(next)
		state, next = next, state
	}
	var level int8
	for j := 0; j <= n; j++ {
		level = max(level, state[j])
	}
	return level
}

// inside reports whether the known head of a path that ends in an unknown
// part lies in a directory the glob covers whole, or begins the glob's
// last element.
func (u unresolved) inside(gs []string) bool {
	reach := u.headReach(gs)
	for j := 0; j < len(gs); j++ {
		if !reach[j] {
			continue
		}
		rest := gs[j:]
		if allStars(rest) {
			return true // ~/.guard/$(x): anything in ~/.guard
		}
		if len(rest) == 1 && (u.headPartial != "" || u.lastSuffix != "") && startsLike(rest[0], u.headPartial) && endsLike(rest[0], u.lastSuffix) {
			return true // ~/.bash$(x): could be ~/.bashrc
		}
		if u.more && u.headPartial != "" && len(rest) > 1 && informative(rest[0]) && startsLike(rest[0], u.headPartial) &&
			(rest[len(rest)-1] == "**" || endsLike(rest[len(rest)-1], u.lastSuffix)) {
			return true // ~/.ss[h]/id_r[s]a: the unknown parts may finish ~/.ssh/id_rsa
		}
	}
	return false
}

// headReach returns, for each j, whether the known whole elements before
// the first unknown part can match gs[:j].
func (u unresolved) headReach(gs []string) []bool {
	reach := make([]bool, len(gs)+1)
	reach[0] = true
	for j := 0; j < len(gs) && gs[j] == "**"; j++ {
		reach[j+1] = true
	}
	for _, e := range u.headDir {
		next := make([]bool, len(gs)+1)
		for j := 0; j < len(gs); j++ {
			if !reach[j] {
				continue
			}
			if gs[j] == "**" {
				next[j] = true
			} else if segMatch(gs[j], e) {
				next[j+1] = true
			}
		}
		for j := 0; j < len(gs); j++ {
			if next[j] && gs[j] == "**" {
				next[j+1] = true
			}
		}
		reach = next
	}
	return reach
}

func allStars(gs []string) bool {
	for _, g := range gs {
		if g != "**" {
			return false
		}
	}
	return len(gs) > 0
}

// startsLike and endsLike report whether some name glob element g matches
// starts (ends) with s.
func startsLike(g, s string) bool {
	if s == "" || g == "**" {
		return true
	}
	if literalSeg(g) {
		return strings.HasPrefix(g, s)
	}
	ok, _ := doublestar.Match(g, s+"x")
	ok2, _ := doublestar.Match(g, s)
	return ok || ok2
}

func endsLike(g, s string) bool {
	if s == "" {
		return true
	}
	if g == "**" {
		return false
	}
	if literalSeg(g) {
		return strings.HasSuffix(g, s)
	}
	ok, _ := doublestar.Match(g, "x"+s)
	ok2, _ := doublestar.Match(g, s)
	return ok || ok2
}

// starSegs splits a normalised glob into elements, an element holding **
// standing for any run of elements.
func starSegs(p string) []string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		if strings.Contains(s, "**") {
			segs[i] = "**"
		}
	}
	return segs
}

// unknownNameFinding is the finding of a path one of whose elements guard
// cannot work out, directly in a directory that holds what glob protects.
func unknownNameFinding(p, glob string) event.Finding {
	const what = "names something guard cannot work out (a command's output or a value set at run time) directly in a directory that holds files"
	return unresolvedText(p, "path '%s' "+what+" glob '"+glob+"' protects, so guard cannot tell what it names")
}

// runTimeFinding is the finding of path p that begins with a value the
// command computes at run time, which may be any path.
func runTimeFinding(p, glob string) event.Finding {
	const what = "holds a name the command computes at run time (a command's output, a line read, a value the shell sets) from what guard cannot tell, so guard cannot tell what the run-time name is: it may hold / and .. and name any path"
	f := unresolvedText(p, "path '%s' "+what+", '"+glob+"' among them")
	f.Entry, f.Reach = glob, event.ReachMaybe
	return f
}

// unresolvedText is an unresolved_path finding of p whose reason is format
// with the path shown (its unknown parts as …) or, for the log, redacted.
func unresolvedText(p, format string) event.Finding {
	shown := strings.ReplaceAll(oneUnknown(p), Unknown, "…")
	return event.Finding{
		Detector:  event.DetectorPaths,
		Rule:      "unresolved_path",
		Severity:  "high",
		Reason:    fmt.Sprintf(format, detect.Printable(shown)),
		LogReason: fmt.Sprintf(format, event.Redacted),
	}
}

// UnresolvedFinding is the finding of path p, with Unknown parts, that
// could match glob: for a caller that knows so without the detector (the
// policy's glob of the home's hidden files, whose known part already lies
// in a hidden entry).
func UnresolvedFinding(p, glob string) event.Finding { return unresolvedFinding(p, glob) }

func unresolvedFinding(p, glob string) event.Finding {
	shown := strings.ReplaceAll(oneUnknown(p), Unknown, "…")
	const what = "has a part guard cannot work out (a command's output or a value set at run time), so guard cannot tell what it names"
	return event.Finding{
		Detector:  event.DetectorPaths,
		Rule:      "unresolved_path",
		Severity:  "high",
		Reason:    fmt.Sprintf("path '%s' %s, and it could match glob '%s'", detect.Printable(shown), what, glob),
		LogReason: fmt.Sprintf("path '%s' %s, and it could match glob '%s'", event.Redacted, what, glob),
		Entry:     glob,
		Reach:     event.ReachMaybe,
	}
}
