package shell

// go generate runs the //go:generate lines of the package's Go files:
// each is a command go runs directly in the file's
// directory, with $GOFILE, $GOLINE, $GOPACKAGE and $DOLLAR set, the way a
// make recipe is one. guard lists the packages' directories (./... is
// each directory below, as go walks it), reads their .go files, bounded,
// and analyses each line as the command it is: a script it runs is read,
// a protected place it names counts. What guard cannot list or read whole
// is hidden, a block.

import (
	"maps"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Bounds of go generate's reading: the directories listed, the Go files
// read and their bytes in all.
const (
	maxGenDirs  = 512
	maxGenFiles = 2048
	maxGenBytes = 64 << 20
)

// genState is what one go generate reads.
type genState struct {
	dirs, files, bytes int
}

// goGenerate analyses the //go:generate lines go generate ARGS runs.
func (c *cmd) goGenerate(args []word.Word) {
	w := c.w
	if w.Files == nil || w.guessing > 0 {
		return
	}
	var pkgs []string
	for j := 0; j < len(args); j++ {
		a := args[j]
		switch {
		case a.Text == "-n":
			return // prints the commands, runs none
		case a.Text == "-run" || a.Text == "-skip" || a.Text == "-tags" || a.Text == "-mod" || a.Text == "-modfile" || a.Text == "-C":
			if a.Text == "-C" && j+1 < len(args) {
				pkgs = append(pkgs[:0:0], "-C")
			}
			j++
		case strings.HasPrefix(a.Text, "-"):
		case !a.Known:
			w.hide("runs the //go:generate lines of a package guard cannot tell")
			return
		default:
			pkgs = append(pkgs, a.Text)
		}
	}
	if len(pkgs) > 0 && pkgs[0] == "-C" {
		w.hide("runs go generate in a directory -C names, which guard does not follow")
		return
	}
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	st := &genState{}
	for _, p := range pkgs {
		if !c.genPackage(p, st) {
			return
		}
	}
}

// genPackage analyses the lines of one package pattern: a .go file, a
// directory, or DIR/... (DIR and every directory below that go walks);
// false once something was hidden.
func (c *cmd) genPackage(p string, st *genState) bool {
	switch {
	case strings.HasSuffix(p, ".go"):
		return c.genFile(p, st)
	case p == "..." || strings.HasSuffix(p, "/..."):
		d := strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
		if d == "" {
			d = "."
		}
		return c.genDir(d, true, st)
	case p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/"):
		return c.genDir(p, false, st)
	}
	// An import path: the module's own package, or another's in the
	// module cache; guard does not resolve import paths.
	c.w.hide("runs the //go:generate lines of package %s, which guard does not locate", word.OneLine(p))
	return false
}

// genDir reads the .go files of directory d, and with all those of the
// directories below it go walks (not ., _ or testdata ones, nor vendor).
func (c *cmd) genDir(d string, all bool, st *genState) bool {
	w := c.w
	l, ok := w.Files.(effect.Lister)
	if st.dirs++; st.dirs > maxGenDirs {
		w.hide("runs the //go:generate lines of more than %d directories", maxGenDirs)
		return false
	}
	if !ok {
		w.hide("runs the //go:generate lines of a directory guard cannot list")
		return false
	}
	names, ok := l.Tree(word.Clean(w.Where(d)), 1)
	if !ok {
		if _, st := w.Files.ReadFile(w.Where(d), 1); st != effect.FileAbsent {
			w.hide("runs the //go:generate lines of a directory guard cannot list")
			return false
		}
		names = nil // not there (yet): what the command writes there
	}
	names = append(names, c.writtenIn(d, names)...)
	for _, n := range names {
		sub, isDir := strings.CutSuffix(n, "/")
		switch {
		case isDir && all && !strings.HasPrefix(sub, ".") && !strings.HasPrefix(sub, "_") && sub != "testdata" && sub != "vendor":
			if !c.genDir(path.Join(d, sub), true, st) {
				return false
			}
		case !isDir && strings.HasSuffix(n, ".go") && !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_"):
			if !c.genFile(path.Join(d, n), st) {
				return false
			}
		}
	}
	return true
}

// writtenIn returns the names of the files (and directories, ending in /)
// the command wrote directly in directory d that names does not hold: go
// generate runs after them.
func (c *cmd) writtenIn(d string, names []string) []string {
	dir := word.Clean(c.w.Where(d))
	var out []string
	for _, f := range c.w.Written {
		p := word.Clean(c.w.Where(f.Path))
		rel, ok := strings.CutPrefix(p, dir+"/")
		if dir == "." && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "..") {
			rel, ok = p, true
		}
		if !ok || rel == "" {
			continue
		}
		if i := strings.IndexByte(rel, '/'); i >= 0 {
			rel = rel[:i+1]
		}
		if !slices.Contains(names, rel) && !slices.Contains(out, rel) {
			out = append(out, rel)
		}
	}
	return out
}

