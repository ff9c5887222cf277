package shell

// Programs whose arguments are partly data: printers, testers, grep, sed,
// jq and the message options of version control tools.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// allData marks every argument data.
func (c *cmd) allData() {
	for i := range c.kinds {
		c.kinds[i] = argData
	}
}

// printer: echo and printf print data. Piped or substituted, what they print
// may become arguments (echo ~/.ssh/id_rsa | xargs cat), so their words are
// read too.
func (c *cmd) printer() {
	c.allData()
	if c.piped || c.subst {
		for _, a := range c.args {
			c.w.read(a.Text)
		}
	}
	// What is not known of the words stays marked in what they print.
	switch c.name {
	case "echo":
		c.out = output{text: echoOutput(c.args), known: true}
	case "printf":
		if o, ok := printfOutput(c.args); ok {
			c.out = output{text: o, known: true}
		}
	}
}

// grep: the first operand (or each -e value) is a pattern: data. Searching
// recursively without a file operand, it reads the working directory.
func (c *cmd) grep(from int) {
	given, files := false, 0
	for j := from; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			if !given && j+1 < len(c.args) {
				c.kinds[j+1] = argData
				given = true
				j++
			}
		case s == "-e" || s == "--regexp":
			if j+1 < len(c.args) {
				c.kinds[j+1] = argData
			}
			given = true
			j++
		case strings.HasPrefix(s, "--regexp=") || strings.HasPrefix(s, "-e") && len(s) > 2 && c.name != "rg":
			c.kinds[j] = argData
			given = true
		case s == "-f" || s == "--file":
			given = true
			if j+1 < len(c.args) {
				c.w.read(c.args[j+1].Text)
			}
			j++
		case catalogue.GrepWithArg.Has(s), c.name != "grep" && c.name != "egrep" && c.name != "fgrep" && c.name != "zgrep" && catalogue.RgWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
		case !given:
			c.kinds[j] = argData
			given = true
		default:
			files++
		}
	}
	if files == 0 && c.readsDot {
		c.w.readTree(".")
	}
	c.generic()
}

// sed: its script is data, unless it executes (GNU sed's e command or
// s///e): then what it runs is analysed (sedRuns).
func (c *cmd) sed() {
	given := false
	var ex sedExec
	var inputs []word.Word
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if v, k, ok := word.OptionValue(c.args, j, 'e', "fl", "--expression"); ok {
			// -e S, -eS, -ne S, --expression=S, --expr S
			ex.add(c.sedScript(k, v))
			given = true
			j = k
			continue
		}
		switch {
		case s == "-f" || s == "--file":
			given = true
			if j+1 < len(c.args) {
				f := c.args[j+1]
				c.w.read(f.Text)
				c.kinds[j+1] = argData // read above; not a file to write
				if t, ok := c.w.fileText(f.Text, f.Known, MaxScriptBytes, "a sed script"); ok {
					ex.add(c.sedScript(-1, t))
				}
			}
			j++
		case s == "-l" || s == "--line-length":
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
		case !given:
			ex.add(c.sedScript(j, c.args[j].Text))
			given = true
		default:
			inputs = append(inputs, c.args[j])
		}
	}
	c.sedRuns(ex, inputs)
	c.generic()
}

// sedScript marks the word at j (-1: none, a script from a file) holding
// sed script script data unless the script runs commands, records the
// files its r, R, w and W commands (and s///w) read and write, and returns
// what it runs.
func (c *cmd) sedScript(j int, script string) sedExec {
	ex := sedExecs(script)
	if j >= 0 && !ex.runs() {
		c.kinds[j] = argData
	}
	reads, writes := sedFiles(script)
	for _, f := range reads {
		c.w.read(f)
	}
	for _, f := range writes {
		c.w.write(f)
	}
	return ex
}

// sedRuns analyses what a sed script runs: each e COMMAND, and when the
// pattern space runs (e alone, s///e), the input lines and the
// replacements that may be part of it. Input guard cannot see, or a
// script that transliterates it (y), is hidden: guard cannot tell what
// runs.
func (c *cmd) sedRuns(ex sedExec, inputs []word.Word) {
	w := c.w
	for _, cmd := range ex.commands {
		w.scoped(func() { w.script(cmd, w.depth+1) })
	}
	if !ex.pattern {
		return
	}
	for _, r := range ex.replaced {
		w.tentative(r)
	}
	if ex.opaque {
		w.hide("runs its input transliterated (sed y and e), which guard cannot follow")
		return
	}
	text, ok := c.sedInput(inputs)
	if !ok {
		w.hide("runs input text guard cannot see (sed e)")
		return
	}
	if text != "" {
		w.scoped(func() { w.script(text, w.depth+1) })
	}
}

