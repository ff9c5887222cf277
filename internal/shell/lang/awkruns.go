package lang

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
