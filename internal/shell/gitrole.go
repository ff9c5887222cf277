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
// …program, …helper, …hook, …driver, …editor, …pager, a filter's clean,
// smudge and process, a merge or diff tool's path), whatever
// section it is in (gpg.ssh.defaultKeyCommand).

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
	case catalogue.GitPathKey(key) != 0:
		return gitRolePath, "" // a file git opens (mailmap.file), not a program: before default deny
	case gitRunsValue(key, v):
		return gitRoleRuns, gitCommand(key, v)
	case gitCommandName(key) && !gitBool(v) && !strings.HasPrefix(key, "credential."):
		// credential.helper is gitRunsValue's: a bare name is git's own
		// git-credential-NAME (cache --timeout=3600).
		return gitRoleRuns, gitCommand(key, v)
	case gitDataKey(key):
		return gitRoleData, ""
	}
	return gitRoleUnknown, ""
}

// gitCommandName reports whether the last name of setting key (lower
// case) says its value is a program or a command line.
func gitCommandName(key string) bool {
	name := key[strings.LastIndexByte(key, '.')+1:]
	for _, s := range [...]string{"command", "cmd", "program", "helper", "hook", "driver", "editor", "pager", "askpass", "textconv", "clean", "smudge", "process"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	// mergetool.NAME.path, difftool.NAME.path: the tool's program.
	return name == "path" && (strings.HasPrefix(key, "mergetool.") || strings.HasPrefix(key, "difftool."))
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

// gitExtAllowed reports whether setting key = v lets git use a transport
// that runs a program: ext:: (protocol.ext.allow other than never), a
// remote helper of any name (protocol.NAME.allow for a NAME that is not one
// of git's own transports), or all of them (protocol.allow other than never). git
// then runs the program a URL names wherever it takes one, a submodule's
// .gitmodules too, which guard does not read.
func gitExtAllowed(key, v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	if key == "protocol.allow" {
		return v != "never" // the default of every protocol not set by name: ext:: too (FINDINGS46a A9)
	}
	name, ok := strings.CutPrefix(key, "protocol.")
	if name, ok = strings.CutSuffix(name, ".allow"); !ok || name == "" {
		return false
	}
	return !gitOwnTransport(name) && v != "never"
}

// gitOwnTransport reports whether name (lower case) is a transport git
// implements itself or with the helpers it ships (git-remote-http…): no
// program of the command's.
func gitOwnTransport(name string) bool {
	switch name {
	case "file", "git", "ssh", "git+ssh", "ssh+git", "http", "https", "ftp", "ftps":
		return true
	}
	return false
}

// gitAllowProtocolHides reports whether GIT_ALLOW_PROTOCOL = v (a colon-
// separated list of the transports git may use, for every operation,
// submodules' too) allows one that runs a program (ext, a remote helper's
// name), or is a value guard cannot tell.
func gitAllowProtocolHides(v string) bool {
	if !word.IsKnown(v) {
		return true
	}
	for _, name := range strings.Split(v, ":") {
		if name = strings.ToLower(strings.TrimSpace(name)); name != "" && !gitOwnTransport(name) {
			return true
		}
	}
	return false
}

// gitTransportURL returns the URL a setting gives git to connect to: a
// remote's url or pushurl, the base of url.BASE.insteadOf (the URL git
// puts in place of the value), and the keys that name a remote, which git
// takes for a URL when no remote has that name (branch.NAME.remote and
// pushRemote, remote.pushDefault, submodule.NAME.url).
func gitTransportURL(key, v string) (string, bool) {
	if key == "remote.pushdefault" {
		return v, true // a remote's name, or a URL git uses as one
	}
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
	case section == "branch" && (name == "remote" || name == "pushremote"), section == "submodule" && name == "url":
		// A remote's name, or a URL git uses as one (FINDINGS46a A9):
		// branch.main.remote = ext::CMD is fetched from.
		return v, true
	}
	return "", false
}

// gitTransportCommand returns the command git runs to reach URL u: an
// ext:: URL's command, git-remote-HELPER for HELPER::ADDR and for
// HELPER://ADDR when git has no transport of that name (a program of PATH
// or git's exec path); "" for a URL git reaches itself (fd:: joins
// descriptors it was given; http, ssh, file…).
func gitTransportCommand(u string) string {
	helper, addr, ok := strings.Cut(u, "::")
	if !ok || !gitSchemeName(helper) {
		// SCHEME://ADDR with a scheme git does not implement: git runs
		// git-remote-SCHEME (transport.c's "unknown protocol").
		if scheme, _, ok := strings.Cut(u, "://"); ok && gitSchemeName(scheme) && !gitOwnTransport(strings.ToLower(scheme)) {
			return word.Quote("git-remote-"+scheme) + " origin " + word.Quote(u)
		}
		return ""
	}
	switch helper {
	case "ext":
		return gitExt(addr)
	case "fd":
		return ""
	}
	// git runs it with the remote's name and the address: what the
	// address names (a path) is an operand of a program guard does not know.
	return word.Quote("git-remote-"+helper) + " origin " + word.Quote(addr)
}

// gitSchemeName reports whether s is a URL scheme or remote helper name
// as git reads one (url.c's is_urlschemechar): a letter, then letters,
// digits, '+', '-' and '.'.
func gitSchemeName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return s != ""
}
