package hook

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A tree search whose output goes down agent A's failure
// route (a status guard cannot show, a hang past the client's limit)
// reaches the model unredacted. Its own status is not shown; what it
// prints is: a grep prints a line of a file only when one of its
// patterns matches that line (-v: when one does not). grepLines models
// grep's options and patterns where it can tell, and only there; a
// pattern or option outside the model is "cannot tell".

// grepSpec is what one grep prints of a file: no line (-l, -L, -c, -q),
// any line (-v), or the lines one of its patterns (compiled to match at
// least the lines grep's do) matches.
// files: it reads files (an operand, or -r's working directory), not
// only its standard input; follow: it reads through the links in the
// tree (-R, or files find names).
// binary: it prints no line past a file's first NUL byte (grep without
// -a, --binary-files: the rest is "Binary file matches").
// before, after: the context lines it prints around a match (-B, -A,
// -C, -NUM: at least as many as the options ask).
type grepSpec struct {
	none, any, files, follow, binary bool
	// bom: it searches a file starting with a UTF-16 byte order mark as
	// the text decoded from it (rg's --encoding auto), not its bytes.
	bom bool
	// invert: it prints the lines none of res matches (grep -v).
	invert bool
	// literal: every one of res is a plain ASCII string, which a line
	// past ASCII holds as bytes exactly when grep's locale finds it.
	literal       bool
	res           []*regexp.Regexp
	before, after int
	operands      []string // the files it names (printedlines.go)
	// roots are the operands a recursive search walks ("." for none);
	// filter is its own filter of the files below them (nil: none,
	// or one guard cannot read: every file).
	roots  []string
	filter fileFilter
}

// prints reports whether the grep may print a line of text.
func (g grepSpec) prints(text []byte) bool {
	switch {
	case g.none:
		return false
	case g.any:
		return len(text) > 0
	}
	for _, line := range bytes.Split(text, []byte("\n")) {
		if slices.ContainsFunc(g.res, func(re *regexp.Regexp) bool { return re.Match(line) }) != g.invert {
			return true
		}
	}
	return false
}

// pick returns which of a file's lines (ASCII text without NUL bytes,
// split at newlines) the grep may print: a line one of its patterns
// matches, a line past ASCII (matched as guard does not, but by plain
// ASCII strings), and the context around them.
func (g grepSpec) pick(lines []string) []bool {
	match := make([]bool, len(lines))
	if g.none {
		return match
	}
	for i, l := range lines {
		match[i] = g.any || !g.literal && !asciiText([]byte(l)) || slices.ContainsFunc(g.res, func(re *regexp.Regexp) bool { return re.MatchString(l) }) != g.invert
	}
	out := make([]bool, len(lines))
	for i, left := 0, -1; i < len(lines); i++ { // a match and the lines after it
		if match[i] {
			left = g.after
		}
		out[i], left = left >= 0, left-1
	}
	for i, left := len(lines)-1, -1; i >= 0; i-- { // the lines before it
		if match[i] {
			left = g.before
		}
		out[i], left = out[i] || left >= 0, left-1
	}
	return out
}

// grepValued are grep's short options that take a value (-f: a file of
// patterns guard does not read, and -P, -z are outside the model: not
// here, nor in grepFlags).
const (
	grepFlags  = "rRnHhiywxsaIbTUZoFEGvlLcq0123456789"
	grepValued = "emABCdD"
)

// grepLongFlags and grepLongValued are grep's long options in the model; valued: they take a
// value (after = or as the next word).
const (
	grepLongFlags  = " --recursive --dereference-recursive --line-number --with-filename --no-filename --ignore-case --no-ignore-case --word-regexp --line-regexp --invert-match --count --files-with-matches --files-without-match --quiet --silent --no-messages --text --fixed-strings --extended-regexp --basic-regexp --null --line-buffered --initial-tab --byte-offset --only-matching --color --colour "
	grepLongValued = " --regexp --max-count --after-context --before-context --context --include --exclude --exclude-dir --exclude-from --binary-files --devices --directories --label "
)

// grepState is what grep's options set so far.
type grepState struct {
	patterns                 []string
	matcher                  byte // 'G', 'E', 'F'; 0: none given
	fold, invert, quiet, rec bool
	follow, text             bool
	ok                       bool
	before, after            int
	digitWord, num           int         // -NUM: the index of its word plus one, its count so far
	filters                  [][2]string // the file filters given (option, value), in order
}

