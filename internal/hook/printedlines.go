package hook

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"mvdan.cc/sh/v3/syntax"
)

// A command that prints whole lines of a file chosen by their number or
// by a pattern guard models (head -3 F, tail -n 2 F, sed -n '1,4p' F,
// grep -n DEBUG F, grep -c def F) prints only those lines: where guard
// cannot redact what it prints, it blocks only when a secret of the file
// stands on one of them (secretreads.go pickedSecret). A line is printed
// whole or not at all, so no value is cut by the choice.

// linePick returns which of a file's lines (its text split at newlines,
// without the empty tail after a last newline) a command prints; false:
// guard cannot tell.
type linePick func(lines []string) ([]bool, bool)

// commandPicks returns, for text, the call's one shell command (zsh: read
// as zsh), the lines it prints of each file it names, keyed by the file's
// cleaned path (relative names under base): the command is one program
// of the model, its output going to the client or /dev/null. Nil when it
// is anything else.
func commandPicks(text string, zsh bool, base string) map[string]linePick {
	f, ok := parseStatus(text, zsh)
	if !ok || len(f.Stmts) != 1 {
		return nil
	}
	st := f.Stmts[0]
	c, _ := st.Cmd.(*syntax.CallExpr)
	feed := ""
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok {
		c, feed = catFeed(b)
	}
	if c == nil || len(c.Assigns) > 0 || st.Background || st.Coprocess || st.Negated || !outRedirects(st) {
		return nil
	}
	if to, lit := outTarget(st); !lit || to != "" && to != "/dev/null" {
		return nil // a copy in a file: the result scan does not see it
	}
	words, ok := pickWords(c)
	if !ok {
		return nil
	}
	if feed != "" {
		// cat [-n] F | PROG: PROG's lines are F's, one for one; a
		// program counting lines (head, tail, sed by numbers) picks the
		// same ones of F (a pattern would match the numbers cat -n adds).
		if words[0] != "head" && words[0] != "tail" && words[0] != "sed" || strings.Contains(strings.Join(words, " "), "/") {
			return nil
		}
		words = append(words, "--", feed)
	}
	ops, pick := programPick(words[0], words[1:])
	if pick == nil || len(ops) == 0 {
		return nil
	}
	return opPicks(ops, pick, base)
}

// catFeed returns, for a pipeline cat [-n] F | PROG (no redirection
// inside it), PROG's call and F; nil else.
func catFeed(b *syntax.BinaryCmd) (*syntax.CallExpr, string) {
	if b.Op != syntax.Pipe || len(b.X.Redirs) > 0 || len(b.Y.Redirs) > 0 || b.X.Negated || b.Y.Negated {
		return nil, ""
	}
	x, _ := b.X.Cmd.(*syntax.CallExpr)
	y, _ := b.Y.Cmd.(*syntax.CallExpr)
	if x == nil || y == nil || len(x.Assigns) > 0 {
		return nil, ""
	}
	words, lit := callWords(x)
	if !lit || len(words) < 2 || words[0] != "cat" || len(words) == 3 && words[1] != "-n" || len(words) > 3 {
		return nil, ""
	}
	f := words[len(words)-1]
	if f == "" || f[0] == '-' {
		return nil, ""
	}
	return y, f
}

// pickWords returns the words of c: literals, or globs of file names.
func pickWords(c *syntax.CallExpr) ([]string, bool) {
	var words []string
	for _, w := range c.Args {
		s, ok := literalWord(w)
		if !ok {
			if s, ok = globWord(w); !ok {
				return nil, false
			}
		}
		words = append(words, s)
	}
	return words, len(words) > 0
}

// opPicks keys pick by each of the file operands ops (relative names
// under base); nil for an operand guard cannot name.
func opPicks(ops []string, pick linePick, base string) map[string]linePick {
	out := map[string]linePick{}
	for _, op := range ops {
		if op == "-" || op == "" || strings.HasPrefix(op, "~") || strings.HasPrefix(op, "+") {
			return nil
		}
		if !filepath.IsAbs(op) {
			if base == "" {
				return nil
			}
			op = filepath.Join(base, op)
		}
		out[filepath.Clean(op)] = pick
	}
	return out
}

