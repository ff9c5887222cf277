package lang

// Perl's and ruby's quote-like operators are string literals too: perl's
// q(…), qq{…}, qw[…] and qx<…> (any punctuation delimiter; a bracket pair
// nests), ruby's %q(…), %Q[…], %w, %W, %i, %I, %(…) and %x(…). qx and %x run
// their text as a shell command, as backticks do. They are found apart from
// the quote scan and added to it, so a literal the quote scan finds is never
// lost to a misread operator (q/2 in python is a division).

import (
	"sort"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// lit is one string literal of code: code[start:end] is its text, code[open]
// the first byte of its opener (a quote, q, %), code[end:next] its closer.
type lit struct {
	open, start, end, next int
	command                bool // qx, %x, backticks: the text runs as a shell command
}

// maxLiterals bounds the literals one code text yields; maxQuoteWork the
// bytes the quote-like operators' scans read in one code text (an operator
// left open reads to the end: bounded work however many there are).
const (
	maxLiterals  = 4096
	maxQuoteWork = 1 << 20
)

// qDelims are the delimiters a quote-like operator may take in guard's
// reading: punctuation that cannot follow a name in the languages' other
// syntax often enough to matter (no , ; = . : ) ] } > -), and quotes
// (perl's qx'…'); blanks only before a bracket after q, qq, qx, qw.
const qDelims = "([{</|!~#^@+*'\""

// eachLit calls fn with each literal of code in order of its opener until
// fn returns false: the quoted strings ('…', "…", `…`) and the quote-like
// operators.
func eachLit(code string, fn func(l lit) bool) {
	var all []lit
	for i := 0; i < len(code) && len(all) < maxLiterals; i++ {
		q := code[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		end := quoteEnd(code, i)
		if end < 0 {
			break
		}
		all = append(all, lit{open: i, start: i + 1, end: end, next: end + 1, command: q == '`'})
		i = end
	}
	n := len(all)
	budget := maxQuoteWork
	for i := 0; i < len(code) && len(all) < maxLiterals && budget > 0; i++ {
		if code[i] != 'q' && code[i] != '%' && code[i] != '<' {
			continue
		}
		lim := min(len(code), i+budget)
		l, ok := quoteLike(code[:lim], i)
		if ok {
			all = append(all, l)
			budget -= l.next - i
		} else if lim > i+2 && (code[i+1] == '<' || strings.IndexByte(qDelims, code[i+1]) >= 0 || i+2 < lim && strings.IndexByte(qDelims, code[i+2]) >= 0) {
			budget -= lim - i // an operator left open: scanned to the end
		}
	}
	if len(all) > n {
		sort.SliceStable(all, func(a, b int) bool { return all[a].open < all[b].open })
	}
	for _, l := range all {
		if !fn(l) {
			return
		}
	}
}

// quoteLike returns the quote-like operator that opens at code[i], if one
// does.
func quoteLike(code string, i int) (lit, bool) {
	if code[i] == '<' {
		return heredoc(code, i)
	}
	if i > 0 && (word.IsWordChar(code[i-1]) || strings.IndexByte("$@%&", code[i-1]) >= 0) {
		return lit{}, false // a name (seq(), $q, %q…) or a sigil
	}
	j, cmd := i+1, false
	switch code[i] {
	case 'q':
		if j < len(code) && (code[j] == 'q' || code[j] == 'w' || code[j] == 'x') {
			cmd = code[j] == 'x'
			j++
		}
	case '%':
		if j < len(code) && strings.IndexByte("qQwWiIx", code[j]) >= 0 {
			cmd = code[j] == 'x'
			j++
		}
	default:
		return lit{}, false
	}
	if code[i] == 'q' {
		// perl allows blanks before a bracket: qx (cat f)
		k := j
		for k < len(code) && (code[k] == ' ' || code[k] == '\t') {
			k++
		}
		if k > j && k < len(code) && strings.IndexByte("([{<", code[k]) >= 0 {
			j = k
		}
	}
	if j >= len(code) || strings.IndexByte(qDelims, code[j]) < 0 {
		return lit{}, false
	}
	d := code[j]
	closer, depth := closing(d), 0
	for k := j + 1; k < len(code); k++ {
		switch c := code[k]; {
		case c == '\\':
			k++
		case c == closer && depth == 0:
			return lit{open: i, start: j + 1, end: k, next: k + 1, command: cmd}, true
		case c == closer:
			depth--
		case c == d && d != closer:
			depth++
		}
	}
	return lit{}, false
}

// literalAt returns the literal whose opener is at code[i]: a quoted string
// or a quote-like operator.
func literalAt(code string, i int) (lit, bool) {
	switch q := code[i]; q {
	case '\'', '"', '`':
		end := quoteEnd(code, i)
		if end < 0 {
			return lit{}, false
		}
		return lit{open: i, start: i + 1, end: end, next: end + 1, command: q == '`'}, true
	}
	return quoteLike(code, i)
}

// quoteEnd returns the index of the quote that closes the one at code[i],
// past quotes a backslash escapes ("a \"b\" c", 'it\'s': the languages
// agree on that), or -1.
func quoteEnd(code string, i int) int {
	q := code[i]
	for k := i + 1; k < len(code); k++ {
		switch code[k] {
		case '\\':
			k++
		case q:
			return k
		}
	}
	return -1
}

// heredoc returns the here-document whose operator is at code[i] (perl's
// and ruby's <<EOF, <<"EOF", <<'EOF', <<~EOF, <<-EOF, perl's <<`EOC`,
// which runs its text): its text runs from the line after the operator to
// the line that is the delimiter alone (blanks around it allowed).
func heredoc(code string, i int) (lit, bool) {
	j := i + 2
	if !strings.HasPrefix(code[i:], "<<") || i > 0 && code[i-1] == '<' {
		return lit{}, false
	}
	if j < len(code) && (code[j] == '~' || code[j] == '-') {
		j++
	}
	if j >= len(code) {
		return lit{}, false
	}
	q := code[j]
	var tag string
	switch q {
	case '\'', '"', '`':
		e := strings.IndexByte(code[j+1:], q)
		if e < 0 {
			return lit{}, false
		}
		tag, j = code[j+1:j+1+e], j+2+e
	default:
		e := j
		for e < len(code) && word.IsWordChar(code[e]) {
			e++
		}
		if e == j || code[j] >= '0' && code[j] <= '9' {
			return lit{}, false // 1<<2: a shift
		}
		tag, j = code[j:e], e
	}
	nl := strings.IndexByte(code[j:], '\n')
	if tag == "" || nl < 0 {
		return lit{}, false
	}
	start := j + nl + 1
	for k := start; k <= len(code); {
		e := strings.IndexByte(code[k:], '\n')
		end := len(code)
		if e >= 0 {
			end = k + e
		}
		if strings.TrimSpace(code[k:end]) == tag {
			return lit{open: i, start: start, end: k, next: end, command: q == '`'}, true
		}
		if e < 0 {
			break
		}
		k = end + 1
	}
	return lit{}, false
}
