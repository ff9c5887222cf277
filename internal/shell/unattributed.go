package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
)

// A recursive read (DIR/**) that prints the files it reads as they are
// (cat, head, more of found names: find . -exec cat {} +, cat $(find .
// -type f), ls -A | xargs cat) reaches the result scan, but the scan
// finds only values of known shapes, and DB_PASS=hunter2xyz is none. The
// hook attributes printed lines to files only for the programs that print
// each line after its file's name (the grep family, git grep:
// hook/searchreads.go). A printed tree read by any other program is
// unattributed (default-deny: the catalogue lists the attributing side):
// Analysis.UnattributedReads lists it, and the hook treats it as a read
// whose output it cannot redact.

// attributes reports whether c prints each line of a file it reads after
// the file's name, as the hook's search attribution reads it.
func (c *cmd) attributes() bool {
	return catalogue.GrepFamily.Has(c.name) || c.name == "git" && slices.Contains(c.argTexts(), "grep")
}

// markUnattributed records the trees among w.a.Reads[from:to] that c
// prints, as c does not attribute its lines to files. Called for a
// command that does not reshape what it reads (any program not known to
// print its lines as they are already makes them opaque: reshapes), so
// the printers here are catalogue.Verbatim's.
func (w *walker) markUnattributed(c *cmd, from, to int) {
	if to > len(w.a.Reads) {
		to = len(w.a.Reads)
	}
	if from < 0 || from >= to || !catalogue.Verbatim.Has(c.name) || c.attributes() {
		return
	}
	for _, p := range w.a.Reads[from:to] {
		if isTree(p) {
			w.a.UnattributedReads = append(w.a.UnattributedReads, p)
		}
	}
}

// isTree reports whether read p is a recursive read (DIR/**, DIR/**/NAME).
func isTree(p string) bool {
	return strings.HasSuffix(p, "/**") || strings.Contains(p, "/**/")
}
