package lang

// Rust's compile-time string building: concat!(env!("HOME"), "/.bash",
// "rc") is a constant of the file's own text, the home's .bashrc to a
// build script that opens it. RustConcats evaluates each concat! so the
// name scan of a build script or a test reads the name it makes, as it
// reads a plain literal.

import "strings"

// maxRustConcats bounds the concat! calls one text yields.
const maxRustConcats = 64

// RustConcats returns, one a line, each concat! of Rust text evaluated as
// a double-quoted literal: string, number and char literals as written,
// env!("NAME") as ${NAME} (the build's environment; CARGO_MANIFEST_DIR is
// the crate's directory, "."), any other part as ShellUnknown.
func RustConcats(text string) string {
	var b strings.Builder
	n := 0
	for off := 0; off < len(text) && n < maxRustConcats; {
		i := strings.Index(text[off:], "concat!")
		if i < 0 {
			break
		}
		start := off + i
		off = start + len("concat!")
		if start > 0 && isIdentByte(text[start-1]) {
			continue
		}
		at := skipBlanks(text, off)
		if at >= len(text) || text[at] != '(' && text[at] != '[' && text[at] != '{' {
			continue
		}
		n++
		b.WriteByte('"')
		for _, a := range argSpans(text, at+1) {
			b.WriteString(rustConcatPart(text[a[0]:a[1]]))
		}
		b.WriteString("\"\n")
	}
	return b.String()
}

// rustConcatPart returns the text one argument of concat! adds.
func rustConcatPart(a string) string {
	if s, ok := rustString(a); ok {
		return s
	}
	if rest, ok := strings.CutPrefix(a, "env!"); ok {
		rest = strings.TrimLeft(rest, " \t\r\n")
		if rest != "" && (rest[0] == '(' || rest[0] == '[' || rest[0] == '{') {
			if name, ok := rustString(strings.TrimLeft(rest[1:], " \t\r\n")); ok && identifier(name) {
				if name == "CARGO_MANIFEST_DIR" {
					return "."
				}
				return "${" + name + "}"
			}
		}
	}
	if a != "" && (a[0] >= '0' && a[0] <= '9' || a == "true" || a == "false") {
		return a
	}
	if len(a) == 3 && a[0] == '\'' && a[2] == '\'' {
		return a[1:2]
	}
	return ShellUnknown
}
