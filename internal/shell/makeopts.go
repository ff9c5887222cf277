package shell

// make's options as GNU make's getopt_long reads them: a long option by
// any unambiguous prefix (--ev=TEXT is --eval=TEXT), short options in a
// cluster (-sE TEXT is -s -E TEXT). makeWords spells them out so the
// readers of make's words (make, makeArgs) see one option a word
// (FINDINGS52b F3).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// makeLongOptions are GNU make's long options (4.3, 4.4); those followed
// by = take a value (the next word when not glued).
const makeLongOptions = " always-make basic debug environment-overrides eval= file= makefile= help ignore-errors include-dir= " +
	"jobs keep-going load-average check-symlink-times just-print dry-run recon no-builtin-rules no-builtin-variables " +
	"silent quiet no-silent no-keep-going stop old-file= assume-old= output-sync print-data-base question " +
	"no-print-directory print-directory touch trace version verbose warn-undefined-variables what-if= new-file= " +
	"assume-new= directory= jobserver-auth= jobserver-fds= jobserver-style= shuffle "

// makeShortWithArg are make's short options that take a value: the rest
// of the word or the next word.
const makeShortWithArg = "CEfIoW"

// makeLong returns the long option name s (without dashes or value)
// stands for, as getopt_long matches it (exact, else the one option it
// is a prefix of), and whether it takes a value; false when it is none
// or several.
func makeLong(s string) (string, bool, bool) {
	found, arg, n := "", false, 0
	for _, o := range strings.Fields(makeLongOptions) {
		name, value := strings.CutSuffix(o, "=")
		if name == s {
			return name, value, true
		}
		if strings.HasPrefix(name, s) && s != "" {
			found, arg, n = name, value, n+1
		}
	}
	return found, arg, n == 1
}

// makeWords returns make's words args with each option spelt out: a long
// option by its full name (--ev=x is --eval=x, --dir d is --directory d),
// a cluster of short options as one word each, an option's value as the
// next word (-sEtext is -s -E text). Words after -- are left as they are.
func makeWords(args []word.Word) []word.Word {
	out := make([]word.Word, 0, len(args))
	for j := 0; j < len(args); j++ {
		a := args[j]
		s := a.Text
		switch {
		case s == "--":
			return append(out, args[j:]...)
		case strings.HasPrefix(s, "--"):
			opt, v, eq := strings.Cut(s[2:], "=")
			name, arg, ok := makeLong(opt)
			if ok {
				a.Text = "--" + name
				if eq {
					a.Text += "=" + v
				}
			}
			out = append(out, a)
			if ok && arg && !eq && j+1 < len(args) {
				j++
				out = append(out, args[j]) // its value, whatever it starts with
			}
		case len(s) > 1 && s[0] == '-':
			cl := makeCluster(a)
			out = append(out, cl...)
			if last := cl[len(cl)-1].Text; len(last) == 2 && strings.IndexByte(makeShortWithArg, last[1]) >= 0 && j+1 < len(args) {
				j++
				out = append(out, args[j])
			}
		default:
			out = append(out, a)
		}
	}
	return out
}

// makeCluster splits a cluster of make's short options (-sE, -sCdir) into
// one word each; the first that takes a value takes the rest of the
// word as its own word (the next word when nothing is left). An optional
// value (-j4, -l2, -Onone) stays glued.
func makeCluster(a word.Word) []word.Word {
	var out []word.Word
	s := a.Text
	if len(s) == 2 {
		return []word.Word{a}
	}
	for i := 1; i < len(s); i++ {
		o := a
		o.Text = "-" + s[i:i+1]
		switch {
		case strings.IndexByte(makeShortWithArg, s[i]) >= 0 && i+1 < len(s):
			v := a
			v.Text = s[i+1:]
			return append(out, o, v)
		case strings.IndexByte("jlO", s[i]) >= 0 && i+1 < len(s):
			o.Text = "-" + s[i:]
			return append(out, o)
		}
		out = append(out, o)
	}
	return out
}
