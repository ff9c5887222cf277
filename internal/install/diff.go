package install

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tailscale/hujson"
)

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

// maxDiffCells bounds the line-matching table of unifiedDiff; past it the
// changed middle is shown as removed, then added.
const maxDiffCells = 4 << 20

// keepStrings are the string values a dry-run diff shows as they are: the
// ones guard writes. Every other string value, and the text of every
// comment, is shown as "…", so a preview never prints a token or other value
// kept in the settings file.
func keepStrings(a Agent, command string) map[string]bool {
	keep := map[string]bool{command: true, "*": true, "command": true}
	for _, h := range a.Hooks() {
		keep[h] = true
	}
	return keep
}

// redacted packs v with every string value outside keep replaced by "…" and
// every comment's text by …; keys stay (they name settings, they do not
// hold them), and so do line breaks, so the diff's line numbers are the
// file's.
func redacted(v *hujson.Value, keep map[string]bool) []byte {
	if v == nil {
		return nil
	}
	c := v.Clone()
	var walk func(x *hujson.Value, key bool)
	walk = func(x *hujson.Value, key bool) {
		x.BeforeExtra, x.AfterExtra = redactExtra(x.BeforeExtra), redactExtra(x.AfterExtra)
		switch t := x.Value.(type) {
		case hujson.Literal:
			if t.Kind() == '"' && !key && !keep[t.String()] {
				x.Value = hujson.Literal(`"…"`)
			}
		case *hujson.Object:
			for i := range t.Members {
				walk(&t.Members[i].Name, true)
				walk(&t.Members[i].Value, false)
			}
			t.AfterExtra = redactExtra(t.AfterExtra)
		case *hujson.Array:
			for i := range t.Elements {
				walk(&t.Elements[i], false)
			}
			t.AfterExtra = redactExtra(t.AfterExtra)
		}
	}
	walk(&c, false)
	return c.Pack()
}

// redactExtra replaces the text of each comment in e by …, keeping the
// comment markers and the line breaks inside block comments.
func redactExtra(e hujson.Extra) hujson.Extra {
	if !hasComment(e) {
		return e
	}
	var out []byte
	for i := 0; i < len(e); {
		switch {
		case bytes.HasPrefix(e[i:], []byte("//")):
			end := bytes.IndexByte(e[i:], '\n')
			if end < 0 {
				end = len(e) - i
			}
			out = append(out, "// …"...)
			if bytes.HasSuffix(e[i:i+end], []byte("\r")) {
				out = append(out, '\r')
			}
			i += end
		case bytes.HasPrefix(e[i:], []byte("/*")):
			end := bytes.Index(e[i+2:], []byte("*/"))
			if end < 0 {
				end = len(e) - i - 2
			}
			body := e[i+2 : i+2+end]
			out = append(out, "/* …"...)
			for range bytes.Count(body, []byte("\n")) {
				out = append(out, "\n…"...)
			}
			out = append(out, " */"...)
			i += 2 + end + 2
		default:
			out = append(out, e[i])
			i++
		}
	}
	return out
}

// unifiedDiff returns a unified diff (3 lines of context) from old to new,
// both already redacted.
func unifiedDiff(name string, old, new []byte) string {
	a, b := splitLines(string(old)), splitLines(string(new))
	ops := diffLines(a, b)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", name, name)
	// Group ops into hunks: runs of changes with up to 2*context equal lines
	// between them.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-diffContext, 0)
		for start < i && ops[start].kind != ' ' {
			start++
		}
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*diffContext {
				end = min(end+diffContext, run)
				break
			}
			end = run
		}
		aStart, bStart := ops[start].ai, ops[start].bi
		aLen, bLen := 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				aLen++
			}
			if op.kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		for _, op := range ops[start:end] {
			line := a
			idx := op.ai
			if op.kind == '+' {
				line, idx = b, op.bi
			}
			out.WriteByte(op.kind)
			out.WriteString(line[idx])
			out.WriteByte('\n')
		}
		i = end
	}
	return out.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// diffOp is one line of an edit script: ' ' kept, '-' removed, '+' added;
// ai and bi are the positions in the old and new lines where it applies.
type diffOp struct {
	kind   byte
	ai, bi int
}

// diffLines matches a and b: common prefix and suffix, then a longest
// common subsequence of the middle when it is small enough.
func diffLines(a, b []string) []diffOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []diffOp
	for i := range pre {
		ops = append(ops, diffOp{' ', i, i})
	}
	am, bm := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(am), len(bm)
	if n > 0 && m > 0 && (n+1)*(m+1) <= maxDiffCells {
		// lcs[i][j] is the LCS length of am[i:] and bm[j:].
		lcs := make([][]int32, n+1)
		for i := range lcs {
			lcs[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if am[i] == bm[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && am[i] == bm[j]:
				ops = append(ops, diffOp{' ', pre + i, pre + j})
				i++
				j++
			case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
				ops = append(ops, diffOp{'-', pre + i, pre + j})
				i++
			default:
				ops = append(ops, diffOp{'+', pre + i, pre + j})
				j++
			}
		}
	} else {
		for i := range n {
			ops = append(ops, diffOp{'-', pre + i, pre})
		}
		for j := range m {
			ops = append(ops, diffOp{'+', pre + n, pre + j})
		}
	}
	for k := range suf {
		ops = append(ops, diffOp{' ', len(a) - suf + k, len(b) - suf + k})
	}
	return ops
}
