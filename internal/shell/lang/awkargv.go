package lang

import (
	"strings"
)

// maxAwkArgvUses bounds the uses of ARGV, ARGC and ENVIRON AwkArgs reads.
const maxAwkArgvUses = 64

// AwkArgv is what awk code does to the list of files it reads after BEGIN
// (ARGV, ARGC). Files are the values assigned to ARGV elements, each
// joined from literals with a part not known written as a run-time value
// (ARGV[1] = "a" x: a file read relative to the working directory).
// Computed reports a change guard cannot follow: ARGV handed where
// something stores into it (split(s, ARGV), sub(/a/, "b", ARGV[1]),
// getline ARGV[1], f(ARGV)) or an element changed by an operator
// (ARGV[1] += 1). Changes reports any change of ARGV, ARGC or ENVIRON
// (also ARGC = 2, delete ARGV): code that sets them does more than print.
type AwkArgv struct {
	Files             []string
	Computed, Changes bool
}

// AwkArgs reads what awk code does to its argument list (see AwkArgv).
// Past maxAwkArgvUses uses the code is one guard cannot tell.
func AwkArgs(code string) AwkArgv {
	var a AwkArgv
	if !strings.Contains(code, "ARGV") && !strings.Contains(code, "ARGC") && !strings.Contains(code, "ENVIRON") {
		return a
	}
	lits := litSpans(code)
	j := &joiner{code: code, stops: ";}\n),", window: 256}
	subs := false
	for name := range codeIdents(code, lits) {
		subs = subs || name == "sub" || name == "gsub"
	}
	seen := 0
	for name, k := range codeIdents(code, lits) {
		if name != "ARGV" && name != "ARGC" && name != "ENVIRON" {
			continue
		}
		if seen++; seen > maxAwkArgvUses {
			a.Computed, a.Changes = true, true
			return a
		}
		start := k - len(name)
		end := k
		if e := skipBlanks(code, k); e < len(code) && code[e] == '[' {
			end = skipGroup(code, e)
		} else if name != "ARGC" {
			a.awkWhole(code, name, start)
			continue
		}
		set, at := awkStores(code, start, end, subs)
		if !set {
			continue
		}
		a.Changes = true
		if name != "ARGV" {
			continue
		}
		if at < 0 {
			a.Computed = true // ARGV[1]++, sub(/x/, "y", ARGV[1]), getline ARGV[1]
			continue
		}
		j.lookups = 0
		ps, _ := j.pieces(at, 0)
		f, _ := awkJoined(ps)
		a.Files = append(a.Files, f)
	}
	return a
}

// awkWhole reads a use of a whole array (ARGV, ENVIRON; not an element) at
// code[start]: `k in ARGV` reads it, delete changes it, any other use
// (split(s, ARGV), f(ARGV)) may store into it.
func (a *AwkArgv) awkWhole(code, name string, start int) {
	before := strings.TrimRight(code[:start], " \t(")
	switch {
	case strings.HasSuffix(before, " in") || strings.HasSuffix(before, "\tin"):
	case strings.HasSuffix(before, "delete"):
		a.Changes = true
	default:
		if strings.HasSuffix(strings.TrimRight(code[:start], " \t"), "length(") {
			return // length(ARGV)
		}
		a.Changes = true
		a.Computed = a.Computed || name == "ARGV"
	}
}

// awkStores reports whether the lvalue code[start:end] (a name, or an
// element name[…]) is stored into; at is where the value of a plain
// assignment starts, -1 for any other store (an operator assignment, ++,
// --, getline into it). When the code calls sub or gsub (subs), any use
// may be their target, which guard does not follow through a regular
// expression's text: a store.
func awkStores(code string, start, end int, subs bool) (set bool, at int) {
	rest := code[skipBlanks(code, end):]
	before := strings.TrimRight(code[:start], " \t")
	switch {
	case strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "=="):
		return true, len(code) - len(rest) + 1
	case len(rest) > 1 && rest[1] == '=' && strings.IndexByte("+-*/%^", rest[0]) >= 0,
		strings.HasPrefix(rest, "**="), strings.HasPrefix(rest, "++"), strings.HasPrefix(rest, "--"),
		strings.HasSuffix(before, "++"), strings.HasSuffix(before, "--"), strings.HasSuffix(before, "getline"):
		return true, -1
	}
	if subs {
		return true, -1 // gsub(/x/, "", ARGV[1]): any element may be sub's target
	}
	return false, 0
}
