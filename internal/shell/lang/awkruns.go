package lang

import "strings"

// AwkRunsGetline reports whether awk code reads with getline (from a
// file, a command or its input: getline c < "F", "cmd" | getline c,
// getline c) and hands system() an argument that is not one string
// literal: what system runs may then be the text getline read, which is
// no record of the operands guard reads (RunsRecords) and no literal of
// the code. Guard cannot tell what it runs.
func AwkRunsGetline(code string) bool {
	lits := litSpans(code)
	getline, built := false, false
	for name, k := range codeIdents(code, lits) {
		switch name {
		case "getline":
			getline = true
		case "system":
			built = built || awkBuiltArg(code, lits, k)
		}
	}
	return getline && built
}

// awkBuiltArg reports whether the call whose name ends at code[k] has an
// argument that is not one string literal (system(c), system("sh " c)).
func awkBuiltArg(code string, lits []lit, k int) bool {
	i := skipBlanks(code, k)
	if i >= len(code) || code[i] != '(' {
		return false // a word, not the call
	}
	i = skipBlanks(code, i+1)
	l, ok := litAt(lits, i)
	if !ok {
		return i < len(code) && code[i] != ')'
	}
	j := skipBlanks(code, l.next)
	return j >= len(code) || code[j] != ')'
}

// AwkRunsBuiltRecord reports whether awk code refers to its input records
// ($0, $1, $NF… outside string literals) and hands system() an argument
// built without naming one (system(cmd), cmd = "cat " $0 before): what
// system runs may be a record's text with more around it, which guard does
// not follow through the variable. (A record named in the argument itself
// is read by RecordCommands.)
func AwkRunsBuiltRecord(code string) bool {
	lits := litSpans(code)
	records, built := false, false
	for i := 0; i < len(code); i++ {
		if code[i] == '$' {
			if !inLit(lits, i) {
				records = true
				break
			}
		}
	}
	for name, k := range codeIdents(code, lits) {
		if name == "system" && awkBuiltArg(code, lits, k) && !strings.Contains(callText(code, k), "$") {
			built = true
		}
	}
	return records && built
}

// callText returns the text of the parenthesised argument after code[k].
func callText(code string, k int) string {
	i := skipBlanks(code, k)
	if i >= len(code) || code[i] != '(' {
		return ""
	}
	t, _ := parenText(code, i)
	return t
}

// parenText returns the text inside the parenthesis that opens at
// code[i], up to the one that closes it, and whether one does (else the
// rest of code).
func parenText(code string, i int) (string, bool) {
	depth := 0
	for e := i; e < len(code); e++ {
		switch code[e] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return code[i+1 : e], true
			}
		}
	}
	return code[i+1:], false
}
