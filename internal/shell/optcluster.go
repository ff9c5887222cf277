package shell

// A prefix whose short options cluster as getopt reads them (env: -iS
// STRING, -vS, -0S, -uNAME) has its option words split
// into one word an option before the prefix's own reading: a valued
// option takes the rest of the word as its value, or the next word.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// unbundle returns words with each short-option cluster before the
// command split into its options. An option letter the prefix does not
// list is hidden: guard cannot tell what it makes the prefix run.
func (c *cmd) unbundle(p catalogue.Prefix, words []word.Word) []word.Word {
	out := make([]word.Word, 0, len(words)+2)
	for i := 0; i < len(words); i++ {
		w := words[i]
		a := w.Text
		if a == "--" || a == "-" || !strings.HasPrefix(a, "-") {
			return append(out, words[i:]...) // getopt's "+": options end at the first operand
		}
		if strings.HasPrefix(a, "--") {
			out = append(out, w)
			continue
		}
		for j := 1; j < len(a); j++ {
			opt := "-" + a[j:j+1]
			switch {
			case strings.IndexByte(p.Cluster, a[j]) >= 0:
				out = append(out, word.Word{Text: opt, Known: true})
			case !p.WithArg.Has(opt) && !p.Split.Has(opt):
				c.w.hide("runs a prefix given an option guard does not know (%s): it cannot tell what runs", word.Quote(opt))
				return words
			case j+1 < len(a):
				out = append(out, word.Word{Text: opt, Known: true}, word.Word{Text: a[j+1:], Known: w.Known})
				j = len(a)
			case i+1 < len(words):
				i++
				out = append(out, word.Word{Text: opt, Known: true}, words[i]) // its value, the next word
			default:
				out = append(out, word.Word{Text: opt, Known: true})
			}
		}
	}
	return out
}
