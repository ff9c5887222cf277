package shell

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// cargoBuilds are cargo's subcommands that compile a package's code
// without running it (cargo test, bench and run run it: the runner's row):
// what runs is each package's build script and the proc-macro crates the
// compiler loads; the rest is read by the compiler only (include_str!,
// buildIncludes).
const cargoBuilds word.Set = " build b check c clippy doc d install rustc "

// cargoBuilder returns the cargo runner and its words after the
// subcommand when name and args are a cargo command that compiles
// without running (cargoBuilds); runnerOf is asked first, so a word of
// test, bench or run anywhere keeps the whole scan.
func cargoBuilder(name string, args []word.Word) (*catalogue.TestRunner, []word.Word) {
	if name != "cargo" {
		return nil, nil
	}
	for j, a := range args {
		if cargoBuilds.Has(a.Text) {
			return catalogue.TestRunnerNamed("cargo"), args[j+1:]
		}
	}
	return nil, nil
}

// cargoRegexps are the regular expressions guard reads Cargo.toml and
// Rust text with, built when first used.
type cargoRegexps struct {
	build     *regexp.Regexp // a package's build key: build = "PATH", true or false
	name      *regexp.Regexp // a table's name = "NAME" line, NAME a plain program name
	pathAttr  *regexp.Regexp // a #[path = "FILE"] attribute (or #![path …])
	pathStart *regexp.Regexp // the start of a #[path …] attribute
	git       *regexp.Regexp // a git source's URL: git = "URL" (a dependency, a [patch], a [source])
}

var cargoRes = sync.OnceValue(func() *cargoRegexps {
	return &cargoRegexps{
		build:     regexp.MustCompile(`(?m)(?:^|[\s{,.])build\s*=\s*("[^"\n]*"|'[^'\n]*'|\w+)?`),
		name:      regexp.MustCompile(`^name\s*=\s*"([A-Za-z0-9_][A-Za-z0-9_.-]*)"\s*(#.*)?$`),
		pathAttr:  regexp.MustCompile(`#!?\[\s*path\s*=\s*"([^"\\]*)"\s*\]`),
		pathStart: regexp.MustCompile(`#!?\[\s*path\b`),
		git:       regexp.MustCompile(`(?m)(?:^|[\s{,.'"])git['"]?\s*=\s*("[^"\n]*"|'[^'\n]*'|[^\s,}]*)`),
	}
})

// cargoBuildScripts scans, of the .rs files a cargo build compiles (files
// and their texts), those it runs: each build.rs, and every file of a
// crate whose Cargo.toml makes it a proc-macro or names another build
// script; every file where a Cargo.toml may bring local code into what
// runs (cargoCrate), or is one guard cannot read whole.
func (c *cmd) cargoBuildScripts(r *catalogue.TestRunner, files, texts []string, nread int) {
	crates := map[string]cargoDir{}
	var runF, runT []string
	for i, f := range files {
		k := c.cargoCrateOf(path.Dir(f), crates)
		if k.kind == cargoAll {
			c.scanRunnerTexts(r, files, texts, nread)
			return
		}
		if k.kind == cargoRuns || path.Base(f) == "build.rs" {
			runF, runT = append(runF, f), append(runT, texts[i])
		}
	}
	c.scanRunnerTexts(r, runF, runT, nread)
}

// cargoTestTargets are cargo build's options that compile a package's
// tests, benches or examples too.
const cargoTestTargets word.Set = " --all-targets --tests --test --benches --bench --examples --example "

