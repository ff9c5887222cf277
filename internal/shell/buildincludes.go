package shell

// The files a compiler reads while it builds: a source's #include (a cgo
// preamble's too), an assembly file's .incbin, Rust's include_str!. Each
// is a read of the command's (the compiler quotes the text in its
// errors, links the bytes into the program), wherever the directive
// points; a name guard cannot work out is what it cannot tell.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxBuildHeaders bounds the included files read for what they include
// in turn (a header outside the files the build lists).
const maxBuildHeaders = 64

// buildIncludes records as reads the files that files (the sources a
// compiler builds, texts their text: "" for one guard did not read)
// pull in at build time, and reads those for what they pull in; false
// when it hid the command.
func (c *cmd) buildIncludes(files, texts []string) bool {
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		seen[word.Clean(c.w.Where(f))] = true
	}
	headers := 0
	var macros []string // #include NAME right inside #ifdef NAME
	for i := 0; i < len(files); i++ {
		incs, ok := lang.BuildIncludes(files[i], texts[i])
		if !ok {
			c.w.hide("runs %s, which builds %s: it pulls in a file by a name guard cannot work out (a macro, a computed path), so guard cannot tell what the compiler reads", c.name, files[i])
			return false
		}
		incs = slices.DeleteFunc(incs, func(in lang.BuildInclude) bool {
			if in.Macro {
				macros = append(macros, in.Name)
			}
			return in.Macro
		})
		for _, p := range c.includeCandidates(files[i], incs) {
			if p.path == "" {
				c.w.hide("runs %s, which builds %s: it looks for included files in a directory guard cannot tell", c.name, files[i])
				return false
			}
			c.w.Read(p.path)
			key := word.Clean(c.w.Where(p.path))
			if p.data || seen[key] {
				continue
			}
			seen[key] = true
			n := c.w.Nread
			t, st := c.w.FileStatus(p.path, true, effect.MaxScriptBytes)
			c.w.Nread = n
			if st == effect.FileAbsent {
				continue
			}
			if headers++; headers > maxBuildHeaders || st != effect.FileWhole {
				c.w.hide("runs %s, which builds code that pulls in more files than guard reads (%s): it cannot tell what the compiler reads", c.name, p.path)
				return false
			}
			files, texts = append(files, p.path), append(texts, t)
		}
	}
	for _, m := range macros {
		if c.mayDefine(m, texts) {
			c.w.hide("runs %s, which builds code that pulls in a file by the macro %s, which the command, its flags or its code may define: guard cannot tell what the compiler reads", c.name, m)
			return false
		}
	}
	return true
}

// mayDefine reports whether macro m, which a source includes by right
// inside #ifdef m (lang.BuildInclude.Macro), may be defined for the build:
// named anywhere in the code read but on those two lines, in the command's
// words, in the compiler flags its variables set (CGO_CFLAGS…, GOFLAGS),
// or in go's settings files (GOENV's, the user's go/env). Otherwise cpp
// skips the include.
func (c *cmd) mayDefine(m string, texts []string) bool {
	for _, t := range texts {
		for _, l := range strings.Split(t, "\n") {
			f := strings.Fields(strings.TrimLeft(strings.TrimSpace(l), "# \t"))
			if len(f) == 2 && (f[0] == "ifdef" || f[0] == "include") && f[1] == m {
				continue
			}
			if strings.Contains(l, m) {
				return true
			}
		}
	}
	for _, a := range c.args {
		if !a.Known || strings.Contains(a.Text, m) {
			return true
		}
	}
	for _, v := range [...]string{"CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CFLAGS", "CPPFLAGS", "GOFLAGS"} {
		if s, ok := c.envValue(v); ok && (strings.Contains(s, m) || !word.IsKnown(s)) {
			return true
		}
		if s, ok := c.goEnvSetting(v); ok && strings.Contains(s, m) {
			return true
		}
	}
	for _, f := range [...]string{"~/.config/go/env", "~/Library/Application Support/go/env"} {
		n := c.w.Nread
		t, st := c.w.FileStatus(f, true, effect.MaxScriptBytes)
		c.w.Nread = n
		if st != effect.FileAbsent && (st != effect.FileWhole || strings.Contains(t, m)) {
			return true
		}
	}
	return false
}

// buildInput is a file a source may pull in: its path as the command names
// it ("" for one in a directory guard cannot tell), and whether the
// compiler takes its bytes only (.incbin, include_str!).
type buildInput struct {
	path string
	data bool
}

