package lang

import "strings"

// The command a shell call builds around an input record: awk's
// system("cat " $0), perl's system("cat " . $_) and "cat $F[0]", ruby's
// "cat #{$_}", print "cat " $0 | "sh". What the shell runs is the text
// around the record with the record put in, not the record alone.

// RecordPart is one piece of such a command: literal text, or the record
// (Field 0 the whole, n > 0 its nth blank-separated field, -1 its last).
type RecordPart struct {
	Text   string
	Record bool
	Field  int
}

// RecordCommands returns the pieces of the command of each shell call of
// code (the program of prog) that hands a shell an input record; ok is
// false when one is built in a way guard does not follow: a variable, a
// function, a format, a list of words, an operator other than joining.
func RecordCommands(code, prog string) (cmds [][]RecordPart, ok bool) {
	code = code[:min(len(code), maxRecordScan)]
	seen := map[int]bool{}
	breaks := stmtBreaks(code)
	for i := 0; i < len(code); i++ {
		if code[i] != '$' && code[i] != '@' || !recordRef(code[i:]) {
			continue
		}
		var arg string
		var start int
		switch {
		case inBackticks(code, i):
			start = strings.LastIndexByte(code[:i], '`')
			end := strings.IndexByte(code[i:], '`')
			if end < 0 {
				return nil, false
			}
			arg = `"` + code[start+1:i+end] + `"`
		case inShellCall(code, breaks, i):
			start, _ = stmtBounds(code, breaks, i)
			var found bool
			if arg, found = recordCallArg(code, start, i); !found {
				return nil, false
			}
		default:
			continue
		}
		if seen[start] {
			continue
		}
		seen[start] = true
		parts, ok := recordParts(arg, prog)
		if !ok {
			return nil, false
		}
		cmds = append(cmds, parts)
	}
	if AwkFamily(prog) && pipesToShell(code) {
		parts, ok := awkPrintedCommand(code)
		if !ok {
			return nil, false
		}
		cmds = append(cmds, parts)
	}
	return cmds, true
}

// recordCallArg returns the argument of the shell call in the statement
// code[start:] that holds position i: after the call's name and its (, up
// to the ) that closes it, or to the statement's end.
func recordCallArg(code string, start, i int) (string, bool) {
	stmt := code[start:i]
	at := -1
	for _, name := range append(shellCalls, "qx", "open") {
		if j := strings.LastIndex(stmt, name); j > at {
			at = j + len(name)
		}
	}
	if at < 0 {
		return "", false
	}
	k := skipBlanks(code, start+at)
	if k < len(code) && code[k] == '(' {
		if t, closed := parenText(code, k); closed {
			return t, true
		}
		return "", false
	}
	for e := k; e < len(code); e++ {
		switch code[e] {
		case '"':
			if e = recStringEnd(code, e); e < 0 {
				return "", false
			}
		case ';', '\n', '}', '|':
			return code[k:e], true
		}
	}
	return code[k:], true
}

// awkPrintedCommand returns the pieces of what awk prints into a shell
// (print "cat " $0 | "sh"): the print's expressions, joined; print alone
// is the record.
func awkPrintedCommand(code string) ([]RecordPart, bool) {
	bar := strings.LastIndexByte(code, '|')
	p := strings.LastIndex(code[:bar], "print")
	if p < 0 {
		return nil, false
	}
	expr := code[p+len("print") : bar]
	if strings.TrimSpace(expr) == "" {
		return []RecordPart{{Record: true}}, true // print alone prints $0
	}
	return recordParts(expr, "awk")
}

// recordParts reads a shell call's argument: string literals and record
// variables, joined (side by side in awk, by . in perl, interpolated in
// perl's and ruby's double-quoted strings).
func recordParts(arg, prog string) ([]RecordPart, bool) {
	awk := AwkFamily(prog)
	var out []RecordPart
	for i := 0; i < len(arg); {
		c := arg[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || !awk && c == '.':
			i++
		case c == '"':
			end := recStringEnd(arg, i)
			if end < 0 {
				return nil, false
			}
			parts, ok := recordInterp(arg[i+1:end], awk)
			if !ok {
				return nil, false
			}
			out = append(out, parts...)
			i = end + 1
		case c == '\'' && !awk:
			end := strings.IndexByte(arg[i+1:], '\'')
			if end < 0 {
				return nil, false
			}
			out = append(out, RecordPart{Text: arg[i+1 : i+1+end]})
			i += end + 2
		default:
			p, n, ok := recordVar(arg[i:], awk)
			if !ok {
				return nil, false
			}
			out = append(out, p)
			i += n
		}
	}
	return out, true
}

