package lang

import "strings"

// maxAwkPrints bounds the print statements AwkComputedOutput reads.
const maxAwkPrints = 64

// AwkComputedOutput reports whether awk code prints into a file or a
// command guard cannot tell: a redirection of print or
// printf (>, >>, |) whose target holds no literal part (print > $0,
// print >> (s), print | cmd, print > sprintf("%c", 47) …). A literal target
// is one AwkOutputs reads; a join of a literal with parts not known
// (print > $1 ".txt", > (s "tmp" s ".bashrc")) is written with markers and
// checked as a path. Past maxAwkPrints statements the code is one guard
// cannot tell.
func AwkComputedOutput(code string) bool {
	j := &joiner{code: code, stops: ";}\n|)", window: 256}
	seen := 0
	for name, k := range codeIdents(code, litSpans(code)) {
		if name != "print" && name != "printf" {
			continue
		}
		if seen++; seen > maxAwkPrints {
			return true
		}
		t, pipe := awkRedirect(code, k)
		switch {
		case t < 0:
		case pipe && !awkPipeTold(code, k, t):
			return true
		case !pipe && !j.awkTold(t):
			return true
		}
	}
	return false
}

// awkRedirect returns where the target of the output redirection of the
// print statement whose arguments start at code[i] begins (after the
// operator, blanks and opening parentheses), -1 when it has none: a >, >>
// or | (pipe) outside parentheses and strings, before the statement ends.
func awkRedirect(code string, i int) (at int, pipe bool) {
	depth := 0
	for k := i; k < len(code); k++ {
		switch c := code[k]; c {
		case '"':
			e := quoteEnd(code, k)
			if e < 0 {
				return -1, false
			}
			k = e
		case '(', '[':
			depth++
		case ')', ']':
			if depth--; depth < 0 {
				return -1, false
			}
		case ';', '}', '\n':
			if depth == 0 {
				return -1, false
			}
		case '>', '|':
			if depth > 0 {
				continue
			}
			if c == '|' && k+1 < len(code) && code[k+1] == '|' {
				k++ // ||: or, not a pipe
				continue
			}
			k++
			if c == '>' && k < len(code) && code[k] == '>' {
				k++
			}
			return skipParens(code, k), c == '|'
		}
	}
	return -1, false
}

// awkFilters are commands a print may pipe computed text into: they
// print or count it, they run none of it.
const awkFilters = " sort uniq head tail wc cat tr column cut fmt fold nl rev tac grep less more "

// awkPipeTold reports whether print's pipe (arguments at code[i], the
// command at code[t]) runs a command guard can tell: one plain literal,
// handed computed text only when it is a filter (print x | "sort"); text a
// shell runs (print "rm " f | "sh") must be literal too.
func awkPipeTold(code string, i, t int) bool {
	if t >= len(code) || code[t] != '"' {
		return false
	}
	e := quoteEnd(code, t)
	if e < 0 {
		return false
	}
	if rest := strings.TrimLeft(code[e+1:], " \t)"); rest != "" && !strings.ContainsRune(";}\n", rune(rest[0])) {
		return false // "cat >> " s: a joined command
	}
	cmd := code[t+1 : e]
	if first, _, _ := strings.Cut(strings.TrimSpace(cmd), " "); strings.Contains(awkFilters, " "+first+" ") && !strings.ContainsAny(cmd, ";|&$`<>") {
		return true
	}
	args := strings.TrimSpace(code[i:strings.LastIndexByte(code[:t], '|')])
	for _, a := range topLevel(args) {
		if a = strings.TrimSpace(a); a != "" && !plainWord(a) {
			return false
		}
	}
	return true
}

// skipParens returns the index in code after k's blanks and opening
// parentheses.
func skipParens(code string, k int) int {
	for k < len(code) && (code[k] == ' ' || code[k] == '\t' || code[k] == '(') {
		k++
	}
	return k
}

// awkTold reports whether the redirection target at code[i] holds a
// literal part: a file or command guard reads (AwkOutputs, the literal
// scan), with its parts not known as markers.
func (j *joiner) awkTold(i int) bool {
	j.lookups = 0
	ps, _ := j.pieces(i, 0)
	for _, p := range ps {
		if p.known && strings.TrimSpace(p.text) != "" {
			return true
		}
	}
	return false
}
