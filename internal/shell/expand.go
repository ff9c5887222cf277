package shell

import (
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Word expansion is the shell's own, mvdan.cc/sh/v3/expand's: brace, tilde,
// parameter and arithmetic expansion, command substitution, $IFS
// splitting and quote removal, over the walker's variables (env). What
// expand cannot know is arranged before it runs (prep): a command
// substitution is answered by the walker (the output of $(echo …), $(pwd)
// after cd, else an opaque marker); an operator on a value guard does not
// know (${v#x}, ${#v}, $((v+1))) is replaced by an opaque marker rather than
// computed on the marker's text; tildes are resolved from the walker's
// directories. Globs are left as written (no file system): the hook
// expands them.

// Modes of expansion.
const (
	modeFields  = iota // an argument: split, brace expanded
	modeLiteral        // an assignment's value, a redirection's target
	modeDoc            // a here-document's body
)

// maxBraceFields bounds the words one brace expansion may produce; a larger
// expansion is kept as written.
const maxBraceFields = 64

// config returns an expand configuration for one expansion, from a pool:
// expansions nest (a substitution's words are expanded while the word
// holding it is), and a configuration holds buffers of its own.
func (w *walker) config() *expand.Config {
	if w.cfgDepth == len(w.cfgs) {
		cfg := &expand.Config{
			Env:       env{w},
			CmdSubst:  w.cmdSubst,
			ProcSubst: w.procSubstMark,
			ExtGlob:   true, // kept as written: ReadDir is nil, nothing is globbed
		}
		w.cfgs = append(w.cfgs, cfg)
	}
	cfg := w.cfgs[w.cfgDepth]
	w.cfgDepth++
	return cfg
}

func (w *walker) release() { w.cfgDepth-- }

// cmdSubst answers a command substitution: its commands are walked, and its
// output is what they print when that is known, else an opaque marker.
func (w *walker) cmdSubst(out io.Writer, cs *syntax.CmdSubst) error {
	defer ours()
	w.visited[cs] = true
	files, finds := len(w.subFiles), len(w.SubstFinds)
	w.funsubOf(cs)
	if s, ok, tame, place, token, plain := w.substitution(cs.Stmts); ok {
		io.WriteString(out, s)
	} else {
		name := w.subFileName(files)
		if name == "" && len(w.SubstFinds) == finds+1 {
			name = findMarkName(finds) // $(find …): what it found (printed.go)
		}
		if prog := whichProgram(cs.Stmts); prog != "" && !w.mayBeHashed(prog) {
			name, tame = "="+prog, true // where the shell finds a program
		}
		var kind byte = word.MarkSubst // a value that may be any path (word.RunTime)
		if tame && !isNumber(name) {
			kind = word.MarkName // harmless names, or among a lister's paths (runnames.go)
			if place && name == "" {
				name = word.NamePlace
				if gitTopSubst(cs.Stmts) {
					name = word.NamePlace + ":git" // not resolved: effect's producedName
				}
			}
			if token && name == "" {
				name = word.NameToken // one word: $(git describe)
				if plain {
					name = word.NamePlain // of the plain alphabet: $(git rev-parse HEAD)
				}
			}
		}
		io.WriteString(out, word.Mark(kind, name))
	}
	return nil
}

// procSubstMark walks the commands of <( ) or >( ) and stands for the file
// the shell passes.
func (w *walker) procSubstMark(p *syntax.ProcSubst) (string, error) {
	defer ours()
	w.visited[p] = true
	w.procSubst(p)
	if p.Op == syntax.CmdInTemp {
		w.zshTempFile()
	}
	if p.Op == syntax.CmdIn || p.Op == syntax.CmdInTemp {
		return word.Mark(word.MarkProcIn, ""), nil // <( ), zsh's =( ): what the commands print
	}
	return word.Mark(word.MarkProcOut, ""), nil
}

// zshTempFile records the file zsh's =( ) writes, at $TMPPREFIX with a
// random part and $TMPSUFFIX (kept where exec skips the cleanup:
// FINDINGS59b B14), when the command set either: a write to a name guard
// cannot tell under the prefix. zsh's default, /tmp/zsh, is left alone.
func (w *walker) zshTempFile() {
	vars := w.varMap()
	_, pre := vars["TMPPREFIX"]
	_, suf := vars["TMPSUFFIX"]
	if !pre && !suf && !w.anyVar {
		return
	}
	prefix, suffix := "/tmp/zsh", ""
	if pre || w.anyVar {
		prefix = w.variable("TMPPREFIX").String()
	}
	if suf || w.anyVar {
		suffix = w.variable("TMPSUFFIX").String()
	}
	w.Write(prefix + word.Mark(word.MarkName, word.NamePlain) + suffix) // six letters and digits
}

// begin starts an expansion; the outermost one forgets the substitutions
// walked before. end ends it.
func (w *walker) begin() {
	if w.expDepth == 0 {
		if w.visited == nil {
			w.visited = map[syntax.Node]bool{}
		} else {
			clear(w.visited)
		}
	}
	w.expDepth++
}

func (w *walker) end() { w.expDepth-- }

// walkUnvisited walks the substitutions of wd that the expansion did not
// run (${x:-$(cmd)} with x set, an operator replaced by a marker): they
// might run, so what they do is checked.
func (w *walker) walkUnvisited(wd syntax.Node) {
	syntax.Walk(wd, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			if !w.visited[n] {
				w.visited[n] = true
				w.funsubOf(n)
				w.inSubst(n.Stmts)
			}
			return false
		case *syntax.ProcSubst:
			if !w.visited[n] {
				w.visited[n] = true
				w.procSubst(n)
			}
			return false
		}
		return !w.stopped()
	})
}

