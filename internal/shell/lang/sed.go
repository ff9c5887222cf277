package lang

import "strings"

// SedExec is what a sed script runs.
type SedExec struct {
	Commands []string // e COMMAND: each run with sh
	Pattern  bool     // the pattern space runs as a command (e alone, s///e)
	Replaced []string // the replacements of its s commands: part of the pattern space
	Opaque   bool     // y: the pattern space changes in a way guard does not follow
}

// Runs reports whether the script Runs anything.
func (x SedExec) Runs() bool { return len(x.Commands) > 0 || x.Pattern }

// Add merges what another script of the same sed runs.
func (x *SedExec) Add(y SedExec) {
	x.Commands = append(x.Commands, y.Commands...)
	x.Replaced = append(x.Replaced, y.Replaced...)
	x.Pattern = x.Pattern || y.Pattern
	x.Opaque = x.Opaque || y.Opaque
}

// SedExecs returns what a sed script runs: the command of each e COMMAND
// (the rest of its line, as GNU sed reads it), whether the pattern space
// runs (e alone, or an s command's e flag), the replacements of its s
// commands, and whether it transliterates (y). The parse is a close
// reading, as sedFiles', and errs toward finding a command.
func SedExecs(script string) SedExec {
	var x SedExec
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
					x.Commands = append(x.Commands, cmd)
				} else {
					x.Pattern = true
				}
			case 's':
				if repl, flags, ok := sedSubst(part); ok {
					x.Replaced = append(x.Replaced, repl)
					f, _, _ := strings.Cut(flags, "w")
					x.Pattern = x.Pattern || strings.ContainsRune(f, 'e')
				}
			case 'y':
				x.Opaque = true
			}
		}
	}
	if !x.Pattern {
		x.Replaced = nil
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

// SedFiles returns the files a sed script's commands read (r, R) and write
// (w, W, and the w flag of s): each is the rest of its line, as GNU sed
// reads a file name. Addresses are skipped; the parse is a close reading,
// not sed's own, and errs toward finding a file.
func SedFiles(script string) (reads, writes []string) {
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
