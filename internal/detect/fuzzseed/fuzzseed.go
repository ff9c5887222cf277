// Package fuzzseed holds the seed inputs of the detectors' fuzz tests: the
// texts of the shared detection corpus when it is at hand, and adversarial
// texts aimed at the edges of keyword windows and regions. Only tests
// import it.
package fuzzseed

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// Corpus returns the input of every case of the shared detection corpus
// (*.jsonl) in the directory $GUARD_CORPUS, or nil when it is unset or
// holds no corpus: a fresh clone has none, and the fuzz tests then start
// from their other seeds.
func Corpus() []string {
	dir := os.Getenv("GUARD_CORPUS")
	if dir == "" {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	var out []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		s := bufio.NewScanner(f)
		s.Buffer(nil, 1<<20)
		for s.Scan() {
			var c struct{ Input string }
			if json.Unmarshal(s.Bytes(), &c) == nil && c.Input != "" {
				out = append(out, c.Input)
			}
		}
		f.Close()
	}
	return out
}

// Edges are offsets at which the adversarial texts place a keyword: around
// the window sizes the detectors use (lead bytes, 128, 256, 512) and the
// start of a text.
var Edges = []int{0, 1, 2, 3, 4, 5, 23, 24, 25, 26, 127, 128, 129, 255, 256, 257, 511, 512, 513, 767, 768, 769}

// Around returns texts holding each of words at each of Edges, after and
// before filler, in several spellings: as given, upper case, with ſ and K
// (U+212A) for s and k, with a zero-width space or doubled white space
// inside, glued to word characters, and next to invalid UTF-8.
func Around(words []string, filler string) []string {
	var out []string
	pad := func(n int) string {
		if filler == "" {
			filler = "x"
		}
		return strings.Repeat(filler, n/len(filler)+1)[:n]
	}
	for _, w := range words {
		forms := []string{
			w, strings.ToUpper(w),
			strings.NewReplacer("s", "\u017f", "k", "\u212a", "S", "\u017f", "K", "\u212a").Replace(w),
			strings.ReplaceAll(w, " ", " \t\n "),
			"x" + w + "0", "\xff" + w + "\xc5",
		}
		if len(w) > 1 {
			forms = append(forms, w[:1]+"\u200b"+w[1:])
		}
		for i, f := range forms {
			e := Edges[i%len(Edges)]
			out = append(out, pad(e)+f, f+pad(e), pad(e)+f+pad(e))
		}
		for _, e := range Edges {
			out = append(out, pad(e)+w+" "+pad(e), pad(e)+"\n"+w+"\n"+pad(e))
		}
	}
	return out
}

// Numbers returns texts aimed at the PII regions: long digit runs, digits
// with every separator, numbers next to letters, and many @.
func Numbers() []string {
	out := []string{
		strings.Repeat("1", 40), strings.Repeat("12345 ", 30), strings.Repeat("1-2.3 ", 40),
		strings.Repeat("@", 60), strings.Repeat("a@", 60), strings.Repeat("a@b.cd ", 30), "x@y" + strings.Repeat(".ab", 40),
		"4111 1111 1111 1111", "4111\t1111\n1111\r1111", "+1 (555) 123-4567", "(555)123-4567x", "A1234567", "AB123456789",
		"123-45-6789", "123.45.6789", "a123-45-6789", "123-45-67890", "1234567890123456789012",
		"\xff4111111111111111\xff", "\u00e94111111111111111\u00e9", "_4111111111111111_", "4111111111111111\u212a",
		"AKIA" + strings.Repeat("7", 16), "555-1234\n555-123-4567", "+1-555-123-4567-", "3782 822463 10005",
	}
	for _, e := range Edges {
		out = append(out, strings.Repeat("9", e)+" 123-45-6789", "AB"+strings.Repeat("1", e%12), strings.Repeat("a", e)+"@"+strings.Repeat("b", e)+".com")
	}
	return out
}