// fields expands wd into the words the shell would pass. Substitutions
// inside it are walked (they run).
func (w *walker) fields(wd *syntax.Word) []word.Word {
	if wd == nil {
		return nil
	}
	if s, ok := w.plainWord(wd); ok {
		return []word.Word{{Text: s, Known: word.IsKnown(s)}}
	}
	if w.stopped() {
		return []word.Word{{Text: word.Mark(word.MarkWord, "")}}
	}
	w.begin()
	defer w.end()
	var out []word.Word
	if words, ok := w.braceWords(wd); ok {
		for _, bw := range words {
			out = append(out, w.expandFields(bw)...)
		}
	} else {
		out = w.expandFields(wd)
	}
	w.walkUnvisited(wd)
	if soleSubst(wd) {
		for i := range out {
			out[i].Sub = w.lastSub // eval $(…): every word comes from it
		}
	} else if rest, ok := leadSubst(wd); ok && len(out) == 1 {
		out[0].Lead = &word.Lead{Sub: w.lastSub, Rest: rest}
	}
	if !w.zsh && unquotedSubst(wd) {
		for i := range out {
			if t := w.widenExpanded(out[i].Text); t != out[i].Text {
				out[i] = word.Word{Text: t, Known: word.IsKnown(t), Sub: out[i].Sub}
			}
		}
	}
	return out
}

// expandFields expands one word without braces to expand, or whose braces
// are to stay as written.
func (w *walker) expandFields(wd *syntax.Word) []word.Word {
	if out, ok := w.soleParamFields(wd); ok {
		return out
	}
	if out, ok := w.mixedFields(wd); ok {
		return out // a$p, $p/$q with IFS=/ (ifssplit.go)
	}
	cfg := w.config()
	defer w.release()
	strs, err := safely(func() ([]string, error) { return expand.Fields(cfg, w.prep(wd, modeFields)) })
	if err != nil {
		return []word.Word{{Text: word.Mark(word.MarkWord, "")}}
	}
	out := make([]word.Word, len(strs))
	for i, s := range strs {
		out[i] = word.Word{Text: s, Known: word.IsKnown(s)}
	}
	return out
}

// safely runs an expansion, a panic of expand's (an operator it does not
// know) becoming an error: the word is then not known. A panic of guard's
// own code, in a substitution expand asked the walker for, goes on: the
// analysis is not whole.
func safely[T any](fn func() (T, error)) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			if o, ok := r.(ownPanic); ok {
				panic(o.v)
			}
			err = errExpand
		}
	}()
	return fn()
}

