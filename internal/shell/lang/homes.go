package lang

// The home directory in interpreter code. Code names a file under it the
// idiomatic way, by joining: os.path.join(os.path.expanduser('~'),
// '.bashrc'), Path.home() / '.ssh' / 'id_rsa', os.homedir() + '/.bashrc',
// `${os.homedir()}/.bashrc`, $ENV{HOME} . '/.bashrc'. homePaths joins the
// literals (and the expressions that stand for the home directory) as the
// code joins them, and takes a dot entry the code names beside such an
// expression (h = Path.home(); … h / '.netrc') as that entry of the home
// directory.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// homeKeys are the environment variables that hold the home directory,
// looked up with a literal: os.environ['HOME'], getenv("HOME"), and the
// JVM's property System.getProperty("user.home").
const homeKeys word.Set = " HOME USERPROFILE user.home "

// span is a stretch of code: a string literal's text (between its quotes)
// or a home token.
type span struct {
	start, end int // code[start:end]; a literal's quotes are just outside
	open, next int // code[open:next] is the whole literal, its quotes too
	text       string
	home       bool // it stands for the home directory
	literal    bool
}

// maxCodeAtoms bounds the literals and home tokens of one code text that
// are joined.
const maxCodeAtoms = 4096

// codeAtoms returns the string literals and home tokens of code, in order.
// Literals joined into one string are one before the HOME key test ("HO"
// "ME", "H" + "OME").
func codeAtoms(code string) []span {
	var out []span
	lits := litSpans(code)
	for i := 0; i < len(lits) && len(out) < maxCodeAtoms; i++ {
		l := lits[i]
		t := templateHome(Unescape(code[l.start:l.end]))
		sp := span{start: l.start, end: l.end, open: l.open, next: l.next, text: t, literal: true}
		before := strings.TrimRight(code[:l.open], " \t")
		j, joined := i, t
		if before != "" && strings.IndexByte("[({,", before[len(before)-1]) >= 0 {
			j, joined = adjacentLits(code, lits, i, t)
		}
		switch {
		case t == "~" || t == "$HOME" || t == "${HOME}":
			sp.home = true
		case homeKeys.Has(joined):
			// os.environ['HOME'], getenv("HOME"), os.environ["HO" "ME"]
			sp = span{start: l.start, end: lits[j].end, open: l.open, next: lits[j].next, text: joined, literal: true, home: true}
			i = j
		}
		out = append(out, sp)
	}
	var homes []span
	for name, k := range codeIdents(code, lits) {
		if len(homes) >= maxCodeAtoms {
			break
		}
		if end, ok := homeIdent(code, name, k); ok {
			homes = append(homes, span{start: k - len(name), end: end, open: k - len(name), next: end, text: "~", home: true})
		}
	}
	return mergeSpans(out, homes)
}

// maxKeyLen bounds the text of joined literals read as one key: longer
// than any of homeKeys.
const maxKeyLen = 16

// adjacentLits returns the last of the literals from lits[i] on that the
// code joins into one string (concatenated), and their joined text; t is
// lits[i]'s text. It stops once the text is longer than maxKeyLen.
func adjacentLits(code string, lits []lit, i int, t string) (int, string) {
	j := i
	for j+1 < len(lits) && len(t) <= maxKeyLen && lits[j+1].open >= lits[j].next && concatenated(code, lits[j].next, lits[j+1].open) {
		j++
		t += Unescape(code[lits[j].start:lits[j].end])
	}
	return j, t
}

// concatenated reports whether code[from:to], the code between two
// literals, joins them into one string: blanks ("HO" "ME"), or a
// concatenation ("H" + "OME", perl's and php's "H" . "OME").
func concatenated(code string, from, to int) bool {
	g := strings.Trim(code[from:to], " \t\r\n\\")
	return g == "" || g == "+" || g == "." || g == ".."
}