// cargoTargets returns, of the .rs files under a cargo build's roots
// (files, and their texts), those it compiles: without an option of
// cargoTestTargets, not a crate's tests/, benches/ and examples/ (cargo
// builds its library and binaries only), unless its Cargo.toml names a
// path there (a [[bin]] in tests/) or a file's #[path] attribute may pull
// one into a module.
func (c *cmd) cargoTargets(files, texts []string, args []word.Word) ([]string, []string) {
	for _, a := range args {
		if a.Text == "--" {
			break
		}
		o, _, _ := strings.Cut(a.Text, "=")
		if cargoTestTargets.Has(o) || !a.Known {
			return files, texts
		}
	}
	for _, t := range texts {
		if !plainPathAttrs(t) {
			return files, texts
		}
	}
	crates := map[string]cargoDir{}
	var outF, outT []string
	for i, f := range files {
		k := c.cargoCrateOf(path.Dir(f), crates)
		rel, _ := strings.CutPrefix(f, k.dir+"/")
		if k.dir == "." {
			rel = f
		}
		if top, _, _ := strings.Cut(rel, "/"); k.dir != "" && !k.names && (top == "tests" || top == "benches" || top == "examples") && top != rel {
			continue
		}
		outF, outT = append(outF, f), append(outT, texts[i])
	}
	return outF, outT
}

// What a crate's Cargo.toml says of its code at build time.
const (
	cargoPlain = iota + 1 // compiled only, but for build.rs
	cargoRuns             // its code runs at build time
	cargoAll              // local code the build may run, not told which
)

// cargoDir is the crate a directory is in: the directory of its
// Cargo.toml ("" for none found) and what that says (cargoCrate).
type cargoDir struct {
	dir   string
	kind  int
	names bool // its Cargo.toml names a path in tests/, benches/ or examples/
}

// cargoCrateOf returns the crate of the Cargo.toml nearest at or above
// dir, remembered in crates; cargoPlain in "" for none found.
func (c *cmd) cargoCrateOf(dir string, crates map[string]cargoDir) cargoDir {
	if k, ok := crates[dir]; ok {
		return k
	}
	k := cargoDir{kind: cargoPlain}
	n := c.w.Nread
	t, st := c.w.FileStatus(path.Join(dir, "Cargo.toml"), true, effect.MaxScriptBytes)
	c.w.Nread = n
	switch up := path.Dir(dir); {
	case st == effect.FileWhole:
		k = cargoDir{dir, cargoCrate(t), cargoTestPaths(t)}
	case st != effect.FileAbsent:
		k = cargoDir{dir, cargoAll, true}
	case up != dir && dir != "." && dir != ".." && !strings.HasSuffix(dir, "/.."):
		k = c.cargoCrateOf(up, crates)
	}
	crates[dir] = k
	return k
}

// cargoCrate reads a Cargo.toml's text: cargoAll for build-dependencies
// (a workspace's or a path's crate runs inside the build script),
// [patch] or [replace] (local code for a registry's name), and a
// proc-macro crate that may depend on local code (path, workspace);
// cargoRuns for another proc-macro crate or a build key naming other
// than build.rs; else cargoPlain.
func cargoCrate(t string) int {
	if strings.Contains(t, "[patch") || strings.Contains(t, "[replace") ||
		strings.Contains(t, "build-dependencies") || strings.Contains(t, "build_dependencies") {
		return cargoAll
	}
	if strings.Contains(t, "proc-macro") || strings.Contains(t, "proc_macro") {
		if strings.Contains(t, "path") || strings.Contains(t, "workspace") {
			return cargoAll
		}
		return cargoRuns
	}
	for _, m := range cargoRes().build.FindAllStringSubmatch(t, -1) {
		switch m[1] {
		case `"build.rs"`, `'build.rs'`, "true", "false":
		default:
			return cargoRuns
		}
	}
	return cargoPlain
}

// plainPathAttrs reports whether every #[path] attribute of Rust text t
// names a file beside the one it is in, or below it, outside tests/,
// benches/ and examples/ (disabled.rs): no .., no absolute path, no
// spelling guard does not read.
func plainPathAttrs(t string) bool {
	if !strings.Contains(t, "path") {
		return true
	}
	ms := cargoRes().pathAttr.FindAllStringSubmatch(t, -1)
	if len(ms) != len(cargoRes().pathStart.FindAllStringIndex(t, -1)) {
		return false // #[path = concat!(…)], a raw string
	}
	for _, m := range ms {
		v := m[1]
		if v == "" || strings.HasPrefix(v, "/") || strings.Contains(v, "..") || strings.Contains(v, "tests") ||
			strings.Contains(v, "benches") || strings.Contains(v, "examples") {
			return false
		}
	}
	return true
}

