package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// Glob dialects. guard matches a word's pattern against the file system
// with plain * ? [..] (realpath.Glob, in the hook); the shells know more:
// bash's extglob (@(x|y), +(x), !(x), *(x), ?(x)), zsh's groups ((x|y),
// (x)), kshglob, extendedglob's # ## ^ ~ and globbing flags (#i), and case
// folding under nocaseglob. A pattern guard cannot match exactly is not
// taken as literal (which names nothing protected): each path component
// holding such a form is widened. A group after literal text becomes *
// (.s+(s)h is .s*h, *.@(go|md) is *.*), which keeps the shell's rule that
// only a pattern starting with a dot names dot files; a group that starts
// a component is * or .* only when guard can show whether the names it
// starts begin with a dot (bash's *(.ssh), ?(.)ssh, ?(x).ssh and zsh's
// (.|)ssh match .ssh), else a name guard does not know before the rest of
// the component, and a component holding # ^ ~ or a flag becomes one: the
// path rules treat such names as unresolved next to protected files. Under
// nocaseglob (or nocasematch, or after (#i)) the letters of a pattern
// word match either case ([bB][aA]…). The widening is an
// over-approximation: it can only name more files.

// globWord widens the path components of a word's parts that hold a
// pattern form guard cannot match exactly (see above).
func (w *walker) globWord(parts []syntax.WordPart) ([]syntax.WordPart, bool) {
	return w.globWordDots(parts, false)
}

// globWordDots is globWord; dots: the word's patterns match dot files (a
// zsh qualifier D).
func (w *walker) globWordDots(parts []syntax.WordPart, dots bool) ([]syntax.WordPart, bool) {
	nocase, optDots := w.globOpts()
	dots = (dots || optDots) && !w.inDots
	if !w.inexactGlob(parts, nocase || dots) {
		return parts, false
	}
	comps := splitComponents(parts)
	if dots {
		if ps, ok := w.dotVariants(comps); ok {
			return ps, true
		}
	}
	out, unknown, flagged := w.widenAll(comps, nocase, dots)
	if flagged && w.fieldsMode && !w.inDots {
		// (#i) X: the files its folded form names, and a name guard does
		// not know (they may not exist yet): two words.
		w.inDots = true
		vals := []string{w.text(&syntax.Word{Parts: out}).Text, w.text(&syntax.Word{Parts: unknown}).Text}
		w.inDots = false
		return []syntax.WordPart{w.tempArray(vals)}, true
	}
	if flagged {
		return unknown, true
	}
	return out, true
}

// widenAll widens each component of a word (see widen): out; and unknown,
// the same with a name guard does not know for each component that holds
// a case flag ((#i), (#l), (#I)), which out folds; flagged: there is one.
func (w *walker) widenAll(comps [][]syntax.WordPart, nocase, dots bool) (out, unknown []syntax.WordPart, flagged bool) {
	marker := &syntax.Lit{Value: word.Mark(word.MarkName, "")}
	fold := false
	for i, c := range comps {
		if i > 0 {
			out = append(out, &syntax.Lit{Value: "/"})
			unknown = append(unknown, &syntax.Lit{Value: "/"})
		}
		if dots && startsPattern(c) {
			// dotglob: * may be .ssh (more components than dotVariants
			// spells out, or a word that must stay one).
			out, unknown = append(out, marker), append(unknown, marker)
			continue
		}
		flags := zshFlags(c)
		caseFlag := flags != "" && strings.Trim(flags, "ilI") == ""
		if caseFlag {
			// (#i), (#l): case from here on, which folding covers.
			c = stripFlags(c)
			fold = fold || strings.ContainsAny(flags, "il")
			flagged = true
		}
		if nocase || fold {
			c = foldComponent(c)
		}
		wide := w.widen(c, i == 0)
		out = append(out, wide...)
		if caseFlag {
			unknown = append(unknown, marker)
		} else {
			unknown = append(unknown, wide...)
		}
	}
	return out, unknown, flagged
}

// maxDotComponents bounds the components dotVariants spells out both ways
// (2^n words).
const maxDotComponents = 3

