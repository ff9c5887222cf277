package secret

import (
	"strings"

	"github.com/guardhq/guard/internal/detect"
)

// minRepeat is the shortest matched value whose other occurrences are
// matched too: shorter ones (a short password) would hit ordinary words.
const minRepeat = 8

// repeats adds to ms a match for every other occurrence in text of a value
// ms matched (the same secret pasted twice, a password found after its key
// and again in a URL), so that a redaction leaves no copy of it. Values
// are looked up by their first eight bytes: one pass over text, a hash
// and a bit test per byte.
func repeats(text string, ms []detect.Match) []detect.Match {
	if len(ms) == 0 {
		return ms
	}
	type value struct {
		s    string
		rule string
	}
	var (
		bits   [1 << 10]uint64 // 64 Ki bits: the hashes of the first eight bytes
		byHead = map[uint64][]value{}
		seen   = map[string]bool{}
	)
	for _, m := range ms {
		v := text[m.Start:m.End]
		if len(v) < minRepeat || seen[v] {
			continue
		}
		seen[v] = true
		h := load64(v, 0)
		byHead[h] = append(byHead[h], value{v, m.Rule})
		bits[hash16(h)>>6] |= 1 << (hash16(h) & 63)
	}
	if len(byHead) == 0 {
		return ms
	}
	for i := 0; i+8 <= len(text); i++ {
		h := load64(text, i)
		if k := hash16(h); bits[k>>6]&(1<<(k&63)) == 0 {
			continue
		}
		for _, v := range byHead[h] {
			if strings.HasPrefix(text[i:], v.s) {
				ms = append(ms, detect.Match{Rule: v.rule, Start: i, End: i + len(v.s)})
			}
		}
	}
	return ms
}

// load64 reads s[i:i+8] as a little-endian number.
func load64(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// hash16 maps eight bytes to 16 bits.
func hash16(h uint64) uint64 { return (h * 0x9E3779B97F4A7C15) >> 48 }
