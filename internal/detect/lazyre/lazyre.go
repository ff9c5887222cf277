// Package lazyre provides regular expressions that cost nothing until a text
// might match them.
//
// The hook path is a fresh process per agent action, and compiling a Go
// regexp costs tens of microseconds: compiling every rule of every detector
// would dominate a hook call. A Regexp here is compiled on first use, and
// only when the text contains at least one of the literals that every match
// must contain, derived from the pattern's syntax tree. A command such as
// `go test ./...` never contains "curl", "rm" or "xmrig", so those rules are
// rejected by a substring search and never compiled.
//
// The prefilter is a conjunction: every match contains one literal of each
// of its clauses (`python.*socket` needs "python" and "socket"), so a text
// with the first word of a rule but not the second is rejected too. It is
// conservative: when no required literal can be derived (say `.*` or
// `\d+`), the pattern is compiled and run as usual.
package lazyre

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Regexp is a lazily compiled regular expression with a literal prefilter.
// It is safe for concurrent use.
type Regexp struct {
	expr string
	// need: a match contains a literal of each clause. Empty: no prefilter.
	need Prefilter

	once sync.Once
	re   *regexp.Regexp
	st   *starts // nil: matched in one pass only
	err  error
}

// Prefilter is what every match of an expression contains: one literal of
// each clause.
type Prefilter [][]Literal

// maxClauses bounds the clauses of a prefilter: the most selective are
// kept (each is a substring search of the text).
const maxClauses = 3

// Literal is one string of a prefilter clause; Fold means the pattern matches it
// case-insensitively, so it is stored lower-cased and searched in a
// lower-cased text.
type Literal struct {
	S    string
	Fold bool
}

// New parses expr (Go syntax, as regexp.Compile) and derives its prefilter.
// It does not compile the program; an error is a syntax error.
func New(expr string) (*Regexp, error) {
	tree, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, err
	}
	return &Regexp{expr: expr, need: required(tree)}, nil
}

// NewPrefiltered returns expr with a prefilter computed earlier by
// [Regexp.Prefilter] for the same expression, without parsing it: built-in
// rule sets precompute theirs. The expression must be valid (its first use
// compiles it and reports an error otherwise).
func NewPrefiltered(expr string, need Prefilter) *Regexp {
	return &Regexp{expr: expr, need: need}
}

// Prefilter returns the clauses of which every match contains a literal
// each.
func (r *Regexp) Prefilter() Prefilter { return r.need }

// MustNew is New for patterns known to be valid, such as built-in catalogues.
// It panics on a syntax error; tests keep catalogues valid.
func MustNew(expr string) *Regexp {
	r, err := New(expr)
	if err != nil {
		panic("lazyre: " + err.Error())
	}
	return r
}

// String returns the source text of the expression.
func (r *Regexp) String() string { return r.expr }

// Literals returns the prefilter's literals, clause after clause (lower-
// cased where the pattern folds case). Empty means no prefilter.
func (r *Regexp) Literals() []string {
	var out []string
	for _, c := range r.need {
		for _, l := range c {
			out = append(out, l.S)
		}
	}
	return out
}

// Text is a string prepared for matching many Regexps: its lower-case form is
// computed once, on demand.
type Text struct {
	s     string
	lower string
	done  bool
}

// NewText prepares s for matching.
func NewText(s string) *Text { return &Text{s: s} }

// String returns the text.
func (t *Text) String() string { return t.s }

func (t *Text) lowered() string {
	if !t.done {
		t.lower = lower(t.s)
		t.done = true
	}
	return t.lower
}

// lower maps ASCII and Unicode letters to lower case the way syntax.FoldCase
// matching would see them, keeping the byte length of ASCII text.
func lower(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	return strings.Map(unicode.SimpleFold, strings.ToLower(s)) // approximation; see mayMatch
}

// mayMatch reports whether t contains a literal of every clause.
func (r *Regexp) mayMatch(t *Text) bool {
	for _, c := range r.need {
		if !t.holdsOne(c) {
			return false
		}
	}
	return true
}

