package shell

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Kinds of argument, for rendering.
const (
	argPlain = iota
	argData  // data: written "…"
	argCode  // analysed elsewhere (a sh -c script): written "…"
)

// cmd is one simple command being analysed.
type cmd struct {
	w     *walker
	name  string // program: base name, lower case
	args  []word
	kinds []int // per argument: argPlain, argData or argCode
	// redirs are the redirections, rendered.
	redirs []string
	stdin  stdin
	// uploads is set when curl sends a file (-T): its file: URLs are
	// written.
	uploads bool
	piped   bool // its output feeds a pipe
	subst   bool // it runs inside $( ) or <( )
	// code is interpreter code read from standard input, shown in the line.
	code string
	// sends are files it sends over the network, rendered -d @F.
	sends []string
	// runs is a program it connects to the network (nc -e PROG): " | PROG".
	runs string
	// fromStdin: a shell or interpreter reading its program on standard
	// input, written with a final " -" (sh -, python3 -).
	fromStdin bool
	// rendered is the command as it appears in its pipeline's line.
	rendered string
	// own is set when the command's lines replace its pipeline's line (a
	// lone rm is one line per operand).
	own []string
	// extra are lines of commands it stands for (find -delete is rm -r).
	extra []string
	// out is what it prints, when known: echo's words, find's paths.
	out       output
	synthetic bool
	// outFiles are the files its standard output goes to (> f, >> f,
	// &> f), with append set for >>.
	outFiles []outFile
	// tmpDir: an option moved the walker to another directory for this
	// command only (env -C, git -C), from savedDir (see changeDir).
	tmpDir   bool
	savedDir string
	// undo restores the variables set for this command only (env X=v).
	undo     []func()
	compound bool // a compound command in a pipeline ({ …; } | x)
}

// outFile is a file a command's standard output is written to.
type outFile struct {
	path   string
	append bool
}

// stdin is what a command reads on standard input.
type stdin struct {
	text     string   // a here-document, a here-string, echo's output
	known    bool     // text is known
	file     string   // a file: <F, or cat F | …
	paths    []string // the paths find prints into it
	fromPipe bool     // it comes from the stage before in a pipeline
	// sub is the line of the pipeline a here-string "$(…)" or a
	// redirection < <(…) feeds it from.
	sub string
}

// output is what a command prints, when known.
type output struct {
	text  string
	known bool
	paths []string // find's paths
	file  string   // cat F prints F
}

// pipeline walks one pipeline (one command, or several joined by |) and
// emits its line.
func (w *walker) pipeline(elems []*syntax.Stmt) {
	var parts []string
	var own, extra []string
	var cmds []Command
	var prev *cmd
	for i, s := range elems {
		var c *cmd
		run := func() { c = w.element(s, prev, i < len(elems)-1) }
		if len(elems) > 1 {
			w.scoped(run) // each stage of a pipeline runs in a subshell
		} else {
			run()
		}
		if w.stopped() {
			return
		}
		if c.rendered != "" {
			parts = append(parts, c.rendered)
		}
		if c.name != "" {
			cmds = append(cmds, c.command())
		}
		own = append(own, c.own...)
		extra = append(extra, c.extra...)
		prev = c
	}
	w.printed(prev)
	if len(elems) == 1 && len(own) > 0 {
		for _, l := range own {
			w.emit(l)
		}
		w.a.Commands = append(w.a.Commands, cmds...)
	} else {
		w.emit(strings.Join(parts, " | "), cmds...)
		for _, l := range own {
			w.emit(l)
		}
	}
	for _, l := range extra {
		w.emit(l)
	}
}

// command returns c as the package reports it.
func (c *cmd) command() Command {
	out := Command{Name: c.name, Synthetic: c.synthetic, Args: make([]Arg, len(c.args))}
	for i, a := range c.args {
		out.Args[i] = Arg{Text: a.s, Data: c.kinds[i] == argData}
	}
	return out
}

