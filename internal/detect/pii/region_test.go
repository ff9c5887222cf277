package pii

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/fuzzseed"
)

// shape bounds what every match of an expression holds, in characters of a
// set: at least count of them, at least run of them in a row somewhere,
// starting with at least pre and ending with at least suf of them; all says
// that a match holds nothing else, and size is then the least length.
type shape struct {
	count, run, pre, suf, size int
	all                        bool
}

// shapeOf computes the shape of re's matches in the characters in(r).
func shapeOf(re *syntax.Regexp, in func(rune) bool) shape {
	switch re.Op {
	case syntax.OpLiteral:
		var s shape
		s.all = true
		for _, r := range re.Rune {
			s = concat(s, char(in(r)))
		}
		return s
	case syntax.OpCharClass:
		all := len(re.Rune) > 0
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1] && all; r++ {
				all = in(r)
			}
		}
		return char(all)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return char(false)
	case syntax.OpCapture:
		return shapeOf(re.Sub[0], in)
	case syntax.OpConcat:
		s := shape{all: true}
		for _, sub := range re.Sub {
			s = concat(s, shapeOf(sub, in))
		}
		return s
	case syntax.OpAlternate:
		s := shapeOf(re.Sub[0], in)
		for _, sub := range re.Sub[1:] {
			o := shapeOf(sub, in)
			s = shape{min(s.count, o.count), min(s.run, o.run), min(s.pre, o.pre), min(s.suf, o.suf), min(s.size, o.size), s.all && o.all}
		}
		return s
	case syntax.OpStar, syntax.OpQuest:
		return shape{all: shapeOf(re.Sub[0], in).all}
	case syntax.OpPlus:
		return shapeOf(re.Sub[0], in)
	case syntax.OpRepeat:
		sub := shapeOf(re.Sub[0], in)
		s := shape{all: sub.all}
		for range re.Min {
			s = concat(s, sub)
		}
		return s
	}
	return shape{all: true} // empty-width: \b, ^, $, empty
}

func char(in bool) shape {
	if in {
		return shape{1, 1, 1, 1, 1, true}
	}
	return shape{}
}

func concat(a, b shape) shape {
	s := shape{count: a.count + b.count, run: max(a.run, b.run, a.suf+b.pre), pre: a.pre, suf: b.suf, size: a.size + b.size, all: a.all && b.all}
	if a.all {
		s.pre = a.size + b.pre
	}
	if b.all {
		s.suf = b.size + a.suf
	}
	return s
}

// TestRegionsHoldEveryMatch proves, from each pattern's syntax tree, what
// the regions rely on: the alphabet is the pattern's, a numeric type's
// match holds at least its digits and minRun of them in a row, an email
// address holds an @.
func TestRegionsHoldEveryMatch(t *testing.T) {
	isDigit := func(r rune) bool { return '0' <= r && r <= '9' }
	for _, ty := range catalogue {
		re, err := syntax.Parse(ty.pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		want, err := detect.AlphabetOf(ty.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got := detect.Bytes(ty.alphabet); got != want {
			t.Errorf("%s: alphabet %q is not the pattern's", ty.name, ty.alphabet)
		}
		if regexp.MustCompile(ty.pattern).MatchString("") {
			t.Errorf("%s matches the empty string, which lies outside regions", ty.name)
		}
		if ty.digits == 0 {
			if s := shapeOf(re, func(r rune) bool { return r == '@' }); s.count < 1 {
				t.Errorf("%s: a match may lack @", ty.name)
			}
			continue
		}
		s := shapeOf(re, isDigit)
		if s.count < ty.digits || s.run < minRun {
			t.Errorf("%s: a match holds %d digits (catalogue says %d), %d in a row (want %d)", ty.name, s.count, ty.digits, s.run, minRun)
		}
	}
}

func TestShapeOf(t *testing.T) {
	isDigit := func(r rune) bool { return '0' <= r && r <= '9' }
	for _, tt := range []struct {
		expr       string
		count, run int
	}{
		{`\d{3}-\d{4}`, 7, 4},
		{`\d\d(?:\d|x)\d`, 3, 2},
		{`(?:12|3)4`, 2, 2},
		{`1?2+3*`, 1, 1},
		{`a|1234`, 0, 0},
	} {
		re, _ := syntax.Parse(tt.expr, syntax.Perl)
		if s := shapeOf(re, isDigit); s.count != tt.count || s.run != tt.run {
			t.Errorf("%s: %+v, want count %d run %d", tt.expr, s, tt.count, tt.run)
		}
	}
}

// singles holds a detector for each type alone.
var singles = sync.OnceValue(func() []*Detector {
	var out []*Detector
	for _, name := range Types() {
		d, err := New([]string{name})
		if err != nil {
			panic(err)
		}
		out = append(out, d)
	}
	return out
})

// equivalent checks that Check and FindAll give what the full-text
// expressions give (the former Check and FindAll), for each type alone and
// for all of them.
func equivalent(t *testing.T, text string) {
	t.Helper()
	for _, d := range append(slices.Clone(singles()), all(t)) {
		got, hit := d.Check(text)
		want, wantHit := d.oldCheck(text)
		if got != want || hit != wantHit {
			t.Errorf("%d types: Check(%.80q) = %+v, %v; full text %+v, %v", len(d.types), text, got, hit, want, wantHit)
		}
		if got, want := d.FindAll(text), d.oldFindAll(text); !slices.Equal(got, want) {
			t.Errorf("%d types: FindAll(%.80q) = %v; full text %v", len(d.types), text, got, want)
		}
	}
}

// seeds are the fuzz seeds: the unit cases, the shared corpus when
// $GUARD_CORPUS names it, numbers and addresses at region edges.
func seeds() []string {
	out := append([]string{}, redactionCases...)
	out = append(out, fuzzseed.Corpus()...)
	out = append(out, fuzzseed.Numbers()...)
	out = append(out, fuzzseed.Around(redactionCases, "12 ")...)
	return append(out, fuzzseed.Around([]string{"a@b.cd", "123-45-6789", "4111 1111 1111 1111", "(555) 123-4567", "C12345678"}, "9@")...)
}

func TestRegionsEqualFullText(t *testing.T) {
	for _, s := range seeds() {
		equivalent(t, s)
	}
	filler := strings.Repeat("Order 1234 shipped to a@b on 2024-01-02; call ext. 5678. ", 2000)
	equivalent(t, filler+"ssn 123-45-6789"+filler)
}

// FuzzRegions is the equivalence test of the regions: see equivalent.
func FuzzRegions(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		equivalent(t, text)
	})
}

func TestCatalogueFits(t *testing.T) {
	if len(catalogue) > maxTypes {
		t.Fatalf("%d types, maxTypes is %d", len(catalogue), maxTypes)
	}
}
