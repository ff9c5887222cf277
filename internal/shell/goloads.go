package shell

// The Go files go test loads: go test PKG compiles
// PKG, its tests and every package they import, however deep, and no
// other; ./... is each directory below that the go command walks. So the
// files of the module root (runnerFiles) are narrowed to the packages the
// patterns name and those of the module their files import, wherever an
// import leads: into testdata/, _x/, node_modules/ or through a link to a
// hidden directory, places the walk does not look into, which are listed
// then. Where guard cannot tell the module's packages by their import
// paths alone (go.work, a replace directive, vendoring, an import path
// or a file as an operand), every file of the root stays.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxGoDirs bounds the package directories listed beyond the walk.
const maxGoDirs = 256

// goLoad is one narrowing: the files listed, by absolute directory.
type goLoad struct {
	c      *cmd
	l      effect.SourceLister
	limit  int
	files  []string
	byDir  map[string][]int
	keep   []bool
	seeds  map[string]bool
	listed int
	// whole are the package directories listed whole (goPackage).
	whole map[string]bool
}

// goNarrows returns the module path and the package patterns by which
// goLoads narrows what go, run with args, loads under dirs: false when
// guard cannot tell the packages by them, and the walk then looks into
// every directory an import may name (testdata/, node_modules/).
func (c *cmd) goNarrows(r *catalogue.TestRunner, args []word.Word, dirs []string, all bool) (string, []string, bool) {
	_, isWD := c.w.Files.(effect.WorkDirer)
	pats, ok := goPatterns(r, args)
	if !ok || all || !isWD || len(dirs) != 1 {
		return "", nil, false
	}
	mod, ok := c.goModule(dirs[0])
	return mod, pats, ok
}

// goLoads returns the files go loads of files, those under root (the
// module's) for the package patterns pats of module mod; false when it
// hid the command.
func (c *cmd) goLoads(l effect.SourceLister, mod, root string, pats, files []string, limit int) ([]string, bool) {
	wd := c.w.Files.(effect.WorkDirer)
	abs := func(p string) string {
		q := word.Clean(c.w.Where(p))
		if !path.IsAbs(q) {
			q = path.Join(wd.WorkDir(), q)
		}
		return q
	}
	g := &goLoad{c: c, l: l, limit: limit, files: files, byDir: map[string][]int{}, seeds: map[string]bool{}, whole: map[string]bool{}}
	for i, f := range files {
		d := path.Dir(abs(f))
		g.byDir[d] = append(g.byDir[d], i)
	}
	var queue []string
	for _, p := range pats {
		base, tree := strings.CutSuffix(p, "...")
		base = abs(strings.TrimSuffix(base, "/"))
		if !tree {
			queue = append(queue, base)
			continue
		}
		for d := range g.byDir {
			if rest, ok := strings.CutPrefix(d, base+"/"); d == base || ok && goWalks(rest) {
				queue = append(queue, d)
			}
		}
	}
	slices.Sort(queue) // a map's order: the same files each time
	for _, d := range queue {
		g.seeds[d] = true
	}
	rootAbs := abs(root)
	seen := map[string]bool{}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		if seen[d] {
			continue
		}
		seen[d] = true
		imports, ok := g.load(d)
		if !ok {
			return nil, false
		}
		for _, ip := range imports {
			if rest, ok := strings.CutPrefix(ip, mod); ok && (rest == "" || rest[0] == '/') {
				queue = append(queue, path.Join(rootAbs, rest))
			}
		}
	}
	return g.kept()
}

// load keeps the files of package directory d (its tests when the
// patterns name it), listing d when the walk did not, and returns what
// they import; false when it hid the command.
func (g *goLoad) load(d string) ([]string, bool) {
	c := g.c
	if _, ok := g.byDir[d]; !ok {
		if g.listed++; g.listed > maxGoDirs {
			c.w.hide("runs %s, which loads more packages than guard lists (%d)", c.name, maxGoDirs)
			return nil, false
		}
	}
	if !g.whole[d] {
		g.whole[d] = true
		names, ok := c.goPackage(g.l, d)
		if !ok {
			return nil, false
		}
		for _, n := range names {
			if !slices.ContainsFunc(g.byDir[d], func(i int) bool { return path.Base(g.files[i]) == n }) {
				g.byDir[d] = append(g.byDir[d], len(g.files))
				g.files = append(g.files, path.Join(d, n))
			}
		}
	}
	var imports []string
	for _, i := range g.byDir[d] {
		if strings.HasSuffix(g.files[i], "_test.go") && !g.seeds[d] {
			continue // a test of a package imported: not compiled
		}
		for len(g.keep) <= i {
			g.keep = append(g.keep, false)
		}
		g.keep[i] = true
		// Read as runnerTexts reads it (once: the reader keeps it); what
		// guard cannot read whole runnerTexts hides.
		n := c.w.Nread
		if strings.HasSuffix(g.files[i], ".go") {
			t, _ := c.w.FileStatus(g.files[i], true, g.limit)
			imports = append(imports, lang.GoImports(t)...)
		}
		c.w.Nread = n
	}
	return imports, true
}

