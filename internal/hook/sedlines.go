package hook

import (
	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/shell/lang"
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

// A sed edit guard computes is judged by where it writes, as an Edit's
// replacements are (applyTracked), not by what of a secret survives: a
// match, a deleted line or an inserted one that falls inside a secret of
// the file, or a match beside one (its byte before or after is the
// secret's), reshapes it, unless it takes all that is left of the
// secret. s/0/0é/g on a token spreads letters through it and keeps no
// run of it whole; its matches fall inside the token.

// sedScript returns the commands of a sed script guard applies: a
// literal one (each s/FROM/TO/ as an expression of FROM's text) or one
// parseSedLines models.
func sedScript(script string) ([]sedLine, bool) {
	lit, ok := lang.ParseSedLiteral(script)
	if !ok {
		return parseSedLines(script)
	}
	out := make([]sedLine, 0, len(lit))
	for _, s := range lit {
		re, err := regexp.Compile(regexp.QuoteMeta(s.From))
		if err != nil {
			return nil, false
		}
		out = append(out, sedLine{op: 's', re: re, text: s.To, all: s.All})
	}
	return out, true
}

// sedCuts returns the rule of a secret of text (ms: its secrets) that
// cmds change inside or beside, the line at a time as applySedLines
// applies them.
func sedCuts(cmds []sedLine, text string, ms []detect.Match) (string, bool) {
	left := make([]int, len(ms)) // each secret's original bytes still in the text
	for k, m := range ms {
		left[k] = m.End - m.Start
	}
	for at, n := 0, 1; at < len(text); n++ {
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += at
		}
		if k := sedLineCuts(cmds, text[at:end], at, n, ms, left); k >= 0 {
			return ms[k].Rule, true
		}
		at = end + 1
	}
	return "", false
}

// sedLineCuts returns the index in ms of the secret cmds change inside
// or beside on line n (at: its offset in the text), -1 for none.
func sedLineCuts(cmds []sedLine, line string, at, n int, ms []detect.Match, left []int) int {
	orig := make([]int32, len(line)) // each byte's offset in the text, -1: inserted
	for i := range orig {
		orig[i] = int32(at + i)
	}
	end := at + len(line) // the line's newline
	for _, c := range cmds {
		if c.at != 0 && c.at != n || c.addr != nil && !c.addr.MatchString(line) {
			continue
		}
		switch c.op {
		case 'i':
			if k := splitSecret(at-1, at, ms); k >= 0 {
				return k
			}
		case 'a':
			if k := splitSecret(end, end+1, ms); k >= 0 {
				return k
			}
		case 'd':
			return cutSecret(append(orig, int32(end)), ms, left)
		case 's':
			var k int
			if line, orig, k = sedTracked(c, line, orig, at-1, end, ms, left); k >= 0 {
				return k
			}
		}
	}
	return -1
}

// sedTracked applies s command c to line (orig: its bytes' offsets;
// before, after: the offsets of the bytes around it) and returns the new
// line, its offsets, and the index of a secret of ms a match falls inside
// or beside (-1 for none).
func sedTracked(c sedLine, line string, orig []int32, before, after int, ms []detect.Match, left []int) (string, []int32, int) {
	idx := c.re.FindAllStringIndex(line, 1)
	if c.all {
		idx = c.re.FindAllStringIndex(line, -1)
	}
	var b strings.Builder
	var tags []int32
	from := 0
	for _, m := range idx {
		l, r := int32(before), int32(after)
		if m[0] > 0 {
			l = orig[m[0]-1]
		}
		if m[1] < len(orig) {
			r = orig[m[1]]
		}
		whole := make([]bool, len(ms))
		for k := range ms {
			whole[k] = left[k] > 0 && takes(orig[m[0]:m[1]], ms[k]) == left[k]
		}
		if k := cutSecret(orig[m[0]:m[1]], ms, left); k >= 0 {
			return line, orig, k
		}
		for k, s := range ms {
			if !whole[k] && left[k] > 0 && (inSpan(l, s) || inSpan(r, s)) {
				return line, orig, k
			}
		}
		b.WriteString(line[from:m[0]] + c.text)
		tags = append(append(tags, orig[from:m[0]]...), inserted(len(c.text))...)
		from = m[1]
	}
	b.WriteString(line[from:])
	return b.String(), append(tags, orig[from:]...), -1
}

// cutSecret takes the replaced bytes (their offsets) off left and
// returns the index of a secret of ms they were some, not all, of the
// bytes still in the text of (-1 for none).
func cutSecret(replaced []int32, ms []detect.Match, left []int) int {
	cut := -1
	for k, m := range ms {
		n := takes(replaced, m)
		if n > 0 && n < left[k] && cut < 0 {
			cut = k
		}
		left[k] -= n
	}
	return cut
}

// takes counts the bytes of replaced (their offsets) inside m.
func takes(replaced []int32, m detect.Match) int {
	n := 0
	for _, o := range replaced {
		if inSpan(o, m) {
			n++
		}
	}
	return n
}

// inSpan reports whether offset o is inside m.
func inSpan(o int32, m detect.Match) bool {
	return o >= 0 && int(o) >= m.Start && int(o) < m.End
}

// splitSecret returns the index of a secret of ms that a line put
// between the bytes at offsets l and r splits (-1 for none).
func splitSecret(l, r int, ms []detect.Match) int {
	for k, m := range ms {
		if inSpan(int32(l), m) && inSpan(int32(r), m) {
			return k
		}
	}
	return -1
}