// maxContext caps the context lines guard counts: past it, every line.
const maxContext = 1 << 20

// context records a context option's value (-A, -B, -C and their long
// forms, by the option's last letter or name); a value that is no
// count is outside the model.
func (s *grepState) context(opt, val string) {
	n, err := strconv.Atoi(val)
	if err != nil || n < 0 || strings.HasPrefix(val, "+") {
		s.ok = false
		return
	}
	n = min(n, maxContext)
	switch opt {
	case "-A", "A", "--after-context", "--after":
		s.after = max(s.after, n)
	case "-B", "B", "--before-context", "--before":
		s.before = max(s.before, n)
	default:
		s.before, s.after = max(s.before, n), max(s.after, n)
	}
}

// setFlag records a short flag or a long option without a value.
func (s *grepState) setFlag(f string) {
	switch f {
	case "i", "y", "--ignore-case":
		s.fold = true
	case "--no-ignore-case":
		s.fold = false
	case "a", "--text":
		s.text = true
	case "r", "--recursive":
		s.rec = true
	case "R", "--dereference-recursive":
		s.rec, s.follow = true, true
	case "v", "--invert-match":
		s.invert = true
	case "l", "L", "c", "q", "--count", "--files-with-matches", "--files-without-match", "--quiet", "--silent":
		s.quiet = true
	case "F", "E", "G", "--fixed-strings", "--extended-regexp", "--basic-regexp":
		m := map[string]byte{"--fixed-strings": 'F', "--extended-regexp": 'E', "--basic-regexp": 'G'}[f]
		if m == 0 {
			m = f[0]
		}
		if s.matcher != 0 && s.matcher != m {
			s.ok = false // two matchers: not modelled
		}
		s.matcher = m
	}
}

// grepLines returns what grep (name: grep, egrep or fgrep) with args
// prints of a file, and whether guard models every option and pattern.
// Options may follow operands (GNU permutes).
func grepLines(name string, args []string) (grepSpec, bool) {
	s := grepState{ok: true, matcher: map[string]byte{"egrep": 'E', "fgrep": 'F'}[name]}
	var ops []string
	for i := 0; i < len(args) && s.ok; i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			opt, val, hasVal := strings.Cut(a, "=")
			valued := strings.Contains(grepLongValued, " "+opt+" ")
			known := valued || strings.Contains(grepLongFlags, " "+opt+" ")
			switch {
			case !known || hasVal && !valued && opt != "--color" && opt != "--colour":
				s.ok = false
			case valued && !hasVal:
				var ok bool
				if val, i, ok = optValue(args, i, "", &s.ok); !ok {
					break
				}
				fallthrough
			case valued:
				switch {
				case opt == "--regexp":
					s.patterns = append(s.patterns, val)
				case opt == "--directories" && val == "recurse":
					s.rec = true
				case opt == "--binary-files":
					s.text = true // text, or another reading guard does not model
				case opt == "--context" || opt == "--after-context" || opt == "--before-context":
					s.context(opt, val)
				case opt == "--include" || opt == "--exclude" || opt == "--exclude-dir" || opt == "--exclude-from":
					s.filters = append(s.filters, [2]string{opt, val})
				}
			default:
				s.setFlag(opt)
			}
		case len(a) > 1 && a[0] == '-':
			i = s.cluster(args, i)
		default:
			ops = append(ops, a)
		}
	}
	if !s.ok {
		return grepSpec{}, false
	}
	if s.patterns == nil {
		if len(ops) == 0 {
			return grepSpec{}, false
		}
		s.patterns, ops = ops[:1], ops[1:]
	}
	g, ok := s.spec()
	g.files, g.follow, g.operands, g.binary = len(ops) > 0 || s.rec, s.follow, ops, !s.text
	g.roots, g.filter = rootsOf(ops), grepFilterOf(s.filters)
	return g, ok && s.ok
}

// rootsOf returns the roots a search with operands ops walks: "."
// for none.
func rootsOf(ops []string) []string {
	if len(ops) == 0 {
		return []string{"."}
	}
	return ops
}

