package agent

import "strings"

// unknownPart stands for a part of a path guard cannot work out: the path
// rules' path.Unknown (a NUL byte, which no real path holds).
const unknownPart = "\x00"

// fileURIPath returns the path a file: URI names, as a server that resolves
// it opens it (RFC 8089): the scheme matched in any case, an authority
// (file://localhost/p, file://host/p, file:///p) dropped, the query and
// fragment cut, %XX escapes decoded (file:///h/.s%73h is /h/.ssh), and a
// drive letter's leading slash dropped (file:///C:/x is C:/x). An escape
// that does not decode, and a decoded NUL, become unknownPart: guard cannot
// tell what the server makes of them, and the path rules then ask whether
// the path could name a protected place. ok is false when v is not a file:
// URI or names no path.
func fileURIPath(v string) (p string, ok bool) {
	if !isFileURI(v) {
		return "", false
	}
	p = v[5:]
	if strings.HasPrefix(p, "//") {
		p = p[2:]
		i := strings.IndexByte(p, '/')
		if i < 0 {
			return "", false // file://host: no path
		}
		p = p[i:]
	}
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	p = percentDecode(p)
	if len(p) >= 3 && p[0] == '/' && isDriveLetter(p[1]) && (p[2] == ':' || p[2] == '|') {
		p = p[1:2] + ":" + p[3:]
	}
	return p, p != ""
}

// isFileURI reports whether v begins with the file: scheme, in any case.
func isFileURI(v string) bool { return len(v) >= 5 && strings.EqualFold(v[:5], "file:") }

// percentDecode undoes the %XX escapes of s; a % not followed by two hex
// digits, and an escape of NUL, are written as unknownPart.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			if c := unhex(s[i+1])<<4 | unhex(s[i+2]); c != 0 {
				b.WriteByte(c)
				i += 2
				continue
			}
			i += 2
		}
		b.WriteString(unknownPart)
	}
	return b.String()
}

func isDriveLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
