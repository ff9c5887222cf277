package shell

import (
	"mvdan.cc/sh/v3/syntax"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// dialect makes the walk read what the shell named runs (zsh -c SCRIPT,
// zsh FILE, a script whose #! line names zsh, bash -O OPT) as that shell
// reads it, whatever the user's shell ($SHELL) is: zsh's parser and rules
// (~$USER, glob qualifiers, mapfile) for zsh, bash's for bash, dash, ksh
// and the others but sh (which keeps the command's reading); the
// options it is given (-o, -O, --OPT) or, a bash, takes from its
// environment (envOptions) that change how patterns match are noted (see
// globOptions). It returns what restores the reading after.
func (w *walker) dialect(name string, args []word.Word) func() {
	zsh, zshShell, xpg, xsi, unsure, ksh := w.zsh, w.zshShell, w.echoXPG, w.echoXSI, w.echoUnsure, w.ksh
	base := strings.ToLower(word.Base(name))
	base = strings.TrimPrefix(base, "-") // a login shell's argv[0]
	w.shellEcho(base, args)              // how its echo reads escapes (echodialect.go)
	if base != "" && base != "sh" {
		// (sh is bash or dash where guard runs, but also what su -c and
		// source /dev/stdin are walked as: its reading stays the
		// command's, both where $SHELL is zsh.)
		nested := strings.HasPrefix(base, "zsh")
		w.zsh, w.zshShell = nested, nested
		w.kshStart(args) // a shell of its own: its options from its command line
	}
	w.globOptions(shellOptionWords(args))
	if base == "" || base == "sh" || strings.HasPrefix(base, "bash") || base == "rbash" {
		w.globOptions(w.envOptions()) // (sh may be bash)
	}
	return func() {
		w.zsh, w.zshShell, w.echoXPG, w.echoXSI, w.echoUnsure, w.ksh = zsh, zshShell, xpg, xsi, unsure, ksh
	}
}

// shellOptionWords returns the words of a shell's command line that name
// options: the value of each -o, +o, -O, +O and each --OPTION, up to the
// first operand (the script, or -c's text).
func shellOptionWords(args []word.Word) []word.Word {
	var out []word.Word
	args = splitOptionClusters(args)
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "-o" || s == "+o" || s == "-O" || s == "+O":
			if j+1 < len(args) {
				out = append(out, args[j+1])
				j++
			}
		case strings.HasPrefix(s, "--") && len(s) > 2:
			out = append(out, args[j])
		case len(s) > 1 && (s[0] == '-' || s[0] == '+'):
		default:
			return out
		}
	}
	return out
}

// splitOptionClusters returns a shell's command line with each option
// word that holds an o or O as getopt reads it (FINDINGS59b B13): -oNAME
// as -o NAME, -fo NAME as -f -o NAME, -xoNAME as -x -o NAME; the words
// from the first operand on as they are.
func splitOptionClusters(args []word.Word) []word.Word {
	out := make([]word.Word, 0, len(args))
	for j := 0; j < len(args); j++ {
		a := args[j]
		s := a.Text
		if s == "--" || s == "-" || len(s) < 2 || s[0] != '-' && s[0] != '+' {
			return append(out, args[j:]...)
		}
		k := strings.IndexAny(s[1:], "oO") + 1
		if strings.HasPrefix(s, "--") || k == 0 {
			out = append(out, a)
			continue
		}
		if k > 1 {
			out = append(out, word.Word{Text: s[:k], Known: a.Known})
		}
		out = append(out, word.Word{Text: s[:1] + s[k:k+1], Known: a.Known})
		switch {
		case k+1 < len(s):
			out = append(out, word.Word{Text: s[k+1:], Known: a.Known})
		case j+1 < len(args):
			out = append(out, args[j+1])
			j++
		}
	}
	return out
}

