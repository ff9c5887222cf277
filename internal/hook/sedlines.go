package hook

import (
	"regexp"
	"strconv"
	"strings"
)

// A sed -i script guard applies itself when it is not a literal one
// (lang.ParseSedLiteral): commands, one a line or after ;, of the forms
// s/RE/TEXT/ (g), /RE/d, Nd, Ni TEXT and Na TEXT, where RE is a basic
// expression grep's model reads (breExpr) that matches no empty text and
// TEXT holds no & and no backslash but \/. The match is leftmost-longest,
// as POSIX's. Anything else is a change guard cannot compute.

// sedLine is one command of such a script.
type sedLine struct {
	op   byte           // 's', 'd', 'i', 'a'
	at   int            // its line number address (0: none)
	addr *regexp.Regexp // its /RE/ address (d only)
	re   *regexp.Regexp // s's expression
	text string         // s's replacement, i's and a's line
	all  bool           // s's g flag
}

// parseSedLines returns script's commands; false when it holds anything
// outside the model.
func parseSedLines(script string) ([]sedLine, bool) {
	var out []sedLine
	for _, line := range strings.Split(script, "\n") {
		for s := strings.TrimSpace(line); s != ""; s = strings.TrimLeft(s, " \t;") {
			c, rest, ok := parseSedLine(s)
			if !ok {
				return nil, false
			}
			out = append(out, c)
			s = rest
		}
	}
	return out, len(out) > 0
}

// parseSedLine returns the command s begins with and what follows it.
func parseSedLine(s string) (sedLine, string, bool) {
	var c sedLine
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n > 0 {
		c.at, _ = strconv.Atoi(s[:n])
		if c.at == 0 || n == len(s) {
			return c, "", false
		}
		s = s[n:]
		switch s[0] {
		case 'd':
			c.op = 'd'
			return c, s[1:], true
		case 'i', 'a':
			c.op, c.text = s[0], strings.TrimLeft(s[1:], " \t")
			return c, "", c.text != "" && !strings.Contains(c.text, `\`)
		}
		return c, "", false
	}
	switch s[0] {
	case '/':
		re, rest, ok := sedPart(s[1:], true)
		if !ok || rest == "" || rest[0] != 'd' {
			return c, "", false
		}
		c.op, c.addr = 'd', re.(*regexp.Regexp)
		return c, rest[1:], true
	case 's':
		if len(s) < 2 || s[1] != '/' {
			return c, "", false
		}
		re, rest, ok := sedPart(s[2:], true)
		if !ok {
			return c, "", false
		}
		to, rest, ok := sedPart(rest, false)
		if !ok {
			return c, "", false
		}
		c.op, c.re, c.text = 's', re.(*regexp.Regexp), to.(string)
		if c.all = strings.HasPrefix(rest, "g"); c.all {
			rest = rest[1:]
		}
		return c, rest, rest == "" || rest[0] == ';' || rest[0] == ' '
	}
	return c, "", false
}

// sedPart reads s up to an unescaped /: a compiled expression (isRE) or
// a replacement text, and what follows the /.
func sedPart(s string, isRE bool) (any, string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '/':
			if !isRE {
				return b.String(), s[i+1:], true
			}
			expr, ok := breExpr(b.String())
			if !ok || b.Len() == 0 {
				return nil, "", false
			}
			re, ok := lineRegexp(expr, false, false)
			if !ok || re.MatchString("") {
				return nil, "", false
			}
			re.Longest()
			return re, s[i+1:], true
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '/':
			if isRE {
				b.WriteByte('\\')
			}
			b.WriteByte('/')
			i++
		case !isRE && (s[i] == '\\' || s[i] == '&' || s[i] == '\n'):
			return nil, "", false
		default:
			b.WriteByte(s[i])
		}
	}
	return nil, "", false
}

// applySedLines returns text after the commands; false when text does not
// end in a newline (its last line's end is not modelled).
func applySedLines(cmds []sedLine, text string) (string, bool) {
	if text != "" && !strings.HasSuffix(text, "\n") {
		return "", false
	}
	var b strings.Builder
	lines := strings.SplitAfter(text, "\n")
	for n, line := range lines[:len(lines)-1] {
		line = strings.TrimSuffix(line, "\n")
		var after strings.Builder
		kept := true
		for _, c := range cmds {
			if c.at != 0 && c.at != n+1 || c.addr != nil && !c.addr.MatchString(line) {
				continue
			}
			switch c.op {
			case 'i':
				b.WriteString(c.text + "\n")
			case 'a':
				after.WriteString(c.text + "\n")
			case 's':
				line = sedReplace(c, line)
			}
			if kept = c.op != 'd'; !kept {
				break
			}
		}
		if kept {
			b.WriteString(line + "\n")
		}
		b.WriteString(after.String())
	}
	return b.String(), true
}

// sedReplace returns line after s command c.
func sedReplace(c sedLine, line string) string {
	if c.all {
		return c.re.ReplaceAllLiteralString(line, c.text)
	}
	if m := c.re.FindStringIndex(line); m != nil {
		return line[:m[0]] + c.text + line[m[1]:]
	}
	return line
}
