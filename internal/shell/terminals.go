package shell

// Terminal multiplexers and expect: commands they start in a window, and
// text they type into one (tmux send-keys, screen -X stuff, expect's send),
// which the shell in that window runs.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// tmuxCmd describes a tmux command: which of its arguments run.
type tmuxCmd struct {
	withArg word.Set // flags that take the next word
	// runs says what its operands are: tmuxShell, a shell command (tmux
	// runs it with sh -c); tmuxKeys, keys typed into the pane; tmuxFirst,
	// a shell command and then tmux commands (if-shell); tmuxNested, tmux
	// commands after skip operands (bind-key KEY CMD…).
	runs int
	skip int
}

// What a tmux command's operands are.
const (
	tmuxShell = iota + 1
	tmuxKeys
	tmuxFirst
	tmuxNested
	tmuxOption
)

// tmuxCommand returns what the tmux command called name (or its alias)
// runs, or false for one that runs nothing.
func tmuxCommand(name string) (tmuxCmd, bool) {
	switch name {
	case "new-session", "new":
		return tmuxCmd{withArg: " -c -e -f -F -n -s -t -x -y ", runs: tmuxShell}, true
	case "new-window", "neww":
		return tmuxCmd{withArg: " -c -e -F -n -t ", runs: tmuxShell}, true
	case "split-window", "splitw":
		return tmuxCmd{withArg: " -c -e -l -p -t -F ", runs: tmuxShell}, true
	case "respawn-pane", "respawnp", "respawn-window", "respawnw":
		return tmuxCmd{withArg: " -c -e -t ", runs: tmuxShell}, true
	case "run-shell", "run":
		return tmuxCmd{withArg: " -c -d -t ", runs: tmuxShell}, true
	case "pipe-pane", "pipep":
		return tmuxCmd{withArg: " -t ", runs: tmuxShell}, true
	case "if-shell", "if":
		return tmuxCmd{withArg: " -t ", runs: tmuxFirst}, true
	case "send-keys", "send":
		return tmuxCmd{withArg: " -c -N -t ", runs: tmuxKeys}, true
	case "bind-key", "bind":
		return tmuxCmd{withArg: " -N -T ", runs: tmuxNested, skip: 1}, true
	case "confirm-before", "confirm", "command-prompt":
		return tmuxCmd{withArg: " -c -p -t -I -T ", runs: tmuxNested}, true
	case "set-hook":
		return tmuxCmd{withArg: " -t ", runs: tmuxNested, skip: 1}, true
	case "set-option", "set", "set-window-option", "setw":
		// set -g default-command CMD: the shell command new panes run
		return tmuxCmd{withArg: " -t ", runs: tmuxOption}, true
	}
	return tmuxCmd{}, false
}

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
	tc, ok := tmuxCommand(words[0].Text)
	if !ok {
		return
	}
	j := 1
	literal := false
	for j < len(words) && strings.HasPrefix(words[j].Text, "-") && len(words[j].Text) > 1 {
		literal = literal || words[j].Text == "-l"
		if tc.withArg.Has(words[j].Text) {
			j++
		}
		j++
	}
	ops := words[min(j, len(words)):]
	switch tc.runs {
	case tmuxShell:
		if len(ops) > 0 {
			c.w.script(word.Join(ops), c.w.depth+1)
		}
	case tmuxKeys:
		c.w.script(tmuxKeyText(ops, literal), c.w.depth+1)
	case tmuxFirst:
		// if-shell CMD "TMUX COMMAND" ["TMUX COMMAND"]
		if len(ops) > 0 {
			c.w.script(ops[0].Text, c.w.depth+1)
			for _, x := range ops[1:] {
				c.tmuxCommands(splitQuoted(x.Text), depth+1)
			}
		}
	case tmuxOption:
		if len(ops) > 1 && (ops[0].Text == "default-command" || ops[0].Text == "default-shell") {
			c.w.script(ops[1].Text, c.w.depth+1)
		}
	case tmuxNested:
		// bind-key KEY CMD ARGS…, or one string: confirm-before "CMD ARGS"
		if rest := ops[min(tc.skip, len(ops)):]; len(rest) == 1 {
			c.tmuxCommands(splitQuoted(rest[0].Text), depth+1)
		} else {
			c.tmuxCommands(rest, depth+1)
		}
	}
}

// tmuxKeyText returns what keys typed into a pane amount to as text: each
// argument that names no key as written (a key name with literal unset:
// Enter, C-m and KPEnter are newlines, Space and Tab themselves, other
// named keys nothing).
func tmuxKeyText(keys []word.Word, literal bool) string {
	var b strings.Builder
	for _, k := range keys {
		switch s := k.Text; {
		case literal:
			b.WriteString(s)
		case s == "Enter" || s == "C-m" || s == "C-j" || s == "KPEnter" || s == "^M" || s == "^J":
			b.WriteByte('\n')
		case s == "Space":
			b.WriteByte(' ')
		case s == "Tab" || s == "C-i":
			b.WriteByte('\t')
		case tmuxKeyName(s):
		default:
			b.WriteString(s)
		}
	}
	return b.String()
}

