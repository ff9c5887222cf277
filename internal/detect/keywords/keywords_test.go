package keywords

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// occ is an occurrence: the word's index and the offset just past it.
type occ [2]int

func sorted(o []occ) []occ {
	slices.SortFunc(o, func(a, b occ) int {
		if a[1] != b[1] {
			return a[1] - b[1]
		}
		return a[0] - b[0]
	})
	return o
}

// naive lists every occurrence of words in text by searching for each word
// in a lowered copy: what a Set must find.
func naive(words []string, text string) []occ {
	lower := asciiLower(text)
	var out []occ
	for id, w := range words {
		for from := 0; ; {
			i := strings.Index(lower[from:], w)
			if i < 0 {
				break
			}
			out = append(out, occ{id, from + i + len(w)})
			from += i + 1
		}
	}
	return sorted(out)
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// collapse maps every ASCII white space byte to a space and drops a space
// that follows another, as Options.Spaces reads text.
func collapse(s string) (string, []int) {
	var b []byte
	var at []int // at[i]: offset in s just past the byte that gave b[i]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || '\t' <= c && c <= '\r' {
			if len(b) > 0 && b[len(b)-1] == ' ' {
				at[len(at)-1] = i + 1
				continue
			}
			c = ' '
		}
		b = append(b, c)
		at = append(at, i+1)
	}
	return string(b), at
}

// scan lists the occurrences Scan reports, after checking that they come
// in order of their ends.
func scan(s *Set, text string) []occ {
	var out []occ
	last := 0
	s.Scan(text, func(w, end int) bool {
		if end < last {
			panic(fmt.Sprintf("end %d reported after %d", end, last))
		}
		last = end
		out = append(out, occ{w, end})
		return true
	})
	return sorted(out)
}

// TestMain reads texts in chunks of 40 bytes, as two halves from 16 bytes
// on, so that the tests cover the chunked and paired reading.
func TestMain(m *testing.M) {
	chunk, pairMin = 40, 16
	os.Exit(m.Run())
}

var (
	testWords  = []string{"he", "she", "his", "hers", "sk", "sk-", "sk-ant-", "key", "api_key", "a", "-----begin", "xox"}
	spaceWords = []string{"you are", "act as", "this is", "is", "<|", "]]]", "```", "dan mode", "mode", "tell me", "e"}
)

