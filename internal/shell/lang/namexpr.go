package lang

// Whether a name expression of interpreter code is known (computednames.go):
// the forms whose value guard reads from the code or the command.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// maxNameDepth bounds the variables, calls and joins known reads through,
// maxNameSteps the expressions it reads for one code text (beyond: not
// known).
const (
	maxNameDepth = 6
	maxNameSteps = 4096
)

// nameSources are spellings whose value is a name guard checks elsewhere
// or a harmless one: the environment (os.environ["GITHUB_OUTPUT"]; a HOME
// spelling is read by HomePaths), the code's own file and working
// directory, temporary names, the null device.
var nameSources = [...]string{"os.environ", "environ[", "environ.get(", "os.getenv(", "getenv(", "process.env", "$ENV{",
	"ENV[", "ENV.fetch(", "__file__", "__dirname", "__filename", "os.devnull", "os.getcwd()", "process.cwd()", "Dir.pwd",
	"os.tmpdir()", "tempfile.", "mkstemp", "mkdtemp", "File::Temp", "Dir.tmpdir", "os.curdir", "$0", "Dir.home", "File::HomeDir",
	"getpwuid", "(getpwuid", "os.sep", "os.path.sep", "path.sep", "File::Spec", "File::SEPARATOR", "__DIR__", "getcwd()"}

// argvSources are the spellings of the command's own arguments.
var argvSources = [...]string{"sys.argv", "process.argv", "$ARGV", "@ARGV", "ARGV", "shift", "$_[0]", "argv[", "$argv["}

// pathBuilders are calls that build a name from their arguments (and, for
// a method, the object): joins, path objects, normalisations, formats,
// listers and the wrappers of an iterable.
const pathBuilders = " join Path PurePath PosixPath PurePosixPath abspath realpath normpath dirname basename expanduser " +
	"resolve str String fspath catfile catdir expand_path absolute_path relative normalize format with_suffix " +
	"with_name with_stem joinpath absolute as_posix toString home homedir my_home require URL pathToFileURL glob iglob listdir scandir walk rglob iterdir readdirSync " +
	"readdir children each_child each_entry entries sorted list set tuple reversed range enumerate zip relpath fileURLToPath "

// pathModules are the usual names of the path modules: a variable so
// named holds the module (path = require("path")), not a string to join
// with.
const pathModules word.Set = " path posixpath ntpath pathlib File Pathname "

// pathAttrs are attributes of a known name that are names too.
const pathAttrs = " parent name stem suffix path anchor parents "

// known reports whether expr, a name argument of code, is known: see
// ComputedNames.
func (n *names) known(expr string, depth int) bool {
	e := strings.TrimSpace(expr)
	n.steps++
	if depth > maxNameDepth || e == "" || n.steps > maxNameSteps {
		return false
	}
	if n.homeOnly && depth == 0 && !n.homeAnchored(e, 0) {
		return true // a program file's own name (ComputedHomeNames)
	}
	if parts := n.split(e); len(parts) > 1 {
		for _, p := range parts {
			if !n.known(p, depth+1) || isLiteral(p) && strings.Contains(p, "%c") {
				return false
			}
		}
		return true
	}
	if e[0] >= '0' && e[0] <= '9' || e == "None" || e == "undefined" || e == "nil" {
		return true
	}
	if r, ok := strings.CutPrefix(e, "new "); ok {
		e = strings.TrimSpace(r) // new URL("file:///x")
	}
	if ok, isLit := n.literalKnown(e, depth); isLit {
		return ok
	}
	for _, s := range argvSources {
		if strings.HasPrefix(e, s) {
			return n.argv && n.plainTail(e[len(s):])
		}
	}
	if t, ok := strings.CutPrefix(e, "arg["); ok && n.fam == Lua {
		return n.argv && n.plainTail("["+t) // lua's arg[1]
	}
	for _, s := range nameSources {
		if strings.HasPrefix(e, s) {
			return true
		}
	}
	switch e[0] {
	case '(', '[':
		if skipGroup(e, 0) == len(e) {
			return n.itemsKnown(e[1:len(e)-1], depth)
		}
	case '<':
		return n.fam == Perl && strings.HasSuffix(e, ">") // <*.txt>: a glob
	}
	return n.chainKnown(e, depth)
}

// plainTail reports whether what follows an argument spelling is an index
// or a slice of plain numbers (sys.argv[1], process.argv.slice(2)).
func (n *names) plainTail(t string) bool {
	return strings.Trim(t, "[]0123456789:-(). slice{}") == "" || strings.HasPrefix(t, ".first") || strings.HasPrefix(t, ".each")
}