// element analyses one stage of a pipeline.
func (w *walker) element(s *syntax.Stmt, prev *cmd, piped bool) *cmd {
	switch x := s.Cmd.(type) {
	case nil:
		c := &cmd{w: w, piped: piped}
		c.feed(prev)
		c.redirects(s.Redirs)
		c.rendered = strings.Join(c.redirs, " ")
		return c
	case *syntax.CallExpr:
		return w.call(x, s.Redirs, prev, piped)
	case *syntax.Subshell, *syntax.Block:
		// ( cmd ) and { cmd; } in a pipeline: the command itself.
		var inner []*syntax.Stmt
		if b, ok := x.(*syntax.Block); ok {
			inner = b.Stmts
		} else {
			inner = x.(*syntax.Subshell).Stmts
		}
		if len(inner) == 1 {
			if ce, ok := inner[0].Cmd.(*syntax.CallExpr); ok {
				return w.call(ce, append(append([]*syntax.Redirect(nil), inner[0].Redirs...), s.Redirs...), prev, piped)
			}
		}
	}
	w.stmt(s)
	return &cmd{w: w, rendered: "{…}", compound: true}
}

// call analyses a simple command.
func (w *walker) call(x *syntax.CallExpr, redirs []*syntax.Redirect, prev *cmd, piped bool) *cmd {
	c := &cmd{w: w, piped: piped}
	if len(x.Args) == 0 {
		for _, as := range x.Assigns {
			w.assign(as)
		}
	}
	words := make([]word, 0, len(x.Args))
	for _, a := range x.Args {
		words = append(words, w.fields(a)...)
		if w.stopped() {
			return c
		}
	}
	if !w.count(len(words)) {
		return c
	}
	c.feed(prev)
	c.redirects(redirs)
	if w.stopped() {
		return c
	}
	if len(x.Args) > 0 && len(x.Assigns) > 0 {
		// FOO=bar cmd: FOO is in cmd's environment only (sh -c '… $FOO'
		// sees it), set after the words are expanded.
		restore := w.tempAssigns(x.Assigns)
		c.run(words)
		restore()
	} else {
		c.run(words)
	}
	if c.out.known {
		for _, f := range c.outFiles {
			w.wrote(f.path, c.out.text, f.append)
		}
	}
	return c
}

// feed sets what c reads from the stage before it.
func (c *cmd) feed(prev *cmd) {
	if prev == nil {
		return
	}
	c.stdin = stdin{fromPipe: true, text: prev.out.text, known: prev.out.known, paths: prev.out.paths, file: prev.out.file}
}

// run resolves words (prefixes skipped) and analyses the program.
func (c *cmd) run(words []word) {
	defer c.restore()
	for len(words) > 0 {
		name := base(words[0].s)
		p, ok := prefixOf(name)
		if !ok || !words[0].known {
			break
		}
		rest, done := c.prefix(p, words[1:])
		if done {
			return
		}
		if len(rest) == 0 {
			// exec 3<>/dev/tcp/…, a bare sudo -v: the prefix is the command.
			break
		}
		words = rest
	}
	if len(words) == 0 {
		c.rendered = strings.Join(c.redirs, " ")
		return
	}
	if t, ok := c.w.writtenText(words[0].s); ok && words[0].known && strings.ContainsRune(words[0].s, '/') {
		// ./x.sh after writing it: its text runs (as a shell script,
		// whatever its first line says).
		c.w.scoped(func() { c.w.script(t, c.w.depth+1) })
	}
	c.name = base(words[0].s)
	if !words[0].known {
		c.name = render(words[0].s) // $SHELL, $(…)
	}
	c.name = oneLine(c.name)
	if c.callFunc(words) {
		c.out = output{known: true} // what it prints, its body printed
	}
	c.args = words[1:]
	c.kinds = make([]int, len(c.args))
	c.program()
	if c.rendered == "" {
		c.render()
	}
}