// includeCandidates returns the files the includes incs of source file f
// may name: an absolute name, else relative to f's directory and, for a
// name the preprocessor searches, each include directory.
func (c *cmd) includeCandidates(f string, incs []lang.BuildInclude) []buildInput {
	dir := path.Dir(f)
	search := []string{dir}
	for _, in := range incs {
		if !in.Dir {
			continue
		}
		d, src := strings.CutPrefix(in.Name, "${SRCDIR}")
		if strings.ContainsAny(d, "$`") || strings.HasPrefix(d, "~") {
			return []buildInput{{}}
		}
		if src || !path.IsAbs(d) {
			d = path.Join(dir, d) // cgo runs the compiler in the package's directory
		}
		search = append(search, d)
	}
	// The command's own search directories (gcc -I DIR), as it names
	// them: relative ones from where it runs; a part guard cannot work
	// out makes the file's name one the path rules weigh as such.
	for _, d := range c.searchDirs {
		if d == "" {
			return []buildInput{{}}
		}
		search = append(search, d)
	}
	var out []buildInput
	for _, in := range incs {
		switch {
		case in.Dir:
		case path.IsAbs(in.Name):
			out = append(out, buildInput{in.Name, in.Data})
		case in.Manifest:
			out = append(out, buildInput{path.Join(c.manifestDir(dir), in.Name), in.Data})
		case in.Search:
			for _, d := range search {
				out = append(out, buildInput{path.Join(d, in.Name), in.Data})
			}
		default:
			out = append(out, buildInput{path.Join(dir, in.Name), in.Data})
		}
	}
	return out
}

// manifestDir returns the nearest directory at or above dir holding a
// Cargo.toml (a crate's CARGO_MANIFEST_DIR), else dir.
func (c *cmd) manifestDir(dir string) string {
	d := dir
	for range maxRootUp {
		if c.w.IsFile(path.Join(d, "Cargo.toml")) {
			return d
		}
		up := path.Join(d, "..")
		if c.atRoot(d) || up == d {
			break
		}
		d = up
	}
	return dir
}

// maxFedSources bounds the sources a runner may hand a compiler that
// fedSources reads for their includes; past it, what the compiler reads
// is what guard cannot tell.
const maxFedSources = 64

// fedSources records the includes of the sources a runner may hand the
// compiler c (ls *.c | xargs gcc -E, find . -name '*.c' -exec gcc -c {} +):
// each file of a kind the compiler preprocesses among the names the
// runner's producer may print (what it was run with: a find's trees,
// ls's entries), else, for names guard cannot tell, of the working
// directory, read as a named source's are (buildIncludes). A list guard
// cannot take whole, or past maxFedSources, hides the command.
func (c *cmd) fedSources() {
	l, ok := c.w.Files.(effect.Lister)
	if !ok {
		return
	}
	type root struct {
		dir   string
		depth int
	}
	roots := []root{{".", 1}}
	if f := c.w.FoundNow(); f != nil {
		roots = roots[:0]
		for _, p := range f.Paths {
			if f.Entries {
				roots = append(roots, root{path.Dir(p), 1})
			} else {
				roots = append(roots, root{strings.TrimSuffix(p, "/…"), effect.MaxTreeDepth})
			}
		}
	}
	var files, texts []string
	for _, r := range roots {
		names, ok := l.Tree(c.w.Where(r.dir), r.depth)
		if _, st := c.w.Files.ReadFile(c.w.Where(r.dir), 0); !ok && (st == effect.FileAbsent || c.w.IsFile(r.dir)) {
			names, ok = []string{""}, true // find F: F itself; no directory: no source
		}
		if !ok || word.HasMark(r.dir) {
			c.w.hide("runs %s with names a runner hands it, and guard cannot list the sources they may be (%s): it cannot tell what the compiler reads", c.name, r.dir)
			return
		}
		for _, n := range names {
			p := path.Join(r.dir, n)
			if strings.HasSuffix(n, "/") || !lang.BuildKind(p) || slices.Contains(files, p) {
				continue
			}
			t, st := c.w.FileStatus(p, true, effect.MaxScriptBytes)
			if len(files) >= maxFedSources || st != effect.FileWhole && st != effect.FileAbsent {
				c.w.hide("runs %s with names a runner hands it, among more sources than guard reads (%s): it cannot tell what the compiler reads", c.name, p)
				return
			}
			files, texts = append(files, p), append(texts, t)
		}
	}
	c.buildIncludes(files, texts)
}