// optValue returns the value of the option at args[i]: attached (the
// rest of a cluster, what follows = in a long option), else the next word,
// with the index of the last word used; when there is none it reports
// false and sets *modelled false (an earlier failure is never undone).
func optValue(args []string, i int, attached string, modelled *bool) (val string, last int, ok bool) {
	switch {
	case attached != "":
		return attached, i, true
	case i+1 >= len(args):
		*modelled = false
		return "", i, false
	}
	return args[i+1], i + 1, true
}

// cluster reads the short options of args[i] (a value: the rest of the
// word, else the next one) and returns the index of the last word used.
func (s *grepState) cluster(args []string, i int) int {
	cl := args[i][1:]
	for j := 0; j < len(cl); j++ {
		c := cl[j]
		switch {
		case strings.IndexByte(grepValued, c) >= 0:
			val, last, ok := optValue(args, i, cl[j+1:], &s.ok)
			if !ok {
				return i
			}
			switch {
			case c == 'e':
				s.patterns = append(s.patterns, val)
			case c == 'd' && val == "recurse":
				s.rec = true
			case c == 'A' || c == 'B' || c == 'C':
				s.context(string(c), val)
			}
			return last
		case isDigit(c):
			s.digit(i, c)
		case strings.IndexByte(grepFlags, c) >= 0:
			s.setFlag(string(c))
		default:
			s.ok = false
			return i
		}
	}
	return i
}

// digit records a digit of -NUM in the word at index i: GNU grep reads
// the digits of one word as one number, the context on both sides.
func (s *grepState) digit(i int, c byte) {
	if s.digitWord != i+1 {
		s.digitWord, s.num = i+1, 0
	}
	s.num = min(s.num*10+int(c-'0'), maxContext)
	s.before, s.after = max(s.before, s.num), max(s.after, s.num)
}

// spec compiles the patterns (each split at its line ends, as grep
// does) to Go expressions matching at least the lines grep's match.
func (s *grepState) spec() (grepSpec, bool) {
	translate := breExpr
	switch s.matcher {
	case 'F':
		translate = func(p string) (string, bool) { return regexp.QuoteMeta(p), true }
	case 'E':
		translate = ereExpr
	}
	return compileSpec(s, translate, false)
}

// compileSpec returns what a search with options s prints: no line
// (quiet), or the lines its patterns match (none of them: invert), each split at
// its line ends and written in Go's syntax by translate (rust: in Rust's,
// lineRegexp).
func compileSpec(s *grepState, translate func(string) (string, bool), rust bool) (grepSpec, bool) {
	switch {
	case s.quiet:
		return grepSpec{none: true}, true
	}
	g := grepSpec{before: s.before, after: s.after, invert: s.invert}
	for _, p := range s.patterns {
		for _, one := range strings.Split(p, "\n") {
			expr, ok := translate(one)
			if !ok {
				return grepSpec{}, false
			}
			re, ok := lineRegexp(expr, s.fold, rust)
			if !ok {
				return grepSpec{}, false
			}
			g.res = append(g.res, re)
		}
	}
	g.literal = len(g.res) > 0 && !slices.ContainsFunc(g.res, func(re *regexp.Regexp) bool {
		_, whole := re.LiteralPrefix()
		return !whole
	})
	return g, true
}

// lineRegexp compiles expr, a pattern written in Go's syntax by breExpr,
// ereExpr or rustExpr, when Go's parse of it means what the translation
// does: no group of Go's own ("(?" in the text: flags a translated
// BRE \(\?-i\) spells, that cancel -i; only "(?:" for Rust, whose
// syntax it is), and for GNU's syntax (not rust) no repetition of a
// repetition, which Go reads as a lazy one (X+? needs an X; GNU's (X+)?
// matches every line). -i (fold) folds the parsed tree's literals and
// classes, not a textual prefix a later group could cancel.
func lineRegexp(expr string, fold, rust bool) (*regexp.Regexp, bool) {
	if !rust && strings.IndexFunc(expr, func(r rune) bool { return r >= utf8.RuneSelf }) >= 0 {
		// GNU grep folds and matches by the locale (ı is i in UTF-8, é
		// two bytes in C): not Go's reading.
		return nil, false
	}
	for rest := expr; strings.Contains(rest, "(?"); {
		_, rest, _ = strings.Cut(rest, "(?")
		if !rust || !strings.HasPrefix(rest, ":") {
			return nil, false
		}
	}
	flags := syntax.Perl
	if fold {
		flags |= syntax.FoldCase
	}
	tree, err := syntax.Parse(expr, flags)
	if err != nil || !rust && lazyRepeat(tree) {
		return nil, false
	}
	re, err := regexp.Compile(tree.String())
	return re, err == nil
}

