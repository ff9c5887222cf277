package shell

// A prefix whose row lists all its options (catalogue.Prefix.Flags) has
// its words read as its getopt_long reads them before the prefix's own
// reading: a cluster with a valued letter anywhere (strace -fo F), a
// value glued to its option (script -c'CMD', strace -oF, su -s./x.sh,
// time --output=F), unique prefixes of long options (script --comm=CMD),
// and, for a program that permutes, options after its operands (script
// FILE -c CMD, script -c CMD --log-out=F). Each option comes out as a
// word of its own in full, its value the next word, so the prefix walker
// sees one spelling. An option its row does not list is one guard cannot
// tell the value of: see unlistedOption.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// prefixOptions returns the words of prefix p, whose row lists all its
// options, with its options read as getopt_long reads them (see above).
// The script option of a permuting prefix comes after its other options
// and before its operands (script's -c CMD FILE), as the walker takes
// the words after a script as the prefix's operands.
func (c *cmd) prefixOptions(p catalogue.Prefix, words []word.Word) []word.Word {
	var opts, script, operands []word.Word
	for i := 0; i < len(words); i++ {
		w := words[i]
		a := w.Text
		switch {
		case a == "--":
			operands = append(operands, words[i:]...)
			return joinPrefixWords(opts, script, operands)
		case a == "-" || !strings.HasPrefix(a, "-"):
			if !p.Permute {
				return joinPrefixWords(opts, script, words[i:])
			}
			operands = append(operands, w)
			continue
		}
		got, used := c.prefixOption(p, words, i)
		i += used
		if len(got) > 0 && p.ScriptOption(got[0].Text) && len(got) == 2 {
			script = got // the last -c CMD is the one the program runs
			continue
		}
		opts = append(opts, got...)
	}
	return joinPrefixWords(opts, script, operands)
}

// joinPrefixWords returns the option words, the script option and its
// value, then the operands, in one slice.
func joinPrefixWords(opts, script, operands []word.Word) []word.Word {
	out := make([]word.Word, 0, len(opts)+len(script)+len(operands))
	out = append(out, opts...)
	out = append(out, script...)
	return append(out, operands...)
}

// prefixOption reads the option word at i of prefix p: it returns the
// options in it, each in full and followed by its value when it takes one,
// and how many words after i it used (1 when its value is the next word).
func (c *cmd) prefixOption(p catalogue.Prefix, words []word.Word, i int) ([]word.Word, int) {
	w := words[i]
	if strings.HasPrefix(w.Text, "--") {
		return c.prefixLong(p, words, i)
	}
	var out []word.Word
	a := w.Text
	for j := 1; j < len(a); j++ {
		opt := "-" + a[j:j+1]
		rest := word.Word{Text: a[j+1:], Known: w.Known}
		switch {
		case p.Optional.Has(opt):
			if rest.Text != "" {
				out = append(out, word.Word{Text: opt, Known: true}, rest) // script -tFILE
			}
			return out, 0
		case p.Valued(opt) && rest.Text != "":
			return append(out, word.Word{Text: opt, Known: true}, rest), 0 // strace -oF, su -c'CMD'
		case p.Valued(opt) && i+1 < len(words):
			return append(out, word.Word{Text: opt, Known: true}, words[i+1]), 1 // strace -fo F
		case p.Valued(opt):
			return append(out, word.Word{Text: opt, Known: true}), 0
		case !p.Listed(opt):
			c.unlistedOption(rest, words[i+1:])
			return append(out, word.Word{Text: "-" + a[j:], Known: w.Known}), 0
		}
		out = append(out, word.Word{Text: opt, Known: true})
	}
	return out, 0
}

