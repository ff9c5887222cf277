package policy

// The code a hook entry runs through a project task or an interpreter's
// search. `npm run lint`, `yarn lint`, `go run
// ./cmd/hk`, `cargo run`, `pre-commit run` name no file of the code they
// run: the task file does (package.json's scripts, a crate's src/, the
// package's directory, .pre-commit-config.yaml's entries), and a script
// line found there is an entry line of its own (analysed as one, bounded).
// A Python hook script imports from its own directory first (sys.path[0]:
// a new json.py, helper/__init__.py, helper.*.so or __pycache__/helper.*.pyc
// takes over an import), and a Node one requires from the node_modules of
// every directory up to the root (nodeRequireGlobs): those candidates are
// protected as globs, not only the module found today.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell/lang"
)

const (
	// maxTaskDepth bounds the task lines followed from an entry line.
	maxTaskDepth = 3
	// maxTaskFileBytes bounds a task file read (package.json, the
	// pre-commit configuration).
	maxTaskFileBytes = 256 << 10
	// maxTaskLevels bounds the directories walked up for a task file.
	maxTaskLevels = 8
)

// lineRuns returns what hook entry line runs when the client runs it in
// dir: the files (entryRuns) and the globs of what its runners load
// (runnerGlobs) and of the code its tasks run (taskRuns), each task's
// script line analysed as an entry line of its own, to maxTaskDepth, at
// most budget lines in all.
func (p *Policy) lineRuns(line, home, dir string, depth int, budget *int) (out, globs []string) {
	if *budget <= 0 {
		return nil, nil
	}
	*budget--
	out, globs = p.entryRuns(line, home, dir)
	globs = append(globs, runnerGlobs(line, home, dir)...)
	if dir == "" || !filepath.IsAbs(dir) {
		return out, globs
	}
	for _, c := range entryCommands(line, home, dir) {
		if c.dir == "" {
			continue
		}
		g, lines := taskRuns(c.args, home, c.dir)
		globs = append(globs, g...)
		if depth >= maxTaskDepth {
			continue
		}
		for _, l := range lines {
			out = append(out, entryPaths(l, home, c.dir, true)...)
			o, g := p.lineRuns(l, home, c.dir, depth+1, budget)
			out, globs = append(out, o...), append(globs, g...)
		}
	}
	return out, globs
}

// entryCmd is one simple command of an entry line and the directory it
// runs in ("" when guard cannot tell).
type entryCmd struct {
	args []string
	dir  string
}

// entryCommands splits line into its simple commands (hookWords), each
// with its directory: dir, changed by a `cd DIR` before it (an MCP
// server's cwd is one: serverLine). Assignments before a program are left
// out.
func entryCommands(line, home, dir string) []entryCmd {
	var out []entryCmd
	ws := hookWords(line)
	for i := 0; i < len(ws); i++ {
		if !ws[i].first {
			continue
		}
		j := i + 1
		for j < len(ws) && !ws[j].first {
			j++
		}
		args := make([]string, 0, j-i)
		for _, w := range ws[i:j] {
			args = append(args, w.text)
		}
		i = j - 1
		switch {
		case strings.Contains(args[0], "=") && !strings.Contains(args[0], "/"):
			continue // an assignment before a program
		case args[0] == "cd":
			if len(args) == 2 {
				dir = cdDir(args[1], home, dir)
			}
			continue
		}
		out = append(out, entryCmd{args: args, dir: dir})
	}
	return out
}

// cdDir returns the directory `cd w` enters from dir, "" when guard
// cannot tell (a variable other than $HOME and a $…PROJECT_DIR).
func cdDir(w, home, dir string) string {
	name := strings.Trim(strings.TrimPrefix(w, "$"), "{}")
	switch {
	case strings.HasPrefix(w, "$") && dirVar(name) && shellName(name):
		return dir
	case w == "~" || w == "$HOME" || w == "${HOME}":
		return home
	case strings.HasPrefix(w, "$") || strings.HasPrefix(w, "~/"):
		q, ok := wordPath(w, home, dir, true)
		if !ok || strings.HasPrefix(q, "**/") {
			return ""
		}
		return filepath.Clean(filepath.FromSlash(q))
	case strings.ContainsAny(w, "$`") || dir == "" && !filepath.IsAbs(w):
		return ""
	case filepath.IsAbs(w):
		return filepath.Clean(w)
	}
	return filepath.Join(dir, w)
}

