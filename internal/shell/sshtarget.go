package shell

import (
	"cmp"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// ssh pastes the values of its % tokens into the text of the commands it
// runs (ProxyCommand, LocalCommand, Match exec, KnownHostsCommand) as they
// are: it refuses shell characters only in a host or user name given on
// the command line (the destination, -l, -o User), never in a HostName or
// User a configuration or -o HostName sets. So %h and %r are filled with
// the value ssh computes, as OpenSSH 9.2 computes it (checked with ssh -v):
// the first value wins (the command line's options in order, then the one
// configuration file read, ssh's last -F); HostName's %h is the
// destination; %h is lower case, %n the destination as written, %k
// HostKeyAlias lower case or else the destination as written; a Host
// block applies when one of its patterns matches the destination as
// written (case matters) and no negated one does. A value guard cannot
// tell (a Match block or an Include before it, a file it cannot read,
// CanonicalizeHostname, a %token or shell character in a configuration's
// value) leaves the token unfilled: the command's text is unknown.

// sshDest is what ssh fills %h, %n, %k and %r with, and %p; a value with
// its ok false is one guard cannot tell.
type sshDest struct {
	host, orig, alias, user, port string
	hostOK, aliasOK, userOK       bool
	aliasSet                      bool // HostKeyAlias is set: %H is it
}

// sshToken is the value ssh puts in place of %x in an option's value, as
// far as guard can tell it (sshTarget): the host, user and port, the home
// for %d, a harmless name for the local names, hashes and ids; false for
// a value guard cannot tell and a token ssh has none for (it stops).
func (c *cmd) sshToken(x byte) (string, bool) {
	d := c.sshTarget()
	switch x {
	case 'h':
		return d.host, d.hostOK
	case 'n':
		return d.orig, true
	case 'k':
		return d.alias, d.aliasOK
	case 'H':
		if d.aliasSet {
			return d.alias, d.aliasOK
		}
		return d.host, d.hostOK
	case 'p':
		return d.port, true
	case 'r':
		return d.user, d.userOK
	case 'd':
		return "$HOME", true
	case 'u', 'C', 'l', 'L', 'i', 'T', 'I', 't':
		return word.Mark(word.MarkName, word.NameToken), true
	case 'f', 'K', 'j':
		return word.Mark(word.MarkVar, "ssh_token"), true
	}
	return "", false
}

// sshArgs is what an ssh command line says of its destination: the
// destination as written, the first user and -o HostName, -o
// HostKeyAlias and -o CanonicalizeHostname values, the port, the last -F
// file and whether an -o Include reads more.
type sshArgs struct {
	orig, user, hostName, alias, canon, port, file string
	include, hasHost                               bool
}

// sshTarget returns what the ssh command's % tokens stand for. A program
// other than ssh, scp and sftp (autossh, rsync -e) is given unknown names
// (markers) a configuration cannot change.
func (c *cmd) sshTarget() sshDest {
	var a sshArgs
	switch c.name {
	case "ssh":
		a = sshCmdline(c.args)
	case "scp", "sftp":
		a = copyCmdline(c.args, c.name)
	default:
		unknown := word.Mark(word.MarkVar, "ssh_target")
		return sshDest{host: unknown, orig: unknown, alias: unknown, user: unknown, port: "22", hostOK: true, aliasOK: true, userOK: true}
	}
	if !a.hasHost {
		a.orig = word.Mark(word.MarkVar, "ssh_target")
	}
	if a.port == "" {
		a.port = "22" // a number whatever sets it: ssh refuses any other
	}
	d := sshDest{orig: a.orig, port: a.port, hostOK: true, aliasOK: true, userOK: true}
	cfg := c.sshConfigText(a)
	d.host, d.hostOK = sshValue(a.hostName, "hostname", cfg, a.orig)
	if d.host == "" && d.hostOK {
		d.host = a.orig
	}
	d.host = word.MarkedCase(d.host, strings.ToLower)
	d.alias, d.aliasOK = sshValue(a.alias, "hostkeyalias", cfg, a.orig)
	d.alias, d.aliasSet = word.MarkedCase(d.alias, strings.ToLower), d.alias != "" || !d.aliasOK
	if !d.aliasSet {
		d.alias = a.orig
	}
	d.user, d.userOK = a.user, true
	if d.user == "" {
		d.user, d.userOK = sshValue("", "user", cfg, a.orig)
	}
	switch {
	case d.user != "" || !d.userOK:
	case a.hasHost:
		d.user = word.Mark(word.MarkName, word.NameToken) // the local user's name
	default:
		d.user = a.orig // or one the destination another program hands ssh names
	}
	canon, ok := sshValue(a.canon, "canonicalizehostname", cfg, a.orig)
	if !ok || canon != "" && !strings.EqualFold(canon, "no") {
		// ssh may replace the host by a name DNS gives and read the
		// configuration again for it.
		d.hostOK, d.aliasOK, d.userOK = false, false, false
	}
	return d
}

// sshCfgText is the configuration an ssh command reads: the text of its
// -F file ("" for none, -F none, or no -F: the user's own configuration,
// which the agent cannot write); known false when guard cannot tell it (a
// file it cannot read, an -o Include).
type sshCfgText struct {
	text  string
	known bool
}

// sshConfigText returns the configuration a's ssh reads, as far as guard
// can tell it.
func (c *cmd) sshConfigText(a sshArgs) sshCfgText {
	if a.include {
		return sshCfgText{}
	}
	if a.file == "" || a.file == "none" {
		return sshCfgText{known: true}
	}
	if !word.IsKnown(a.file) {
		return sshCfgText{}
	}
	t, ok := c.w.FileText(a.file, true, effect.MaxScriptBytes, "an ssh configuration")
	return sshCfgText{text: t, known: ok}
}

// sshValue is the value ssh takes for key: set, the command line's; else
// the configuration's first line for key in a block that applies to host
// (the destination as written), "" for none; a name (word.NameToken)
// when guard cannot tell which of several plain names (no /) applies. false
// when guard cannot tell it, or when a value of the configuration or -o
// holds a % token, a variable or a character that is no plain name's: ssh
// pastes it into command text as it is (a HostName's %h is the
// destination, which ssh checks).
func sshValue(set, key string, cfg sshCfgText, host string) (string, bool) {
	if set == "" {
		if !cfg.known {
			return "", false
		}
		vals, definite, ok := sshConfigValue(cfg.text, key, host)
		switch {
		case !ok:
			return "", false
		case len(vals) == 0:
			return "", true
		case len(vals) > 1 || !definite:
			for _, v := range vals {
				if _, ok := sshPlainValue(v, key, host); !ok || strings.Contains(v, "/") {
					return "", false
				}
			}
			return word.Mark(word.MarkName, word.NameToken), true
		}
		set = vals[0]
	}
	return sshPlainValue(set, key, host)
}

// sshPlainValue is v, ssh's value for key, with a HostName's %h filled
// with host; false when v is no plain name (sshPlain) but for %h.
func sshPlainValue(v, key, host string) (string, bool) {
	if key == "hostname" && sshPlain(strings.ReplaceAll(v, "%h", "")) {
		return strings.ReplaceAll(v, "%h", host), true
	}
	if key == "hostname" || !sshPlain(v) {
		return "", false
	}
	return v, true
}

// sshConfigValue returns the values of key's lines in text, an ssh
// configuration, that may apply to host, up to the first that surely
// applies (definite: the last of them; ssh takes the first value that
// applies); false when guard cannot tell what applies (an Include that may
// apply, a line ssh refuses) or a line is not one word.
func sshConfigValue(text, key, host string) ([]string, bool, bool) {
	var vals []string
	active := matchYes
	for _, line := range strings.Split(text, "\n") {
		l, ok, err := readSSHLine(line)
		switch {
		case err != nil:
			return nil, false, false
		case !ok:
			continue
		case l.key == "host":
			active = sshHostBlock(l.args, host)
		case l.key == "match":
			active = matchMaybe
		case active == matchNo:
		case l.key == "include":
			return nil, false, false
		case l.key == key:
			if len(l.args) != 1 {
				return nil, false, false
			}
			vals = append(vals, l.args[0])
			if active == matchYes {
				return vals, true, true
			}
		}
	}
	return vals, false, true
}

// A Host block applies (yes), does not (no), or guard cannot tell (maybe).
const (
	matchNo = iota
	matchMaybe
	matchYes
)

// sshHostBlock tells whether a Host line with patterns args applies to
// host: one pattern matches, and no negated one (!pattern) does. A host
// guard cannot tell matches * alone.
func sshHostBlock(args []string, host string) int {
	res, negMaybe := matchNo, false
	for _, p := range args {
		neg := strings.HasPrefix(p, "!")
		p = strings.TrimPrefix(p, "!")
		m := matchMaybe
		switch {
		case p == "*" || word.IsKnown(host) && sshMatch(host, p):
			m = matchYes
		case word.IsKnown(host):
			m = matchNo
		}
		switch {
		case neg && m == matchYes:
			return matchNo
		case neg:
			negMaybe = negMaybe || m == matchMaybe
		default:
			res = max(res, m)
		}
	}
	if negMaybe && res == matchYes {
		return matchMaybe
	}
	return res
}

// sshMatch reports whether s matches pattern p as OpenSSH's match_pattern
// reads it: * any run of characters, ? one, the rest itself.
func sshMatch(s, p string) bool {
	for p != "" {
		switch p[0] {
		case '*':
			for i := len(s); i >= 0; i-- {
				if sshMatch(s[i:], p[1:]) {
					return true
				}
			}
			return false
		case '?':
			if s == "" {
				return false
			}
		default:
			if s == "" || s[0] != p[0] {
				return false
			}
		}
		s, p = s[1:], p[1:]
	}
	return s == ""
}

// sshPlain reports whether v holds only the characters of a plain name
// or path (letters, digits, . _ - : / @ +): pasted into a command's text
// it stays one word of that text.
func sshPlain(v string) bool {
	if !word.IsKnown(v) {
		return false
	}
	for _, r := range v {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("._-:/@+", r)) {
			return false
		}
	}
	return true
}

