package shell

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Found names split by their consumer. A walker's output
// (find, fd, ls -R, du -a, grep -rl, git ls-files) is carried as the
// paths it found (output.paths), each a whole name. But xargs without -0
// splits at blanks, newlines and quotes, an unquoted $(…) or $x splits at
// blanks and globs, read a b splits a line: a found name `x ../.bashrc
// y.tmp` becomes ./x, ../.bashrc and y.tmp. The found names are whole
// only where guard sees on disk that no name the walker may print holds
// such a character; otherwise (or where guard cannot tell: a bound, a
// tree the command wrote into) what it prints is any name (wild). Output
// split at NUL (find -print0, fd -0, git ls-files -z) stays whole for
// xargs -0 alone (nulOnly).

// The consumer declares what it splits at. xargs splits at blanks,
// newlines, quotes and backslash, or at its -d C (the last of -0 and -d)
// alone; an expansion at IFS, which the command may set (IFS=_); read
// and mapfile at -d C. Before a command is walked, noteSeparators
// collects every separator a consumer in it declares (seps); a walker's
// names are whole only where none of them, nor of splitChars, is in a
// found name or a start path. A separator guard cannot read (IFS=$x,
// xargs -d "$d", a consumer named inside a string) makes every found
// name wild (sepsAny).

// splitChars are the characters that split or change a name handed on
// through xargs, an unquoted expansion or read: IFS blanks, xargs'
// quotes and backslash, and glob characters.
const splitChars = blankChars + "*?["

// blankChars split a start path's text: its glob characters are the
// shell's, expanded before the walker runs.
const blankChars = " \t\n'\"\\"

// splitFound makes what c prints wild when the names its walker found may
// be split by a consumer.
func (c *cmd) splitFound() {
	if len(c.out.paths) == 0 || len(c.stdin.paths) > 0 || c.stdin.known || !c.w.Listing() {
		return // no walker's names, or handed on from the stage before (checked there)
	}
	if c.w.namesWhole(c.out.paths, c.out.names) {
		return
	}
	if nulOutput(c) {
		c.out.nulOnly, c.out.tame = true, false
		return
	}
	c.out = output{}
	if c.w.LastFind != nil && c.w.subst > 0 {
		c.w.LastFind = nil
	}
}

// namesWhole reports whether no name found under paths (DIR or DIR/…),
// one of names when there are names, holds a splitChars character, as
// guard sees on disk.
func (w *walker) namesWhole(paths, names []string) bool {
	seps, ok := w.splitSeps()
	if !ok {
		return false
	}
	for _, p := range paths {
		d := strings.TrimSuffix(p, "/…")
		if strings.ContainsAny(d, blankChars+w.seps) || w.MayLinkAt(d) != "" || w.wroteSplitName() {
			return false
		}
		if strings.ContainsAny(d, "*?[") {
			continue // the shell's glob: its matches are not looked up (left)
		}
		tree, ok := w.Tree(d, effect.MaxTreeDepth)
		if !ok {
			if k, _ := w.Lstat(d); k == effect.EntryNone || k == effect.EntryFile {
				continue // a file (its own name checked above) or nothing there
			}
			return false // past a bound, unreadable
		}
		for _, n := range tree {
			if strings.ContainsAny(n, seps) && foundName(strings.TrimSuffix(n, "/"), names) {
				return false
			}
		}
	}
	return true
}

// foundName reports whether a walker looking for names (none: any)
// prints rel, a path below its start.
func foundName(rel string, names []string) bool {
	if len(names) == 0 {
		return true
	}
	base := path.Base(rel)
	for _, n := range names {
		if ok, err := path.Match(n, base); ok || err != nil {
			return true
		}
	}
	return false
}

// nulOutput reports whether c prints its names separated by NUL.
func nulOutput(c *cmd) bool {
	for _, a := range c.args {
		switch a.Text {
		case "-print0", "-fprint0", "--print0", "--null", "-z", "-0", "-Z":
			return true
		}
	}
	return false
}

// cwdIfNone returns ops, or the working directory when there are none.
func cwdIfNone(ops []string) []string {
	if len(ops) == 0 {
		return []string{"."}
	}
	return ops
}

// wroteSplitName reports whether the command wrote, before this point, a
// name that holds a splitChars character or one guard cannot tell (tar x,
// cp -r of a tree): what is on disk is not what the walker finds.
func (w *walker) wroteSplitName() bool {
	if w.WriteList == nil || w.TouchList == nil {
		return false
	}
	for _, l := range [][]string{*w.WriteList, *w.TouchList} {
		for _, p := range l {
			if strings.ContainsAny(p, splitChars) || word.HasMark(p) {
				return true
			}
		}
	}
	return false
}

// splitSeps returns the characters a found name must not hold: splitChars,
// the separators the command declares and IFS as it is here; false when
// guard cannot tell one of them.
func (w *walker) splitSeps() (string, bool) {
	ifs := w.variable("IFS")
	if w.sepsAny || ifs.Kind != expand.String || word.HasMark(ifs.Str) {
		return "", false
	}
	return splitChars + w.seps + ifs.Str, true
}

// splitReaders are the programs that split their input at a delimiter
// they take with -d, and the options of theirs that take an argument.
var splitReaders = [...]struct{ name, opts string }{{"xargs", "adEILnPs"}, {"read", "adinNptu"}, {"mapfile", "dnOsuCc"}, {"readarray", "dnOsuCc"}}

// splitReaderOpts returns the options taking a value of the splitReader
// named name.
func splitReaderOpts(name string) (string, bool) {
	for _, r := range splitReaders {
		if r.name == name {
			return r.opts, true
		}
	}
	return "", false
}

