package lang

import (
	"sort"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// maxAwkGetlines bounds the getline calls AwkGetlines reads.
const maxAwkGetlines = 64

// AwkGetline is what awk code's getline calls start and read: the commands
// of EXPR | getline and EXPR |& getline built by joining literals
// (awkPipes reads one plain literal), the files of getline < EXPR that are
// not one plain literal (the literal scan reads that), a part not known
// written as a run-time value, and whether a command is built from a part
// not known (computed: guard cannot tell it).
type AwkGetline struct {
	Commands, Files []string
	Computed        bool
}

// AwkGetlines reads the getline calls of awk code (see AwkGetline). Past
// maxAwkGetlines calls the code is one guard cannot tell.
func AwkGetlines(code string) AwkGetline {
	var g AwkGetline
	lits := litSpans(code)
	j := &joiner{code: code, stops: ";}\n|)", window: 256}
	seen := 0
	for name, k := range codeIdents(code, lits) {
		if name != "getline" {
			continue
		}
		if seen++; seen > maxAwkGetlines {
			g.Computed = true
			return g
		}
		if p := awkPipeBefore(code, k-len(name)); p >= 0 {
			ps, _ := j.pieces(skipParens(code, awkExprStart(code, lits, p)), 0)
			t, known := awkJoined(ps)
			if !known {
				g.Computed = true // ("rm " c "x") | getline, $0 | getline, cmd | getline
			} else if len(ps) > 1 || !strings.HasPrefix(strings.TrimLeft(code[awkExprStart(code, lits, p):p], " \t("), `"`) {
				g.Commands = append(g.Commands, t) // "a" "b" | getline, s | getline where s = "…"
			}
			continue
		}
		if t := awkGetlineFrom(code, k); t >= 0 {
			ps, _ := j.pieces(t, 0)
			if f, _ := awkJoined(ps); len(ps) > 1 || len(ps) == 1 && !ps[0].known {
				g.Files = append(g.Files, f) // getline l < $0, getline < (d "/x")
			}
		}
	}
	return g
}

// awkJoined returns the text of pieces ps, a part not known written as a
// run-time value (word.MarkSubst), and whether every part is known.
func awkJoined(ps []piece) (string, bool) {
	var b strings.Builder
	known := len(ps) > 0
	for _, p := range ps {
		if !p.known {
			known = false
			b.WriteString(word.Mark(word.MarkSubst, ""))
			continue
		}
		b.WriteString(p.text)
	}
	return b.String(), known
}

// awkPipeBefore returns the index of the | of | or |& that ends just
// before code[at] (blanks between), -1 when there is none (|| is or).
func awkPipeBefore(code string, at int) int {
	before := strings.TrimRight(code[:at], " \t")
	before = strings.TrimSuffix(before, "&")
	if !strings.HasSuffix(before, "|") || strings.HasSuffix(before, "||") {
		return -1
	}
	return len(before) - 1
}

// awkExprStart returns where the expression that ends before code[end]
// starts: after a ; { } or newline, an opening parenthesis not closed
// before end, or an assignment's =, outside the literals lits.
func awkExprStart(code string, lits []lit, end int) int {
	depth := 0
	for k := end - 1; k >= 0; k-- {
		if l, ok := litHolding(lits, k); ok {
			k = l.open
			continue
		}
		switch code[k] {
		case ')', ']':
			depth++
		case '(', '[':
			if depth == 0 {
				return k + 1
			}
			depth--
		case ';', '{', '}', '\n':
			if depth == 0 {
				return k + 1
			}
		case '=':
			if depth == 0 && (k+1 >= len(code) || code[k+1] != '=') && (k == 0 || !strings.ContainsRune("=!<>", rune(code[k-1]))) {
				return k + 1
			}
		}
	}
	return 0
}

// litHolding returns the literal of lits (sorted by opener) that holds
// code[k].
func litHolding(lits []lit, k int) (lit, bool) {
	n := sort.Search(len(lits), func(j int) bool { return lits[j].open > k })
	if n > 0 && k < lits[n-1].next {
		return lits[n-1], true
	}
	return lit{}, false
}

// awkGetlineFrom returns where the file expression of getline [VAR] < EXPR
// starts, getline's name ending at code[k]; -1 when getline reads no file.
func awkGetlineFrom(code string, k int) int {
	k = skipBlanks(code, k)
	if k < len(code) && (code[k] == '$' || word.IsWordChar(code[k])) {
		// getline line < F, getline $2 < F, getline a[i] < F
		k++
		for k < len(code) && word.IsWordChar(code[k]) {
			k++
		}
		if k < len(code) && code[k] == '[' {
			if e := strings.IndexByte(code[k:], ']'); e >= 0 {
				k += e + 1
			}
		}
		k = skipBlanks(code, k)
	}
	if k >= len(code) || code[k] != '<' || k+1 < len(code) && code[k+1] == '=' {
		return -1
	}
	return skipParens(code, k+1)
}