// sshCmdline reads an ssh command line as ssh does: its options before
// and after the destination, the first of -l, -o User and user@ giving the
// user, the first -o value of each key, the last -F.
func sshCmdline(args []word.Word) sshArgs {
	var a sshArgs
	opt := func(letter byte, v string, _ int) {
		switch letter {
		case 'l':
			a.user = cmp.Or(a.user, v)
		case 'p':
			a.port = v
		case 'F':
			a.file = v
		case 'o':
			a.option(v)
		}
	}
	at := sshHost(args, opt)
	if at >= len(args) {
		return a
	}
	host := strings.TrimPrefix(args[at].Text, "ssh://")
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		a.user = cmp.Or(a.user, host[:i])
		host = host[i+1:]
	}
	a.orig, a.hasHost = host, true
	sshHost(args[at+1:], opt) // ssh reads options after the destination too
	return a
}

// option takes the value of ssh's -o v that sets the destination's names.
func (a *sshArgs) option(v string) {
	l, ok, _ := readSSHLine(v)
	if !ok {
		return
	}
	val := strings.Join(l.args, " ")
	switch l.key {
	case "user":
		a.user = cmp.Or(a.user, val)
	case "hostname":
		a.hostName = cmp.Or(a.hostName, val)
	case "hostkeyalias":
		a.alias = cmp.Or(a.alias, val)
	case "canonicalizehostname":
		a.canon = cmp.Or(a.canon, val)
	case "include":
		a.include = true
	}
}

