package shell

// The command-valued options and settings of the version control programs
// other than git: hg --config hooks.pre-status=CMD,
// extensions.x=FILE, alias.x=!CMD; jj --config ui.pager=CMD; svn diff
// --diff-cmd CMD; bzr diff --using CMD, bzr -Oeditor=CMD. A command runs as sh -c would run
// it, a module file is python code hg loads, and a setting guard does not
// know to be inert runs what it cannot tell.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// vcsSettings analyses the command-valued options and the settings given
// on the command line of version control program c.name.
func (c *cmd) vcsSettings() {
	cmds, cfgs := catalogue.VCSCommandOptions(c.name), catalogue.VCSConfigOptions(c.name)
	if cmds == "" && cfgs == "" {
		return
	}
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		opt, v, glued := strings.Cut(s, "=")
		if short, ok := strings.CutPrefix(s, "-O"); ok && short != "" && cfgs.Has("-O") {
			c.vcsSetting(short, c.args[j].Known) // bzr -Oeditor=CMD
			continue
		}
		if !glued {
			if !(cmds.Has(s) || cfgs.Has(s)) || j+1 >= len(c.args) {
				continue
			}
			j++
			v = c.args[j].Text
		}
		if glued && !strings.HasPrefix(s, "--") {
			continue
		}
		switch {
		case cmds.Has(opt):
			c.vcsCommand(c.args[min(j, len(c.args)-1)], v, opt)
		case cfgs.Has(opt):
			c.vcsSetting(v, c.args[min(j, len(c.args)-1)].Known)
		}
	}
}

// vcsCommand analyses cmd, the value of option opt, as a command the
// program runs.
func (c *cmd) vcsCommand(a word.Word, cmd, opt string) {
	if !a.Known {
		c.w.hide("gives %s %s a command guard cannot tell: it cannot tell what runs", c.name, opt)
		return
	}
	c.w.runsHanded(cmd, c.name+" "+opt)
}

// vcsSetting analyses kv, a KEY=VALUE setting given on the command line
// (hg --config hooks.x=CMD).
func (c *cmd) vcsSetting(kv string, known bool) {
	key, v, _ := strings.Cut(kv, "=")
	key = strings.ToLower(strings.TrimSpace(key))
	if c.name == "jj" {
		v = tomlWords(v)
	}
	command, module, inert := catalogue.VCSSetting(c.name, key)
	switch {
	case inert:
	case !known:
		c.w.hide("gives %s a setting guard cannot tell: it cannot tell what it runs", c.name)
	case module && v == "":
		// hg --config extensions.rebase=: a bundled extension
	case module:
		c.w.tentative("python3 " + word.Quote(strings.TrimPrefix(v, "!")))
	case command && (c.name == "hg" || c.name == "sl") && strings.HasPrefix(key, "alias.") && !strings.HasPrefix(v, "!"):
		c.w.hide("gives %s an alias guard does not follow (%s): it cannot tell what it runs", c.name, word.Render(key))
	case command:
		c.w.runsHanded(strings.TrimPrefix(v, "!"), c.name+" "+key)
	default:
		c.w.hide("gives %s a setting guard does not know to be inert (%s): it cannot tell what it runs", c.name, word.Render(key))
	}
}

// tomlWords returns a jj setting's TOML value as shell words: a string's
// text, an array's strings joined ("sh", "x.sh" is sh x.sh).
func tomlWords(v string) string {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") {
		return strings.Trim(v, `"'`)
	}
	var out []string
	for _, f := range strings.Split(strings.Trim(v, "[]"), ",") {
		out = append(out, word.Quote(strings.Trim(strings.TrimSpace(f), `"'`)))
	}
	return strings.Join(out, " ")
}
