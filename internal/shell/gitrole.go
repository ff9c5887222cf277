package shell

// The role of a git setting: one decision for every place a setting comes
// from (git -c, --config-env, GIT_CONFIG_COUNT/KEY/VALUE,
// GIT_CONFIG_PARAMETERS, git config KEY VALUE, clone -c, GIT_CONFIG_GLOBAL
// and the configuration files git loads at each call), so that no source
// can take a key for data that another takes for a command. Includes and
// core.hooksPath are decided first (an include's path is no program), then
// what git runs: a catalogued command key (gitRunsValue), a transport URL
// that runs a remote helper (ext::CMD, HELPER::ADDR), and, default-deny,
// any key whose last name says it holds a command (…command, …cmd,
// …program, …helper, …hook, …driver, …editor, …pager), whatever section
// it is in (gpg.ssh.defaultKeyCommand).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitRole is what git does with a setting's value.
type gitRole uint8

const (
	gitRoleData    gitRole = iota // known to hold data
	gitRoleInclude                // another configuration file git reads
	gitRoleHooks                  // core.hooksPath: the directory git runs hooks from
	gitRoleRuns                   // a command git runs (gitKeyRole returns it)
	gitRoleHides                  // makes git run commands from places guard does not read
	gitRolePath                   // a file git reads or writes (catalogue.GitPathKey)
	gitRoleUnknown                // not known to hold data: may be a place or a command
)

// gitKeyRole returns the role of setting key (lower case) = v, and for
// gitRoleRuns the command line git runs.
func gitKeyRole(key, v string) (gitRole, string) {
	switch {
	case gitInclude(key):
		return gitRoleInclude, ""
	case key == "core.hookspath":
		return gitRoleHooks, ""
	case gitExtAllowed(key, v):
		return gitRoleHides, ""
	}
	if u, ok := gitTransportURL(key, v); ok {
		if run := gitTransportCommand(u); run != "" {
			return gitRoleRuns, run
		}
		return gitRoleData, ""
	}
	switch {
	case gitRunsValue(key, v):
		return gitRoleRuns, gitCommand(key, v)
	case gitCommandName(key) && !gitBool(v) && !strings.HasPrefix(key, "credential."):
		// credential.helper is gitRunsValue's: a bare name is git's own
		// git-credential-NAME (cache --timeout=3600).
		return gitRoleRuns, gitCommand(key, v)
	case catalogue.GitPathKey(key) != 0:
		return gitRolePath, ""
	case gitDataKey(key):
		return gitRoleData, ""
	}
	return gitRoleUnknown, ""
}

// gitCommandName reports whether the last name of setting key (lower
// case) says its value is a program or a command line.
func gitCommandName(key string) bool {
	name := key[strings.LastIndexByte(key, '.')+1:]
	for _, s := range [...]string{"command", "cmd", "program", "helper", "hook", "driver", "editor", "pager", "askpass", "textconv"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// gitBool reports whether v is one of git's boolean values (color.pager =
// false, advice.ignoredHook = false): no command.
func gitBool(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "true", "false", "yes", "no", "on", "off", "1", "0":
		return true
	}
	return false
}

// gitExtAllowed reports whether setting key = v lets git use the ext::
// transport (protocol.ext.allow = always or user, protocol.allow =
// always): git then runs the command of an ext:: URL from wherever it
// takes one, a submodule's .gitmodules too, which guard does not read.
func gitExtAllowed(key, v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	return key == "protocol.ext.allow" && v != "never" || key == "protocol.allow" && v == "always"
}

// gitTransportURL returns the URL a setting gives git to connect to: a
// remote's url or pushurl, and the base of url.BASE.insteadOf (the URL
// git puts in place of the value).
func gitTransportURL(key, v string) (string, bool) {
	section, rest, _ := strings.Cut(key, ".")
	i := strings.LastIndexByte(rest, '.')
	if i < 0 {
		return "", false
	}
	sub, name := rest[:i], rest[i+1:]
	switch {
	case section == "remote" && (name == "url" || name == "pushurl"):
		return v, true
	case section == "url" && (name == "insteadof" || name == "pushinsteadof"):
		return sub, true
	}
	return "", false
}

// gitTransportCommand returns the command git runs to reach URL u: an
// ext:: URL's command, git-remote-HELPER for HELPER::ADDR (a program of
// PATH or git's exec path); "" for a URL git reaches itself (fd:: joins
// descriptors it was given).
func gitTransportCommand(u string) string {
	helper, addr, ok := strings.Cut(u, "::")
	if !ok || helper == "" || strings.ContainsAny(helper, ":/") {
		return ""
	}
	switch helper {
	case "ext":
		return gitExt(addr)
	case "fd":
		return ""
	}
	return word.Quote("git-remote-" + helper)
}
