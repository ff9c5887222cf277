package shell

// Variables whose values programs run: GIT_SSH_COMMAND, PAGER, EDITOR… are
// commands; BASH_ENV is a script a shell sources; LD_PRELOAD is code every
// program loads; LESS and RIPGREP_CONFIG_PATH hold or name a program's
// options, GIT_CONFIG_GLOBAL a configuration that holds commands.

import (
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/gitconfig"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// Variables that hold or name what a program runs (see walker.commandVar).
const (
	// codeFileVars name a file of code an interpreter runs when it starts
	// (PYTHONSTARTUP): read as the interpreter running it.
	codeFileVars word.Set = " PYTHONSTARTUP "
	// configVars name a file of a program's options, one a line
	// (RIPGREP_CONFIG_PATH): its --pre, --pager… run commands.
	configVars word.Set = " RIPGREP_CONFIG_PATH ACKRC BAT_CONFIG_PATH "
	// lesskeyVars hold or name less's key bindings, which run commands
	// and set $LESSOPEN: guard does not read them.
	lesskeyVars word.Set = " LESSKEYIN LESSKEY LESSKEY_CONTENT LESSKEYIN_SYSTEM LESSKEY_SYSTEM "
	// gitConfigVars name a git configuration file read in place of (or
	// besides) the user's: its aliases, core.pager, core.fsmonitor run.
	gitConfigVars word.Set = " GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM GIT_CONFIG "
)

// envAssign takes NAME=VALUE set in a command's environment (env NAME=V
// CMD, sudo NAME=V CMD, systemd-run -E NAME=V): a proxy is contacted, a
// command-valued variable's value runs. NAME is any text without '=':
// env(1) and execve pass names no shell could assign, and programs read
// them (npm's npm_config_script-shell; FINDINGS43a I7). Only a shell
// assignment needs an identifier.
func (w *walker) envAssign(a string) {
	k, v, ok := strings.Cut(a, "=")
	if !ok || k == "" || w.functionImport(k, v) {
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
	if value == "" || w.functionImport(name, value) {
		return
	}
	w.laterRuns++ // what it runs, it runs inside a later program (codechangers.go)
	defer func() { w.laterRuns-- }()
	if runsVar(name) {
		t, ok := w.valueText(value)
		if !ok {
			w.hide("sets %s to a value guard cannot tell (a substitution or a variable it does not know): it runs code guard cannot see", name)
			return
		}
		value = t
	}
	if name == "EDITOR" || name == "VISUAL" {
		w.editorSet = true // crontab -e then edits with it
	}
	w.envOptsSet(name, value) // optsexport.go
	if promptVar(name) {
		// bash expands PS4 before each traced command (set -x, bash -x,
		// SHELLOPTS=xtrace) and PS0-PS2 in an interactive shell; zsh its
		// PROMPT* with prompt_subst: the value's substitutions run.
		// Checked always, as ${NAME@P} is.
		w.promptText(name, value)
		return
	}
	if w.gitConfigEnvVar(name, value) {
		return
	}
	if catalogue.EditorHomeVars.Has(name) || catalogue.EditorInitVars.Has(name) {
		w.editorHomeSet(name, value) // editorenv.go
	}
	use, handed := catalogue.HandedVar(name)
	switch {
	case catalogue.EditorLoadVars.Has(name):
		w.editorLoadVar(name, value) // editorenv.go
	case catalogue.HiddenVars.Has(name):
		w.hide("sets %s: a program runs code from a place guard does not read", name)
	case name == "GIT_ALLOW_PROTOCOL" && gitAllowProtocolHides(value):
		w.hide("sets GIT_ALLOW_PROTOCOL to allow a transport that runs a program (ext::, a remote helper): git runs the one a URL names wherever it takes it, a submodule's .gitmodules too, which guard does not read")
	case codeFileVars.Has(name):
		w.tentative("python3 " + word.Quote(value))
	case catalogue.CommandVars.Has(name) && catalogue.EditorVars.Has(name):
		// git, crontab -e, sudoedit… run the editor with the file to edit
		// appended (FINDINGS46a A5).
		for _, v := range commandValues(name, value) {
			w.scoped(func() { w.runsGiven(v, name, catalogue.HandsFile) })
		}
	case catalogue.CommandVars.Has(name) && handed:
		// git, rsync, sudo -A… run it with words of their own appended
		// (a host, two files, a prompt).
		for _, v := range commandValues(name, value) {
			w.scoped(func() { w.runsGiven(v, name, use) })
		}
	case catalogue.CommandVars.Has(name):
		for _, v := range commandValues(name, value) {
			w.scoped(func() { w.script(v, w.depth+1) })
		}
	case catalogue.SourcedVars.Has(name):
		w.Read(value)
		if t, ok := w.FileText(value, true, effect.MaxScriptBytes, "a script"); ok {
			w.runScript(t, nil, false, value)
		}
	case w.settingsVar(name, value):
	default:
		// A variable guard does not know: whatever program reads it may
		// split it as a command line or run it; the paths in it count as
		// touched.
		// A value with no blank or command separator (a PATH-like list) is
		// one word, taken as the assignment's own.
		if strings.ContainsAny(value, " \t\n;|&<>()`") {
			w.touchText(value)
		}
	}
}

// settingsVar analyses a variable that names where a program finds its
// settings, start-up files or libraries (ZDOTDIR, GIT_CONFIG_GLOBAL,
// npm_config_*, LD_PRELOAD…), or a program it runs for another
// (RUSTC_WRAPPER), and reports whether name is one of them.
func (w *walker) settingsVar(name, value string) bool {
	switch {
	case catalogue.StartupDirVars.Has(name):
		w.startupDir(name, value)
	case isOptionVar(name):
		w.optionVar(name, value)
	case configVars.Has(name):
		w.configVar(name, value)
	case name == "GOENV":
		w.goEnvFile(value)
	case lesskeyVars.Has(name):
		w.hide("sets %s: less's key bindings run commands guard does not read", name)
	case gitConfigVars.Has(name):
		w.gitConfigFile(value)
	case npmConfigVar(name) != "":
		w.npmSetting(npmConfigVar(name), value)
	case cargoVar(name):
		w.tentative(value) // RUSTC_WRAPPER=sccache: cargo runs it
	case name == "YARN_YARN_PATH":
		w.tentative("node " + word.Quote(value)) // yarn runs it with node
	case catalogue.LoadedVars.Has(name):
		// Compiled code guard cannot see into: a read of each library.
		for _, lib := range strings.FieldsFunc(value, func(r rune) bool { return r == ':' || r == ' ' }) {
			w.Read(lib)
		}
	default:
		return false
	}
	return true
}

// gitConfigEnvVar analyses git -c given through the environment
// (GIT_CONFIG_KEY_N, GIT_CONFIG_VALUE_N, GIT_CONFIG_PARAMETERS): a value
// may be a command git runs (core.pager), or name a file of settings
// (include.path). It reports whether name is one of them.
func (w *walker) gitConfigEnvVar(name, value string) bool {
	switch {
	case strings.HasPrefix(name, "GIT_CONFIG_VALUE_"), name == "GIT_CONFIG_PARAMETERS":
		for _, kv := range w.gitConfigValues(name, value) {
			w.gitEnvSetting(kv[0], kv[1])
		}
	case strings.HasPrefix(name, "GIT_CONFIG_KEY_") && strings.EqualFold(value, "core.hooksPath"):
		w.hide("sets %s: git runs hooks from a directory guard does not read", name)
	case strings.HasPrefix(name, "GIT_CONFIG_KEY_"):
		// A key set after its value: the value is read again for it.
		if v, ok := w.lookup("GIT_CONFIG_VALUE_" + strings.TrimPrefix(name, "GIT_CONFIG_KEY_")); ok && v != "" {
			if !word.IsKnown(value) {
				value = ""
			}
			w.gitEnvSetting(strings.ToLower(value), v)
		}
	default:
		return false
	}
	return true
}

// gitConfigValues returns the git settings a variable holds, key and
// value: GIT_CONFIG_VALUE_N's with the GIT_CONFIG_KEY_N the shell holds
// ("" when it holds none), or each 'key'='value' of GIT_CONFIG_PARAMETERS.
func (w *walker) gitConfigValues(name, value string) [][2]string {
	if n, ok := strings.CutPrefix(name, "GIT_CONFIG_VALUE_"); ok {
		k, _ := w.lookup("GIT_CONFIG_KEY_" + n)
		if !word.IsKnown(k) {
			k = "" // read, or set from a value guard does not know
		}
		return [][2]string{{strings.ToLower(k), value}}
	}
	var out [][2]string
	for _, pair := range lang.SplitQuoted(value) {
		if k, v, ok := strings.Cut(pair.Text, "="); ok {
			out = append(out, [2]string{strings.ToLower(k), v})
		}
	}
	return out
}

// gitEnvSetting analyses one git setting given through the environment: a
// value git runs is a command, a file of settings is read as one; a key
// guard does not know (not set in the command) may be either, so its value
// is analysed as a command, strictly.
func (w *walker) gitEnvSetting(key, v string) {
	w.gitSetting(key, v)
	if key == "" {
		w.tentative(v) // a key guard does not know: its value may be a command
		return
	}
	role, run := gitKeyRole(key, v) // includes and core.hooksPath first: a path is no program
	switch {
	case role == gitRoleHooks:
		// GIT_CONFIG_PARAMETERS="'core.hooksPath'='x'" as git -c.
		w.hide("sets core.hooksPath through the environment: git runs hooks from a directory guard does not read")
	case role == gitRoleInclude:
		w.gitPathSetting(key, v)
		w.gitConfigFile(v)
	case role == gitRoleHides:
		w.hide("sets %s through the environment: git may run the program a URL names (ext::, a remote helper) from a place guard does not read (a submodule's .gitmodules)", key)
	case role == gitRoleRuns:
		w.gitRunsHanded(key, run) // as git -c: what git hands it (FINDINGS47b G5)
	case w.gitPathSetting(key, v): // gitpaths.go
	case !strings.HasPrefix(key, "alias."):
		w.gitUnknownPath(key, v)
	}
}

// commandValues returns the commands a command-valued variable holds:
// LESSOPEN's without its leading |, || or |- (less pipes through it) and
// its %s words (lessTemplate), one per element of BROWSER's list
// (BROWSER=a:b tries a, then b).
func commandValues(name, value string) []string {
	switch name {
	case "LESSOPEN", "LESSCLOSE":
		return []string{lessTemplate(strings.TrimLeft(value, "|-"))}
	case "BROWSER":
		return strings.Split(value, ":")
	case "SHELL":
		if catalogue.Shells.Has(word.Base(value)) {
			return nil // SHELL=/bin/zsh: a shell guard reads as such
		}
	}
	return []string{value}
}

// lessTemplate returns less's command template t (LESSOPEN, LESSCLOSE)
// with each %s that is a word of its own taken out: less puts there the
// name of the file it opens (quoted: one word), which the command is
// handed as a runner's operand (catalogue.HandsPreview). A %s inside a
// word (./%s, %s.gz) is a name guard cannot tell: a marker.
func lessTemplate(t string) string {
	fs := strings.Fields(t)
	for i, f := range fs {
		if f == "%s" {
			fs[i] = ""
		} else {
			fs[i] = strings.ReplaceAll(f, "%s", word.Mark(word.MarkVar, "less_file"))
		}
	}
	return strings.Join(fs, " ")
}

// commandVarFile analyses, for a command-valued variable set to what a
// substitution prints (GIT_SSH_COMMAND="$(cat cmd.txt)"), the file it
// prints, when it is one (see noteSubFile).
func (w *walker) commandVarFile(name, sub string) {
	if !catalogue.CommandVars.Has(name) {
		return
	}
	for _, sf := range w.subFiles {
		if sf[0] == sub {
			if t, ok := w.FileText(sf[1], true, effect.MaxScriptBytes, "a command"); ok {
				w.scoped(func() { w.script(t, w.depth+1) })
			}
			return
		}
	}
}

// RunsVar reports whether a program runs the value of variable name as
// code, or reads it as the options, settings or file of code it runs, or
// loads the libraries it names (the start-up scan analyses such exports).
func RunsVar(name string) bool { return runsVar(name) || catalogue.LoadedVars.Has(name) }

// runsVar reports whether a program runs the value of variable name as
// code, or reads it as the options, settings or file of code it runs (see
// commandVar): a value guard cannot tell there is code it cannot see.
func runsVar(name string) bool {
	return strings.HasPrefix(name, "GIT_CONFIG_VALUE_") || name == "GIT_CONFIG_PARAMETERS" ||
		catalogue.CommandVars.Has(name) || catalogue.SourcedVars.Has(name) || catalogue.StartupDirVars.Has(name) || codeFileVars.Has(name) ||
		isOptionVar(name) || configVars.Has(name) || gitConfigVars.Has(name) || npmConfigVar(name) != "" ||
		cargoVar(name) || name == "YARN_YARN_PATH" || name == "GOENV" || promptVar(name)
}

// promptVar reports whether the shell expands name's value as a prompt
// (bash's PS0-PS4, zsh's PROMPT* and RPROMPT*), which runs its
// substitutions.
func promptVar(name string) bool {
	switch name {
	case "PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT", "PROMPT2", "PROMPT3", "PROMPT4", "RPS1", "RPS2", "RPROMPT", "RPROMPT2", "SPROMPT":
		return true
	}
	return false
}

// varProgram is the program an option variable (catalogue.OptionVarProgram) or
// a configVars variable is for.
func varProgram(name string) string {
	if p := catalogue.OptionVarProgram(name); p != "" {
		return p
	}
	if rustflagsVar(name) {
		return "rustc"
	}
	switch name {
	case "ACKRC":
		return "ack"
	case "RIPGREP_CONFIG_PATH":
		return "rg"
	}
	return "bat"
}

// rustflagsVar reports whether cargo hands variable name's value to rustc
// or rustdoc as flags: cargo derives a configuration key's variable from
// the key (CARGO_ and its parts in upper case joined by _), so every key
// whose last part is rustflags or rustdocflags (build., target.<triple>.,
// host., profile.<name>. with its package.<spec>. and build-override.)
// is a CARGO_…_RUSTFLAGS variable, and the ENCODED forms, split at 0x1f
// (FINDINGS58a A9, FINDINGS59c C7).
func rustflagsVar(name string) bool {
	rest, ok := strings.CutPrefix(name, "CARGO_")
	if !ok {
		return false
	}
	for _, k := range []string{"RUSTFLAGS", "RUSTDOCFLAGS"} {
		if rest == k || strings.HasSuffix(rest, "_"+k) {
			return true
		}
	}
	return false
}

// isOptionVar reports whether variable name carries a program's options
// (catalogue.OptionVarProgram).
func isOptionVar(name string) bool {
	return catalogue.OptionVarProgram(name) != "" || rustflagsVar(name)
}

// optionVar analyses the options a variable holds (LESS='-R', LESS=FRX:
// the dash is optional) as its program's command line: an option that runs
// a command, that the program's entry does not list, or that hides (less
// -k) counts as it does there.
func (w *walker) optionVar(name, value string) {
	if strings.HasPrefix(name, "CARGO_ENCODED_") {
		value = strings.ReplaceAll(value, "\x1f", " ") // cargo splits at 0x1f; at blanks guard sees every flag too
	}
	var b strings.Builder
	b.WriteString(varProgram(name))
	for i, f := range lang.SplitQuoted(value) { // ack reads its options as shell words
		if i == 0 && (name == "LESS" || name == "MAKEFLAGS" || name == "MFLAGS") && !strings.Contains(f.Text, "=") && !strings.HasPrefix(f.Text, "-") && !strings.HasPrefix(f.Text, "+") {
			f.Text = "-" + f.Text
		}
		b.WriteString(" " + word.Quote(f.Text))
	}
	w.tentative(b.String())
	if hasShellChars(value) {
		w.touchText(value) // however the program splits them, the paths in them
	}
}

// configVar analyses the file of options a variable names (one argument a
// line, # comments) as its program's command line. A file guard cannot
// read whole (absent too: what the command runs before may make it) is
// hidden; /dev/null is empty.
func (w *walker) configVar(name, value string) {
	text, ok := w.configText(value, "a configuration file of "+varProgram(name))
	if !ok {
		return
	}
	var b strings.Builder
	b.WriteString(varProgram(name))
	for i, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && i < maxTextTokens {
			b.WriteString(" " + word.Quote(l))
		}
	}
	w.tentative(b.String())
}

// goEnvFile analyses the go settings file GOENV names: the
// go command reads its NAME=VALUE lines as its environment, so each is
// taken as the command setting it (GOFLAGS=-toolexec=…, CC=…); "off"
// names none, and a file guard cannot read whole is settings it cannot
// tell.
func (w *walker) goEnvFile(p string) {
	if p == "off" {
		return
	}
	text, ok := w.configText(p, "a go settings file (GOENV)")
	if !ok {
		return
	}
	for i, l := range strings.Split(text, "\n") {
		if i >= maxTextTokens {
			w.hide("names a go settings file (GOENV) longer than guard reads")
			return
		}
		if k, v, ok := strings.Cut(strings.TrimSpace(l), "="); ok && word.IsName(k) {
			w.commandVar(k, v)
		}
	}
}

// configText returns the text of the configuration file at p that a
// variable names, read whole; false for an empty one (/dev/null, "", the
// operating system's, which the agent cannot write), and for one guard
// cannot read whole, recorded as hidden (what names it, for the reason).
func (w *walker) configText(p, what string) (string, bool) {
	if p == "" || p == "/dev/null" || strings.HasPrefix(p, "/etc/") || strings.HasPrefix(p, "/usr/") {
		return "", false
	}
	w.Read(p)
	t, st := w.FileStatus(p, true, effect.MaxScriptBytes)
	if st != effect.FileWhole {
		w.hide("names %s guard cannot read whole", what)
		return "", false
	}
	return t, true
}

// gitConfigFile analyses the git configuration file at p that a variable
// names (GIT_CONFIG_GLOBAL=f git …): each setting git runs as a command
// (core.pager, core.fsmonitor, alias.x = !CMD) is analysed as one; an
// include, or hooks taken from another directory, brings what guard does
// not follow: hidden.
func (w *walker) gitConfigFile(p string) {
	text, ok := w.configText(p, "a git configuration")
	if !ok {
		return
	}
	settings, err := gitSettings(text)
	if err != nil {
		w.hide("names a git configuration guard cannot read as git does (%v): it cannot tell which commands git runs", err)
		return
	}
	for _, kv := range settings {
		k, v := kv[0], kv[1]
		w.gitPagerKey(k, v) // readerstartup.go
		switch role, run := gitKeyRole(k, v); role {
		case gitRoleInclude, gitRoleHooks:
			w.hide("names a git configuration that takes %s from elsewhere, which guard does not follow", k)
			return
		case gitRoleHides:
			w.hide("names a git configuration that sets %s: git may run the program a URL names (ext::, a remote helper) from a place guard does not read (a submodule's .gitmodules)", k)
			return
		case gitRoleRuns:
			w.gitRunsHanded(k, run)
		default:
			w.gitPathSetting(k, v) // commit.template = .env (gitpaths.go)
		}
	}
}

// maxGitSettings bounds the settings taken from one git configuration.
const maxGitSettings = 4096

// gitSettings returns the settings of git configuration text as git reads
// them (gitconfig.Read), each as its key (section[.subsection].name, the
// section and name lower-cased) and its value ("" for a key without '=').
// An error says guard cannot read the text as git does: the caller cannot
// tell what it sets.
func gitSettings(text string) ([][2]string, error) {
	settings, err := gitconfig.Read(text, maxGitSettings)
	if err != nil {
		return nil, err
	}
	out := make([][2]string, len(settings))
	for i, s := range settings {
		out[i] = [2]string{s.Key, s.Value}
	}
	return out, nil
}

// functionImport analyses an environment entry bash imports as a function
// and reports whether it was one: a name starting BASH_FUNC_ (bash's
// BASH_FUNC_NAME%%=() { …; }) or a value starting "() {" (the form bash
// imported before 4.3.27, and other shells may). Every bash the command
// starts (bash -c ls, make's and npm's sh -c, a script) defines it, and a
// call of NAME runs it instead of the program: its body is analysed once,
// as code that runs. A body that does not parse is hidden code (a block).
func (w *walker) functionImport(name, value string) bool {
	if strings.HasPrefix(name, "BASH_FUNC_") || strings.HasPrefix(strings.TrimLeft(value, " \t\n"), "()") {
		t, ok := w.valueText(value)
		if !ok {
			w.hide("imports a function bash runs whose body guard cannot tell (a substitution or a variable it does not know)")
			return true
		}
		value = t
	}
	body, def := strings.CutPrefix(strings.TrimLeft(value, " \t\n"), "()")
	def = def && strings.HasPrefix(strings.TrimLeft(body, " \t\n"), "{")
	if !def && !strings.HasPrefix(name, "BASH_FUNC_") {
		return false
	}
	if !def {
		body = value // bash does not import it; analysed all the same
	}
	w.scoped(func() { w.script(body, w.depth+1) })
	if def {
		w.importFunc(name, body)
	}
	return true
}

// importFunc declares the function an environment entry imports (name
// BASH_FUNC_ls%% or ls, body "{ …; }"), so that a call in a shell the
// command starts walks its body with the call's words as its parameters
// (ls "echo A >> ~/.bashrc" with a body eval "$1").
func (w *walker) importFunc(name, body string) {
	name = strings.TrimSuffix(strings.TrimPrefix(name, "BASH_FUNC_"), "%%")
	name = strings.TrimSuffix(name, "()")
	if name == "" || strings.ContainsAny(name, " \t\n;&|<>()$`'\"\\") {
		return
	}
	f, err := w.theParser().Parse(strings.NewReader(name+" () "+body), "")
	if err != nil || len(f.Stmts) != 1 {
		return
	}
	if fd, ok := f.Stmts[0].Cmd.(*syntax.FuncDecl); ok {
		w.declareFunc(name, fd.Body)
	}
}

// envEntry reports whether a, before the command of a prefix that sets
// its environment (env, sudo), is an entry NAME=VALUE: env takes any name
// without = (BASH_FUNC_ls%%=…), not only a shell variable's; a / before
// the = makes it a program's path.
func envEntry(a string) bool {
	eq := strings.IndexByte(a, '=')
	return eq > 0 && !strings.ContainsRune(a[:eq], '/')
}

// subSnap is the text of a file a substitution printed, when it ran, and
// whether guard could read it whole (an absent file prints nothing).
type subSnap struct {
	text string
	ok   bool
}

// subFileName names, for the marker of a substitution whose output guard
// does not know, the file it prints when it is one (cat F, < F: a
// substitution that added the last of subFiles, whose length was before):
// the index of the file's text in subSnaps, taken now (a later write does
// not change what it printed), which valueText reads back. "" otherwise.
func (w *walker) subFileName(before int) string {
	if len(w.subFiles) != before+1 || len(w.subSnaps) >= effect.MaxWritten {
		return ""
	}
	t, st := w.FileStatus(w.subFiles[before][1], true, effect.MaxScriptBytes)
	if st == effect.FileAbsent {
		t = ""
	}
	w.subSnaps = append(w.subSnaps, subSnap{text: t, ok: st == effect.FileWhole || st == effect.FileAbsent})
	return strconv.Itoa(len(w.subSnaps) - 1)
}

// valueText returns the text of v, a value a program runs (a command, a
// function's body, a git setting), with each substitution that prints a
// file replaced by the file's text when it ran (bounded; one the command
// wrote, with text guard knows, as written), and whether the result is known but for
// inherited variables: a part guard cannot tell (a substitution of any
// other command, a variable set from one, a read) is code guard cannot see.
func (w *walker) valueText(v string) (string, bool) {
	if !word.Opaque(v) {
		return v, true
	}
	var b strings.Builder
	known := true
	word.EachMark(v, func(k byte, name string, whole bool) {
		if prog, ok := strings.CutPrefix(name, "="); ok && whole && (k == word.MarkSubst || k == word.MarkName) {
			b.WriteString(prog) // $(which vim): vim, where the shell finds it
			return
		}
		n, err := strconv.Atoi(name)
		if !whole || k != word.MarkSubst || err != nil || n < 0 || n >= len(w.subSnaps) {
			if whole {
				b.WriteString(word.Mark(k, name))
			}
			known = known && whole && (k == word.MarkEnv || k == word.MarkEnvOp || k == word.MarkUnset || k == word.MarkDir)
			return
		}
		known = known && w.subSnaps[n].ok
		b.WriteString(strings.TrimRight(w.subSnaps[n].text, "\n"))
	}, func(t string) { b.WriteString(t) })
	return b.String(), known && !word.Opaque(b.String())
}

// runsValue analyses v, the value of a setting a program runs as code,
// with run, when guard can tell its text (valueText); otherwise the
// command runs code guard cannot see: hidden, a block.
func (w *walker) runsValue(v, what string, run func(string)) {
	t, ok := w.valueText(v)
	if !ok {
		w.hide("sets %s to a value guard cannot tell (a substitution or a variable it does not know): it runs code guard cannot see", what)
		return
	}
	run(t)
}

// unknownEntry reports whether a, a word before the command of a prefix
// that sets its environment, is not known and may be an entry: one whose
// text a substitution prints from a file is analysed as the entry it is
// (env "$(cat f.env)" CMD); one guard cannot tell, before env's command,
// may set any variable (BASH_FUNC_ls%%, GIT_CONFIG_*, BASH_ENV, PAGER) that
// the program or what it starts runs: hidden. sudo drops such variables
// (env_reset), and its operand is more often a program ("$(which x)"); an
// entry whose NAME guard cannot tell (env "$(…)=V" CMD, xargs -I{} env
// {}=V CMD) is hidden before either.
func (c *cmd) unknownEntry(a string, env bool) bool {
	named := !envEntry(a) || entryNamed(a)
	if named && !word.Opaque(a) {
		return false
	}
	t, ok := c.w.valueText(a)
	switch {
	case ok && envEntry(t) && entryNamed(t):
		c.prefixAssign(t)
		for _, l := range strings.Split(t, "\n")[1:] {
			if envEntry(l) && entryNamed(l) {
				c.prefixAssign(l) // unquoted, each line (or word) is an entry
			}
		}
		return true
	case named && (ok || !env):
		return false
	}
	c.w.hide("env sets variables guard cannot tell (an entry from a substitution or a variable it does not know, or one whose name it computes): they may import functions or commands the program runs")
	return true
}

// entryNamed reports whether the name of a, an entry NAME=VALUE, is one
// guard can tell: no part of it computed or inherited.
func entryNamed(a string) bool {
	k, _, _ := strings.Cut(a, "=")
	return !word.HasMark(k)
}

// whichProgram returns, for the statements of a substitution that prints
// where a program is (which NAME, command -v NAME, type -P NAME), NAME: a
// bare name, which runs the same program as its path does. "" otherwise.
func whichProgram(list []*syntax.Stmt) string {
	if len(list) != 1 || len(list[0].Redirs) > 0 {
		return ""
	}
	x, ok := list[0].Cmd.(*syntax.CallExpr)
	if !ok || len(x.Assigns) > 0 {
		return ""
	}
	var ws []string
	for _, a := range x.Args {
		ws = append(ws, quotedLit(a))
	}
	if len(ws) == 3 && (ws[0] == "command" && ws[1] == "-v" || ws[0] == "type" && ws[1] == "-P") {
		ws = ws[1:]
	}
	if len(ws) != 2 || ws[0] != "which" && ws[0] != "-v" && ws[0] != "-P" || !word.IsName(strings.ReplaceAll(ws[1], "-", "_")) {
		return ""
	}
	return ws[1]
}

// quotedLit returns the text of a word made only of literals and quoted
// literals, quotes removed (gu""ard is guard); "" for another word.
func quotedLit(wd *syntax.Word) string {
	var b strings.Builder
	for _, p := range wd.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, `\$`+"`") {
				return ""
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return ""
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || strings.ContainsAny(l.Value, `\$`+"`") {
					return ""
				}
				b.WriteString(l.Value)
			}
		default:
			return ""
		}
	}
	return b.String()
}