// sedInput returns the text sed reads: its input files, else standard
// input; false when guard cannot see it whole.
func (c *cmd) sedInput(inputs []word.Word) (string, bool) {
	if len(inputs) == 0 || len(inputs) == 1 && inputs[0].Text == "-" {
		switch {
		case c.stdin.known:
			return c.stdin.text, true
		case c.stdin.file != "":
			inputs = []word.Word{{Text: c.stdin.file, Known: true}}
		case !c.stdin.fromPipe && c.stdin.sub == "":
			return "", true // the agent's (empty) standard input
		default:
			return "", false
		}
	}
	var b strings.Builder
	for _, in := range inputs {
		t, st := c.w.fileStatus(in.Text, in.Known, MaxScriptBytes)
		if st != FileWhole {
			return "", false
		}
		b.WriteString(t)
		b.WriteByte('\n')
	}
	return b.String(), true
}

// sedExec is what a sed script runs.
type sedExec struct {
	commands []string // e COMMAND: each run with sh
	pattern  bool     // the pattern space runs as a command (e alone, s///e)
	replaced []string // the replacements of its s commands: part of the pattern space
	opaque   bool     // y: the pattern space changes in a way guard does not follow
}

// runs reports whether the script runs anything.
func (x sedExec) runs() bool { return len(x.commands) > 0 || x.pattern }

// add merges what another script of the same sed runs.
func (x *sedExec) add(y sedExec) {
	x.commands = append(x.commands, y.commands...)
	x.replaced = append(x.replaced, y.replaced...)
	x.pattern = x.pattern || y.pattern
	x.opaque = x.opaque || y.opaque
}

// sedExecs returns what a sed script runs: the command of each e COMMAND
// (the rest of its line, as GNU sed reads it), whether the pattern space
// runs (e alone, or an s command's e flag), the replacements of its s
// commands, and whether it transliterates (y). The parse is a close
// reading, as sedFiles', and errs toward finding a command.
func sedExecs(script string) sedExec {
	var x sedExec
	lines := strings.Split(script, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		// e COMMAND\ newline goes on to the next line (the backslash
		// dropped: two lines of the command, the safe reading).
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) && sedIsExec(line) {
			i++
			line = strings.TrimSuffix(line, "\\") + "\n" + lines[i]
		}
		for _, part := range sedCommands(line) {
			part = strings.TrimLeft(part, " \t{")
			part = skipSedAddress(part)
			part = strings.TrimLeft(part, " \t!")
			if part == "" {
				continue
			}
			switch part[0] {
			case 'e':
				if cmd := strings.TrimSpace(part[1:]); cmd != "" {
					x.commands = append(x.commands, cmd)
				} else {
					x.pattern = true
				}
			case 's':
				if repl, flags, ok := sedSubst(part); ok {
					x.replaced = append(x.replaced, repl)
					f, _, _ := strings.Cut(flags, "w")
					x.pattern = x.pattern || strings.ContainsRune(f, 'e')
				}
			case 'y':
				x.opaque = true
			}
		}
	}
	if !x.pattern {
		x.replaced = nil
	}
	return x
}

// sedIsExec reports whether a line of a sed script holds an e command.
func sedIsExec(line string) bool {
	for _, part := range sedCommands(line) {
		part = strings.TrimLeft(skipSedAddress(strings.TrimLeft(part, " \t{")), " \t!")
		if strings.HasPrefix(part, "e") {
			return true
		}
	}
	return false
}

