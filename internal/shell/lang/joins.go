package lang

// Shell text and file names that interpreter code builds by joining
// strings: os.system("cat x >> ~/.ba" + "shrc"), awk's system("…" "rc"),
// perl's "…" . "rc", "…%s" % v, "…{}".format(v), f"…{v}", "#{v}". A
// literal that is one operand of a join is a fragment, not the command: the
// expression is read as a whole. Literals joined by the language's
// concatenation (+, perl's and php's ., lua's .., ruby's <<, juxtaposition
// in awk and python) are folded; a name assigned a join earlier in the code
// is looked up (two levels at most); any other operand (a call, chr(114),
// ENVIRON["HOME"], a formatting placeholder) is a part guard does not know,
// so the rules about partly known paths see the known parts of the whole
// word (~/.ba…shrc could be ~/.bashrc). joinforms.go folds joins and
// formats: "".join([…]), perl's join, .format, %, .concat, templates.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// unknownByte stands in joined text for a part not known, until it is
// written in the form its consumer reads.
const unknownByte = "\x00"

// maxExpr bounds the code one joined expression reads, maxNameLookups the
// names it looks up.
const (
	maxExpr        = 4096
	maxNameLookups = 16
)

// joiner reads joined expressions of one code text.
type joiner struct {
	code    string
	stops   string // bytes that end an expression at depth 0
	window  int    // bytes one expression may span (0: maxExpr)
	lookups int    // names looked up for the expression being read
	assigns map[string][]int
	indexed bool
	given   *Given // what the command hands the code, when known (formatted.go)
}

// piece is a part of a joined expression: a literal's text, or a part not
// known.
type piece struct {
	text  string
	known bool
	sep   bool // a join's separator (joinforms.go)
}

// joinedAt returns the text of the expression at code[i] with unknownByte
// for each part not known; ok is false when the expression holds no
// literal or is one literal alone (read as it is elsewhere).
func (j *joiner) joinedAt(i, depth int) (string, bool) {
	j.lookups = 0
	ps, fmtd := j.pieces(i, depth)
	known := 0
	for _, p := range ps {
		if p.known {
			known++
		}
	}
	if known == 0 || len(ps) == 1 && !fmtd {
		return "", false
	}
	var b strings.Builder
	for _, p := range ps {
		switch {
		case !p.known:
			b.WriteString(unknownByte)
		case fmtd || len(ps) > known:
			b.WriteString(placeholders(p.text))
		default:
			b.WriteString(p.text)
		}
	}
	return b.String(), true
}

// pieces splits the expression at code[i] into literals and unknown parts;
// fmtd reports a formatting operator or template guard did not fold (%,
// .format on what is not a literal).
func (j *joiner) pieces(i, depth int) (ps []piece, fmtd bool) {
	ps, fmtd, _ = j.scan(i, depth, j.stops)
	return ps, fmtd
}