// prefix skips the options and operands of a prefix command and returns the
// words of the command it runs; done means nothing more runs.
func (c *cmd) prefix(p prefix, words []word) ([]word, bool) {
	w := c.w
	i := 0
	operands := p.operands
	for i < len(words) {
		a := words[i].s
		switch {
		case a == "--":
			i++
			return c.afterPrefix(p, words[i:], operands)
		case p.noRun.has(a):
			// command -v rm: asks where rm is; nothing runs.
			c.name = "command"
			c.args = words
			c.kinds = make([]int, len(words))
			for j := range c.kinds {
				c.kinds[j] = argData
			}
			c.render()
			return nil, true
		case (p.script.has(a) || p.script.has("-c") && len(a) > 2 && a[0] == '-' && a[1] != '-' && a[len(a)-1] == 'c') && i+1 < len(words):
			w.script(words[i+1].s, w.depth+1)
			c.name = "sh"
			c.args = []word{{s: "-c", known: true}, words[i+1]}
			c.kinds = []int{argPlain, argCode}
			c.render()
			return nil, true
		case p.split.has(a) && i+1 < len(words):
			return append(splitWords(words[i+1].s), words[i+2:]...), false
		case p.chdir != "" && c.prefixChdir(p, words, &i):
			// env -C DIR, sudo -D DIR: the command runs in DIR.
		case strings.HasPrefix(a, "--") && strings.Contains(a, "="):
			i++
		case p.withArg.has(a):
			i += 2
		case strings.HasPrefix(a, "-") && len(a) > 1 && !isNumberOption(a):
			i++
		case p.assigns && isAssignment(a):
			w.read(a)
			k, v, _ := strings.Cut(a, "=")
			w.proxy(k, v)   // env http_proxy=HOST curl …
			c.tempVar(k, v) // env X=… sh -c '… $X'
			i++
		case isNumberOption(a): // nice -10
			i++
		default:
			return c.afterPrefix(p, words[i:], operands)
		}
	}
	return nil, false
}

// afterPrefix skips a prefix's operands (timeout 5) and handles watch.
func (c *cmd) afterPrefix(p prefix, words []word, operands int) ([]word, bool) {
	if operands > 0 {
		if len(words) <= operands {
			return nil, false
		}
		for _, x := range words[:operands] {
			c.w.read(x.s) // chroot /srv, flock file
		}
		// Options may follow the operands: flock FILE -c CMD.
		p.operands = 0
		return c.prefix(p, words[operands:])
	}
	if p.rest && len(words) > 0 {
		script := joinWords(words)
		c.w.script(script, c.w.depth+1)
		c.name = "watch"
		c.args = []word{{s: script}}
		c.kinds = []int{argCode}
		c.render()
		return nil, true
	}
	return words, false
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

// redirects renders the redirections, records the files they name, and
// sets what standard input holds.
func (c *cmd) redirects(rs []*syntax.Redirect) {
	w := c.w
	for _, r := range rs {
		n := ""
		if r.N != nil {
			n = r.N.Value
		}
		op := r.Op.String()
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			body, known := w.heredoc(r)
			c.stdin = stdin{text: body, known: known}
			c.redirs = append(c.redirs, n+op+"…")
			continue
		case syntax.WordHdoc:
			// (What is not known of it stays marked in the text.)
			t := w.text(r.Word)
			c.stdin = stdin{text: t.s + "\n", known: true, sub: t.sub}
			c.redirs = append(c.redirs, n+op+"…")
			continue
		}
		t := w.text(r.Word)
		target := t.s
		c.redirs = append(c.redirs, n+op+oneLine(target))
		for _, dev := range []string{"/dev/tcp/", "/dev/udp/"} {
			if h, ok := strings.CutPrefix(target, dev); ok {
				h, _, _ = strings.Cut(h, "/")
				c.url(h) // bash opens a connection to the host
			}
		}
		switch r.Op {
		case syntax.RdrIn:
			w.read(target)
			if n == "" || n == "0" {
				c.stdin = stdin{file: target, sub: t.sub}
			}
		case syntax.RdrInOut:
			w.read(target)
			w.write(target)
		case syntax.DplIn:
			// <&3: a descriptor
		case syntax.DplOut:
			// >&2 is a descriptor; >&file writes a file.
			if target != "-" && strings.Trim(target, "0123456789") != "" {
				w.write(target)
			}
		default: // > >> &> &>> >|
			if target != "-" {
				w.write(target)
				if n == "" || n == "1" {
					c.outFiles = append(c.outFiles, outFile{target, r.Op == syntax.AppOut || r.Op == syntax.AppAll})
				}
			}
		}
	}
}

