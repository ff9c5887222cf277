package shell

// Programs whose arguments are partly data: printers, testers, grep, sed,
// jq and the message options of version control tools.

import (
	"strings"
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
			c.w.read(a.s)
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

// grep: the first operand (or each -e value) is a pattern: data.
func (c *cmd) grep(from int) {
	given := false
	for j := from; j < len(c.args); j++ {
		s := c.args[j].s
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
				c.w.read(c.args[j+1].s)
			}
			j++
		case grepWithArg.has(s), c.name != "grep" && c.name != "egrep" && c.name != "fgrep" && c.name != "zgrep" && rgWithArg.has(s):
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
		case !given:
			c.kinds[j] = argData
			given = true
		}
	}
	c.generic()
}

// sed: its script is data, unless it executes (GNU sed's e command or s///e).
func (c *cmd) sed() {
	given := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
		if v, k, ok := optionValue(c.args, j, 'e', "fl", "--expression"); ok {
			// -e S, -eS, -ne S, --expression=S, --expr S
			c.sedScript(k, v)
			given = true
			j = k
			continue
		}
		switch {
		case s == "-f" || s == "--file":
			given = true
			if j+1 < len(c.args) {
				c.w.read(c.args[j+1].s)
				c.kinds[j+1] = argData // read above; not a file to write
			}
			j++
		case s == "-l" || s == "--line-length":
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
		case !given:
			c.sedScript(j, c.args[j].s)
			given = true
		}
	}
	c.generic()
}

// sedScript marks the word at j holding sed script script data unless the
// script runs commands, and records the files its r, R, w and W commands
// (and s///w) read and write.
func (c *cmd) sedScript(j int, script string) {
	if !sedExecutes(script) {
		c.kinds[j] = argData
	}
	reads, writes := sedFiles(script)
	for _, f := range reads {
		c.w.read(f)
	}
	for _, f := range writes {
		c.w.write(f)
	}
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
// other than r, R, w, W (whose file name takes the rest of the line).
func sedCommands(line string) []string {
	var out []string
	for {
		t := skipSedAddress(strings.TrimLeft(line, " \t{"))
		t = strings.TrimLeft(t, " \t!")
		if t != "" && strings.ContainsRune("rRwW", rune(t[0])) {
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

// sedExecutes reports whether a sed script may run a command: the e
// command, or the e flag of s.
func sedExecutes(script string) bool {
	for i := 0; i < len(script); i++ {
		if script[i] != 'e' {
			continue
		}
		prevOK := i == 0 || strings.ContainsRune(";{}\n0123456789$/!", rune(script[i-1])) || script[i-1] == ' '
		nextOK := i+1 == len(script) || strings.ContainsRune(" \t;}\n", rune(script[i+1]))
		if prevOK && nextOK {
			return true
		}
	}
	return false
}

// jq: the filter and --arg values are data.
func (c *cmd) jq() {
	given := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
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
		s := c.args[j].s
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
	opts := messageOpts
	if logLike {
		opts = logOpts
	}
	for ; j < len(c.args); j++ {
		s := c.args[j].s
		if eq := strings.IndexByte(s, '='); eq > 0 && opts.has(s[:eq]) {
			c.kinds[j] = argData
			continue
		}
		switch {
		case opts.has(s):
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
		}
	}
	c.generic()
}
