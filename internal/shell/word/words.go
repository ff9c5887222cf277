// Package word is a shell word after expansion and how programs read words:
// the [Word] type, the markers that stand inside a word for what guard does
// not know (an inherited variable, the output of a substitution), word sets
// (the catalogue's tables of names and options), and the helpers that read
// options and operands the way getopt does. It imports nothing of guard's;
// package shell expands words, the catalogue and the handlers read them.
package word

import (
	"iter"
	"path"
	"slices"
	"strings"
)

// Word is one field after expansion (see expand.go): quotes removed,
// escapes decoded, known variables and $(echo …) substituted. What is not
// known is held by markers (marker.go).
type Word struct {
	Text  string
	Known bool // no part was left unresolved (an unknown $VAR, $( ); a glob is fine)
	// Sub is, for a word that is one substitution ("$(curl …)", <(curl …)),
	// the line of the pipeline inside it.
	Sub string
	// Lead is, for a word that is one substitution followed by literal
	// text ("$(git rev-parse --git-dir)/hooks/x"), the two; nil for
	// another word.
	Lead *Lead
}

// Lead is a substitution that starts a word: its line, and the literal
// text after it.
type Lead struct {
	Sub, Rest string
}

// UnescapeBare removes the backslashes of an unquoted literal: \r is r.
func UnescapeBare(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Texts returns the texts of words.
func Texts(ws []Word) []string {
	out := make([]string, len(ws))
	for i, x := range ws {
		out[i] = x.Text
	}
	return out
}

// Abbreviates reports whether opt is one of l's long options or the
// shortest prefix getopt accepts for it (see longOption).
func (l Set) Abbreviates(opt string) bool {
	return slices.ContainsFunc(strings.Fields(string(l)), func(name string) bool {
		return strings.HasPrefix(name, "--") && LongOption(opt, name)
	})
}

// Full returns the long option of l that opt (its =value cut off)
// abbreviates, as getopt_long takes it: the option itself, or the one
// option opt is a prefix of ("--" and a letter at least); opt when it
// names none or several (the program's error).
func (l Set) Full(opt string) string {
	if len(opt) < 3 || !strings.HasPrefix(opt, "--") {
		return opt
	}
	if full, ok := Unique(opt, l.Names()); ok {
		return full
	}
	return opt
}

// Names are the words of l.
func (l Set) Names() iter.Seq[string] {
	return strings.FieldsSeq(string(l))
}

// Unique returns the name of names that s names as getopt_long and npm's
// abbrev take an abbreviation: s itself when it is one, else the only
// name s begins; "" and false for none, several, or an empty s.
func Unique(s string, names iter.Seq[string]) (string, bool) {
	found, n := "", 0
	for name := range names {
		switch {
		case name == s:
			return s, s != ""
		case strings.HasPrefix(name, s):
			found, n = name, n+1
		}
	}
	if n != 1 || s == "" {
		return "", false
	}
	return found, true
}

// Begins reports whether long option opt (its =value cut off) is one of
// l's long options or any prefix of one, "--" and a letter at least:
// getopt_long takes any unambiguous prefix (grep --deref, tar --dere). An
// ambiguous one is the program's error, so for the options that turn on
// what guard must see (following links, recursion) counting it costs
// nothing. Names that hold a value (--directories=recurse) are matched
// whole only.
func (l Set) Begins(opt string) bool {
	if len(opt) < 3 || !strings.HasPrefix(opt, "--") || strings.ContainsRune(opt, '=') {
		return false
	}
	return slices.ContainsFunc(strings.Fields(string(l)), func(name string) bool {
		return !strings.ContainsRune(name, '=') && strings.HasPrefix(name, opt)
	})
}

// IsNumberOption reports whether a is an option of digits only (head -20).
func IsNumberOption(a string) bool {
	return len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "0123456789") == ""
}

// IsAssignment reports whether s is NAME=value.
func IsAssignment(s string) bool {
	eq := strings.IndexByte(s, '=')
	return eq > 0 && IsName(s[:eq])
}

// Split returns the blank-separated fields of s as words, each known when
// it holds no part guard cannot work out.
func Split(s string) []Word {
	var out []Word
	for _, f := range strings.Fields(s) {
		out = append(out, Word{Text: f, Known: IsKnown(f)})
	}
	return out
}

// Join returns the words' texts joined with blanks.
func Join(ws []Word) string {
	parts := make([]string, len(ws))
	for i, x := range ws {
		parts[i] = x.Text
	}
	return strings.Join(parts, " ")
}

