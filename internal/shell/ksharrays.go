package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// zsh's KSH_ARRAYS (setopt ksharrays, set -o ksharrays, emulate sh or ksh,
// zsh -o ksharrays, zsh --ksharrays) numbers subscripts from 0, makes an
// array named without a subscript its first element, and needs braces
// for a subscript (${a[1]}; $a[1] is $a then the text [1]). guard follows
// the option where the statement setting it surely runs in the command's
// own shell; where it cannot tell (a branch, a function, a subshell that
// may have been the current shell's pipeline end, a word it cannot read),
// a subscript or an array's value that the two numberings read apart is
// not known.

// kshState is what guard knows of KSH_ARRAYS.
type kshState uint8

const (
	kshOff   kshState = iota // zsh's default: 1-based
	kshOn                    // 0-based
	kshMaybe                 // either
)

// setKsh notes KSH_ARRAYS turned on or off: known only where the
// statement surely runs in the command's own shell (as setPhysical).
func (w *walker) setKsh(on bool) {
	want := kshOff
	if on {
		want = kshOn
	}
	switch {
	case w.ksh == want:
	case w.cond == w.fileCond && w.inFunc == 0:
		w.ksh = want
	default:
		w.ksh = kshMaybe
	}
}

// kshOption notes an option word that turns KSH_ARRAYS on (on) or off; a
// word guard cannot read may name it.
func (w *walker) kshOption(a word.Word, on bool) {
	if !a.Known {
		w.ksh = kshMaybe
		return
	}
	if names, inverted := kshWord(a.Text); names {
		w.setKsh(on != inverted)
	}
}

// kshWord reads an option name as zsh does (case, _ and - ignored): whether
// it names KSH_ARRAYS, and whether a no prefix inverts it.
func kshWord(s string) (names, inverted bool) {
	n := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(s))
	if rest, ok := strings.CutPrefix(n, "no"); ok && rest == "ksharrays" {
		return true, true
	}
	return n == "ksharrays", false
}

// kshMode reports whether emulate's MODE sets KSH_ARRAYS: zsh reads its
// first letter after an r, k being ksh, s and b sh (both set it), any
// other csh or zsh.
func kshMode(mode string) bool {
	mode = strings.TrimPrefix(mode, "r")
	return mode != "" && strings.ContainsRune("ksb", rune(mode[0]))
}

// kshOptions notes what setopt, unsetopt and emulate do to KSH_ARRAYS:
// setopt's words turn options on, unsetopt's off (their own flags, -m
// patterns among them, may name any: not known); emulate's mode ksh, sh
// or bash sets it, any other clears it, and -L or -c limit that to a
// function or a text guard does not follow.
func (w *walker) kshOptions(name string, args []word.Word) {
	if name == "emulate" {
		w.kshEmulate(args)
		return
	}
	for _, a := range args {
		if a.Known && a.Text != "" && strings.ContainsRune("-+", rune(a.Text[0])) {
			w.ksh = kshMaybe // setopt -m 'ksh*'
			continue
		}
		w.kshOption(a, name == "setopt")
	}
}

// kshEmulate notes emulate [-lLR] [-c ARG] MODE.
func (w *walker) kshEmulate(args []word.Word) {
	scoped := false
	for _, a := range args {
		switch {
		case !a.Known:
			w.ksh = kshMaybe
			return
		case strings.HasPrefix(a.Text, "-"):
			scoped = scoped || strings.ContainsAny(a.Text, "Lc")
		case scoped:
			w.ksh = kshMaybe
			return
		default:
			w.setKsh(kshMode(a.Text))
			return
		}
	}
}

// kshMerge returns the state after code that ran in a subshell with
// inner as its state from outer: in zsh the subshell may be the end of a
// pipeline the current shell runs (true | setopt ksharrays).
func kshMerge(outer, inner kshState) kshState {
	if outer == inner {
		return outer
	}
	return kshMaybe
}

// kshIndex returns the 1-based index zsh's subscript i names under
// KSH_ARRAYS (0-based; negative ones count from the end either way).
func kshIndex(i int) int {
	if i >= 0 {
		return i + 1
	}
	return i
}

// kshRange returns a subscript's bounds as zsh counts them with the
// option as guard knows it: false where the two numberings part.
func (w *walker) kshRange(from, to int) (int, int, bool) {
	switch w.ksh {
	case kshOn:
		return kshIndex(from), kshIndex(to), true
	case kshMaybe:
		return from, to, kshIndex(from) == from && kshIndex(to) == to
	}
	return from, to, true
}

// kshWhole returns what an array named without a subscript stands for:
// its elements, its first under KSH_ARRAYS; false where guard cannot tell
// which and they differ.
func (w *walker) kshWhole(vals []string) ([]string, bool) {
	switch {
	case w.ksh == kshOff || len(vals) < 2:
		return vals, true
	case w.ksh == kshOn:
		return vals[:1], true
	}
	return nil, false
}

// kshStart sets KSH_ARRAYS for a shell started with args: off, but where
// its command line sets it (-o ksharrays, --ksharrays, +o, a no prefix,
// --emulate MODE), up to the first operand.
func (w *walker) kshStart(args []word.Word) {
	state := func(on bool) kshState {
		if on {
			return kshOn
		}
		return kshOff
	}
	w.ksh = kshOff
	args = splitOptionClusters(args) // -oksharrays, -fo ksharrays
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		value := j+1 < len(args) && (s == "-o" || s == "+o" || s == "--emulate")
		switch {
		case !args[j].Known || value && !args[j+1].Known:
			w.ksh = kshMaybe
			j++
		case s == "--emulate" && value:
			w.ksh = state(kshMode(args[j+1].Text))
			j++
		case value:
			if names, inverted := kshWord(args[j+1].Text); names {
				w.ksh = state((s == "-o") != inverted)
			}
			j++
		case strings.HasPrefix(s, "--") && len(s) > 2:
			if names, inverted := kshWord(s[2:]); names {
				w.ksh = state(!inverted)
			}
		case len(s) > 1 && (s[0] == '-' || s[0] == '+'):
		default:
			return
		}
	}
}
