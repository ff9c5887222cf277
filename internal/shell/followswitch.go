package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Link-following switches of any library (review 11 F13): tarfile's
// dereference=True, node's fs.cp/cpSync {dereference: true}, perl
// File::Find's follow => 1 (follow_fast, follow_skip), pathlib's
// recurse_symlinks=True, Java's FOLLOW_LINKS. Rather than list the calls
// that walk a tree, code that holds such a switch counts as walking, and
// following the links in, the working directory and each directory its
// literals name: where a link there leads to a protected place, the code
// reads it. A literal that is a file costs no walk.

// followSwitches are the words with which code asks a library to follow
// the links in a tree it walks or copies.
var followSwitches = []string{"dereference", "follow_fast", "follow_skip", "FOLLOW_LINKS", "recurse_symlinks", "followSymlinks", "followSymbolicLinks", "followlinks"}

// followsLinks reports whether code holds a link-following switch: one of
// followSwitches, or perl's hash key follow (follow => 1).
func followsLinks(code string) bool {
	for _, s := range followSwitches {
		if switchOn(code, s, false) {
			return true
		}
	}
	return switchOn(code, "follow", true) // perl: follow => 1
}

// switchOn reports whether code sets switch sw anywhere to a value that
// is not plainly off (False, false, 0, None, nil, undef); bare, a switch
// counts as on unless keyed, when it must be followed by =, => or :.
func switchOn(code, sw string, keyed bool) bool {
	for off := 0; off < len(code); {
		i := strings.Index(code[off:], sw)
		if i < 0 {
			return false
		}
		off += i + len(sw)
		rest := strings.TrimLeft(code[off:], " \t'\"")
		op := ""
		for _, o := range []string{"=>", "==", "=", ":"} {
			if strings.HasPrefix(rest, o) {
				op = o
				break
			}
		}
		switch {
		case op == "==" || strings.HasPrefix(rest, "::"):
			continue
		case op == "":
			if !keyed {
				return true
			}
			continue
		}
		v := strings.TrimLeft(rest[len(op):], " \t")
		isOff := false
		for _, f := range []string{"False", "false", "0", "None", "nil", "undef"} {
			if strings.HasPrefix(v, f) {
				isOff = true
			}
		}
		if !isOff {
			return true
		}
	}
	return false
}

// switchTreeDirs returns, for code that holds a link-following switch,
// the literals that may name a directory it walks (bounded).
func switchTreeDirs(code string) []string {
	var out []string
	for _, l := range lang.Literals(code) {
		if len(out) >= effect.MaxLinks {
			break
		}
		if p, ok := effect.Candidate(l); !ok || !word.IsKnown(p) || l == "." || strings.HasPrefix(l, "-") ||
			strings.ContainsAny(l, " \t\n*?[%{}()=:,;<>|&$") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// walkFollows reports whether the os.walk call whose argument list opens
// at s follows links: followlinks given by name anywhere in the code, or
// a fourth argument given by position (os.walk(top, True, None, True)).
func walkFollows(code, s string) bool {
	return switchOn(code, "followlinks", true) || callArgCount(s) >= 4
}

// callArgCount returns how many arguments the call whose list opens at
// s[0] == '(' has: its commas at the top level, plus one (bounded scan).
func callArgCount(s string) int {
	depth, n, quote := 0, 0, byte(0)
	for i := 0; i < len(s) && i < 4096; i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
			if depth == 0 {
				return n + 1
			}
		case c == ',' && depth == 1:
			n++
		}
	}
	return n + 1
}