// dotVariants writes, for an argument under dotglob (or a zsh qualifier
// D), each component that starts with *, ? or [ both as the shell's
// pattern (no dot file) and as its dot-file form (* is .*, ? and [..] are
// a dot): cat * is cat * .*, which realpath.Glob then expands as the shell
// would. The words are its fields. False when the word is no argument
// (a redirection's target stays one word) or has too many such
// components.
func (w *walker) dotVariants(comps [][]syntax.WordPart) ([]syntax.WordPart, bool) {
	var at []int
	for i, c := range comps {
		if startsPattern(c) {
			if _, ok := c[0].(*syntax.Lit); !ok || zshGroup(c[0].(*syntax.Lit).Value) {
				return nil, false // a group first: unknown (widen)
			}
			at = append(at, i)
		}
	}
	if !w.fieldsMode || len(at) == 0 || len(at) > maxDotComponents {
		return nil, false
	}
	var vals []string
	w.inDots = true
	for mask := 0; mask < 1<<len(at); mask++ {
		var ps []syntax.WordPart
		for i, c := range comps {
			if i > 0 {
				ps = append(ps, &syntax.Lit{Value: "/"})
			}
			if k := slices.Index(at, i); k >= 0 && mask&(1<<k) != 0 {
				c = dotted(c)
			}
			ps = append(ps, c...)
		}
		vals = append(vals, w.text(&syntax.Word{Parts: ps}).Text)
	}
	w.inDots = false
	return []syntax.WordPart{w.tempArray(vals)}, true
}

// dotted returns a component starting with a pattern in the form that
// matches dot files only: .* for *, a dot for ? or a bracket expression.
func dotted(c []syntax.WordPart) []syntax.WordPart {
	v := c[0].(*syntax.Lit).Value
	switch v[0] {
	case '*':
		v = "." + v
	case '?':
		v = "." + v[1:]
	case '[':
		if end := bracketEnd(v, 0); end > 0 {
			v = "." + v[end+1:]
		}
	}
	return append([]syntax.WordPart{&syntax.Lit{Value: v}}, c[1:]...)
}

// globOpts reports whether patterns fold case and match dot files by an
// option the command set: shopt, setopt, set -o, a shell's -o/-O (see
// globOptions), GLOBIGNORE or zsh's options array (see noteGlobVar).
func (w *walker) globOpts() (nocase, dots bool) {
	return w.nocase, w.dotglob
}

// noteGlobVar notes an assignment that changes how patterns match:
// GLOBIGNORE (which turns bash's dotglob on) or zsh's options array (any
// element: setting it at all only widens).
func (w *walker) noteGlobVar(name string) {
	switch name {
	case "options":
		w.nocase, w.dotglob, w.braceccl = true, true, true
		w.rcexpand, w.wordsplit, w.nullglob = true, true, true
		w.ksh = kshMaybe
	case "GLOBIGNORE":
		w.dotglob = true
	}
}

// startsPattern reports whether a path component starts with a pattern
// character (*, ?, [, an extglob), which dotglob lets match a dot file.
func startsPattern(c []syntax.WordPart) bool {
	if len(c) == 0 {
		return false
	}
	switch p := c[0].(type) {
	case *syntax.ExtGlob:
		return true
	case *syntax.Lit:
		return p.Value != "" && strings.ContainsRune("*?[", rune(p.Value[0])) || zshGroup(p.Value)
	}
	return false
}

// inexactGlob reports whether a word holds a pattern form guard cannot
// match exactly, or any pattern at all when an option changes how
// patterns match (any: nocaseglob, dotglob).
func (w *walker) inexactGlob(parts []syntax.WordPart, any bool) bool {
	path := false
	for _, p := range parts {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, "/") {
			path = true
		}
	}
	for i, p := range parts {
		switch p := p.(type) {
		case *syntax.ExtGlob:
			return true
		case *syntax.Lit:
			v := p.Value
			switch {
			case w.zsh && (zshGroup(v) || strings.Contains(v, "(#") || strings.Contains(v, "***")),
				w.zsh && path && zshOps(v, i == 0),
				any && strings.ContainsAny(v, "*?["):
				return true
			}
		}
	}
	return false
}

// zshOps reports whether literal v holds one of extendedglob's operators
// outside a backslash: ^, #, or ~ not at the word's start (first).
func zshOps(v string, first bool) bool {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '^', '#':
			return true
		case '~':
			if !(first && i == 0) {
				return true
			}
		}
	}
	return false
}

// splitComponents splits a word's parts at the slashes of its unquoted
// literals: one list of parts per path component.
func splitComponents(parts []syntax.WordPart) [][]syntax.WordPart {
	comps := [][]syntax.WordPart{nil}
	for _, p := range parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			comps[len(comps)-1] = append(comps[len(comps)-1], p)
			continue
		}
		for k, piece := range strings.Split(l.Value, "/") {
			if k > 0 {
				comps = append(comps, nil)
			}
			if piece != "" {
				comps[len(comps)-1] = append(comps[len(comps)-1], &syntax.Lit{Value: piece})
			}
		}
	}
	return comps
}