// ownPanic carries a panic of the walker's through expand's code.
type ownPanic struct{ v any }

// ours marks a panic in a callback of expand's as the walker's own.
func ours() {
	if r := recover(); r != nil {
		if o, ok := r.(ownPanic); ok {
			panic(o)
		}
		panic(ownPanic{r})
	}
}

// errExpand is a panic of expand's.
var errExpand = errors.New("expansion failed")

// braceWords returns the words a brace expansion in wd yields, when there
// are at most maxBraceFields; false when wd has none. Beyond the bound the
// word is returned with its braces quoted: kept as written.
func (w *walker) braceWords(wd *syntax.Word) ([]*syntax.Word, bool) {
	// zsh: a trailing glob qualifier is read before braces are
	// (*(e{CODE})): it is kept whole, after each word.
	var qual syntax.WordPart
	if n := len(wd.Parts); w.zsh && n > 1 && isGroupLit(wd.Parts[n-1]) {
		qual = wd.Parts[n-1]
		wd = &syntax.Word{Parts: wd.Parts[:n-1]}
	}
	if !hasBraceCandidate(wd) {
		return nil, false
	}
	cp := *wd
	cp.Parts = slices.Clone(wd.Parts)
	var words []*syntax.Word
	if syntax.SplitBraces(&cp) {
		for bw, err := range expand.BracesSeq(nil, &cp) {
			if err != nil || len(words) == maxBraceFields {
				words = []*syntax.Word{quoteBraces(wd)}
				break
			}
			words = append(words, bw)
		}
	}
	if words, ok := w.cclWords(wd, words); ok {
		return withQual(words, qual), true
	}
	if words == nil {
		return nil, false
	}
	return withQual(words, qual), true
}

// cclWords applies zsh's BRACE_CCL, when set, to the words brace expansion
// made of wd (none: wd had no comma brace); see cclBraces.
func (w *walker) cclWords(wd *syntax.Word, words []*syntax.Word) ([]*syntax.Word, bool) {

	if !w.zsh || !w.braceccl {
		return nil, false
	}
	if words == nil {
		words = []*syntax.Word{wd}
	}
	out := make([]*syntax.Word, len(words))
	changed := false
	for i, bw := range words {
		c, ok := cclBraces(bw)
		out[i], changed = c, changed || ok
	}
	return out, changed
}

// withQual puts a zsh glob qualifier back after each word.
func withQual(words []*syntax.Word, qual syntax.WordPart) []*syntax.Word {
	if qual != nil {
		for i, bw := range words {
			words[i] = &syntax.Word{Parts: append(slices.Clip(bw.Parts), qual)}
		}
	}
	return words
}

// quoteBraces returns wd with its unquoted literals quoted, so that their
// braces stay as written.
func quoteBraces(wd *syntax.Word) *syntax.Word {
	parts := make([]syntax.WordPart, len(wd.Parts))
	for i, p := range wd.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.ContainsAny(l.Value, "{}") {
			p = &syntax.SglQuoted{Value: word.UnescapeBare(l.Value)}
		}
		parts[i] = p
	}
	return &syntax.Word{Parts: parts}
}

// hasBraceCandidate reports whether an unquoted literal of wd holds a {
// (cheap test before SplitBraces).
func hasBraceCandidate(wd *syntax.Word) bool {
	for _, p := range wd.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, "{") {
			return true
		}
	}
	return false
}

// plainWord returns the text of a word that needs no expansion: one plain
// literal or one single-quoted string (the common word).
func (w *walker) plainWord(wd *syntax.Word) (string, bool) {
	if len(wd.Parts) != 1 {
		return "", false
	}
	switch p := wd.Parts[0].(type) {
	case *syntax.Lit:
		v := p.Value
		if v == "" || strings.ContainsAny(v, `\{`) || v[0] == '~' || w.zsh && v[0] == '=' {
			return "", false
		}
		if (w.nocase || w.dotglob) && strings.ContainsAny(v, "*?[") {
			return "", false // a pattern an option widens (globWord)
		}
		return v, true
	case *syntax.SglQuoted:
		if !p.Dollar {
			return p.Value, true
		}
	}
	return "", false
}