// taskRuns returns, for one simple command args run in dir, the globs of
// the code it runs that no file word names (a Go package's sources, a
// crate's, a Python script's import candidates, a Node script's
// node_modules) and the script lines it runs (package.json's scripts, the
// pre-commit configuration's entries).
func taskRuns(args []string, home, dir string) (globs, lines []string) {
	prog, rest := runnerName(args[0]), args[1:]
	sub := ""
	if len(rest) > 0 {
		sub = rest[0]
	}
	switch {
	case prog == "npm" || prog == "pnpm" || prog == "yarn" || prog == "bun":
		if name := npmTask(prog, rest); name != "" {
			lines := packageScripts(dir, name)
			return npmBinGlobs(home, dir, lines), lines // hooktoolchains.go
		}
	case prog == "go" && sub == "run":
		return append(goRunGlobs(rest[1:], dir), goModuleGlobs(dir)...), nil
	case prog == "cargo" && cargoBuilds(sub):
		return append(cargoGlobs(dir), rustToolchainGlobs(dir)...), nil
	case (prog == "pre-commit" || prog == "prek") && (sub == "run" || sub == "try-repo"):
		return preCommitRuns(rest[1:], dir)
	case (prog == "uv" || prog == "poetry" || prog == "pdm" || prog == "hatch") && sub == "run":
		if r := optionsOff(rest[1:]); len(r) > 0 {
			return taskRuns(r, home, dir)
		}
	case strings.HasPrefix(prog, "python"):
		return pythonImportGlobs(dir, pythonScript(rest)), nil
	case strings.HasSuffix(prog, ".py"):
		return pythonImportGlobs(dir, args[0]), nil
	case prog == "node" || prog == "nodejs" || prog == "tsx" || prog == "ts-node":
		return nodeRequireGlobs(home, dir, optionsOff(rest)), nil
	case strings.HasSuffix(prog, ".js") || strings.HasSuffix(prog, ".mjs") || strings.HasSuffix(prog, ".cjs"):
		return nodeRequireGlobs(home, dir, args[:1]), nil
	}
	return nil, nil
}

// npmBuiltins are the yarn, pnpm and bun commands that are not a script's
// name (`yarn lint` runs the script lint; `yarn add` does not).
const npmBuiltins = " add install i remove rm un up upgrade update init info why list ls config cache global link" +
	" unlink pack publish version exec dlx create audit outdated dedupe login logout bin store import prune" +
	" rebuild patch workspace workspaces set plugin node help x pm build "

// npmTask returns the package.json script a package manager's arguments
// run (`npm run NAME`, `npm test`, `yarn NAME`), or "".
func npmTask(prog string, args []string) string {
	args = optionsOff(args)
	if len(args) == 0 {
		return ""
	}
	switch sub := args[0]; sub {
	case "run", "run-script", "rum", "urn", "rn":
		if r := optionsOff(args[1:]); len(r) > 0 {
			return r[0]
		}
		return ""
	case "test", "t", "tst":
		return "test"
	case "start", "stop", "restart":
		return sub
	default:
		if prog != "npm" && !strings.Contains(npmBuiltins, " "+sub+" ") && !strings.ContainsAny(sub, "/\\$") {
			return sub
		}
	}
	return ""
}

// packageScripts returns the script lines `npm run name` runs from the
// package.json nearest above dir: its pre and post scripts around it.
func packageScripts(dir, name string) []string {
	d := dir
	for range maxTaskLevels {
		data, err := regularfile.ReadFile(filepath.Join(d, "package.json"), maxTaskFileBytes)
		if err == nil {
			var scripts map[string]any
			pkg, err := lang.JSONObject(data) // exact keys: "Scripts" is not npm's
			if err != nil || lang.JSONMember(pkg, "scripts", &scripts) != nil {
				return nil // npm refuses it too (or a key twice); package.json itself is protected (entryRuns)
			}
			var out []string
			for _, k := range [...]string{"pre" + name, name, "post" + name} {
				if s, ok := scripts[k].(string); ok && s != "" {
					out = append(out, s)
				}
			}
			return out
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return nil
}

// goRunValueFlags are the go build flags that take a value as the next
// argument.
const goRunValueFlags = " -C -exec -tags -ldflags -gcflags -asmflags -mod -modfile -overlay -pkgdir -p -toolexec -o -pgo "

// goRunGlobs returns the sources `go run ARGS` builds in dir: the named
// package's directory's .go files (a ./… pattern's tree), the files of a
// file list, and the module's go.mod and go.work; a package named by
// import path (guard does not resolve it) is the module's code whole.
func goRunGlobs(args []string, dir string) []string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-C" && i+1 < len(args) {
			dir = cdDir(args[i+1], "", dir)
		}
		if strings.HasPrefix(a, "-") {
			if strings.Contains(goRunValueFlags, " "+a+" ") {
				i++
			}
			continue
		}
		if dir == "" {
			return nil
		}
		d := literalGlob(filepath.Clean(dir))
		out := []string{d + "/go.mod", d + "/go.work"}
		switch {
		case strings.HasSuffix(a, ".go"):
			return append(out, literalGlob(filepath.Dir(filepath.Join(dir, a)))+"/*.go")
		case strings.HasSuffix(a, "/..."):
			return append(out, literalGlob(filepath.Join(dir, strings.TrimSuffix(a, "/...")))+"/**/*.go")
		case a == "." || strings.HasPrefix(a, "./") || strings.HasPrefix(a, "../") || filepath.IsAbs(a):
			return append(out, literalGlob(filepath.Join(dir, a))+"/*.go")
		}
		return append(out, d+"/**/*.go")
	}
	return nil
}

