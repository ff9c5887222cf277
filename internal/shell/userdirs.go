package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// userConfigDirs returns the user configuration directories a program of
// the command looks its default files up in, as the command's own
// environment says: Go's os.UserConfigDir and the XDG
// base directory rule, $XDG_CONFIG_HOME or else $HOME/.config, and macOS's
// $HOME/Library/Application Support, with the HOME and XDG_CONFIG_HOME the
// command sets; and the home itself, for a program's legacy dot
// directory. ok is false when the command sets either to a value guard
// cannot tell.
func (c *cmd) userConfigDirs() (cfg []string, home string, ok bool) {
	home = c.w.Home
	if _, set := c.w.varMap()["HOME"]; set {
		h, known := c.w.lookup("HOME")
		if !known || unknownText(h) {
			return nil, "", false
		}
		home = h
	}
	x := ""
	if _, set := c.w.varMap()["XDG_CONFIG_HOME"]; set {
		v, known := c.w.lookup("XDG_CONFIG_HOME")
		if !known || unknownText(v) {
			return nil, "", false
		}
		x = v
	}
	switch {
	case x != "":
		cfg = append(cfg, x)
	case home != "":
		cfg = append(cfg, path.Join(home, ".config"))
	}
	if home != "" {
		cfg = append(cfg, path.Join(home, "Library/Application Support"))
	}
	return cfg, home, true
}

// unknownText reports whether s, a variable's value, holds a part guard
// could not work out (a substitution's output, an arithmetic result).
func unknownText(s string) bool {
	return strings.Contains(s, word.UnknownSubst) || strings.Contains(s, word.UnknownArith)
}

// presentConfig reports whether the configuration file p may be there for
// the program to read: a file on disk or one the command wrote before;
// anything but a sure absence counts (default-deny: the reader then says
// what it cannot read).
func (c *cmd) presentConfig(p string) bool {
	_, st := c.w.FileStatus(p, true, effect.MaxScriptBytes)
	return st != effect.FileAbsent
}