// itemsKnown reports whether each comma-separated item of t is known.
func (n *names) itemsKnown(t string, depth int) bool {
	sub := names{code: t, lits: litSpans(t), fam: n.fam}
	for _, a := range sub.callArgs(0, false) {
		if strings.TrimSpace(a) != "" && !optionArg(a) && !n.known(a, depth+1) {
			return false
		}
	}
	return true
}

// split splits expr at its joins outside literals and brackets: + and,
// by language, python's / and %, and adjacent literals, perl's ., ruby's
// << and %.
func (n *names) split(e string) []string {
	lits := litSpans(e)
	var out []string
	depth, start := 0, 0
	for k := 0; k < len(e); k++ {
		if l, ok := litAt(lits, k); ok {
			if f := fStringEnd(e, l); f > l.next {
				l.next = f // f"/x/{""}.y": quotes inside an interpolation
			}
			k = l.next - 1
			if j := skipBlanks(e, l.next); n.fam == Python && depth == 0 && j > l.next && j < len(e) && (e[j] == '"' || e[j] == '\'') {
				out = append(out, e[start:j]) // "/a" "/b": python joins adjacent literals
				start, k = j, j-1
			}
			continue
		}
		c := e[k]
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth != 0:
		case c == '+' || (n.fam == Python || n.fam == Ruby) && c == '%' || n.fam == Python && c == '/' || (n.fam == Perl || n.fam == PHP || n.fam == Lua) && c == '.' ||
			n.fam == Ruby && c == '<' && k+1 < len(e) && e[k+1] == '<':
			out = append(out, e[start:k])
			if c == '<' || c == '.' && k+1 < len(e) && e[k+1] == '.' {
				k++ // ruby's <<, lua's ..
			}
			start = k + 1
		}
	}
	return append(out, e[start:])
}

// literalKnown reports, when e is one literal (isLit), whether its value
// is known: no command's output, and each interpolation known.
func (n *names) literalKnown(e string, depth int) (ok, isLit bool) {
	p := 0
	for p < 2 && p < len(e) && strings.IndexByte("rRbBuUfF", e[p]) >= 0 {
		p++
	}
	l, isOne := wholeLiteral(e[p:])
	if !isOne && p > 0 && p < len(e) && fStringEnd(e, lit{open: p, start: p + 1}) == len(e) {
		l, isOne = lit2(e[p:]), true // f"/x/{""}.y"
	}
	if !isOne {
		return false, false
	}
	q := e[p]
	t := e[p+l.start : p+l.end]
	switch {
	case q == '`' && n.fam == Node:
		return n.interpsKnown(t, "${", depth), true
	case l.command:
		return false, true
	case strings.ContainsAny(e[:p], "fF"):
		return n.interpsKnown(t, "{", depth), true
	case n.fam == Ruby && q == '"':
		return n.interpsKnown(t, "#{", depth), true
	case n.fam == Perl && (q == '"' || strings.HasPrefix(e[p:], "qq")):
		return n.perlInterpsKnown(t, depth), true
	}
	return true, true
}

// interpsKnown reports whether each interpolation open…} of template t is
// known ({x!r}, {x:>4}: the expression before ! or :).
func (n *names) interpsKnown(t, open string, depth int) bool {
	for off := 0; off < len(t); {
		k := strings.Index(t[off:], open)
		if k < 0 {
			return true
		}
		k += off
		if open == "{" && k+1 < len(t) && t[k+1] == '{' {
			off = k + 2 // {{: a brace
			continue
		}
		b := k + len(open) - 1
		e := braceEnd(t, b)
		if e < 0 {
			return false
		}
		inner := t[b+1 : e]
		if open == "{" {
			if c := strings.IndexAny(inner, "!:"); c >= 0 && !strings.ContainsAny(inner[:c], "[(") {
				inner = inner[:c]
			}
		}
		if !n.known(inner, depth+1) {
			return false
		}
		off = e + 1
	}
	return true
}

// perlInterpsKnown reports whether each variable perl interpolates into
// t ("$dir/x", "${d}x") is known; @{[ … ]} and ${\ … } are code.
func (n *names) perlInterpsKnown(t string, depth int) bool {
	for k := 0; k < len(t); k++ {
		switch {
		case t[k] == '\\':
			k++
		case strings.HasPrefix(t[k:], "@{") || strings.HasPrefix(t[k:], "${\\") || strings.HasPrefix(t[k:], "$("):
			return false
		case t[k] == '$' && k+1 < len(t):
			e := k + 1
			if t[e] == '{' {
				if c := strings.IndexByte(t[e:], '}'); c > 0 {
					if !n.known("$"+t[e+1:e+c], depth+1) {
						return false
					}
					k = e + c
				}
				continue
			}
			for e < len(t) && word.IsWordChar(t[e]) {
				e++
			}
			if e > k+1 && !n.known(t[k:e], depth+1) {
				return false
			}
			k = e - 1
		}
	}
	return true
}