// heredoc returns the body of a here-document: as written when its
// delimiter is quoted, else with its substitutions expanded (they run).
func (w *walker) heredoc(r *syntax.Redirect) (string, bool) {
	if r.Hdoc == nil {
		return "", true
	}
	quoted := false
	for _, p := range r.Word.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			quoted = true
		case *syntax.Lit:
			quoted = quoted || strings.Contains(p.Value, `\`)
		}
	}
	if quoted {
		var b strings.Builder
		for _, p := range r.Hdoc.Parts {
			if l, ok := p.(*syntax.Lit); ok {
				b.WriteString(l.Value)
			}
		}
		return b.String(), true
	}
	return w.document(r.Hdoc.Parts)
}

// render writes the command's line: program, arguments (data and scripts
// as "…"), what it sends, redirections, and a program it connects.
func (c *cmd) render() {
	var b strings.Builder
	n := len(c.name) + len(c.code) + 8
	for _, a := range c.args {
		n += len(a.s) + 1
	}
	for _, r := range c.redirs {
		n += len(r) + 1
	}
	b.Grow(n)
	b.WriteString(c.name)
	for i, a := range c.args {
		b.WriteByte(' ')
		if c.kinds[i] != argPlain {
			b.WriteString("…")
			continue
		}
		b.WriteString(oneLine(a.s))
	}
	if c.code != "" {
		b.WriteByte(' ')
		b.WriteString(oneLine(c.code))
	}
	for _, s := range c.sends {
		b.WriteString(" -d @")
		b.WriteString(oneLine(c.w.canonPath(s)))
	}
	if c.fromStdin && (len(c.args) == 0 || c.args[len(c.args)-1].s != "-") {
		b.WriteString(" -")
	}
	for _, r := range c.redirs {
		b.WriteByte(' ')
		b.WriteString(r)
	}
	if c.runs != "" {
		b.WriteString(" | ")
		b.WriteString(c.runs)
	}
	c.rendered = b.String()
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

// canonPath writes a path the way the rules expect it: ~ for the home
// directory however spelt (~, $HOME, ${HOME}, its absolute path), cleaned of
// // and /. (rm -rf //, rm -rf $HOME/.).
func (w *walker) canonPath(p string) string {
	p = canonPath(p)
	if w.home != "" && w.home != "/" && strings.HasPrefix(p, "/") {
		if p == w.home {
			return "~"
		}
		if rest, ok := strings.CutPrefix(p, w.home+"/"); ok {
			return "~/" + rest
		}
	}
	return p
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

// echoOutput is what echo prints: its words after its options, and a newline.
func echoOutput(args []word) string {
	i := 0
	for i < len(args) && (args[i].s == "-n" || args[i].s == "-e" || args[i].s == "-E" || args[i].s == "-ne" || args[i].s == "-en") {
		i++
	}
	return joinWords(args[i:]) + "\n"
}

// printfOutput is what printf prints: its format applied to its
// arguments, when the format is known.
func printfOutput(args []word) (string, bool) {
	if len(args) == 0 || args[0].s == "-v" {
		return "", false
	}
	return printfFormat(args[0].s, wordTexts(args[1:]))
}
