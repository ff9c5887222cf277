package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// servedDirs: a program that serves a directory over the network
// (catalogue.FileServers: python3 -m http.server, php -S, npx serve…)
// reads it whole, following its links, for whoever fetches from it: a
// recursive read of each directory it serves, the working directory when
// none is named.
func (c *cmd) servedDirs() {
	if strings.HasPrefix(c.name, "python") || strings.HasPrefix(c.name, "pypy") {
		return // its module's servers, however the options are spelt: module (interp.go)
	}
	c.servedBy(c.args)
	if catalogue.Tunnels.Has(c.name) {
		c.tunnelled()
	}
}

// tunnelled records what a tunnel serves from the files: the directory (or
// file) each file: URL among its words names, read whole, following the
// links in it, as a file server's (ngrok http file:///home/u). A file: URL
// in any other program's word is read as the file it names (network.go).
func (c *cmd) tunnelled() {
	follow := c.w.FollowLinks
	c.w.FollowLinks = c.name
	defer func() { c.w.FollowLinks = follow }()
	for _, a := range c.args {
		i := strings.Index(strings.ToLower(a.Text), "file:/")
		if i < 0 {
			continue
		}
		if p, ok := tunnelPath(a.Text[i:]); ok {
			c.w.ReadTree(p)
		}
	}
	for _, cfg := range c.tunnelConfigs() {
		if t, ok := c.w.configText(cfg, "a configuration of "+c.name); ok {
			c.tunnelledIn(t)
		}
	}
}

// maxTunnelURLs bounds the file: URLs read from one tunnel configuration.
const maxTunnelURLs = 16

// tunnelledIn reads whole what each file: URL in a tunnel's configuration
// text serves (ngrok.yml's addr: file:///home/u). The text
// is read as YAML (JSON alike) decodes it, escapes and folded lines
// included ("fil\x65:///home"); a configuration guard cannot decode is
// one it cannot tell what it serves.
func (c *cmd) tunnelledIn(text string) {
	vals, ok := lang.YAMLScalars(text)
	if !ok {
		c.w.hide("names a configuration of %s guard cannot decode (YAML it does not read: anchors, aliases, tags, bad escapes): it cannot tell what it serves", c.name)
		return
	}
	n := 0
	for _, v := range vals {
		low := strings.ToLower(v)
		for off := 0; n < maxTunnelURLs; n++ {
			i := strings.Index(low[off:], "file:/")
			if i < 0 {
				break
			}
			i += off
			end := i + strings.IndexAny(v[i:]+" ", " \t\n\r")
			if p, ok := tunnelPath(v[i:end]); ok {
				c.w.ReadTree(p)
			} else {
				c.w.hide("names in a configuration of %s a file: URL guard cannot read: it cannot tell what it serves", c.name)
			}
			off = end
		}
	}
	if n >= maxTunnelURLs {
		c.w.hide("names in a configuration of %s more file: URLs than guard reads: it cannot tell what it serves", c.name)
	}
}

// tunnelConfigs returns the configuration files a tunnel reads: its
// --config FILE options (ngrok's may list several, comma separated), then
// NGROK_CONFIG, and ngrok's default file when there is one.
func (c *cmd) tunnelConfigs() []string {
	var out []string
	for j, a := range c.args {
		v, ok := strings.CutPrefix(a.Text, "--config=")
		if !ok && a.Text == "--config" && j+1 < len(c.args) {
			v, ok = c.args[j+1].Text, true
		}
		if ok {
			out = append(out, strings.Split(v, ",")...)
		}
	}
	if c.name != "ngrok" {
		return out
	}
	if v, ok := c.w.lookup("NGROK_CONFIG"); ok && v != "" && len(out) == 0 {
		out = append(out, strings.Split(v, ",")...)
	}
	if len(out) == 0 {
		out = c.ngrokDefaults()
	}
	return out[:min(len(out), 4)]
}

// ngrokDefaults returns ngrok's default configuration files that are
// there, looked up where the command's own HOME and XDG_CONFIG_HOME put
// them: ngrok.yml in each user configuration directory
// and the legacy ~/.ngrok2/ngrok.yml.
func (c *cmd) ngrokDefaults() []string {
	cfg, home, ok := c.userConfigDirs()
	if !ok {
		c.w.hide("sets where %s looks its configuration up to a value guard cannot tell: it cannot tell what it serves", c.name)
		return nil
	}
	var out []string
	for _, d := range cfg {
		if p := path.Join(d, "ngrok/ngrok.yml"); c.presentConfig(p) {
			out = append(out, p)
		}
	}
	if home != "" {
		if p := path.Join(home, ".ngrok2/ngrok.yml"); c.presentConfig(p) {
			out = append(out, p)
		}
	}
	return out
}

// tunnelPath returns the path file: URL u names, up to a blank: a part
// guard expanded right after file:// (file://$PWD/src, file://$HOME) is
// the path's start, not a host.
func tunnelPath(u string) (string, bool) {
	u, _, _ = strings.Cut(u, " ")
	if rest, ok := strings.CutPrefix(u[len("file:"):], "//"); ok && strings.HasPrefix(rest, word.MarkLead) {
		if k := strings.IndexAny(rest, "?#"); k >= 0 {
			rest = rest[:k]
		}
		return rest, true
	}
	return lang.FilePath(u)
}

// servedBy is servedDirs for the program's words args (python's module
// and what follows it, spelt -m MOD whatever the command's cluster:
// python3 -Im http.server).
func (c *cmd) servedBy(args []word.Word) {
	dirs, ok := catalogue.ServedDirs(c.name, args)
	if !ok {
		return
	}
	follow := c.w.FollowLinks
	c.w.FollowLinks = c.name
	for _, d := range dirs {
		c.w.ReadTree(d)
	}
	c.w.FollowLinks = follow
}