// OneLine keeps a rendered word on its line: newlines become "; ".
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\n", "; ")
}

// CanonPath writes a path that starts at the home directory (~, $HOME,
// ${HOME}) with ~, cleaned.
func CanonPath(p string) string {
	if p == "" || p[0] != '~' && p[0] != '$' && p[0] != '/' {
		return p
	}
	for _, pre := range [...]string{"~", "$HOME", "${HOME}"} {
		rest, ok := strings.CutPrefix(p, pre)
		switch {
		case !ok:
		case rest == "":
			return "~"
		case rest[0] == '/':
			if rest = Clean(rest); rest == "/" {
				return "~"
			}
			return "~" + rest
		}
	}
	if p[0] == '/' {
		return Clean(p)
	}
	return p
}

// Operands returns the arguments that are not options.
func Operands(args []Word) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a.Text, "-") || a.Text == "-" {
			out = append(out, a.Text)
		}
	}
	return out
}

// IsWordChar reports whether c is an ASCII letter, digit or underscore.
func IsWordChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// IsNameRune reports whether r may be part of a shell variable's name.
func IsNameRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// Set is a set of words written as one string, each word between
// spaces: a table that costs nothing at start-up (the hook path is a new
// process for every call).
type Set string

// Has reports whether w is one of the words.
func (l Set) Has(w string) bool {
	if w == "" || strings.IndexByte(w, ' ') >= 0 {
		return false
	}
	if len(l) >= indexMin && len(l) <= indexMax {
		if has, ok := l.indexed(w); ok {
			return has
		}
	}
	return l.scan(w)
}

