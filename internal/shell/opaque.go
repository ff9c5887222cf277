package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
)

// What a recursive read prints reaches the model through the result scan,
// which redacts the secrets of a project's .env in it; that holds only
// while the output reaches the scan as the read printed it. A read of a
// directory whole (DIR/**) whose output is encoded by the reader itself
// (xxd, base64, an archive written to standard output) or passes through
// a later stage of its pipeline that is not a catalogued pass-through
// (catalogue.PassThrough) is opaque: Analysis.OpaqueReads lists it.

// markOpaque records the reads of a directory whole among
// w.a.Reads[from:to] as opaque.
func (w *walker) markOpaque(from, to int) {
	reads := w.a.Reads
	if to > len(reads) {
		to = len(reads)
	}
	if from < 0 || from >= to {
		return
	}
	for _, p := range reads[from:to] {
		if strings.HasSuffix(p, "/**") {
			w.a.OpaqueReads = append(w.a.OpaqueReads, p)
		}
	}
}

// encodes reports whether c prints what it reads in a form the result scan
// cannot read back: an encoder, or an archiver writing its archive to
// standard output.
func (c *cmd) encodes() bool {
	switch {
	case c.name == "":
		return false
	case catalogue.Encoders.Has(c.name):
		return true
	case c.name == "tar" || c.name == "bsdtar" || c.name == "gtar":
		return tarToStdout(c.argTexts())
	case c.name == "zip":
		for _, a := range c.args {
			if a.Text == "-" {
				return true
			}
		}
	case c.name == "7z" || c.name == "7za" || c.name == "7zz":
		for _, a := range c.args {
			if a.Text == "-so" {
				return true
			}
		}
	}
	return false
}

// passes reports whether c prints lines of its input unchanged.
func (c *cmd) passes() bool {
	return c != nil && !c.compound && catalogue.PassThrough.Has(c.name)
}

func (c *cmd) argTexts() []string {
	out := make([]string, len(c.args))
	for i, a := range c.args {
		out[i] = a.Text
	}
	return out
}

// tarToStdout reports whether tar writes its archive to standard output:
// its file is -, or it names none (GNU tar's default).
func tarToStdout(args []string) bool {
	named := false
	for i, a := range args {
		switch {
		case a == "--":
			return !named
		case a == "--file=-" || a == "-f-":
			return true
		case a == "--file" || a == "-f":
			if i+1 < len(args) && args[i+1] == "-" {
				return true
			}
			named = true
		case strings.HasPrefix(a, "--file="), strings.HasPrefix(a, "-f"):
			named = true
		case strings.HasPrefix(a, "--"):
		case i == 0 && !strings.HasPrefix(a, "-") || strings.HasPrefix(a, "-") && len(a) > 1:
			// A bundle of short options (cf, -czf): f takes the next word.
			if j := strings.IndexByte(a, 'f'); j >= 0 {
				if j == len(a)-1 && i+1 < len(args) && args[i+1] == "-" {
					return true
				}
				named = true
			}
		}
	}
	return !named
}

// opaqueStages marks the reads of the stages of a pipeline (stage i's
// reads begin at starts[i] in w.a.Reads) whose output a later stage
// transforms: every stage before the last one that is not a pass-through.
func (w *walker) opaqueStages(stages []*cmd, starts []int) {
	for k := len(stages) - 1; k >= 1; k-- {
		if !stages[k].passes() {
			w.markOpaque(starts[0], starts[k])
			return
		}
	}
}