// toolchainOption analyses the value of a toolchain's option that is a
// program it runs or code it loads (catalogue.OptionRunners: go -toolexec,
// gcc -wrapper and -B, java -XX:OnError, cargo --config, rustc -C linker,
// mvn -Dexec.executable): a program is walked as the command it is (a
// script it names is read); code loaded from a place guard does not read
// is hidden, but the operating system's own.
func (c *cmd) toolchainOption(use catalogue.RunUse, v string) {
	w := c.w
	what := c.name + "'s program"
	switch use {
	case catalogue.RunProgram:
		w.runsValue(v, what, w.tentative)
	case catalogue.RunArgv:
		w.runsValue(v, what, func(t string) { w.tentative(quoteAll(strings.Split(t, ","))) })
	case catalogue.RunLoadsCode:
		if !systemCode(v) {
			w.Read(v)
			w.hide("%s loads code or programs from a place guard does not read", c.name)
		}
	case catalogue.RunCargoConfig:
		c.cargoConfigOption(v)
	case catalogue.RunCodegen:
		k, val, _ := strings.Cut(v, "=")
		switch k {
		case "linker":
			w.runsValue(val, what, w.tentative)
		case "link-arg", "link-args":
			c.toolchainOption(catalogue.RunCCFlags, val) // the linker is cc
		}
	case catalogue.RunCCFlags:
		w.runsValue(v, what, func(t string) { w.tentative("cc " + quoteAll(strings.Fields(t))) })
	case catalogue.RunGoLinker:
		c.goToolValue(catalogue.GoLinker, v)
	case catalogue.RunGoCompiler:
		c.goToolValue(catalogue.GoCompiler, v)
	case catalogue.RunGoAssembler:
		c.goToolValue(catalogue.GoAssembler, v)
	case catalogue.RunMavenExec:
		line := word.Quote(v)
		for _, a := range c.args {
			if args, ok := strings.CutPrefix(a.Text, "-Dexec.args="); ok {
				line += " " + args // split by maven into words
			}
		}
		w.runsValue(line, what, w.tentative)
	}
}