// genFile analyses the //go:generate lines of Go file f.
func (c *cmd) genFile(f string, st *genState) bool {
	w := c.w
	if st.files++; st.files > maxGenFiles {
		w.hide("runs the //go:generate lines of more than %d files", maxGenFiles)
		return false
	}
	text, ok := w.WrittenText(f)
	if _, has := w.WrittenEntry(word.Clean(w.Where(f))); has && !ok {
		w.hide("runs the //go:generate lines of a file the command changes with text guard cannot see")
		return false
	}
	if !ok {
		b, fs := w.Files.ReadFile(w.Where(f), effect.MaxProgramBytes)
		switch fs {
		case effect.FileAbsent:
			return true
		case effect.FileWhole:
		default:
			w.hide("runs the //go:generate lines of a Go file guard cannot read whole")
			return false
		}
		text = string(b)
	}
	if st.bytes += len(text); st.bytes > maxGenBytes {
		w.hide("runs the //go:generate lines of more than %d MiB of Go files", maxGenBytes>>20)
		return false
	}
	if !strings.Contains(text, "//go:generate") {
		return true
	}
	c.genLines(f, text)
	return !w.stopped()
}

// genLines analyses each //go:generate line of file f's text as a command
// run in f's directory; -command NAME defines NAME for the lines after.
func (c *cmd) genLines(f, text string) {
	dir := path.Dir(f)
	pkg := goPackage(text)
	aliases := map[string][]string{}
	for i, line := range strings.Split(text, "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSuffix(line, "\r"), "//go:generate ")
		if !ok {
			continue
		}
		words, ok := genSplit(rest)
		if !ok || len(words) == 0 {
			continue // go stops with an error
		}
		if words[0] == "-command" {
			if len(words) > 2 {
				aliases[words[1]] = words[2:]
			}
			continue
		}
		if a, ok := aliases[words[0]]; ok {
			words = append(append([]string(nil), a...), words[1:]...)
		}
		vars := map[string]string{"GOFILE": path.Base(f), "GOLINE": strconv.Itoa(i + 1), "GOPACKAGE": pkg, "DOLLAR": "$"}
		q := make([]string, len(words))
		for k, wd := range words {
			q[k] = genQuote(wd, vars)
		}
		src := genEnv(vars) + strings.Join(q, " ")
		if dir != "." {
			src = "cd -- " + word.Quote(dir) + " || exit\n" + src
		}
		given := c.w.givesVars(goGenGiven) // toolgiven.go
		c.w.tentative(src)
		given()
	}
}

// genEnv returns the export line that gives a generator the variables go
// generate sets in its environment whose values guard knows (vars:
// GOFILE, GOLINE, GOPACKAGE, DOLLAR); GOARCH, GOOS and GOROOT are ones
// the tool sets (toolgiven.go).
func genEnv(vars map[string]string) string {
	names := slices.Sorted(maps.Keys(vars))
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = n + "=" + word.Quote(vars[n])
	}
	return "export " + strings.Join(q, " ") + "\n"
}

// genSplit splits a //go:generate line into words as go does: blanks
// separate words, a word starting with " is a Go string; false for a
// string go rejects.
func genSplit(line string) ([]string, bool) {
	var words []string
	for {
		line = strings.TrimLeft(line, " \t")
		if line == "" {
			return words, true
		}
		if line[0] != '"' {
			i := strings.IndexAny(line, " \t")
			if i < 0 {
				i = len(line)
			}
			words = append(words, line[:i])
			line = line[i:]
			continue
		}
		end := -1
		for i := 1; i < len(line) && end < 0; i++ {
			switch line[i] {
			case '\\':
				i++
			case '"':
				end = i
			}
		}
		if end < 0 {
			return nil, false
		}
		s, err := strconv.Unquote(line[:end+1])
		if err != nil {
			return nil, false
		}
		words = append(words, s)
		line = line[end+1:]
		if line != "" && line[0] != ' ' && line[0] != '\t' {
			return nil, false
		}
	}
}

// genQuote writes a go generate word as one shell word: go's own
// variables put in, any other $NAME left for the shell's reading (an
// inherited variable, as go takes it from the environment), the rest
// quoted: go runs the words directly, with no shell between.
func genQuote(wd string, vars map[string]string) string {
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`")
	escVal := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`", "$", `\$`)
	var b strings.Builder
	b.WriteByte('"')
	b.WriteString(os.Expand(esc.Replace(wd), func(name string) string {
		if v, ok := vars[name]; ok {
			return escVal.Replace(v)
		}
		return "${" + name + "}"
	}))
	b.WriteByte('"')
	return b.String()
}

// goPackage returns the name of the package Go source text declares, or
// "main".
func goPackage(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(l), "package "); ok {
			if f := strings.Fields(name); len(f) > 0 {
				return f[0]
			}
		}
	}
	return "main"
}