// lazyRepeat reports whether the tree holds a lazy repetition.
func lazyRepeat(re *syntax.Regexp) bool {
	if re.Flags&syntax.NonGreedy != 0 && (re.Op == syntax.OpStar || re.Op == syntax.OpPlus || re.Op == syntax.OpQuest || re.Op == syntax.OpRepeat) {
		return true
	}
	for _, s := range re.Sub {
		if lazyRepeat(s) {
			return true
		}
	}
	return false
}

// breOps are the characters a backslash makes an operator in GNU's basic
// expressions (and that are literal without it).
const breOps = "()|{}+?"

// breExpr translates a GNU basic regular expression into Go's syntax,
// within the part guard models (bracketExpr; ^ only first, $ only last:
// elsewhere they are literal in a basic expression; a backslash only
// before punctuation: \1, \w, \< are not modelled).
func breExpr(p string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\':
			if i+1 >= len(p) || !isPunct(p[i+1]) {
				return "", false
			}
			i++
			if strings.IndexByte(breOps, p[i]) >= 0 {
				b.WriteByte(p[i])
			} else {
				b.WriteString(`\` + string(p[i]))
			}
		case strings.IndexByte(breOps, c) >= 0:
			b.WriteString(`\` + string(c))
		case c == '^' && i > 0, c == '$' && i < len(p)-1:
			return "", false
		case c == '[':
			end, ok := bracketExpr(p, i)
			if !ok {
				return "", false
			}
			b.WriteString(p[i:end])
			i = end - 1
		default:
			b.WriteByte(c)
		}
	}
	return plainRepeats(b.String())
}

// ereExpr checks that an extended regular expression reads the same in
// Go's syntax: a backslash only before punctuation, no (? (Go's flags),
// brackets as bracketExpr models them.
func ereExpr(p string) (string, bool) {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 >= len(p) || !isPunct(p[i+1]) {
				return "", false
			}
			i++
		case '(':
			if i+1 < len(p) && p[i+1] == '?' {
				return "", false
			}
		case '[':
			end, ok := bracketExpr(p, i)
			if !ok {
				return "", false
			}
			i = end - 1
		}
	}
	return plainRepeats(p)
}

// plainRepeats refuses an interval Go reads as literal text where GNU
// reads a count ({,n}).
func plainRepeats(expr string) (string, bool) {
	return expr, !strings.Contains(expr, "{,")
}

// bracketExpr returns the end (after ]) of the bracket expression at
// p[i], when it holds only characters, ranges of digits and [:digit:]:
// a locale's letter ranges and classes ([a-z], [[:alpha:]]) may hold more
// than Go's, a backslash is literal in POSIX but not in Go, and
// collating elements ([.x.], [=x=]) Go does not read.
func bracketExpr(p string, i int) (int, bool) {
	j := i + 1
	if j < len(p) && p[j] == '^' {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++
	}
	for ; j < len(p); j++ {
		switch c := p[j]; {
		case c == ']':
			return j + 1, true
		case c == '\\':
			return 0, false
		case c == '[':
			if strings.HasPrefix(p[j:], "[:digit:]") {
				j += len("[:digit:]") - 1
				continue
			}
			if j+1 < len(p) && strings.IndexByte(":.=", p[j+1]) >= 0 {
				return 0, false
			}
		case c == '-' && j+1 < len(p) && p[j+1] != ']' && j > i+1:
			if !isDigit(p[j-1]) || !isDigit(p[j+1]) {
				return 0, false
			}
		}
	}
	return 0, false
}

// isPunct reports whether c is ASCII punctuation a backslash before
// makes the character itself, in GNU's syntax and Go's alike: not GNU's
// word and buffer anchors \< \> \` \'.
func isPunct(c byte) bool {
	return c > ' ' && c < 0x7f && !isDigit(c) && !(c|0x20 >= 'a' && c|0x20 <= 'z') && strings.IndexByte("<>`'", c) < 0
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool {
	return c >= '0' && c <= '9'
}
