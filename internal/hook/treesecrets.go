package hook

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/regularfile"
)

// A recursive read (grep -r, rg, git grep over a tree) prints lines of
// every file of the tree, not only of those the read rules protect. Where
// guard cannot redact what it prints (agent B, agent A's failure route)
// or the command reshapes it (rg -o, rg -r, a pipe to tr), an ordinary
// file that holds a secret (settings.py with a token) is that read's
// secret as a named file's is: guard walks the tree, scans each regular
// file the read may print a line of (the grep print model, treePrints)
// for a secret as it scans a named file (scanFile and its memo; where the
// greps are modelled, only a secret on a line they print: linesSecret,
// as for a named file's chosen lines), and a hit blocks. The walk is bounded (maxTreeEntries entries, maxTreeFiles
// files, maxTreeBytes bytes): past the bound guard cannot tell, and
// blocks.

// maxTreeFiles and maxTreeBytes bound the files and bytes guard scans of
// a call's trees (the hook answers within its time-out).
const (
	maxTreeFiles = 4096
	maxTreeBytes = 16 << 20
)

// treeBoundWhat is what guard could not tell past the tree walk's bound.
const treeBoundWhat = "guard walks at most 20000 entries and scans at most 4096 files and 16 MiB of the trees a call reads to tell whether a file the read prints holds a secret"

// treeScanned reports whether the secret scan checks the files of tree
// read in, whose output guard cannot redact (in.Opaque): not where the
// output is the files' lines as they hold them (a program printing a
// tree's files without their names, a copy to a file: the result scan
// sees them) nor git's object store (its own check).
func treeScanned(in event.Input) bool {
	switch in.Opaque {
	case "", unattributedTree, copiedTree, gitObjects:
		return false
	}
	return !in.History
}

// treeRoot returns the directory of tree read p (DIR/**, DIR/**/NAME) and
// the pattern of the base names it reads ("" for any), and whether p is one.
func treeRoot(p string) (dir, name string, ok bool) {
	if d, ok := strings.CutSuffix(p, "/**"); ok {
		return d, "", !strings.ContainsAny(d, "*?[\x00")
	}
	d, n, ok := strings.Cut(p, "/**/")
	if !ok || strings.ContainsAny(d, "*?[\x00") || strings.Contains(n, "/") {
		return "", "", false
	}
	return d, n, true
}

// treeSecrets returns the finding that blocks tree read in (its directory
// dir, base names matching name) whose output guard cannot redact (why)
// when a regular file of it the read may print a line of (prints; nil:
// any) holds a secret, or guard cannot tell within the bound b.
func treeSecrets(d *secret.Detector, in event.Input, dir, name, why string, prints event.LinePrinter, b *scanBudget) (event.Finding, bool) {
	var found event.Finding
	hit, n := false, 0
	dir = filepath.Clean(dir)
	only := trackedFiles(in, dir)
	check := func(p string) bool {
		if only != nil && !only[p] {
			return false // git grep: the index's files only
		}
		f, ok, done := printedSecret(d, p, why, prints, b)
		if done {
			return false
		}
		if ok {
			found, hit = f, true
			if strings.Contains(f.Reason, boundWhat) {
				found.Reason = strings.Replace(f.Reason, boundWhat, treeBoundWhat, 1)
				found.LogReason = found.Reason
				p = dir
			}
			found.Reason = strings.Replace(found.Reason, "\x00", quoted(p), 1)
			found.LogReason = strings.Replace(found.LogReason, "\x00", "a file of the tree", 1)
		}
		return ok
	}
	follows := prints == nil || prints.FollowsLinks()
	err := filepath.WalkDir(filepath.FromSlash(dir), func(q string, e fs.DirEntry, err error) error {
		if n++; n > maxTreeEntries {
			found, hit = treeCannotTell(why, treeBoundWhat, dir), true
			return fs.SkipAll
		}
		switch {
		case err != nil:
			if n == 1 && absent(dir, err) {
				return fs.SkipAll
			}
			found, hit = treeCannotTell(why, "guard could not walk the tree to tell whether a file the read prints holds a secret", dir), true
			return fs.SkipAll
		case in.Visible && n > 1 && strings.HasPrefix(e.Name(), "."):
			if e.IsDir() {
				return fs.SkipDir // rg: hidden names unread
			}
			return nil
		case e.IsDir():
			return nil
		case name != "":
			if ok, _ := filepath.Match(name, e.Name()); !ok {
				return nil
			}
		}
		if e.Type()&fs.ModeSymlink != 0 {
			if only != nil && !only[q] && !indexBelow(only, q) {
				// git grep reads the index's paths: a link it tracks is
				// its target's name (not in only), an untracked one it
				// does not read, and no tracked path goes through this
				// one (FINDINGS58b FP1). A tracked file replaced by a
				// link, or a tracked path below it, git opens through it.
				return nil
			}
			if !follows {
				return nil // grep -r, rg: links unread
			}
			t, err := filepath.EvalSymlinks(q)
			fi, serr := os.Stat(t)
			if err != nil || serr != nil || fi.IsDir() {
				found, hit = treeCannotTell(why, "the read follows a link in the tree guard does not walk", dir), true
				return fs.SkipAll
			}
			q = t
		}
		if check(q) {
			return fs.SkipAll
		}
		return nil
	})
	if err != nil && !hit && !absent(dir, err) {
		return treeCannotTell(why, "guard could not walk the tree to tell whether a file the read prints holds a secret", dir), true
	}
	return found, hit
}

