package lang

// The names interpreter code builds with a format or a template:
// "%s/credentials" % ".aws", "~/{:c}bashrc".format(46), f"~/{46:c}bashrc",
// format("%s/%sbashrc", Dir.home, "."), util.format(…), sprintf(…),
// "#{Dir.home}/#{46.chr}bashrc". A literal scan sees the template, not
// the name: the value is what guard checks. The joiner folds it (joins.go,
// joinforms.go): a placeholder filled with a literal is that text, one
// filled with the home directory is ~, and any conversion, call or
// interpolation it does not model is a part not known (a marker), which
// the rules about partly known paths weigh (~/…bashrc may be ~/.bashrc).

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// maxFormatted bounds the values FormattedNames returns for one code text.
const maxFormatted = 32

// FormattedNames returns the values of the formats and templates of code
// that may name a file, each part guard does not know written as a marker
// (word.MarkVar). In code that names the home directory, a value that is
// a dot entry (".bashrc" from "%sbashrc" % ".") is that entry of the home
// too: the code may join it to the home (os.path.join(h, v)).
func FormattedNames(code string) []string { return CodeNames(code, Given{}) }

// Given is what a command hands its interpreter code: the words after the
// code (sys.argv[1:], ARGV, process.argv.slice(1)) and the environment
// values guard knows (an assignment before the command, an export).
type Given struct {
	Fam  Family
	Awk  bool
	Args []string
	Env  func(name string) (string, bool)
}

// CodeNames is FormattedNames with the names code joins to the home or an
// absolute directory (os.path.join(os.environ["HOME"], sys.argv[1]),
// File.join(Dir.home, ENV["X"])) too, the command's arguments and the
// environment values it sets (g) filled in: any other part is a part
// guard cannot tell.
func CodeNames(code string, g Given) []string {
	j := &joiner{code: code, stops: ",;)}]\n", given: &g}
	home := false
	for _, a := range codeAtoms(code) {
		home = home || a.home || strings.HasPrefix(a.text, "~/")
	}
	var out []string
	add := func(t string) {
		// a * the code puts in a name is no shell glob: perl's $^I
		// pattern puts a file's name there, glob.glob any: not known
		t = strings.ReplaceAll(t, "*", unknownByte)
		v := strings.ReplaceAll(t, unknownByte, word.Mark(word.MarkVar, "code_part"))
		if len(out)+2 > maxFormatted || v == "" || len(v) > 4096 || strings.ContainsAny(v, "\n\r") {
			return
		}
		put := func(p string) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
		if PathLike(t) {
			put(v)
		}
		switch {
		case !home || strings.HasPrefix(t, "~"):
		case strings.HasPrefix(t, unknownByte) && !strings.HasPrefix(strings.TrimLeft(t, unknownByte), "/"):
			put("~/" + v) // "%.1sbashrc" % x: the part may be a dot
		case dotEntry(t):
			put("~/" + strings.TrimPrefix(v, "/"))
		}
	}
	for _, k := range formatStarts(code) {
		if t, ok := j.joinedAt(k, 0); ok {
			add(t)
		}
	}
	for _, k := range joinStarts(code) {
		if t, ok := j.joinedAt(k, 0); ok && (strings.HasPrefix(t, "~") || strings.HasPrefix(t, "/")) {
			add(t) // a join under the home or an absolute directory (a relative one: upward.go)
		}
	}
	return out
}

// joinStarts returns where the path joins of code start (pathJoins).
func joinStarts(code string) []int {
	var out []int
	lits := litSpans(code)
	for name, k := range codeIdents(code, lits) {
		if len(out) >= maxFormatted {
			break
		}
		s := k - len(name)
		for s > 0 && (word.IsWordChar(code[s-1]) || code[s-1] == '.') {
			s--
		}
		if o := skipBlanks(code, k); o < len(code) && code[o] == '(' && pathJoins.Has(code[s:k]) {
			out = append(out, s)
		}
	}
	return out
}

