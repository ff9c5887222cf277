package shell

// Text that becomes commands through a value or a descriptor: a program
// word or an eval whose text is a value guard cannot tell (what read took
// from input, what a substitution printed), a descriptor opened on a file
// (exec 3< F; bash <&3), and code that runs its input records (awk
// '{system($0)}' F, perl -ne 'system $_' F).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxFds bounds the descriptors the walker remembers (exec 3< F).
const maxFds = 16

// opaqueProgram reports whether prog, a program word, has in its last
// component a part guard cannot tell that the command's own input or a
// substitution gave it: a value read set, the output of $( ). An
// inherited variable ($EDITOR), an unknown positional parameter and a
// known directory before a slash ($(go env GOPATH)/bin/x) are not.
func opaqueProgram(prog string) bool {
	found := false
	word.EachMark(prog, func(k byte, name string, whole bool) {
		found = found || inputMark(k, name, whole)
	}, func(t string) {
		if strings.Contains(t, "/") {
			found = false // a directory: what follows names the program
		}
	})
	return found
}

// inputMark reports whether a marker (k, name, whole) stands for a value
// the command's input or a substitution gave: not an inherited variable,
// a directory or an unknown positional parameter (a function's $1, walked
// where it is defined).
func inputMark(k byte, name string, whole bool) bool {
	switch {
	case !whole:
		return true
	case k == word.MarkEnv || k == word.MarkEnvOp || k == word.MarkUnset || k == word.MarkDir || k == word.MarkAbs:
		return false
	case k == word.MarkVar && positionalName(name):
		return false
	}
	return true
}

// positionalName reports whether name is a positional parameter's: 0…9…,
// @, *, #.
func positionalName(name string) bool {
	if name == "@" || name == "*" || name == "#" {
		return true
	}
	return name != "" && strings.Trim(name, "0123456789") == ""
}

// valueProgramWords handles a program word that is a value (see
// opaqueProgram): when guard can tell its text (a substitution that
// printed a file it read, $(which NAME)), the words run as that text: it
// returns the words to run, or nil when it analysed them itself as a
// script; otherwise the command runs what guard cannot see: hidden, nil.
func (c *cmd) valueProgramWords(words []word.Word) []word.Word {
	t, ok := c.w.valueText(words[0].Text)
	if !ok {
		c.w.hide("runs as a program a value guard cannot tell (what read took from input, or what a command printed): it cannot tell what runs")
		return nil
	}
	t = strings.TrimSpace(t)
	if t != "" && !strings.ContainsAny(t, " \t\n;|&<>()$`\\\"'") {
		return append([]word.Word{{Text: t, Known: true}}, words[1:]...)
	}
	// x=$(cat F); $x: its words run (analysed as a script: more than
	// word splitting would run).
	c.w.script(t+" "+word.Join(words[1:]), c.w.depth+1)
	return nil
}

// evalText returns the text eval runs: its joined words with each value
// guard can tell in place (valueText); false when a part of it is not
// known but for inherited variables, which eval would parse as code guard
// cannot see.
func (c *cmd) evalText() (string, bool) {
	j := word.Join(c.args)
	input := false
	word.EachMark(j, func(k byte, name string, whole bool) {
		input = input || inputMark(k, name, whole)
	}, nil)
	if !input {
		return j, true
	}
	return c.w.valueText(j)
}

// fdOrigin is where a descriptor the walk tracks reads from: a file, the
// output of a program (a process substitution: exec 3< <(cat F)), sub its
// line, or a here-document or here-string (doc: its text, known when
// guard knows all of it; 3<<EOF, 3<<<"$x").
type fdOrigin struct {
	file  string
	sub   string
	prog  bool
	doc   bool
	text  string
	known bool
}

// in returns what a command reads on a descriptor of this origin as its
// standard input.
func (o fdOrigin) in() stdin {
	switch {
	case o.doc:
		return stdin{text: o.text, known: o.known, sub: o.sub}
	case o.prog:
		return stdin{fromPipe: true, sub: o.sub}
	}
	return stdin{file: o.file}
}

