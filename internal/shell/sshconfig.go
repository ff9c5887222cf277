package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
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
			c.w.hide("%s runs an ssh %s whose %% tokens guard cannot fill: it cannot tell what runs", by, l.key)
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

// sshToken is the value ssh puts in place of %x in an option's value, as
// far as guard can tell it: the host, user and port of the ssh command
// (sshTarget), the home for %d, a harmless name for the local names,
// hashes and ids; any other token none.
func (c *cmd) sshToken(x byte) (string, bool) {
	host, user, port := c.sshTarget()
	switch x {
	case 'h', 'n', 'k', 'H':
		return host, true
	case 'p':
		return port, true
	case 'r':
		return user, true
	case 'd':
		return "$HOME", true
	case 'u', 'C', 'l', 'L', 'i', 'T', 'I', 't':
		return word.Mark(word.MarkName, word.NameToken), true
	case 'f', 'K', 'j':
		return word.Mark(word.MarkVar, "ssh_token"), true
	}
	return "", false
}

// sshTarget returns the host, user and port an ssh command connects to,
// from its words (the destination, user@, -l, -p, -o HostName=, -o
// User=); a value guard cannot tell is a marker: any for a program other
// than ssh (scp, rsync -e) or an ssh whose -o sets HostKeyAlias; a name
// (word.NameToken) for the host and user an -F file may set, as ssh
// refuses a host or user name with / or a shell character for %h and %r
// (FINDINGS58d D7: the everyday bastion's ssh -W %h:%p). A port is a
// number whatever sets it (ssh refuses any other): 22 stands for one
// guard cannot tell.
func (c *cmd) sshTarget() (string, string, string) {
	unknown := word.Mark(word.MarkVar, "ssh_target")
	if c.name == "scp" || c.name == "sftp" {
		return c.copyTarget(unknown)
	}
	if c.name != "ssh" {
		return unknown, unknown, "22"
	}
	user, port, hostSet, userSet, file, alias := "", "22", "", "", false, false
	at := sshHost(c.args, func(letter byte, v string, _ int) {
		switch letter {
		case 'l':
			user = v
		case 'p':
			port = v
		case 'F':
			file = true
		case 'o':
			l, ok, _ := readSSHLine(v)
			switch v := sshOptionValue(l); {
			case !ok:
			case l.key == "hostname" && hostSet == "":
				hostSet = v // ssh keeps an option's first value
			case l.key == "user" && userSet == "":
				userSet = v
			case l.key == "hostkeyalias":
				alias = true
			}
		}
	})
	if at >= len(c.args) || alias {
		return unknown, unknown, port
	}
	host := strings.TrimPrefix(c.args[at].Text, "ssh://")
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		if user == "" {
			user = host[:i]
		}
		host = host[i+1:]
	}
	token := word.Mark(word.MarkName, word.NameToken)
	switch {
	case hostSet != "":
		host = hostSet
	case file:
		host = token
	}
	switch {
	case userSet != "":
		user = userSet
	case user == "":
		user = token // the local user's name, or the -F file's
	}
	return host, user, port
}

// sshOptionValue is the value of ssh option line l when it is one word
// with no %token; a name (word.NameToken) otherwise.
func sshOptionValue(l sshLine) string {
	if len(l.args) != 1 || strings.Contains(l.args[0], "%") {
		return word.Mark(word.MarkName, word.NameToken)
	}
	return l.args[0]
}

// copyTarget is sshTarget for scp and sftp: the one host their [user@]host:
// operands name (sftp's may have no colon); unknown for none or several.
func (c *cmd) copyTarget(unknown string) (string, string, string) {
	host := ""
	for j, a := range c.args {
		s := a.Text
		if j > 0 && catalogue.SshWithArg.Has(c.args[j-1].Text) || strings.HasPrefix(s, "-") || strings.Contains(s, "://") {
			continue
		}
		h, _, colon := strings.Cut(s, ":")
		if strings.Contains(h, "/") || !colon && c.name != "sftp" {
			continue
		}
		if host != "" && host != h {
			return unknown, unknown, "22"
		}
		host = h
	}
	if host == "" {
		return unknown, unknown, "22"
	}
	user := word.Mark(word.MarkName, word.NameToken)
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		user, host = host[:i], host[i+1:]
	}
	return host, user, "22"
}
