package shell

// Terminal multiplexers and expect: commands they start in a window, and
// text they type into one (tmux send-keys, screen -X stuff, expect's send),
// which the shell in that window runs.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// tmux: tmux -c CMD runs CMD; each tmux command (separated by ; words)
// runs what tmuxCommand says; a #(CMD) in any argument runs CMD when tmux
// expands the format.
func (c *cmd) tmux() {
	args := c.args
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "-c" && j+1 < len(args):
			c.kinds[j+1] = argCode
			c.w.script(args[j+1].Text, c.w.depth+1)
			return
		case s == "-f" || s == "-L" || s == "-S" || s == "-T":
			j++
		case strings.HasPrefix(s, "-"):
		default:
			c.tmuxCommands(args[j:], 0)
			return
		}
	}
}

// tmuxCommands analyses a sequence of tmux commands; depth bounds nesting.
func (c *cmd) tmuxCommands(words []word.Word, depth int) {
	if depth > MaxDepth {
		return
	}
	for _, x := range words {
		c.formatCommands(x.Text)
	}
	for len(words) > 0 {
		end := 0
		for end < len(words) && words[end].Text != ";" {
			end++
		}
		c.tmuxOne(words[:end], depth)
		words = words[min(end+1, len(words)):]
	}
}

// tmuxOne analyses one tmux command.
func (c *cmd) tmuxOne(words []word.Word, depth int) {
	if len(words) == 0 {
		return
	}
	tc, ok := lang.TmuxCommand(words[0].Text)
	if !ok {
		return
	}
	j := 1
	literal := false
	for j < len(words) && strings.HasPrefix(words[j].Text, "-") && len(words[j].Text) > 1 {
		literal = literal || words[j].Text == "-l"
		if tc.WithArg.Has(words[j].Text) {
			j++
		}
		j++
	}
	ops := words[min(j, len(words)):]
	switch tc.Runs {
	case lang.TmuxShell:
		if len(ops) > 0 {
			c.w.script(word.Join(ops), c.w.depth+1)
		}
	case lang.TmuxKeys:
		c.w.script(lang.TmuxKeyText(ops, literal), c.w.depth+1)
	case lang.TmuxFirst:
		// if-shell CMD "TMUX COMMAND" ["TMUX COMMAND"]
		if len(ops) > 0 {
			c.w.script(ops[0].Text, c.w.depth+1)
			for _, x := range ops[1:] {
				c.tmuxCommands(lang.SplitQuoted(x.Text), depth+1)
			}
		}
	case lang.TmuxOption:
		if len(ops) > 1 && (ops[0].Text == "default-command" || ops[0].Text == "default-shell") {
			c.w.script(ops[1].Text, c.w.depth+1)
		}
	case lang.TmuxNested:
		// bind-key KEY CMD ARGS…, or one string: confirm-before "CMD ARGS"
		if rest := ops[min(tc.Skip, len(ops)):]; len(rest) == 1 {
			c.tmuxCommands(lang.SplitQuoted(rest[0].Text), depth+1)
		} else {
			c.tmuxCommands(rest, depth+1)
		}
	}
}

// formatCommands analyses the shell commands a tmux format runs: #(CMD).
func (c *cmd) formatCommands(s string) {
	for n := 0; n < 8; n++ {
		i := strings.Index(s, "#(")
		if i < 0 {
			return
		}
		s = s[i+2:]
		end, depth := 0, 1
		for end < len(s) && depth > 0 {
			switch s[end] {
			case '(':
				depth++
			case ')':
				depth--
			}
			end++
		}
		c.w.script(strings.TrimSuffix(s[:end], ")"), c.w.depth+1)
		s = s[end:]
	}
}

