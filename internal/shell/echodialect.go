package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// How the shell running a command reads echo's words (review 14a F3):
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
func (w *walker) shoptEcho(args []word.Word) {
	on := true
	for _, a := range args {
		switch {
		case !a.Known:
			w.echoXPG = true
		case a.Text == "-s":
			on = true
		case a.Text == "-u":
			on = false
		case optionName(a.Text) == "xpgecho":
			w.echoXPG = on
		}
	}
}

// shellEcho sets how the echo of the shell named (bash -c, sh FILE) reads
// its words: a POSIX shell's is XSI echo; bash's decodes with xpg_echo
// among the options it is given (-O xpg_echo, either sign: it only
// widens) or in BASHOPTS. xpg_echo is not inherited otherwise.
func (w *walker) shellEcho(base string, args []word.Word) {
	switch base {
	case "bash", "rbash":
		w.echoXSI, w.echoXPG = false, false
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
