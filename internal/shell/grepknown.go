package shell

import (
	"regexp"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// grepKnown sets what grep prints of known text (its standard input,
// no file operand) when its one pattern is plain: letters, digits and
// / _ - . (any character, as in every grep dialect), ^ first and $
// last, the only options -v, -F, -E and -G. `go list ./... | grep -v
// /e2e` prints the lines of the known list without /e2e, known too. It
// reports false, the output left to filterOutput, for anything else: a
// part of the text guard does not know (a line it may split into more), a
// NUL (grep's binary-file notice).
func (c *cmd) grepKnown(text string) bool {
	if c.name != "grep" || !word.AllKnown(c.args) || word.HasMark(text) || strings.ContainsRune(text, 0) {
		return false
	}
	invert, fixed, pat, n := false, false, "", 0
	for _, a := range word.Texts(c.args) {
		switch a {
		case "-v", "--invert-match":
			invert = true
		case "-F", "--fixed-strings":
			fixed = true
		case "-E", "-G", "--extended-regexp", "--basic-regexp":
		default:
			if strings.HasPrefix(a, "-") {
				return false
			}
			pat, n = a, n+1
		}
	}
	if n != 1 || !plainPattern(pat) {
		return false
	}
	match := func(l string) bool { return strings.Contains(l, pat) }
	if !fixed {
		body := strings.TrimSuffix(strings.TrimPrefix(pat, "^"), "$")
		re := regexp.QuoteMeta(body)
		re = strings.ReplaceAll(re, `\.`, ".")
		if strings.HasPrefix(pat, "^") {
			re = "^" + re
		}
		if strings.HasSuffix(pat, "$") && len(pat) > 1 {
			re += "$"
		}
		match = regexp.MustCompile(re).MatchString
	}
	var out []string
	for _, l := range strings.SplitAfter(text, "\n") {
		if l == "" {
			continue
		}
		if match(strings.TrimSuffix(l, "\n")) != invert {
			out = append(out, strings.TrimSuffix(l, "\n")+"\n")
		}
	}
	c.out = output{text: strings.Join(out, ""), known: true}
	return true
}

// plainPattern reports whether a grep pattern means the same to every
// dialect and to grep -F but for '.': letters, digits, / _ - ., a ^ first
// and a $ last.
func plainPattern(p string) bool {
	body := strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
	if body == "" {
		return false
	}
	for _, r := range body {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/_-.", r)) {
			return false
		}
	}
	return true
}

// pasteKnown sets what `paste -s -d C` (or -sdC, -s alone: a tab) prints
// of known text on its standard input: the lines joined by C, one line.
// It reports false, the output left unknown, for anything else: a file
// operand, a list of delimiters, an escape, a part guard does not know.
func (c *cmd) pasteKnown() bool {
	in := c.stdin
	if c.name != "paste" || !in.known || word.HasMark(in.text) || strings.ContainsRune(in.text, 0) || !word.AllKnown(c.args) {
		return false
	}
	serial, delim := false, "\t"
	args := word.Texts(c.args)
	for j := 0; j < len(args); j++ {
		a := args[j]
		switch {
		case a == "-":
		case a == "-s" || a == "--serial":
			serial = true
		case (a == "-d" || a == "-sd") && j+1 < len(args):
			serial, delim = serial || a == "-sd", args[j+1]
			j++
		case strings.HasPrefix(a, "-sd"):
			serial, delim = true, a[3:]
		case strings.HasPrefix(a, "-d"):
			delim = a[2:]
		default:
			return false
		}
	}
	if !serial || len(delim) != 1 || delim == "\\" {
		return false
	}
	lines := strings.Split(strings.TrimSuffix(in.text, "\n"), "\n")
	c.out = output{text: strings.Join(lines, delim) + "\n", known: true}
	return true
}
