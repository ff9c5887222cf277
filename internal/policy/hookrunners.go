package policy

// The code a hook entry's runner loads: `npx prettier`,
// `.venv/bin/python -m black`, `uvx ruff` name no file of the code they
// run; the runner finds it (node_modules/.bin and the package its link
// leads into, the interpreter's site-packages, uv's or pipx's own
// environments). Each entry's runner and package name give the
// directories that hold that code, protected as globs beside the hook
// programs (hookPrograms).

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// maxRunnerLevels bounds the directories above an entry's directory whose
// node_modules a node runner looks in.
const maxRunnerLevels = 12

// runnerGlobs returns the globs of the code hook entry line loads through
// a runner when the client runs it in dir: for each simple command of the
// line, the node package an npx-like runner runs, the module a Python
// interpreter runs with -m (and what every start of that interpreter runs:
// site-packages' .pth files, sitecustomize), the package of a venv's
// console script, and the environments of uvx and pipx run.
func runnerGlobs(line, home, dir string) []string {
	if dir == "" || !filepath.IsAbs(dir) {
		return nil
	}
	var out []string
	for _, c := range entryCommands(line, home, dir) { // after a cd, in its directory
		if c.dir != "" {
			out = append(out, commandRunnerGlobs(c.args, home, c.dir)...)
		}
	}
	return out
}

// commandRunnerGlobs is runnerGlobs for one simple command, args[0] its
// program.
func commandRunnerGlobs(args []string, home, dir string) []string {
	prog := runnerName(args[0])
	rest := args[1:]
	sub := ""
	if len(rest) > 0 {
		sub = rest[0]
	}
	switch {
	case prog == "npx" || prog == "bunx" ||
		prog == "npm" && (sub == "exec" || sub == "x") ||
		(prog == "pnpm" || prog == "yarn") && (sub == "exec" || sub == "dlx") ||
		prog == "pnpx" || prog == "bun" && sub == "x":
		if prog != "npx" && prog != "bunx" && prog != "pnpx" {
			rest = rest[1:]
		}
		return nodeGlobs(nodePackage(rest), home, dir)
	case prog == "uvx" || prog == "uv" && sub == "tool" || prog == "pipx" && sub == "run":
		return toolGlobs(prog, home)
	case prog == "uv" && sub == "run" || (prog == "poetry" || prog == "pdm" || prog == "hatch") && sub == "run":
		rest = optionsOff(rest[1:])
		if len(rest) == 0 {
			return nil
		}
		venv := filepath.Join(dir, ".venv")
		if strings.HasPrefix(runnerName(rest[0]), "python") {
			return moduleGlobs(venv, pythonModule(rest[1:]))
		}
		return moduleGlobs(venv, strings.ReplaceAll(runnerName(rest[0]), "-", "_"))
	case strings.HasPrefix(prog, "python"):
		return pythonGlobs(args[0], rest, home, dir)
	}
	return scriptGlobs(args[0], dir)
}

// runnerName is the base name of program word w, without a Windows
// executable's extension.
func runnerName(w string) string {
	b := filepath.Base(filepath.FromSlash(w))
	for _, ext := range []string{".exe", ".cmd", ".bat"} {
		b = strings.TrimSuffix(b, ext)
	}
	return b
}

// optionsOff drops the options before a runner's operand (a --flag=value
// keeps its value; `-p X`/`--package X` and `--with X` are read by
// nodePackage).
func optionsOff(args []string) []string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if args[0] == "--" {
			return args[1:]
		}
		args = args[1:]
	}
	return args
}

// nodePackage returns the package an npx-like runner's arguments run:
// the -p/--package one, else the first operand, without its version.
func nodePackage(args []string) string {
	name := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case (a == "-p" || a == "--package") && i+1 < len(args):
			return packageName(args[i+1])
		case strings.HasPrefix(a, "--package="):
			return packageName(strings.TrimPrefix(a, "--package="))
		case a == "--":
			continue
		case strings.HasPrefix(a, "-"):
			continue
		case name == "":
			name = a
		}
	}
	return packageName(name)
}