// homeIdent reports whether the identifier name, which ends at code[k],
// is code that yields the home directory, whatever its
// qualifier or alias and blanks before its parenthesis: a call or method
// named home (Path.home(), P.home (), Dir.home), homedir (os.homedir(),
// os.userInfo().homedir), expanduser, UserHomeDir, home_dir, my_home, a
// password-database lookup (getpwuid, getpwnam, pw_dir: the home is a field
// of its entry), and $HOME named without a literal (env.HOME, $ENV{HOME}).
// end is where the token ends: past the call's parentheses when they are
// empty, past the opening one when it takes arguments.
func homeIdent(code, name string, k int) (end int, ok bool) {
	if len(name) < 4 {
		return 0, false
	}
	i := skipBlanks(code, k)
	call := i < len(code) && code[i] == '('
	switch {
	case name == "HOME" || name == "USERPROFILE" || strings.EqualFold(name, "pw_dir") || strings.EqualFold(name, "my_home"):
		ok = true
	case strings.EqualFold(name, "home"):
		ok = call || k > len(name) && (code[k-len(name)-1] == '.' || code[k-len(name)-1] == ':')
	default:
		for _, s := range []string{"homedir", "expanduser", "home_dir", "getpwuid", "getpwnam", "getpwent"} {
			ok = ok || len(name) >= len(s) && strings.EqualFold(name[len(name)-len(s):], s)
		}
	}
	if !ok {
		return 0, false
	}
	if !call {
		return k, true
	}
	if j := skipBlanks(code, i+1); j < len(code) && code[j] == ')' {
		return j + 1, true
	}
	return i + 1, true
}

// templateHome returns literal text with each template part that names
// the home directory (${os.homedir()}, {Path.home()}, #{Dir.home},
// ${HOME}) written ~.
func templateHome(t string) string {
	if !strings.Contains(t, "{") {
		return t
	}
	return interps(t, func(inner string) (string, bool) {
		if v, ok := quotedInner(inner); ok {
			return v, true // `${""}`, f"{'x'}": a literal interpolated
		}
		if strings.Contains(inner, "HOME") || strings.Contains(inner, "~") || hasHomeToken(inner) {
			return "~", true
		}
		return "", false
	})
}

// quotedInner returns the text of an interpolation that is one string
// literal ("…" or '…', no quote of its kind inside, no escape).
func quotedInner(inner string) (string, bool) {
	v := strings.TrimSpace(inner)
	if len(v) < 2 || (v[0] != '"' && v[0] != '\'') || v[len(v)-1] != v[0] {
		return "", false
	}
	body := v[1 : len(v)-1]
	if strings.IndexByte(body, v[0]) >= 0 || strings.ContainsAny(body, `\{}`) {
		return "", false
	}
	return body, true
}

// hasHomeToken reports whether code s holds, outside its literals, an
// identifier that yields the home directory (homeIdent).
func hasHomeToken(s string) bool {
	for name, k := range codeIdents(s, litSpans(s)) {
		if _, ok := homeIdent(s, name, k); ok {
			return true
		}
	}
	return false
}

