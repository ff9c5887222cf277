package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// How the shell running a command reads echo's words:
// bash's echo decodes backslash escapes only with -e, unless the xpg_echo
// option is on (shopt -s xpg_echo, bash -O xpg_echo, BASHOPTS=xpg_echo in
// its environment), when it decodes them unless -E; zsh's decodes them
// unless -E; the echo of sh, dash, ash, ksh and the other POSIX shells
// takes no option but -n and always decodes them (XSI echo: \0NNN, \c).

// echoKind is how an echo reads its words.
type echoKind int

const (
	echoBash echoKind = iota // bash: escapes with -e
	echoXPG                  // bash with xpg_echo: escapes unless -E
	echoZsh                  // zsh: escapes unless -E
	echoXSI                  // sh, dash, ash, ksh…: only -n, escapes always
)

// echoKindOf returns how the echo of the shell being walked reads its
// words.
func (w *walker) echoKindOf() echoKind {
	switch {
	case w.zsh:
		return echoZsh
	case w.echoXSI:
		return echoXSI
	case w.echoXPG:
		return echoXPG
	}
	return echoBash
}

// shoptEcho notes shopt's -s or -u of xpg_echo. A word guard cannot read
// may name it: then echo is taken to decode (what it decodes is a name
// guard reads; the literal text holds a backslash no protected name has).
//
// shopt -o limits it to set -o's names, which xpg_echo is not: bash
// refuses it and nothing changes (shopt -u -o xpg_echo).
func (w *walker) shoptEcho(args []word.Word) {
	on, setO, opts := true, false, true
	var names []bool // each xpg_echo named: whether it turns it on
	for _, a := range args {
		switch {
		case !a.Known:
			w.echoXPG = true
		case opts && a.Text == "--":
			opts = false
		case opts && len(a.Text) > 1 && a.Text[0] == '-':
			for _, r := range a.Text[1:] {
				switch r {
				case 's':
					on = true
				case 'u':
					on = false
				case 'o':
					setO = true
				}
			}
		case optionName(a.Text) == "xpgecho":
			opts = false
			names = append(names, on)
		default:
			opts = false
		}
	}
	if setO {
		return
	}
	for _, v := range names {
		w.echoXPG = v
	}
}

// shellEcho sets how the echo of the shell named (bash -c, sh FILE) reads
// its words: a POSIX shell's is XSI echo; bash's decodes with xpg_echo
// among the options it is given (-O xpg_echo, either sign: it only
// widens) or in BASHOPTS. xpg_echo is not inherited otherwise.
//
// A bash that runs a BASH_ENV file first (bash -c, bash FILE: not
// interactive) may have turned xpg_echo on there: whether its echo
// decodes is then not known (echoUnsure).
func (w *walker) shellEcho(base string, args []word.Word) {
	w.echoUnsure = false
	switch base {
	case "bash", "rbash":
		inherited := w.optsExported && w.echoXPG // export BASHOPTS (optsexport.go)
		w.echoXSI, w.echoXPG = false, inherited
		if v, ok := w.varMap()["BASH_ENV"]; ok && v.IsSet() && v.String() != "" {
			w.echoUnsure = true
		}
		for _, o := range shellOptionWords(args) {
			if !o.Known || optionName(o.Text) == "xpgecho" {
				w.echoXPG = true
			}
		}
		if v, ok := w.varMap()["BASHOPTS"]; ok { // (bash's own is read-only: one set here is the environment's)
			s := v.String()
			w.echoXPG = w.echoXPG || strings.Contains(s, "xpg_echo") || strings.Contains(s, word.UnknownSubst)
		}
	case "zsh":
		w.echoXSI, w.echoXPG = false, false
	case "":
	default:
		w.echoXSI, w.echoXPG = true, false // sh, dash, ash, ksh, mksh, yash, posh
	}
}

// echoWords splits echo's words into what it prints and whether it
// decodes escapes and ends with a newline, as k reads its options.
func echoWords(args []word.Word, k echoKind) (rest []word.Word, escapes, newline bool) {
	escapes, newline = k != echoBash, true
	i := 0
	for ; i < len(args) && echoOptions(args[i].Text, k) && (k != echoXSI || i == 0); i++ {
		for _, r := range args[i].Text[1:] {
			switch r {
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			case 'n':
				newline = false
			}
		}
	}
	return args[i:], escapes, newline
}

// echoOptions reports whether s is a word of echo's options as k reads
// them: -n, -e, -E clustered; XSI echo only -n.
func echoOptions(s string, k echoKind) bool {
	if k == echoXSI {
		return s == "-n" // dash: one -n, the first word
	}
	return len(s) > 1 && s[0] == '-' && strings.Trim(s[1:], "neE") == ""
}

