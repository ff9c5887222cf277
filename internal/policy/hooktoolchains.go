package policy

// What a project task's toolchain loads besides the files its script line
// names: npm, yarn, pnpm and bun run a script with the
// node_modules/.bin of the package and of every directory above it first
// on PATH, so the script's `eslint` is node_modules/.bin/eslint and the
// package it links to; `go run` compiles the directories go.mod's
// `replace … => ./dir` and go.work's `use` lines name; rustup's cargo proxy
// runs the toolchain rust-toolchain(.toml) names, and cargo reads the
// .cargo/config(.toml) of every directory from the crate's up.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/regularfile"
)

// maxBinNames bounds the program names of a package's scripts followed to
// node_modules/.bin.
const maxBinNames = 32

// npmBinGlobs returns, for script lines run by a package manager in dir,
// the files each bare program name of theirs may be on the PATH npm
// builds: DIR/node_modules/.bin/NAME for the package's directory (the
// nearest above dir holding package.json) and every directory above it,
// and, when the link is there, the package tree it points into.
func npmBinGlobs(home, dir string, lines []string) []string {
	pkg := dir
	for d, i := dir, 0; i < maxTaskLevels; i++ {
		if exists(filepath.Join(d, "package.json")) {
			pkg = d
			break
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	var names []string
	for _, l := range lines {
		for _, c := range entryCommands(l, home, pkg) {
			n := c.args[0]
			if n == "" || strings.ContainsAny(n, "/\\$`=*?[") || len(names) >= maxBinNames || slices.Contains(names, n) {
				continue
			}
			names = append(names, n)
		}
	}
	var out []string
	for d, i := pkg, 0; i < maxNodeLevels && len(names) > 0; i++ {
		bin := filepath.Join(d, "node_modules", ".bin")
		for _, n := range names {
			out = append(out, literalGlob(filepath.Join(bin, n)))
			if t := binPackage(filepath.Join(bin, n)); t != "" {
				out = append(out, literalGlob(t)+"/**")
			}
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return out
}

// binPackage returns the package directory node_modules/.bin link f
// points into (node_modules/NAME or node_modules/@scope/NAME), "" when f
// is no link into a node_modules.
func binPackage(f string) string {
	if fi, err := os.Lstat(f); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return ""
	}
	t, err := filepath.EvalSymlinks(f)
	if err != nil {
		return ""
	}
	t = filepath.ToSlash(t)
	i := strings.LastIndex(t, "/node_modules/")
	if i < 0 {
		return ""
	}
	parts := strings.SplitN(t[i+len("/node_modules/"):], "/", 3)
	n := 1
	if strings.HasPrefix(parts[0], "@") {
		n = 2
	}
	if len(parts) <= n {
		return ""
	}
	return filepath.FromSlash(t[:i] + "/node_modules/" + strings.Join(parts[:n], "/"))
}

// goModuleGlobs returns the local module directories the build of a
// package in dir compiles besides its own module: each `replace … =>
// DIR` of the nearest go.mod above dir whose target is a directory, and
// each `use DIR` of the nearest go.work (its sources and go.mod).
func goModuleGlobs(dir string) []string {
	var out []string
	for _, f := range [...]string{"go.mod", "go.work"} {
		file := nearestAbove(dir, f)
		if file == "" {
			continue
		}
		data, err := regularfile.ReadFile(file, maxTaskFileBytes)
		if err != nil {
			continue
		}
		for _, d := range goLocalDirs(string(data)) {
			if !filepath.IsAbs(d) {
				d = filepath.Join(filepath.Dir(file), d)
			}
			g := strings.TrimSuffix(literalGlob(filepath.Clean(d)), "/")
			out = append(out, g+"/**/*.go", g+"/go.mod")
		}
	}
	return out
}

// nearestAbove returns the file called name in dir or the nearest
// directory above it, "" when none is within maxTaskLevels.
func nearestAbove(dir, name string) string {
	for d, i := dir, 0; i < maxTaskLevels; i++ {
		if f := filepath.Join(d, name); exists(f) {
			return f
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return ""
}

// maxGoDirs bounds the local directories read from go.mod or go.work.
const maxGoDirs = 32

// goLocalDirs returns the local directories a go.mod's replace directives
// (the target after =>) and a go.work's use directives name, in one-line
// and block form: a path starting with ./, ../ or /.
func goLocalDirs(text string) []string {
	var out []string
	block := ""
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 || len(out) >= maxGoDirs {
			continue
		}
		verb := block
		switch {
		case f[0] == ")":
			block = ""
			continue
		case (f[0] == "replace" || f[0] == "use") && len(f) > 1 && f[1] == "(":
			block = f[0]
			continue
		case f[0] == "replace" || f[0] == "use":
			verb, f = f[0], f[1:]
		}
		if len(f) == 0 {
			continue
		}
		var p string
		switch verb {
		case "use":
			p = f[0]
		case "replace":
			for i, w := range f {
				if w == "=>" && i+1 < len(f) {
					p = f[i+1]
				}
			}
		}
		p = strings.Trim(p, "\"`")
		if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") || p == "." || p == ".." {
			out = append(out, filepath.FromSlash(p))
		}
	}
	return out
}

// rustToolchainGlobs returns the files rustup and cargo read from dir and
// every directory above it: rust-toolchain and rust-toolchain.toml (the
// toolchain rustup's proxy runs: a `path` names its binaries) and cargo's
// .cargo/config and .cargo/config.toml.
func rustToolchainGlobs(dir string) []string {
	var out []string
	for d, i := dir, 0; i < maxNodeLevels; i++ {
		g := strings.TrimSuffix(literalGlob(filepath.Clean(d)), "/")
		out = append(out, g+"/rust-toolchain", g+"/rust-toolchain.toml", g+"/.cargo/config", g+"/.cargo/config.toml")
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return out
}
