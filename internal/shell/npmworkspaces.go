package shell

// npm (yarn, bun) runs the scripts of more package.json files than the
// one at the project's root: a workspace's (-w D, --workspaces; every
// workspace's lifecycle scripts on install) and a local dependency's
// (file:D, link:D, ./D: its install scripts when it is installed; any
// spec but a registry range or a remote repository, localSpec). Their
// package.json files are read as the root's are, found from the root's
// "workspaces" globs and dependency specs, and from each member's
// dependencies in turn, at most maxMemberPackages of them; a glob or a
// spec guard cannot resolve hides the command.

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxMemberPackages bounds the workspace and local packages read for one
// command.
const maxMemberPackages = 64

// npmWorkspaceOpts are the options that run the scripts of workspaces
// (npm's, bun's and pnpm's filters), =VALUE or not.
const npmWorkspaceOpts word.Set = " -w --workspace -ws --workspaces --include-workspace-root --filter -F -r --recursive "

// memberPackages reads the package.json files of the workspaces and
// local dependencies of the root package whose text is root (the walker
// in its directory) whose scripts names the command runs: every
// workspace's for a call with a workspace option, and for a call that
// runs all of them (install, "*") the local dependencies' too.
func (c *cmd) memberPackages(root string, names []string) {
	all := slices.Contains(names, "*")
	if len(names) == 0 || !all && !c.workspaceCall() {
		return
	}
	queue, ok := c.membersOf(".", root, all)
	if !ok {
		return
	}
	if all {
		more, ok := c.installedDirs()
		if !ok {
			return
		}
		queue = append(queue, more...)
	}
	c.readPackages(queue, names, all)
}

// npmIgnoresScripts reports whether npm's words set ignore-scripts (the
// last word that sets it says; --ignore-scripts false does not).
func (c *cmd) npmIgnoresScripts() bool {
	_, set := catalogue.NpmArgv(word.Texts(c.args))
	return set["ignore-scripts"] == "true"
}

// installedDirs returns the local packages an install in the walker's
// directory takes besides the manifest's: those the command line names
// and those npm's lock file lists; false, having hidden the command, when
// one is local code guard cannot read (npm rebuild: node_modules' own).
func (c *cmd) installedDirs() ([]string, bool) {
	if ws := c.packageWords(); len(ws) > 0 && (ws[0] == "rebuild" || ws[0] == "rb") && !c.npmIgnoresScripts() {
		// npm rebuild runs the install scripts of every package in
		// node_modules, which a clone may hold as it likes.
		c.w.hide("runs %s %s, which runs the install scripts of the packages in node_modules: guard does not read them", c.name, ws[0])
		return nil, false
	}
	if c.runsLocal(c.commandSpecs(true)) { // npmspecs.go
		return nil, false
	}
	dirs, ok := c.localDirs(".", c.commandSpecs(false))
	if !ok || c.name != "npm" && c.name != "bun" {
		return dirs, ok
	}
	lock, ok := c.lockDirs()
	return append(dirs, lock...), ok
}

// readPackages reads the package.json files of the directories queue
// holds, and those of the members and local dependencies each lists in
// turn (all: its local dependencies too).
func (c *cmd) readPackages(queue, names []string, all bool) {
	seen := map[string]bool{".": true}
	for len(queue) > 0 && !c.w.stopped() {
		d := word.Clean(queue[0])
		queue = queue[1:]
		if seen[d] {
			continue
		}
		if seen[d] = true; len(seen) > maxMemberPackages {
			c.w.hide("runs the scripts of more than %d workspace and local packages: guard cannot tell what runs", maxMemberPackages)
			return
		}
		f := path.Join(d, "package.json")
		if !c.w.wrote(f) && !c.somethingAt(f) {
			continue
		}
		var t string
		var ok bool
		c.inFileDir(f, func() { t, ok = c.packageFile("package.json", names) })
		if !ok {
			continue
		}
		more, ok := c.membersOf(d, t, all)
		if !ok {
			return
		}
		queue = append(queue, more...)
	}
}

// workspaceCall reports whether the command names workspaces to run in.
func (c *cmd) workspaceCall() bool {
	for _, a := range c.args {
		if a.Text == "--" {
			return false
		}
		opt, _, _ := strings.Cut(a.Text, "=")
		if o := catalogue.NpmOption(a.Text); strings.HasPrefix(opt, "-") && npmWorkspaceOpts.Has(opt) ||
			o.Ambiguous || o.Key == "workspace" || o.Key == "workspaces" || o.Key == "include-workspace-root" {
			return true // --worksp: npm's abbreviation
		}
	}
	return false
}

