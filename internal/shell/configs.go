package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// configWrites records, for a subcommand that writes its program's own
// configuration (catalogue.ConfigWriters: kubectl config set-credentials,
// pip config set, npm config set…), a write of that file: where the
// command's option or variable puts it, else its default place.
func (c *cmd) configWrites() {
	texts := word.Texts(c.args)
	for _, p := range catalogue.ConfigWrites(c.name, texts) {
		if c.configFlag(p, texts) || c.configVars(p) {
			continue
		}
		if p.Project {
			c.w.Write(p.File)
		} else {
			c.w.Write("~/" + p.File)
		}
	}
}

// configFlag records the file p's option names (--kubeconfig F,
// --config=DIR), and whether it names one.
func (c *cmd) configFlag(p catalogue.ConfigWriter, texts []string) bool {
	if p.Flag == "" {
		return false
	}
	flag, rest, _ := strings.Cut(p.Flag, "/")
	for j, a := range texts {
		v, ok := "", false
		switch {
		case a == flag && j+1 < len(texts):
			v, ok = texts[j+1], true
		case strings.HasPrefix(a, flag+"="):
			v, ok = a[len(flag)+1:], true
		}
		if ok {
			c.w.Write(joinRest(v, rest))
			return true
		}
	}
	return false
}

// configVars records the files the variables of p the command sets name
// (KUBECONFIG=a:b: each), and whether one does.
func (c *cmd) configVars(p catalogue.ConfigWriter) bool {
	for _, spec := range strings.Fields(p.Vars) {
		name, rest, _ := strings.Cut(spec, "/")
		v, ok := c.w.lookup(name)
		if !ok || v == "" {
			continue
		}
		for i, part := range strings.Split(v, ":") {
			if i == 64 {
				break
			}
			if part != "" {
				c.w.Write(joinRest(part, rest))
			}
		}
		return true
	}
	return false
}

// joinRest returns file rest in directory dir, or dir itself when rest is "".
func joinRest(dir, rest string) string {
	if rest == "" {
		return dir
	}
	return strings.TrimRight(dir, "/") + "/" + rest
}
