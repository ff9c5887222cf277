package shell

// Lists of names a program opens: tar -T F, rsync
// --files-from=F, wc --files0-from=F, zip -@ < F, cpio -o < F, git
// hash-object --stdin-paths < F, xargs -a F CMD, xargs CMD < F, CMD $(cat
// F). The list's names are read; a list guard cannot read, when what the
// program prints is encoded or transformed before the result scan sees it,
// stands for the files under the working directory read whole, an opaque
// recursive read (see hiddenNameReads).

import (
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxListNames bounds the names of a list read.
const maxListNames = 256

// listReads records the reads of the names c's lists hold (see
// catalogue.ListReaders).
func (c *cmd) listReads() {
	lr, ok := catalogue.ListReaderNamed(c.name)
	if !ok {
		return
	}
	base := ""
	if lr.FromSource {
		base = listSource(lr, c.args)
	}
	removes := false
	for _, a := range c.args {
		removes = removes || lr.Removes.Has(a.Text) || a.Text == "-m" && lr.Removes.Has("-m")
	}
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		opt, v, eq := strings.Cut(s, "=")
		if d, k, ok := listChdir(lr, c.args, j); ok {
			base, j = runningDir(base, d), k // tar -C sub -T list: its names are under sub
			continue
		}
		switch {
		case eq && strings.HasPrefix(s, "--") && lr.Files.Has(opt):
			c.readList(lr, word.Word{Text: v, Known: c.args[j].Known}, base, removes)
		case lr.OptArg && lr.Files.Has(s):
			c.readList(lr, word.Word{Text: "-", Known: true}, base, removes) // xz --files: standard input
		case lr.Files.Has(s) && j+1 < len(c.args):
			j++
			c.readList(lr, c.args[j], base, removes)
		case lr.Stdin.Has(s):
			c.readList(lr, word.Word{Text: "-", Known: true}, base, removes)
		}
	}
}

// readList reads the names in list (- for standard input), each under base
// when relative and base is set; a listed directory whole when the program
// recurses, and each name written too when it removes what it lists. A
// list guard cannot read gives names it cannot tell: they
// may be any path, `..` or the home among them.
func (c *cmd) readList(lr *catalogue.ListReader, list word.Word, base string, removes bool) {
	names, ok := c.listNames(list)
	if !ok {
		c.hiddenNames = true // see hiddenNameReads
		names = []string{word.Mark(word.MarkSubst, "list")}
	}
	found := ok && word.IsStdin(list.Text) && len(c.stdin.paths) > 0
	if lr.Operands {
		c.listOperands(names, ok)
	}
	for _, n := range names {
		if d, _, isDir := listChdir(lr, word.Split(n), 0); isDir && ok {
			base = runningDir(base, d) // a -C DIR line of tar's list
			continue
		}
		if found && !strings.HasSuffix(n, "/…") {
			c.w.ReadTree(n) // find's start, not narrowed: it lists every file below it
		}
		if base != "" && !strings.HasPrefix(n, "/") && !word.HomeRelative(n) && !strings.HasPrefix(n, "$") && ok {
			n = strings.TrimSuffix(base, "/") + "/" + n
		}
		c.w.Read(n)
		if lr.Recurses && ok && !found {
			c.w.ReadTree(n) // echo .. | tar -T -: all of ..
		}
		if removes {
			c.w.Write(n)
		}
	}
}

// listOperands: the names a list reader lists are its operands, as if
// typed (catalogue.ListReader.Operands): touched, with what it may write
// beside them (a name its suffix hides). A list guard cannot read
// (known false) may name any file: hidden.
func (c *cmd) listOperands(names []string, known bool) {
	if !known {
		c.w.hide("hands %s a list of files it may replace that guard cannot read", c.name)
		return
	}
	words := make([]word.Word, 0, len(names))
	for _, n := range names {
		c.w.Touch(n)
		words = append(words, word.Word{Text: n, Known: true})
	}
	c.besideAll(words)
}