// sedSubst returns an s command's replacement, its escapes of the
// delimiter, of & and of newlines decoded, and its flags.
func sedSubst(t string) (string, string, bool) {
	end := sedSubstEnd(t)
	if end < 0 {
		return "", "", false
	}
	d := t[1]
	i := 2
	for i < end && t[i] != d {
		if t[i] == '\\' {
			i++
		}
		i++
	}
	if i >= end-1 {
		return "", t[end:], true
	}
	repl := t[i+1 : end-1]
	repl = strings.NewReplacer(`\`+string(d), string(d), `\&`, "&", `\n`, "\n").Replace(repl)
	return repl, t[end:], true
}

// sedFiles returns the files a sed script's commands read (r, R) and write
// (w, W, and the w flag of s): each is the rest of its line, as GNU sed
// reads a file name. Addresses are skipped; the parse is a close reading,
// not sed's own, and errs toward finding a file.
func sedFiles(script string) (reads, writes []string) {
	for _, line := range strings.Split(script, "\n") {
		for _, part := range sedCommands(line) {
			part = strings.TrimLeft(part, " \t{")
			part = skipSedAddress(part)
			part = strings.TrimLeft(part, " \t!")
			if len(part) < 2 {
				continue
			}
			switch part[0] {
			case 'r', 'R', 'w', 'W':
				// GNU sed takes the file name right after the command
				// letter too (1r/etc/x).
				switch f := strings.TrimSpace(part[1:]); {
				case f == "":
				case part[0] == 'r' || part[0] == 'R':
					reads = append(reads, f)
				default:
					writes = append(writes, f)
				}
			case 's':
				if f, ok := sedSubstWrite(part); ok {
					writes = append(writes, f)
				}
			}
		}
	}
	return reads, writes
}

// sedCommands splits a line of a sed script at the ; that end commands
// other than r, R, w, W (whose file name takes the rest of the line) and e
// (whose command does).
func sedCommands(line string) []string {
	var out []string
	for {
		t := skipSedAddress(strings.TrimLeft(line, " \t{"))
		t = strings.TrimLeft(t, " \t!")
		if t != "" && strings.ContainsRune("rRwWe", rune(t[0])) {
			return append(out, line)
		}
		if t != "" && t[0] == 's' {
			// s/a;b/c/: the ; inside is not an end
			if end := sedSubstEnd(t); end > 0 {
				rest := t[end:]
				if k := strings.IndexByte(rest, ';'); k >= 0 && !strings.ContainsRune(rest[:k], 'w') {
					out = append(out, line[:len(line)-len(rest)+k])
					line = rest[k+1:]
					continue
				}
				return append(out, line)
			}
		}
		k := strings.IndexByte(line, ';')
		if k < 0 {
			return append(out, line)
		}
		out = append(out, line[:k])
		line = line[k+1:]
	}
}

// skipSedAddress returns s after a leading address: numbers, $, ranges,
// steps and /regex/ (or \cregexc).
func skipSedAddress(s string) string {
	for s != "" {
		switch c := s[0]; {
		case c >= '0' && c <= '9' || c == '$' || c == ',' || c == '~' || c == '+' || c == ' ':
			s = s[1:]
		case c == '/' || c == '\\' && len(s) > 1:
			d := byte('/')
			if c == '\\' {
				d, s = s[1], s[1:]
			}
			i := 1
			for i < len(s) && s[i] != d {
				if s[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(s) {
				return ""
			}
			s = s[i+1:]
			if s != "" && (s[0] == 'I' || s[0] == 'M') {
				s = s[1:]
			}
		default:
			return s
		}
	}
	return s
}

// sedSubstEnd returns the index just after the third delimiter of an s
// command (s/a/b/), or -1.
func sedSubstEnd(t string) int {
	if len(t) < 2 {
		return -1
	}
	d, n := t[1], 0
	for i := 2; i < len(t); i++ {
		switch t[i] {
		case '\\':
			i++
		case d:
			n++
			if n == 2 {
				return i + 1
			}
		}
	}
	return -1
}

// sedSubstWrite returns the file of an s command's w flag (s/a/b/gw FILE).
func sedSubstWrite(t string) (string, bool) {
	end := sedSubstEnd(t)
	if end < 0 {
		return "", false
	}
	flags := t[end:]
	if k := strings.IndexByte(flags, 'w'); k >= 0 && strings.Trim(flags[:k], "gpiIme0123456789") == "" {
		if f := strings.TrimSpace(flags[k+1:]); f != "" {
			return f, true
		}
	}
	return "", false
}

// jq: the filter and --arg values are data.
func (c *cmd) jq() {
	given := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--arg" || s == "--argjson":
			if j+2 < len(c.args) {
				c.kinds[j+2] = argData
			}
			j += 2
		case s == "-f" || s == "--from-file":
			given = true
		case s == "--indent" || s == "-L":
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
		case !given:
			c.kinds[j] = argData
			given = true
		}
	}
	c.generic()
}

// messages: commit messages, titles, bodies and log searches of version
// control tools are data.
func (c *cmd) messages() {
	sub := ""
	j := 0
	for j < len(c.args) {
		s := c.args[j].Text
		if s == "-C" || s == "-c" || s == "--git-dir" || s == "--work-tree" || s == "-R" || s == "--repo" {
			j += 2
			continue
		}
		if strings.HasPrefix(s, "-") {
			j++
			continue
		}
		sub = s
		j++
		break
	}
	if c.name == "git" && sub == "grep" {
		c.grep(j)
		return
	}
	logLike := c.name == "git" && (sub == "log" || sub == "shortlog" || sub == "rev-list" || sub == "whatchanged" || sub == "show" || sub == "reflog")
	opts := catalogue.MessageOpts
	if logLike {
		opts = catalogue.LogOpts
	}
	for ; j < len(c.args); j++ {
		s := c.args[j].Text
		if eq := strings.IndexByte(s, '='); eq > 0 && opts.Has(s[:eq]) {
			c.kinds[j] = argData
			continue
		}
		switch {
		case opts.Has(s):
			if j+1 < len(c.args) {
				c.kinds[j+1] = argData
				j++
			}
		case !logLike && len(s) > 2 && s[0] == '-' && s[1] != '-' && strings.HasSuffix(s, "m"):
			// git commit -am "msg"
			if j+1 < len(c.args) {
				c.kinds[j+1] = argData
				j++
			}
		case !logLike && len(s) > 2 && strings.HasPrefix(s, "-m"):
			c.kinds[j] = argData // -m"msg"
		case messageFiles.Has(s) && j+1 < len(c.args) && c.args[j+1].Text == "-",
			strings.HasSuffix(s, "=-") && messageFiles.Has(strings.TrimSuffix(s, "=-")):
			c.dataInput = true // git commit -F - <<EOF: the message
		case messageFiles.Has(s) && j+1 < len(c.args):
			c.spend(j + 1) // git commit -F msg.txt: read (generic), its text data
		}
	}
	c.generic()
}

// messageFiles are the options of messageTools whose value is a file
// holding the message (- for standard input).
const messageFiles word.Set = " -F --file --body-file --notes-file --message-file "