// treeCannotTell is the block of a tree read (its directory dir) guard
// cannot tell of within its bound: what.
func treeCannotTell(why, what, dir string) event.Finding {
	f := secretFinding(why, what, "", "")
	f.Reason = strings.Replace(f.Reason, "\x00", "the tree "+quoted(dir), 1)
	f.LogReason = strings.Replace(f.LogReason, "\x00", "a tree", 1)
	return f
}

// treePrinter returns what tree read in may print a line of: its own
// model (opaqueTrees, failingTrees), else the call's one command's
// (commandPrints); nil: any file.
func treePrinter(call *agent.Call, in event.Input, cached *event.LinePrinter, read *bool) event.LinePrinter {
	if in.Prints != nil {
		return in.Prints
	}
	if !*read {
		*cached, *read = commandPrints(call), true
	}
	return *cached
}

// printedSecret is fileSecret of the regular file at p for a tree read
// that may print a line of it (prints; nil: any), and done when the read
// prints none of it. Where the greps of the print model are the command's
// (treeGreps), the file is scanned in the chunks one of them prints a
// line of (greppedSecret).
func printedSecret(d *secret.Detector, p, why string, prints event.LinePrinter, b *scanBudget) (f event.Finding, hit, done bool) {
	if prints == nil {
		f, hit = fileSecret(d, p, why, false, b)
		return f, hit, false
	}
	if g, ok := prints.(*treeGreps); ok {
		return greppedSecret(d, p, why, g, b)
	}
	if !prints.PrintsLine(p) {
		return event.Finding{}, false, true
	}
	f, hit = fileSecret(d, p, why, false, b)
	return f, hit, false
}