// globWord returns the text of w when it is one unquoted literal of
// letters, digits, . _ - / and the globs * and ?: a pattern of file
// names (app/*.py).
func globWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok || l.Value == "" || l.Value[0] == '-' {
		return "", false
	}
	for _, r := range l.Value {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-/*?", r)) {
			return "", false
		}
	}
	return l.Value, true
}

// pickFor returns the pick of picks for the file at p: its own, or a
// pattern's that matches it (app/*.py: every read of the one command is
// of a file its operands name).
func pickFor(picks map[string]linePick, p string) linePick {
	p = filepath.Clean(p)
	if pick := picks[p]; pick != nil {
		return pick
	}
	for k, pick := range picks {
		if ok, err := filepath.Match(k, p); ok && err == nil && strings.ContainsAny(k, "*?[") {
			return pick
		}
	}
	return nil
}

// programPick returns the file operands of program name with args and
// what it prints of each; nil pick: not in the model.
func programPick(name string, args []string) ([]string, linePick) {
	switch name {
	case "head", "tail":
		return headTailPick(name == "tail", args)
	case "sed":
		return sedPick(args)
	case "grep", "egrep", "fgrep":
		return grepPick(name, args)
	case "git":
		if len(args) > 0 && args[0] == "blame" {
			return blamePick(args[1:])
		}
	}
	return nil, nil
}

// blamePick: git blame -L A,B [-L …] [--] FILE prints lines A to B (A,+N:
// N lines from A) of the file as the working tree holds it, each whole
// with its commit, author and date before it; any other option, a
// revision, a -L by pattern or function: outside the model.
func blamePick(args []string) ([]string, linePick) {
	var ranges [][2]int
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case a == "-L" && i+1 < len(args):
			r, ok := blameRange(args[i+1])
			if !ok {
				return nil, nil
			}
			ranges = append(ranges, r)
			i++
		case strings.HasPrefix(a, "-L") && len(a) > 2:
			r, ok := blameRange(a[2:])
			if !ok {
				return nil, nil
			}
			ranges = append(ranges, r)
		case strings.HasPrefix(a, "-"):
			return nil, nil
		default:
			ops = append(ops, a)
		}
	}
	if len(ranges) == 0 || len(ops) != 1 {
		return nil, nil
	}
	return ops, func(lines []string) ([]bool, bool) {
		out := make([]bool, len(lines))
		for _, r := range ranges {
			for n := r[0]; n <= r[1] && n <= len(lines); n++ {
				out[n-1] = true
			}
		}
		return out, true
	}
}

// blameRange reads -L's A,B or A,+N (line numbers from 1).
func blameRange(s string) ([2]int, bool) {
	a, b, ok := strings.Cut(s, ",")
	from, err := strconv.Atoi(a)
	if !ok || err != nil || from < 1 || a[0] == '+' {
		return [2]int{}, false
	}
	if n, found := strings.CutPrefix(b, "+"); found {
		k, err := strconv.Atoi(n)
		return [2]int{from, from + k - 1}, err == nil && k >= 0 && n[0] != '-' && n[0] != '+'
	}
	to, err := strconv.Atoi(b)
	return [2]int{from, to}, err == nil && to >= from && b[0] != '+'
}

// headTailPick: head prints each file's first N lines (10 by default),
// tail its last N or from line +K on; -c (bytes), -f and any other option
// are outside the model.
func headTailPick(tail bool, args []string) ([]string, linePick) {
	n, from := 10, 0
	var ops []string
	count := func(v string) bool {
		if tail && strings.HasPrefix(v, "+") {
			k, err := strconv.Atoi(v[1:])
			from = max(k, 1)
			return err == nil && k >= 0
		}
		k, err := strconv.Atoi(v)
		n = k
		return err == nil && k >= 0 && !strings.HasPrefix(v, "+") && !strings.HasPrefix(v, "-")
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case a == "-q" || a == "-v" || a == "--quiet" || a == "--silent" || a == "--verbose":
		case a == "-n" || a == "--lines":
			if i+1 >= len(args) || !count(args[i+1]) {
				return nil, nil
			}
			i++
		case strings.HasPrefix(a, "--lines="):
			if !count(strings.TrimPrefix(a, "--lines=")) {
				return nil, nil
			}
		case strings.HasPrefix(a, "-n") && len(a) > 2:
			if !count(a[2:]) {
				return nil, nil
			}
		case len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9':
			if !count(a[1:]) {
				return nil, nil
			}
		case strings.HasPrefix(a, "-") && a != "-":
			return nil, nil
		default:
			ops = append(ops, a)
		}
	}
	return ops, func(lines []string) ([]bool, bool) {
		out := make([]bool, len(lines))
		for i := range lines {
			switch {
			case !tail:
				out[i] = i < n
			case from > 0:
				out[i] = i >= from-1
			default:
				out[i] = i >= len(lines)-n
			}
		}
		return out, true
	}
}

// sedCmd is one command of a sed script sedPick models: print (p) the
// lines from..to (1-based; 0 as to: from alone; -1: the last line) or
// the lines re matches (/RE/p), or quit (q) after line from.
type sedCmd struct {
	op       byte
	from, to int
	re       *regexp.Regexp
}

// sedPick: sed -n with a script of ADDR[,ADDR]p and Nq commands (ADDR a
// line number or $), or sed Nq without -n, over one file (sed numbers
// the lines of several files as one stream).
func sedPick(args []string) ([]string, linePick) {
	quiet, ere := false, false
	var script []string
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case a == "-n" || a == "--quiet" || a == "--silent":
			quiet = true
		case a == "-e" || a == "--expression":
			if i+1 >= len(args) {
				return nil, nil
			}
			script = append(script, args[i+1])
			i++
		case strings.HasPrefix(a, "--expression="):
			script = append(script, strings.TrimPrefix(a, "--expression="))
		case a == "-E" || a == "-r" || a == "--regexp-extended":
			ere = true
		case len(a) > 2 && a[0] == '-' && a[1] != '-':
			// A cluster (-nE, -ne SCRIPT): its letters in the model, an
			// e taking the rest of the word or the next one.
			at, ok := sedCluster(a, &quiet, &ere)
			switch {
			case !ok:
				return nil, nil
			case at < len(a):
				script = append(script, a[at:])
			case at == len(a)+1 && i+1 < len(args):
				script = append(script, args[i+1])
				i++
			case at == len(a)+1:
				return nil, nil
			}
		case strings.HasPrefix(a, "-") && a != "-":
			return nil, nil
		default:
			ops = append(ops, a)
		}
	}
	if script == nil && len(ops) > 0 {
		script, ops = ops[:1], ops[1:]
	}
	cmds, ok := sedPrintCmds(strings.Join(script, "\n"), ere)
	if !ok || len(ops) != 1 || !quiet && (len(cmds) != 1 || cmds[0].op != 'q') {
		return nil, nil
	}
	return ops, sedLines(cmds, quiet)
}

// sedCluster reads a cluster of sed's short options (-nE) into quiet and
// ere: ok false for a letter outside the model (-i, -z, -l N…). An e's
// script starts at the index it returns: inside the word, or len(a)+1 for
// the next word; len(a) for a cluster without e.
func sedCluster(a string, quiet, ere *bool) (at int, ok bool) {
	for j := 1; j < len(a); j++ {
		switch a[j] {
		case 'n':
			*quiet = true
		case 'E', 'r':
			*ere = true
		case 's', 'u':
		case 'e':
			if j+1 < len(a) {
				return j + 1, true
			}
			return len(a) + 1, true
		default:
			return 0, false
		}
	}
	return len(a), true
}

// sedLines is the pick of a sed script of cmds (sedPrintCmds); quiet: -n.
func sedLines(cmds []sedCmd, quiet bool) linePick {
	return func(lines []string) ([]bool, bool) {
		out := make([]bool, len(lines))
		at := func(n int) int {
			if n < 0 {
				return len(lines)
			}
			return n
		}
		for i := range lines {
			n := i + 1
			stop := false
			for _, c := range cmds {
				in := n == at(c.from) || c.to != 0 && n >= at(c.from) && n <= at(c.to)
				if c.re != nil {
					if !asciiText([]byte(lines[i])) {
						return nil, false // matched by the locale, not as guard does
					}
					in = c.re.MatchString(lines[i])
				}
				switch {
				case c.op == 'p' && in:
					out[i] = true
				case c.op == 'q' && n == at(c.from):
					stop = true
				}
				if stop {
					break
				}
			}
			if !quiet {
				out[i] = true // sed Nq prints each line up to N
			}
			if stop {
				break
			}
		}
		return out, true
	}
}

// sedPrintCmds parses a script of ADDR[,ADDR]p, /RE/p and Nq commands,
// one a line or after ; (RE holds no / nor ;, read as grep reads a
// pattern: basic, or extended with ere).
func sedPrintCmds(script string, ere bool) ([]sedCmd, bool) {
	var out []sedCmd
	for _, part := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' }) {
		s := strings.TrimSpace(part)
		if s == "" {
			continue
		}
		op := s[len(s)-1]
		if op != 'p' && op != 'q' {
			return nil, false
		}
		if s[0] == '/' {
			c, ok := sedMatchCmd(s, ere)
			if !ok {
				return nil, false
			}
			out = append(out, c)
			continue
		}
		from, to, comma := strings.Cut(strings.TrimSpace(s[:len(s)-1]), ",")
		c := sedCmd{op: op}
		var ok bool
		if c.from, ok = sedAddr(from); !ok {
			return nil, false
		}
		if comma {
			if c.to, ok = sedAddr(to); !ok || op == 'q' {
				return nil, false
			}
		}
		out = append(out, c)
	}
	return out, len(out) > 0
}

// sedMatchCmd reads /RE/p, RE holding no /.
func sedMatchCmd(s string, ere bool) (sedCmd, bool) {
	body, ok := strings.CutSuffix(s[1:], "/p")
	if !ok || body == "" || strings.Contains(body, "/") {
		return sedCmd{}, false
	}
	translate := breExpr
	if ere {
		translate = ereExpr
	}
	expr, ok := translate(body)
	if !ok {
		return sedCmd{}, false
	}
	re, ok := lineRegexp(expr, false, false)
	return sedCmd{op: 'p', re: re}, ok
}

// sedAddr reads a line number (1 or more) or $ (-1).
func sedAddr(s string) (int, bool) {
	if s == "$" {
		return -1, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0 && s[0] != '+'
}

// grepPick: a grep whose options and patterns the model reads
// (grepLines) prints the lines one of its patterns matches (any line
// with -v, none with -c, -l, -L, -q) of each file operand, and the
// context lines around them (grepSpec.pick).
func grepPick(name string, args []string) ([]string, linePick) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "--") {
			opt, _, _ := strings.Cut(a, "=")
			if opt == "--recursive" || opt == "--dereference-recursive" || opt == "--directories" {
				return nil, nil
			}
			continue
		}
		if strings.HasPrefix(a, "-") && strings.ContainsAny(a, "rR") {
			return nil, nil // a tree (or a value holding r: cannot tell)
		}
	}
	g, ok := grepLines(name, args)
	if !ok || len(g.operands) == 0 {
		return nil, nil
	}
	return g.operands, func(lines []string) ([]bool, bool) { return g.pick(lines), true }
}

// commandMembers returns, for text, the call's one shell command (zsh:
// read as zsh), the members tar x -O prints of the archive it names,
// keyed by the archive's cleaned path (relative under base): tar with
// -x, -O, -f ARCHIVE, -z or -v at most, and named members; nil for
// anything else (the archive is then read whole).
func commandMembers(text string, zsh bool, base string) map[string][]string {
	f, ok := parseStatus(text, zsh)
	if !ok || len(f.Stmts) != 1 {
		return nil
	}
	st := f.Stmts[0]
	c, _ := st.Cmd.(*syntax.CallExpr)
	if c == nil || len(c.Assigns) > 0 || st.Background || st.Coprocess || !outRedirects(st) {
		return nil
	}
	words, lit := callWords(c)
	if !lit || len(words) < 2 || words[0] != "tar" {
		return nil
	}
	archive, members, ok := tarMembers(words[1:])
	if !ok || len(members) == 0 || archive == "" || archive == "-" || strings.HasPrefix(archive, "~") {
		return nil
	}
	if !filepath.IsAbs(archive) {
		if base == "" {
			return nil
		}
		archive = filepath.Join(base, archive)
	}
	return map[string][]string{filepath.Clean(archive): members}
}

// tarMembers reads tar's words: the archive of -f and the members named,
// with -x and -O among the options and no other but -z and -v.
func tarMembers(args []string) (archive string, members []string, ok bool) {
	x, o := false, false
	var wantsFile int
	for i, a := range args {
		switch {
		case wantsFile > 0:
			archive, wantsFile = a, 0
			continue
		case strings.HasPrefix(a, "--file="):
			archive = strings.TrimPrefix(a, "--file=")
			continue
		case a == "--file":
			wantsFile = 1
			continue
		case a == "--extract" || a == "--get":
			x = true
			continue
		case a == "--to-stdout":
			o = true
			continue
		case a == "--gzip" || a == "--verbose":
			continue
		case strings.HasPrefix(a, "-") && len(a) > 1 || i == 0 && !strings.HasPrefix(a, "-"):
			for _, r := range strings.TrimPrefix(a, "-") {
				switch r {
				case 'x':
					x = true
				case 'O':
					o = true
				case 'f':
					wantsFile++
				case 'z', 'v':
				default:
					return "", nil, false
				}
			}
			if wantsFile > 1 {
				return "", nil, false
			}
			continue
		}
		if a == "" || strings.ContainsAny(a, "*?[") {
			return "", nil, false
		}
		members = append(members, a)
	}
	return archive, members, x && o && wantsFile == 0
}

// tarMemberNamed reports whether a tar member name is one of members or
// below one (a directory's), leading ./ and trailing / aside.
func tarMemberNamed(name string, members []string) bool {
	clean := func(s string) string { return strings.TrimSuffix(strings.TrimPrefix(s, "./"), "/") }
	n := clean(name)
	for _, m := range members {
		m = clean(m)
		if n == m || strings.HasPrefix(n, m+"/") {
			return true
		}
	}
	return false
}

// rangesSecret is fileSecret for a file tool's read of the runs of lines
// ranges of the file at p (agent.Call.Lines: one run for each reading of
// the tool's fields). cut: the result scan redacts what the read prints
// (a secret printed whole is its), so only a secret the slice cuts — on
// lines both printed and not — blocks, or one printed that the scan cannot
// find in the slice alone (its key name left out). Else a secret that
// stands on any printed line blocks.
func rangesSecret(d *secret.Detector, p, why string, ranges []agent.LineRange, cut bool, b *scanBudget) (event.Finding, bool) {
	lt, f, hit, done := readLines(d, p, why, b)
	if done {
		return f, hit
	}
	if !cut {
		printed := make([]bool, len(lt.lines))
		for _, r := range ranges {
			for i, in := range rangeLines(r, len(lt.lines)) {
				printed[i] = printed[i] || in
			}
		}
		return shownSecret(d, lt, printed, why)
	}
	for _, r := range ranges {
		if f, hit := sliceCut(d, lt, rangeLines(r, len(lt.lines)), why); hit {
			return f, true
		}
	}
	return event.Finding{}, false
}

// sliceCut blocks for a secret of lt the contiguous run printed cuts, or
// one it prints whole that the detector does not find in the run's text.
func sliceCut(d *secret.Detector, lt lineText, printed []bool, why string) (event.Finding, bool) {
	from, to := slices.Index(printed, true), -1
	if from < 0 {
		return event.Finding{}, false
	}
	for i := from; i < len(printed) && printed[i]; i++ {
		to = i
	}
	start, end := lineOffset(lt.text, from), min(lineOffset(lt.text, to+1), len(lt.text))
	var seen []detect.Match
	seenRead := false
	for _, m := range lt.ms {
		first, last := lt.span(m)
		switch {
		case last < from || first > to:
			continue
		case first < from || last > to:
			return secretFinding(why, "the slice cuts a secret of the file at its edge ("+m.Rule+")", m.Rule, lt.f.Severity), true
		}
		if !seenRead {
			seen, seenRead = d.FindAll(lt.text[start:end]), true
		}
		if !slices.ContainsFunc(seen, func(s detect.Match) bool { return s.Start+start <= m.Start && s.End+start >= m.End }) {
			return secretFinding(why, "a secret it prints is not one the result scan finds in the slice alone ("+m.Rule+")", m.Rule, lt.f.Severity), true
		}
	}
	return event.Finding{}, false
}

// lineOffset returns the byte offset in text of line n (0-based); past
// the last line, len(text).
func lineOffset(text string, n int) int {
	at := 0
	for ; n > 0; n-- {
		i := strings.IndexByte(text[at:], '\n')
		if i < 0 {
			return len(text)
		}
		at += i + 1
	}
	return at
}

// rangeLines returns which of n lines run r prints.
func rangeLines(r agent.LineRange, n int) []bool {
	out := make([]bool, n)
	from := r.From
	if from < 0 {
		from = max(n+from, 0)
	}
	for i := from; i < n && (r.Count < 0 || i < from+r.Count); i++ {
		out[i] = true
	}
	return out
}
