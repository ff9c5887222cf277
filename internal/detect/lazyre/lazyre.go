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
// The prefilter is conservative: when no required literal can be derived
// (say `.*` or `\d+`), the pattern is compiled and run as usual.
package lazyre

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode"
)

// Regexp is a lazily compiled regular expression with a literal prefilter.
// It is safe for concurrent use.
type Regexp struct {
	expr string
	// need: a match contains at least one of these. Empty: no prefilter.
	need []Literal

	once sync.Once
	re   *regexp.Regexp
	err  error
}

// Literal is one string of a prefilter; Fold means the pattern matches it
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
func NewPrefiltered(expr string, need []Literal) *Regexp {
	return &Regexp{expr: expr, need: need}
}

// Prefilter returns the literals of which every match contains one.
func (r *Regexp) Prefilter() []Literal { return r.need }

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

// Literals returns the prefilter: a match contains at least one of these
// (lower-cased where the pattern folds case). Empty means no prefilter.
func (r *Regexp) Literals() []string {
	out := make([]string, len(r.need))
	for i, l := range r.need {
		out[i] = l.S
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

// mayMatch reports whether t contains one of the required literals.
func (r *Regexp) mayMatch(t *Text) bool {
	if len(r.need) == 0 {
		return true
	}
	for _, l := range r.need {
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
	r.once.Do(func() { r.re, r.err = regexp.Compile(r.expr) })
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

// required returns literals of which every match of re contains at least one,
// or nil when none can be named.
func required(re *syntax.Regexp) []Literal {
	switch re.Op {
	case syntax.OpLiteral:
		fold := re.Flags&syntax.FoldCase != 0
		s := string(re.Rune)
		if fold {
			s = strings.ToLower(s)
		}
		return []Literal{{S: s, Fold: fold}}
	case syntax.OpCapture:
		return required(re.Sub[0])
	case syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		var best []Literal
		for _, sub := range re.Sub {
			if set := required(sub); set != nil && better(set, best) {
				best = set
			}
		}
		return best
	case syntax.OpAlternate:
		var all []Literal
		for _, sub := range re.Sub {
			set := required(sub)
			if set == nil {
				return nil
			}
			all = append(all, set...)
		}
		return all
	case syntax.OpCharClass:
		// A small class of single characters, such as [/~$], is a set of
		// one-character literals.
		var set []Literal
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi-lo > 3 || len(set) > 8 {
				return nil
			}
			for c := lo; c <= hi; c++ {
				set = append(set, Literal{S: string(c)})
			}
		}
		return set
	}
	return nil
}

// better reports whether set a is a more selective prefilter than b: its
// shortest literal is longer (fewer chance hits), then it has fewer entries.
func better(a, b []Literal) bool {
	if b == nil {
		return true
	}
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
