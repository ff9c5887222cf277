package lazyre

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
)

// A long text passes the prefilter of a pattern such as
// \b(?:curl|wget)\b.*\| ?sh when one line has curl and another a pipe.
// Go's regexp then runs its NFA over the whole text, every position
// starting a thread, because the pattern has no single literal prefix to
// skip to. When every match starts with one of a few ASCII literals,
// trying the pattern anchored at each place one of them occurs finds the
// same answer: there is a match if and only if one starts there. An
// anchored run ends when its threads die (at the line's end, for .*),
// so a script with a few curl lines costs a few lines, not the script.

// maxStarts bounds the start literals tried.
const maxStarts = 8

// startBudget bounds the work of the anchored runs: the runs times the
// text's length, the most they could scan, stays under it; past it the text
// is matched in one pass as before.
const startBudget = 1 << 20

// minStartText is the length under which the one pass is cheap enough.
const minStartText = 256

// starts is what the anchored runs need, built with the program.
type starts struct {
	lits []string // every match starts with one of these (nil: no acceleration)
	expr string

	onceAt sync.Once
	at0    *regexp.Regexp // \A(?:expr), for a start at 0
	atN    *regexp.Regexp // \A(?s:.)(?:expr), run from one byte before the start
	err    error
}

// newStarts returns the start literals of expr (nil when it has none).
func newStarts(expr string) *starts {
	tree, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	lits, ok := startLiterals(tree)
	if !ok || len(lits) == 0 {
		return nil
	}
	return &starts{lits: lits, expr: expr}
}

// startLiterals returns literals one of which every match of re starts
// with, after empty-width assertions; false when it cannot name them. Only
// ASCII literals matched case-sensitively are named: an ASCII byte always
// starts a rune, so the run one byte before it sees the same previous
// rune class as a run over the whole text.
func startLiterals(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		s := string(re.Rune)
		if s == "" || !isASCII(s) {
			return nil, false
		}
		return []string{s}, true
	case syntax.OpCapture, syntax.OpPlus:
		return startLiterals(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return startLiterals(re.Sub[0])
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			switch sub.Op {
			case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
				syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
				continue
			}
			return startLiterals(sub)
		}
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			l, ok := startLiterals(sub)
			if !ok || len(all)+len(l) > maxStarts {
				return nil, false
			}
			all = append(all, l...)
		}
		return all, true
	case syntax.OpCharClass:
		// [Cc]url: each character of a small ASCII class.
		var all []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for c := re.Rune[i]; c <= re.Rune[i+1]; c++ {
				if c >= 0x80 || len(all) == maxStarts {
					return nil, false
				}
				all = append(all, string(c))
			}
		}
		return all, len(all) > 0
	}
	return nil, false
}

// anchored compiles the two anchored forms on first use.
func (s *starts) anchored() error {
	s.onceAt.Do(func() {
		if s.at0, s.err = regexp.Compile(`\A(?:` + s.expr + `)`); s.err == nil {
			s.atN, s.err = regexp.Compile(`\A(?s:.)(?:` + s.expr + `)`)
		}
	})
	return s.err
}

// match reports whether text has a match, trying the pattern anchored where
// a start literal occurs; ok is false when the runs would pass the budget,
// or the anchored forms do not compile (the caller then matches the text in
// one pass).
func (s *starts) match(text string) (found, ok bool) {
	if s.anchored() != nil {
		return false, false
	}
	next := make([]int, len(s.lits))
	for i := range next {
		next[i] = -2 // not searched yet
	}
	for pos, runs := 0, 0; pos < len(text); runs++ {
		if (runs+1)*len(text) > startBudget {
			return false, false
		}
		p := -1
		for i, l := range s.lits {
			if next[i] != -1 && next[i] < pos {
				if j := strings.Index(text[pos:], l); j >= 0 {
					next[i] = pos + j
				} else {
					next[i] = -1
				}
			}
			if next[i] >= 0 && (p < 0 || next[i] < p) {
				p = next[i]
			}
		}
		if p < 0 {
			return false, true
		}
		if p == 0 && s.at0.MatchString(text) || p > 0 && s.atN.MatchString(text[p-1:]) {
			return true, true
		}
		pos = p + 1
	}
	return false, true
}