func TestScan(t *testing.T) {
	s := New(testWords, Options{})
	for _, text := range []string{
		"", "ushers", "USHERS", "xoxox", "sk-ant-SK-ANT-", "my API_KEY and apikey", "-----BEGIN -----begin",
		"aaaa", "\xffhe\u017f\u212aey", strings.Repeat("hishers", 50),
	} {
		if got, want := scan(s, text), naive(testWords, text); !slices.Equal(got, want) {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}

func TestScanStops(t *testing.T) {
	s := New(testWords, Options{})
	n := 0
	s.Scan("he he he he", func(int, int) bool { n++; return n < 2 })
	if n != 2 {
		t.Errorf("fn called %d times after returning false", n)
	}
}

// scanSpaces lists occurrences in text read with Options.Spaces.
func scanSpaces(s *Set, text string) []occ {
	return scan(s, text)
}

// scanRunes lists the occurrences ScanRunes reports with symbol, checking
// their order.
func scanRunes(s *Set, text string) []occ {
	var out []occ
	last := 0
	s.ScanRunes(text, symbol, func(w, end int) bool {
		if end < last {
			panic(fmt.Sprintf("end %d reported after %d", end, last))
		}
		last = end
		out = append(out, occ{w, end})
		return true
	})
	return sorted(out)
}

// runesOracle maps text as symbol does (dropping, replacing), then searches
// with spacesOracle, mapping ends back.
func runesOracle(words []string, text string) []occ {
	var b []byte
	var at []int // at[i]: offset in text just past the character that gave b[i]
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		c := byte(r)
		if r >= utf8.RuneSelf {
			var ok bool
			if c, ok = symbol(r); !ok {
				continue
			}
		}
		b = append(b, c)
		at = append(at, i)
	}
	var out []occ
	for _, o := range spacesOracle(words, string(b)) {
		out = append(out, occ{o[0], at[o[1]-1]})
	}
	return sorted(out)
}

// spacesOracle searches the collapsed text and maps each end back.
func spacesOracle(words []string, text string) []occ {
	c, at := collapse(text)
	var out []occ
	for _, o := range naive(words, c) {
		// The end in text: just past the byte that gave c[end-1]. A
		// keyword never ends in a space, so that byte is the one.
		out = append(out, occ{o[0], at[o[1]-1]})
	}
	return sorted(out)
}

func TestScanSpaces(t *testing.T) {
	s := New(spaceWords, Options{Spaces: true})
	for _, text := range []string{
		"you are", "you  are", "YOU\n\t\r are", "you\vare", "you\u00a0are", "act  as this \n is", "dan\tmode ]]]]",
		"  ``` `` ` ```", "tell\n\n\nme", "thisis", "e e  e", "",
	} {
		if got, want := scanSpaces(s, text), spacesOracle(spaceWords, text); !slices.Equal(got, want) {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}

func FuzzScan(f *testing.F) {
	f.Add("ushers he said: SK-ANT- key API_KEY", "you  are\tnow in dan\n mode")
	f.Add(strings.Repeat("hishers ", 40), strings.Repeat("thi\u017f \u200bis you\u00a0are ", 20))
	f.Add(strings.Repeat("e", 600), strings.Repeat("e", 600))
	f.Add(strings.Repeat("\u00e9", 40)+"xox", strings.Repeat("\u00e9", 40)+"dan mode")
	plain := New(testWords, Options{})
	spaced := New(spaceWords, Options{Spaces: true})
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := scan(plain, a), naive(testWords, a); !slices.Equal(got, want) {
			t.Fatalf("%q: got %v, want %v", a, got, want)
		}
		if got, want := scanSpaces(spaced, b), spacesOracle(spaceWords, b); !slices.Equal(got, want) {
			t.Fatalf("spaces %q: got %v, want %v", b, got, want)
		}
		if got, want := scanRunes(spaced, b), runesOracle(spaceWords, b); !slices.Equal(got, want) {
			t.Fatalf("runes %q: got %v, want %v", b, got, want)
		}
	})
}

// TestHeldBack fills the second half with more occurrences than are held
// back at a time.
func TestHeldBack(t *testing.T) {
	s := New(spaceWords, Options{Spaces: true})
	for _, text := range []string{
		strings.Repeat("x", 100) + strings.Repeat("e", 1000),
		strings.Repeat("e", 1000) + strings.Repeat("\u200be", 500),
		strings.Repeat("this is ", 300),
	} {
		if got, want := scanRunes(s, text), runesOracle(spaceWords, text); !slices.Equal(got, want) {
			t.Errorf("%.40q: %d occurrences, want %d", text, len(got), len(want))
		}
		if got, want := scan(s, text), spacesOracle(spaceWords, text); !slices.Equal(got, want) {
			t.Errorf("%.40q: %d occurrences, want %d", text, len(got), len(want))
		}
	}
	n := 0
	s.Scan(strings.Repeat("e", 2000), func(int, int) bool { n++; return n < 1500 })
	if n != 1500 {
		t.Errorf("fn called %d times after returning false", n)
	}
}

// symbol maps ſ to s, drops U+200B and reads U+00A0 as a space.
func symbol(r rune) (byte, bool) {
	switch r {
	case '\u017f':
		return 's', true
	case '\u200b':
		return 0, false
	case '\u00a0':
		return ' ', true
	}
	return 0, true
}

func TestScanRunes(t *testing.T) {
	s := New(spaceWords, Options{Spaces: true})
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"thi\u017f i\u200b\u017f", []string{"3:5", "3:12", "2:12"}}, // is, is, this is
		{"you\u00a0\u200b are", []string{"0:12", "10:12"}},           // you are, e
		{"you\u00e9are", []string{"10:8"}},
		{"you\xffare", []string{"10:7"}},
		{"\xe2\x80", nil},
		{"\u200bdan\u200b \u200bmode\u200b", []string{"7:17", "8:17", "10:17"}},
	} {
		var got []string
		s.ScanRunes(tt.text, symbol, func(w, end int) bool {
			got = append(got, fmt.Sprint(w, ":", end))
			return true
		})
		slices.Sort(got)
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %v, want %v", tt.text, got, want)
		}
	}
}

func TestGoString(t *testing.T) {
	got := New([]string{"ab", "b"}, Options{}).GoString()
	want := `keywords.Set{
	Words: []string{"ab", "b"},
	Class: [256]uint8{65: 1, 66: 2, 97: 1, 98: 2},
	Stride: 3,
	Final:  6,
	Next: []uint16{
		0, 3, 6,
		0, 3, 9,
		0, 3, 6,
		0, 3, 6,
	},
	Ends: [][]int32{{1}, {0, 1}},
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func BenchmarkNew(b *testing.B) {
	words := append(append([]string{}, testWords...), spaceWords...)
	for b.Loop() {
		New(words, Options{Spaces: true})
	}
}

func BenchmarkScan(b *testing.B) {
	s := New(testWords, Options{})
	text := strings.Repeat("Refactor the handler so errors are wrapped with context, then run the tests again.\n", (1<<20)/84)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		s.Scan(text, func(int, int) bool { return true })
	}
}