// zshFlags returns the globbing flags of a component ((#i)), "" when none.
func zshFlags(c []syntax.WordPart) string {
	var b strings.Builder
	for _, p := range c {
		if l, ok := p.(*syntax.Lit); ok {
			for rest := l.Value; ; {
				i := strings.Index(rest, "(#")
				if i < 0 {
					break
				}
				end := strings.IndexByte(rest[i:], ')')
				if end < 0 {
					end = len(rest) - i
				}
				b.WriteString(rest[i+2 : i+end])
				rest = rest[i+end:]
			}
		}
	}
	return b.String()
}

// stripFlags removes the globbing flags ((#i)) from a component's
// literals.
func stripFlags(c []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for _, p := range c {
		if l, ok := p.(*syntax.Lit); ok {
			v := l.Value
			for {
				i := strings.Index(v, "(#")
				if i < 0 {
					break
				}
				end := strings.IndexByte(v[i:], ')')
				if end < 0 {
					v = v[:i]
					break
				}
				v = v[:i] + v[i+end+1:]
			}
			if v == "" {
				continue
			}
			p = &syntax.Lit{Value: v}
		}
		out = append(out, p)
	}
	return out
}

// widen returns one path component as guard matches it: as written when
// it is exact; its groups as * after literal text; a group that starts it
// as leadingStar says, and as a name guard does not know (before the rest
// of the component) when guard cannot show what it starts with; else a
// name guard does not know (first: the word's first component, whose ~ is
// the home directory).
func (w *walker) widen(c []syntax.WordPart, first bool) []syntax.WordPart {
	marker := word.Mark(word.MarkName, "")
	unknown := []syntax.WordPart{&syntax.Lit{Value: marker}}
	if len(c) == 1 && w.zsh && isLit(c[0], "***") {
		// zsh's ***/ is **/ following links: any depth, the top too.
		return []syntax.WordPart{&syntax.Lit{Value: "**"}}
	}
	lead := true    // no literal text seen yet
	op := byte('@') // the kshglob operator before a zsh group (+(x), !(x))
	var out []syntax.WordPart
	for k, p := range c {
		switch p := p.(type) {
		case *syntax.ExtGlob:
			star := "*"
			if lead {
				star = leadingStar(groupLead{alts: p.Pattern.Value, op: p.Op.String()[0], rest: c[k+1:]}, marker)
			}
			lead = false
			out = append(out, &syntax.Lit{Value: star})
		case *syntax.Lit:
			v := p.Value
			switch {
			case w.zsh && (strings.Contains(v, "(#") || zshOps(v, first && k == 0)):
				return unknown
			case w.zsh && zshGroup(v):
				star := "*"
				if strings.Contains(v, "/") {
					return unknown
				}
				if lead {
					star = leadingStar(groupLead{alts: v[1 : len(v)-1], op: op, rest: c[k+1:]}, marker)
				}
				lead, op = false, '@'
				out = append(out, &syntax.Lit{Value: star})
				continue
			}
			if k+1 < len(c) && w.zsh && isGroupLit(c[k+1]) {
				// kshglob: the operator before a group is the group's
				// (+(x), @(x)); a component that is only it starts
				// with the group.
				if strings.ContainsAny(v[len(v)-1:], "*+@?!") {
					op = v[len(v)-1]
					v = v[:len(v)-1]
				}
			}
			if v != "" {
				lead = false
				out = append(out, &syntax.Lit{Value: v})
			}
		default:
			lead = false
			out = append(out, p)
		}
	}
	return out
}

// groupLead is a group that starts a path component.
type groupLead struct {
	alts string            // its alternatives, | between them
	op   byte              // its kshglob operator: ? * + @ !
	rest []syntax.WordPart // what follows it in the component
}

// leadingStar returns what a group that starts a path component is widened
// to: * when guard can show that it starts no name with a dot (the shells
// then match no dot file), .* when each name it starts begins with one,
// else unknown. Unknown: a negation (!(x), which bash lets match dot
// files); dots alone as the whole component (*(.): . and .., which bash
// matches with globskipdots off); an alternative that starts with a
// pattern or a group (see leadKinds); a group that may match nothing (?(x),
// *(x), (x|)) followed by text guard cannot show starts with no dot
// (?(x).env is .env); or alternatives of both kinds.
func leadingStar(g groupLead, unknown string) string {
	if g.op == '!' {
		return unknown
	}
	empty := g.op == '?' || g.op == '*'
	whole := len(g.rest) == 0
	dots, others := 0, 0
	for _, a := range strings.Split(g.alts, "|") {
		switch {
		case a == "":
			empty = true
		case whole && strings.Trim(a, ".") == "":
			return unknown
		}
		switch dot, other := leadKinds(a); {
		case dot && other:
			return unknown
		case dot:
			dots++
		case other:
			others++
		}
	}
	if empty && !whole && !partsNoDotStart(g.rest) || dots > 0 && (others > 0 || empty && !whole) {
		return unknown
	}
	if dots > 0 {
		return ".*"
	}
	return "*"
}

