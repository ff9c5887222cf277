package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
)

// A git pathspec may start with magic (gitglossary "pathspec"): the long
// form :(top,exclude,glob,icase,literal,attr:…)PATH, or the short form
// of ':' and the signs / (top) and ! or ^ (exclude), ended by an
// optional ':'. It is a name git matches against its index, never text a
// shell or a REPL runs (:!PATH is no ghci escape).

// pathspecMagic is a pathspec's magic and the path after it.
type pathspecMagic struct {
	top, exclude, wide bool // wide: glob, icase or attr: matches other names than PATH's own
	rest               string
}

// gitMagic parses the magic of pathspec s; false when s holds none, or
// magic guard does not know.
func gitMagic(s string) (pathspecMagic, bool) {
	var m pathspecMagic
	if !strings.HasPrefix(s, ":") || len(s) < 2 {
		return m, false
	}
	if s[1] == '(' {
		words, rest, ok := strings.Cut(s[2:], ")")
		if !ok {
			return m, false
		}
		for _, w := range strings.Split(words, ",") {
			switch {
			case w == "top":
				m.top = true
			case w == "exclude":
				m.exclude = true
			case w == "glob" || w == "icase" || strings.HasPrefix(w, "attr:"):
				m.wide = true
			case w == "literal":
			default:
				return m, false
			}
		}
		m.rest = rest
		return m, true
	}
	i := 1
	for ; i < len(s) && strings.IndexByte("/!^", s[i]) >= 0; i++ {
		m.top = m.top || s[i] == '/'
		m.exclude = m.exclude || s[i] != '/'
	}
	if i == 1 {
		return m, false // :PATH: no magic (an index path in a revision's place)
	}
	if i < len(s) && s[i] == ':' {
		i++
	}
	m.rest = s[i:]
	return m, true
}

// gitGrepSpecs records what git grep reads of its pathspecs (the words of
// c at idx): a pathspec that excludes narrows what git reads, and is no
// file it opens; one with a glob, or glob or icase magic, matches names
// in any directory under the part before its first wildcard, which is
// read whole (git grep X -- '*.py' reads ./**'s Python files); a plain
// one names a tree. One that starts at the top of the repository names
// it under each directory the top may be (revTree); pathspecs that only
// exclude read the working directory's tree but their files.
func (c *cmd) gitGrepSpecs(idx []int) {
	positive := false
	widened := c.pathspecsWidened()
	for _, j := range idx {
		m, magic := gitMagic(c.args[j].Text)
		if magic && m.exclude {
			c.kinds[j] = argData
			continue
		}
		positive = true
		if !magic {
			m.rest = c.args[j].Text
		}
		dir := m.rest
		if m.wide || widened || strings.ContainsAny(m.rest, "*?[\\") {
			dir = globDir(m.rest, m.wide || widened)
		}
		switch {
		case !c.args[j].Known:
		case m.top:
			c.w.revTree(dir)
		default:
			c.w.ReadTree(dir)
		}
		if magic {
			c.kinds[j] = argData // read above: no command text, no other file
		}
	}
	if !positive && len(idx) > 0 {
		c.w.ReadTree(".") // only exclusions: every file but theirs
	}
}

// pathspecsWidened reports whether something of the command may make git
// match its pathspecs other than as written: a global option before the
// subcommand other than -C, -P and --no-pager (--icase-pathspecs,
// --glob-pathspecs, -c core.…), or a GIT_*_PATHSPECS or GIT_CONFIG*
// variable the command sets (GIT_ICASE_PATHSPECS=1: -- Conf matches
// conf/). Each positive pathspec then reads the tree as icase magic does.
func (c *cmd) pathspecsWidened() bool {
	if c.gitSetupWidens(" -P --no-pager ") {
		return true
	}
	loc, ok := c.w.Files.(effect.Locator)
	return ok && GitPathspecsWidenedBy(loc.Env)
}

// gitPathspecVars are the variables of the environment git inherits that
// change how it reads every pathspec, or the tree and configuration it
// reads them in.
var gitPathspecVars = [...]string{"GIT_ICASE_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_LITERAL_PATHSPECS",
	"GIT_DIR", "GIT_WORK_TREE", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"}

// GitPathspecsWidenedBy reports whether the environment the command's
// shell inherits (env) sets a variable that may make git match pathspecs
// other than as written: GIT_ICASE_PATHSPECS=1 in guard's own environment
// (which the agent's shell inherits) makes -- Conf match conf/.
func GitPathspecsWidenedBy(env func(string) (string, bool)) bool {
	for _, v := range gitPathspecVars {
		if _, set := env(v); set {
			return true
		}
	}
	return false
}

// globDir returns the directory a pathspec glob p matches under: the
// part before its first wildcard, up to its last '/'; "." for none, and
// for icase or attr magic (wide: another case of the same letters).
func globDir(p string, wide bool) string {
	k := strings.IndexAny(p, "*?[\\")
	if k < 0 {
		k = len(p)
	}
	d := path.Dir(p[:k] + "x")
	if wide && d != "." && !strings.HasPrefix(d, "..") {
		return "."
	}
	return d
}

// revTree records a read of tree p relative to the repository's root,
// which guard does not look for: relative to the working directory and to
// each directory above it, as revRead reads a REV:PATH.
func (w *walker) revTree(p string) {
	if p == "" {
		p = "."
	}
	w.ReadTree(p)
	if strings.HasPrefix(p, "/") {
		return
	}
	up := ""
	for range maxRepoDepth {
		up += "../"
		w.ReadTree(path.Clean(up + p))
	}
}