// listNames returns the names list holds (lines, or NUL-separated), when
// guard can read it: a file, or standard input (known text, a file, what
// find prints). An absent file holds none.
func (c *cmd) listNames(list word.Word) ([]string, bool) {
	var text string
	switch {
	case word.IsStdin(list.Text) && len(c.stdin.paths) > 0:
		return c.stdin.paths, true
	case word.IsStdin(list.Text):
		t, ok := c.w.inputText(c.stdin)
		if !ok && c.stdin.file != "" {
			t, ok = c.listFile(word.Word{Text: c.stdin.file, Known: true})
		}
		if !ok && !c.stdin.fromPipe && c.stdin.sub == "" && c.w.inStdin == nil {
			return nil, true // the agent's standard input: empty
		}
		if !ok {
			return nil, false
		}
		text = t
	default:
		c.w.Read(list.Text)
		t, ok := c.listFile(list)
		if !ok {
			return nil, false
		}
		text = t
	}
	var out []string
	for _, l := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == 0 }) {
		if l = strings.TrimSuffix(l, "\r"); l != "" && len(out) < maxListNames {
			out = append(out, l)
		}
	}
	return out, true
}

// listFile returns the text of a list file; false when guard cannot read
// it whole (a substitution's output, too large, unreadable, changed by the
// command with text it cannot see). An absent file is empty.
func (c *cmd) listFile(f word.Word) (string, bool) {
	if f.Sub != "" {
		return "", false
	}
	t, st := c.w.FileStatus(f.Text, f.Known, effect.MaxScriptBytes)
	switch st {
	case effect.FileWhole:
		return t, true
	case effect.FileAbsent:
		return "", f.Known
	}
	return "", false
}

// listArgs: an operand that is what $(cat F) or $(< F) printed stands for
// the names in F's text when it ran (cat $(cat list)): each is read, and
// touched when the program may write.
func (c *cmd) listArgs(p *catalogue.Program) {
	for j, a := range c.args {
		k, name, ok := soleMark(a.Text)
		if !ok || k != word.MarkSubst || c.kinds[j] != argPlain {
			continue
		}
		n, err := strconv.Atoi(name)
		if err != nil || n < 0 || n >= len(c.w.subSnaps) || !c.w.subSnaps[n].ok {
			continue
		}
		for i, f := range strings.Fields(c.w.subSnaps[n].text) {
			if i >= maxListNames {
				break
			}
			c.w.Read(f)
			if p == nil || p.Access == catalogue.MayWrite || c.mayWrite {
				c.w.Touch(f)
			}
		}
	}
}

// argFileWords returns the words of the list file f (xargs -a F, xargs <
// F): its lines with byLine, else its blank-separated words; none when
// guard cannot read it (then what xargs appends is not known).
func (c *cmd) argFileWords(f word.Word, byLine bool) []word.Word {
	t, ok := c.listFile(f)
	if !ok || t == "" {
		return nil
	}
	if !byLine {
		return word.Split(t)[:min(len(word.Split(t)), maxListNames)]
	}
	var out []word.Word
	for _, l := range strings.Split(strings.TrimRight(t, "\n"), "\n") {
		if len(out) < maxListNames {
			out = append(out, word.Word{Text: l, Known: word.IsKnown(l)})
		}
	}
	return out
}

// opensOperands reports whether c, a command a runner hands names guard
// cannot tell (foo | xargs cat), may open them as files: not a program
// whose words are names or text (kill, echo).
func (c *cmd) opensOperands() bool {
	if c.name == "" || catalogue.Printers.Has(c.name) || builtins.Has(c.name) {
		return false
	}
	p := catalogue.ProgramNamed(c.name)
	return p == nil || p.Access != catalogue.Names
}