// scan reads the expression at code[i] up to a byte of stops at depth 0
// (see pieces); end is where it stopped. Literals are folded through the
// joins and formats of joinforms.go: SEP.join(LIST), LIST.join(SEP), perl's
// join SEP, LIST, "…{}".format(…), "…%s" % (…), .concat(…) and the
// templates f"…{x}", "#{x}", `${x}`.
func (j *joiner) scan(i, depth int, stops string) (ps []piece, fmtd bool, end int) {
	w := j.window
	if w == 0 {
		w = maxExpr
	}
	code := j.code[:min(len(j.code), i+w)]
	unknown := func() { ps = appendUnknown(ps) }
	group := -1 // where the last bracket group read opened
	k := i
	for k < len(code) {
		c := code[k]
		if l, ok := literalAt(code, k); ok && c != '%' {
			ps = append(ps, j.template(code, k, l, depth)...)
			k, group = l.next, -1
			continue
		}
		switch {
		case strings.IndexByte(stops, c) >= 0 || stopWord(code, k):
			return ps, fmtd, k
		case c == ' ' || c == '\t' || c == '+':
			k++
		case c == '.' && k+1 < len(code) && word.IsWordChar(code[k+1]):
			var ok bool
			if ps, k, ok = j.method(code, k+1, ps, group, depth); !ok {
				fmtd = fmtd || strings.HasPrefix(code[k:], "format")
				unknown()
			}
			group = -1
		case c == '.' && k+1 < len(code) && (code[k+1] == '.' || code[k+1] == ' ' || code[k+1] == '"' || code[k+1] == '\'' || code[k+1] == '$'):
			k++ // perl's and php's ., lua's ..
		case c == '<' && k+1 < len(code) && code[k+1] == '<':
			k += 2 // ruby's <<
		case c == '%' && len(ps) > 0 && ps[len(ps)-1].known && k+1 < len(code) && code[k+1] != '=':
			ps, k = j.percent(code, k+1, ps, depth)
			group = -1
		case c == '(' || c == '[' || c == '{':
			group = -1
			if c == '[' {
				group = k // a list: LIST.join(SEP) may follow
			}
			k = skipGroup(code, k)
			unknown()
		case word.IsWordChar(c) || c == '$' || c == '@':
			e := k + 1
			for e < len(code) && (word.IsWordChar(code[e]) || code[e] == '.' && e+1 < len(code) && word.IsWordChar(code[e+1]) && !strings.HasPrefix(code[e+1:], "join")) {
				e++
			}
			name := code[k:e]
			if e < len(code) && (code[e] == '"' || code[e] == '\'') && strings.Trim(name, "rRbBfFuU") == "" && len(name) <= 2 {
				k = e // a prefix: the literal follows (template reads f"…")
				continue
			}
			if name == "join" && (k == 0 || code[k-1] != '.') {
				if jp, e2, ok := j.perlJoin(code, e, depth); ok {
					ps, k, group = append(ps, jp...), e2, -1
					continue
				}
			}
			if v, end, ok := j.valueCall(code, k, e, depth); ok {
				ps, k, group = append(ps, v...), end, -1
				continue
			}
			if name == "format" || strings.HasSuffix(name, ".format") {
				fmtd = true
			}
			if sub, ok := j.lookup(name, i, depth); ok {
				ps = append(ps, sub...)
			} else {
				unknown()
			}
			k, group = e, -1
		default:
			fmtd = fmtd || c == '%'
			unknown()
			k++
		}
	}
	return ps, fmtd, k
}

// valueCall reads the name code[k:e] when it starts a value the joiner
// models: a printf-style call (its template filled) or an expression of
// the home directory alone (~: Dir.home, os.environ["HOME"], $ENV{HOME}).
func (j *joiner) valueCall(code string, k, e, depth int) ([]piece, int, bool) {
	if o := skipBlanks(code, e); o < len(code) && code[o] == '(' && printfCalls.Has(code[k:e]) {
		its, end := j.items(code, o, depth)
		return printf(its), end, true
	}
	h := primaryEnd(code, e)
	if v, ok := dirExpr(code[k:h]); ok {
		return []piece{{text: v, known: true}}, h, true
	}
	if j.given == nil {
		return nil, e, false
	}
	if strings.HasPrefix(code[e:], ".join") && pathJoins.Has(code[k:e+5]) {
		e += 5 // os.path.join: the scan stops a name before .join
	}
	if o := skipBlanks(code, e); o < len(code) && code[o] == '(' && pathJoins.Has(code[k:e]) {
		its, end := j.items(code, o, depth)
		return joinItems(its, []piece{{text: "/", known: true}}), end, true
	}
	if v, ok := j.given.value(code[k:h]); ok {
		return v, h, true
	}
	return nil, e, false
}

// pathJoins are the calls that join their arguments with /.
const pathJoins word.Set = " os.path.join posixpath.join path.join File.join path.resolve "

// cwdExprs are the expressions of the working directory.
const cwdExprs word.Set = " Dir.pwd Dir.getwd os.getcwd() os.curdir process.cwd() Path.cwd() pathlib.Path.cwd() getcwd() cwd() "

