package lang

import (
	neturl "net/url"
	"slices"
	"strings"
)

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
		if l[i-1] == ':' {
			if ps, n := localURL(l, i); n > 0 {
				out = append(out, ps...)
				i += n
				continue
			}
		}
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
	if len(out) > maxEmbedded {
		out = out[:maxEmbedded]
	}
	return out
}

// OpenWrites returns the file a two-argument open's literal l opens for
// writing (perl's and ruby's ">x", ">>x", "+<x"), and whether l is one:
// the file's text is then no longer what guard read of it.
func OpenWrites(l string) (string, bool) {
	m := strings.TrimLeft(l, openModes)
	mode := l[:len(l)-len(m)]
	if m == "" || !strings.ContainsAny(mode, ">+") || strings.ContainsAny(mode, "|&") {
		return "", false
	}
	p := pathAt(m)
	return p, p != ""
}

// localSchemes are the URL schemes whose path is a local file: file:, a
// sqlite URI (python's sqlite3 with uri=True, SQLAlchemy's sqlite:///,
// JDBC's jdbc:sqlite:), a unix socket.
var localSchemes = [...]string{"file", "sqlite", "sqlite3", "unix"}

// localURL returns the paths a URL names whose scheme's colon is l[i-1],
// and the bytes of l it spans from i (0: none taken). A local scheme's
// path is read as a URL's: its query and fragment dropped,
// its escapes decoded, relative to the working directory when it does
// not start with / (file:../.ssh/id_rsa, RFC 8089; SQLAlchemy's
// sqlite:///x.db is relative, read both ways). file://HOST/p is left to
// the URL rules. After any other scheme, a path that starts with ./ or
// ../ is taken too: guard cannot tell how a scheme it does not know
// resolves it.
func localURL(l string, i int) ([]string, int) {
	s := i - 1
	for s > 0 && isSchemeChar(l[s-1]) && i-1-s < maxScheme {
		s--
	}
	raw := pathAt(l[i:])
	if raw == "" || s == i-1 {
		return nil, 0
	}
	p := raw
	if k := strings.IndexAny(p, "?#"); k >= 0 {
		p = p[:k]
	}
	if d, err := neturl.PathUnescape(p); err == nil {
		p = d
	}
	scheme := strings.ToLower(l[s : i-1])
	switch {
	case !slices.Contains(localSchemes[:], scheme):
		if strings.HasPrefix(raw, "./") || strings.HasPrefix(raw, "../") {
			return []string{p}, len(raw)
		}
		return nil, 0
	case p == "":
		return nil, 0
	case strings.HasPrefix(p, "///"):
		if scheme != "file" && len(p) > 3 {
			return []string{p[3:], p[2:]}, len(raw) // sqlite:///x.db: x.db
		}
		return []string{"/" + strings.TrimLeft(p, "/")}, len(raw)
	case strings.HasPrefix(p, "//"):
		return nil, 0 // file://HOST/p
	}
	return []string{p}, len(raw)
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
