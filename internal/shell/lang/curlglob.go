package lang

import (
	"strconv"
	"strings"
)

// curl globs its URLs (unless -g): {a,b,c} is a list, [1-10], [01-10],
// [a-z] and [a-z:2] ranges; each group multiplies the URLs it fetches,
// and #1 … #9 in an -o name stand for the current alternative of the
// first … ninth group. A group guard reads is its alternatives; one it
// cannot spell out (a malformed one, more than the bound) is nil.

// CurlGlob returns the glob groups of curl URL u in order, each as its
// alternatives (nil: one guard cannot tell, or more than limit); none
// when u holds no glob. A [ starting an IPv6 address is no group, and a
// backslash keeps the bracket or brace after it as written.
func CurlGlob(u string, limit int) [][]string {
	var groups [][]string
	for i := 0; i < len(u); i++ {
		switch u[i] {
		case '\\':
			i++
		case '{':
			end := strings.IndexByte(u[i:], '}')
			if end < 0 {
				return append(groups, nil) // curl refuses it; guard cannot tell
			}
			groups = append(groups, globList(u[i+1:i+end], limit))
			i += end
		case '[':
			end := strings.IndexByte(u[i:], ']')
			if end < 0 {
				return append(groups, nil)
			}
			body := u[i+1 : i+end]
			i += end
			if ipv6Literal(body) {
				continue
			}
			groups = append(groups, globRange(body, limit))
		}
	}
	return groups
}

// globList returns the alternatives of a {…} list's body, a backslash
// keeping the character after it; nil with more than limit or a nested
// group.
func globList(body string, limit int) []string {
	if strings.ContainsAny(body, "{[") {
		return nil
	}
	var alts []string
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '\\' && i+1 < len(body):
			i++
			b.WriteByte(body[i])
		case c == ',':
			alts = append(alts, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	alts = append(alts, b.String())
	if len(alts) > limit {
		return nil
	}
	return alts
}

// globRange returns the values of a [x-y] or [x-y:step] range's body:
// single letters of one case, or numbers (a leading zero pads them all to
// x's width); nil when malformed or more than limit.
func globRange(body string, limit int) []string {
	lo, hi, ok := strings.Cut(body, "-")
	if !ok {
		return nil
	}
	step := 1
	if h, s, ok := strings.Cut(hi, ":"); ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return nil
		}
		hi, step = h, n
	}
	var alts []string
	if len(lo) == 1 && len(hi) == 1 && letter(lo[0]) && letter(hi[0]) {
		for c := int(lo[0]); c <= int(hi[0]) && len(alts) <= limit; c += step {
			alts = append(alts, string(rune(c)))
		}
	} else {
		a, err1 := strconv.Atoi(lo)
		z, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || a < 0 || z-a > limit*step {
			return nil
		}
		for n := a; n <= z; n += step {
			s := strconv.Itoa(n)
			if lo[0] == '0' && len(s) < len(lo) {
				s = strings.Repeat("0", len(lo)-len(s)) + s
			}
			alts = append(alts, s)
		}
	}
	if len(alts) == 0 || len(alts) > limit {
		return nil
	}
	return alts
}

// letter reports whether c is an ASCII letter.
func letter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// ipv6Literal reports whether a bracket's body is an IPv6 address (hex
// digits, colons, dots, a %zone), which curl leaves as written.
func ipv6Literal(body string) bool {
	if !strings.Contains(body, ":") {
		return false
	}
	addr, _, _ := strings.Cut(body, "%")
	return strings.Trim(addr, "0123456789abcdefABCDEF:.") == ""
}

// CurlTemplate returns the names an -o name holding #1 … #9 stands for,
// each #N replaced by each alternative of the Nth of groups (#N past the
// last group stays as written), by unknown for a nil group; false when
// they would be more than limit.
func CurlTemplate(name string, groups [][]string, limit int, unknown string) ([]string, bool) {
	out := []string{""}
	for i := 0; i < len(name); i++ {
		n := 0
		if name[i] == '#' && i+1 < len(name) && name[i+1] >= '1' && name[i+1] <= '9' {
			n = int(name[i+1] - '0')
		}
		if n == 0 || n > len(groups) {
			for k := range out {
				out[k] += name[i : i+1]
			}
			continue
		}
		i++
		alts := groups[n-1]
		if alts == nil {
			alts = []string{unknown}
		}
		if len(out)*len(alts) > limit {
			return nil, false
		}
		next := make([]string, 0, len(out)*len(alts))
		for _, o := range out {
			for _, a := range alts {
				next = append(next, o+a)
			}
		}
		out = next
	}
	return out, true
}

// CurlExpand returns the URLs curl fetches for u: each alternative of
// each glob group in place (u alone when it has none); false when a
// group is one guard cannot tell or they would be more than limit.
func CurlExpand(u string, limit int, unknown string) ([]string, bool) {
	groups := CurlGlob(u, limit)
	if len(groups) == 0 {
		return []string{u}, true
	}
	// The URL as a template: each group's text becomes #N.
	var b strings.Builder
	g := 0
	for i := 0; i < len(u); i++ {
		switch u[i] {
		case '\\':
			if i+1 < len(u) {
				i++
			}
			b.WriteByte(u[i])
			continue
		case '{', '[':
			closer := byte('}')
			if u[i] == '[' {
				closer = ']'
			}
			end := strings.IndexByte(u[i:], closer)
			if end < 0 {
				return nil, false
			}
			if u[i] == '[' && ipv6Literal(u[i+1:i+end]) {
				b.WriteString(u[i : i+end+1])
				i += end
				continue
			}
			g++
			if g > 9 {
				return nil, false
			}
			b.WriteString("#" + strconv.Itoa(g))
			i += end
			continue
		case '#':
			b.WriteString("#0") // a # of the URL's own stays a #
			continue
		}
		b.WriteByte(u[i])
	}
	urls, ok := CurlTemplate(b.String(), groups, limit, unknown)
	for k := range urls {
		urls[k] = strings.ReplaceAll(urls[k], "#0", "#")
	}
	return urls, ok
}
