package agent

import (
	"fmt"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// MaxCommandWords bounds the words of one command that CommandPaths looks
// at; a longer command cannot be checked and is refused.
const MaxCommandWords = 4096

// CommandPaths returns the files the shell commands of c read and write, as
// read and write inputs resolved like the tool paths (see ResolvePaths), so
// that `cat ~/.ssh/id_rsa` or `echo x >> ~/.bashrc` meet the same path rules
// as the Read and Write tools. The hook path checks them after the command
// itself; they are not part of c.Inputs, so the record's input_hash is that
// of what the agent sent.
//
// The command is split into words the way a shell would for the cheap,
// common cases (quotes, backslashes, $IFS, ;, &&, |, redirections, $( ),
// backticks, here-documents); see commandPaths for which words count and
// the limits in docs/DECISIONS.md. An error means the command is too long
// to check.
func CommandPaths(c *Call, opt Options) ([]event.Input, error) {
	var out []event.Input
	for _, in := range c.Inputs {
		if in.Kind != event.KindCommand {
			continue
		}
		ps, err := commandPaths(in.Text)
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	resolveInputs(out, BaseDir(c, opt))
	return out, nil
}

// segment is one simple command: its words, the files its redirections
// name, and how its output is used.
type segment struct {
	words  []string
	writes []string // targets of >, >>, &>, >|
	reads  []string // targets of <
	piped  bool     // its output feeds a pipe
	subst  bool     // it runs inside $( ), backticks or <( )
	shell  bool     // set once its command is known to be a shell (heredoc bodies are code)
}

// splitter turns a command into segments.
type splitter struct {
	s     string
	i     int
	segs  []segment
	stack []frame // open substitutions
	cur   segment
	word  strings.Builder
	inW   bool // a word has started (possibly empty, as in '')
	redir byte // '>' or '<' when the next word is a redirection target, 'h' a here-string, 'd' a here-document delimiter
	dq    bool // inside double quotes
	docs  []heredoc
	words int
}

// frame is the state saved when a substitution opens.
type frame struct {
	cur   segment
	word  string
	inW   bool
	redir byte
	dq    bool
	close byte // ')' or '`'
}

// heredoc is a pending here-document: its delimiter and whether its body is
// code (fed to a shell).
type heredoc struct {
	delim string
	tabs  bool // <<- strips leading tabs
	code  bool
}

var errTooLong = &Error{Field: "command", Problem: fmt.Sprintf("has more than %d words: guard blocks a command it cannot check whole", MaxCommandWords)}

// maxNesting bounds the scripts within scripts (sh -c, eval) that are split.
const maxNesting = 4

// commandPaths returns the read and write inputs the words of cmd name.
func commandPaths(cmd string) ([]event.Input, error) {
	return nestedPaths(cmd, 0)
}

func nestedPaths(cmd string, depth int) ([]event.Input, error) {
	sp := &splitter{s: cmd}
	if err := sp.run(); err != nil {
		return nil, err
	}
	var out []event.Input
	dir := "" // where cd moved to, "" for the starting directory
	for _, sg := range sp.segs {
		ps, err := sg.paths(depth)
		if err != nil {
			return nil, err
		}
		for i := range ps {
			ps[i].Text = under(dir, ps[i].Text)
		}
		out = append(out, ps...)
		if name, first := commandName(sg.words); name == "cd" || name == "pushd" {
			switch args := sg.words[min(first, len(sg.words)):]; {
			case len(args) == 0:
				dir = "~"
			case args[len(args)-1] != "-":
				dir = under(dir, args[len(args)-1])
			}
		}
	}
	return out, nil
}

// under returns path p as seen from directory dir ("" for the starting
// directory): p itself when it is absolute or starts at home.
func under(dir, p string) string {
	if dir == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) || homeRelative(p) || len(p) > 1 && p[1] == ':' {
		return p
	}
	return strings.TrimRight(dir, "/") + "/" + p
}

func (sp *splitter) run() error {
	for sp.i < len(sp.s) {
		c := sp.s[sp.i]
		if sp.dq {
			sp.inDouble(c)
			continue
		}
		switch {
		case c == '\'':
			end := strings.IndexByte(sp.s[sp.i+1:], '\'')
			if end < 0 {
				end = len(sp.s) - sp.i - 1
			}
			sp.word.WriteString(sp.s[sp.i+1 : sp.i+1+end])
			sp.inW = true
			sp.i += end + 2
		case c == '"':
			sp.dq, sp.inW = true, true
			sp.i++
		case c == '\\':
			if sp.i+1 < len(sp.s) && sp.s[sp.i+1] != '\n' {
				sp.word.WriteByte(sp.s[sp.i+1])
				sp.inW = true
			}
			sp.i += 2
		case c == '$' && sp.ifs():
			if err := sp.endWord(); err != nil {
				return err
			}
		case c == '$' && sp.peek(1) == '(':
			sp.open(')', 2)
		case c == '`':
			if n := len(sp.stack); n > 0 && sp.stack[n-1].close == '`' {
				if err := sp.closeSubst(); err != nil {
					return err
				}
			} else {
				sp.open('`', 1)
			}
		case (c == '<' || c == '>') && sp.peek(1) == '(':
			sp.open(')', 2)
		case c == ')':
			if n := len(sp.stack); n > 0 && sp.stack[n-1].close == ')' {
				if err := sp.closeSubst(); err != nil {
					return err
				}
			} else {
				if err := sp.endSegment(false); err != nil {
					return err
				}
				sp.i++
			}
		case c == '#' && !sp.inW:
			for sp.i < len(sp.s) && sp.s[sp.i] != '\n' {
				sp.i++
			}
		case c == ' ' || c == '\t' || c == '\r':
			if err := sp.endWord(); err != nil {
				return err
			}
			sp.i++
		case c == '\n':
			if err := sp.endSegment(false); err != nil {
				return err
			}
			sp.i++
			sp.skipHeredocs()
		case c == ';' || c == '(' || c == '{' && !sp.inW || c == '}' && !sp.inW:
			if err := sp.endSegment(false); err != nil {
				return err
			}
			sp.i++
		case c == '&':
			if sp.peek(1) == '>' { // &> and &>>: output to a file
				if err := sp.endWord(); err != nil {
					return err
				}
				sp.i++
				continue
			}
			if err := sp.endSegment(false); err != nil {
				return err
			}
			sp.i++
		case c == '|':
			if sp.peek(1) == '|' {
				if err := sp.endSegment(false); err != nil {
					return err
				}
				sp.i += 2
				continue
			}
			if err := sp.endSegment(true); err != nil {
				return err
			}
			sp.i++
			if sp.peek(0) == '&' {
				sp.i++
			}
		case c == '>':
			if err := sp.endRedirWord(); err != nil {
				return err
			}
			sp.i++
			if n := sp.peek(0); n == '>' || n == '|' {
				sp.i++
			}
			sp.redir = '>'
			if sp.peek(0) == '&' { // >&2, >&-: a descriptor, else a file (>&file)
				sp.i++
			}
		case c == '<':
			if err := sp.endRedirWord(); err != nil {
				return err
			}
			switch {
			case strings.HasPrefix(sp.s[sp.i:], "<<<"):
				sp.redir = 'h'
				sp.i += 3
			case strings.HasPrefix(sp.s[sp.i:], "<<"):
				sp.redir = 'd'
				sp.i += 2
				if sp.peek(0) == '-' {
					sp.redir = 'D'
					sp.i++
				}
			default:
				sp.redir = '<'
				sp.i++
			}
		default:
			sp.word.WriteByte(c)
			sp.inW = true
			sp.i++
		}
	}
	// Close what the command left open, so nothing is lost.
	for len(sp.stack) > 0 {
		if err := sp.closeSubst(); err != nil {
			return err
		}
	}
	return sp.endSegment(false)
}

// inDouble handles one byte inside double quotes: only \, $( and ` are
// special there.
func (sp *splitter) inDouble(c byte) {
	switch {
	case c == '"':
		sp.dq = false
		sp.i++
	case c == '\\' && sp.i+1 < len(sp.s):
		switch n := sp.s[sp.i+1]; n {
		case '"', '\\', '$', '`':
			sp.word.WriteByte(n)
		case '\n':
		default:
			sp.word.WriteByte('\\')
			sp.word.WriteByte(n)
		}
		sp.i += 2
	case c == '$' && sp.peek(1) == '(':
		sp.open(')', 2)
	case c == '`':
		if n := len(sp.stack); n > 0 && sp.stack[n-1].close == '`' {
			_ = sp.closeSubst() // the word count is checked at the next word end
		} else {
			sp.open('`', 1)
		}
	default:
		sp.word.WriteByte(c)
		sp.i++
	}
}

func (sp *splitter) peek(k int) byte {
	if sp.i+k < len(sp.s) {
		return sp.s[sp.i+k]
	}
	return 0
}

// ifs reports whether $IFS or ${IFS} starts at i, and skips it.
func (sp *splitter) ifs() bool {
	for _, v := range []string{"${IFS}", "$IFS"} {
		if strings.HasPrefix(sp.s[sp.i:], v) {
			sp.i += len(v)
			return true
		}
	}
	return false
}

// open starts a substitution that ends at close; skip is the length of its
// opening.
func (sp *splitter) open(close byte, skip int) {
	sp.stack = append(sp.stack, frame{cur: sp.cur, word: sp.word.String(), inW: sp.inW, redir: sp.redir, dq: sp.dq, close: close})
	sp.cur = segment{subst: true}
	sp.word.Reset()
	sp.inW, sp.redir, sp.dq = false, 0, false
	sp.i += skip
}

// closeSubst ends the innermost substitution; its output becomes part of the
// word it sits in (kept as "$()": its text is not known).
func (sp *splitter) closeSubst() error {
	if err := sp.endSegment(false); err != nil {
		return err
	}
	f := sp.stack[len(sp.stack)-1]
	sp.stack = sp.stack[:len(sp.stack)-1]
	sp.cur = f.cur
	sp.word.Reset()
	sp.word.WriteString(f.word)
	sp.word.WriteString("$()")
	sp.inW, sp.redir, sp.dq = true, f.redir, f.dq
	sp.i++
	return nil
}

// endRedirWord ends the current word before a redirection operator; a word
// of digits is the descriptor being redirected (2>), not a file.
func (sp *splitter) endRedirWord() error {
	if w := sp.word.String(); sp.inW && w != "" && strings.Trim(w, "0123456789") == "" {
		sp.word.Reset()
		sp.inW = false
		return nil
	}
	return sp.endWord()
}

// endWord files the current word: a redirection target or an argument.
func (sp *splitter) endWord() error {
	if !sp.inW {
		return nil
	}
	w := sp.word.String()
	sp.word.Reset()
	sp.inW = false
	sp.words++
	if sp.words > MaxCommandWords {
		return errTooLong
	}
	switch r := sp.redir; r {
	case '>':
		sp.redir = 0
		if w != "-" && strings.Trim(w, "0123456789") != "" {
			sp.cur.writes = append(sp.cur.writes, w)
		}
		return nil
	case '<':
		sp.redir = 0
		sp.cur.reads = append(sp.cur.reads, w)
		return nil
	case 'h':
		sp.redir = 0
		return nil
	case 'd', 'D':
		sp.redir = 0
		name, _ := commandName(sp.cur.words)
		sp.docs = append(sp.docs, heredoc{delim: w, tabs: r == 'D', code: shells[name] || interpreter(name)})
		return nil
	}
	sp.cur.words = append(sp.cur.words, w)
	return nil
}

// endSegment ends the current word and segment.
func (sp *splitter) endSegment(piped bool) error {
	if err := sp.endWord(); err != nil {
		return err
	}
	sp.redir = 0
	if len(sp.cur.words) > 0 || len(sp.cur.writes) > 0 || len(sp.cur.reads) > 0 {
		sp.cur.piped = piped
		sp.segs = append(sp.segs, sp.cur)
	}
	sp.cur = segment{subst: sp.cur.subst}
	return nil
}

// skipHeredocs skips the bodies of the here-documents opened on the line
// just ended, unless a shell reads them (then they are commands).
func (sp *splitter) skipHeredocs() {
	docs := sp.docs
	sp.docs = nil
	for _, d := range docs {
		if d.code {
			continue
		}
		for sp.i < len(sp.s) {
			end := strings.IndexByte(sp.s[sp.i:], '\n')
			line := sp.s[sp.i:]
			if end >= 0 {
				line = sp.s[sp.i : sp.i+end]
				sp.i += end + 1
			} else {
				sp.i = len(sp.s)
			}
			if d.tabs {
				line = strings.TrimLeft(line, "\t")
			}
			if line == d.delim {
				break
			}
		}
	}
}

// Commands that run another command given as their arguments, and how many
// words some of their options take.
var (
	prefixes = map[string]map[string]bool{
		"sudo":    {"-u": true, "-g": true, "-C": true, "-D": true, "-h": true, "-p": true, "-r": true, "-t": true, "-U": true, "-T": true},
		"doas":    {"-u": true, "-C": true},
		"env":     {"-u": true, "-C": true, "-S": true},
		"command": {},
		"builtin": {},
		"exec":    {"-a": true},
		"nice":    {"-n": true},
		"nohup":   {},
		"time":    {"-f": true, "-o": true},
		"stdbuf":  {},
		"ionice":  {"-c": true, "-n": true},
		"timeout": {"-s": true, "-k": true},
		"xargs":   {"-I": true, "-n": true, "-P": true, "-L": true, "-d": true, "-s": true, "-E": true, "-a": true},
		"then":    {}, "do": {}, "else": {}, "if": {}, "elif": {}, "while": {}, "until": {}, "!": {},
	}
	shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "busybox": true}
	// writesAll: every argument is a file written (or removed).
	writesAll = map[string]bool{"rm": true, "rmdir": true, "unlink": true, "shred": true, "truncate": true, "touch": true,
		"chmod": true, "chown": true, "chgrp": true, "tee": true, "chattr": true}
	// writesLast: the last argument is the destination, the others are read.
	writesLast = map[string]bool{"cp": true, "mv": true, "install": true, "ln": true, "rsync": true, "scp": true}
	// keyUsers: the argument after -i is a key used, not shown.
	keyUsers = map[string]bool{"ssh": true, "scp": true, "sftp": true, "ssh-copy-id": true, "autossh": true}
	// keyTools never show a private key's content.
	keyTools = map[string]bool{"ssh-add": true, "ssh-keygen": true}
	// printers only print their arguments.
	printers = map[string]bool{"echo": true, "printf": true}
	// grepFamily take a pattern as their first operand.
	grepFamily = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "ack": true}
	// findPatterns are find's options whose value is a name pattern.
	findPatterns = map[string]bool{"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true, "-iwholename": true, "-regex": true, "-iregex": true, "-lname": true, "-ilname": true}
	// testers only test whether a file exists or what it is.
	testers = map[string]bool{"test": true, "[": true, "[[": true}
)