// goPackage returns the names of the files in package directory d that
// the go command may compile or link: not its .go files
// only but cgo's C, C++, assembly and headers, .syso objects and any
// kind a toolchain adds: every regular file there the go command may
// use (goMayUse); false when it hid the command.
func (c *cmd) goPackage(l effect.SourceLister, d string) ([]string, bool) {
	uses := func(rel string) bool { return !strings.Contains(rel, "/") && goMayUse(rel) }
	names, err := l.Sources(d, []string{"/"}, uses, maxRunnerFiles)
	if err != nil {
		c.w.hide("runs %s, which loads the package in %s: guard could not list it (%v), so it cannot tell what that code does", c.name, d, err)
		return nil, false
	}
	return names, true
}

// goMayUse reports whether the go command may use a file named name in a
// package directory as code: go/build's kinds (cgo's C, C++, Objective-C
// and Fortran sources and headers, assembly, SWIG, .syso objects, and
// Go), not a name it ignores (.x, _x). Every other file is one
// go/build lists as ignored: data at most (go:embed hands it to code as
// bytes), never compiled.
func goMayUse(name string) bool {
	return !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_") && goCode.Has(path.Ext(name))
}

// goCode are the kinds of file go/build sorts into a package's compiled
// files besides .go (Package.CFiles, CXXFiles, MFiles, HFiles, FFiles,
// SFiles, SwigFiles, SwigCXXFiles, SysoFiles) and .go.
const goCode word.Set = " .go .c .cc .cpp .cxx .m .h .hh .hpp .hxx .f .F .for .f90 .s .S .sx .swig .swigcxx .syso "

// goPackages adds to files (the .go files a go runner loads, as the
// command names them) the other files of their directories the go
// command may use (goPackage); false when it hid the command.
func (c *cmd) goPackages(l effect.SourceLister, files []string) ([]string, bool) {
	dirs := map[string]bool{}
	out := slices.Clone(files)
	for _, f := range files {
		d := path.Dir(f)
		if dirs[d] {
			continue
		}
		dirs[d] = true
		names, ok := c.goPackage(l, word.Clean(c.w.Where(d)))
		if !ok {
			return nil, false
		}
		for _, n := range names {
			if p := path.Join(d, n); !strings.HasSuffix(n, ".go") && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	if len(out) > maxRunnerFiles {
		c.w.hide("runs %s, which loads more of the project's code than guard reads (%d files): it cannot tell what the rest does", c.name, maxRunnerFiles)
		return nil, false
	}
	return out, true
}

// kept returns the files kept, in the order listed.
func (g *goLoad) kept() ([]string, bool) {
	var files []string
	for i, k := range g.keep {
		if k {
			files = append(files, g.files[i])
		}
	}
	return files, true
}

// goWalks reports whether the go command's ./... walks directory rest
// (below the pattern's base): none of its parts hidden, _x or testdata.
func goWalks(rest string) bool {
	for _, e := range strings.Split(rest, "/") {
		if strings.HasPrefix(e, ".") || strings.HasPrefix(e, "_") || e == "testdata" {
			return false
		}
	}
	return true
}

// goModule returns the module path root's go.mod declares, when guard
// can tell the module's packages by it: no go.work, no replace
// directive, no vendor directory in use.
func (c *cmd) goModule(root string) (string, bool) {
	n := c.w.Nread
	defer func() { c.w.Nread = n }()
	if c.w.IsFile(path.Join(root, "go.work")) || c.w.IsFile(path.Join(root, "vendor/modules.txt")) {
		return "", false
	}
	t, st := c.w.FileStatus(path.Join(root, "go.mod"), true, effect.MaxScriptBytes)
	if st != effect.FileWhole || strings.Contains(t, "replace") {
		return "", false
	}
	for _, l := range strings.Split(t, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "module"); ok {
			f := strings.Fields(rest)
			if len(f) == 1 && (rest[0] == ' ' || rest[0] == '\t') {
				return strings.Trim(f[0], "\"`"), true
			}
		}
	}
	return "", false
}

// goPatterns returns the package patterns go test's args name (. when
// none): directories as the command names them (./x, ../x/..., /x); false
// for an operand guard does not narrow by (an import path, a file, a
// word it cannot tell).
func goPatterns(r *catalogue.TestRunner, args []word.Word) ([]string, bool) {
	var pats []string
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		opt, _, _ := strings.Cut(a, "=")
		switch {
		case !args[j].Known:
			return nil, false
		case a == "-args" || a == "--args":
			j = len(args) // the test binary's
		case strings.HasPrefix(a, "-"):
			if !strings.Contains(a, "=") && hasOption(r.Values, opt) {
				j++
			}
		case strings.HasSuffix(a, ".go"):
			return nil, false
		case a == "." || a == "..." || a == ".." || strings.HasPrefix(a, "./") || strings.HasPrefix(a, "../") || strings.HasPrefix(a, "/"):
			pats = append(pats, a)
		default:
			return nil, false
		}
	}
	if len(pats) == 0 {
		pats = []string{"."}
	}
	return pats, true
}

