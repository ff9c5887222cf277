package shell

import (
	"errors"
	"strings"
)

// An ssh configuration line and an ssh -o value are read alike, by
// OpenSSH's process_config_line (readconf.c): trailing blanks cut, the
// keyword read by strdelim (leading blanks skipped, ended by a blank, one
// = or a double-quoted part, its quotes removed), the rest split by
// argv_split (quotes and \ escapes removed, # ending it), and a command
// option (ProxyCommand, LocalCommand, RemoteCommand, KnownHostsCommand)
// taking the rest as written, leading blanks and = cut.

// sshLine is one directive of an ssh configuration or -o value.
type sshLine struct {
	key  string   // the keyword, lower case
	raw  string   // the rest as written: what a command option runs
	args []string // the rest as argv_split reads it
}

// sshBlanks are OpenSSH's WHITESPACE.
const sshBlanks = " \t\r\n"

// errSSHLine is a line ssh refuses (no argument, a quote left open): ssh
// then stops before it connects or runs anything.
var errSSHLine = errors.New("a line ssh refuses")

// readSSHLine reads line as ssh does; false for a line ssh skips (blank,
// a comment, a keyword whose quote is left open).
func readSSHLine(line string) (sshLine, bool, error) {
	line = strings.TrimRight(line, sshBlanks+"\f")
	key, rest, ok := sshDelim(line)
	if ok && key == "" {
		key, rest, ok = sshDelim(rest)
	}
	if !ok || key == "" || key[0] == '#' || key[0] == '\n' {
		return sshLine{}, false, nil
	}
	rest = strings.TrimLeft(rest, sshBlanks)
	if rest == "" {
		return sshLine{}, false, errSSHLine
	}
	args, err := sshArgv(rest)
	if err != nil {
		return sshLine{}, false, err
	}
	return sshLine{key: strings.ToLower(key), raw: strings.TrimLeft(rest, sshBlanks+"="), args: args}, true, nil
}

// sshDelim returns the first token of s and what follows it, as
// OpenSSH's strdelim takes them; false when a quote is left open.
func sshDelim(s string) (string, string, bool) {
	i := strings.IndexAny(s, sshBlanks+`"=`)
	switch {
	case i < 0:
		return s, "", true
	case s[i] == '"':
		t := s[:i] + s[i+1:]
		j := strings.IndexByte(t[i:], '"')
		if j < 0 {
			return "", "", false
		}
		return t[:i+j], strings.TrimLeft(t[i+j+1:], sshBlanks), true
	}
	rest := strings.TrimLeft(s[i+1:], sshBlanks)
	if s[i] != '=' && strings.HasPrefix(rest, "=") {
		rest = strings.TrimLeft(rest[1:], sshBlanks) // one = between blanks
	}
	return s[:i], rest, true
}

// sshArgv splits s as OpenSSH's argv_split(s, …, 1) does: blank-separated
// words, single or double quotes holding blanks, \ before a quote, \ or
// (outside quotes) a blank taking it as it is, # at a word's start ending
// the line.
func sshArgv(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\t' {
			continue
		}
		if s[i] == '#' {
			break
		}
		var b strings.Builder
		quote := byte(0)
		for ; i < len(s); i++ {
			ch := s[i]
			switch {
			case ch == '\\' && i+1 < len(s) && (strings.IndexByte(`'"\`, s[i+1]) >= 0 || quote == 0 && s[i+1] == ' '):
				i++
				b.WriteByte(s[i])
				continue
			case quote == 0 && (ch == ' ' || ch == '\t'):
			case quote == 0 && (ch == '"' || ch == '\''):
				quote = ch
				continue
			case quote != 0 && ch == quote:
				quote = 0
				continue
			default:
				b.WriteByte(ch)
				continue
			}
			break
		}
		if quote != 0 {
			return nil, errSSHLine
		}
		out = append(out, b.String())
	}
	return out, nil
}

// sshPercent expands the % tokens of v, an ssh option's value, as
// OpenSSH's percent_expand does: %% is %, %X is fill's value for X; false
// for a token fill has none for (ssh stops) or a % that ends v.
func sshPercent(v string, fill func(byte) (string, bool)) (string, bool) {
	if !strings.Contains(v, "%") {
		return v, true
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '%' {
			b.WriteByte(v[i])
			continue
		}
		if i++; i >= len(v) {
			return "", false
		}
		if v[i] == '%' {
			b.WriteByte('%')
			continue
		}
		t, ok := fill(v[i])
		if !ok {
			return "", false
		}
		b.WriteString(t)
	}
	return b.String(), true
}