// greppedSecret scans the file at p as the greps g read it, within b;
// done when none prints a line of it. A text of ASCII lines (a line past
// ASCII counts as printed) without a NUL byte, up to maxSecretRead,
// blocks only for a secret on a line one of them prints, context and all
// (linesSecret); any other is scanned in chunks (scanStream's, with their
// overlap), up to its first NUL byte when every grep prints no line past
// it (a binary file), for a secret in a chunk one of them prints a line
// of (a chunk past ASCII: any).
func greppedSecret(d *secret.Detector, p, why string, g *treeGreps, b *scanBudget) (f event.Finding, hit, done bool) {
	if g = g.forFile(p); len(g.greps) == 0 {
		return event.Finding{}, false, true
	}
	fh, err := regularfile.Open(p)
	if err != nil {
		f, hit := fileSecret(d, p, why, false, b) // its own answer: gone, refused, not regular
		return f, hit, false
	}
	defer fh.Close()
	head, err := io.ReadAll(io.LimitReader(fh, maxSecretRead+1))
	if err != nil {
		return secretFinding(why, "guard could not read the file to tell whether it holds a secret", "", ""), true, false
	}
	if f, hit := decodedSecret(d, head, why, g, b); hit {
		return f, hit, false
	}
	if len(head) <= maxSecretRead && bytes.IndexByte(head, 0) < 0 {
		if !b.take(len(head)) {
			return secretFinding(why, boundWhat, "", ""), true, false
		}
		f, hit := linesSecret(d, string(head), why, g.pick)
		return f, hit, false
	}
	var r io.Reader = io.MultiReader(bytes.NewReader(head), fh)
	if !slices.ContainsFunc(g.greps, func(s grepSpec) bool { return !s.binary }) {
		r = untilNUL{r}
	}
	if b.files++; b.maxFiles > 0 && b.files > b.maxFiles {
		return secretFinding(why, boundWhat, "", ""), true, false
	}
	size := 4 << 10 // as scanOpen: a buffer of the file's size, not a chunk's
	if fi, err := fh.Stat(); err == nil && fi.Size() >= int64(size) {
		size = int(min(fi.Size()+1, maxSecretRead))
	}
	f, hit, err = scanChunks(d, r, size, b, false, func(text []byte) bool { return !asciiText(text) || textPrints(g.greps, text) })
	switch {
	case errors.Is(err, errBudget):
		return secretFinding(why, boundWhat, "", ""), true, false
	case err != nil:
		return secretFinding(why, "guard could not read the file to tell whether it holds a secret", "", ""), true, false
	case hit:
		return secretFinding(why, "the file holds a secret ("+f.Rule+")", f.Rule, f.Severity), true, false
	}
	return event.Finding{}, false, false
}

// decodedSecret scans, for a grep that decodes a file with a UTF-16 byte
// order mark (rg's bom), the text decoded from head, the file's first
// bytes, as greppedSecret scans a text file: the lines the greps print.
// A file past maxSecretRead is one guard cannot tell (it reads no more).
func decodedSecret(d *secret.Detector, head []byte, why string, g *treeGreps, b *scanBudget) (event.Finding, bool) {
	if !bytes.HasPrefix(head, []byte("\xff\xfe")) && !bytes.HasPrefix(head, []byte("\xfe\xff")) ||
		!slices.ContainsFunc(g.greps, func(s grepSpec) bool { return s.bom }) {
		return event.Finding{}, false
	}
	text, ok := utf16Text(string(head))
	switch {
	case !ok:
		return event.Finding{}, false
	case len(head) > maxSecretRead || !b.take(len(head)):
		return secretFinding(why, boundWhat, "", ""), true
	}
	return linesSecret(d, text, why, g.pick)
}

// trackedFiles returns, for git grep's read of tree dir (in.Tracked), the
// paths of the regular files git's index holds under it; nil (every
// file on disk) when guard cannot read the index whole.
func trackedFiles(in event.Input, dir string) map[string]bool {
	if !in.Tracked || os.Getenv("GIT_INDEX_FILE") != "" || os.Getenv("GIT_DIR") != "" || os.Getenv("GIT_WORK_TREE") != "" {
		return nil
	}
	r, ok := gitobj.Find(filepath.FromSlash(dir))
	if !ok || r.Replaced() {
		return nil
	}
	out := map[string]bool{}
	n := 0
	_, ok = r.IndexFiles(func(p, mode string) bool {
		if n++; n <= maxTreeEntries && mode != "120000" {
			out[filepath.Join(r.Top, filepath.FromSlash(p))] = true
		}
		return false
	})
	if !ok || n > maxTreeEntries {
		return nil
	}
	return out
}

// indexBelow reports whether one of the tracked paths only holds is
// below directory d: a path the index holds through a link d now is.
func indexBelow(only map[string]bool, d string) bool {
	pre := d + string(filepath.Separator)
	for p := range only {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

// untilNUL reads r up to its first NUL byte, the end of what a grep
// prints of a binary file.
type untilNUL struct{ r io.Reader }

func (u untilNUL) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	if i := bytes.IndexByte(p[:n], 0); i >= 0 {
		return i, io.EOF
	}
	return n, err
}