// holdsOne reports whether t contains one of the literals of clause c.
func (t *Text) holdsOne(c []Literal) bool {
	for _, l := range c {
		if l.Fold {
			if !isASCII(l.S) || !isASCII(t.s) {
				return true // Unicode case folding: do not trust the prefilter
			}
			if strings.Contains(t.lowered(), l.S) {
				return true
			}
		} else if strings.Contains(t.s, l.S) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// MayMatch reports whether t passes the prefilter: false means no part of t
// can match, so a caller matching the lines of a text one by one can skip
// them all after one search of the whole.
func (r *Regexp) MayMatch(t *Text) bool { return r.mayMatch(t) }

// Compiled returns the compiled program, compiling it on first call.
func (r *Regexp) Compiled() (*regexp.Regexp, error) {
	r.once.Do(func() {
		if r.re, r.err = regexp.Compile(r.expr); r.err == nil {
			r.st = newStarts(r.expr)
		}
	})
	return r.re, r.err
}

// MatchText reports whether t contains a match. The program is compiled only
// when the prefilter passes. A compile error (which New's parse makes all but
// impossible) is returned so the caller can fail closed.
func (r *Regexp) MatchText(t *Text) (bool, error) {
	if !r.mayMatch(t) {
		return false, nil
	}
	re, err := r.Compiled()
	if err != nil {
		return false, err
	}
	if r.st != nil && len(t.s) >= minStartText {
		if found, ok := r.st.match(t.s); ok {
			return found, nil
		}
	}
	return re.MatchString(t.s), nil
}

// MatchString is MatchText for a single string.
func (r *Regexp) MatchString(s string) (bool, error) { return r.MatchText(NewText(s)) }

// FindTextIndex returns the location of the leftmost match in t, or nil.
func (r *Regexp) FindTextIndex(t *Text) ([]int, error) {
	if !r.mayMatch(t) {
		return nil, nil
	}
	re, err := r.Compiled()
	if err != nil {
		return nil, err
	}
	return re.FindStringIndex(t.s), nil
}

// required returns the clauses every match of re contains a literal of
// each, or nil when none can be named.
func required(re *syntax.Regexp) Prefilter {
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		// A run of subexpressions that each match a few strings only
		// (n(?:c|cat|etcat), which the parser factors out of
		// nc|ncat|netcat) is one clause of their joined strings.
		var all Prefilter
		var run []Literal
		for _, sub := range re.Sub {
			if e, ok := joined(run, exact(sub)); ok {
				run = e
				continue
			}
			if run != nil && useful(run) {
				all = append(all, run)
			}
			run = exact(sub)
			if run == nil {
				all = append(all, required(sub)...)
			}
		}
		if run != nil && useful(run) {
			all = append(all, run)
		}
		return selective(all)
	case syntax.OpAlternate:
		// One branch matches: a clause of the union of each branch's most
		// selective clause.
		var one []Literal
		for _, sub := range re.Sub {
			p := required(sub)
			if p == nil {
				return nil
			}
			one = append(one, p[0]...)
		}
		return Prefilter{one}
	}
	if c := clause(re); c != nil {
		return Prefilter{c}
	}
	return nil
}

// clause returns the literals of a literal or a small character class (such
// as [/~$], a set of one-character literals), one of which every match of
// re is; nil for anything else.
func clause(re *syntax.Regexp) []Literal {
	switch re.Op {
	case syntax.OpLiteral:
		fold := re.Flags&syntax.FoldCase != 0
		s := string(re.Rune)
		if fold {
			s = strings.ToLower(s)
		}
		return []Literal{{S: s, Fold: fold}}
	case syntax.OpCharClass:
		var set []Literal
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi-lo > 3 || len(set) > 8 {
				return nil
			}
			for c := lo; c <= hi; c++ {
				l := Literal{S: string(c)}
				if re.Flags&syntax.FoldCase != 0 {
					l = Literal{S: strings.ToLower(l.S), Fold: true}
				}
				if !slices.Contains(set, l) {
					set = append(set, l)
				}
			}
		}
		return set
	}
	return nil
}

