package shell

// Include processors' inputs: a catalogued processor
// (catalogue.XMLIncluders, AsciidocIncluders, TeXIncluders) has the files
// it is handed read for the files they include (lang.Includes, a few
// levels deep), each a read; an input it cannot read, or an include
// guard cannot name, is what it cannot tell.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxIncludeFiles bounds the files read for one processor's includes.
const maxIncludeFiles = 16

// includeKind returns how program name's input names the files it
// includes; 0 when it includes none (xmllint without an option that
// loads them).
func (c *cmd) includeKind() lang.IncludeKind {
	switch {
	case c.name == "xmllint":
		if slices.ContainsFunc(c.args, func(a word.Word) bool { return catalogue.XMLIncludeOptions.Has(a.Text) }) {
			return lang.IncludeXML
		}
	case catalogue.XMLIncluders.Has(c.name):
		return lang.IncludeXML
	case catalogue.AsciidocIncluders.Has(c.name):
		return lang.IncludeAsciidoc
	case catalogue.TeXIncluders.Has(c.name):
		return lang.IncludeTeX
	case catalogue.RoffIncluders.Has(c.name) || c.name == "man" && c.manFiles():
		return lang.IncludeRoff
	}
	return 0
}

// includes reads an include processor's input files (its operands, else
// standard input) for what they include.
func (c *cmd) includes() {
	k := c.includeKind()
	if k == 0 {
		return
	}
	var inputs []word.Word
	if k == lang.IncludeRoff {
		var ok bool
		if inputs, ok = c.roffInputs(); !ok {
			return
		}
	}
	for j := 0; j < len(c.args) && k != lang.IncludeRoff; j++ {
		s := c.args[j].Text
		switch {
		case catalogue.IncluderWithArg.Has(s):
			j++
			if s == "--stringparam" || s == "--param" || s == "--strparam" {
				j++ // NAME VALUE
			}
		case s == "-":
			inputs = append(inputs, c.args[j])
		case !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, `\`):
			inputs = append(inputs, c.args[j])
		}
	}
	what := "a file " + c.name + " reads for what it includes"
	var texts []string
	var dirs []string
	for _, a := range inputs {
		if a.Text == "-" {
			if t, ok := c.codeInput(what); ok {
				texts, dirs = append(texts, t), append(dirs, ".")
			}
			continue
		}
		if !a.Known {
			c.w.hide("hands %s an input guard cannot name, whose includes it cannot tell", c.name)
			return
		}
		if t, ok := c.w.FileText(a.Text, true, effect.MaxScriptBytes, what); ok {
			texts, dirs = append(texts, t), append(dirs, path.Dir(a.Text))
		}
	}
	if len(inputs) == 0 {
		if t, ok := c.codeInput(what); ok {
			texts, dirs = append(texts, t), append(dirs, ".")
		}
	}
	c.included(k, texts, dirs)
}

// included reads what texts (each from a file in the matching dir)
// include, and what those include, bounded.
func (c *cmd) included(k lang.IncludeKind, texts, dirs []string) {
	what := "a file " + c.name + " includes"
	for i := 0; i < len(texts) && i < maxIncludeFiles; i++ {
		names, ok := lang.Includes(k, texts[i])
		if !ok {
			c.w.hide("runs %s on input that includes a file by a name it computes, which guard cannot tell", c.name)
			return
		}
		for _, n := range names {
			if k != lang.IncludeTeX && k != lang.IncludeRoff && !path.IsAbs(n) && !strings.HasPrefix(n, "~") {
				n = path.Join(dirs[i], n) // relative to the including file
			}
			c.w.Read(n)
			if t, ok := c.w.FileText(n, true, effect.MaxScriptBytes, what); ok {
				texts, dirs = append(texts, t), append(dirs, path.Dir(n))
			}
		}
	}
}