// hiddenNameReads: a stage of a pipeline that opens files a list guard
// cannot read names (foo | xargs cat, cpio -o < <(foo)) reads, as far as
// guard can tell, any file under the working directory; that counts, as a
// recursive read of it, only where the result scan cannot redact what it
// prints: when the stage encodes it or a later stage transforms it (an
// opaque read). Printed as it is, the result scan sees it.
func (w *walker) hiddenNameReads(stages []*cmd) {
	for i, c := range stages {
		if !c.hiddenNames {
			continue
		}
		opaque := c.encodes()
		for _, later := range stages[i+1:] {
			opaque = opaque || !later.passes()
		}
		if !opaque {
			continue
		}
		from := len(w.a.Reads)
		w.ReadTree(".")
		w.markOpaque(from, len(w.a.Reads))
	}
}

// listChdir returns the directory the chdir option of lr at args[j] names
// (-C DIR, -CDIR, --directory=DIR) and the index of its last word; false
// for another word.
func listChdir(lr *catalogue.ListReader, args []word.Word, j int) (string, int, bool) {
	if lr.Chdir == "" || j >= len(args) {
		return "", j, false
	}
	s := args[j].Text
	opt, v, eq := strings.Cut(s, "=")
	switch {
	case eq && strings.HasPrefix(s, "--") && lr.Chdir.Has(opt):
		return v, j, true
	case lr.Chdir.Has(s) && j+1 < len(args):
		return args[j+1].Text, j + 1, true
	case len(s) > 2 && !strings.HasPrefix(s, "--") && lr.Chdir.Has(s[:2]):
		return s[2:], j, true // -CDIR
	}
	return "", j, false
}

// listSource returns the first operand of a program whose list names are
// under it (rsync's source), the values of its list options skipped.
func listSource(lr *catalogue.ListReader, args []word.Word) string {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case lr.Files.Has(s):
			j++
		case strings.HasPrefix(s, "-") && s != "-":
		default:
			return s
		}
	}
	return ""
}

// responseSkips are the programs whose @WORD means something else than a
// response file (a package scope, a revision, curl's data file, which
// their handlers read) and the printers and builtins, whose words are
// text.
const responseSkips word.Set = " git curl wget http https xh npm npx yarn pnpm bun docker podman kubectl helm "

// responseFiles returns words with each operand @F of a program that is
// not a printer or a builtin, F an existing file, replaced by what F
// holds: many programs (7z, gcc, clang, javac, java, rustc, dotnet,
// msbuild, ld) take more arguments from such a response file, and guard
// cannot tell which do, so each of its lines and words counts as an
// argument (7z a x.7z @list with ~/.ssh/id_rsa in list reads it). 7z's
// -i@F, -x@F, -ai@F and -ax@F lists are taken the same. A file guard
// cannot read whole (too large, written by the command with text it
// cannot see) hides what the program gets: guard cannot tell.
func (c *cmd) responseFiles(words []word.Word) []word.Word {
	if len(words) < 2 || catalogue.Printers.Has(c.name) || builtins.Has(c.name) || responseSkips.Has(c.name) {
		return words
	}
	return append(words[:1:1], c.responseArgs(words[1:], 0)...)
}

// maxResponseDepth bounds the response files followed inside one another
// (gcc and ld expand an @G a response file holds).
const maxResponseDepth = 4

// responseArgs is responseFiles on a program's arguments, at depth
// response files deep: a response file's own @G is followed, past
// maxResponseDepth guard cannot tell. An option word that holds @F after
// a comma or an = (gcc -Wl,@F, -Wa,@F, -Wp,@F, nvcc -Xcompiler=@F: the
// tool the option is handed to expands it) stays, with F's words in
// place of @F, and F's words follow it as well: guard does not tell which
// tool takes them.
func (c *cmd) responseArgs(words []word.Word, depth int) []word.Word {
	var out []word.Word
	for _, wd := range words {
		if f, ok := responseFile(c.name, wd.Text); ok {
			if depth >= maxResponseDepth {
				c.w.hide("takes arguments from response files nested more than %d deep", maxResponseDepth)
				return append(out, wd)
			}
			ws, read := c.responseText(f, wd.Known)
			if !read {
				out = append(out, wd) // the program takes the word as it is
				continue
			}
			out = append(out, c.responseArgs(ws, depth+1)...)
			continue
		}
		in, ws, ok := c.embeddedResponses(wd)
		if !ok {
			out = append(out, wd)
			continue
		}
		if depth >= maxResponseDepth {
			c.w.hide("takes arguments from response files nested more than %d deep", maxResponseDepth)
			return append(out, wd)
		}
		out = append(out, c.responseArgs(append([]word.Word{in}, ws...), depth+1)...)
	}
	return out
}