// asSh runs fn with the echo of /bin/sh (XSI echo: dash's, or an sh that
// decodes too): for the text a program hands sh -c (system(), a make
// recipe, watch, git's !alias, tar --to-command). Where that sh is bash,
// decoding only turns a literal backslash, which no protected name holds,
// into a name guard reads.
func (w *walker) asSh(fn func()) {
	xpg, xsi := w.echoXPG, w.echoXSI
	w.echoXPG, w.echoXSI = false, true
	defer func() { w.echoXPG, w.echoXSI = xpg, xsi }()
	fn()
}

// echoKinds returns how the echo c runs reads its words: the shell's
// builtin, or coreutils' echo run as a program (/bin/echo, env echo),
// which decodes escapes and takes only -n when POSIXLY_CORRECT is in its
// environment (coreutils 9: XSI echo), else reads them as bash's does.
// unsure: guard cannot tell whether other applies instead (a bash with a
// BASH_ENV file, POSIXLY_CORRECT set but not known to be exported).
func (c *cmd) echoKinds() (k, other echoKind, unsure bool) {
	w := c.w
	if !c.viaProgram && !strings.ContainsRune(c.prog, '/') && !w.echoOff {
		k = w.echoKindOf()
		if w.echoOffMaybe {
			return k, echoXSI, true // the builtin, or coreutils' under POSIXLY_CORRECT
		}
		return k, echoXPG, w.echoUnsure && k == echoBash
	}
	v, ok := w.varMap()["POSIXLY_CORRECT"]
	switch {
	case !ok || !v.IsSet():
		return echoBash, echoBash, false
	case v.Exported || w.allexport:
		return echoXSI, echoXSI, false
	}
	return echoBash, echoXSI, true
}

// echoPrints is what echo prints. Where guard cannot tell how it reads its
// words and the two readings differ, what it prints is not known: a name
// guard would read one way may be read the other.
func (c *cmd) echoPrints() (string, bool) {
	k, other, unsure := c.echoKinds()
	o, ok := echoOutput(c.args, k)
	if ok && unsure {
		if o2, ok2 := echoOutput(c.args, other); !ok2 || o2 != o {
			return "", false
		}
	}
	return o, ok
}

// shebangArgs returns the words of a #! line after its interpreter's name
// (#!/usr/bin/env -S bash -O xpg_echo: -O and xpg_echo), as the options
// the shell starts with. Linux hands a plain #! line's
// rest to the interpreter as one word; split, an option it names is only
// read where the shell might not take it, which only widens.
func shebangArgs(text string) []word.Word {
	prog := shebang(text)
	line, _, _ := strings.Cut(strings.TrimPrefix(text, "#!"), "\n")
	fields := shebangFields(line)
	for i, f := range fields {
		if word.Base(f) == prog {
			out := make([]word.Word, 0, len(fields)-i-1)
			for _, a := range fields[i+1:] {
				out = append(out, word.Word{Text: a, Known: true})
			}
			return out
		}
	}
	return nil
}

// enableTable: enable -n NAME turns bash's builtin NAME off, so the bare name
// runs the program PATH finds; enable NAME turns it on again. For echo that
// program is coreutils' (echoKinds). A builtin that changes the shell's state
// turned off, or a name guard cannot read, leaves every later program name
// "cannot tell which program runs" (a cd program does not move the shell).
// enable -f NAME is redefine's (run.go); enable alone, -p, -a and -s list.
func (c *cmd) enableTable() {
	w := c.w
	off, load := false, false
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		s := a.Text
		switch {
		case s == "-f":
			load = true
			j++ // the shared object: run.go reads it
		case !a.Known:
			w.hashes.anyName = true
			return
		case len(s) > 1 && s[0] == '-':
			off = off || strings.ContainsRune(s, 'n')
			load = load || strings.ContainsAny(s, "fd")
		case s == "echo" && load:
		case s == "echo":
			sure := w.cond == 0 && w.subst == 0
			switch {
			case off && sure:
				w.echoOff, w.echoOffMaybe = true, false
			case !off && sure:
				w.echoOff, w.echoOffMaybe = false, false
			default:
				w.echoOffMaybe = true
			}
		case off && !load && !offHarmless(s):
			w.hashes.anyName = true
		}
	}
}

// offHarmless reports whether turning builtin name off changes nothing
// guard reads: the program PATH finds does what the builtin does, with
// no effect on the shell's state guard models (cd, read, printf -v and
// export do: their programs would not change it).
func offHarmless(name string) bool {
	switch name {
	case "kill", "test", "[", "true", "false", "help", "times", "jobs", "ulimit", "umask", "complete", "compopt", "caller":
		return true
	}
	return false
}