// dirExpr returns the directory expression e stands for alone: ~ for the
// home directory (Dir.home, os.environ["HOME"], $ENV{HOME}), . for the
// working directory (Dir.pwd, os.getcwd()).
func dirExpr(e string) (string, bool) {
	e = strings.TrimSpace(e)
	switch {
	case cwdExprs.Has(strings.ReplaceAll(e, " ", "")):
		return ".", true
	case homeExpr(e):
		return "~", true
	}
	return "", false
}

// printfCalls are the printf-style calls whose value is their first
// argument, a template, filled with the others: ruby's format and sprintf,
// perl's and awk's sprintf, node's util.format, java's String.format.
const printfCalls word.Set = " format sprintf Kernel.format Kernel.sprintf util.format String.format "

// primaryEnd returns where the primary expression whose name ends at
// code[e] ends: past the calls, indexes and attributes that follow it
// (os.environ["HOME"], $ENV{HOME}, Path.home()).
func primaryEnd(code string, e int) int {
	for e < len(code) {
		switch {
		case strings.IndexByte("([{", code[e]) >= 0:
			e = skipGroup(code, e)
		case code[e] == '.' && e+1 < len(code) && word.IsWordChar(code[e+1]):
			e++
			for e < len(code) && word.IsWordChar(code[e]) {
				e++
			}
		default:
			return e
		}
	}
	return e
}

// homeExpr reports whether code expression e yields the home directory
// alone: a home token (homeIdent, a HOME key) and no other value
// (os.environ.get("HOME", d) is not one).
func homeExpr(e string) bool {
	e = strings.TrimSpace(e)
	if e == "" || len(e) > 128 {
		return false
	}
	atoms := codeAtoms(e)
	home := false
	for _, a := range atoms {
		if !a.home {
			return false
		}
		home = true
	}
	prev := 0
	for _, l := range litSpans(e) {
		if strings.ContainsAny(e[prev:l.open], ",+%") {
			return false
		}
		prev = l.next
	}
	return home && !strings.ContainsAny(e[min(prev, len(e)):], ",+%")
}

// appendUnknown appends a part not known to ps, unless ps ends with one.
func appendUnknown(ps []piece) []piece {
	if len(ps) == 0 || ps[len(ps)-1].known {
		ps = append(ps, piece{})
	}
	return ps
}

// stopWord reports whether a word at code[k] ends a perl or ruby call
// without parentheses: system "…" or die, … if $x.
func stopWord(code string, k int) bool {
	if k > 0 && word.IsWordChar(code[k-1]) {
		return false
	}
	for _, w := range []string{"or", "and", "if", "unless", "||", "&&"} {
		if strings.HasPrefix(code[k:], w) && (k+len(w) == len(code) || !word.IsWordChar(code[k+len(w)])) {
			return true
		}
	}
	return false
}

// lookup returns the pieces of the expression last assigned to name before
// code[before] (NAME = EXPR, my $c = EXPR), two levels deep at most.
func (j *joiner) lookup(name string, before, depth int) ([]piece, bool) {
	if depth >= 2 || j.lookups >= maxNameLookups || !identifier(name) {
		return nil, false
	}
	j.lookups++
	if !j.indexed {
		j.assigns, j.indexed = assignments(j.code), true
	}
	at := -1
	for _, p := range j.assigns[name] {
		if p < before {
			at = p
		}
	}
	if at < 0 {
		return nil, false
	}
	ps, fmtd := j.pieces(at, depth+1)
	if len(ps) == 0 || fmtd {
		return nil, false
	}
	return ps, true
}

// assignments indexes the assignments of code, NAME = EXPR: for each
// name, where each EXPR starts (in order; at most maxLiterals in all).
func assignments(code string) map[string][]int {
	out := map[string][]int{}
	n := 0
	for k := 0; k < len(code) && n < maxLiterals; k++ {
		if code[k] != '=' || k+1 < len(code) && (code[k+1] == '=' || code[k+1] == '>') || k > 0 && strings.IndexByte("=!<>+-*/%.&|^~", code[k-1]) >= 0 {
			continue
		}
		e := k
		for e > 0 && (code[e-1] == ' ' || code[e-1] == '\t') {
			e--
		}
		b := e
		for b > 0 && word.IsWordChar(code[b-1]) {
			b--
		}
		if b > 0 && code[b-1] == '$' {
			b--
		}
		if b == e || b > 0 && word.IsWordChar(code[b-1]) {
			continue
		}
		out[code[b:e]] = append(out[code[b:e]], k+1)
		n++
	}
	return out
}