// leadKinds says what the first character pattern text s matches may be:
// a dot, another character, or both when guard cannot tell (a pattern, a
// group, a bracket expression with a range, a class or a negation).
func leadKinds(s string) (dot, other bool) {
	switch {
	case s == "":
		return false, false
	case s[0] == '\\' && len(s) > 1:
		return s[1] == '.', s[1] != '.'
	case s[0] == '.':
		return true, false
	case s[0] == '[':
		end := bracketEnd(s, 0)
		if end < 0 {
			return false, true // a [ of its own
		}
		body := s[1:end]
		if strings.ContainsAny(body[:1], "!^") || strings.Contains(strings.Trim(body, "-"), "-") || strings.Contains(body, "[:") {
			return true, true
		}
		return strings.Contains(body, "."), strings.Trim(body, ".") != ""
	}
	c := s[0]
	if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80 {
		return false, true
	}
	return true, true
}

// partsNoDotStart reports whether a component's parts start with literal
// text whose first character leadKinds shows is no dot.
func partsNoDotStart(ps []syntax.WordPart) bool {
	l, ok := ps[0].(*syntax.Lit)
	if !ok {
		return false
	}
	dot, other := leadKinds(l.Value)
	return other && !dot
}

// isGroupLit reports whether p is a zsh group the parser split off: (…).
func isGroupLit(p syntax.WordPart) bool {
	l, ok := p.(*syntax.Lit)
	return ok && zshGroup(l.Value)
}

// foldComponent makes the letters of a component's unquoted literals match
// either case: a letter x is [xX], a bracket expression gains the other
// case of its letters. Groups and extglobs are left: they are widened.
func foldComponent(c []syntax.WordPart) []syntax.WordPart {
	out := make([]syntax.WordPart, len(c))
	for i, p := range c {
		if l, ok := p.(*syntax.Lit); ok && !zshGroup(l.Value) && !word.HasMark(l.Value) {
			p = &syntax.Lit{Value: foldPattern(l.Value)}
		}
		out[i] = p
	}
	return out
}

// foldPattern writes pattern text s so that it matches either case.
func foldPattern(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			if other, ok := otherCase(s[i+1]); ok {
				b.WriteString("[" + string(s[i+1]) + string(other) + "]")
			} else {
				b.WriteString(s[i : i+2])
			}
			i++
		case c == '[':
			end := bracketEnd(s, i)
			if end < 0 {
				b.WriteByte(c)
				continue
			}
			body := s[i+1 : end]
			b.WriteString(s[i:end])
			if !strings.Contains(body, "[:") {
				// The members again in the other case (a-c: A-C).
				members := strings.TrimLeft(strings.TrimLeft(body, "!^"), "]")
				for k := 0; k < len(members); k++ {
					if other, ok := otherCase(members[k]); ok {
						b.WriteByte(other)
					} else {
						b.WriteByte(members[k])
					}
				}
			}
			b.WriteByte(']')
			i = end
		default:
			if other, ok := otherCase(c); ok {
				b.WriteString("[" + string(c) + string(other) + "]")
			} else {
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}

// bracketEnd returns the index of the ] that closes the bracket expression
// starting at s[i], or -1.
func bracketEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && (s[j] == '!' || s[j] == '^') {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for ; j < len(s); j++ {
		if s[j] == ']' {
			return j
		}
	}
	return -1
}

// otherCase returns an ASCII letter in the other case.
func otherCase(c byte) (byte, bool) {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A', true
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a', true
	}
	return 0, false
}