// docIn handles a here-document or here-string o on descriptor n (""
// for 0): on 0 it is the command's standard input; on another it opens
// that descriptor, as N< F does, and standard input stays as it was
// (bash 3<<B reads what it inherits, not B).
func (c *cmd) docIn(n string, o fdOrigin) {
	if n != "" && n != "0" {
		c.openFd(n, o)
		return
	}
	c.stdin, c.ownIn = o.in(), true
}

// fdNumber returns a redirection's descriptor as bash reads it, a decimal
// number: 00< is 0<, 01> is 1>. A word that is no number ({fd}<) stays
// as it is.
func fdNumber(n string) string {
	if !isDigits(n) {
		return n
	}
	if t := strings.TrimLeft(n, "0"); t != "" {
		return t
	}
	return "0"
}

// openFd records what the redirection N< SRC (n, o) of a command makes
// descriptor n read; exec 3< F keeps it for the commands after.
func (c *cmd) openFd(n string, o fdOrigin) {
	if n == "" || n == "0" || strings.Trim(n, "0123456789") != "" {
		return
	}
	if c.fds == nil {
		c.fds = map[string]fdOrigin{}
	}
	if len(c.fds) < maxFds {
		c.fds[n] = o
	}
}

// dupIn handles <&N (n, the descriptor it sets, "" for 0): standard input
// becomes what N reads (a file, a program's output); a descriptor guard
// did not see opened (not 0, 1 or 2) is input it cannot tell, as a pipe
// from a program is.
func (c *cmd) dupIn(n, target string) {
	o, known := c.fdFile(target)
	if n != "" && n != "0" {
		if known {
			c.openFd(n, o) // 4<&3
		}
		return
	}
	c.ownIn = target != "0" // <&0: what it inherits
	if known {
		if !o.prog && !o.doc {
			c.w.Read(o.file)
		}
		c.stdin = o.in()
		return
	}
	switch target {
	case "0", "1", "2", "-":
		return
	}
	c.stdin = stdin{fromPipe: true} // <&5: guard cannot tell what it is
}

// fdFile returns where descriptor target reads from, opened by the
// command itself or an earlier exec.
func (c *cmd) fdFile(target string) (fdOrigin, bool) {
	if o, ok := c.fds[target]; ok {
		return o, true
	}
	o, ok := c.w.fds[target]
	return o, ok
}

// keepFds: exec with no command (exec 3< F) keeps the descriptors it opens
// for the rest of the shell.
func (c *cmd) keepFds() {
	if len(c.fds) == 0 {
		return
	}
	if c.w.fds == nil {
		c.w.fds = map[string]fdOrigin{}
	}
	for n, o := range c.fds {
		if len(c.w.fds) < maxFds {
			c.w.fds[n] = o
		}
	}
}

// runsRecords: interpreter code that hands its input records to a shell
// (awk '{system($0)}' F, perl -ne 'system $_' F) runs its input as
// commands: the text of its file operands after argument from (or of what
// it reads on standard input) is analysed as a script; input guard cannot
// read is code it cannot see.
//
// The command is what the call builds around the record (system("cat "
// $0) runs cat LINE): each line is analysed with the call's text around it
// (lang.RecordCommands); a command built in a way guard does not follow
// (a variable, a function, a format) is one it cannot tell.
func (c *cmd) runsRecords(code string, from int) {
	if !lang.RunsRecords(code, c.name) {
		return
	}
	cmds, ok := lang.RecordCommands(code, c.name)
	if !ok {
		c.w.hide("runs as commands text %s builds from its input records in a way guard does not follow", c.name)
		return
	}
	if lang.WholeRecord(cmds) {
		cmds = nil // the line is the command: the file is the script
	}
	files := 0
	for j := from; j < len(c.args); j++ {
		a := c.args[j]
		if strings.HasPrefix(a.Text, "-") && a.Text != "-" || c.awkAssign(a.Text) {
			continue
		}
		files++
		c.runInputFile(a, cmds)
	}
	if files > 0 {
		return
	}
	switch {
	case c.stdin.known:
		text := recordScript(c.stdin.text, cmds)
		c.w.scoped(func() { c.w.script(text, c.w.depth+1) })
	case c.stdin.file != "":
		c.runInputFile(word.Word{Text: c.stdin.file, Known: true}, cmds)
	case c.stdin.fromPipe || c.stdin.sub != "":
		c.w.hide("runs as commands the input %s reads, which guard cannot tell", c.name)
	}
}