// chainKnown reports whether e, a name, a call or an attribute chain
// (Path(d).with_suffix(".x"), os.path.join(a, "b"), p.parent, x[0]), is
// known: a variable whose value is known, a path builder of known parts
// (on a module or a known object), a path attribute or an index of a known
// one. Anything else (a method guard does not know to keep a name: decode,
// reverse, a slice) is not.
func (n *names) chainKnown(e string, depth int) bool {
	k := 0
	for k < len(e) && (word.IsWordChar(e[k]) || k == 0 && (e[k] == '$' || e[k] == '@')) {
		k++
	}
	head := e[:k]
	if k == 0 || head == "$" || head == "@" {
		return n.headedChain(e, depth)
	}
	if j := skipBlanks(e, k); n.fam == Perl && j > k && j < len(e) && strings.Contains(pathBuilders, " "+head+" ") {
		return n.itemsKnown(e[j:], depth) // glob "*.bak"
	}
	known, found := n.variable(head, depth)
	module := !found || pathModules.Has(head) || n.required(head) // path = require("path")
	return n.segments(e, k, head, known, module, depth)
}

// required reports whether name is assigned a module node loads
// (fs = require("fs")): its attributes are the module's.
func (n *names) required(name string) bool {
	if n.fam != Node {
		return false
	}
	for _, p := range n.assigns[name] {
		if !strings.HasPrefix(strings.TrimSpace(n.code[p:]), "require(") {
			return false
		}
	}
	return len(n.assigns[name]) > 0
}

// headedChain reads a chain that starts with a literal or a group
// ("{}/x".format(d), (a + b).strip()).
func (n *names) headedChain(e string, depth int) bool {
	end := 0
	if l, ok := literalAt(e, 0); ok {
		end = l.next
	} else if e[0] == '(' {
		end = skipGroup(e, 0)
	}
	if end <= 0 || end >= len(e) {
		return false
	}
	return n.segments(e, end, "", n.known(e[:end], depth+1), false, depth)
}

// segments reads the attributes, calls and indexes of chain e from k on,
// the part before being known (known), a module's name (module), or last
// the name name.
func (n *names) segments(e string, k int, name string, known, module bool, depth int) bool {
	recvLit := !module && name == ""
	for k < len(e) {
		switch c := e[k]; {
		case c == '.' || c == ':' && strings.HasPrefix(e[k:], "::") || c == '-' && strings.HasPrefix(e[k:], "->"):
			k++
			if c != '.' {
				k++
			}
			s := k
			for k < len(e) && word.IsWordChar(e[k]) {
				k++
			}
			if k == s {
				return false
			}
			name = e[s:k]
			if j := skipBlanks(e, k); j < len(e) && e[j] == '(' {
				continue // a method call: read at its arguments
			}
			if !module {
				known = known && strings.Contains(pathAttrs, " "+name+" ")
			}
		case c == '(':
			g := skipGroup(e, k)
			if !strings.Contains(pathBuilders, " "+name+" ") || !(module || known) || name == "join" && (recvLit || !module && known) {
				return false
			}
			if !n.itemsKnown(e[k+1:max(k+1, g-1)], depth) {
				return false
			}
			known, module, recvLit, k = true, false, false, g
		case c == '[':
			g := skipGroup(e, k)
			if module || strings.Trim(e[k+1:max(k+1, g-1)], "0123456789- ") != "" {
				return false // a slice, a key: d["x"], s[::-1]
			}
			k = g
		case c == ' ' || c == '\t':
			k++
		default:
			return false
		}
	}
	return known && !module
}

// variable reports, for an identifier of code, whether it is assigned or
// bound by a loop (found) and whether each value it is given is known.
func (n *names) variable(name string, depth int) (known, found bool) {
	if !identifier(name) && !(strings.HasPrefix(name, "@") && identifier(name[1:])) {
		return false, false
	}
	if n.assigns == nil {
		n.assigns = assignments(n.code)
	}
	for _, p := range n.assigns[name] {
		found = true
		end := childStatementEnd(n.code, n.lits, p)
		if !n.known(n.code[p:end], depth+1) {
			return false, true
		}
	}
	if it, ok := n.loopOver(name); ok {
		return n.iterKnown(it, depth), true
	}
	return found, found
}

