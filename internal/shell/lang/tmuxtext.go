package lang

import (
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// TmuxCmdKind describes a tmux command: which of its arguments run.
type TmuxCmdKind struct {
	WithArg word.Set // flags that take the next word
	// Runs says what its operands are: tmuxShell, a shell command (tmux
	// Runs it with sh -c); tmuxKeys, keys typed into the pane; tmuxFirst,
	// a shell command and then tmux commands (if-shell); tmuxNested, tmux
	// commands after skip operands (bind-key KEY CMD…); TmuxHarmless,
	// nothing run, read or written.
	Runs int
	Skip int
	// Dir is the option letter whose value is the directory it starts its
	// shell, or the session's later windows, in (c; display-popup's d),
	// 0 for none: tmux expands it as a format first.
	Dir byte
}

// What a tmux command's operands are.
const (
	TmuxShell = iota + 1
	TmuxKeys
	TmuxFirst
	TmuxNested
	TmuxOption
	TmuxSource   // source-file PATH…: files of tmux commands
	TmuxEnv      // set-environment NAME VALUE: the environment of later windows
	TmuxLoad     // load-buffer PATH: a file read into a buffer
	TmuxSave     // save-buffer PATH: a buffer written to a file
	TmuxDetach   // detach-client -E CMD: CMD replaces the client
	TmuxHarmless // runs, reads and writes nothing
)

// TmuxCommand returns what the tmux command called name (its full name,
// its alias, or a unique prefix of its name, as tmux finds it) runs, or
// false for one guard does not model: a command it does not know, or one
// whose operands run in ways it does not read (choose-tree's template,
// display-menu's items, paste-buffer's text typed into a pane), which
// guard cannot tell (default-deny: never "runs nothing").
func TmuxCommand(name string) (TmuxCmdKind, bool) {
	full, ok := tmuxResolve(name)
	if !ok {
		return TmuxCmdKind{}, false
	}
	if tmuxHarmless.Has(full) {
		return TmuxCmdKind{WithArg: tmuxHarmlessArgs, Runs: TmuxHarmless}, true
	}
	return tmuxRunning(full)
}

// tmuxHarmlessArgs are the flags of the harmless commands that take a
// value (what they take is a target, a name or a format: no file).
const tmuxHarmlessArgs word.Set = " -b -c -d -e -f -F -l -n -N -p -s -S -t -T -w -x -y -E -I -M -O "

// tmuxRunning returns, for the tmux commands (by full name) that run,
// read or write something guard reads, what they do. (A switch, not a
// map: nothing is built when the hook starts.)
func tmuxRunning(full string) (TmuxCmdKind, bool) {
	switch full {
	case "new-session":
		return TmuxCmdKind{WithArg: " -c -e -f -F -n -s -t -x -y ", Runs: TmuxShell, Dir: 'c'}, true
	case "new-window":
		return TmuxCmdKind{WithArg: " -c -e -F -n -t ", Runs: TmuxShell, Dir: 'c'}, true
	case "split-window":
		return TmuxCmdKind{WithArg: " -c -e -l -p -t -F ", Runs: TmuxShell, Dir: 'c'}, true
	case "respawn-pane":
		return TmuxCmdKind{WithArg: " -c -e -t ", Runs: TmuxShell, Dir: 'c'}, true
	case "respawn-window":
		return TmuxCmdKind{WithArg: " -c -e -t ", Runs: TmuxShell, Dir: 'c'}, true
	case "run-shell":
		return TmuxCmdKind{WithArg: " -c -d -t ", Runs: TmuxShell, Dir: 'c'}, true
	case "pipe-pane":
		return TmuxCmdKind{WithArg: " -t ", Runs: TmuxShell}, true
	case "display-popup":
		return TmuxCmdKind{WithArg: " -b -c -d -e -h -s -S -t -T -w -x -y ", Runs: TmuxShell, Dir: 'd'}, true
	case "if-shell":
		return TmuxCmdKind{WithArg: " -t ", Runs: TmuxFirst}, true
	case "send-keys":
		return TmuxCmdKind{WithArg: " -c -N -t ", Runs: TmuxKeys}, true
	case "bind-key":
		return TmuxCmdKind{WithArg: " -N -T ", Runs: TmuxNested, Skip: 1}, true
	case "confirm-before":
		return TmuxCmdKind{WithArg: " -c -p -t -I -T ", Runs: TmuxNested}, true
	case "command-prompt":
		return TmuxCmdKind{WithArg: " -c -p -t -I -T ", Runs: TmuxNested}, true
	case "set-hook":
		return TmuxCmdKind{WithArg: " -t ", Runs: TmuxNested, Skip: 1}, true
	case "set-option":
		return TmuxCmdKind{WithArg: " -t ", Runs: TmuxOption}, true
	case "set-window-option":
		return TmuxCmdKind{WithArg: " -t ", Runs: TmuxOption}, true
	case "source-file":
		return TmuxCmdKind{WithArg: " -t ", Runs: TmuxSource}, true
	case "set-environment":
		return TmuxCmdKind{WithArg: " -t ", Runs: TmuxEnv}, true
	case "load-buffer":
		return TmuxCmdKind{WithArg: " -b -t ", Runs: TmuxLoad}, true
	case "save-buffer":
		return TmuxCmdKind{WithArg: " -b ", Runs: TmuxSave}, true
	case "attach-session":
		return TmuxCmdKind{WithArg: " -c -f -t ", Runs: TmuxHarmless, Dir: 'c'}, true // -c: the session's directory
	case "detach-client":
		return TmuxCmdKind{WithArg: " -E -s -t ", Runs: TmuxDetach}, true
	}
	return TmuxCmdKind{}, false
}

// tmuxHarmless are the tmux commands (full names) that run no command,
// read no file and write none: listing, moving, renaming, killing,
// showing. A format in their arguments is read (#(CMD) runs CMD).
const tmuxHarmless word.Set = " break-pane capture-pane clear-history clear-prompt-history clock-mode copy-mode customize-mode delete-buffer display-message find-window has-session join-pane kill-pane kill-server kill-session kill-window last-pane last-window link-window list-buffers list-clients list-commands list-keys list-panes list-sessions list-windows lock-client lock-server lock-session move-pane move-window next-layout next-window previous-layout previous-window refresh-client rename-session rename-window resize-pane resize-window rotate-window select-layout select-pane select-window send-prefix server-access set-buffer show-buffer show-environment show-hooks show-messages show-options show-prompt-history show-window-options start-server suspend-client swap-pane swap-window switch-client unbind-key unlink-window wait-for "

// tmuxCommands are tmux's commands (3.4) and their aliases.
var tmuxCommands = [...][2]string{
	{"attach-session", "attach"}, {"bind-key", "bind"}, {"break-pane", "breakp"},
	{"capture-pane", "capturep"}, {"choose-buffer", ""}, {"choose-client", ""},
	{"choose-tree", ""}, {"clear-history", "clearhist"}, {"clear-prompt-history", "clearphist"},
	{"clock-mode", ""}, {"command-prompt", ""}, {"confirm-before", "confirm"},
	{"copy-mode", ""}, {"customize-mode", ""}, {"delete-buffer", "deleteb"},
	{"detach-client", "detach"}, {"display-menu", "menu"}, {"display-message", "display"},
	{"display-panes", "displayp"}, {"display-popup", "popup"}, {"find-window", "findw"},
	{"has-session", "has"}, {"if-shell", "if"}, {"join-pane", "joinp"},
	{"kill-pane", "killp"}, {"kill-server", ""}, {"kill-session", ""},
	{"kill-window", "killw"}, {"last-pane", "lastp"}, {"last-window", "last"},
	{"link-window", "linkw"}, {"list-buffers", "lsb"}, {"list-clients", "lsc"},
	{"list-commands", "lscm"}, {"list-keys", "lsk"}, {"list-panes", "lsp"},
	{"list-sessions", "ls"}, {"list-windows", "lsw"}, {"load-buffer", "loadb"},
	{"lock-client", "lockc"}, {"lock-server", "lock"}, {"lock-session", "locks"},
	{"move-pane", "movep"}, {"move-window", "movew"}, {"new-session", "new"},
	{"new-window", "neww"}, {"next-layout", "nextl"}, {"next-window", "next"},
	{"paste-buffer", "pasteb"}, {"pipe-pane", "pipep"}, {"previous-layout", "prevl"},
	{"previous-window", "prev"}, {"refresh-client", "refresh"}, {"rename-session", "rename"},
	{"rename-window", "renamew"}, {"resize-pane", "resizep"}, {"resize-window", "resizew"},
	{"respawn-pane", "respawnp"}, {"respawn-window", "respawnw"}, {"rotate-window", "rotatew"},
	{"run-shell", "run"}, {"save-buffer", "saveb"}, {"select-layout", "selectl"},
	{"select-pane", "selectp"}, {"select-window", "selectw"}, {"send-keys", "send"},
	{"send-prefix", ""}, {"server-access", ""}, {"set-buffer", "setb"},
	{"set-environment", "setenv"}, {"set-hook", ""}, {"set-option", "set"},
	{"set-window-option", "setw"}, {"show-buffer", "showb"}, {"show-environment", "showenv"},
	{"show-hooks", ""}, {"show-messages", "showmsgs"}, {"show-options", "show"},
	{"show-prompt-history", "showphist"}, {"show-window-options", "showw"}, {"source-file", "source"},
	{"split-window", "splitw"}, {"start-server", "start"}, {"suspend-client", "suspendc"},
	{"swap-pane", "swapp"}, {"swap-window", "swapw"}, {"switch-client", "switchc"},
	{"unbind-key", "unbind"}, {"unlink-window", "unlinkw"}, {"wait-for", "wait"},
}

// tmuxResolve returns the full name of the tmux command name means, as
// tmux's cmd_find does: an alias as written, else the name it is a prefix
// of (a name written in full wins over names it is a prefix of); false for
// no command or an ambiguous prefix.
func tmuxResolve(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	for _, c := range tmuxCommands {
		if c[1] == name || c[0] == name {
			return c[0], true
		}
	}
	found := ""
	for _, c := range tmuxCommands {
		if strings.HasPrefix(c[0], name) {
			if found != "" {
				return "", false
			}
			found = c[0]
		}
	}
	return found, found != ""
}

// TmuxHex decodes send-keys -H's keys: each a character given in hex.
// It is false when a key is not hex.
func TmuxHex(keys []word.Word) (string, bool) {
	var b strings.Builder
	for _, k := range keys {
		n, err := strconv.ParseUint(k.Text, 16, 8)
		if err != nil {
			return "", false
		}
		b.WriteByte(byte(n))
	}
	return b.String(), true
}

// TmuxConfig returns the tmux commands of a configuration file (tmux -f,
// source-file) as one sequence of words, the commands separated by ;
// words: lines joined where one ends in \, comment lines dropped, and
// %if/%elif lines (whose formats tmux expands) kept as display-message
// commands, %else/%endif/%hidden dropped.
func TmuxConfig(text string) []word.Word {
	var out []word.Word
	text = strings.ReplaceAll(text, "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		l := strings.TrimSpace(line)
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
			continue
		case strings.HasPrefix(l, "%if") || strings.HasPrefix(l, "%elif"):
			l = "display-message -p " + l[strings.IndexByte(l, 'f')+1:]
		case strings.HasPrefix(l, "%"):
			continue
		}
		out = append(out, SplitQuoted(l)...)
		out = append(out, word.Word{Text: ";", Known: true})
	}
	return out
}

// TmuxKeyText returns what keys typed into a pane amount to as text: each
// argument that names no key as written (a key name with literal unset:
// Enter, C-m and KPEnter are newlines, Space and Tab themselves, other
// named keys nothing).
func TmuxKeyText(keys []word.Word, literal bool) string {
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

// ScreenText decodes the escapes of text screen types: ^M and \r are
// Enter (a newline), \n a newline, ^X a control character, \\ a backslash.
func ScreenText(s string) string {
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

// SplitQuoted splits a command line given as one string (tmux's and
// screen's nested commands) into words, as their parsers do: at blanks,
// with '…' and "…" quoting and \ escaping a blank, a quote, a ; or
// itself (other escapes are kept for the command to decode: stuff "x\n").
func SplitQuoted(s string) []word.Word {
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