// membersOf returns the directories, relative to the root's, of the
// workspaces package.json text t (in directory d) lists, and with deps
// its local dependencies; false, having hidden the command, when one
// cannot be resolved.
func (c *cmd) membersOf(d, t string, deps bool) ([]string, bool) {
	pkg, err := lang.JSONObject([]byte(t)) // exact keys, as npm's
	if err != nil {
		return nil, true // scanned whole or hidden by packageFile
	}
	var out []string
	globs, ok := workspaceGlobs(pkg["workspaces"])
	if !ok {
		c.w.hide("runs the scripts of workspaces whose list in %s guard cannot read", path.Join(d, "package.json"))
		return nil, false
	}
	for _, g := range globs {
		dirs, ok := c.workspaceDirs(d, g)
		if !ok {
			c.w.hide("runs the scripts of the workspaces %q names, which guard cannot list", g)
			return nil, false
		}
		out = append(out, dirs...)
	}
	if !deps {
		return out, true
	}
	dirs, ok := c.localDirs(d, depSpecs(t)) // npmspecs.go
	return append(out, dirs...), ok
}

// workspaceGlobs returns the patterns of a package.json's "workspaces"
// (a list, or yarn's {"packages": […]}); false when it is neither.
func workspaceGlobs(raw json.RawMessage) ([]string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, true
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return list, true
	}
	var obj map[string]json.RawMessage // yarn's {"packages": […]}, the key exact
	if json.Unmarshal(raw, &obj) == nil {
		list = nil
		if lang.JSONMember(obj, "packages", &list) == nil {
			return list, true
		}
	}
	return nil, false
}

// workspaceDirs returns the directories below d that workspace pattern g
// matches (d/packages/* lists d/packages); false when guard cannot list
// them or the pattern is one it does not read (**, braces, a path out of
// the project). A negated pattern only takes some away: none is returned.
func (c *cmd) workspaceDirs(d, g string) ([]string, bool) {
	g = word.Clean(strings.TrimPrefix(g, "./"))
	switch {
	case strings.HasPrefix(g, "!"):
		return nil, true
	case strings.Contains(g, "**") || strings.ContainsAny(g, "{}\\") || g == ".." || strings.HasPrefix(g, "../") || path.IsAbs(g):
		return nil, false
	case !strings.ContainsAny(g, "*?["):
		return []string{path.Join(d, g)}, true
	}
	parts := strings.Split(g, "/")
	fixed := 0
	for fixed < len(parts) && !strings.ContainsAny(parts[fixed], "*?[") {
		fixed++
	}
	base := path.Join(append([]string{d}, parts[:fixed]...)...)
	names, ok := c.w.Tree(base, len(parts)-fixed)
	if !ok {
		return nil, false
	}
	rest := strings.Join(parts[fixed:], "/")
	var out []string
	for _, n := range names {
		n, dir := strings.CutSuffix(n, "/")
		if m, _ := path.Match(rest, n); dir && m && !strings.Contains("/"+n+"/", "/node_modules/") {
			out = append(out, path.Join(base, n))
		}
	}
	return out, true
}

// localSpec reads a dependency's spec as npm (npm-package-arg) would
// resolve it, default-deny. Not the project's code (local false): a
// registry version, range or tag, npm:NAME@RANGE, a remote URL or git
// host (remoteSpec), a JSR package (jsr:@scope/name), and a workspace
// member by its range (workspace:^, read from the root's list). Every other spec is local code: a
// directory guard can read (file:D, link:D, portal:D, ./D, a path with a
// slash npm does not read as a git host) is returned; any other (a
// tarball, git+file:, exec:, a path from the home or the root, a form
// guard does not parse) has ok false.
func localSpec(spec string) (dir string, local, ok bool) {
	s := strings.TrimSpace(spec)
	if rest, cut := strings.CutPrefix(s, "workspace:"); cut && (registrySpec(rest) || aliasSpec(rest)) {
		return "", false, true
	}
	if registrySpec(s) || remoteSpec(s) || strings.HasPrefix(s, "npm:") && aliasSpec(s[len("npm:"):]) ||
		strings.HasPrefix(s, "jsr:") && aliasSpec(s[len("jsr:"):]) {
		return "", false, true
	}
	named := false // a path without a slash is one only after file:
	for _, p := range []string{"file:", "link:", "portal:", "workspace:"} {
		if rest, cut := strings.CutPrefix(s, p); cut {
			s, named = rest, true
			break
		}
	}
	lower := strings.ToLower(s)
	for _, ext := range []string{".tgz", ".tar.gz", ".tar"} {
		if strings.HasSuffix(lower, ext) {
			return "", true, false
		}
	}
	if s == "" || strings.HasPrefix(s, "~") || path.IsAbs(s) || strings.HasPrefix(s, "//") ||
		strings.ContainsAny(s, ":\\") || !named && !strings.Contains(s, "/") && !strings.HasPrefix(s, ".") {
		return "", true, false
	}
	return s, true, true
}

// registrySpec reports whether s is a registry version, range or tag
// (^1.2.0, >=1 <2 || 3, 1.x, latest, *, ""): letters, digits and range
// marks only, not a file name npm would read as a tarball (x.tgz) or a
// path (.x).
func registrySpec(s string) bool {
	if strings.HasPrefix(s, ".") {
		return false
	}
	lower := strings.ToLower(s)
	if strings.HasSuffix(lower, ".tgz") || strings.HasSuffix(lower, ".tar") || strings.HasSuffix(lower, ".tar.gz") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(" .-+*^~<>=|_", r)) {
			return false
		}
	}
	return true
}