// prefixLong reads the long option at i of prefix p (see prefixOption):
// --name, --name=VALUE or --name VALUE, name any unique prefix of one of
// p's long options.
func (c *cmd) prefixLong(p catalogue.Prefix, words []word.Word, i int) ([]word.Word, int) {
	w := words[i]
	opt, v, eq := strings.Cut(w.Text, "=")
	full := p.Long(opt)
	val := word.Word{Text: v, Known: w.Known}
	switch {
	case !p.Listed(full):
		if !eq {
			val.Text = ""
		}
		c.unlistedOption(val, words[i+1:])
		return []word.Word{w}, 0
	case p.Optional.Has(full) && eq:
		return []word.Word{{Text: full, Known: true}, val}, 0
	case p.Optional.Has(full):
		return nil, 0
	case !p.Valued(full):
		return []word.Word{{Text: full, Known: true}}, 0
	case eq:
		return []word.Word{{Text: full, Known: true}, val}, 0
	case i+1 < len(words):
		return []word.Word{{Text: full, Known: true}, words[i+1]}, 1
	}
	return []word.Word{{Text: full, Known: true}}, 0
}

// unlistedOption: a prefix was given an option its row does not list,
// so guard cannot tell whether it takes a value or what the value is (a
// file it writes, a file it reads, a program): the value glued to it
// (glued, when not empty: -xVALUE, --opt=VALUE) and the next word, its
// value when it takes one, are touched, as the words handed to a program
// guard does not know to only read are. The walker then goes on with the
// next word as it would after a flag.
func (c *cmd) unlistedOption(glued word.Word, next []word.Word) {
	if glued.Text != "" {
		c.touchValue(glued)
	}
	if len(next) > 0 {
		c.touchValue(next[0])
	}
}

// touchValue touches the file word v may name: the word itself, and the
// path-like words inside it when it holds blanks or shell characters.
func (c *cmd) touchValue(v word.Word) {
	c.w.Touch(v.Text)
	if v.Known && strings.ContainsAny(v.Text, " \t\n;|&<>()'\"$,") {
		c.w.touchText(v.Text)
	}
}

// prefixFlag takes the option word at i of prefix p that none of its
// row's classes took: a flag its row lists is nothing more; any other is
// an option guard cannot tell the value of (unlistedOption), the rest of a
// cluster (-xVALUE) its glued value.
func (c *cmd) prefixFlag(p catalogue.Prefix, words []word.Word, i int) {
	a := words[i].Text
	if p.Listed(a) || strings.HasPrefix(a, "--") && p.Listed(p.Long(a)) {
		return
	}
	glued := word.Word{Known: words[i].Known}
	if !strings.HasPrefix(a, "--") && len(a) > 2 {
		glued.Text = a[2:]
	}
	c.unlistedOption(glued, words[i+1:])
}

// prefixWords returns the words of prefix p with its options split as its
// getopt reads them: a cluster of env's (optcluster.go), or every option
// of a prefix whose row lists them all (prefixOptions).
func (c *cmd) prefixWords(p catalogue.Prefix, words []word.Word) []word.Word {
	if p.Cluster != "" {
		words = c.unbundle(p, words)
	}
	if p.Flags != "" {
		words = c.prefixOptions(p, words)
	}
	return words
}

// prefixFile takes the value, the word after i, of a prefix's option that
// names a file it writes (time -o F, strace -o F) or reads (fakeroot -i F).
func (c *cmd) prefixFile(p catalogue.Prefix, words []word.Word, i int) {
	if i+1 >= len(words) {
		return
	}
	a, v := words[i].Text, words[i+1].Text
	if p.WriteOpts.Has(a) {
		c.prefixWrite(p, a, v)
	}
	if p.ReadOpts.Has(a) {
		c.w.Read(v)
	}
}

// prefixWrite takes v, the value of a prefix's option opt that names the
// file it writes: with opt one of its PipeOpts, a value that begins with |
// or ! is a shell command its output is piped into (strace -o '|sh x.sh':
// FINDINGS59a A16).
func (c *cmd) prefixWrite(p catalogue.Prefix, opt, v string) {
	if p.PipeOpts.Has(opt) && (strings.HasPrefix(v, "|") || strings.HasPrefix(v, "!")) {
		c.w.tentative(v[1:])
		return
	}
	c.w.Write(v)
}
