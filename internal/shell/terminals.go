package shell

// Terminal multiplexers and expect: commands they start in a window, and
// text they type into one (tmux send-keys, screen -X stuff, expect's send),
// which the shell in that window runs.

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// tmux: tmux -c CMD runs CMD; -f FILE is a file of tmux commands the
// server runs as it starts; each tmux command (separated by ; words) runs
// what tmuxOne says; a #(CMD) in any argument runs CMD when tmux expands
// the format. Options are read as getopt reads them (-fFILE, -2f FILE).
func (c *cmd) tmux() {
	args := c.args
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" {
			c.tmuxCommands(args[j+1:], 0)
			return
		}
		if !strings.HasPrefix(s, "-") || s == "-" {
			c.tmuxCommands(args[j:], 0)
			return
		}
		opts, next := tmuxGetopt(args, j, " -c -f -L -S -T ")
		for _, o := range opts {
			switch o.letter {
			case 'c':
				c.w.script(o.value.Text, c.w.depth+1)
				return
			case 'f':
				c.tmuxFile(o.value, 0)
			}
		}
		j = next
	}
}

// tmuxOpt is one option getopt reads: its letter and, for one that takes
// a value, the value.
type tmuxOpt struct {
	letter byte
	value  word.Word
}

// tmuxGetopt reads the option word args[j] as getopt does, withArg being
// the options that take a value (attached, -fFILE, or the next word); it
// returns the options and the index of the last word it used.
func tmuxGetopt(args []word.Word, j int, withArg word.Set) ([]tmuxOpt, int) {
	var out []tmuxOpt
	s := args[j].Text
	for i := 1; i < len(s); i++ {
		if !withArg.Has("-" + s[i:i+1]) {
			out = append(out, tmuxOpt{letter: s[i]})
			continue
		}
		v := args[j]
		v.Text = s[i+1:]
		if v.Text == "" && j+1 < len(args) {
			j++
			v = args[j]
		}
		return append(out, tmuxOpt{letter: s[i], value: v}), j
	}
	return out, j
}