// aliasSpec reports whether s is NAME or NAME@RANGE of a registry
// package (npm:NAME@RANGE, workspace:NAME@RANGE).
func aliasSpec(s string) bool {
	scope := ""
	if strings.HasPrefix(s, "@") {
		var found bool
		if scope, s, found = strings.Cut(s[1:], "/"); !found || !packageName(scope) {
			return false
		}
	}
	name, rng, _ := strings.Cut(s, "@")
	return packageName(name) && registrySpec(rng)
}

// packageName reports whether s is a plain package name (or scope).
func packageName(s string) bool {
	if s == "" || s[0] == '.' || s[0] == '_' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._", r)) {
			return false
		}
	}
	return true
}

// remoteSpec reports whether s names code from another machine: an
// http(s) tarball, a git repository over https, http, ssh (git@HOST:path
// too) or git://, whose host is public (publicHost: a server on this
// machine serves what the project holds), or a git host (github:,
// gitlab:, bitbucket:, gist:, user/repo).
func remoteSpec(s string) bool {
	lower := strings.ToLower(s)
	for _, p := range []string{"https://", "http://", "git+https://", "git+http://", "git+ssh://", "git://"} {
		if rest, ok := strings.CutPrefix(lower, p); ok {
			host, _, _ := strings.Cut(rest, "/")
			return publicHost(host) // a server on this machine serves local code
		}
	}
	if user, rest, ok := strings.Cut(s, "@"); ok && !strings.ContainsAny(user, "/:") { // git@HOST:path, over ssh
		host, _, ok := strings.Cut(rest, ":")
		return ok && strings.Contains(host, ".") && !strings.Contains(host, "/") && publicHost(host)
	}
	for _, p := range []string{"github:", "gitlab:", "bitbucket:", "gist:"} {
		if rest, ok := strings.CutPrefix(lower, p); ok {
			return hostedShorthand(rest)
		}
	}
	return hostedShorthand(s)
}

// hostedShorthand reports whether s is USER/REPO[#REF], which npm reads
// as a GitHub repository: one slash, names of letters, digits, - _ .,
// neither a path's (., .., .x, -x).
func hostedShorthand(s string) bool {
	s, _, _ = strings.Cut(s, "#")
	user, repo, ok := strings.Cut(s, "/")
	return ok && packageName(user) && packageName(repo) && !strings.ContainsAny(user[:1], "-_") && repo != ".."
}

// npmCommandWord returns npm's words with its command word (the first
// operand as nopt reads them) spelled as the command npm runs for it
// (catalogue.NpmCommand: reb is rebuild, installTest install-test), so
// that every reader of the command sees the one npm runs. A word npm
// knows no command for stays as it is.
func npmCommandWord(args []word.Word) []word.Word {
	at, _ := catalogue.NpmArgv(word.Texts(args))
	if len(at) == 0 || !args[at[0]].Known {
		return args
	}
	cmd := catalogue.NpmCommand(args[at[0]].Text)
	if cmd == "" || cmd == args[at[0]].Text {
		return args
	}
	out := slices.Clone(args)
	out[at[0]].Text = cmd
	return out
}

// newScripts returns the names of the scripts of package.json f the
// command runs that are not already being followed: npm run build inside
// the build script being read is a cycle, which runs nothing new; none
// while all of f's scripts ("*") are being followed.
func (c *cmd) newScripts(f string, names []string) []string {
	where := c.w.Where(f)
	if slices.Contains(c.w.scriptsFollowed, scriptKeys(where, []string{"*"})[0]) {
		return nil // every script of f is being followed
	}
	var out []string
	for _, n := range names {
		if !slices.Contains(c.w.scriptsFollowed, scriptKeys(where, []string{n})[0]) {
			out = append(out, n)
		}
	}
	return out
}

// scriptKeys returns the keys of scriptsFollowed for the scripts names of
// the package.json at place where.
func scriptKeys(where string, names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, word.Clean(where)+"\x00"+n)
	}
	return out
}

// workspacesOnly reports whether an npm command runs its scripts in the
// workspaces it names and not in the root (-ws, --workspaces, -w D,
// --workspace=D, without --include-workspace-root or a workspace naming
// the root itself).
func (c *cmd) workspacesOnly() bool {
	if c.name != "npm" || !c.workspaceCall() {
		return false
	}
	for i, a := range c.args {
		if a.Text == "--" {
			break
		}
		o := catalogue.NpmOption(a.Text)
		switch {
		case o.Ambiguous || o.Key == "include-workspace-root":
			return false
		case (a.Text == "-w" || o.Key == "workspace" && !o.Eq) && i+1 < len(c.args):
			if word.Clean(c.args[i+1].Text) == "." {
				return false
			}
		case o.Key == "workspace" && o.Eq && word.Clean(o.Value) == ".":
			return false
		}
	}
	return true
}