// globOptions notes the options of shopt, setopt, unsetopt, set -o and a
// shell's -O/-o that make globbing fold case (bash's nocaseglob and
// nocasematch, zsh's NO_CASE_GLOB in any spelling), match dot files
// (dotglob, GLOB_DOTS) or read a brace without a comma as a set of
// letters (zsh's BRACE_CCL, see cclBraces): from there on, for the rest of the command,
// patterns match either case, or a component starting with a pattern is
// a name guard does not know (it may be .ssh). Whether an option
// is turned on or off is not told apart: noting it either way only widens.
func (w *walker) globOptions(args []word.Word) {
	for _, a := range args {
		switch {
		case !a.Known:
			// An option guard cannot read may be either.
			w.nocase, w.dotglob, w.braceccl = true, true, true
			w.rcexpand, w.wordsplit = true, true
			w.cdable, w.autocd = true, true
			w.allexport, w.nullglob = true, true
			w.lastpipe = true
		case optionName(a.Text) == "lastpipe":
			w.lastpipe = true // bash -O lastpipe, BASHOPTS=lastpipe (FINDINGS55d D11)
		case optionName(a.Text) == "allexport":
			w.allexport = true
		case caseOption(a.Text):
			w.nocase = true
		case optionName(a.Text) == "braceccl":
			w.braceccl = true
		case optionName(a.Text) == "rcexpandparam":
			w.rcexpand = true
		case optionName(a.Text) == "shwordsplit":
			w.wordsplit = true
		case optionName(a.Text) == "cdablevars":
			w.cdable = true
		case optionName(a.Text) == "autocd":
			w.autocd = true
		case optionName(a.Text) == "nullglob" || optionName(a.Text) == "cshnullglob":
			w.nullglob = true
		case dotOption(a.Text):
			w.dotglob = true
		}
	}
}

// dotOption reports whether an option name is bash's dotglob or zsh's
// GLOB_DOTS, in any spelling.
func dotOption(s string) bool {
	s = optionName(s)
	return s == "dotglob" || s == "globdots"
}

// optionName writes an option name as zsh compares them: case,
// underscores, dashes and a no prefix ignored.
func optionName(s string) string {
	s = strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(strings.TrimLeft(s, "-+")))
	return strings.TrimPrefix(s, "no")
}

// caseOption reports whether an option name, in zsh's spellings (case,
// underscores, a no prefix are ignored), is about case in patterns.
func caseOption(s string) bool {
	s = optionName(s)
	return s == "caseglob" || s == "casematch" || s == "casepaths"
}

// widenExpanded widens the patterns that reach a word through an unquoted
// expansion in bash (x=$HOME/.s+(s)h; cat $x: bash globs what $x holds,
// with its options): the same widening as globWord's, on the text: an
// extglob group after literal text is *, one that starts a component (or
// any pattern that starts one under dotglob) a name guard does not know,
// and under nocaseglob the pattern's letters match either case.
func (w *walker) widenExpanded(s string) string {
	if !strings.ContainsAny(s, "*?[(") {
		return s
	}
	nocase, dots := w.globOpts()
	comps := strings.Split(s, "/")
	changed := false
	for i, c := range comps {
		n := widenText(c, nocase, dots)
		changed = changed || n != c
		comps[i] = n
	}
	if !changed {
		return s
	}
	return strings.Join(comps, "/")
}

// widenText widens one path component's text (see widenExpanded).
func widenText(c string, nocase, dots bool) string {
	marker := word.Mark(word.MarkName, "")
	if c == "" || word.HasMark(c) {
		return c
	}
	if dots && strings.ContainsRune("*?[", rune(c[0])) {
		return marker
	}
	var b strings.Builder
	for i := 0; i < len(c); i++ {
		if i+1 < len(c) && c[i+1] == '(' && strings.IndexByte("@+!*?", c[i]) >= 0 {
			end := groupEnd(c, i+1)
			if end < 0 {
				break
			}
			if i == 0 {
				// A group first may match a dot file: a name guard
				// does not know, before the rest (?(.)env).
				return marker + widenText(c[end+1:], nocase, false)
			}
			b.WriteByte('*')
			i = end
			continue
		}
		b.WriteByte(c[i])
	}
	out := b.String()
	if nocase && strings.ContainsAny(out, "*?[") {
		out = foldPattern(out)
	}
	return out
}

// groupEnd returns the index of the ) that closes the ( at s[open], -1
// when none.
func groupEnd(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// unquotedSubst reports whether a word has a parameter expansion or a
// command substitution outside quotes: bash globs what it expands to.
func unquotedSubst(wd *syntax.Word) bool {
	for _, p := range wd.Parts {
		switch p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst:
			return true
		}
	}
	return false
}

// isLit reports whether p is the unquoted literal v.
func isLit(p syntax.WordPart, v string) bool {
	l, ok := p.(*syntax.Lit)
	return ok && l.Value == v
}
