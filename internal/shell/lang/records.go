package lang

import (
	"slices"
	"strings"
)

// Code that runs its input records: awk's system($0),
// perl's system $_ in a -n or -p loop, ruby's `#{$_}`. What such code runs
// is the text it reads, not a literal of its own.

// recordLanguages are the interpreters whose code reads its input a record
// at a time into a variable ($0 and $1… in awk, $_ and @F in perl and
// ruby).
func recordLanguage(prog string) bool {
	switch prog {
	case "perl", "ruby":
		return true
	}
	return AwkFamily(prog)
}

// maxRecordScan bounds the code RunsRecords looks at.
const maxRecordScan = 64 << 10

// RunsRecords reports whether code, the program of prog (an awk, perl or
// ruby), hands an input record to a shell: a record variable ($0, $1…,
// $NF, $_, @F, $F[…]) inside the argument of a call that runs a shell
// command (system, exec, popen…), inside backticks or qx, or awk printing
// into a shell (print … | "sh").
func RunsRecords(code, prog string) bool {
	if !recordLanguage(prog) {
		return false
	}
	code = code[:min(len(code), maxRecordScan)]
	breaks := stmtBreaks(code)
	for i := 0; i < len(code); i++ {
		if code[i] != '$' && code[i] != '@' || !recordRef(code[i:]) {
			continue
		}
		if inBackticks(code, i) || inShellCall(code, breaks, i) {
			return true
		}
	}
	return AwkFamily(prog) && pipesToShell(code)
}

// recordRef reports whether s starts with a record variable.
func recordRef(s string) bool {
	if len(s) < 2 {
		return false
	}
	switch {
	case s[0] == '$' && s[1] >= '0' && s[1] <= '9':
		return true
	case strings.HasPrefix(s, "$NF"), strings.HasPrefix(s, "$F["), strings.HasPrefix(s, "$("):
		return true
	case strings.HasPrefix(s, "$_"), strings.HasPrefix(s, "@F"):
		return len(s) == 2 || !isWordByte(s[2])
	}
	return false
}

// inBackticks reports whether position i of code is inside a backtick
// literal (an odd number of backticks before it on its line).
func inBackticks(code string, i int) bool {
	line := code[strings.LastIndexByte(code[:i], '\n')+1 : i]
	return strings.Count(line, "`")%2 == 1
}

// inShellCall reports whether position i of code is in the argument of a
// call that runs a shell command: the statement from the call's name up
// to i holds no ; or newline outside a double-quoted string (system("cd;
// cat " $0) is one statement), and the call is one of shellCalls or qx.
func inShellCall(code string, breaks []int, i int) bool {
	start, end := stmtBounds(code, breaks, i)
	stmt, tail := code[start:i], code[i:end]
	for _, name := range append(shellCalls, "qx", "open") {
		for k := 0; k < len(stmt); {
			j := strings.Index(stmt[k:], name)
			if j < 0 {
				break
			}
			j += k
			k = j + len(name)
			if j > 0 && isWordByte(stmt[j-1]) || k < len(stmt) && isWordByte(stmt[k]) {
				continue
			}
			if name != "open" || strings.Contains(stmt[k:]+tail, "|") {
				return true // open(F, "$_ |"), open(F, "-|", $_)
			}
		}
	}
	return false
}

// stmtBreaks returns the positions of code's statement ends: each ; and
// newline outside a double-quoted string (system("cd; cat " $0) is one
// statement).
func stmtBreaks(code string) []int {
	var out []int
	quoted := false
	for k := 0; k < len(code); k++ {
		switch c := code[k]; {
		case c == '\\' && quoted:
			k++
		case c == '"':
			quoted = !quoted
		case !quoted && (c == ';' || c == '\n'):
			out = append(out, k)
		}
	}
	return out
}

// stmtBounds returns the statement that holds position i of code whose
// statement ends are breaks (stmtBreaks).
func stmtBounds(code string, breaks []int, i int) (start, end int) {
	k, _ := slices.BinarySearch(breaks, i)
	if k > 0 {
		start = breaks[k-1] + 1
	}
	if k < len(breaks) {
		return start, breaks[k]
	}
	return start, len(code)
}

// pipesToShell reports whether awk code prints into a shell: | "sh",
// | "bash -s" and the like.
func pipesToShell(code string) bool {
	for k := 0; k < len(code); k++ {
		j := strings.IndexByte(code[k:], '|')
		if j < 0 {
			return false
		}
		k += j
		rest := strings.TrimLeft(code[k+1:], " \t&")
		if !strings.HasPrefix(rest, `"`) {
			continue
		}
		lit, _, _ := strings.Cut(rest[1:], `"`)
		if cmd := strings.Fields(lit); len(cmd) > 0 {
			switch cmd[0] {
			case "sh", "bash", "zsh", "dash", "ksh", "/bin/sh", "/bin/bash":
				return true
			}
		}
	}
	return false
}

// isWordByte reports whether b may be part of an identifier.
func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