// noteSeparators adds to w.seps the characters the command's consumers
// split at: IFS assignments and the -d options of splitReaders.
func (w *walker) noteSeparators(f *syntax.File, src string) {
	if !strings.Contains(src, "IFS") && !strings.Contains(src, "-d") && !strings.Contains(src, "--delim") {
		return // the usual case
	}
	ifs, calls := 0, 0
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil && x.Name.Value == "IFS" {
				ifs++
				w.addSep(x.Value, false)
			}
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				if opts, ok := splitReaderOpts(quotedLit(x.Args[0])); ok {
					calls++
					w.delimOpts(x.Args[1:], opts)
				}
			}
		}
		return true
	})
	// IFS set another way (${IFS:=_}, read IFS, a string run later), or a
	// consumer named where guard did not read its options.
	if mentions(src, "IFS") > ifs {
		w.sepsAny = true
	}
	readers := 0
	for _, r := range splitReaders {
		readers += mentions(src, r.name)
	}
	if readers > calls {
		w.sepsAny = true
	}
}

// delimOpts adds the delimiter of one splitReader's options (-d C, -dC,
// -rd C, --delimiter=C, --delimiter C), with opts its options that take
// an argument.
func (w *walker) delimOpts(args []*syntax.Word, opts string) {
	for j := 0; j < len(args); j++ {
		s := quotedLit(args[j])
		switch {
		case s == "" && !emptyParts(args[j].Parts):
			if optionLike(args[j]) {
				w.sepsAny = true // an expansion that may be -d C
			}
			return
		case s == "--" || !strings.HasPrefix(s, "-"):
			return // the options end
		case s == "--delimiter":
			if j+1 < len(args) {
				w.addSep(args[j+1], true)
			}
			j++
		case strings.HasPrefix(s, "--delimiter="):
			w.addSepText(strings.TrimPrefix(s, "--delimiter="), true)
		case len(s) > 1 && s[0] == '-' && s[1] != '-':
			for k := 1; k < len(s); k++ {
				if !strings.ContainsRune(opts, rune(s[k])) {
					continue
				}
				if s[k] == 'd' && k+1 < len(s) {
					w.addSepText(s[k+1:], true)
				} else if s[k] == 'd' && j+1 < len(args) {
					w.addSep(args[j+1], true)
				}
				if k+1 == len(s) {
					j++ // the option's argument is the next word
				}
				break
			}
		}
	}
}

// optionLike reports whether a word guard cannot read may be an option:
// an expansion first, or a literal - joined to one.
func optionLike(wd *syntax.Word) bool {
	l, ok := wd.Parts[0].(*syntax.Lit)
	return !ok || strings.HasPrefix(l.Value, "-")
}

// addSep adds the text of wd (nil: IFS= with no value) to w.seps;
// escapes: the text is xargs' -d argument, which decodes \n and \x5f.
func (w *walker) addSep(wd *syntax.Word, escapes bool) {
	if wd == nil || emptyParts(wd.Parts) {
		return // IFS=: no split; read -d '': NUL
	}
	if len(wd.Parts) == 1 {
		if q, ok := wd.Parts[0].(*syntax.SglQuoted); ok && q.Dollar {
			v, _ := ansiC(q.Value)
			w.addSepText(v, escapes)
			return
		}
	}
	s := quotedLit(wd)
	if s == "" {
		w.sepsAny = true
		return
	}
	w.addSepText(s, escapes)
}

// addSepText adds the characters of s to w.seps.
func (w *walker) addSepText(s string, escapes bool) {
	if escapes {
		s = xargsDelim(s)
	}
	w.seps += s
}

// xargsDelim decodes xargs' -d argument: \n, \t, \\, \xHH and \0 escapes
// as bash's $'…' does ("\x00" for NUL).
func xargsDelim(s string) string {
	if !strings.HasPrefix(s, `\`) || len(s) < 2 {
		return s
	}
	v, _ := ansiC(s)
	if v == "" {
		return "\x00"
	}
	return v
}

// optArg returns the argument of the option at args[j] (text s: -dC,
// --opt=C, or -d C) and how many words it takes.
func optArg(args []word.Word, j int, s string) (string, int) {
	if v, ok := strings.CutPrefix(s, "--delimiter="); ok {
		return v, 1
	}
	if len(s) > 2 && s[1] != '-' {
		return s[2:], 1
	}
	if j+1 < len(args) {
		return args[j+1].Text, 2
	}
	return "", 1
}

// xargsDelimOpt reads xargs' -d option at args[j] (text s): the
// delimiter (none for NUL), whether items end at NUL (whole), and the
// words it takes. The last of -0 and -d counts.
func xargsDelimOpt(args []word.Word, j int, s string) (delim string, whole bool, n int) {
	v, n := optArg(args, j, s)
	if delim = xargsDelim(v); delim == "\x00" {
		return "", true, n
	}
	return delim, false, n
}

// delimFed returns the words xargs reads (fed), split at delim when it
// has one and its input is known text.
func (c *cmd) delimFed(byLine bool, delim string) []word.Word {
	if delim != "" && c.stdin.known {
		return delimWords(c.stdin.text, delim)
	}
	return c.fed(byLine || delim != "")
}

// delimWords splits known text at delim as xargs -d does.
func delimWords(text, delim string) []word.Word {
	var out []word.Word
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(delim, r) }) {
		out = append(out, word.Word{Text: f, Known: word.IsKnown(f)})
	}
	return out
}