// copyCmdline is sshCmdline for scp and sftp: the one host their
// [user@]host: operands name (sftp's may have no colon), which they hand
// ssh with -l user after their own -o options.
func copyCmdline(args []word.Word, name string) sshArgs {
	var a sshArgs
	opts, _ := word.Getopt(args, catalogue.KeyUserValued(name))
	for _, o := range opts {
		switch o.Letter {
		case 'F':
			a.file = o.Value.Text
		case 'o':
			a.option(o.Value.Text)
		}
	}
	host, user := "", ""
	for j, w := range args {
		s := w.Text
		if j > 0 && catalogue.SshWithArg.Has(args[j-1].Text) || strings.HasPrefix(s, "-") || strings.Contains(s, "://") {
			continue
		}
		h, _, colon := strings.Cut(s, ":")
		if strings.Contains(h, "/") || !colon && name != "sftp" {
			continue
		}
		u := ""
		if i := strings.LastIndexByte(h, '@'); i >= 0 {
			u, h = h[:i], h[i+1:]
		}
		if a.hasHost && (host != h || user != u) {
			// several hosts: guard cannot tell which, nor whose user
			// (checked by ssh: a command line's)
			a.hasHost, a.user = false, cmp.Or(a.user, word.Mark(word.MarkVar, "ssh_target"))
			return a
		}
		host, user, a.hasHost = h, u, true
	}
	a.orig, a.user = host, cmp.Or(a.user, user)
	return a
}
