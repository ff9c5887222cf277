package shell

// make's text functions in target and prerequisite names, evaluated as GNU
// make does: $(wildcard PATTERN) against the files on disk (listDir,
// bounded), $(patsubst), substitution references $(V:a=b) and
// $(V:%.c=%.o), $(subst), $(addprefix), $(addsuffix), $(notdir), $(dir),
// $(basename), $(suffix), $(sort), $(strip), $(filter), $(filter-out),
// $(firstword), $(lastword), $(words). A call guard does not evaluate, or
// whose arguments still hold what guard cannot tell, is left as written
// (a $ remains: the caller's cannot-tell reading).

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
)

// maxMakeText bounds the calls evaluated in one name.
const maxMakeText = 256

// makeText evaluates make's text functions for one name: lookup gives a
// variable's value with make's variables expanded, glob the files on disk
// a $(wildcard) pattern matches (false when guard cannot list them).
type makeText struct {
	lookup func(name string) string
	glob   func(pattern string) ([]string, bool)
	steps  int
}

// eval returns s with the calls it can evaluate replaced by their values.
func (e *makeText) eval(s string) string {
	if !strings.Contains(s, "$") || len(s) > effect.MaxScriptBytes {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) || s[i+1] != '(' && s[i+1] != '{' {
			b.WriteByte(s[i])
			continue
		}
		end := lang.Closing(s[i+1:])
		if end < 0 {
			b.WriteString(s[i:])
			break
		}
		end += i + 1
		v, ok := e.call(s[i+2 : end])
		if !ok {
			v = s[i : end+1]
		}
		b.WriteString(v)
		i = end
	}
	return b.String()
}

// call evaluates the text inside one $( ): a text function or a
// substitution reference; false for anything else.
func (e *makeText) call(in string) (string, bool) {
	e.steps++
	if e.steps > maxMakeText {
		return "", false
	}
	fn, rest, ok := strings.Cut(in, " ")
	if !ok {
		fn, rest, ok = strings.Cut(in, "\t")
	}
	if ok && makeTextFunc(fn) {
		args := makeCallArgs(rest, fn)
		for i := range args {
			args[i] = e.eval(args[i])
			if strings.Contains(args[i], "$") {
				return "", false
			}
		}
		return e.apply(fn, args)
	}
	name, sub, ok := strings.Cut(in, ":")
	from, to, ok2 := strings.Cut(sub, "=")
	if !ok || !ok2 || name == "" || strings.ContainsAny(name, " \t$") || strings.ContainsAny(sub, "$") {
		return "", false
	}
	v := e.eval(e.lookup(name))
	if strings.Contains(v, "$") {
		return "", false
	}
	if !strings.Contains(from, "%") {
		from, to = "%"+from, "%"+to
	}
	return patsubst(from, to, v), true
}

// makeTextFunc tells whether fn is a text function makeText evaluates.
func makeTextFunc(fn string) bool {
	switch fn {
	case "wildcard", "patsubst", "subst", "addprefix", "addsuffix", "notdir", "dir", "basename",
		"suffix", "sort", "strip", "filter", "filter-out", "firstword", "lastword", "words":
		return true
	}
	return false
}

// makeCallArgs splits a call's argument text at the commas outside brackets;
// the one-argument functions take the whole text. make keeps leading
// blanks of the arguments after the first, which the name functions drop.
func makeCallArgs(s, fn string) []string {
	n := 2
	switch fn {
	case "patsubst", "subst":
		n = 3
	case "wildcard", "notdir", "dir", "basename", "suffix", "sort", "strip", "firstword", "lastword", "words":
		n = 1
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s) && len(out) < n-1; i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	out = append(out, s[start:])
	for len(out) < n {
		out = append(out, "")
	}
	return out
}