// formatStarts returns where the formats and templates of code start: a
// literal followed by % or .format, a template literal holding an
// interpolation, a printf-style call (printfCalls).
func formatStarts(code string) []int {
	lits := litSpans(code)
	var out []int
	for i, l := range lits {
		if i >= maxLiterals || len(out) >= maxFormatted {
			break
		}
		t := code[l.start:l.end]
		after := strings.TrimLeft(code[l.next:], " \t")
		fmtOp := strings.HasPrefix(after, "%") && !strings.HasPrefix(after, "%=") || strings.HasPrefix(after, ".format")
		interp := strings.Contains(t, "#{") || code[l.open] == '"' && strings.Contains(t, "@{[") || code[l.open] == '`' && strings.Contains(t, "${") ||
			l.open > 0 && strings.IndexByte("fF", code[l.open-1]) >= 0 && strings.Contains(t, "{")
		if !fmtOp && !interp {
			continue
		}
		s := l.open
		if s > 0 && strings.IndexByte("fFrRbBuU", code[s-1]) >= 0 {
			s--
			if s > 0 && strings.IndexByte("fFrRbBuU", code[s-1]) >= 0 {
				s--
			}
		}
		out = append(out, s)
	}
	for name, k := range codeIdents(code, lits) {
		if len(out) >= maxFormatted {
			break
		}
		if o := skipBlanks(code, k); o < len(code) && code[o] == '(' && printfCalls.Has(name) {
			out = append(out, k-len(name))
		}
	}
	return out
}

// argvSpellings are the spellings of an element of the command's
// arguments and the index of the first word after the code: python's
// sys.argv[1], node's process.argv[1] (with -e), ruby's ARGV[0] (awk's
// ARGV[1]), perl's $ARGV[0].
var argvSpellings = [...]struct {
	prefix string
	first  int
}{{"sys.argv[", 1}, {"process.argv[", 1}, {"$ARGV[", 0}, {"ARGV[", 0}}

// envSpellings are the spellings of an environment lookup, the name
// following in a literal or as a word.
var envSpellings = [...]string{"os.environ.get(", "os.environ[", "os.getenv(", "getenv(", "ENV.fetch(", "ENV[", "ENVIRON[",
	"process.env.", "process.env[", "$ENV{"}

// value returns the pieces of expression e when it is an argument of the
// command or an environment lookup (ok): the word or the value guard
// knows, else a part not known.
func (g *Given) value(e string) ([]piece, bool) {
	e = strings.TrimSpace(e)
	for _, a := range argvSpellings {
		rest, ok := strings.CutPrefix(e, a.prefix)
		if !ok {
			continue
		}
		n, ok := smallIndex(strings.TrimSuffix(rest, "]"))
		if !ok || !strings.HasSuffix(rest, "]") {
			return []piece{{}}, true
		}
		first := a.first
		if a.prefix == "ARGV[" && g.Awk {
			first = 1
		}
		if i := n - first; i >= 0 && i < len(g.Args) && !word.HasMark(g.Args[i]) {
			return []piece{{text: g.Args[i], known: true}}, true
		}
		return []piece{{}}, true
	}
	for _, s := range envSpellings {
		rest, ok := strings.CutPrefix(e, s)
		if !ok {
			continue
		}
		name := strings.Trim(rest, "\"'[](){} ")
		if v, ok := g.lookup(name); ok && identifier(name) && !strings.Contains(rest, ",") {
			return []piece{{text: v, known: true}}, true
		}
		return []piece{{}}, true
	}
	return nil, false
}

// lookup returns the value of environment variable name, if guard knows it.
func (g *Given) lookup(name string) (string, bool) {
	if g.Env == nil {
		return "", false
	}
	v, ok := g.Env(name)
	return v, ok && !word.HasMark(v)
}

// smallIndex reads a decimal index of at most two digits.
func smallIndex(s string) (int, bool) {
	if s == "" || len(s) > 2 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
