package shell

// roff documents: groff, nroff, troff, soelim and man -l read their input
// documents' .so FILE and its kin (lang.Includes, IncludeRoff). In
// unsafe mode (-U) a document runs commands (.sy, .pso, .pi) and writes
// files (.open, .opena); -M DIR and GROFF_TMAC_PATH move where macro
// files (-m NAME, troffrc) are loaded from: guard does not read those.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// roffValued are the letters of groff's and troff's options that take a
// value (-Tascii, -m s, -I dir).
const roffValued = "dfFIKLmMnoPrTwWD"

// manValued are man's options that take the next word.
const manValued word.Set = " -C -M -P -S -s -e -L -m -p -r -E -R -T -W --config-file --manpath --pager --sections --extension --locale --systems --preprocessor --prompt --encoding --recode "

// roffInputs returns the documents a roff formatter is handed (none:
// standard input), false when guard cannot tell what it runs: unsafe mode,
// a macro directory (-M, GROFF_TMAC_PATH), which it has hidden.
func (c *cmd) roffInputs() ([]word.Word, bool) {
	if v, ok := c.envValue("GROFF_TMAC_PATH"); ok && v != "" {
		c.w.hide("runs %s with GROFF_TMAC_PATH set: it loads macro files (troffrc, NAME.tmac) from there, which guard does not read", c.name)
		return nil, false
	}
	if c.name == "man" {
		return c.manInputs(), true
	}
	var inputs []word.Word
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			return append(inputs, c.args[j+1:]...), true
		case s == "-" || !strings.HasPrefix(s, "-"):
			inputs = append(inputs, c.args[j])
			continue
		}
		for i := 1; i < len(s); i++ {
			if s[i] == 'U' || s[i] == 'M' {
				c.w.hide("runs %s -%c: unsafe mode runs the document's commands and writes its files, a macro directory loads macro files guard does not read", c.name, s[i])
				return nil, false
			}
			if strings.IndexByte(roffValued, s[i]) >= 0 {
				if i+1 == len(s) {
					j++
				}
				break
			}
		}
	}
	return inputs, true
}

// manFiles reports whether man is handed files rather than page names:
// -l/--local-file, or an operand with a slash (man ./x.1).
func (c *cmd) manFiles() bool {
	for _, a := range c.args {
		if a.Text == "-l" || strings.HasPrefix(a.Text, "--local") || !strings.HasPrefix(a.Text, "-") && strings.Contains(a.Text, "/") {
			return true
		}
	}
	return false
}

// manInputs returns the files man formats: every operand under -l, else
// the operands with a slash (a page name is the system's).
func (c *cmd) manInputs() []word.Word {
	local := false
	var ops []word.Word
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "-l" || strings.HasPrefix(s, "--local"):
			local = true
		case manValued.Has(s):
			j++
		case strings.HasPrefix(s, "-") && s != "-":
		default:
			ops = append(ops, c.args[j])
		}
	}
	var out []word.Word
	for _, a := range ops {
		if local || strings.Contains(a.Text, "/") {
			out = append(out, a)
		}
	}
	return out
}
