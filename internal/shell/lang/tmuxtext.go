package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// tmuxCmd describes a tmux command: which of its arguments run.
type tmuxCmd struct {
	WithArg word.Set // flags that take the next word
	// Runs says what its operands are: tmuxShell, a shell command (tmux
	// Runs it with sh -c); tmuxKeys, keys typed into the pane; tmuxFirst,
	// a shell command and then tmux commands (if-shell); tmuxNested, tmux
	// commands after skip operands (bind-key KEY CMD…).
	Runs int
	Skip int
}

// What a tmux command's operands are.
const (
	TmuxShell = iota + 1
	TmuxKeys
	TmuxFirst
	TmuxNested
	TmuxOption
)

// TmuxCommand returns what the tmux command called name (or its alias)
// runs, or false for one that runs nothing.
func TmuxCommand(name string) (tmuxCmd, bool) {
	switch name {
	case "new-session", "new":
		return tmuxCmd{WithArg: " -c -e -f -F -n -s -t -x -y ", Runs: TmuxShell}, true
	case "new-window", "neww":
		return tmuxCmd{WithArg: " -c -e -F -n -t ", Runs: TmuxShell}, true
	case "split-window", "splitw":
		return tmuxCmd{WithArg: " -c -e -l -p -t -F ", Runs: TmuxShell}, true
	case "respawn-pane", "respawnp", "respawn-window", "respawnw":
		return tmuxCmd{WithArg: " -c -e -t ", Runs: TmuxShell}, true
	case "run-shell", "run":
		return tmuxCmd{WithArg: " -c -d -t ", Runs: TmuxShell}, true
	case "pipe-pane", "pipep":
		return tmuxCmd{WithArg: " -t ", Runs: TmuxShell}, true
	case "if-shell", "if":
		return tmuxCmd{WithArg: " -t ", Runs: TmuxFirst}, true
	case "send-keys", "send":
		return tmuxCmd{WithArg: " -c -N -t ", Runs: TmuxKeys}, true
	case "bind-key", "bind":
		return tmuxCmd{WithArg: " -N -T ", Runs: TmuxNested, Skip: 1}, true
	case "confirm-before", "confirm", "command-prompt":
		return tmuxCmd{WithArg: " -c -p -t -I -T ", Runs: TmuxNested}, true
	case "set-hook":
		return tmuxCmd{WithArg: " -t ", Runs: TmuxNested, Skip: 1}, true
	case "set-option", "set", "set-window-option", "setw":
		// set -g default-command CMD: the shell command new panes run
		return tmuxCmd{WithArg: " -t ", Runs: TmuxOption}, true
	}
	return tmuxCmd{}, false
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
