package hook

import (
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
)

// A command that edits a file in place reshapes a secret there as an Edit
// does (editsecrets.go): sed -i 's/E7710/E77 10/' settings.py leaves a
// token with a blank inside, which no rule finds when a later call reads
// the file. The same check runs on every file a command writes or
// touches: where guard computes the text written (sed -i with literal
// substitutions, echo … > F) the comparison of editSecrets decides;
// where it does not (a pattern's substitution, perl -pi, an unknown
// program's file, dd conv=notrunc, truncate), a file that holds a
// secret blocks, default-deny. A copy onto a file (cp a F, cat a > F) or
// a program's output the shell empties it for (cmd > F) replaces its
// text whole; a file the command copied before it edits it is checked
// as the file it copied (cp settings.py s; sed -i … s).

// maxEditGlob bounds the files a pattern among a command's writes
// expands to that guard reads; past it guard cannot tell.
const maxEditGlob = 64

// shellEditSecrets returns the finding that blocks command analysis a
// (run in base, home h) that changes the text of a file holding a secret
// in a way guard cannot show leaves the secret whole.
func shellEditSecrets(a *shell.Analysis, base, h string) *event.Finding {
	if len(a.Writes)+len(a.Touches)+len(a.ContextWrites) == 0 {
		return nil
	}
	known := map[string]effect.ContextWrite{}
	for _, cw := range a.ContextWrites {
		known[cw.Path] = cw
	}
	kept := keptTouches(a)
	e := shellEdits{d: secret.New()}
	untold := a.ContextWrites
	for i, w := range slices.Concat(a.Writes, a.Touches) {
		touch := i >= len(a.Writes)
		if touch && (kept[w] || kept[filepath.Base(w)] || slices.Contains(a.Writes, w) || slices.Contains(a.UnprintedReads, w)) {
			continue // git add F: no write of the work tree; tar tf F: a program whose use of F guard knows
		}
		cw, ok := known[w]
		if ok && cw.Whole {
			continue // cp a F, cmd > F: no text of F's is left to reshape
		}
		src := w
		if ok && cw.Was != "" {
			src = cw.Was
		}
		src = shell.ExpandEnv(src, lookupEnv)
		files := []string{absUnder(src, base, h)}
		if strings.Contains(src, "/**") || strings.Contains(src, path.Unknown) || strings.Contains(files[0], "$") {
			if touch && !ok && fedNames(src) {
				untold = append(untold, effect.ContextWrite{Path: w}) // find … | xargs someprog: any file below
			}
			continue // a tree or a part guard cannot work out: untoldEdits
		}
		if m, err := filepath.Glob(files[0]); !touch && err == nil && len(m) > 0 && strings.ContainsAny(src, "*?[") {
			// The shell's pattern (sed -i … *.py); a touch's is a word
			// of code no shell expands.
			if len(m) > maxEditGlob {
				return e.cannotTell(w, "the pattern names more files than guard reads")
			}
			files = m
		}
		if fd := e.files(files, w, cw, ok && cw.Known); fd != nil {
			return fd
		}
	}
	return e.untoldEdits(untold, base, h) // shelltrees.go
}

// fedNames reports whether a touch's name w stands for names a pipe or a
// find hands a program guard does not know (find . -name '*.py' | xargs
// someprog, find … -exec someprog {} +: DIR/**/NAME): that program may
// change any of those files, as sed -i does (default-deny), so they are
// checked as an in-place edit of files whose names guard cannot compute.
func fedNames(w string) bool {
	return strings.Contains(w, "/**") || strings.Contains(w, fedName)
}

// shellEdits is the state of one command's edit check: the detector and
// the scan budget its files share.
type shellEdits struct {
	d *secret.Detector
	b scanBudget
}

// files returns the finding that blocks the command's write w of the
// files (a name, or what the shell's pattern expands to). A sed script
// guard applies (cw.Sed: a literal one, or one sedlines.go models) is
// applied to each file whose text the analysis does not hold, as the
// named file's literal edit is: a file it leaves as it is passes.
func (e *shellEdits) files(files []string, w string, cw effect.ContextWrite, known bool) *event.Finding {
	edit := sedEdit(cw.Sed)
	for _, f := range files {
		one, k := cw, known
		if edit != nil && !known {
			data, err := regularfile.ReadFile(f, maxSecretRead)
			if err == nil {
				text := string(data)
				after, ok := edit(text)
				if ok && after == text {
					continue // sed -i 's/foo/bar/' leaves a file without foo as it is
				}
				one.Text, k = after, ok
			}
		}
		if fd := e.file(f, w, one, k); fd != nil {
			return fd
		}
	}
	return nil
}

// sedEdit returns what sed script does to a file's text, when guard
// computes it; nil when it does not.
func sedEdit(script string) func(string) (string, bool) {
	if script == "" {
		return nil
	}
	if lit, ok := lang.ParseSedLiteral(script); ok {
		return func(t string) (string, bool) { return lit.Apply(t), true }
	}
	if cmds, ok := parseSedLines(script); ok {
		return func(t string) (string, bool) { return applySedLines(cmds, t) }
	}
	return nil
}

// file returns the finding that blocks the command's write w of the file
// at p (what the command's analysis knows of it: cw; known: its text).
func (e *shellEdits) file(p, w string, cw effect.ContextWrite, known bool) *event.Finding {
	if known {
		data, err := regularfile.ReadFile(p, maxSecretRead)
		if absent(p, err) || errors.Is(err, regularfile.ErrNotRegular) {
			return nil
		}
		if err == nil {
			text := strings.ReplaceAll(string(data), "\r\n", "\n")
			ms := e.d.FindAll(text)
			if len(ms) == 0 {
				return nil
			}
			// The text written replaces the file's, or follows it (>>).
			rule, hit := reshaped(e.d, text, cw.Text, ms)
			if !hit {
				rule, hit = reshaped(e.d, text, text+cw.Text, ms)
			}
			if !hit {
				return nil
			}
			return e.block(w, rule, "the file holds a secret ("+rule+") the command's edit reshapes")
		}
	}
	f, hit, err := scanFile(e.d, p, &e.b, false)
	switch {
	case err == nil && !hit:
		return nil
	case err == nil:
		return e.block(w, f.Rule, "the file holds a secret ("+f.Rule+") and guard cannot compute what the command writes there (a pattern's substitution, perl -pi, a program guard does not know), so it cannot tell whether the secret stays whole")
	case absent(p, err), errors.Is(err, regularfile.ErrNotRegular), errors.Is(err, fs.ErrPermission):
		return nil
	case errors.Is(err, errUndecoded):
		return nil // compressed: an edit of its bytes leaves no text a reader prints reshaped
	case errors.Is(err, errBudget):
		return e.cannotTell(w, boundWhat)
	}
	return e.cannotTell(w, "guard could not read the file to tell whether it holds a secret")
}

// block returns the finding of a command's write w that may reshape a
// secret (why names the rule, never the secret).
func (e *shellEdits) block(w, rule, why string) *event.Finding {
	f := secretFinding("a command's change inside a secret leaves a shape no rule may match, in the file and in every later read of it", why+"; remove the secret whole, or edit the file with the client's edit tool", rule, "high")
	f.Reason = strings.Replace(f.Reason, "\x00", quoted(w), 1)
	f.LogReason = strings.Replace(f.LogReason, "\x00", "the file", 1)
	return &f
}

// cannotTell returns the finding of a command's write w of files guard
// could not check.
func (e *shellEdits) cannotTell(w, why string) *event.Finding {
	return e.block(w, "", why+", so it cannot tell whether the command's change reshapes a secret there")
}