// goResolveEnv are the variables that change where the go command finds
// the code an import names: GOPATH mode and its trees, the module cache,
// the proxy it downloads modules from and the checksums it checks them
// by, a workspace file, the standard library's root. The values that keep
// go's own (goKeeps) change nothing.
const goResolveEnv word.Set = " GO111MODULE GOPATH GOMODCACHE GOPROXY GOSUMDB GONOSUMDB GONOSUMCHECK GOPRIVATE GONOPROXY GOINSECURE GOWORK GOROOT "

// goResolves hides the command when it sets for go runner r one of
// goResolveEnv (or GOENV's file does): go may then load an import from a
// tree guard does not read (GOPATH/src, a module a file:// proxy serves
// unchecked), so guard cannot tell what it loads; false then.
func (c *cmd) goResolves(r *catalogue.TestRunner) bool {
	if r.Exts != " .go " {
		return true
	}
	for _, name := range strings.Fields(string(goResolveEnv)) {
		v, ok := c.envValue(name)
		if !ok {
			v, ok = c.goEnvSetting(name)
		}
		if !ok || c.goKeeps(name, v) {
			continue
		}
		c.w.hide("runs %s with %s set: go may load the code an import names from a place guard does not read (GOPATH's src, a module cache or proxy it does not check), so guard cannot tell what it loads", c.name, name)
		return false
	}
	return true
}

// goKeeps reports whether value v of variable name keeps go's own
// resolution: modules on, no workspace, a proxy that is no directory
// (what it serves is checked against go.sum and the checksum database),
// the default checksum database, and the default GOPATH and cache.
func (c *cmd) goKeeps(name, v string) bool {
	home := strings.TrimRight(c.w.Home, "/")
	def := func(rel string) bool {
		v = strings.TrimRight(v, "/")
		for _, h := range [...]string{"~", "$HOME", "${HOME}", home} {
			if h != "" && v == h+"/"+rel {
				return true
			}
		}
		return false
	}
	switch name {
	case "GO111MODULE":
		return v == "on"
	case "GOWORK":
		return v == "off"
	case "GOPROXY":
		return !strings.Contains(v, "file:")
	case "GOSUMDB":
		return strings.HasPrefix(v, "sum.golang.org")
	case "GOPATH":
		return def("go")
	case "GOMODCACHE":
		return def("go/pkg/mod")
	}
	return false
}

// goCodeHomes are the directories below the home where the go command
// finds code by import path with the default GOPATH: GOPATH mode's
// trees and the module cache.
var goCodeHomes = [...]string{"go/src", "go/pkg/mod"}

// goHomeWritten returns what wrote or touched, before go runner r, a file
// below goCodeHomes: code go may load by an import path that guard does
// not read as the module's; "" when nothing did.
func (c *cmd) goHomeWritten(r *catalogue.TestRunner, touches []string) string {
	if r.Exts != " .go " || c.w.Home == "" || c.w.Home == "/" {
		return ""
	}
	for _, t := range touches {
		p := t
		if rest, ok := strings.CutPrefix(t, "~/"); ok {
			p = path.Join(c.w.Home, rest)
		}
		p = c.absRecorded(p)
		for _, d := range goCodeHomes {
			if strings.HasPrefix(p+"/", path.Join(c.w.Home, d)+"/") {
				return "a program that may write " + t
			}
		}
	}
	return ""
}
