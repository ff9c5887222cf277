package shell

// Options of a prefix that set the environment of the command it runs:
// a file of NAME=VALUE lines, a directory of variables,
// and long options written abbreviated or with their value glued.

import (
	"mvdan.cc/sh/v3/expand"

	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// longValue returns words with the long option at i written in full
// (getopt_long's abbreviations) and, when it is one whose value sets what
// the command runs or its environment (env --split-string=V, uv run
// --env-file=F), its =VALUE split off as the next word.
func longValue(p catalogue.Prefix, words []word.Word, i int) []word.Word {
	a := words[i].Text
	if !strings.HasPrefix(a, "--") || a == "--" {
		return words
	}
	opt, v, eq := strings.Cut(a, "=")
	full := p.Long(opt)
	if !eq || !p.Split.Has(full) && !p.EnvFiles.Has(full) && !p.EnvDirs.Has(full) {
		if full == opt {
			return words
		}
		if eq {
			full += "=" + v
		}
		return slices.Concat(words[:i], []word.Word{{Text: full, Known: words[i].Known}}, words[i+1:])
	}
	return slices.Concat(words[:i], []word.Word{{Text: full, Known: true}, {Text: v, Known: words[i].Known}}, words[i+1:])
}

// envFile reads the file of NAME=VALUE lines v names, which prog sets in
// the environment of what it runs (node --env-file, uv run --env-file,
// dotenv -e): the same assignments made before prog. A file guard cannot
// read is hidden (configText).
func (c *cmd) envFile(v word.Word, prog string) {
	c.w.Read(v.Text)
	what := "an environment file"
	if prog != "env" {
		what += " of " + prog // node --env-file
	}
	t, ok := c.w.configText(v.Text, what)
	if !ok {
		return
	}
	var b strings.Builder
	for _, kv := range lang.EnvFileLines(t) {
		b.WriteString(kv[0] + "=" + word.Quote(kv[1]) + " ")
	}
	if b.Len() > 0 {
		c.w.tentative(b.String() + prog)
	}
}

// envDir: every file of the directory v names sets the variable it is
// named after in the environment of what the command runs (envdir DIR,
// chpst -e DIR), BASH_ENV and LD_PRELOAD among them: guard does not list
// the directory, so it cannot tell that environment.
func (c *cmd) envDir(v word.Word) {
	c.w.Read(v.Text)
	c.w.hide("runs a command whose environment the files of directory %s set, which guard does not read", word.Quote(v.Text))
}

// envSplit returns the words env makes of s, the value of its -S option
// (word.EnvSplit: env.c's own reading, quotes, \_ and ${NAME} among it).
// A string env refuses is hidden: GNU env runs nothing, another env may
// read it otherwise, so guard cannot tell what runs.
func (w *walker) envSplit(s string) ([]word.Word, bool) {
	ws, err := word.EnvSplit(s, w.envSplitVar)
	if err != nil {
		w.hide("runs as a command line (env -S) a string guard cannot read as env does (%s): it cannot tell what runs", err.Error())
		return nil, false
	}
	return ws, true
}

// envSplitVar is the value of ${name} in env -S's string: the variable's
// value in the environment env is given. One the command set but may not
// have exported is that value or none, which guard cannot tell apart.
func (w *walker) envSplitVar(name string) (string, bool) {
	v, declared := w.varMap()[name]
	switch {
	case !declared:
		vr := w.variable(name) // inherited: $HOME, or the environment's marker
		return vr.Str, vr.IsSet()
	case !v.IsSet():
		return "", false
	case v.Kind != expand.String || !w.exported(name) && !w.allexport && name != "HOME":
		return word.Mark(word.MarkVar, name), true
	}
	return v.Str, true
}
