package lang

import "strings"

// AppleScript's and JXA's shell: osascript's `do shell
// script EXPR` and JXA's app.doShellScript(…) run EXPR's text with sh.

// maxAppleScripts bounds the shell texts AppleShell returns.
const maxAppleScripts = 16

// AppleShell returns the shell text osascript code runs: each `do shell
// script` (any case) followed by string literals joined with & (a part
// that is no literal, such as `quoted form of p`, is a part guard does not
// know), and the first argument of JXA's doShellScript joined as JS joins.
func AppleShell(code string) []string {
	var out []string
	lower := strings.ToLower(code)
	for off := 0; len(out) < maxAppleScripts; {
		k := strings.Index(lower[off:], "do shell script")
		if k < 0 {
			break
		}
		k += off + len("do shell script")
		off = k
		if t, ok := appleExpr(code[k:]); ok {
			out = append(out, shellText(t))
		}
	}
	out = append(out, FirstLiterals(code, []string{"doShellScript"}, true)...)
	return append(out, joinedShell(code, []string{"doShellScript"})...)
}

// appleExpr reads an AppleScript expression of string literals joined by
// &, up to the end of the line (¬ continues it) or a word after a whole
// operand: the text with unknownByte for each other operand.
func appleExpr(s string) (string, bool) {
	var b strings.Builder
	lits, want := 0, true // want: an operand comes next
	for i := 0; i < len(s) && i < maxExpr; {
		c := s[i]
		switch {
		case c == '\n' || c == '\r':
			return b.String(), lits > 0
		case c == ' ' || c == '\t' || c == '(' || c == ')':
			i++
		case strings.HasPrefix(s[i:], "¬"):
			i += len("¬")
			for i < len(s) && (s[i] == '\n' || s[i] == '\r') {
				i++
			}
		case c == '&':
			want = true
			i++
		case !want:
			return b.String(), lits > 0 // with administrator privileges…
		case c == '"':
			t, end := appleString(s, i+1)
			b.WriteString(t)
			lits++
			i, want = end, false
		default:
			// quoted form of p, a variable: not known; up to & or the line's end.
			e := strings.IndexAny(s[i:], "&\n\r\"")
			if e < 0 {
				e = len(s) - i
			}
			if !strings.HasSuffix(b.String(), unknownByte) {
				b.WriteString(unknownByte)
			}
			i += e
			want = i < len(s) && s[i] == '"'
		}
	}
	return b.String(), lits > 0
}

// appleString returns the text of the string literal whose body starts at
// s[i] (\" and \\ escaped) and where it ends.
func appleString(s string, i int) (string, int) {
	var b strings.Builder
	for i < len(s) {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			switch s[i+1] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(s[i+1])
			}
			i += 2
		case c == '"':
			return b.String(), i + 1
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), i
}
