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
	case strings.HasPrefix(name, "GIT_CONFIG_VALUE_"), name == "GIT_CONFIG_PARAMETERS":
		// git -c through the environment: a value may be a command git
		// runs (core.pager); which key it goes with is not looked at.
		for _, v := range gitConfigValues(name, value) {
			w.tentative(strings.TrimPrefix(v, "!"))
		}
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

// gitConfigValues returns the values of git settings a variable holds:
// GIT_CONFIG_VALUE_N's, or each 'key'='value' of GIT_CONFIG_PARAMETERS.
func gitConfigValues(name, value string) []string {
	if name != "GIT_CONFIG_PARAMETERS" {
		return []string{value}
	}
	var out []string
	for _, pair := range splitQuoted(value) {
		if _, v, ok := strings.Cut(pair.s, "="); ok {
			out = append(out, v)
		}
	}
	return out
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
	case "SHELL":
		if shells.has(base(value)) {
			return nil // SHELL=/bin/zsh: a shell guard reads as such
		}
	}
	return []string{value}
}

// commandVarFile analyses, for a command-valued variable set to what a
// substitution prints (GIT_SSH_COMMAND="$(cat cmd.txt)"), the file it
// prints, when it is one (see noteSubFile).
func (w *walker) commandVarFile(name, sub string) {
	if !commandVars.has(name) {
		return
	}
	for _, sf := range w.subFiles {
		if sf[0] == sub {
			if t, ok := w.fileText(sf[1], true, MaxScriptBytes, "a command"); ok {
				w.scoped(func() { w.script(t, w.depth+1) })
			}
			return
		}
	}
}
