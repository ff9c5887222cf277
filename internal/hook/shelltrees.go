package hook

import (
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// An in-place edit of files whose names guard cannot compute (find . -name
// '*.py' | xargs sed -i …, sed -i … $(ls), perl -pi … **/*.py) is an edit
// of every file those names may stand for: the files below the directory
// the names start in, those matching a find's -name pattern when guard
// knows it, the working directory's tree for a name guard cannot tell at
// all. Each is checked as a named file is (shellEdits.file), within the
// call's scan budget and maxTreeEntries: past either, guard cannot tell,
// and blocks. The walk covers every write and touch of such names, not
// only the edits guard models: an editor or a program guard does not know
// given find's, xargs' or fd's names (find … -exec ex … {} \;) edits
// every file they may stand for with text guard cannot compute (its
// reason says guard cannot tell which files it edits).
// A script of literal substitutions (ContextWrite.Sed) changes
// only the files that hold what it replaces: the others are not edits,
// and do not count.

// untoldEdits returns the finding that blocks a's in-place edits of files
// whose names guard cannot compute (run in base, home h).
func (e *shellEdits) untoldEdits(a []effect.ContextWrite, base, h string) *event.Finding {
	for _, cw := range a {
		src := cw.Path
		if cw.Was != "" {
			src = cw.Was
		}
		if cw.Whole || cw.Known || !untoldName(src) {
			continue // a copy, a known text, a removal (rm, chmod: Known), a name guard computes
		}
		dir, name := untoldRoot(absUnder(shell.ExpandEnv(src, lookupEnv), base, h))
		if dir == "" || dir == string(filepath.Separator) {
			return e.cannotTell(word.Render(cw.Path), "the command edits files whose names guard cannot compute, anywhere on the disk")
		}
		if f := e.tree(dir, name, cw); f != nil {
			return f
		}
	}
	return nil
}

// tree returns the finding that blocks the edit cw of the files below dir
// whose base name matches name ("" for any), links and .git not followed.
func (e *shellEdits) tree(dir, name string, cw effect.ContextWrite) *event.Finding {
	var found *event.Finding
	n, files := 0, 0 // entries walked, files checked (a file scanned before counts too)
	var bytes int64  // bytes read of the files a literal sed script edits
	lit, literal := lang.ParseSedLiteral(cw.Sed)
	literal = literal && cw.Sed != ""
	err := filepath.WalkDir(dir, func(q string, d fs.DirEntry, err error) error {
		if n++; n > maxTreeEntries {
			found = e.cannotTell(word.Render(cw.Path), "the command edits files whose names guard cannot compute, and the tree below "+quoted(dir)+" holds more than 20000 entries, which guard does not walk")
			return fs.SkipAll
		}
		switch {
		case err != nil:
			return nil
		case d.IsDir() && d.Name() == ".git" && q != dir:
			return fs.SkipDir
		case !d.Type().IsRegular():
			return nil
		}
		if name != "" {
			if ok, _ := filepath.Match(name, d.Name()); !ok {
				return nil
			}
		}
		after, changed, read := editedText(lit, literal, q)
		if !changed {
			return nil // sed -i 's/foo/bar/' leaves a file without foo as it is
		}
		if bytes += read; bytes > maxSecretBytes {
			found = e.cannotTell(word.Render(cw.Path), "the command edits files whose names guard cannot compute, below "+quoted(dir)+"; "+boundWhat)
			return fs.SkipAll
		}
		if files++; files > maxSecretFiles {
			found = e.cannotTell(word.Render(cw.Path), "the command edits files whose names guard cannot compute, below "+quoted(dir)+"; "+boundWhat)
			return fs.SkipAll
		}
		one := cw
		if literal && after != nil {
			one.Text, one.Known = *after, true
		}
		if found = e.file(q, q, one, one.Known); found != nil {
			found.Reason = strings.Replace(found.Reason, "guard cannot compute what the command writes there (a pattern's substitution, perl -pi, a program guard does not know)", "guard cannot compute which files the command edits (it checks every file below "+quoted(dir)+" they may name)", 1)
			return fs.SkipAll
		}
		return nil
	})
	if err != nil && found == nil && !absent(dir, err) {
		return e.cannotTell(word.Render(cw.Path), "guard could not walk "+quoted(dir)+", below which the command edits files whose names it cannot compute")
	}
	return found
}

// editedText returns, for a literal sed script (literal), the text the
// file at p holds after it (nil when guard could not read the file whole:
// then it is checked as a file of unknown text), whether the edit may
// change the file, and the bytes read.
func editedText(lit lang.SedLiteral, literal bool, p string) (*string, bool, int64) {
	if !literal {
		return nil, true, 0
	}
	data, err := regularfile.ReadFile(p, maxSecretRead)
	if err != nil {
		return nil, true, 0
	}
	text := string(data)
	after := lit.Apply(text)
	return &after, after != text, int64(len(data))
}

// untoldName reports whether the file name p holds a part guard cannot
// compute: a substitution or variable, a find's names (DIR/**), **, a
// name a runner feeds (ls | xargs sed -i: fedName).
func untoldName(p string) bool {
	return strings.Contains(p, "**") || word.HasMark(p) || strings.Contains(p, path.Unknown) || strings.Contains(p, fedName)
}

// untoldRoot splits the absolute path p at its first part guard cannot
// compute or that is a pattern: the directory above it, and the pattern
// of the files' base names below it when the rest is **/NAME or NAME
// with NAME known ("" for any name).
func untoldRoot(p string) (dir, name string) {
	parts := strings.Split(filepath.ToSlash(p), "/")
	for i, s := range parts {
		if !untoldName(s) && !strings.ContainsAny(s, "*?[$") {
			continue
		}
		// The files' base name: the last element, where it is a word or a
		// shell pattern guard reads ($(mktemp -d)/out.txt edits a file
		// named out.txt wherever the unknown part leads, dir/**/*.py the
		// .py files).
		if last := parts[len(parts)-1]; last != "" && last != "." && last != ".." &&
			!untoldName(last) && !strings.Contains(last, "$") {
			name = last
		}
		return filepath.FromSlash(strings.Join(parts[:i], "/")), name
	}
	return filepath.Dir(p), ""
}