// mergeSpans returns the spans of a and b together, in order.
func mergeSpans(a, b []span) []span {
	if len(b) == 0 {
		return a
	}
	out := append(a, b...)
	// insertion sort: a and b are each in order, b short
	for i := len(a); i < len(out); i++ {
		for j := i; j > 0 && out[j].start < out[j-1].start; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// joinOp returns the separator with which code joins the atoms on either
// side of gap, the code between them: "/" for a path join (pathlib's /, a
// join call's comma), "" for a concatenation (+, and . or .. in perl, php
// and lua); ok is false when the gap does not join them.
func joinOp(code string, at int, gap string) (sep string, ok bool) {
	if strings.Trim(gap, " \t\r\n\\") == "" {
		// "a" "b": python, ruby, C and awk join adjacent literals; the
		// languages that do not, refuse the code.
		return "", true
	}
	g := strings.TrimLeft(strings.TrimSpace(gap), ")]} \t")
	var op string
	switch {
	case strings.HasPrefix(g, ".."):
		op = ".."
	case g == "." || strings.HasPrefix(g, ". "):
		op = "." // perl's and php's concatenation; not a method call's .
	case g != "" && strings.IndexByte("/+,", g[0]) >= 0:
		op = g[:1]
	default:
		return "", false
	}
	rest := strings.TrimSpace(g[len(op):])
	// What opens the next atom: nothing, or a call (Path('.ssh'), os.path.expanduser('~')).
	for _, c := range []byte(strings.TrimSuffix(rest, "(")) {
		if !word.IsWordChar(c) && c != '.' {
			return "", false
		}
	}
	if rest != "" && !strings.HasSuffix(rest, "(") {
		return "", false
	}
	switch op {
	case "/":
		return "/", true
	case ",":
		return "/", joinCall(code, at+strings.IndexByte(gap, ','))
	}
	return "", true
}

// joinCall reports whether the comma at code[at] separates the arguments
// of a call that joins paths: os.path.join, path.join, path.resolve,
// File.join, filepath.Join, joinpath, catfile.
func joinCall(code string, at int) bool {
	depth := 0
	for i := at - 1; i >= 0 && i >= at-512; i-- {
		switch code[i] {
		case ')', ']':
			depth++
		case '(', '[':
			if depth > 0 {
				depth--
				continue
			}
			if code[i] == '[' {
				return false
			}
			name := code[:i]
			k := len(name)
			for k > 0 && (word.IsWordChar(name[k-1]) || name[k-1] == '.' || name[k-1] == ':' || name[k-1] == '>' || name[k-1] == '-') {
				k--
			}
			fn := strings.ToLower(name[k:])
			for _, j := range []string{"join", "joinpath", "resolve", "catfile", "catdir", "expand_path"} {
				if strings.HasSuffix(fn, j) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// codeHomes is what homePaths finds: paths the code names (read, and
// written or touched), and dot entries it may name under the home
// directory (touched).
type codeHomes struct {
	Paths, Touches []string
	// Stored are the dot entries the code keeps in a name, a list or a
	// mapping (f = '.bash_completion') in code that names the home: it may
	// join them to the home directory (os.path.join(h, f)), so they are
	// paths of the home, touched, not bare guesses.
	Stored []string
	// Joins are the other paths the code builds by joining literals
	// ('/home/u/.ss' + 'h/id_rsa'): what a literal scan would see had it
	// been written as one.
	Joins []string
	// Held are the dot entries of the home the code names behind a part
	// it fills in at run time ("%s/.bashrc" % h): read, and touched as a
	// guess (the named globs, not ~/.*/**: "%s/.venv" % os.getcwd() is
	// the project's as often).
	Held []string
	// Unknown are the dot entries code that does not name the home joins
	// to an expression guard cannot tell (d + '/.ssh/id_rsa',
	// os.path.join(d, '.guard'), os.getcwd() + '/../.bashrc'): what they
	// are relative to is not known; each starts with /.
	Unknown []string
}

// HomePaths returns the paths code builds by joining its literals and the
// home directory, and, when it names the home directory at all, each dot
// entry it names (.bashrc, .ssh, .guard) as that entry of the home
// directory: read too when the code joins it to something (h / '.netrc',
// path.join(h, '.netrc'), h + '/.netrc'), else only touched (a project
// opens its own '.env' by that name).
func HomePaths(code string) codeHomes {
	atoms := codeAtoms(code)
	var out codeHomes
	var joins lazyJoins
	hasHome := false
	for _, a := range atoms {
		hasHome = hasHome || a.home || strings.HasPrefix(a.text, "~/")
	}
	if hasHome {
		out.Held = heldDots(atoms)
	} else {
		out.Unknown = placedDots(atoms) // "%s/.ssh/id_rsa" % d
	}
	for i := 0; i < len(atoms); {
		j, joined := i, atoms[i].text
		if atoms[i].home {
			joined = "~"
		}
		for j+1 < len(atoms) {
			from, to := atoms[j].next, atoms[j+1].open
			if to < from {
				break
			}
			sep, ok := joinOp(code, from, code[from:to])
			if !ok || atoms[j+1].home || !valueBefore(code, atoms[j], code[from:to]) {
				break // a home directory joined after a path starts over
			}
			next := atoms[j+1].text
			if atoms[j+1].home {
				next = "~"
			}
			if sep == "/" && !strings.HasSuffix(joined, "/") && !strings.HasPrefix(next, "/") {
				joined += "/"
			}
			if from == to && strings.HasSuffix(joined, "{") && strings.HasPrefix(next, "}") {
				// f"ho{""}me": the interpolation of an empty literal, read
				// as two literals that meet at its quotes
				joined, next = joined[:len(joined)-1], next[1:]
			}
			joined += next
			j++
		}
		if !hasHome && atoms[i].literal && dotTail(joined) && len(out.Unknown) < maxCodeAtoms &&
			(appended(code[:atoms[i].open]) || j == i && !directArg(code, atoms[i]) && joins.is(code)) {
			// d + '/.ssh/id_rsa'; t = '.ssh/id_rsa' … os.path.join(d, t)
			out.Unknown = append(out.Unknown, "/"+strings.TrimPrefix(joined, "/"))
		}
		switch {
		case j > i || strings.HasPrefix(joined, "~/"):
			if p := homeJoined(joined, hasHome); p != "" {
				out.Paths = append(out.Paths, p)
			} else if j > i && len(out.Joins) < maxCodeAtoms && joined != "" && (PathLike(joined) || len(Embedded(joined)) > 0) {
				out.Joins = append(out.Joins, joined)
			}
		case hasHome && atoms[i].literal && dotEntry(atoms[i].text):
			p := "~/" + strings.TrimPrefix(atoms[i].text, "/")
			switch {
			case appended(code[:atoms[i].open]):
				out.Paths = append(out.Paths, p)
			case !directArg(code, atoms[i]):
				out.Stored = append(out.Stored, p)
			default:
				out.Touches = append(out.Touches, p)
			}
		}
		i = j + 1
	}
	out.Paths = DropReadings(out.Paths, maxCodeAtoms)
	out.Joins = DropReadings(out.Joins, maxCodeAtoms)
	return out
}

// heldDots returns, for code that names the home directory, the dot
// entries its literals name behind a part the code fills in at run time:
// "%s/.bashrc" % os.getenv("HOME"), "{}/.bashrc".format(h),
// ">>$h/.bashrc", sprintf("%s/.ssh/id_rsa", $home). Guard does not follow
// the join; a placeholder in front of /.NAME in code that names the home
// is taken as the home, whatever the spelling of the join.
func heldDots(atoms []span) []string {
	var out []string
	for _, a := range atoms {
		if !a.literal {
			continue
		}
		if rest, ok := placeHeldDot(a.text); ok {
			out = append(out, "~"+rest)
		}
	}
	return out
}

// placedDots returns, for code that does not name the home directory,
// the dot entries its literals name behind a placeholder ("%s/.bashrc" %
// d, "{}/.ssh/id_rsa".format(d), f"{d}/.guard"): relative to what guard
// cannot tell, each starting with /.
func placedDots(atoms []span) []string {
	var out []string
	for _, a := range atoms {
		if !a.literal || len(out) >= maxCodeAtoms {
			continue
		}
		if rest, ok := placeHeldDot(a.text); ok && !strings.HasPrefix(strings.TrimLeft(a.text, "<>+|& \t"), "/") {
			out = append(out, rest)
		}
	}
	return out
}

// valueBefore reports whether atom a is the value of the code up to gap,
// the code that joins it to the next atom: a literal
// followed by a closing bracket is an argument or a key inside a call or a
// subscript (os.environ.get(k, "x") + "/.ssh"), not its value, unless it
// stands for the home directory (os.environ["HOME"] + "/.x") or is the
// only argument of a call that makes a path of it (Path(".ssh") / "x").
func valueBefore(code string, a span, gap string) bool {
	g := strings.TrimSpace(gap)
	if g == "" || a.home || strings.IndexByte(")]", g[0]) < 0 {
		return true
	}
	if after := strings.TrimLeft(g[1:], " \t"); g[0] != ')' || after != "" && strings.IndexByte(")]}", after[0]) >= 0 {
		return false // a subscript's key, or a call nested in another
	}
	before := strings.TrimRight(code[:a.open], " \t")
	if !strings.HasSuffix(before, "(") {
		return false
	}
	before = strings.TrimRight(before[:len(before)-1], " \t")
	k := len(before)
	for k > 0 && word.IsWordChar(before[k-1]) {
		k--
	}
	switch fn := strings.ToLower(before[k:]); {
	case fn == "", fn == "str", fn == "string", fn == "pathname", fn == "file", fn == "fspath":
		return true
	default:
		return strings.HasSuffix(fn, "path")
	}
}

// placeHeldDot returns the /.NAME… part of literal t when what precedes it
// (after an open mode: >>, +<, |) is a single part the code fills in: not
// a directory of its own (no /), not a plain name (proj/.env is the
// project's).
func placeHeldDot(t string) (string, bool) {
	t = strings.TrimLeft(t, "<>+|& \t")
	k := strings.Index(t, "/.")
	if k < 0 || k+2 >= len(t) || !word.IsWordChar(t[k+2]) {
		return "", false
	}
	pre, rest := t[:k], t[k:]
	if i := strings.IndexAny(rest, " \t\n\r\"'"); i >= 0 {
		rest = rest[:i]
	}
	if strings.ContainsAny(pre, "/ \t\n\r") || !dotEntry(rest) {
		return "", false
	}
	for i := 0; i < len(pre); i++ {
		if c := pre[i]; !word.IsWordChar(c) && c != '.' && c != '-' {
			return rest, true // %s, {}, {0}, $h, #{h}, %(home)s
		}
	}
	return rest, pre == ""
}

// directArg reports whether literal a is, by itself, an argument of a
// call that does not join paths (load_dotenv('.env'), open('.env', 'a')):
// used where it stands, not kept for a join elsewhere.
func directArg(code string, a span) bool {
	before := strings.TrimRight(code[:a.open], " \t\r\n")
	after := strings.TrimLeft(code[a.next:], " \t\r\n")
	if before == "" || after == "" || (after[0] != ')' && after[0] != ',') {
		return false
	}
	switch before[len(before)-1] {
	case ',':
		return !joinCall(before, len(before)-1)
	case '(':
		return !joinCall(before+",", len(before))
	}
	return false
}

// homeJoined returns what a joined path names for homePaths: itself when
// it starts at the home directory, a dot entry's path under ~ when the code
// names the home directory, else "".
func homeJoined(p string, hasHome bool) string {
	p = strings.ReplaceAll(p, "//", "/")
	switch {
	case strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "$HOME/") || strings.HasPrefix(p, "${HOME}/"):
		return p
	case hasHome && dotEntry(p):
		return "~/" + strings.TrimPrefix(p, "/")
	}
	return ""
}

// dotEntry reports whether literal l names a dot entry, possibly below it:
// .bashrc, .ssh/id_rsa, /.guard.
func dotEntry(l string) bool {
	l = strings.TrimPrefix(l, "/")
	return len(l) > 1 && l[0] == '.' && word.IsWordChar(l[1]) && len(l) <= 4096 && !strings.ContainsAny(l, " \t\n\r\x00")
}

// joinsValues reports whether code may join values it computes into a
// path: outside its literals, a + or a / (a concatenation, pathlib's /),
// or a call of a path-join function (os.path.join, joinpath, File.join).
func joinsValues(code string) bool {
	lits := litSpans(code)
	prev := 0
	for _, l := range lits {
		if l.open > prev && strings.ContainsAny(code[prev:l.open], "+/") {
			return true
		}
		prev = max(prev, l.next)
	}
	if prev < len(code) && strings.ContainsAny(code[prev:], "+/") {
		return true
	}
	for name, k := range codeIdents(code, lits) {
		if i := skipBlanks(code, k); i < len(code) && code[i] == '(' && joinName(name) {
			return true
		}
	}
	return false
}

// lazyJoins is joinsValues of one code text, worked out once when asked.
type lazyJoins struct{ done, v bool }

// is returns joinsValues(code), working it out the first time.
func (l *lazyJoins) is(code string) bool {
	if !l.done {
		l.done, l.v = true, joinsValues(code)
	}
	return l.v
}

// joinName reports whether name is that of a function that joins paths.
func joinName(name string) bool {
	for _, j := range []string{"join", "joinpath", "resolve", "catfile", "catdir", "expand_path"} {
		if len(name) >= len(j) && strings.EqualFold(name[len(name)-len(j):], j) {
			return true
		}
	}
	return false
}

// dotTail reports whether literal l, joined to an expression guard cannot
// tell, may name a protected file there: a dot entry (.ssh/id_rsa,
// /.guard/rules.json) or a path that goes up first (/../.ssh/id_rsa).
func dotTail(l string) bool {
	if dotEntry(l) {
		return true
	}
	l = strings.TrimPrefix(l, "/")
	return strings.HasPrefix(l, "../") && strings.Contains(l, "/.") && !strings.ContainsAny(l, " \t\n\r\x00") && len(l) <= 4096
}

// appended reports whether the code before a literal joins it to what
// precedes: it ends with /, +, a perl or php ., or a join call's comma.
func appended(before string) bool {
	b := strings.TrimRight(before, " \t")
	if b == "" {
		return false
	}
	switch b[len(b)-1] {
	case '/', '+':
		return true
	case '.':
		// perl's and php's concatenation: $h . "/x", (getpwuid $<)[7]."/x"
		return len(b) > 1 && strings.IndexByte(" .)]}", b[len(b)-2]) >= 0
	case ',':
		return joinCall(b, len(b)-1)
	}
	return false
}

// PathLike reports whether s could name a file the path rules care about.
func PathLike(s string) bool {
	switch s[0] {
	case '/', '.', '~', '$', '\\':
		return true
	}
	return strings.ContainsAny(s, `/\`) || strings.Contains(s, ".")
}