// apply returns the value of text function fn with evaluated args.
func (e *makeText) apply(fn string, a []string) (string, bool) {
	f := strings.Fields(a[len(a)-1])
	each := func(g func(string) string) string {
		out := make([]string, 0, len(f))
		for _, w := range f {
			if v := g(w); v != "" {
				out = append(out, v)
			}
		}
		return strings.Join(out, " ")
	}
	switch fn {
	case "wildcard":
		return e.wildcard(f)
	case "patsubst":
		return patsubst(strings.TrimSpace(a[0]), strings.TrimSpace(a[1]), a[2]), true
	case "subst":
		return strings.ReplaceAll(a[2], a[0], a[1]), true
	case "addprefix":
		return each(func(w string) string { return strings.TrimSpace(a[0]) + w }), true
	case "addsuffix":
		return each(func(w string) string { return w + strings.TrimSpace(a[0]) }), true
	case "notdir":
		return each(func(w string) string { return w[strings.LastIndexByte(w, '/')+1:] }), true
	case "dir":
		return each(func(w string) string {
			if i := strings.LastIndexByte(w, '/'); i >= 0 {
				return w[:i+1]
			}
			return "./"
		}), true
	case "basename":
		return each(func(w string) string { return strings.TrimSuffix(w, makeSuffix(w)) }), true
	case "suffix":
		return each(makeSuffix), true
	case "sort":
		slices.Sort(f)
		return strings.Join(slices.Compact(f), " "), true
	case "strip":
		return strings.Join(f, " "), true
	case "filter", "filter-out":
		ps := strings.Fields(a[0])
		return each(func(w string) string {
			if slices.ContainsFunc(ps, func(p string) bool { return patMatch(p, w) }) == (fn == "filter") {
				return w
			}
			return ""
		}), true
	case "firstword", "lastword":
		if len(f) == 0 {
			return "", true
		}
		if fn == "firstword" {
			return f[0], true
		}
		return f[len(f)-1], true
	case "words":
		return strconv.Itoa(len(f)), true
	}
	return "", false
}

// makeSuffix returns the suffix of name w as $(suffix) does: from the
// last dot of its last component, or "".
func makeSuffix(w string) string {
	i := strings.LastIndexByte(w, '.')
	if i < 0 || strings.LastIndexByte(w, '/') > i {
		return ""
	}
	return w[i:]
}

// patMatch tells whether word w matches make pattern p (one % for any
// text, else the word itself).
func patMatch(p, w string) bool {
	pre, suf, ok := strings.Cut(p, "%")
	if !ok {
		return p == w
	}
	return len(w) >= len(pre)+len(suf) && strings.HasPrefix(w, pre) && strings.HasSuffix(w, suf)
}

// patsubst returns the words of text with those matching pattern p
// replaced by repl, its % the matched stem.
func patsubst(p, repl, text string) string {
	f := strings.Fields(text)
	pre, suf, _ := strings.Cut(p, "%")
	for i, w := range f {
		if !patMatch(p, w) {
			continue
		}
		if !strings.Contains(p, "%") {
			f[i] = repl
			continue
		}
		stem := w[len(pre) : len(w)-len(suf)]
		f[i] = strings.Replace(repl, "%", stem, 1)
	}
	return strings.Join(f, " ")
}

// wildcard returns the files on disk the patterns name, sorted per
// pattern; false when a pattern's directory holds a glob or guard cannot
// list it.
func (e *makeText) wildcard(patterns []string) (string, bool) {
	var out []string
	for _, p := range patterns {
		ns, ok := e.glob(p)
		if !ok {
			return "", false
		}
		out = append(out, ns...)
	}
	return strings.Join(out, " "), true
}

// makeGlob returns the names on disk matching make's wildcard pattern p
// (its directory part literal), sorted; false when guard cannot tell.
func (c *cmd) makeGlob(p string) ([]string, bool) {
	dir, base := path.Split(p)
	if strings.ContainsAny(dir, "*?[\\~") || base == "" {
		return nil, false
	}
	names, ok := c.w.listDir(strings.TrimSuffix(dir, "/"))
	if !ok {
		return nil, false
	}
	var out []string
	for n := range names {
		n = strings.TrimSuffix(n, "/")
		if m, err := path.Match(base, n); err != nil {
			return nil, false
		} else if m && (!strings.HasPrefix(n, ".") || strings.HasPrefix(base, ".")) {
			out = append(out, dir+n)
		}
	}
	slices.Sort(out)
	return out, true
}