// identifier reports whether s is a variable name: word characters after
// an optional $.
func identifier(s string) bool {
	s = strings.TrimPrefix(s, "$")
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !word.IsWordChar(s[i]) {
			return false
		}
	}
	return true
}

// skipGroup returns the index after the bracket group opening at code[k],
// or len(code) when it does not close; quotes inside are skipped.
func skipGroup(code string, k int) int {
	depth := 0
	for i := k; i < len(code) && i < k+maxExpr; i++ {
		switch c := code[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '\'', '"', '`':
			if e := strings.IndexByte(code[i+1:], c); e >= 0 {
				i += e + 1
			}
		}
	}
	return len(code)
}

// placeholders returns literal text with each formatting placeholder
// ({…}, #{…}, %s, %(name)s, %-5d) written unknownByte.
func placeholders(t string) string {
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == '{' || c == '#' && i+1 < len(t) && t[i+1] == '{':
			e := strings.IndexByte(t[i:], '}')
			if e < 0 {
				b.WriteByte(c)
				continue
			}
			b.WriteString(unknownByte)
			i += e
		case c == '%' && i+1 < len(t) && t[i+1] == '%':
			b.WriteByte('%')
			i++
		case c == '%' && i+1 < len(t):
			e := i + 1
			if t[e] == '(' {
				if k := strings.IndexByte(t[e:], ')'); k >= 0 {
					e += k + 1
				}
			}
			for e < len(t) && strings.IndexByte("#0- +.*0123456789", t[e]) >= 0 {
				e++
			}
			if e < len(t) && (t[e] >= 'a' && t[e] <= 'z' || t[e] >= 'A' && t[e] <= 'Z') {
				b.WriteString(unknownByte)
				i = e
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// shellText writes each unknownByte of joined text as a marker of a value
// not known (word.MarkVar): text no command can set, in any quoting, that
// the walker carries into the words it makes, where the rules about partly
// known paths see it.
func shellText(t string) string {
	return strings.ReplaceAll(t, unknownByte, ShellUnknown)
}

// ShellUnknown stands in shell text built from code for a part guard does
// not know.
const ShellUnknown = word.MarkStart + string(word.MarkVar) + "code_part" + word.MarkEnd

// joinedShell returns the shell text each call of fns in code builds by
// joining (see joinedAt).
func joinedShell(code string, fns []string) []string {
	j := &joiner{code: code, stops: ",);}]\n"}
	var out []string
	for _, k := range callArgs(code, fns) {
		if t, ok := j.joinedAt(k, 0); ok {
			out = append(out, shellText(t))
		}
	}
	return out
}

// callArgs returns where the first argument of each call of fns in code
// starts: f(x), f x (ruby, perl); not a hash (f({…})). A list (f([…]),
// read apart as argv) gives no joined text unless a join follows it.
func callArgs(code string, fns []string) []int {
	var out []int
	for _, fn := range fns {
		for off := 0; off < len(code) && len(out) < 16; {
			k, next, ok := nextCall(code, fn, off)
			if k < 0 {
				break
			}
			off = next
			if ok && k < len(code) && code[k] != '{' {
				out = append(out, k)
			}
		}
	}
	return out
}

// awkTarget returns the file an awk redirection's target expression at
// code[i] names, its parts not known written as markers; ok is false when
// it is one literal (AwkOutputs reads it) or holds none.
func (j *joiner) awkTarget(i int) (string, bool) {
	t, ok := j.joinedAt(i, 0)
	if !ok {
		return "", false
	}
	return strings.ReplaceAll(t, unknownByte, word.Mark(word.MarkVar, "")), true
}
