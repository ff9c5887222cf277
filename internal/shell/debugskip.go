package shell

// Commands a DEBUG trap may skip. With shopt -s extdebug, bash runs the
// DEBUG trap before each command and skips the command when the trap
// returns non-zero (returning 2 in a function acts as return): trap '[[
// $BASH_COMMAND != p=out.txt ]]' DEBUG; p=out.txt leaves p as it was
// (FINDINGS58b B16). Once both may be in effect, in either order, every
// later statement of that shell is walked as code that may not run: its
// assignments add a value, its cd may not move. Neither is taken back (a
// trap - DEBUG or shopt -u extdebug may itself be skipped); a subshell's
// last only as long as it. A child bash starts with neither unless given
// --debugger.

// mayBeSkipped reports whether the statement about to be walked may be
// skipped by a DEBUG trap under extdebug.
func (w *walker) mayBeSkipped() bool {
	return w.extdebug && w.debugTrap
}

// debuggerFlag reports whether a shell's words turn on extdebug
// (bash --debugger, -O extdebug).
func (c *cmd) debuggerFlag() bool {
	for j, a := range c.args {
		switch {
		case a.Text == "--debugger":
			return true
		case (a.Text == "-O" || a.Text == "+O") && j+1 < len(c.args):
			if c.args[j+1].Text == "extdebug" || !c.args[j+1].Known {
				return a.Text == "-O"
			}
		case a.Text == "--" || a.Text == "-c" || a.Text != "" && a.Text[0] != '-' && a.Text[0] != '+':
			return false
		}
	}
	return false
}