// scan reports whether w, a word without spaces, is between two spaces in
// l.
func (l Set) scan(w string) bool {
	i := strings.Index(string(l), w)
	for i >= 0 {
		if i > 0 && i+len(w) < len(l) && l[i-1] == ' ' && l[i+len(w)] == ' ' {
			return true
		}
		j := strings.Index(string(l[i+1:]), w)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// Base returns a program word's name as it is run: the directory stripped,
// lower case (/bin/RM is rm on a case-insensitive file system).
func Base(s string) string {
	if i := strings.LastIndexAny(s, `/\`); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	return strings.ToLower(s)
}

// ShortHas reports whether s is a cluster of short options (-abc) holding
// flag before any option of withArg, whose value is the rest of the word.
func ShortHas(s string, flag byte, withArg string) bool { return clusterIndex(s, flag, withArg) > 0 }

// clusterIndex returns where flag stands in s, a cluster of short options,
// before any option of withArg (whose value is the rest of the word); -1
// when it does not.
func clusterIndex(s string, flag byte, withArg string) int {
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return -1
	}
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == flag:
			return i
		case strings.IndexByte(withArg, s[i]) >= 0:
			return -1
		}
	}
	return -1
}

// OptionValue returns the value of short option flag (in a cluster, -uo F
// or -uoF) or long option long (--output F, --output=F) at args[j], and the
// index of the last word it used.
func OptionValue(args []Word, j int, flag byte, withArg, long string) (string, int, bool) {
	s := args[j].Text
	if long != "" && LongOption(s, long) {
		if opt, v, ok := strings.Cut(s, "="); ok && opt != "" {
			return v, j, true
		}
		if j+1 < len(args) {
			return args[j+1].Text, j + 1, true
		}
		return "", j, false
	}
	switch i := clusterIndex(s, flag, withArg); {
	case i < 0:
		return "", j, false
	case i+1 < len(s):
		return s[i+1:], j, true
	case j+1 < len(args):
		return args[j+1].Text, j + 1, true
	}
	return "", j, false
}

// ShortValue reads s as a cluster of short options the way pflag (docker,
// podman, kubectl, compose) and getopt read one: the first option in it
// that takes a value (one of withArg) takes the rest of the word (-fX,
// -qfX, -f=X as pflag reads it) or, when nothing is left, the next word
// (next). ok is false when s is no cluster or holds no such option.
func ShortValue(s, withArg string) (flag byte, val string, next, ok bool) {
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return 0, "", false, false
	}
	i := strings.IndexAny(s[1:], withArg)
	if i < 0 {
		return 0, "", false, false
	}
	flag, val = s[1+i], s[2+i:]
	if i == 0 {
		val = strings.TrimPrefix(val, "=") // pflag: -f=X is X
	}
	return flag, val, val == "", true
}

// LongOption reports whether s is long option name, or the shortest
// prefix getopt accepts for it (at least --xyz), with or without =value.
func LongOption(s, name string) bool {
	opt, _, _ := strings.Cut(s, "=")
	return len(opt) >= 5 && strings.HasPrefix(name, opt)
}

// IsStdin reports whether a script file operand is standard input.
func IsStdin(s string) bool {
	return s == "-" || s == "/dev/stdin" || s == "/dev/fd/0" || s == "/proc/self/fd/0"
}

// PrefixOf returns the word of l that s starts with.
func (l Set) PrefixOf(s string) (string, bool) {
	for _, name := range strings.Fields(string(l)) {
		if strings.HasPrefix(s, name) {
			return name, true
		}
	}
	return "", false
}

// DirText is a directory of the walker ("" for the starting one) as $PWD
// holds it.
func DirText(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// MayBeEmpty reports whether a value could be empty: it is, or it holds
// only markers.
func MayBeEmpty(s string) bool {
	text := false
	EachMark(s, nil, func(t string) { text = text || t != "" })
	return !text
}

// MarkedCase applies f (upper or lower case) to the text of s, not to the
// names inside its markers.
func MarkedCase(s string, f func(string) string) string {
	if !HasMark(s) {
		return f(s)
	}
	var b strings.Builder
	EachMark(s, func(k byte, name string, whole bool) {
		if whole {
			b.WriteString(Mark(k, name))
		} else {
			b.WriteString(Mark(MarkWord, ""))
		}
	}, func(t string) { b.WriteString(f(t)) })
	return b.String()
}

// AllKnown reports whether every word of ws is known.
func AllKnown(ws []Word) bool {
	for _, x := range ws {
		if !x.Known {
			return false
		}
	}
	return true
}

// HomeRelative reports whether p starts at the home directory.
func HomeRelative(p string) bool {
	for _, pre := range []string{"~", "$HOME", "${HOME}"} {
		if p == pre || strings.HasPrefix(p, pre+"/") || strings.HasPrefix(p, pre+`\`) {
			return true
		}
	}
	return false
}

// IsName reports whether s is a shell variable name.
func IsName(s string) bool {
	if s == "" {
		return false
	}
	for j := 0; j < len(s); j++ {
		c := s[j]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || j > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// ParamOp returns what ${NAME<op>arg} stands for, as the shell picks it
// from NAME's value v and whether it is set: op is -, =, ? or +, with a
// leading colon where an empty value counts as unset. False where the
// shell stops (? on an unset value) or op is not one of them.
func ParamOp(v string, set bool, op, arg string) (string, bool) {
	bare, colon := strings.CutPrefix(op, ":")
	has := set && (!colon || v != "")
	switch {
	case (bare == "-" || bare == "=" || bare == "?") && has:
		return v, true
	case bare == "-" || bare == "=":
		return arg, true
	case bare == "+" && has:
		return arg, true
	case bare == "+":
		return "", true
	}
	return "", false
}

// Quote returns s as one shell word: in single quotes, each quote inside
// closed, escaped and reopened.
func Quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// QuoteAll returns ss as one shell command line: each quoted (Quote),
// joined by blanks.
func QuoteAll(ss []string) string {
	var b strings.Builder
	for i, s := range ss {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(Quote(s))
	}
	return b.String()
}

// Clean is path.Clean, which returns a path already clean as it is: most
// paths the walker cleans are, and path.Clean copies every byte through a
// buffer to find out (8% of a long script's instructions).
func Clean(p string) string {
	if isClean(p) {
		return p
	}
	// ./x and x/: the walker's words for a relative operand and a
	// directory (ls -la ./x, tar czf o.tgz dist/).
	if q, ok := strings.CutPrefix(p, "./"); ok && q != "" && q[0] != '/' && isClean(q) {
		return q
	}
	if q, ok := strings.CutSuffix(p, "/"); ok && q != "" && q[len(q)-1] != '/' && isClean(q) {
		return q
	}
	return path.Clean(p)
}

// isClean reports whether path.Clean returns p unchanged because it has no
// empty, "." or ".." element and no trailing slash (some clean paths, such
// as ../x, are left to path.Clean).
func isClean(p string) bool {
	switch {
	case p == "/" || p == ".":
		return true
	case p == "" || p[len(p)-1] == '/':
		return false
	}
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		if e := p[start:i]; e == "." || e == ".." || e == "" && start > 0 {
			return false
		}
		start = i + 1
	}
	return true
}
