package secret

import (
	"sort"
	"strings"

	"github.com/guardhq/guard/internal/detect"
)

// segment is a piece of a redacted text: red[rs:re] is text[os:oe], or
// the marker that replaced it.
type segment struct {
	rs, re, os, oe int
	marker         bool
}

// segments map a redacted text back to the text it was made from.
type segments []segment

// redactMap is detect.Redact, which it must equal, with the map from the
// redacted text back to the text.
func redactMap(text string, ms []detect.Match) (string, segments) {
	var b strings.Builder
	b.Grow(len(text))
	segs := make(segments, 0, 2*len(ms)+1)
	done := 0
	plain := func(to int) {
		if to > done {
			segs = append(segs, segment{rs: b.Len(), re: b.Len() + to - done, os: done, oe: to})
			b.WriteString(text[done:to])
		}
	}
	for i := 0; i < len(ms); {
		m := ms[i]
		start, end := max(m.Start, done), min(m.End, len(text))
		for i++; i < len(ms) && ms[i].Start <= end; i++ {
			end = max(end, min(ms[i].End, len(text)))
		}
		if start >= end {
			continue
		}
		plain(start)
		marker := "[REDACTED:" + m.Rule + "]"
		segs = append(segs, segment{rs: b.Len(), re: b.Len() + len(marker), os: start, oe: end, marker: true})
		b.WriteString(marker)
		done = end
	}
	plain(len(text))
	return b.String(), segs
}

// original maps the span [s, e) of the redacted text to the text: a
// marker stands for all it replaced.
func (g segments) original(s, e int) (int, int) {
	if len(g) == 0 {
		return s, e
	}
	find := func(i int) int {
		k := sort.Search(len(g), func(k int) bool { return g[k].re > i })
		return min(k, len(g)-1)
	}
	a, z := g[find(s)], g[find(max(e-1, s))]
	os := a.os
	if !a.marker {
		os = a.os + s - a.rs
	}
	oe := z.oe
	if !z.marker {
		oe = z.os + max(e, s) - z.rs
	}
	return os, oe
}
