package lang

import "strings"

// maxEmbedded bounds the paths Embedded takes from one literal.
const maxEmbedded = 8

// openModes are the bytes perl's two-argument open (and shell-like
// strings) put before a file: ">>x", "+< x", "|-".
const openModes = "<>+|&!- \t"

// pathStops end a path written inside a literal.
const pathStops = " \t\r\n;|&<>()'\",`"

// Embedded returns the paths written inside string literal l after other
// text, which l as a whole does not name: the file of perl's two-argument
// open after its mode (">>x", "+< x"), a file: URL's path, and each
// absolute or home path ('/', '~', '$VAR/', "#{…}/") that follows a byte
// no path starts a word with ("--config=/x", "see ~/.bashrc", "cat >>
// ~/.x"). Interpreter code may open any file it names, whatever surrounds
// it: around protected places every path-shaped part of a literal counts.
// A URL's host part (http://host/x) is not a path.
func Embedded(l string) []string {
	var out []string
	i := 1
	if m := strings.TrimLeft(l, openModes); len(m) < len(l) && m != "" && strings.ContainsAny(l[:len(l)-len(m)], "<>|") {
		p := pathAt(m)
		if p != "" {
			out = append(out, p)
		}
		i = len(l) - len(m) + len(p)
	}
	for ; i < len(l) && len(out) < maxEmbedded; i++ {
		if !separates(l[i-1]) || !startsPath(l[i:], l[i-1]) {
			continue
		}
		p := pathAt(l[i:])
		i += len(p)
		if strings.HasPrefix(p, "///") {
			p = "/" + strings.TrimLeft(p, "/") // file:///x names /x
		}
		out = append(out, p)
	}
	return out
}

// separates reports whether c may stand before a path inside a literal.
func separates(c byte) bool {
	return strings.IndexByte(" \t\r\n=:<>|&(,;@'\"`", c) >= 0
}

// startsPath reports whether s (following byte prev) starts an absolute or
// home path.
func startsPath(s string, prev byte) bool {
	switch s[0] {
	case '/':
		// http://host/x: after a colon, two slashes and a host name start
		// a URL's authority, not a path (file:///x has a third slash).
		return !(prev == ':' && strings.HasPrefix(s, "//") && len(s) > 2 && s[2] != '/')
	case '~':
		return len(s) == 1 || s[1] == '/' || isNameByte(s[1])
	case '$', '#':
		// $HOME/x, ${HOME}/x, $ENV{HOME}/x, #{Dir.home}/x: a variable
		// followed by a path.
		p := pathAt(s)
		return len(p) > 2 && strings.Contains(p[1:], "/")
	}
	return false
}

// pathAt returns the path at the start of s, up to a byte that ends it.
func pathAt(s string) string {
	if i := strings.IndexAny(s, pathStops); i >= 0 {
		return s[:i]
	}
	return s
}

// isNameByte reports whether c may be part of a user name (~name/x).
func isNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
