package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// pmSelectors are the package managers' options that run a program in
// workspace members rather than where the command runs: pnpm's -r and
// --filter, npm's -w and --workspaces, bun's --filter (an option with a
// value may be glued: --filter=a, -w=pkgs/a).
const (
	pmSelectorFlags word.Set = " -r --recursive -ws --workspaces --include-workspace-root "
	pmSelectorOpts  word.Set = " --filter -F -w --workspace "
)

// execDirs returns the directories, as the command names them, in which
// package manager name runs the program of its exec form whose own words
// (before the program) are opts (FINDINGS58a A2): the one its -C, --dir,
// --cwd or --prefix names (npm --prefix runs it where the command is, from
// that package's node_modules/.bin: both), and with a workspace selector
// (pnpm -r, --filter, npm -w, --workspaces) each member of the workspace
// there, read from pnpm-workspace.yaml or package.json's "workspaces"
// (every member for a filter: guard does not match its names); false,
// having hidden the command, where guard cannot list them.
func (c *cmd) execDirs(name string, opts []word.Word) ([]string, bool) {
	dir := (&cmd{w: c.w, name: name, args: opts}).packageDir()
	if dir == "" {
		dir = "."
	}
	dirs := []string{dir}
	if name == "npm" && dir != "." {
		dirs = append(dirs, ".")
	}
	if !pmSelects(opts) {
		return dirs, true
	}
	members, ok := c.pmMembers(dir)
	if !ok {
		return nil, false
	}
	return append(dirs, members...), true
}

// pmSelects reports whether a package manager's words opts select
// workspace members to run in.
func pmSelects(opts []word.Word) bool {
	for _, a := range opts {
		k, _, _ := strings.Cut(a.Text, "=")
		if pmSelectorFlags.Has(a.Text) || pmSelectorOpts.Has(k) {
			return true
		}
	}
	return false
}

// pmMembers returns the workspace members of the project in directory
// dir: the packages pnpm-workspace.yaml lists, else package.json's
// "workspaces"; false, hidden, where guard cannot read them.
func (c *cmd) pmMembers(dir string) ([]string, bool) {
	y := path.Join(dir, "pnpm-workspace.yaml")
	if t, st := c.w.FileStatus(y, true, effect.MaxScriptBytes); st == effect.FileWhole {
		globs, ok := pnpmPackages(t)
		if !ok {
			c.w.hide("runs a program in the workspace members %s lists, which guard cannot read", y)
			return nil, false
		}
		var out []string
		for _, g := range globs {
			d, ok := c.workspaceDirs(dir, g)
			if !ok {
				c.w.hide("runs a program in the workspace members %q names, which guard cannot list", g)
				return nil, false
			}
			out = append(out, d...)
		}
		return out, true
	} else if st != effect.FileAbsent {
		c.w.hide("runs a program in the workspace members of %s, which guard cannot read", y)
		return nil, false
	}
	t, ok := c.w.FileText(path.Join(dir, "package.json"), true, effect.MaxScriptBytes, "the workspaces of a package.json")
	if !ok {
		return nil, false
	}
	return c.membersOf(dir, t, false)
}

// pnpmPackages returns the patterns of pnpm-workspace.yaml's packages
// list (block style, one "- PATTERN" a line, quoted or not); false for
// another shape (a flow list, an anchor) guard does not read.
func pnpmPackages(t string) ([]string, bool) {
	var out []string
	in := false
	for _, l := range strings.Split(t, "\n") {
		s := strings.TrimSpace(l)
		switch {
		case s == "" || strings.HasPrefix(s, "#"):
		case l == "packages:" || strings.HasPrefix(l, "packages:") && strings.TrimSpace(l[len("packages:"):]) == "":
			in = true
		case strings.HasPrefix(l, "packages:"):
			return nil, false // packages: [a, b]
		case in && strings.HasPrefix(s, "- "):
			v := strings.TrimSpace(s[2:])
			if i := strings.Index(v, " #"); i >= 0 {
				v = strings.TrimSpace(v[:i])
			}
			v = strings.Trim(v, `'"`)
			if v == "" || strings.ContainsAny(v, "&*[{") && !strings.ContainsAny(v, "/") && v != "*" {
				return nil, false
			}
			out = append(out, v)
		case in && l[0] != ' ' && l[0] != '\t':
			in = false // the next key
		case in:
			return nil, false
		}
	}
	return out, true
}