// recordScript returns the script a program runs of text, its input: each
// line put in each command of cmds (none: text itself).
func recordScript(text string, cmds [][]lang.RecordPart) string {
	if len(cmds) == 0 {
		return text
	}
	var b strings.Builder
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		for _, parts := range cmds {
			b.WriteString(lang.RecordLine(parts, line) + "\n")
		}
	}
	return b.String()
}

// awkAssign reports whether s is an awk operand that sets a variable
// (x=1), not a file, for an awk.
func (c *cmd) awkAssign(s string) bool {
	return lang.AwkFamily(c.name) && word.IsAssignment(s)
}

// runInputFile analyses the file a is, whose lines a command runs, as a
// script (each line put in the commands cmds build, when there are any:
// recordScript); a file guard cannot read is code it cannot see.
func (c *cmd) runInputFile(a word.Word, cmds [][]lang.RecordPart) {
	if a.Sub != "" || word.IsStdin(a.Text) {
		c.w.hide("runs as commands the input %s reads, which guard cannot tell", c.name)
		return
	}
	if t, ok := c.w.FileText(a.Text, a.Known, effect.MaxScriptBytes, "the commands "+c.name+" reads"); ok {
		c.w.runScript(recordScript(t, cmds), nil, false, a.Text)
	} else if !a.Known {
		c.w.hide("runs as commands the input %s reads, which guard cannot tell", c.name)
	}
}

// splitValue: a prefix's split option given a value guard does not know
// (env -S "$(cat F)") runs it as a command line: the text of a file it
// can read is analysed as sh -c's script (with the words after it); any
// other value is code guard cannot see.
func (c *cmd) splitValue(p catalogue.Prefix, v word.Word, rest []word.Word) {
	t, ok := c.w.valueText(v.Text)
	if !ok {
		c.w.hide("runs as a command line (%s -S) a value guard cannot tell: it cannot tell what runs", c.name)
		return
	}
	if len(rest) > 0 {
		t += " " + word.Join(rest)
	}
	c.prefixScript(p, word.Word{Text: t, Known: true}, nil)
}

// listLines returns the lines of the files fs (parallel -a F, xargs -a
// F), each a word; a file guard cannot read whole is recorded by FileText
// (hidden), and a substitution's output is input guard cannot tell.
func (c *cmd) listLines(fs []word.Word, what string) []word.Word {
	var out []word.Word
	for _, f := range fs {
		if f.Sub != "" || word.IsStdin(f.Text) {
			c.w.hide("runs %s, which guard cannot tell", what)
			return nil
		}
		t, ok := c.w.FileText(f.Text, f.Known, effect.MaxScriptBytes, what)
		if !ok {
			continue
		}
		for _, l := range strings.Split(strings.TrimRight(t, "\n"), "\n") {
			if l != "" {
				out = append(out, word.Word{Text: l, Known: word.IsKnown(l)})
			}
		}
	}
	return out
}

// codeCommands analyses the commands interpreter code (at argument from
// on, its operands) runs that the literal scan does not read: its input
// records (runsRecords), AppleScript's do shell script and JXA's
// doShellScript in every -e of osascript.
func (c *cmd) codeCommands(code string, from int) {
	c.runsRecords(code, from)
	if c.name != "osascript" {
		return
	}
	texts := []string{code}
	for j := from; j < len(c.args); j++ {
		if c.args[j-1].Text == "-e" {
			texts = append(texts, c.args[j].Text)
		}
	}
	for _, t := range texts {
		for _, sc := range lang.AppleShell(t) {
			c.w.maybeShell(sc)
		}
	}
}