// packageName strips a version (`prettier@3`, `@scope/pkg@1`) and
// refuses what is not a package name.
func packageName(s string) string {
	if i := strings.LastIndexByte(s, '@'); i > 0 {
		s = s[:i]
	}
	if s == "" || strings.ContainsAny(s, "*?[]{}\\$~ ") || strings.HasPrefix(s, ".") || strings.Count(s, "/") > 1 ||
		strings.Contains(s, "/") && !strings.HasPrefix(s, "@") {
		return ""
	}
	return s
}

// nodeGlobs returns where the code of node package name lies for a runner
// started in dir: node_modules/NAME and node_modules/.bin/NAME in dir and
// each directory above it (up to the home directory, bounded), the
// package a .bin link leads into (`tsc` → typescript), and npx's cache of
// packages it downloads.
func nodeGlobs(name, home, dir string) []string {
	if name == "" {
		return nil
	}
	var out []string
	d := filepath.Clean(dir)
	for range maxRunnerLevels {
		nm := literalGlob(filepath.Join(d, "node_modules"))
		out = append(out, nm+"/"+name+"/**", nm+"/.bin/"+filepath.Base(name))
		if t, err := os.Readlink(filepath.Join(d, "node_modules", ".bin", filepath.Base(name))); err == nil {
			if !filepath.IsAbs(t) {
				t = filepath.Join(d, "node_modules", ".bin", t)
			}
			if pkg := packageDir(filepath.ToSlash(filepath.Clean(t))); pkg != "" {
				out = append(out, literalGlob(pkg)+"/**")
			}
		}
		up := filepath.Dir(d)
		if d == home || up == d {
			break
		}
		d = up
	}
	if filepath.IsAbs(home) {
		out = append(out, literalGlob(filepath.Join(home, ".npm", "_npx"))+"/**")
	}
	return out
}

// packageDir returns the package directory holding file t (the part up to
// the package's name after the last node_modules/), or "".
func packageDir(t string) string {
	i := strings.LastIndex(t, "/node_modules/")
	if i < 0 {
		return ""
	}
	rest := strings.Split(t[i+len("/node_modules/"):], "/")
	n := 1
	if strings.HasPrefix(rest[0], "@") {
		n = 2
	}
	if len(rest) <= n || rest[0] == ".bin" {
		return ""
	}
	return t[:i] + "/node_modules/" + strings.Join(rest[:n], "/")
}

// pythonModule returns the top package of the module an interpreter's
// arguments run with -m, or "".
func pythonModule(args []string) string {
	for i, a := range args {
		switch {
		case a == "-m" && i+1 < len(args):
			a = args[i+1]
		case strings.HasPrefix(a, "-m"):
			a = a[2:]
		case strings.HasPrefix(a, "-") && len(a) > 2 && !strings.HasPrefix(a, "--") && strings.Contains(a, "m"):
			k := strings.IndexByte(a, 'm') // -Im black, -Imblack
			if a = a[k+1:]; a == "" && i+1 < len(args) {
				a = args[i+1]
			}
		case strings.HasPrefix(a, "-"):
			continue
		default:
			return "" // a script: entryRuns reads it
		}
		mod, _, _ := strings.Cut(a, ".")
		if !shellName(mod) {
			return ""
		}
		return mod
	}
	return ""
}

// pythonGlobs returns, for an entry running interpreter prog with args,
// what that interpreter's start runs from its environment (prog in a
// venv's or an install's bin directory: its site-packages' .pth files and
// sitecustomize, and the -m module's package), and the same in the user's
// site-packages.
func pythonGlobs(prog string, args []string, home, dir string) []string {
	mod := pythonModule(args)
	exe := prog
	if !strings.ContainsAny(exe, "/\\") {
		found, err := exec.LookPath(exe)
		if err != nil || !filepath.IsAbs(found) {
			return userSiteGlobs(home, mod)
		}
		exe = found
	} else if !filepath.IsAbs(exe) {
		exe = filepath.Join(dir, exe)
	}
	out := moduleGlobs(filepath.Dir(filepath.Dir(filepath.Clean(exe))), mod)
	return append(out, userSiteGlobs(home, mod)...)
}