// cargoBuilds reports whether cargo subcommand sub builds the crate (and
// so runs its build script) or runs its code.
func cargoBuilds(sub string) bool {
	switch sub {
	case "run", "r", "build", "b", "test", "t", "bench", "check", "c", "clippy", "doc", "d":
		return true
	}
	return false
}

// cargoGlobs returns the code cargo builds and runs for a crate in dir
// (its Cargo.toml's directory, looked up from dir): src/**, build.rs,
// Cargo.toml and cargo's configuration in .cargo/.
func cargoGlobs(dir string) []string {
	root, d := dir, dir
	for range maxTaskLevels {
		if _, err := os.Lstat(filepath.Join(d, "Cargo.toml")); err == nil {
			root = d
			break
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	r := literalGlob(filepath.Clean(root))
	return []string{r + "/src/**", r + "/build.rs", r + "/Cargo.toml", r + "/.cargo/**"}
}

// preCommitRuns returns pre-commit's configuration (-c/--config, else
// .pre-commit-config.yaml in dir) as a glob and the entry lines of its
// hooks (each `entry:` value: a local hook's program and arguments).
func preCommitRuns(args []string, dir string) (globs, lines []string) {
	conf := ".pre-commit-config.yaml"
	for i, a := range args {
		switch {
		case (a == "-c" || a == "--config") && i+1 < len(args):
			conf = args[i+1]
		case strings.HasPrefix(a, "--config="):
			conf = strings.TrimPrefix(a, "--config=")
		}
	}
	f := filepath.Join(dir, conf)
	if filepath.IsAbs(conf) {
		f = filepath.Clean(conf)
	}
	globs = []string{literalGlob(f)}
	data, err := regularfile.ReadFile(f, maxTaskFileBytes)
	if err != nil {
		return globs, nil
	}
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- "))
		v, ok := strings.CutPrefix(l, "entry:")
		if v = strings.Trim(strings.TrimSpace(v), `"'`); ok && v != "" && len(lines) < maxHookLines {
			lines = append(lines, v)
		}
	}
	return globs, lines
}

// pythonScript returns the script operand of a Python interpreter's
// arguments, "" when it runs none (-c, -m, standard input).
func pythonScript(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		case a == "-W" || a == "-X" || a == "-Q":
			i++
		case a == "-":
			return ""
		case strings.HasPrefix(a, "--"):
			continue
		case strings.HasPrefix(a, "-"):
			if strings.ContainsAny(a[1:], "cm") {
				return "" // -c CMD, -m MOD (combined: -Im, -Bc)
			}
		default:
			return a
		}
	}
	return ""
}

// pythonImportGlobs returns the import candidates a Python script found
// at script (relative to dir) meets before any other path entry: in its
// own directory, sys.path[0], every module file (*.py, *.pyc, extension
// modules *.so/*.pyd) and __pycache__, and a package directory of each
// name the script imports (pythonImports: a glob of any new directory
// would meet every path written there as a tree).
func pythonImportGlobs(dir, script string) []string {
	if script == "" || strings.ContainsAny(script, "$`") {
		return nil
	}
	f := filepath.FromSlash(script)
	if !filepath.IsAbs(f) {
		f = filepath.Join(dir, f)
	}
	f = filepath.Clean(f)
	d := literalGlob(filepath.Dir(f))
	out := []string{d + "/*.py", d + "/*.pyc", d + "/*.so", d + "/*.pyd", d + "/__pycache__/**"}
	for _, name := range pythonImports(f) {
		out = append(out, d+"/"+name+"/**")
	}
	return out
}

// maxImports bounds the names pythonImports returns.
const maxImports = 64

