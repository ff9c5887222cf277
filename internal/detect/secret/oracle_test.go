package secret

import (
	"strings"

	"github.com/guardhq/guard/internal/detect"
)

// The plain expressions run over the whole text, as the implementation
// before the keyword pass did, and the keyed detector run at every
// occurrence of its keywords found by a plain search: the oracles of the
// equivalence tests. They check the text as written (first, findText);
// decoded layers have tests of their own.

// plainFirst is first by the plain expressions: the first rule with a
// match that valid accepts, and where its first such match starts.
func (d *Detector) plainFirst(text string) (int, int) {
	for i := range d.rules {
		r := &d.rules[i]
		if r.keyed {
			if ms := plainKeyed(r, text); len(ms) > 0 {
				at := len(text)
				for _, sp := range ms {
					at = min(at, sp.at)
				}
				return i, at
			}
			continue
		}
		for _, m := range r.re.Regexp().FindAllStringSubmatchIndex(text, -1) {
			if r.valid != nil && !r.valid(text, m) {
				continue
			}
			return i, m[0]
		}
	}
	return -1, 0
}

// plainKeyed runs the keyed detector at every occurrence of each of its
// keywords, found by searching a lowered copy of text.
func plainKeyed(r *compiled, text string) []span {
	lower := asciiLower(text)
	var out []span
	for _, k := range r.keywords {
		for i := 0; ; {
			j := strings.Index(lower[i:], k)
			if j < 0 {
				break
			}
			j += i
			if sp, _, _, ok := keyedAt(text, j, j+len(k)); ok {
				out = append(out, sp)
			}
			i = j + 1
		}
	}
	return out
}

// oldFindAll is findText by the plain expressions over the whole text.
func (d *Detector) oldFindAll(text string) []detect.Match {
	lower := asciiLower(text)
	folds := detect.FoldsToASCII(text)
	var out []detect.Match
	for i := range d.rules {
		r := &d.rules[i]
		if r.keyed {
			for _, sp := range plainKeyed(r, text) {
				out = append(out, detect.Match{Rule: r.name, Start: sp.start, End: sp.end})
			}
			continue
		}
		if !(r.fold && folds) && !containsAny(lower, r.keywords) {
			continue
		}
		re := r.re.Regexp()
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			if r.valid != nil && !r.valid(text, m) {
				continue
			}
			start, end := m[0], m[1]
			if len(m) >= 4 && m[2] >= 0 {
				start, end = m[2], m[3]
			}
			if r.name == "private_key" {
				end = blockEnd(text, end)
			}
			out = append(out, detect.Match{Rule: r.name, Start: start, End: end})
		}
	}
	detect.SortMatches(out)
	return compact(out)
}

func compact(ms []detect.Match) []detect.Match {
	var out []detect.Match
	for i, m := range ms {
		if i == 0 || m != ms[i-1] {
			out = append(out, m)
		}
	}
	return out
}

func containsAny(lower string, keywords []string) bool {
	for _, k := range keywords {
		if strings.Contains(lower, k) {
			return true
		}
	}
	return false
}

// asciiLower returns s with A-Z lowered and every other byte kept.
func asciiLower(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' })
	if i < 0 {
		return s
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