// recStringEnd returns the index of the " that closes the string opened at
// s[i], -1 when none.
func recStringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return -1
}

// recordInterp reads a double-quoted string's body: awk's is text; perl's
// and ruby's put in $_, $F[n] and #{$_}; any other interpolation or an
// escape other than \\, \" and \t is not followed.
func recordInterp(body string, awk bool) ([]RecordPart, bool) {
	var out []RecordPart
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body):
			i++
			switch body[i] {
			case '\\', '"':
				b.WriteByte(body[i])
			case 't':
				b.WriteByte('\t')
			default:
				return nil, false
			}
		case !awk && strings.HasPrefix(body[i:], "#{"):
			end := strings.IndexByte(body[i:], '}')
			if end < 0 {
				return nil, false
			}
			p, n, ok := recordVar(body[i+2:i+end], false)
			if !ok || n != end-2 {
				return nil, false
			}
			out = append(out, RecordPart{Text: b.String()}, p)
			b.Reset()
			i += end
		case !awk && (c == '$' || c == '@'):
			p, n, ok := recordVar(body[i:], false)
			if !ok {
				return nil, false
			}
			out = append(out, RecordPart{Text: b.String()}, p)
			b.Reset()
			i += n - 1
		default:
			b.WriteByte(c)
		}
	}
	return append(out, RecordPart{Text: b.String()}), true
}

// recordVar reads the record variable s starts with, and its length: awk's
// $0, $N and $NF, perl's and ruby's $_ and $F[N].
func recordVar(s string, awk bool) (RecordPart, int, bool) {
	if awk {
		switch {
		case strings.HasPrefix(s, "$NF") && (len(s) == 3 || !isWordByte(s[3])):
			return RecordPart{Record: true, Field: -1}, 3, true
		case len(s) > 1 && s[0] == '$' && s[1] >= '0' && s[1] <= '9':
			n := 1
			for n < len(s) && s[n] >= '0' && s[n] <= '9' {
				n++
			}
			f := 0
			for _, d := range s[1:n] {
				f = min(f*10+int(d-'0'), 1<<16)
			}
			return RecordPart{Record: true, Field: f}, n, true
		}
		return RecordPart{}, 0, false
	}
	switch {
	case strings.HasPrefix(s, "$_") && (len(s) == 2 || !isWordByte(s[2])):
		return RecordPart{Record: true}, 2, true
	case strings.HasPrefix(s, "$F["):
		end := strings.IndexByte(s, ']')
		if end < 4 {
			return RecordPart{}, 0, false
		}
		f := 0
		for _, d := range s[3:end] {
			if d < '0' || d > '9' {
				return RecordPart{}, 0, false
			}
			f = min(f*10+int(d-'0'), 1<<16)
		}
		return RecordPart{Record: true, Field: f + 1}, end + 1, true
	}
	return RecordPart{}, 0, false
}

// RecordLine returns the command parts make of one input line.
func RecordLine(parts []RecordPart, line string) string {
	var b strings.Builder
	fields := strings.Fields(line)
	for _, p := range parts {
		switch {
		case !p.Record:
			b.WriteString(p.Text)
		case p.Field == 0:
			b.WriteString(line)
		case p.Field < 0 && len(fields) > 0:
			b.WriteString(fields[len(fields)-1])
		case p.Field > 0 && p.Field <= len(fields):
			b.WriteString(fields[p.Field-1])
		}
	}
	return b.String()
}

// WholeRecord reports whether every command is the record alone.
func WholeRecord(cmds [][]RecordPart) bool {
	for _, parts := range cmds {
		n := 0
		for _, p := range parts {
			switch {
			case p.Record && p.Field == 0:
				n++
			case p.Record || p.Text != "":
				return false
			}
		}
		if n != 1 {
			return false
		}
	}
	return true
}