// screen: screen CMD… runs CMD in a new window; screen -X CMD sends CMD, a
// screen command, to a running session (see screenCommand); -s PROG is
// the shell it runs.
func (c *cmd) screen() {
	args := c.args
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "-X":
			c.screenCommand(args[j+1:], 0)
			return
		case s == "--":
		case s == "-Logfile" && j+1 < len(args):
			j++
			c.w.Write(args[j].Text) // the log of the window's output
		case strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--") && strings.IndexByte(screenWithArg, s[len(s)-1]) >= 0:
			// The last letter of a cluster takes the next word (-dmS
			// NAME); -s's value is the program it runs as the shell.
			if j+1 < len(args) && s[len(s)-1] == 's' && !catalogue.Shells.Has(word.Base(args[j+1].Text)) {
				c.extra = append(c.extra, c.inner(args[j+1:j+2]).lines()...)
			}
			j++
		case strings.HasPrefix(s, "-"):
		default:
			c.extra = append(c.extra, c.inner(args[j:]).lines()...)
			return
		}
	}
}

// screenWithArg are the letters of screen's options that take the next
// word.
const screenWithArg = "SceEhpTts"

// screenCommand analyses a screen command: stuff TEXT types TEXT into the
// window (its shell runs it), screen CMD… and exec CMD… start CMD, eval
// takes screen commands.
func (c *cmd) screenCommand(words []word.Word, depth int) {
	if len(words) == 0 || depth > MaxDepth {
		return
	}
	rest := words[1:]
	switch words[0].Text {
	case "stuff":
		c.w.script(lang.ScreenText(word.Join(rest)), c.w.depth+1)
	case "screen", "exec":
		for len(rest) > 0 && (strings.HasPrefix(rest[0].Text, "-") || words[0].Text == "exec" && strings.Trim(rest[0].Text, ".!|:") == "") {
			rest = rest[1:]
		}
		if len(rest) > 0 {
			c.extra = append(c.extra, c.inner(rest).lines()...)
		}
	case "eval":
		for _, x := range rest {
			c.screenCommand(lang.SplitQuoted(x.Text), depth+1)
		}
	case "logfile", "hardcopy", "bufferfile", "writebuf":
		for _, x := range rest {
			if !strings.HasPrefix(x.Text, "-") && x.Text != "on" && x.Text != "off" && x.Text != "flush" {
				c.w.Write(x.Text) // files screen writes the window's text to
			}
		}
	}
}

// expect: its Tcl script (-c SCRIPT, or a file) spawns and execs
// programs and sends text to them; guard reads it by Tcl's rules and
// checks it default-deny (tclscript.go).
func (c *cmd) expect() {
	coded := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "-c" && j+1 < len(c.args):
			j++
			c.kinds[j] = argCode
			c.expectScript(c.args[j].Text)
			coded = true
		case s == "-v" || s == "--version":
			return
		case s == "-f" || s == "-b":
			if j+1 < len(c.args) {
				j++
				c.expectFile(c.args[j])
			}
			return
		case strings.HasPrefix(s, "-"):
		default:
			c.expectFile(c.args[j])
			return
		}
	}
	if !coded {
		c.expectStdin() // expect alone reads its commands on standard input
	}
}

// expectStdin analyses the Tcl expect reads on standard input: known text
// (a here-string, echo's output) closely, anything else is hidden.
func (c *cmd) expectStdin() {
	if t, ok := c.inputText(); ok {
		c.expectScript(t)
		return
	}
	if c.stdin.file != "" {
		c.expectFile(word.Word{Text: c.stdin.file, Known: true})
		return
	}
	if c.stdin.fromPipe {
		c.w.hide("runs Tcl code on standard input that guard cannot see")
	}
}

// expectFile reads an expect script file the command runs.
func (c *cmd) expectFile(f word.Word) {
	if word.IsStdin(f.Text) {
		c.expectStdin()
		return
	}
	c.w.Read(f.Text)
	if t, ok := c.w.FileText(f.Text, f.Known, effect.MaxScriptBytes, "a script"); ok {
		c.expectScript(t)
	}
}
