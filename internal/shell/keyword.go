package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// set -k (set -o keyword, bash -k): every word of a simple command that
// has the form of an assignment, not only those before its name, is put
// in the command's environment and taken out of its arguments (set -k;
// bash -c : BASH_ENV=x.sh runs x.sh first). The walker keeps whether the
// option may be on: turning it on counts wherever it may run, turning it
// off only where it surely does, and a word guard cannot read may turn it
// on (FINDINGS58b B5). A shell the command starts does not inherit it
// unless given -k itself.

// setKeyword notes set -k (on) or set +k: on wherever it may run, off
// only where the command surely runs it.
func (w *walker) setKeyword(on bool) {
	if on || w.cond == w.fileCond {
		w.keyword = on
	}
}

// keywordFlag reports whether a shell's own options (before its script
// or file) turn on keyword: -k in a cluster, -o keyword.
func (c *cmd) keywordFlag() bool {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--" || !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "+") || len(s) < 2:
			return false
		case s == "-o" || s == "+o":
			if j+1 < len(c.args) && (c.args[j+1].Text == "keyword" || !c.args[j+1].Known) {
				return s == "-o"
			}
			j++
		case strings.HasPrefix(s, "--"):
		case s[0] == '-' && strings.ContainsRune(s, 'k'):
			return true
		case strings.ContainsRune(s, 'c'):
			return false // -c SCRIPT: the words after are its own
		}
	}
	return false
}

// keywordAssigns returns x with the words after its name that have the
// form of an assignment (NAME=, unquoted up to the =) moved to its
// assignments, as bash reads a command while set -k is on.
func keywordAssigns(x *syntax.CallExpr) *syntax.CallExpr {
	if len(x.Args) < 2 {
		return x
	}
	var args []*syntax.Word
	assigns := x.Assigns
	for i, a := range x.Args {
		as := assignWord(a)
		if i == 0 || as == nil {
			args = append(args, a)
			continue
		}
		assigns = append(assigns[:len(assigns):len(assigns)], as)
	}
	if len(args) == len(x.Args) {
		return x
	}
	y := *x
	y.Assigns, y.Args = assigns, args
	return &y
}

// assignWord returns word a as an assignment when its first part is a
// literal NAME=… (no subscript: a NAME[…]= word is left an argument,
// which guard checks), else nil.
func assignWord(a *syntax.Word) *syntax.Assign {
	if len(a.Parts) == 0 {
		return nil
	}
	lit, ok := a.Parts[0].(*syntax.Lit)
	if !ok {
		return nil
	}
	i := strings.IndexByte(lit.Value, '=')
	if i <= 0 {
		return nil
	}
	m := lit.Value[:i+1] // NAME= or NAME+=
	name := strings.TrimSuffix(lit.Value[:i], "+")
	if !word.IsName(name) {
		return nil
	}
	rest := &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[len(m):]}
	val := &syntax.Word{Parts: append([]syntax.WordPart{rest}, a.Parts[1:]...)}
	return &syntax.Assign{Append: strings.HasSuffix(m, "+="), Name: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValuePos, Value: name}, Value: val}
}
