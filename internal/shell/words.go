package shell

import (
	"path"
	"slices"
	"strings"
)

// word is one field after expansion (see expand.go): quotes removed,
// escapes decoded, known variables and $(echo …) substituted. What is not
// known is held by markers (marker.go).
type word struct {
	s     string
	known bool // no part was left unresolved (an unknown $VAR, $( ); a glob is fine)
	// sub is, for a word that is one substitution ("$(curl …)", <(curl …)),
	// the line of the pipeline inside it.
	sub string
}

// unescapeBare removes the backslashes of an unquoted literal: \r is r.
func unescapeBare(s string) string {
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

// wordTexts returns the texts of words.
func wordTexts(ws []word) []string {
	out := make([]string, len(ws))
	for i, x := range ws {
		out[i] = x.s
	}
	return out
}

// abbreviates reports whether opt is one of l's long options or the
// shortest prefix getopt accepts for it (see longOption).
func (l wordSet) abbreviates(opt string) bool {
	return slices.ContainsFunc(strings.Fields(string(l)), func(name string) bool {
		return strings.HasPrefix(name, "--") && longOption(opt, name)
	})
}

func isNumberOption(a string) bool {
	return len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "0123456789") == ""
}

// isAssignment reports whether s is NAME=value.
func isAssignment(s string) bool {
	eq := strings.IndexByte(s, '=')
	return eq > 0 && isName(s[:eq])
}

func splitWords(s string) []word {
	var out []word
	for _, f := range strings.Fields(s) {
		out = append(out, word{s: f, known: isKnown(f)})
	}
	return out
}

func joinWords(ws []word) string {
	parts := make([]string, len(ws))
	for i, x := range ws {
		parts[i] = x.s
	}
	return strings.Join(parts, " ")
}

// oneLine keeps a rendered word on its line: newlines become "; ".
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\n", "; ")
}

func canonPath(p string) string {
	for _, pre := range []string{"~", "$HOME", "${HOME}"} {
		if p == pre {
			return "~"
		}
		if strings.HasPrefix(p, pre+"/") {
			rest := path.Clean(p[len(pre):])
			if rest == "/" {
				return "~"
			}
			return "~" + rest
		}
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return p
}

// operands returns the arguments that are not options.
func operands(args []word) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a.s, "-") || a.s == "-" {
			out = append(out, a.s)
		}
	}
	return out
}

func isWordChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isNameRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// wordSet is a set of words written as one string, each word between
// spaces: a table that costs nothing at start-up (the hook path is a new
// process for every call).
type wordSet string

// has reports whether w is one of the words.
func (l wordSet) has(w string) bool {
	if w == "" || strings.ContainsRune(w, ' ') {
		return false
	}
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

// base returns a program word's name as it is run: the directory stripped,
// lower case (/bin/RM is rm on a case-insensitive file system).
func base(s string) string {
	if i := strings.LastIndexAny(s, `/\`); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	return strings.ToLower(s)
}

// cutOption splits an ssh -o value, KEY=VALUE or KEY VALUE.
func cutOption(o string) (string, string, bool) {
	if i := strings.IndexAny(o, "= "); i > 0 {
		return o[:i], strings.TrimLeft(o[i+1:], "= "), true
	}
	return "", "", false
}

// shortHas reports whether s is a cluster of short options (-abc) holding
// flag before any option of withArg, whose value is the rest of the word.
func shortHas(s string, flag byte, withArg string) bool { return clusterIndex(s, flag, withArg) > 0 }

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

// optionValue returns the value of short option flag (in a cluster, -uo F
// or -uoF) or long option long (--output F, --output=F) at args[j], and the
// index of the last word it used.
func optionValue(args []word, j int, flag byte, withArg, long string) (string, int, bool) {
	s := args[j].s
	if long != "" && longOption(s, long) {
		if opt, v, ok := strings.Cut(s, "="); ok && opt != "" {
			return v, j, true
		}
		if j+1 < len(args) {
			return args[j+1].s, j + 1, true
		}
		return "", j, false
	}
	switch i := clusterIndex(s, flag, withArg); {
	case i < 0:
		return "", j, false
	case i+1 < len(s):
		return s[i+1:], j, true
	case j+1 < len(args):
		return args[j+1].s, j + 1, true
	}
	return "", j, false
}

// longOption reports whether s is long option name, or the shortest
// prefix getopt accepts for it (at least --xyz), with or without =value.
func longOption(s, name string) bool {
	opt, _, _ := strings.Cut(s, "=")
	return len(opt) >= 5 && strings.HasPrefix(name, opt)
}

// isStdin reports whether a script file operand is standard input.
func isStdin(s string) bool {
	return s == "-" || s == "/dev/stdin" || s == "/dev/fd/0" || s == "/proc/self/fd/0"
}

// prefixOf returns the word of l that s starts with.
func (l wordSet) prefixOf(s string) (string, bool) {
	for _, name := range strings.Fields(string(l)) {
		if strings.HasPrefix(s, name) {
			return name, true
		}
	}
	return "", false
}

// dirText is a directory of the walker ("" for the starting one) as $PWD
// holds it.
func dirText(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// mayBeEmpty reports whether a value could be empty: it is, or it holds
// only markers.
func mayBeEmpty(s string) bool {
	text := false
	eachMark(s, nil, func(t string) { text = text || t != "" })
	return !text
}

// markedCase applies f (upper or lower case) to the text of s, not to the
// names inside its markers.
func markedCase(s string, f func(string) string) string {
	if !hasMark(s) {
		return f(s)
	}
	var b strings.Builder
	eachMark(s, func(k byte, name string, whole bool) {
		if whole {
			b.WriteString(mark(k, name))
		} else {
			b.WriteString(mark(markWord, ""))
		}
	}, func(t string) { b.WriteString(f(t)) })
	return b.String()
}

func allKnown(ws []word) bool {
	for _, x := range ws {
		if !x.known {
			return false
		}
	}
	return true
}

// homeRelative reports whether p starts at the home directory.
func homeRelative(p string) bool {
	for _, pre := range []string{"~", "$HOME", "${HOME}"} {
		if p == pre || strings.HasPrefix(p, pre+"/") || strings.HasPrefix(p, pre+`\`) {
			return true
		}
	}
	return false
}

// isName reports whether s is a shell variable name.
func isName(s string) bool {
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