// tokenMark stands for one word a producer prints (word.NameToken);
// plainMark for one of the plain alphabet (word.NamePlain), a token too.
var (
	tokenMark = word.Mark(word.MarkName, word.NameToken)
	plainMark = word.Mark(word.MarkName, word.NamePlain)
)

// goToolValue analyses v, the value of go's -ldflags, -gcflags or
// -asmflags, as the options go hands tool (goToolFlags), when guard can
// tell its text but for words producers print (tokenMark: go build
// -ldflags "-X main.v=$(git describe)"): go splits the value at blanks, and
// such a word, which holds none, stays inside the option value it stands
// in. Any other part guard cannot tell runs code guard cannot see.
func (c *cmd) goToolValue(tool catalogue.GoTool, v string) {
	parts := strings.Split(strings.ReplaceAll(v, plainMark, tokenMark), tokenMark)
	for i, p := range parts {
		t, ok := c.w.valueText(p)
		if !ok {
			c.w.hide("hands %s options guard cannot tell (a substitution or a variable it does not know), which may name a program it runs", tool.Name)
			return
		}
		parts[i] = t
	}
	c.goToolFlags(tool, strings.Join(parts, tokenMark))
}

// goToolFlags analyses the options the go command hands tool (t, split
// as go splits it; a leading PATTERN= selects packages), parsed as Go's
// flag package parses them (goFlags): a program flag's value runs, an
// -extldflags value is a C compiler's options, a data flag's value is
// data, and any other flag's value (or an operand) is a path the tool
// touches: written, for guard, unless it is /dev/null.
func (c *cmd) goToolFlags(tool catalogue.GoTool, t string) {
	// As go's PerPackageFlag reads it: blanks around the value dropped,
	// then a value not beginning with - is PATTERN=FLAGS, the pattern to
	// the first = (blanks and all: " all=-extld=./x" is -extld=./x).
	t = strings.TrimSpace(t)
	if k, rest, ok := strings.Cut(t, "="); ok && !strings.HasPrefix(t, "-") {
		if k == "" || t[0] == '\'' || t[0] == '"' {
			return // go refuses the value: nothing runs
		}
		t = rest // -ldflags=all=-extld=./x
	}
	goFlags(lang.SplitQuoted(t), tool.Bools, func(name string, v word.Word) {
		switch {
		case strings.Contains(name, tokenMark) || strings.Contains(v.Text, tokenMark) && (name == "" || !tool.Data.Has(name) || strings.HasPrefix(v.Text, tokenMark)):
			// A word a producer prints (goToolValue) only inside a data
			// flag's value, after text: at a word's start it may be a
			// flag or open a quote (a ref's name may begin with - or ').
			c.w.hide("hands %s an option guard cannot tell (a word the command computes, outside a data option's value)", tool.Name)
		case tool.Programs.Has(name):
			c.toolchainOption(catalogue.RunProgram, v.Text)
		case tool.CCFlags.Has(name):
			c.toolchainOption(catalogue.RunCCFlags, v.Text)
		case tool.Bools.Has(name), tool.Data.Has(name), v.Text == "", v.Text == "/dev/null":
		default:
			c.w.Write(v.Text) // -o, -tmpdir, -L, -importcfg, -cpuprofile: a path it touches
		}
	})
}

