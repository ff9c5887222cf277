package catalogue

import "github.com/guardhq/guard/internal/shell/word"

// The programs that take an operand a runner appends to their command
// line (git's core.editor, sequence.editor, GIT_EDITOR: the file to edit)
// as a file they only open. Any other program given it may run it: a
// shell's `.` sources it, `make -f` reads it as a makefile, `sed -f` as a
// script (FINDINGS46a A5), so shell.handedOperand counts it as one guard
// cannot tell.

// handedOpener is one family of editors and the words that may end its
// command line before the appended file: flags that take no value.
type handedOpener struct{ names, flags word.Set }

// handedOpeners are the editors git and the other runners hand a file to
// that open it as text; true and : ignore it.
var handedOpeners = [...]handedOpener{
	{" vi vim nvim gvim mvim view rvim nvi ", " -f --nofork -n -R -Z -N -b -p -o -O -y -X --clean --noplugin "},
	{" emacs emacs-nox emacsclient ", " -nw -t -c --tty --create-frame -q -Q --no-init-file --quick --no-splash --no-wait -n "},
	{" nano pico ", " -w --nowrap -l --linenumbers -m --mouse -S --smooth -i --autoindent "},
	{" code code-insiders codium cursor subl sublime_text mate atom zed gedit kate xed pluma mousepad ", " -w --wait -n --new-window -r --reuse-window -b --block "},
	{" micro hx helix kak joe jed ne mcedit true : ", ""},
}

// OpensHanded reports whether program name with args (its words after the
// name, as written) takes a word appended after them as a file it only
// opens: an editor of handedOpeners whose last word is an operand, `--` or
// one of its flags, or a reading program of Catalogue (cat, less) that
// knows its options and has none waiting for its value.
func OpensHanded(name string, args []word.Word) bool {
	for _, o := range handedOpeners {
		if !o.names.Has(name) {
			continue
		}
		if len(args) == 0 {
			return true
		}
		last := args[len(args)-1].Text
		return last == "--" || len(last) > 0 && last[0] != '-' || o.flags.Has(last)
	}
	p := ProgramNamed(name)
	return p != nil && p.Access == ReadsOnly && p.Knows(args) && !p.awaits(args)
}

// awaits reports whether the last of args is an option of p still
// waiting for its value (sort -o, less -k): a word appended after args
// would be that value.
func (p *Program) awaits(args []word.Word) bool {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		n := 0
		switch {
		case s == "--":
			return false
		case len(s) < 2 || s[0] != '-' || word.IsNumberOption(s):
			continue
		case s[1] == '-' || p.dashLong && len(s) > 2:
			n, _ = p.longKnown(s)
		default:
			n, _ = p.shortKnown(s)
		}
		if n > 0 && j+n >= len(args) {
			return true
		}
		j += n
	}
	return false
}