// procFile reports whether a is one process substitution, <(…) or zsh's
// =(…): a file whose text is what its commands print. A word that is one
// command substitution, "$(…)", is what they print: the name of a file
// (sh "$(echo x.sh)" runs x.sh), not its text.
func procFile(a word.Word) bool {
	return a.Sub != "" && a.Text == word.Mark(word.MarkProcIn, "")
}

// soleSubst reports whether wd is one command or process substitution,
// quoted or not.
func soleSubst(wd *syntax.Word) bool {
	if len(wd.Parts) != 1 {
		return false
	}
	p := wd.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		p = dq.Parts[0]
	}
	switch p.(type) {
	case *syntax.CmdSubst, *syntax.ProcSubst:
		return true
	}
	return false
}

// text expands wd into one string, without splitting, brace expansion or
// globbing: an assignment's value, a redirection's target.
func (w *walker) text(wd *syntax.Word) word.Word {
	if wd == nil {
		return word.Word{Known: true}
	}
	if s, ok := w.plainWord(wd); ok && (!w.zsh || len(wd.Parts) == 1) {
		return word.Word{Text: s, Known: word.IsKnown(s)}
	}
	w.begin()
	defer w.end()
	cfg := w.config()
	s, err := safely(func() (string, error) { return expand.Literal(cfg, w.prep(wd, modeLiteral)) })
	w.release()
	if err != nil {
		s = word.Mark(word.MarkWord, "")
	}
	w.walkUnvisited(wd)
	if !w.zsh && unquotedSubst(wd) {
		s = w.widenExpanded(s) // > $f: bash globs a redirection's target too
	}
	out := word.Word{Text: s, Known: word.IsKnown(s)}
	if soleSubst(wd) {
		out.Sub = w.lastSub
	} else if rest, ok := leadSubst(wd); ok {
		out.Lead = &word.Lead{Sub: w.lastSub, Rest: rest}
	}
	return out
}

// leadSubst returns the literal text after the substitution a word starts
// with, when the word is that substitution and literal text only ("$(…)/x",
// "$(…)"/x, $(…)/x).
func leadSubst(wd *syntax.Word) (string, bool) {
	var rest strings.Builder
	n := 0 // the parts seen, double quotes opened
	for _, p := range wd.Parts {
		inner := []syntax.WordPart{p}
		if dq, ok := p.(*syntax.DblQuoted); ok {
			inner = dq.Parts
		}
		for _, q := range inner {
			n++
			switch q := q.(type) {
			case *syntax.CmdSubst:
				if n != 1 {
					return "", false
				}
			case *syntax.Lit:
				if n == 1 {
					return "", false
				}
				rest.WriteString(q.Value)
			default:
				return "", false
			}
		}
	}
	return rest.String(), n > 1
}

// document expands the body of a here-document whose delimiter is not
// quoted: parameters, substitutions (which run) and arithmetic.
func (w *walker) document(parts []syntax.WordPart) (string, bool) {
	wd := &syntax.Word{Parts: parts}
	w.begin()
	defer w.end()
	cfg := w.config()
	s, err := safely(func() (string, error) { return expand.Document(cfg, w.prep(wd, modeDoc)) })
	w.release()
	if err != nil {
		s = word.Mark(word.MarkWord, "")
	}
	w.walkUnvisited(wd)
	return s, true // what is not known of it stays marked in the text
}

// gitTopSubst reports whether list is `git rev-parse --show-toplevel`,
// written out, which guard resolves where a repository is in reach
// (gitTopLevel): where none is, git prints nothing and fails.
func gitTopSubst(list []*syntax.Stmt) bool {
	if len(list) != 1 {
		return false
	}
	call, ok := list[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 3 || len(call.Assigns) > 0 {
		return false
	}
	want := [...]string{"git", "rev-parse", "--show-toplevel"}
	for i, a := range call.Args {
		if a.Lit() != want[i] {
			return false
		}
	}
	return true
}