// goFlags parses args as Go's flag package does: -name or --name, its
// value after = or (but for bools) in the next word, -- ending the flags;
// visit gets each flag's name and value, and each operand with name "".
// Parsing goes on past the first operand (the flag package stops there,
// and the tool then stops with a usage error).
func goFlags(args []word.Word, bools word.Set, visit func(name string, v word.Word)) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" {
			for _, a := range args[j+1:] {
				visit("", a)
			}
			return
		}
		if len(s) < 2 || s[0] != '-' {
			visit("", args[j])
			continue
		}
		name, v, eq := strings.Cut(strings.TrimPrefix(s[1:], "-"), "=")
		val := word.Word{Text: v, Known: args[j].Known}
		if !eq && !bools.Has(name) && j+1 < len(args) {
			j++
			val = args[j]
		}
		visit(name, val)
	}
}

// quoteAll returns words as a command line, each one word.
func quoteAll(words []string) string {
	q := make([]string, len(words))
	for i, s := range words {
		q[i] = word.Quote(s)
	}
	return strings.Join(q, " ")
}

// systemCode reports whether p, code or programs a compiler loads, is the
// operating system's, which the agent cannot write.
func systemCode(p string) bool {
	for _, d := range []string{"/usr/", "/lib/", "/lib64/", "/etc/"} {
		if strings.HasPrefix(p, d) && !strings.Contains(p, "..") {
			return true
		}
	}
	return false
}