// maxExact bounds the strings of an exact set.
const maxExact = 16

// exact returns the strings re matches, when they are few (at most
// maxExact; "" among them where re may match nothing); nil otherwise.
func exact(re *syntax.Regexp) []Literal {
	switch re.Op {
	case syntax.OpCapture:
		return exact(re.Sub[0])
	case syntax.OpEmptyMatch:
		return []Literal{{}}
	case syntax.OpQuest:
		if x := exact(re.Sub[0]); x != nil && len(x) < maxExact {
			return append([]Literal{{}}, x...)
		}
		return nil
	case syntax.OpConcat:
		var e []Literal
		for _, sub := range re.Sub {
			var ok bool
			if e, ok = joined(e, exact(sub)); !ok {
				return nil
			}
		}
		return e
	case syntax.OpAlternate:
		var e []Literal
		for _, sub := range re.Sub {
			x := exact(sub)
			if x == nil || len(e)+len(x) > maxExact {
				return nil
			}
			e = append(e, x...)
		}
		return e
	}
	return clause(re)
}

// joined returns the strings of a followed by b (a nil a: b), and false when
// b is nil or there would be more than maxExact of them. A string that folds
// case is searched lower-cased: the whole joined string is, which a text
// holding it still passes.
func joined(a, b []Literal) ([]Literal, bool) {
	if b == nil || len(a)*len(b) > maxExact {
		return nil, false
	}
	if a == nil {
		return b, true
	}
	out := make([]Literal, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			l := Literal{S: x.S + y.S, Fold: x.Fold || y.Fold}
			if l.Fold {
				l.S = strings.ToLower(l.S)
			}
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	return out, true
}

// useful reports whether clause c rejects anything: it holds no empty
// string.
func useful(c []Literal) bool {
	return !slices.ContainsFunc(c, func(l Literal) bool { return l.S == "" })
}

// selective returns the most selective clauses of p, most selective
// first, at most maxClauses of them.
func selective(p Prefilter) Prefilter {
	slices.SortStableFunc(p, func(a, b []Literal) int {
		switch {
		case better(a, b):
			return -1
		case better(b, a):
			return 1
		}
		return 0
	})
	if len(p) > maxClauses {
		p = p[:maxClauses]
	}
	return p
}

// better reports whether clause a is a more selective prefilter than b:
// its shortest literal is longer (fewer chance hits), then it has fewer
// entries.
func better(a, b []Literal) bool {
	ma, mb := shortest(a), shortest(b)
	if ma != mb {
		return ma > mb
	}
	return len(a) < len(b)
}

func shortest(set []Literal) int {
	m := -1
	for _, l := range set {
		if m < 0 || len(l.S) < m {
			m = len(l.S)
		}
	}
	return m
}

// Deferred is a known-good expression, such as one of a built-in
// catalogue's, compiled on first use. It has no prefilter of its own: its
// caller checks keywords first. It is safe for concurrent use.
type Deferred struct {
	expr  string
	build func() string // when set, makes expr on first use
	once  sync.Once
	re    *regexp.Regexp
}

// Defer returns expr to be compiled on first use. Tests keep catalogue
// expressions valid; an invalid one panics when first used.
func Defer(expr string) *Deferred { return &Deferred{expr: expr} }

// DeferBuilt is Defer for the expression build returns, called on first
// use: an expression put together from a catalogue's (a wrapped pattern)
// is not copied in a process that never uses it.
func DeferBuilt(build func() string) *Deferred { return &Deferred{build: build} }

// Regexp returns the compiled expression, compiling it on first call.
func (d *Deferred) Regexp() *regexp.Regexp {
	d.once.Do(func() {
		if d.build != nil {
			d.expr = d.build()
		}
		d.re = regexp.MustCompile(d.expr)
	})
	return d.re
}

// Compiled reports whether the expression has been compiled, for tests.
func (d *Deferred) Compiled() bool { return d.re != nil }