// pythonImports returns the top-level names script f imports (`import
// a.b, c as d`, `from a.b import x`), read bounded; relative imports are
// left out.
func pythonImports(f string) []string {
	data, err := regularfile.ReadFile(f, maxTaskFileBytes)
	if err != nil {
		return nil
	}
	var out []string
	add := func(mod string) {
		mod, _, _ = strings.Cut(strings.TrimSpace(mod), ".")
		if mod, _, _ = strings.Cut(mod, " "); shellName(mod) && !slices.Contains(out, mod) && len(out) < maxImports {
			out = append(out, mod)
		}
	}
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if rest, ok := strings.CutPrefix(l, "import "); ok {
			for _, m := range strings.Split(rest, ",") {
				add(m)
			}
		} else if rest, ok := strings.CutPrefix(l, "from "); ok && !strings.HasPrefix(rest, ".") {
			add(rest)
		}
	}
	return out
}

// maxNodeNames bounds the required names nodeRequireGlobs follows.
const maxNodeNames = 8

// maxNodeLevels bounds the directories nodeRequireGlobs walks up.
const maxNodeLevels = 32

// nodeRequireGlobs returns the files a Node script (the first operand of
// args, relative to dir) may load for what it requires, as Node searches:
// a relative `./X` as X itself (tried first), X.* and
// X/**; a bare name NAME as NAME*, NAME/** in the node_modules of every
// directory from the script's up to the root, and in ~/.node_modules and
// ~/.node_libraries. The node_modules below the script's package (the
// first directory holding a node_modules or a package.json) are protected
// whole, as before; the package manager's own are
// protected by name, so that `npm install` of another package still runs.
func nodeRequireGlobs(home, dir string, args []string) []string {
	if len(args) == 0 || strings.ContainsAny(args[0], "$`") || slices.Contains([]string{"-", "-e", "-p"}, args[0]) {
		return nil
	}
	f := filepath.FromSlash(args[0])
	if !filepath.IsAbs(f) {
		f = filepath.Join(dir, f)
	}
	f = filepath.Clean(f)
	rel, names := nodeRequires(f)
	var out []string
	d := filepath.Dir(f)
	for _, r := range rel {
		g := literalGlob(filepath.Join(d, filepath.FromSlash(r)))
		out = append(out, g, g+".*", g+"/**")
	}
	byName := func(nm string) {
		for _, name := range names {
			out = append(out, nm+"/"+literalGlob(name)+"*", nm+"/"+literalGlob(name)+"/**")
		}
	}
	below := true
	for range maxNodeLevels {
		nm := literalGlob(filepath.Join(d, "node_modules"))
		if below && (exists(filepath.Join(d, "node_modules")) || exists(filepath.Join(d, "package.json"))) {
			below = false
		}
		if below {
			out = append(out, nm+"/**")
		} else {
			byName(nm)
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	if filepath.IsAbs(home) {
		byName(literalGlob(filepath.Join(home, ".node_modules")))
		byName(literalGlob(filepath.Join(home, ".node_libraries")))
	}
	return out
}

// exists reports whether something is at f.
func exists(f string) bool {
	_, err := os.Lstat(f)
	return err == nil
}

// nodeRequires returns the relative paths (./X, ../X) and the package
// names (NAME of NAME/sub, @scope/NAME) Node script f requires or imports
// (require('…'), import … from '…', import('…')), read bounded, at most
// maxNodeNames of each; `node:` built-ins are left out.
func nodeRequires(f string) (rel, names []string) {
	data, err := regularfile.ReadFile(f, maxTaskFileBytes)
	if err != nil {
		return nil, nil
	}
	text := string(data)
	for _, key := range [...]string{"require(", "from ", "import("} {
		for rest := text; ; {
			i := strings.Index(rest, key)
			if i < 0 {
				break
			}
			rest = strings.TrimLeft(rest[i+len(key):], " \t")
			if rest == "" || (rest[0] != '\'' && rest[0] != '"' && rest[0] != '`') {
				continue
			}
			end := strings.IndexByte(rest[1:], rest[0])
			if end < 0 {
				break
			}
			spec := rest[1 : end+1]
			switch {
			case spec == "" || strings.HasPrefix(spec, "node:") || strings.ContainsAny(spec, "$\n"):
			case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
				if len(rel) < maxNodeNames && !slices.Contains(rel, spec) {
					rel = append(rel, strings.TrimSuffix(spec, "/"))
				}
			case !strings.HasPrefix(spec, "/"):
				if name := nodePackageName(spec); name != "" && len(names) < maxNodeNames && !slices.Contains(names, name) {
					names = append(names, name)
				}
			}
		}
	}
	return rel, names
}

// nodePackageName returns the package a bare require names: NAME of
// NAME/sub, @scope/NAME of @scope/NAME/sub.
func nodePackageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 {
			return ""
		}
		return parts[0] + "/" + parts[1]
	}
	if parts[0] == "." || parts[0] == ".." {
		return ""
	}
	return parts[0]
}
