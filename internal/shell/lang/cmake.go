package lang

import "strings"

// CMakeCall is one command invocation of a CMake script: its name in
// lower case (CMake's command names are case-insensitive) and its
// arguments as written inside the parentheses, quotes and brackets taken
// off (variable references are left for the caller to expand).
type CMakeCall struct {
	Name string
	Args []string
}

// maxCMakeCalls bounds the calls read from one CMake script.
const maxCMakeCalls = 4096

// CMakeCalls returns the command invocations of CMake script text, in
// order: NAME(ARGS), with # comments, bracket comments (#[[…]]) and
// bracket arguments ([[…]], [=[…]=]) as CMake reads them. Text CMake would
// reject ends the list; false when it ends inside an invocation guard
// cannot read (an unclosed quote, bracket or parenthesis).
func CMakeCalls(text string) ([]CMakeCall, bool) {
	var out []CMakeCall
	for i := 0; i < len(text) && len(out) < maxCMakeCalls; {
		c := text[i]
		switch {
		case c == '#':
			i = cmakeComment(text, i)
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(text) && (text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9') {
				j++
			}
			name := strings.ToLower(text[i:j])
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j >= len(text) || text[j] != '(' {
				return out, false
			}
			args, end, ok := cmakeArgs(text, j+1)
			if !ok {
				return out, false
			}
			out = append(out, CMakeCall{Name: name, Args: args})
			i = end
		default:
			return out, false
		}
	}
	return out, true
}

// cmakeComment returns the offset after the comment at text[i] (#): a
// bracket comment #[=*[ … ]=*], or to the end of the line.
func cmakeComment(text string, i int) int {
	if end, ok := cmakeBracket(text, i+1); ok {
		return end
	}
	if nl := strings.IndexByte(text[i:], '\n'); nl >= 0 {
		return i + nl + 1
	}
	return len(text)
}

// cmakeBracket reads a bracket argument at text[i] ([=*[ … ]=*]): the
// offset after it, false when there is none there or it is not closed.
func cmakeBracket(text string, i int) (int, bool) {
	_, end, ok := cmakeBracketText(text, i)
	return end, ok
}

// cmakeBracketText returns the text of the bracket argument at text[i]
// and the offset after it.
func cmakeBracketText(text string, i int) (string, int, bool) {
	if i >= len(text) || text[i] != '[' {
		return "", 0, false
	}
	j := i + 1
	for j < len(text) && text[j] == '=' {
		j++
	}
	if j >= len(text) || text[j] != '[' {
		return "", 0, false
	}
	closer := "]" + text[i+1:j] + "]"
	k := strings.Index(text[j+1:], closer)
	if k < 0 {
		return "", 0, false
	}
	return text[j+1 : j+1+k], j + 1 + k + len(closer), true
}

// cmakeArgs reads the arguments of an invocation from text[i] (after its
// open parenthesis) to its close: each quoted, bracket or unquoted
// argument (nested parentheses are part of the unquoted text), with the
// offset after the close.
func cmakeArgs(text string, i int) ([]string, int, bool) {
	var args []string
	depth := 0
	for i < len(text) {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '#':
			i = cmakeComment(text, i)
		case c == ')' && depth == 0:
			return args, i + 1, true
		case c == '(' || c == ')':
			if c == '(' {
				depth++
			} else {
				depth--
			}
			i++
		case c == '"':
			s, end, ok := cmakeQuoted(text, i+1)
			if !ok {
				return nil, 0, false
			}
			args, i = append(args, s), end
		case c == '[':
			if s, end, ok := cmakeBracketText(text, i); ok {
				args, i = append(args, s), end
				continue
			}
			fallthrough
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n()\"#", rune(text[j])) {
				if text[j] == '\\' && j+1 < len(text) {
					j++
				}
				j++
			}
			args, i = append(args, text[i:j]), j
		}
	}
	return nil, 0, false
}

// cmakeQuoted reads a quoted argument from text[i] (after its opening
// quote): its text with \" \\ \n \t \; escapes and \-newline taken as
// CMake does (\$ and \{ keep their backslash off too), and the offset
// after the closing quote.
func cmakeQuoted(text string, i int) (string, int, bool) {
	var b strings.Builder
	for i < len(text) {
		c := text[i]
		switch {
		case c == '"':
			return b.String(), i + 1, true
		case c == '\\' && i+1 < len(text):
			switch n := text[i+1]; n {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '\n':
			default:
				b.WriteByte(n)
			}
			i += 2
		default:
			b.WriteByte(c)
			i++
		}
	}
	return "", 0, false
}
