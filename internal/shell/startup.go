package shell

// A shell's own start-up files, moved by the command: ZDOTDIR=dir zsh reads
// dir/.zshenv, HOME=dir bash -l reads dir/.bash_profile, bash --rcfile F -i
// reads F. Where the command leaves them where they are they are the user's
// (write-protected); moved, they are files the command runs.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// startupDir takes variable name, set to dir in a command's environment,
// when it chooses where a shell reads its start-up files (ZDOTDIR, HOME) or
// git its user configuration (HOME, XDG_CONFIG_HOME):
// each of those files that is there is run as a script (read like source
// FILE), whichever of them the shell would read (a shell started later with
// -l or -i reads more than one started with -c). The home itself, named as
// it is, moves nothing.
func (w *walker) startupDir(name, dir string) {
	if name == "HOME" && w.ownHome(dir) || name == "XDG_CONFIG_HOME" && w.ownHome(strings.TrimSuffix(strings.TrimRight(dir, "/"), "/.config")) {
		return
	}
	for _, f := range catalogue.StartupFiles(name) {
		w.startupFile(strings.TrimRight(dir, "/") + "/" + f)
	}
	for _, f := range catalogue.GitConfigsUnder(name) {
		p := strings.TrimRight(dir, "/") + "/" + f
		if _, st := w.FileStatus(p, true, effect.MaxScriptBytes); st != effect.FileAbsent {
			w.gitConfigFile(p) // absent: git reads none
		}
	}
}

// ownHome reports whether dir is the home directory as the command found
// it: ~, $HOME, or its path.
func (w *walker) ownHome(dir string) bool {
	dir = strings.TrimRight(dir, "/")
	return dir == "~" || dir == "$HOME" || dir == "${HOME}" || dir == word.Mark(word.MarkEnv, "HOME") || w.Home != "" && word.Clean(dir) == word.Clean(w.Home)
}

// startupFile reads file p, a start-up script a shell runs, as a script the
// command runs, when it is there.
func (w *walker) startupFile(p string) {
	w.Read(p)
	if t, ok := w.FileText(p, true, effect.MaxScriptBytes, "a shell's start-up file"); ok {
		w.runScript(t, nil, false, p)
	}
}

// rcFile reads the start-up file a shell's --rcfile F or --init-file F
// names (bash -i reads it in place of ~/.bashrc).
func (c *cmd) rcFile() {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" || s == "-c" || !strings.HasPrefix(s, "-") {
			return
		}
		if (s == "--rcfile" || s == "--init-file") && j+1 < len(c.args) {
			a := c.args[j+1]
			c.spend(j + 1)
			if !a.Known {
				c.w.hide("a shell runs a start-up file (%s) guard cannot tell", s)
				return
			}
			c.w.startupFile(a.Text)
			j++
		}
	}
}

// usualStartup reads the start-up files an interactive (-i) or login (-l,
// --login) shell reads from their usual place in the home, as sourced
// before what it runs: bash -i's ~/.bashrc (unless --norc
// or --rcfile), bash -l's first of ~/.bash_profile, ~/.bash_login and
// ~/.profile (unless --noprofile), zsh's ~/.zshenv (every zsh but zsh -f)
// with ~/.zprofile and ~/.zlogin (-l) or ~/.zshrc (-i), sh's ~/.profile
// (-l). What they set then
// reaches the command's text, and what they read is read; what they touch
// is the user's text's (userChain).
func (c *cmd) usualStartup() {
	login, inter, norc, noprofile := c.startupFlags()
	if !c.startsUp() {
		return
	}
	var files []string
	switch c.name {
	case "bash", "rbash":
		switch {
		case login && !noprofile:
			for _, f := range []string{"~/.bash_profile", "~/.bash_login", "~/.profile"} {
				if _, st := c.w.FileStatus(f, true, effect.MaxScriptBytes); st != effect.FileAbsent {
					files = append(files, f)
					break
				}
			}
		case inter && !login && !norc:
			files = append(files, "~/.bashrc")
		}
	case "zsh":
		dir := "~"
		if d, ok := c.w.lookup("ZDOTDIR"); ok && word.IsKnown(d) && d != "" {
			dir = strings.TrimRight(d, "/")
		}
		if norc {
			return // zsh -f, --no-rcs
		}
		files = append(files, dir+"/.zshenv")
		if login {
			files = append(files, dir+"/.zprofile")
		}
		if inter {
			files = append(files, dir+"/.zshrc")
		}
		if login {
			files = append(files, dir+"/.zlogin")
		}
	default:
		if login {
			files = append(files, "~/.profile")
		}
	}
	for _, f := range files {
		if c.name == "zsh" && !strings.HasPrefix(f, "~/") && c.w.compiledTwin(f, false) {
			return // ZDOTDIR=dir: dir/.zshenv.zwc runs in place of dir/.zshenv
		}
		c.w.sourceStartup(f)
	}
}

// startupFlags reads a shell's options before its script: whether it is a
// login shell, an interactive one, and whether --norc or --rcfile (read by
// rcFile) and --noprofile leave the usual files unread.
func (c *cmd) startupFlags() (login, inter, norc, noprofile bool) {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			return
		case s == "--login":
			login = true
		case s == "--norc" || s == "--rcfile" || s == "--init-file" || s == "--no-rcs" || s == "--norcs":
			norc = true
		case s == "--noprofile":
			noprofile = true
		case catalogue.ShellWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "--"):
		case strings.HasPrefix(s, "-") && len(s) > 1:
			login = login || strings.ContainsRune(s, 'l')
			inter = inter || strings.ContainsRune(s, 'i')
			norc = norc || c.name == "zsh" && strings.ContainsRune(s, 'f') // zsh -f: NO_RCS
			if strings.ContainsRune(s, 'c') {
				return // the next word is the script
			}
		case strings.HasPrefix(s, "+"):
		default:
			return
		}
	}
	return
}

// startsUp reports whether the shell reads start-up files from the home
// before what it runs: an interactive or login one, and every zsh (its
// ~/.zshenv) not started with -f.
func (c *cmd) startsUp() bool {
	login, inter, norc, _ := c.startupFlags()
	return login || inter || c.name == "zsh" && !norc
}

// sourceStartup reads start-up file p, where it is, as sourced into the
// shell that runs the command's text, when it is there.
func (w *walker) sourceStartup(p string) {
	w.Read(p)
	if t, ok := w.FileText(p, true, effect.MaxScriptBytes, "a shell's start-up file"); ok {
		w.runScript(t, nil, true, p)
	}
}
