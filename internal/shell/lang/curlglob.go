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

// CurlTemplate returns the names an -o name holding #N stands for, each
// #N replaced by each alternative of the Nth of groups; false when they
// would be more than limit. curl reads the whole digit run after the #
// (#01 is the first group, #10 the tenth) and keeps a #N past its last
// group as written; a #N guard does not substitute by alternatives it
// spelled out (a nil group, a number past groups: guard may not know
// every group the URL has) is unknown, a part guard cannot tell.
func CurlTemplate(name string, groups [][]string, limit int, unknown string) ([]string, bool) {
	out := []string{""}
	for i := 0; i < len(name); i++ {
		j := i + 1
		for j < len(name) && name[j] >= '0' && name[j] <= '9' {
			j++
		}
		if name[i] != '#' || j == i+1 {
			for k := range out {
				out[k] += name[i : i+1]
			}
			continue
		}
		alts := []string{unknown}
		if n, err := strconv.Atoi(name[i+1 : j]); err == nil && n >= 1 && n <= len(groups) && groups[n-1] != nil {
			alts = groups[n-1]
		}
		i = j - 1
		if len(out)*len(alts) > limit {
			return nil, false
		}
		out = product(out, alts)
	}
	return out, true
}

// product returns each of heads followed by each of tails.
func product(heads, tails []string) []string {
	next := make([]string, 0, len(heads)*len(tails))
	for _, h := range heads {
		for _, t := range tails {
			next = append(next, h+t)
		}
	}
	return next
}

// CurlExpand returns the URLs curl fetches for u: each alternative of
// each glob group in place (u alone when it has none); false when a
// group is one guard cannot tell or they would be more than limit.
func CurlExpand(u string, limit int, unknown string) ([]string, bool) {
	groups := CurlGlob(u, limit)
	if len(groups) == 0 {
		return []string{u}, true
	}
	out := []string{""}
	lit := func(s string) {
		for k := range out {
			out[k] += s
		}
	}
	g := 0
	for i := 0; i < len(u); i++ {
		switch u[i] {
		case '\\':
			if i+1 < len(u) {
				i++
			}
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
				lit(u[i : i+end+1])
				i += end
				continue
			}
			alts := groups[g]
			g++
			if alts == nil {
				alts = []string{unknown}
			}
			if len(out)*len(alts) > limit {
				return nil, false
			}
			out = product(out, alts)
			i += end
			continue
		}
		lit(u[i : i+1])
	}
	return out, true
}