// userSiteGlobs is moduleGlobs for the user's site-packages
// (~/.local/lib/pythonX.Y/site-packages).
func userSiteGlobs(home, mod string) []string {
	if !filepath.IsAbs(home) {
		return nil
	}
	return moduleGlobs(filepath.Join(home, ".local"), mod)
}

// moduleGlobs returns the globs of an interpreter environment root's
// site-packages that an interpreter start runs (.pth files,
// sitecustomize.py, usercustomize.py) and of module mod's package or file
// there ("" for none).
func moduleGlobs(root, mod string) []string {
	if root == "" || !filepath.IsAbs(root) {
		return nil
	}
	r := literalGlob(filepath.Clean(root))
	var out []string
	for _, sp := range []string{r + "/lib/python*/site-packages", r + "/lib64/python*/site-packages", r + "/Lib/site-packages"} {
		out = append(out, sp+"/*.pth", sp+"/sitecustomize.py", sp+"/usercustomize.py")
		if mod != "" {
			out = append(out, sp+"/"+mod+"/**", sp+"/"+mod+".py")
		}
	}
	return out
}

// scriptGlobs returns, for a program named by path in a venv's bin
// directory (.venv/bin/black: pyvenv.cfg beside bin), the globs of its
// package (the program's name, - as _) and of what the venv's interpreter
// runs at every start.
func scriptGlobs(prog, dir string) []string {
	if !strings.ContainsAny(prog, "/\\") || strings.HasPrefix(prog, "$") || strings.HasPrefix(prog, "~") {
		return nil
	}
	exe := filepath.FromSlash(prog)
	if !filepath.IsAbs(exe) {
		exe = filepath.Join(dir, exe)
	}
	root := filepath.Dir(filepath.Dir(filepath.Clean(exe)))
	if fi, err := os.Stat(filepath.Join(root, "pyvenv.cfg")); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	mod := strings.ReplaceAll(runnerName(exe), "-", "_")
	if !shellName(mod) {
		mod = ""
	}
	return moduleGlobs(root, mod)
}

// toolGlobs returns the environments uvx (uv tool run) and pipx run build
// their tools in and run them from: uv's cache and tool directory, pipx's
// home; guard cannot tell which entry of the cache holds a tool, so the
// cache is protected whole.
func toolGlobs(prog, home string) []string {
	var dirs []string
	env := func(name string) string {
		if v := os.Getenv(name); filepath.IsAbs(v) {
			return v
		}
		return ""
	}
	cache := env("XDG_CACHE_HOME")
	if cache == "" && filepath.IsAbs(home) {
		cache = filepath.Join(home, ".cache")
	}
	data := env("XDG_DATA_HOME")
	if data == "" && filepath.IsAbs(home) {
		data = filepath.Join(home, ".local", "share")
	}
	if prog == "pipx" {
		dirs = append(dirs, env("PIPX_HOME"), filepath.Join(data, "pipx"), filepath.Join(home, ".local", "pipx"), filepath.Join(cache, "pipx"))
	} else {
		dirs = append(dirs, env("UV_CACHE_DIR"), env("UV_TOOL_DIR"), filepath.Join(cache, "uv"), filepath.Join(data, "uv", "tools"))
		if runtime.GOOS == "darwin" {
			dirs = append(dirs, filepath.Join(home, "Library", "Caches", "uv"))
		}
	}
	var out []string
	for _, d := range dirs {
		if d != "" && filepath.IsAbs(d) {
			out = append(out, literalGlob(filepath.Clean(d))+"/**")
		}
	}
	return out
}