// loopOver returns what a loop binding name iterates: python's for NAME in
// X, for a, NAME in X, node's for (const NAME of X), perl's foreach my
// NAME (X), ruby's X.each do |NAME|.
func (n *names) loopOver(name string) (string, bool) {
	code := n.code
	bare := strings.TrimLeft(name, "$@")
	for off := 0; off < len(code); {
		k := strings.Index(code[off:], bare)
		if k < 0 {
			return "", false
		}
		k += off
		off = k + len(bare)
		if inLit(n.lits, k) || k > 0 && word.IsWordChar(code[k-1]) || off < len(code) && word.IsWordChar(code[off]) {
			continue
		}
		before := code[max(0, k-64):k]
		f := strings.LastIndex(before, "for")
		if f >= 0 && !strings.ContainsAny(before[f:], ";:\n") && !strings.Contains(before[f:], " in ") && !strings.Contains(before[f:], " of ") {
			rest := code[off:]
			for _, sep := range [...]string{" in ", " of ", "("} {
				if j := strings.Index(rest, sep); j >= 0 && j < 64 && !strings.ContainsAny(rest[:j], ";:\n=") {
					s := off + j + len(sep)
					if sep == "(" {
						s--
					}
					return code[s:n.iterEnd(s)], true
				}
			}
		}
		if k > 0 && (code[k-1] == '|' || code[k-1] == ',') && strings.Contains(code[max(0, k-32):k], "|") {
			if it, ok := n.blockCall(k); ok {
				return it, true // Dir.each_child(".") { |NAME|, X.each do |NAME|
			}
		}
		if arrow := strings.TrimLeft(code[off:], ") \t"); strings.HasPrefix(arrow, "=>") {
			for _, m := range [...]string{".forEach(", ".then("} {
				if d := strings.LastIndex(code[:k], m); d >= 0 && k-d < 16 {
					return receiver(code, d), true // X.forEach(NAME => …)
				}
			}
		}
	}
	return "", false
}

// blockCall returns what a ruby block binding the name at code[k]
// iterates: X for X.each do |NAME|, else the call the block follows
// (Dir.each_child(".") { |NAME|, Dir.glob("*") do |NAME|).
func (n *names) blockCall(k int) (string, bool) {
	code := n.code
	b := strings.LastIndexByte(code[:k], '{')
	if do := strings.LastIndex(code[:k], " do"); do > b {
		b = do
	}
	if b <= 0 || k-b > 32 {
		return "", false
	}
	e := b
	for e > 0 && (code[e-1] == ' ' || code[e-1] == '\t') {
		e--
	}
	r := receiver(code, e)
	if x, ok := strings.CutSuffix(r, ".each"); ok {
		return x, x != ""
	}
	return r, r != ""
}

// iterEnd returns where a loop's iterable starting at code[s] ends: a
// colon, a closing bracket, a newline, a do or a brace block at depth 0.
func (n *names) iterEnd(s int) int {
	depth := 0
	for k := s; k < len(n.code) && k < s+maxExpr; k++ {
		if l, ok := litAt(n.lits, k); ok {
			k = l.next - 1
			continue
		}
		if depth == 0 && (stopWord(n.code, k) || strings.HasPrefix(n.code[k:], " for ")) {
			return k // for f in X if f.endswith(…)
		}
		switch c := n.code[k]; c {
		case '(', '[':
			depth++
			if depth == 1 && k == s {
				continue
			}
		case ')', ']':
			if depth == 0 {
				return k
			}
			depth--
			if depth == 0 && n.code[s] == '(' {
				return k + 1
			}
		case '{', ':', ';', '\n':
			if depth == 0 {
				return k
			}
		}
	}
	return min(len(n.code), s+maxExpr)
}

// iterKnown reports whether a loop's iterable gives known names: the
// command's arguments, a lister, a list of known names.
func (n *names) iterKnown(it string, depth int) bool {
	it = strings.TrimSpace(it)
	if strings.HasPrefix(it, "(") && skipGroup(it, 0) == len(it) {
		return n.itemsKnown(it[1:len(it)-1], depth)
	}
	if strings.HasPrefix(it, "qw") {
		return true
	}
	return n.known(it, depth+1)
}

// fStringEnd returns, for literal l of e opened after a python f prefix,
// the index after the quote that closes it when quotes inside its
// interpolations end l early (f"{""}x"); -1 when it is no such literal.
func fStringEnd(e string, l lit) int {
	if l.open == 0 || strings.IndexByte("fF", e[l.open-1]) < 0 && (l.open < 2 || strings.IndexByte("fF", e[l.open-2]) < 0) {
		return -1
	}
	q, depth := e[l.open], 0
	for k := l.start; k < len(e); k++ {
		switch c := e[k]; {
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == q && depth <= 0:
			return k + 1
		}
	}
	return -1
}

// lit2 returns the literal spanning all of e, from its opening quote to
// its last byte.
func lit2(e string) lit {
	return lit{open: 0, start: 1, end: len(e) - 1, next: len(e)}
}
