package url

import (
	"fmt"
	"net/netip"
	"strings"
)

// allowEntry is an allowlist entry read by its shape (see
// [ValidateAllowEntry]).
type allowEntry struct {
	scheme string // "" for any scheme
	host   string // mapped to ASCII, lowercase, without *. and trailing dot
	ip     bool   // host is an IP address: matched in any spelling, never as a suffix
	subs   bool   // subdomains of host match too
	port   string // ":<port>", "" for any port
	path   string // a path prefix ending at a segment boundary, "" for any path
}

// parseAllow reads an allowlist entry: [scheme://]host[:port][/path], the
// host maybe written *.host. An entry without a scheme matches the host and
// its subdomains, as a blocklist entry does; one with a scheme is the start
// of a URL, so its host matches only itself (unless written *.host).
func parseAllow(entry string) (allowEntry, error) {
	s := strings.TrimSpace(entry)
	var e allowEntry
	if s == "" {
		return e, fmt.Errorf("allowlist entry %q: empty", entry)
	}
	if strings.ContainsAny(s, "?#@\\ \t\r\n") {
		return e, fmt.Errorf("allowlist entry %q: holds a character of user info, query or fragment, which say nothing of where a request goes (write [scheme://]host[:port][/path])", entry)
	}
	rawPath := ""
	if i := strings.Index(s, "://"); i >= 0 {
		if j := strings.IndexByte(s[i+3:], '/'); j >= 0 {
			s, rawPath = s[:i+3+j], s[i+3+j:]
		}
	} else if j := strings.IndexByte(s, '/'); j >= 0 {
		s, rawPath = s[:j], s[j:]
	}
	s = strings.ToLower(s) // the host and scheme; the path keeps its case
	if i := strings.Index(s, "://"); i >= 0 {
		if i == 0 || !isScheme(s[:i]) {
			return e, fmt.Errorf("allowlist entry %q: %q is not a scheme", entry, s[:i])
		}
		e.scheme, s = s[:i], s[i+3:]
	}
	auth := s
	if rawPath != "/" {
		e.path = rawPath
	}
	host := auth
	if j := strings.LastIndexByte(auth, ':'); j >= 0 && !strings.HasSuffix(auth, "]") && (strings.Count(auth, ":") == 1 || strings.HasPrefix(auth, "[")) {
		host, e.port = auth[:j], auth[j:]
		if !allDigits(e.port[1:]) {
			return e, fmt.Errorf("allowlist entry %q: port %q is not a number", entry, e.port[1:])
		}
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	e.subs = e.scheme == "" || strings.HasPrefix(host, "*.")
	if err := ValidateDomain(host); err != nil {
		return e, fmt.Errorf("allowlist entry %q: %w", entry, err)
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "*."), ".")
	if a, ok := parseIP(host); ok {
		e.host, e.ip, e.subs = a.String(), true, false
	} else if m, err := mapHost(host, lookup); err == nil {
		e.host = m
	} else {
		e.host = host
	}
	if e.path != "" {
		p, ok := plainPath(e.path)
		if !ok {
			return e, fmt.Errorf("allowlist entry %q: the path holds an escape, a non-ASCII letter or a dot segment a server may read another way (write the path as the server reads it)", entry)
		}
		e.path = p
	}
	return e, nil
}

// ValidateAllowEntry checks an allowlist entry: [scheme://]host[:port][/path]
// with a host as [ValidateDomain] takes it, and no user info, query or
// fragment.
func ValidateAllowEntry(entry string) error {
	_, err := parseAllow(entry)
	return err
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// defaultPort returns the port a URL of scheme without one goes to.
func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return ":80"
	case "https", "wss":
		return ":443"
	case "ftp":
		return ":21"
	}
	return ""
}

// matches reports whether reading r, with host h (one of its forms), is a
// URL the entry allows.
func (e allowEntry) matches(r reading, h string) bool {
	if e.scheme != "" && r.scheme != e.scheme {
		return false
	}
	if !e.hostMatches(h) {
		return false
	}
	if e.port != "" {
		port := r.port
		if port == "" {
			port = defaultPort(r.scheme)
		}
		if port != e.port {
			return false
		}
	}
	if e.path == "" {
		return true
	}
	p, ok := plainPath(r.path)
	if !ok {
		return false // the host's other rules decide
	}
	return p == e.path || strings.HasPrefix(p, e.path) && (strings.HasSuffix(e.path, "/") || p[len(e.path)] == '/')
}

func (e allowEntry) hostMatches(h string) bool {
	if e.ip {
		for _, a := range ipReadings(h) {
			if a.String() == e.host {
				return true
			}
		}
		a, err := netip.ParseAddr(h)
		return err == nil && a.String() == e.host
	}
	return h == e.host || e.subs && strings.HasSuffix(h, "."+e.host)
}

// cleanPath returns a URL path as clients send it: percent-encoded dots
// decoded and the dot segments . and .. resolved (WHATWG URL). Other
// escapes are kept as written.
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	p = strings.ReplaceAll(p, "%2e", ".")
	segs := strings.Split(p, "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 1 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	r := strings.Join(out, "/")
	if !strings.HasPrefix(r, "/") {
		r = "/" + r
	}
	return r
}

// plainPath returns a URL path as a server reads it, with ok false when
// servers may read it more than one way: an encoded slash,
// backslash, dot or percent sign (a server that decodes before it resolves
// dot segments, or decodes twice, climbs out of the prefix), an encoded
// control or non-ASCII byte or a raw non-ASCII one (overlong UTF-8, Unicode
// folding), an empty segment (servers that merge slashes), or a dot segment
// with path parameters (`..;`). Escapes of unreserved characters are
// decoded, the others kept with upper-case hex; the case of the letters is
// kept: paths are compared exactly.
func plainPath(p string) (string, bool) {
	if p == "" {
		return "/", true
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c >= 0x80 || c < 0x20 || c == '\\' {
			return "", false
		}
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+2 >= len(p) || !isHex(p[i+1]) || !isHex(p[i+2]) {
			return "", false
		}
		v := unhex(p[i+1])<<4 | unhex(p[i+2])
		i += 2
		switch {
		case v == '.' || v == '/' || v == '\\' || v == '%' || v < 0x20 || v >= 0x7f:
			return "", false
		case 'a' <= v && v <= 'z' || 'A' <= v && v <= 'Z' || '0' <= v && v <= '9' || v == '-' || v == '_' || v == '~':
			b.WriteByte(v)
		default:
			b.WriteString(strings.ToUpper(p[i-2 : i+1]))
		}
	}
	q := b.String()
	if strings.Contains(q, "//") {
		return "", false
	}
	for _, seg := range strings.Split(q, "/") {
		if i := strings.IndexByte(seg, ';'); i >= 0 && (seg[:i] == "." || seg[:i] == "..") {
			return "", false
		}
	}
	return cleanPath(q), true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
