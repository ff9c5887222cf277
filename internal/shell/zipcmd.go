package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// zipUnzipCommand: zip -T tests the archive it made by running a command,
// -TT CMD (--unzip-command CMD) instead of unzip, through the shell, the
// archive's name appended (or put where CMD says {}). CMD is read as the
// command it is, in each spelling zip's option reader takes: -TT CMD,
// -TTCMD, -TT=CMD, in a cluster (-qTTCMD), --unzip-command[=]CMD and any
// prefix of it that begins unz; options after the archive's name are
// options too (zip reads options anywhere before --).
func (c *cmd) zipUnzipCommand() {
	var cmds []string
	archive := ""
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		if a.Text == "--" {
			break
		}
		v, ok, next := zipTTValue(a.Text)
		if !ok {
			if archive == "" && !strings.HasPrefix(a.Text, "-") {
				archive = a.Text
			}
			continue
		}
		if next {
			if j+1 >= len(c.args) {
				break
			}
			j++
			a, v = c.args[j], c.args[j].Text
		}
		if !a.Known {
			c.w.hide("runs, to test the archive zip makes, a command guard cannot tell (zip -TT, --unzip-command)")
			continue
		}
		cmds = append(cmds, v)
	}
	for _, v := range cmds {
		if strings.Contains(v, "{}") {
			c.w.tentative(strings.ReplaceAll(v, "{}", word.Quote(archive)))
		} else if archive != "" {
			c.w.tentative(v + " " + word.Quote(archive)) // zip hands CMD the archive's name
		} else {
			c.w.tentative(v)
		}
	}
}

// zipTTValue returns, for zip's option word a, the command -TT or
// --unzip-command gives in it: its value glued (ok), or next when the
// value is the next word.
func zipTTValue(a string) (v string, ok, next bool) {
	if name, val, eq := strings.Cut(a, "="); strings.HasPrefix(a, "--") {
		if len(name) < 5 || !strings.HasPrefix("--unzip-command", name) {
			return "", false, false
		}
		return val, true, !eq
	}
	if !strings.HasPrefix(a, "-") {
		return "", false, false
	}
	for k := 1; k < len(a); k++ {
		switch {
		case strings.HasPrefix(a[k:], "TT"):
			v = strings.TrimPrefix(a[k+2:], "=")
			return v, true, v == ""
		case strings.IndexByte("bntxiOPsZ", a[k]) >= 0 || strings.HasPrefix(a[k:], "lf"):
			return "", false, false // the rest of the word is that option's value
		}
	}
	return "", false, false
}