// tmuxCommands analyses a sequence of tmux commands; depth bounds nesting.
func (c *cmd) tmuxCommands(words []word.Word, depth int) {
	if depth > MaxDepth {
		c.w.hide("runs tmux commands nested deeper than guard reads")
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

// tmuxOne analyses one tmux command: a command guard does not model
// (lang.TmuxCommand) is one guard cannot tell, never one that runs
// nothing.
func (c *cmd) tmuxOne(words []word.Word, depth int) {
	if len(words) == 0 {
		return
	}
	tc, ok := lang.TmuxCommand(words[0].Text)
	if !ok || !words[0].Known {
		c.w.hide("runs the tmux command %s, which guard does not read (what it runs, reads or writes guard cannot tell)", word.Quote(words[0].Text))
		return
	}
	j := 1
	var opts []tmuxOpt
	for ; j < len(words) && strings.HasPrefix(words[j].Text, "-") && len(words[j].Text) > 1; j++ {
		if words[j].Text == "--" {
			j++
			break
		}
		o, next := tmuxGetopt(words, j, tc.WithArg)
		opts, j = append(opts, o...), next
	}
	ops := words[min(j, len(words)):]
	c.tmuxRuns(tc, opts, ops, depth)
}

// tmuxFlag reports whether opts holds the option letter, and its value.
func tmuxFlag(opts []tmuxOpt, letter byte) (word.Word, bool) {
	for _, o := range opts {
		if o.letter == letter {
			return o.value, true
		}
	}
	return word.Word{}, false
}

// tmuxRuns analyses what a tmux command of kind tc does with its options
// and operands: the environment -e gives the windows it starts, the
// shell commands, keys, tmux commands and files its operands are.
func (c *cmd) tmuxRuns(tc lang.TmuxCmdKind, opts []tmuxOpt, ops []word.Word, depth int) {
	dir := ""
	for _, o := range opts {
		if o.letter == 'e' && tc.Runs == lang.TmuxShell {
			c.w.envAssign(o.value.Text) // new -e BASH_ENV=F: the window's shell
		}
		if o.letter == tc.Dir {
			d, ok := c.tmuxStartDir(o.value.Text)
			if !ok {
				return // new-window -c '#{@d}', popup -d '#{…}': the directory its shell starts in
			}
			dir = d
		}
	}
	switch tc.Runs {
	case lang.TmuxShell:
		if len(ops) > 0 && dir != "" {
			c.inDir(dir, func() { c.tmuxScript(word.Join(ops)) })
		} else if len(ops) > 0 {
			c.tmuxScript(word.Join(ops))
		}
	case lang.TmuxKeys:
		c.tmuxKeys(opts, ops)
	case lang.TmuxFirst:
		// if-shell CMD "TMUX COMMAND" ["TMUX COMMAND"]
		if len(ops) > 0 {
			if _, format := tmuxFlag(opts, 'F'); !format {
				c.tmuxScript(ops[0].Text) // with -F it is a format tested, no shell (58e E11)
			}
			for _, x := range ops[1:] {
				c.tmuxCommands(lang.SplitQuoted(x.Text), depth+1)
			}
		}
	case lang.TmuxOption:
		c.tmuxOption(ops, depth)
	case lang.TmuxNested:
		// bind-key KEY CMD ARGS…, or one string: confirm-before "CMD ARGS"
		if rest := ops[min(tc.Skip, len(ops)):]; len(rest) == 1 {
			c.tmuxCommands(lang.SplitQuoted(rest[0].Text), depth+1)
		} else {
			c.tmuxCommands(rest, depth+1)
		}
	default:
		c.tmuxFiles(tc, opts, ops, depth)
	}
}

// tmuxFiles analyses the tmux commands that read or write a file or set
// the environment: source-file, load-buffer, save-buffer, setenv,
// detach-client -E.
func (c *cmd) tmuxFiles(tc lang.TmuxCmdKind, opts []tmuxOpt, ops []word.Word, depth int) {
	switch tc.Runs {
	case lang.TmuxSource:
		if _, ok := tmuxFlag(opts, 'F'); ok {
			c.w.hide("runs as tmux commands files whose names are tmux formats (source-file -F), which guard cannot tell")
			return
		}
		for _, x := range ops {
			c.tmuxFile(x, depth)
		}
	case lang.TmuxEnv:
		// setenv [-g] NAME VALUE: the environment of every window tmux
		// starts later, in this command or a later one
		if _, unset := tmuxFlag(opts, 'u'); !unset && len(ops) > 1 {
			c.w.envAssign(ops[0].Text + "=" + ops[1].Text)
		}
	case lang.TmuxLoad:
		if len(ops) > 0 && !c.tmuxFormatPath(ops[0].Text) {
			c.w.Read(ops[0].Text) // into a buffer: show-buffer prints it, paste-buffer types it
		}
	case lang.TmuxSave:
		if len(ops) > 0 && !c.tmuxFormatPath(ops[0].Text) {
			c.w.Write(ops[0].Text)
		}
	case lang.TmuxDetach:
		if v, ok := tmuxFlag(opts, 'E'); ok {
			c.tmuxScript(v.Text)
		}
	}
}

// tmuxKeys analyses send-keys: keys typed into a pane, whose shell runs
// them; -H gives each key in hex, -X copy-mode commands (copy-pipe CMD,
// pipe CMD run CMD).
func (c *cmd) tmuxKeys(opts []tmuxOpt, ops []word.Word) {
	if _, ok := tmuxFlag(opts, 'X'); ok {
		if len(ops) > 1 && strings.Contains(ops[0].Text, "pipe") {
			c.w.script(word.Join(ops[1:]), c.w.depth+1)
		}
		return
	}
	if _, ok := tmuxFlag(opts, 'H'); ok {
		t, ok := lang.TmuxHex(ops)
		if !ok {
			c.w.hide("types into a tmux pane keys given in hex that guard cannot decode")
			return
		}
		c.w.script(t, c.w.depth+1)
		return
	}
	_, literal := tmuxFlag(opts, 'l')
	c.w.script(lang.TmuxKeyText(ops, literal), c.w.depth+1)
}

// tmuxOption analyses set-option NAME VALUE: the options whose value is a
// shell command (default-command, lock-command…) and hooks, whose value
// is a tmux command.
func (c *cmd) tmuxOption(ops []word.Word, depth int) {
	if len(ops) < 2 {
		return
	}
	name, _, _ := strings.Cut(ops[0].Text, "[")
	switch {
	case tmuxShellOptions.Has(name):
		c.w.script(ops[1].Text, c.w.depth+1)
	case tmuxHooks.Has(name) || strings.HasPrefix(name, "after-"):
		c.tmuxCommands(lang.SplitQuoted(ops[1].Text), depth+1)
	}
}

// tmuxShellOptions are tmux's options whose value is a shell command.
const tmuxShellOptions word.Set = " default-command default-shell lock-command copy-command editor "

// tmuxHooks are tmux's hooks (besides after-*), options whose value is a
// tmux command.
const tmuxHooks word.Set = " alert-activity alert-bell alert-silence client-active client-attached client-detached client-focus-in client-focus-out client-resized client-session-changed command-error pane-died pane-exited pane-focus-in pane-focus-out pane-mode-changed pane-set-clipboard pane-title-changed session-closed session-created session-renamed session-window-changed window-layout-changed window-linked window-pane-changed window-renamed window-resized window-unlinked "

// tmuxFile reads a file of tmux commands (tmux -f FILE, source-file
// FILE) and analyses its commands; a name tmux globs, or one guard cannot
// read, is one guard cannot tell.
func (c *cmd) tmuxFile(a word.Word, depth int) {
	if strings.ContainsAny(a.Text, "*?[") {
		c.w.hide("runs as tmux commands the files a pattern names (%s), which guard cannot tell", word.Quote(a.Text))
		return
	}
	if slices.Contains(c.tmuxRead, a.Text) {
		return // bind r source-file ~/.tmux.conf in ~/.tmux.conf: read already
	}
	t, ok := c.codeFile(a, "a tmux configuration file")
	if !ok {
		return
	}
	c.tmuxRead = append(c.tmuxRead, a.Text)
	defer func() { c.tmuxRead = c.tmuxRead[:len(c.tmuxRead)-1] }()
	c.tmuxCommands(lang.TmuxConfig(t), depth+1)
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
		c.tmuxScript(strings.TrimSuffix(s[:end], ")"))
		s = s[end:]
	}
}

// tmuxScript analyses src, shell text tmux expands as a format before it
// runs it (run-shell, if-shell, a #() job): a format in it (#{…}, #S,
// #W…: tmuxFormat) becomes a value guard cannot tell (a user option the
// command set, a window's name), so such text is hidden (FINDINGS58a A7).
func (c *cmd) tmuxScript(src string) {
	if tmuxFormat(src) {
		c.w.hide("runs shell text tmux expands as a format first (#{…}, #S…): what it runs guard cannot tell")
		return
	}
	c.w.script(src, c.w.depth+1)
}

// tmuxStartDir returns the directory a tmux command's start-directory
// option (new-window -c, display-popup -d) names, where the shell text it
// runs starts: a value with no format as cd takes it (tmux joins a
// relative one to the client's directory, which is the command's). A
// format (#{pane_current_path}, a user option, #( ) which runs a command)
// hides the command: ok false. A directory guard cannot tell was tried
// for the pane and session paths, but a command chained after it (\;
// send-keys) and the programs whose readers do not check an unknown
// directory ran unseen there (FINDINGS60b B3, B17).
func (c *cmd) tmuxStartDir(v string) (string, bool) {
	switch {
	case v == "" || v == "-":
		return "", true // as before: the command's directory
	case !tmuxFormat(v):
		return c.w.dest(v), true
	}
	c.tmuxFormatPath(v)
	return "", false
}

// tmuxFormatPath reports whether p, a file or directory tmux expands as
// a format (save-buffer, load-buffer, -c), holds one, and hides the
// command then: the place it names guard cannot tell (FINDINGS58e E5).
func (c *cmd) tmuxFormatPath(p string) bool {
	if !tmuxFormat(p) {
		return false
	}
	c.w.hide("names a file or directory that tmux expands as a format first (#{…}, #S…): which one guard cannot tell")
	return true
}

// tmuxFormat reports whether s holds a tmux format sequence: #{, #( or #
// followed by one of the short aliases (D F H h I P S T W); ## is a #.
func tmuxFormat(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '#' {
			continue
		}
		switch s[i+1] {
		case '#':
			i++
		case '{', '(', 'D', 'F', 'H', 'h', 'I', 'P', 'S', 'T', 'W':
			return true
		}
	}
	return false
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
