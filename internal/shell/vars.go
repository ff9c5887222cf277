package shell

// Variables whose values programs run: GIT_SSH_COMMAND, PAGER, EDITOR… are
// commands; BASH_ENV is a script a shell sources; LD_PRELOAD is code every
// program loads.

import "strings"

// envAssign takes NAME=VALUE set in a command's environment (env NAME=V
// CMD, sudo NAME=V CMD, systemd-run -E NAME=V): a proxy is contacted, a
// command-valued variable's value runs.
func (w *walker) envAssign(a string) {
	k, v, ok := strings.Cut(a, "=")
	if !ok || !isName(k) {
		return
	}
	w.proxy(k, v)
	w.commandVar(k, v)
}

// commandVar analyses the value of variable name when programs run it:
// as a shell command (commandVars), a script a shell sources (sourcedVars)
// or libraries every program loads (loadedVars). It is analysed wherever
// the command sets it (an assignment, export, env, a crontab line), whether
// or not a later command would run it: exported, it reaches every program
// the command starts, and guard does not know which of them read it.
func (w *walker) commandVar(name, value string) {
	if value == "" {
		return
	}
	if name == "EDITOR" || name == "VISUAL" {
		w.editorSet = true // crontab -e then edits with it
	}
	switch {
	case commandVars.has(name):
		for _, v := range commandValues(name, value) {
			w.scoped(func() { w.script(v, w.depth+1) })
		}
	case sourcedVars.has(name):
		w.read(value)
		if t, ok := w.fileText(value, true, MaxScriptBytes, "a script"); ok {
			w.runScript(t, nil, false)
		}
	case loadedVars.has(name):
		// Compiled code guard cannot see into: a read of each library.
		for _, lib := range strings.FieldsFunc(value, func(r rune) bool { return r == ':' || r == ' ' }) {
			w.read(lib)
		}
	}
}

// commandValues returns the commands a command-valued variable holds:
// LESSOPEN's without its leading | or || (less pipes through it), one per
// element of BROWSER's list (BROWSER=a:b tries a, then b).
func commandValues(name, value string) []string {
	switch name {
	case "LESSOPEN", "LESSCLOSE":
		return []string{strings.TrimLeft(value, "|-")}
	case "BROWSER":
		return strings.Split(value, ":")
	}
	return []string{value}
}
