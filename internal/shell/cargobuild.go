package shell

import (
	"path"
	"regexp"
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

// cargoBuildValue matches a package's build key: build = "PATH", true or
// false (dotted or in an inline table too).
var cargoBuildValue = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)(?:^|[\s{,.])build\s*=\s*("[^"\n]*"|'[^'\n]*'|\w+)?`)
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

// cargoTargets returns, of the .rs files under a cargo build's roots,
// those it compiles: without an option of cargoTestTargets, not a
// crate's tests/, benches/ and examples/ (cargo builds its library and
// binaries only).
func (c *cmd) cargoTargets(files []string, args []word.Word) []string {
	for _, a := range args {
		if a.Text == "--" {
			break
		}
		o, _, _ := strings.Cut(a.Text, "=")
		if cargoTestTargets.Has(o) || !a.Known {
			return files
		}
	}
	crates := map[string]cargoDir{}
	var out []string
	for _, f := range files {
		k := c.cargoCrateOf(path.Dir(f), crates)
		rel, _ := strings.CutPrefix(f, k.dir+"/")
		if k.dir == "." || k.dir == "" {
			rel = f
		}
		if top, _, _ := strings.Cut(rel, "/"); k.dir != "" && (top == "tests" || top == "benches" || top == "examples") && top != rel {
			continue
		}
		out = append(out, f)
	}
	return out
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
	dir  string
	kind int
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
		k = cargoDir{dir, cargoCrate(t)}
	case st != effect.FileAbsent:
		k = cargoDir{dir, cargoAll}
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
	for _, m := range cargoBuildValue().FindAllStringSubmatch(t, -1) {
		switch m[1] {
		case `"build.rs"`, `'build.rs'`, "true", "false":
		default:
			return cargoRuns
		}
	}
	return cargoPlain
}
