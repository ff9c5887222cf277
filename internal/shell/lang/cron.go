package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// CronInputEnd ends the here-document that stands for a cron command's
// standard input.
const CronInputEnd = "GUARD_CRON_INPUT"

// CronLines returns the commands of a crontab's lines and its variable
// settings (NAME = VALUE, the value optionally quoted). A command is what
// follows the five time fields or an @reboot-style nickname, up to its
// first % not escaped by a backslash; the text after that % (each further
// % a newline) is its standard input, written as a here-document.
func CronLines(text string) (cmds []string, vars [][2]string) {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimLeft(strings.TrimRight(line, "\r"), " \t")
		if line == "" || line[0] == '#' {
			continue
		}
		if name, value, ok := cronVar(line); ok {
			vars = append(vars, [2]string{name, value})
			continue
		}
		cmd, input := cronPercent(cronSchedule(line))
		if strings.TrimSpace(cmd) == "" {
			continue
		}
		if input != "" {
			cmd += " <<'" + CronInputEnd + "'\n" + input + "\n" + CronInputEnd
		}
		cmds = append(cmds, cmd)
	}
	return cmds, vars
}

// cronVar splits a crontab line that sets a variable: NAME = VALUE.
func cronVar(line string) (string, string, bool) {
	i := 0
	for i < len(line) && (word.IsWordChar(line[i])) {
		i++
	}
	if i == 0 || line[0] >= '0' && line[0] <= '9' {
		return "", "", false
	}
	rest := strings.TrimLeft(line[i:], " \t")
	if !strings.HasPrefix(rest, "=") {
		return "", "", false
	}
	v := strings.TrimSpace(rest[1:])
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	return line[:i], v, true
}

// cronSchedule returns a crontab line after its schedule: an @nickname, or
// five time fields.
func cronSchedule(line string) string {
	fields := 5
	if strings.HasPrefix(line, "@") {
		fields = 1
	}
	for range fields {
		i := strings.IndexAny(line, " \t")
		if i < 0 {
			return ""
		}
		line = strings.TrimLeft(line[i:], " \t")
	}
	return line
}

// cronPercent splits a cron command at its first unescaped %: the command,
// and its standard input with each further unescaped % a newline (\% is a
// % in both).
func cronPercent(s string) (string, string) {
	var cmd, input strings.Builder
	out, split := &cmd, false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '%':
			out.WriteByte('%')
			i++
		case s[i] == '%' && !split:
			out, split = &input, true
		case s[i] == '%':
			out.WriteByte('\n')
		default:
			out.WriteByte(s[i])
		}
	}
	return cmd.String(), input.String()
}
