package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
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
	for _, k := range sshConfigLines(text) {
		c.sshDirective(k[0], k[1], by, depth)
	}
}

// sshDirective reads one directive of an ssh configuration.
func (c *cmd) sshDirective(key, val, by string, depth int) {
	switch strings.ToLower(key) {
	case "include":
		c.sshInclude(val, by, depth+1)
	case "match":
		fs := strings.Fields(val)
		for i := 0; i+1 < len(fs); i++ {
			if strings.EqualFold(fs[i], "exec") {
				c.w.hide("an ssh configuration's Match exec runs a command guard cannot read whole")
				return
			}
		}
	case "userknownhostsfile", "globalknownhostsfile":
		for _, f := range strings.Fields(val) {
			c.w.Write(f) // ssh adds the hosts it meets
		}
	default:
		c.runOption(catalogue.RunSSHOption, key+"="+val, by)
	}
}

// sshInclude reads the files an Include names: a relative name is under
// ~/.ssh, as ssh takes it in a user's configuration.
func (c *cmd) sshInclude(val, by string, depth int) {
	for _, f := range strings.Fields(val) {
		if !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "~") {
			f = "~/.ssh/" + f
		}
		c.sshConfig(f, by, depth)
	}
}

// sshConfigLines returns the KEY VALUE pairs of an ssh configuration's
// lines (KEY VALUE or KEY=VALUE, # comments), a value in double quotes
// unquoted.
func sshConfigLines(text string) [][2]string {
	var kv [][2]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.IndexAny(line, " \t=")
		if i <= 0 {
			continue
		}
		val := strings.TrimLeft(line[i:], " \t")
		val = strings.TrimSpace(strings.TrimPrefix(val, "="))
		if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
			val = val[1 : len(val)-1]
		}
		kv = append(kv, [2]string{line[:i], val})
	}
	return kv
}
