package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// sshConfig: ssh -F FILE (scp, sftp too) reads FILE's KEY VALUE lines as
// its -o options: ProxyCommand, LocalCommand… run, ProxyJump names hosts,
// Include reads more, Match exec CMD runs CMD, UserKnownHostsFile is
// written. A file guard cannot see is hidden (default deny): its lines may
// run anything. -F none reads nothing.
func (c *cmd) sshConfig(f, by string, depth int) {
	if f == "none" {
		return
	}
	if depth >= maxConfigDepth {
		c.w.hide("reads ssh configurations included more than %d deep", maxConfigDepth)
		return
	}
	if !word.IsKnown(f) || f == "-" || strings.ContainsAny(f, "*?[") || strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, "/proc/") {
		c.w.hide("reads an ssh configuration guard cannot see: it may run commands")
		return
	}
	text, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "an ssh configuration")
	if !ok {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		c.sshOption(line, by, depth)
	}
}

// sshOption analyses text, an ssh -o value or one line of an ssh
// configuration, read as ssh reads it (readSSHLine). A line ssh refuses
// stops it, yet another ssh may read it otherwise: guard cannot tell.
func (c *cmd) sshOption(text, by string, depth int) {
	l, ok, err := readSSHLine(text)
	if err != nil {
		c.w.hide("%s is given an ssh option or configuration line guard cannot read as ssh does (a quote left open, no value): it cannot tell what it runs", by)
		return
	}
	if ok {
		c.sshDirective(l, by, depth)
	}
}

// sshDirective reads one directive of an ssh configuration: Include reads
// more, Match exec runs a command, the known-hosts files are written, a
// command option runs its value (its % tokens filled: sshToken), ProxyJump
// names hosts.
func (c *cmd) sshDirective(l sshLine, by string, depth int) {
	switch l.key {
	case "include":
		c.sshInclude(l.args, by, depth+1)
	case "match":
		for i := 0; i+1 < len(l.args); i++ {
			if strings.EqualFold(l.args[i], "exec") {
				c.w.hide("an ssh configuration's Match exec runs a command guard cannot read whole")
				return
			}
		}
	case "userknownhostsfile", "globalknownhostsfile":
		for _, f := range l.args {
			f, ok := sshPercent(sshDollar(f), c.sshToken)
			if !ok {
				c.w.hide("%s names a known-hosts file by a %% token guard cannot fill", by)
				return
			}
			c.w.Write(f) // ssh adds the hosts it meets
		}
	case "proxycommand", "localcommand", "knownhostscommand", "remotecommand":
		v, ok := sshPercent(l.raw, c.sshToken)
		if !ok {
			c.w.hide("%s runs an ssh %s whose %% tokens guard cannot fill (a host or user name an ssh configuration or -o HostName sets, which ssh pastes into the command's text as it is): it cannot tell what runs", by, l.key)
			return
		}
		c.w.runsHanded(v, by)
	case "proxyjump":
		for _, h := range strings.Split(l.args[0], ",") {
			c.url(lang.HostPart(h)) // -o ProxyJump=HOST, like -J
		}
	}
}

// sshInclude reads the files an Include names: a relative name is under
// ~/.ssh, as ssh takes it in a user's configuration.
func (c *cmd) sshInclude(names []string, by string, depth int) {
	for _, f := range names {
		if !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "~") {
			f = "~/.ssh/" + f
		}
		c.sshConfig(f, by, depth)
	}
}

// sshDollar replaces the ${NAME} of an ssh path option's value by NAME's
// value: the home for HOME, the environment's otherwise.
func sshDollar(v string) string {
	for {
		i := strings.Index(v, "${")
		j := strings.IndexByte(v[max(i, 0):], '}')
		if i < 0 || j < 0 {
			return v
		}
		name := v[i+2 : i+j]
		val := word.Mark(word.MarkEnv, name)
		if name == "HOME" {
			val = "$HOME"
		}
		v = v[:i] + val + v[i+j+1:]
	}
}