// responseText returns the words of response file f: false when it is
// not there (the program takes @F as it is). One guard cannot read whole
// is hidden.
func (c *cmd) responseText(f string, known bool) ([]word.Word, bool) {
	t, st := c.w.FileStatus(f, known, effect.MaxScriptBytes)
	switch st {
	case effect.FileAbsent:
		return nil, false
	case effect.FileWhole:
		c.w.Read(f)
		ws, whole := responseWords(t)
		if !whole {
			c.w.hide("takes more than %d arguments from a response file: guard does not read the rest", maxListNames)
		}
		return ws, true
	}
	c.w.Read(f)
	c.w.hide("takes arguments from a response file guard cannot read whole")
	return nil, true
}

// embeddedResponses returns, for an option word wd holding @F after a
// comma or an = (F up to the next comma), F an existing file, wd with the
// words of each such F in place of @F (comma-separated, as they are
// handed on) and all those words; false when it holds none.
func (c *cmd) embeddedResponses(wd word.Word) (word.Word, []word.Word, bool) {
	s := wd.Text
	if !strings.HasPrefix(s, "-") || !strings.Contains(s, "@") {
		return wd, nil, false
	}
	var b strings.Builder
	var all []word.Word
	found := false
	for len(s) > 0 {
		i := strings.IndexAny(s, ",=")
		if i < 0 || i+1 >= len(s) || s[i+1] != '@' {
			if i < 0 {
				b.WriteString(s)
				break
			}
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		b.WriteString(s[:i+1])
		rest := s[i+2:]
		f, tail, _ := strings.Cut(rest, ",")
		ws, read := []word.Word(nil), false
		if f != "" {
			ws, read = c.responseText(f, wd.Known)
		}
		if !read {
			b.WriteString("@" + f)
		} else {
			found = true
			b.WriteString(strings.Join(word.Texts(ws), ","))
			all = append(all, ws...)
		}
		if len(rest) > len(f) {
			b.WriteString(",")
		}
		s = tail
	}
	if !found {
		return wd, nil, false
	}
	return word.Word{Text: b.String(), Known: wd.Known}, all, true
}

// responseFile returns F of s, an operand @F (or, for 7z, a list switch
// -i@F, -x@F, -ai@F, -ax@F, -ir@F, -xr@F).
func responseFile(name, s string) (string, bool) {
	if f, ok := strings.CutPrefix(s, "@"); ok && f != "" {
		return f, true
	}
	if strings.HasPrefix(name, "7z") && strings.HasPrefix(s, "-") {
		if i := strings.Index(s, "@"); i > 1 && i <= 4 && i+1 < len(s) && strings.Trim(s[1:i], "aixr!-") == "" {
			return s[i+1:], true
		}
	}
	return "", false
}

// responseWords returns the arguments response file text may hold, at
// most maxListNames: each line, and each of its blank-separated words with
// quotes removed (gcc's "a b"), guard not knowing which the program uses;
// false when the text holds more than that bound.
func responseWords(text string) ([]word.Word, bool) {
	var out []word.Word
	whole := true
	add := func(s string) {
		switch {
		case s == "":
		case len(out) < maxListNames:
			out = append(out, word.Word{Text: s, Known: word.IsKnown(s)})
		default:
			whole = false
		}
	}
	for _, l := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == 0 }) {
		l = strings.TrimSpace(l)
		add(l)
		if f := strings.Fields(l); len(f) > 1 || len(f) == 1 && f[0] != l {
			for _, x := range f {
				add(strings.Trim(x, `"'`))
			}
		} else if t := strings.Trim(l, `"'`); t != l {
			add(t)
		}
	}
	return out, whole
}