// cargoConfigOption: cargo --config KEY=VALUE sets one setting (a program
// key's value runs, rustflags are rustc's options); --config FILE reads a
// file of settings as .cargo/config.toml is read.
func (c *cmd) cargoConfigOption(v string) {
	k, val, ok := strings.Cut(v, "=")
	if !ok {
		if t, read := c.w.FileText(v, true, effect.MaxScriptBytes, "a cargo configuration"); read {
			c.cargoConfigText(t)
		}
		return
	}
	c.cargoSetting(strings.TrimSpace(k), strings.TrimSpace(val))
}

// optionFileWords returns the words of the project files a program takes
// options from (maven's .mvn/jvm.config and .mvn/maven.config,
// gradle.properties' jvmargs), split as a shell splits them; a file not
// there holds none, one guard cannot read whole is hidden.
func (c *cmd) optionFileWords(files []catalogue.OptionFile) []word.Word {
	var out []word.Word
	for _, f := range files {
		t, st := c.w.FileStatus(f.Path, true, effect.MaxScriptBytes)
		switch st {
		case effect.FileAbsent:
			continue
		case effect.FileWhole:
		default:
			c.w.hide("runs %s with options from a file guard cannot read whole", c.name)
			return out
		}
		if f.Key != "" {
			t = propertyValue(t, f.Key)
		}
		for _, l := range strings.Split(t, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && len(out) < maxTextTokens {
				out = append(out, lang.SplitQuoted(l)...)
			}
		}
	}
	return out
}

// propertyValue returns the value of key in a .properties text (key=value
// or key: value lines); "" when it has none.
func propertyValue(text, key string) string {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if rest, ok := strings.CutPrefix(l, key); ok {
			if rest = strings.TrimSpace(rest); rest != "" && (rest[0] == '=' || rest[0] == ':') {
				return rest[1:]
			}
		}
	}
	return ""
}