// cargoTestPaths reports whether a Cargo.toml's text may give a target
// cargo build compiles (a [[bin]], [lib]) a path in tests/, benches/ or
// examples/: a path key naming one outside [[test]], [[bench]] and
// [[example]] tables, or a literal multi-line string (three single quotes); the lines of
// a """ string are skipped (a line that opens or closes one is no key
// of guard's either way).
func cargoTestPaths(t string) bool {
	if strings.Contains(t, "'''") {
		return true
	}
	section, inString := "", false
	for _, l := range strings.Split(t, "\n") {
		l = strings.TrimSpace(l)
		if n := strings.Count(l, `"""`); inString || n > 0 {
			inString = inString != (n%2 == 1) // a multi-line string's lines are no keys
			continue
		}
		if strings.HasPrefix(l, "[") {
			section = strings.Join(strings.Fields(strings.SplitN(l, "#", 2)[0]), "")
			continue
		}
		if !strings.Contains(l, "tests") && !strings.Contains(l, "benches") && !strings.Contains(l, "examples") {
			continue
		}
		switch section {
		case "[[test]]", "[[bench]]", "[[example]]":
		default:
			if strings.Contains(l, "path") || strings.HasPrefix(section, "[[") || strings.Contains(section, "lib") || strings.Contains(section, "bin") {
				return true
			}
		}
	}
	return false
}

// cargoLocalGit reports whether Cargo.toml or cargo configuration text t
// names a git source guard cannot show is a network one (localGitURL):
// cargo clones it and builds its committed code, build.rs and proc macros
// run, code guard does not read (the work tree it could read need not be
// what was committed).
func cargoLocalGit(t string) bool {
	if !strings.Contains(t, "git") {
		return false
	}
	for _, m := range cargoRes().git.FindAllStringSubmatch(t, -1) {
		if localGitURL(m[1]) {
			return true
		}
	}
	return false
}

// localGitURL reports whether v, a git source's value as written, may be
// a repository on this machine: a file: URL, or any value guard cannot
// read as an http(s), ssh or git URL (an escape, an empty or unquoted
// value, a path).
func localGitURL(v string) bool {
	if len(v) < 2 || v[0] != v[len(v)-1] || v[0] != '"' && v[0] != '\'' {
		return true
	}
	u := strings.ToLower(v[1 : len(v)-1])
	if strings.ContainsAny(u, "\\ ") {
		return true
	}
	for _, s := range []string{"https://", "http://", "ssh://", "git://"} {
		if strings.HasPrefix(u, s) && len(u) > len(s) && !strings.HasPrefix(u[len(s):], "/") {
			return false
		}
	}
	return true
}

// cargoGitSources hides a cargo command when a Cargo.toml it reads (of
// dirs, the runner's roots and the directories their paths name, or of
// the crate of one of files) names a local git source (cargoLocalGit).
func (c *cmd) cargoGitSources(dirs, files []string) bool {
	seen := map[string]bool{}
	for _, d := range append(slices.Clone(dirs), files...) {
		if slices.Contains(files, d) {
			d = path.Dir(d)
		}
		for ; !seen[d]; d = path.Dir(d) {
			seen[d] = true
			n := c.w.Nread
			t, st := c.w.FileStatus(path.Join(d, "Cargo.toml"), true, effect.MaxScriptBytes)
			c.w.Nread = n
			if st == effect.FileWhole && cargoLocalGit(t) {
				c.w.hide("runs cargo on a Cargo.toml (%s) that names a git repository on this machine: cargo builds its committed code, whose build scripts run, which guard does not read", path.Join(d, "Cargo.toml"))
				return true
			}
			if st != effect.FileAbsent || d == "." || d == "/" || d == ".." || strings.HasSuffix(d, "/..") {
				break
			}
		}
	}
	return false
}