// tmuxKeyName reports whether s names a key rather than text: C-x, M-x,
// S-x, ^x, F1…F12 and the named keys.
func tmuxKeyName(s string) bool {
	if s == "" {
		return false // send-keys '' types nothing
	}
	if len(s) > 2 && (s[1] == '-' && strings.ContainsRune("CMS", rune(s[0]))) || len(s) == 2 && s[0] == '^' {
		return true
	}
	return tmuxKeysNamed.Has(s) || len(s) > 1 && len(s) <= 3 && s[0] == 'F' && strings.Trim(s[1:], "0123456789") == ""
}

// tmuxKeysNamed are key names send-keys takes.
const tmuxKeysNamed word.Set = " Escape BSpace BTab DC End Home IC NPage PageDown PgDn PPage PageUp PgUp Up Down Left Right KP0 KP1 KP2 KP3 KP4 KP5 KP6 KP7 KP8 KP9 KP/ KP* KP- KP+ KP. Any "

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
			c.w.write(args[j].Text) // the log of the window's output
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
		c.w.script(screenText(word.Join(rest)), c.w.depth+1)
	case "screen", "exec":
		for len(rest) > 0 && (strings.HasPrefix(rest[0].Text, "-") || words[0].Text == "exec" && strings.Trim(rest[0].Text, ".!|:") == "") {
			rest = rest[1:]
		}
		if len(rest) > 0 {
			c.extra = append(c.extra, c.inner(rest).lines()...)
		}
	case "eval":
		for _, x := range rest {
			c.screenCommand(splitQuoted(x.Text), depth+1)
		}
	case "logfile", "hardcopy", "bufferfile", "writebuf":
		for _, x := range rest {
			if !strings.HasPrefix(x.Text, "-") && x.Text != "on" && x.Text != "off" && x.Text != "flush" {
				c.w.write(x.Text) // files screen writes the window's text to
			}
		}
	}
}

// screenText decodes the escapes of text screen types: ^M and \r are
// Enter (a newline), \n a newline, ^X a control character, \\ a backslash.
func screenText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '^' && i+1 < len(s):
			i++
			if s[i] == 'M' || s[i] == 'J' {
				b.WriteByte('\n')
			} else {
				b.WriteByte(s[i] & 0x1f)
			}
		case s[i] == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n', 'r':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// expect: its Tcl script (-c SCRIPT, or a file) spawns and execs
// programs and sends text to them. guard reads it closely, not as Tcl:
// the rest of a line after spawn, exec or system is a command, and a
// string sent is typed text, both analysed tentatively (a part that is not
// shell is ignored).
func (c *cmd) expect() {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "-c" && j+1 < len(c.args):
			j++
			c.kinds[j] = argCode
			c.expectScript(c.args[j].Text)
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
}

// expectFile reads an expect script file the command runs.
func (c *cmd) expectFile(f word.Word) {
	c.w.read(f.Text)
	if t, ok := c.w.fileText(f.Text, f.Known, MaxScriptBytes, "a script"); ok {
		c.expectScript(t)
	}
}

// expectScript analyses the commands an expect script runs and types.
func (c *cmd) expectScript(script string) {
	for _, line := range strings.FieldsFunc(script, func(r rune) bool { return r == '\n' || r == ';' || r == '[' }) {
		line = strings.TrimLeft(line, " \t{")
		name, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimRight(strings.TrimSpace(rest), "]}")
		switch name {
		case "spawn", "exec", "system":
			for strings.HasPrefix(rest, "-") {
				_, rest, _ = strings.Cut(rest, " ") // spawn -noecho, exec -ignorestderr
			}
			c.w.tentative(tclWords(rest))
		case "send", "exp_send", "send_user":
			for strings.HasPrefix(rest, "-") {
				_, rest, _ = strings.Cut(rest, " ") // send -- "…"
			}
			c.w.tentative(tclText(rest))
		}
	}
}

// tclWords writes Tcl words as shell words: a {braced} word is quoted.
func tclWords(s string) string {
	return strings.NewReplacer("{", "'", "}", "'").Replace(s)
}

// tclText returns the text of a Tcl string sent: its quotes or braces
// removed, \r and \n as newlines.
func tclText(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '{' && s[len(s)-1] == '}') {
		s = s[1 : len(s)-1]
	}
	return strings.NewReplacer(`\r`, "\n", `\n`, "\n", `\"`, `"`, `\\`, `\`).Replace(s)
}

// splitQuoted splits a command line given as one string (tmux's and
// screen's nested commands) into words, as their parsers do: at blanks,
// with '…' and "…" quoting and \ escaping a blank, a quote, a ; or
// itself (other escapes are kept for the command to decode: stuff "x\n").
func splitQuoted(s string) []word.Word {
	var out []word.Word
	var b strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote == '\'' && ch != '\'', quote == '"' && ch != '"' && ch != '\\':
			b.WriteByte(ch)
		case quote != 0 && ch == quote:
			quote = 0
		case ch == '\\' && i+1 < len(s) && strings.IndexByte(" \t\n'\"\\;", s[i+1]) >= 0:
			i++
			b.WriteByte(s[i])
			in = true
		case quote == 0 && (ch == '\'' || ch == '"'):
			quote, in = ch, true
		case quote == 0 && (ch == ' ' || ch == '\t' || ch == '\n'):
			if in {
				out = append(out, word.Word{Text: b.String(), Known: true})
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if in {
		out = append(out, word.Word{Text: b.String(), Known: true})
	}
	return out
}