// envOptions returns the options a bash starting here takes from its
// environment: those BASHOPTS (shopt's) and SHELLOPTS (set -o's) list, a
// colon between them. A value guard cannot read is one option word it
// cannot read: any option may be on (dotglob, extglob, nocaseglob).
func (w *walker) envOptions() []word.Word {
	var out []word.Word
	for _, name := range []string{"BASHOPTS", "SHELLOPTS"} {
		v, ok := w.varMap()[name]
		if !ok || !v.IsSet() {
			continue
		}
		s := v.String()
		if strings.Contains(s, word.UnknownSubst) || word.HasMark(s) {
			out = append(out, word.Word{Text: s})
			continue
		}
		for _, o := range strings.Split(s, ":") {
			out = append(out, word.Word{Text: o, Known: true})
		}
	}
	return out
}

// maxBraceFixes bounds the { groups zshBraces rewrites in one script.
const maxBraceFixes = 8

// zshParse parses src as zsh does where mvdan's zsh parser reads it
// otherwise: zsh takes a { that starts a command word as a group's opening
// even with no blank after it, and a } that ends a later word as its close
// (f(){cp x ~/.zshrc} runs cp), where the parser reads a command named
// {cp. Such a group is rewritten with blanks ({ cp x ~/.zshrc; }) and
// parsed again.
func (w *walker) zshParse(src string, f *syntax.File) *syntax.File {
	for range maxBraceFixes {
		open, end := zshBraceGroup(f)
		if open < 0 || end < 0 || end > len(src) || open >= end {
			return f
		}
		fixed := src[:end-1] + "; }" + src[end:]
		fixed = fixed[:open+1] + " " + fixed[open+1:]
		g, err := w.theParser().Parse(strings.NewReader(fixed), "")
		if err != nil {
			return f
		}
		src, f = fixed, g
	}
	return f
}

// zshBraceGroup returns the offsets of the first command word that starts
// with { and more text, and of the end of the first word from there on
// that ends in } (-1 when none).
func zshBraceGroup(f *syntax.File) (open, end int) {
	open, end = -1, -1
	syntax.Walk(f, func(n syntax.Node) bool {
		ce, ok := n.(*syntax.CallExpr)
		if !ok || end >= 0 {
			return end < 0
		}
		if open < 0 && len(ce.Args) > 0 {
			if l, ok := ce.Args[0].Parts[0].(*syntax.Lit); ok && len(l.Value) > 1 && l.Value[0] == '{' {
				open = int(l.Pos().Offset())
			}
		}
		if open < 0 {
			return true
		}
		for _, a := range ce.Args {
			if int(a.Pos().Offset()) < open {
				continue
			}
			if l, ok := a.Parts[len(a.Parts)-1].(*syntax.Lit); ok && strings.HasSuffix(l.Value, "}") && !strings.HasSuffix(l.Value, `\}`) {
				end = int(l.End().Offset())
				return false
			}
		}
		return true
	})
	return open, end
}

// zshProcRedirects parses src again where zsh reads a redirection joined
// to a process substitution (cat <<(LIST), echo x >>(LIST), 1>>(LIST)):
// zsh runs LIST, while mvdan's zsh parser reads a here-document or a file
// named "(LIST". Where the first parse failed on such a
// here-document, or took such a word for a file, "<<(" and ">>(" become
// "< <(" and ">> >(" and the text is parsed again; the first answer stands
// when that fails too.
func (w *walker) zshProcRedirects(src string, f *syntax.File, err error) (string, *syntax.File, error) {
	joined := err != nil && strings.Contains(err.Error(), "here-document `(")
	if !joined && f != nil {
		syntax.Walk(f, func(n syntax.Node) bool {
			if r, ok := n.(*syntax.Redirect); ok && r.Word != nil && len(r.Word.Parts) > 0 {
				if l, ok := r.Word.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(l.Value, "(") &&
					(r.Op == syntax.AppOut || r.Op == syntax.RdrOut || r.Op == syntax.RdrIn || r.Op == syntax.Hdoc) {
					joined = true
				}
			}
			return !joined
		})
	}
	if !joined {
		return src, f, err
	}
	fixed := strings.ReplaceAll(strings.ReplaceAll(src, "<<(", "< <("), ">>(", ">> >(")
	g, gerr := w.theParser().Parse(strings.NewReader(fixed), "")
	if gerr != nil {
		return src, f, err
	}
	return fixed, g, nil
}
