package shell

// What git init's and git clone's own options make of the new repository,
// read as git's parse-options reads them (gitScan: clusters, attached
// values, unique abbreviations): clone -c/--config K=V is a setting of the
// new repository, judged as git -c K=V is (it is written into the
// repository's configuration and stays there for its later commands);
// --upload-pack/-u is a command git runs; --template names a directory
// whose hooks git copies and clone then runs; --separate-git-dir puts the
// configuration and hooks outside the .git globs; --reference names a
// repository whose objects git reads. An option guard cannot name exactly
// may be any of them: the command is hidden.

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitNewRepo analyses the options of git init or git clone (the
// subcommand at from-1) that set the new repository's configuration,
// hooks or commands. GIT_TEMPLATE_DIR is catalogue.HiddenVars'.
func (c *cmd) gitNewRepo(from int) {
	sub := c.args[from-1].Text
	spec, _ := gitOptSpecs(sub)
	hidden := false
	hide := func(format string, a ...any) {
		if !hidden {
			hidden = true
			c.w.hide(format, a...)
		}
	}
	_, ok := gitScan(c.args, from, spec, func(o gitOpt) {
		switch o.name {
		case "--template":
			hide("git %s --template: the new repository's hooks come from a directory guard does not read", sub)
		case "--separate-git-dir":
			hide("git %s --separate-git-dir: the repository's configuration and hooks go where guard's .git globs do not protect them", sub)
		case "-c", "--config":
			if o.at >= 0 {
				c.gitNewSetting(o.value)
			}
		case "-u", "--upload-pack":
			if o.at >= 0 {
				c.w.runsValue(o.value, "git clone --upload-pack", func(t string) { c.w.runsGiven(t, "git clone --upload-pack", catalogue.HandsRepo) })
			}
		case "--reference", "--reference-if-able":
			if o.at >= 0 {
				c.w.Read(o.value) // its objects, borrowed
			}
		}
	})
	if !ok {
		hide("git %s takes an option guard cannot tell (not one of its own, or an abbreviation of several): "+
			"it may set the new repository's configuration, hooks or a program git runs", sub)
	}
}

// gitNewSetting: git clone -c K=V writes K=V into the new repository's
// configuration, which clone itself then loads: judged as git -c K=V is
// (a command key's value runs, core.hooksPath hides, an include is a
// configuration read).
//
// git runs the clone's commands in its new tree (a checkout's filters, the
// fsmonitor at every index refresh) and resolves its includes from its
// .git: a relative program or include there is a file of the remote's
// tree, which guard cannot read before the clone; it is hidden.
func (c *cmd) gitNewSetting(kv string) {
	c.runOption(catalogue.RunGitSetting, kv, "git")
	k, v, ok := strings.Cut(kv, "=")
	k = strings.ToLower(k)
	if !ok || !word.IsKnown(k) {
		return
	}
	role, run := gitKeyRole(k, v)
	if role == gitRoleInclude {
		c.w.gitConfigFile(v)
		if !gitPathAnchored(v) {
			c.w.hide("git clone -c %s: a configuration of the new repository's tree, which guard cannot read before the clone", k)
		}
		return
	}
	if role == gitRoleRuns {
		if run == "" {
			run = gitCommand(k, v)
		}
		if prog, _, _ := strings.Cut(strings.TrimSpace(run), " "); strings.Contains(prog, "/") && !gitPathAnchored(prog) {
			c.w.hide("git clone -c %s runs %s, a file of the new tree guard cannot read before the clone", k, prog)
		}
	}
}

// gitPathAnchored reports whether p names the same file wherever git
// runs: an absolute path or one from the home.
func gitPathAnchored(p string) bool {
	return strings.HasPrefix(p, "/") || word.HomeRelative(p)
}

// gitNewWords are git init's or clone's words as gitScan parses them.
type gitNewWords struct {
	ops      []string // the operands, those after -- too
	branch   string   // the branch clone checks out: -b/--branch, else HEAD
	bare     bool     // --bare, --mirror
	checkout bool     // clone checks a tree out (not -n/--no-checkout, not bare)
}

// gitNewParse parses args, git init's or clone's words after sub.
func gitNewParse(sub string, args []word.Word) gitNewWords {
	spec, _ := gitOptSpecs(sub)
	p := gitNewWords{branch: "HEAD", checkout: sub == "clone"}
	var values []int
	idx, _ := gitScan(args, 0, spec, func(o gitOpt) {
		values = append(values, o.at)
		switch o.name {
		case "--bare", "--naked", "--mirror":
			p.bare = true
		case "-n", "--no-checkout":
			p.checkout = false
		case "--checkout":
			p.checkout = true
		case "-b", "--branch":
			if sub == "clone" && o.at >= 0 {
				p.branch = o.value
			}
		}
	})
	for _, k := range idx {
		p.ops = append(p.ops, args[k].Text)
	}
	for j, a := range args {
		if a.Text == "--" && !slices.Contains(values, j) && !slices.Contains(idx, j) {
			for _, b := range args[j+1:] {
				p.ops = append(p.ops, b.Text)
			}
			break
		}
	}
	p.checkout = p.checkout && !p.bare
	return p
}
