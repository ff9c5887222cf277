package pwsh

import "strings"

// PowerShell's wildcards: its WildcardPattern has no rule
// that a leading dot must be matched by a dot, as a shell's glob has: a
// class (~/[.]ssh), ? (~/?ssh) or * may match the dot of a hidden name
// (with -Force, or where the provider does not hide it). guard reads a
// pattern from bash (pwsh -c) with the shell's rule (internal/shell's
// globs), so each element that starts with a wildcard is given again
// starting with the dot it may match (HiddenMatches).

// maxDotted bounds the elements of one path given a dotted variant.
const maxDotted = 3

// HiddenMatches returns paths, each followed by its variants in which an
// element that starts with a wildcard starts with a dot instead (a class
// or ? matching the dot: [.]ssh and ?ssh as .ssh; * as .*), for a reader
// that expands patterns with a shell's rule. A recursive ** (Paths' own)
// is left as it is.
func HiddenMatches(paths []string) []string {
	var out []string
	for _, p := range paths {
		out = append(out, p)
		if strings.ContainsAny(p, "[?*") {
			out = append(out, dotted(p)...)
		}
	}
	return out
}

// dotted returns the variants of p in which any of the first maxDotted
// elements that start with a wildcard starts with the dot it may match.
func dotted(p string) []string {
	elems := strings.Split(p, "/")
	var at []int
	for i, e := range elems {
		if len(at) < maxDotted && e != "" && e != "**" && strings.IndexByte("[?*", e[0]) >= 0 {
			at = append(at, i)
		}
	}
	var out []string
	for mask := 1; mask < 1<<len(at); mask++ {
		v := make([]string, len(elems))
		copy(v, elems)
		for k, i := range at {
			if mask&(1<<k) != 0 {
				v[i] = dotElem(v[i])
			}
		}
		out = append(out, strings.Join(v, "/"))
	}
	return out
}

// dotElem returns element e, which starts with a wildcard, as it is when
// that wildcard matches a leading dot.
func dotElem(e string) string {
	switch e[0] {
	case '?':
		return "." + e[1:]
	case '*':
		return "." + e
	}
	if j := strings.IndexByte(e, ']'); j > 0 {
		return "." + e[j+1:]
	}
	return "." + e[1:] // a [ without its ]: a literal
}
