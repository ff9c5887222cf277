package lang

import (
	neturl "net/url"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Rerouted returns the addresses curl's --resolve HOST:PORT:ADDR[,ADDR…]
// and --connect-to HOST:PORT:HOST2:PORT2 send a request to instead of the
// URL's host.
func Rerouted(opt, v string) []string {
	var fields []string
	for len(v) > 0 { // split at colons outside [IPv6] brackets
		if v[0] == '[' {
			if k := strings.IndexByte(v, ']'); k > 0 {
				fields = append(fields, v[1:k])
				v = strings.TrimPrefix(v[k+1:], ":")
				continue
			}
		}
		f, rest, _ := strings.Cut(v, ":")
		fields = append(fields, f)
		v = rest
	}
	var out []string
	switch {
	case opt == "--resolve" && len(fields) >= 3:
		for _, a := range strings.Split(strings.Join(fields[2:], ":"), ",") {
			out = append(out, strings.Trim(a, "[]"))
		}
	case opt == "--connect-to" && len(fields) >= 3 && fields[2] != "":
		out = append(out, fields[2])
	}
	return out
}

// CurlOutputs returns the files a curl -w format writes: %output{FILE}
// and %output{>>FILE}.
func CurlOutputs(format string) []string {
	var out []string
	for rest := format; len(out) < 8; {
		i := strings.Index(rest, "%output{")
		if i < 0 {
			break
		}
		rest = rest[i+len("%output{"):]
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			break
		}
		if f := strings.TrimPrefix(rest[:end], ">>"); f != "" {
			out = append(out, f)
		}
		rest = rest[end+1:]
	}
	return out
}

// UrlName returns the file name a download of URL u is saved under: its
// path's last element ("" when u is no URL or names none).
func UrlName(u string) string {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	_, p, ok := strings.Cut(rest, "/")
	if !ok || strings.HasSuffix(p, "/") || p == "" {
		return ""
	}
	name := p[strings.LastIndexByte(p, '/')+1:]
	if d, err := neturl.PathUnescape(name); err == nil {
		name = d
	}
	if name == "." || name == ".." || strings.ContainsRune(name, '/') {
		return ""
	}
	return name
}

// FirstField returns the first blank-separated field of s, or s when it
// holds none.
func FirstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}

// HostPart returns the host of [user@]host[:port].
func HostPart(s string) string {
	if at := strings.LastIndexByte(s, '@'); at >= 0 {
		s = s[at+1:]
	}
	if strings.HasPrefix(s, "[") {
		if k := strings.IndexByte(s, ']'); k > 0 {
			return s[1:k]
		}
	}
	if k := strings.IndexByte(s, ':'); k >= 0 && strings.Count(s, ":") == 1 {
		s = s[:k]
	}
	return s
}

// HostLike reports whether an operand may be a host or a URL without a
// scheme: a dot or a colon in it, or localhost, and not a path.
func HostLike(s string) bool {
	if s == "" || strings.ContainsAny(s[:1], "/.~$@<") || strings.ContainsAny(s, " \t") {
		return false
	}
	return strings.ContainsAny(s, ".:") || strings.EqualFold(s, "localhost") || strings.EqualFold(s, "metadata") ||
		numericHost(s)
}

// numericHost reports whether s starts with an IPv4 address written as one
// number (2852039166, 0xA9FEA9FE), which curl and wget connect to, followed
// by nothing or a path.
func numericHost(s string) bool {
	h, _, _ := strings.Cut(s, "/")
	digits := "0123456789"
	if len(h) > 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X') {
		h, digits = h[2:], "0123456789abcdefABCDEF"
	}
	return h != "" && strings.Trim(h, digits) == ""
}

// FileURLs returns the file: URLs of the short form, file:/p, in s (the
// long form has :// and is one of schemeURLs'), up to a character of ends.
func FileURLs(s, ends string) []string {
	var out []string
	for off := 0; off < len(s) && len(out) < 16; {
		k := strings.Index(s[off:], ":/") // no lower-cased copy of s
		if k < 0 {
			break
		}
		k += off
		if k < 4 || !strings.EqualFold(s[k-4:k], "file") {
			off = k + 2
			continue
		}
		i := k - 4
		end := i + len("file:/")
		for end < len(s) && strings.IndexByte(ends, s[end]) < 0 {
			end++
		}
		if !strings.HasPrefix(s[i+5:], "//") && (i == 0 || !isSchemeChar(s[i-1])) {
			out = append(out, s[i:end])
		}
		off = end
	}
	return out
}

// FilePath returns the path a file: URL names, its escapes decoded:
// file:///p, file:/p, and file://HOST/p for any host (curl reads
// file://127.0.0.1/p locally; checking another host's path as a local one
// only checks more).
func FilePath(u string) (string, bool) {
	if len(u) < 6 || !strings.EqualFold(u[:5], "file:") || u[5] != '/' {
		return "", false
	}
	rest := u[5:]
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	if r, ok := strings.CutPrefix(rest, "//"); ok {
		if len(r) > 9 && strings.EqualFold(r[:9], "localhost") && (word.HomeRelative(r[9:]) || r[9] == '$' || strings.HasPrefix(r[9:], word.MarkStart)) {
			r = r[9:] // file://localhost$PWD/x
		}
		if word.HomeRelative(r) || strings.HasPrefix(r, "$") || strings.HasPrefix(r, word.MarkStart) {
			// file://$HOME/x, file://$PWD/x: the shell puts the absolute
			// path there first
			return unescapePath(r), true
		}
		h, p, _ := strings.Cut(r, "/")
		if word.HasMark(h) {
			// file://x$V/p: a host part guard cannot work out names a file
			// it cannot tell
			return word.Mark(word.MarkWord, "") + unescapePath("/"+p), true
		}
		rest = "/" + p
	}
	rest = unescapePath(rest)
	if h := strings.TrimPrefix(rest, "/"); word.HomeRelative(h) {
		rest = h // file:///$HOME/x: the shell puts the absolute home there
	}
	return rest, true
}

// maxScheme bounds the length of a URL scheme.
const maxScheme = 32

// SchemeURLs returns the URLs inside s: any scheme (RFC 3986: a letter,
// then letters, digits, + - and .) followed by ://, up to a character of
// ends.
func SchemeURLs(s, ends string) []string {
	var out []string
	for off := 0; off < len(s); {
		i := strings.Index(s[off:], "://")
		if i < 0 {
			break
		}
		i += off
		start := i
		for start > 0 && i-start < maxScheme && isSchemeChar(s[start-1]) {
			start--
		}
		for start < i && !IsLetter(s[start]) {
			start++
		}
		end := i + 3
		for end < len(s) && strings.IndexByte(ends, s[end]) < 0 {
			end++
		}
		if start < i && end > i+3 {
			out = append(out, s[start:end])
		}
		off = max(end, i+3)
	}
	return out
}

// IsLetter reports whether c is an ASCII letter.
func IsLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// IdentByte reports whether c may stand in an identifier (a letter, a
// digit or _).
func IdentByte(c byte) bool { return c == '_' || IsLetter(c) || c >= '0' && c <= '9' }

func isSchemeChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// unescapePath decodes a file: URL path's %XX escapes, or returns it as
// it is when they are malformed.
func unescapePath(p string) string {
	if d, err := neturl.PathUnescape(p); err == nil {
		return d
	}
	return p
}