// interpreter reports whether name runs a script language whose here-document
// is code that may name files.
func interpreter(name string) bool {
	for _, p := range []string{"python", "perl", "ruby", "node", "php"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// commandName returns the name of the program words run (its base name) and
// the index of its first argument, skipping variable assignments and
// prefixes such as sudo, env, timeout 5 and xargs -I{}.
func commandName(words []string) (string, int) {
	i := 0
	for i < len(words) {
		w := words[i]
		if isAssignment(w) {
			i++
			continue
		}
		name := w
		if k := strings.LastIndexByte(name, '/'); k >= 0 {
			name = name[k+1:]
		}
		opts, prefix := prefixes[name]
		if !prefix {
			return name, i + 1
		}
		i++
		needsArg := name == "timeout"
		for i < len(words) {
			o := words[i]
			if isAssignment(o) && name == "env" {
				i++
				continue
			}
			if strings.HasPrefix(o, "-") && len(o) > 1 {
				i++
				if opts[o] {
					i++
				}
				continue
			}
			if needsArg {
				needsArg = false
				i++
				continue
			}
			break
		}
	}
	return "", len(words)
}

// isAssignment reports whether w is NAME=value.
func isAssignment(w string) bool {
	eq := strings.IndexByte(w, '=')
	if eq <= 0 {
		return false
	}
	for j := 0; j < eq; j++ {
		c := w[j]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || j > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// paths returns the read and write inputs of one segment; depth counts the
// scripts it sits in.
func (sg segment) paths(depth int) ([]event.Input, error) {
	var out []event.Input
	add := func(k event.Kind, w string) {
		for _, p := range candidates(w) {
			out = append(out, event.Input{Kind: k, Text: p})
		}
	}
	for _, w := range sg.writes {
		add(event.KindWrite, w)
	}
	for _, w := range sg.reads {
		add(event.KindRead, w)
	}
	name, first := commandName(sg.words)
	// Assignments and prefix words are read too: X=~/.ssh/id_rsa; cat $X.
	for _, w := range sg.words[:min(first, len(sg.words))] {
		add(event.KindRead, w)
	}
	args := sg.words[min(first, len(sg.words)):]
	switch {
	case keyTools[name] || testers[name]:
		return out, nil
	case printers[name] && !sg.piped && !sg.subst:
		return out, nil
	case name == "eval" || shells[name] && shellScript(args) >= 0:
		// The script is itself a command: sh -c 'cat ~/.ssh/id_rsa'.
		script := strings.Join(args, " ")
		if name != "eval" {
			script = args[shellScript(args)]
		}
		if depth >= maxNesting {
			return nil, &Error{Field: "command", Problem: fmt.Sprintf("nests scripts (sh -c, eval) more than %d deep: guard blocks a command it cannot check whole", maxNesting)}
		}
		ps, err := nestedPaths(script, depth+1)
		if err != nil {
			return nil, err
		}
		return append(out, ps...), nil
	}
	last := -1
	if writesLast[name] && !hasTargetDir(args) {
		for j := len(args) - 1; j >= 0; j-- {
			if !strings.HasPrefix(args[j], "-") {
				last = j
				break
			}
		}
	}
	inPlace := false
	if name == "sed" || name == "perl" {
		for _, a := range args {
			if strings.HasPrefix(a, "-i") || a == "--in-place" || strings.HasPrefix(a, "--in-place=") || strings.HasPrefix(a, "-pi") {
				inPlace = true
			}
		}
	}
	patternGiven := false
	for j := 0; j < len(args); j++ {
		a := args[j]
		switch {
		case keyUsers[name] && (a == "-i" || a == "-F"):
			j++ // the identity or config file is used, not shown
			continue
		case writesLast[name] && (a == "-t" || a == "--target-directory") && j+1 < len(args):
			j++
			add(event.KindWrite, args[j])
			continue
		case writesLast[name] && strings.HasPrefix(a, "--target-directory="):
			add(event.KindWrite, a)
			continue
		case grepFamily[name] && (a == "-e" || a == "--regexp" || a == "-f" || a == "--file"):
			j++ // a pattern (or a pattern file, read below as an argument would be)
			if a == "-f" || a == "--file" {
				j--
			}
			patternGiven = true
			continue
		case grepFamily[name] && !patternGiven && !strings.HasPrefix(a, "-"):
			patternGiven = true // the first operand is the pattern
			continue
		case name == "find" && findPatterns[a]:
			j++ // a name pattern, not a file
			continue
		case name == "dd" && strings.HasPrefix(a, "of="):
			add(event.KindWrite, a)
			continue
		}
		switch {
		case writesAll[name] || inPlace || j == last:
			add(event.KindWrite, a)
		default:
			add(event.KindRead, a)
		}
		if interpreter(name) {
			// python -c "open('/home/u/.ssh/id_rsa')": the string literals
			// of a one-liner are read too.
			for _, l := range literals(a) {
				add(event.KindRead, l)
			}
		}
	}
	return out, nil
}

// literals returns the quoted strings ('…' or "…") inside code.
func literals(code string) []string {
	var out []string
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '\'' && q != '"' {
			continue
		}
		end := strings.IndexByte(code[i+1:], q)
		if end < 0 {
			break
		}
		out = append(out, code[i+1:i+1+end])
		i += end + 1
	}
	return out
}

// hasTargetDir reports whether cp/mv/install/ln args name their destination
// with -t or --target-directory (then every other argument is a source).
func hasTargetDir(args []string) bool {
	for _, a := range args {
		if a == "-t" || a == "--target-directory" || strings.HasPrefix(a, "--target-directory=") {
			return true
		}
	}
	return false
}

// shellScript returns the index in a shell's arguments of the script its -c
// option runs (sh -c, bash -lc, sh -ec), or -1.
func shellScript(args []string) int {
	c := false
	for j, a := range args {
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") {
			if strings.ContainsRune(a, 'c') {
				c = true
			}
			continue
		}
		if c {
			return j
		}
		return -1
	}
	return -1
}

// candidates returns the file paths word w may name: w itself, and for
// --opt=value, NAME=value and curl's @file the value; only words that look
// like paths (a /, a leading . ~ or $, or a file extension), never options
// or URLs.
func candidates(w string) []string {
	var out []string
	try := func(s string) {
		s = strings.TrimPrefix(s, "@")
		if s == "" || s == "$()" || strings.HasPrefix(s, "-") || strings.Contains(s, "://") || !pathLike(s) {
			return
		}
		out = append(out, s)
	}
	try(w)
	if eq := strings.IndexByte(w, '='); eq >= 0 {
		try(w[eq+1:])
	}
	return out
}

// pathLike reports whether s could name a file the path rules care about.
func pathLike(s string) bool {
	switch s[0] {
	case '/', '.', '~', '$', '\\':
		return true
	}
	return strings.ContainsAny(s, `/\`) || strings.Contains(s, ".")
}
