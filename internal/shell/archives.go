package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// An archiver that makes an archive file (tar c -f A, zip A, 7z a A)
// stores what it reads in it: the ledger records the archive as holding
// the command's reads (effect.Ledger.Archived), so that reading it back
// later in the same command (tar xOf A, unzip -p A) reads them again,
// though the archive is not on disk when guard looks. Names it takes from
// a list (tar -T, zip -@, 7z @list) are names guard cannot tell.

// madeArchive records, once c has run, the archive file c makes and the
// reads (from index from of the Analysis's) it stores in it; for a
// program guard does not model, the files it writes (from index writes
// and touches) hold the trees it read (unknownArchives).
func (c *cmd) madeArchive(from, writes, touches int) {
	c.decodedStdout(from)
	a, listed := c.archiveFile()
	if a == "" && from <= len(c.w.a.Reads) {
		c.unknownArchives(from, writes, touches)
	}
	if a == "" || a == "-" || from > len(c.w.a.Reads) {
		return
	}
	holds := append([]string(nil), c.w.a.Reads[from:]...)
	if listed {
		holds = append(holds, word.Mark(word.MarkSubst, ""))
	}
	c.w.Archived(a, holds)
}

// decodedStdout records, for c a reader that does not print what it reads
// as it is (tar xOf, zcat, unzip -p, rev, grep -o: catalogue.Verbatim's
// without a reshaping option do), a read of an unknown program's standard
// output as a read of what that program read: in a file it reads (from
// index from of the Analysis's; effect.Ledger.StdoutHolds) or on standard
// input (stdinHolds). What it decodes or reshapes may be their text. A
// reader that prints what it reads as it is passes them on (stdoutHolds).
func (c *cmd) decodedStdout(from int) {
	if c.name == "" || from > len(c.w.a.Reads) {
		return
	}
	holds := c.stdinHolds()
	for _, r := range c.w.a.Reads[from:] {
		holds = append(holds, c.w.StdoutHolds(r)...)
	}
	switch {
	case len(holds) == 0:
	case catalogue.Verbatim.Has(c.name) && c.w.trusts(c.prog, c.name) && !c.reshapes():
		c.stdoutHolds(holds)
		if c.name == "tee" {
			for _, f := range word.Operands(c.args) {
				c.w.ArchivedStdout(f, holds)
			}
		}
	default:
		c.w.a.Reads = append(c.w.a.Reads, holds...)
	}
}

// An unknown program's standard output may be an archive of what it read
// in a pipe as in a file (jar cM . | funzip | rev prints the project's
// .env reversed, as jar cM . > o.zip; funzip o.zip | rev does): the stream
// carries those reads (output.holds) as the ledger carries them on a file
// (ArchivedStdout), through the stages that print what they read as it is
// (cat, head, grep, tee) and into the files those write it to, up to the
// first stage that reads it otherwise, which reads them.

// stdinHolds returns the reads what c reads on standard input may hold:
// the stream of the stage before (stdin.holds), or a file holding an
// unknown program's standard output (funzip < o.zip).
func (c *cmd) stdinHolds() []string {
	switch {
	case c.stdin.fromPipe:
		return c.stdin.holds
	case c.stdin.file != "":
		return c.w.StdoutHolds(c.w.Where(c.stdin.file))
	}
	return nil
}

// stdoutHolds records that c's standard output may hold holds: the files
// it goes to (ArchivedStdout), and the stream the next stage reads.
func (c *cmd) stdoutHolds(holds []string) {
	if len(holds) > effect.MaxLinks {
		holds = holds[:effect.MaxLinks]
	}
	c.out.holds = holds
	for _, o := range c.outFiles {
		c.w.ArchivedStdout(o.path, holds)
	}
	c.heldOut(holds)
}

// heldOut follows holds, what c's standard output may hold, where no
// stage or file of c's own takes it: to a file exec pointed the shell's
// standard output at (exec > F), to the client (Analysis.HeldReads, for
// c a program guard knows nothing of, or a verbatim stage after one), or,
// default-deny, by a route guard does not follow (a substitution <( ),
// >( ), $( ); a script sh -c or eval runs whose output goes to a pipe or a
// file (outAway); a coprocess; a fifo; a descriptor guard lost): then
// they are read as the program may have encoded them.
func (c *cmd) heldOut(holds []string) {
	a := c.w.a
	switch d := c.outFd("1"); {
	case slices.ContainsFunc(c.outFiles, func(o outFile) bool { return strings.Contains(o.path, procOut) || c.w.isFifo(o.path) }):
	case c.piped || len(c.outFiles) > 0:
		return // the next stage reads c.out.holds; the ledger has the files
	case d == lostDest || strings.Contains(d, procOut):
	case d != "":
		c.w.ArchivedStdout(d, holds)
		return
	case c.w.subst == 0 && c.w.coprocs == 0 && !c.w.outAway:
		for _, h := range holds {
			if c.w.unknownHolds[h] && word.IsKnown(h) && len(a.HeldReads) < effect.MaxLinks {
				a.HeldReads = append(a.HeldReads, h)
			}
		}
		return
	}
	a.Reads = append(a.Reads, holds...)
	a.OpaqueReads = append(a.OpaqueReads, holds...)
}

// archiveFile returns the archive file c makes ("" for none), and whether
// c takes the names it stores from a list.
func (c *cmd) archiveFile() (string, bool) {
	args := c.argTexts()
	switch c.name {
	case "tar", "bsdtar", "gtar":
		if !tarCreates(args) {
			return "", false
		}
		return c.tarOptions().archive, slices.ContainsFunc(args, func(s string) bool {
			return word.ShortHas(s, 'T', tarWithArg) || word.LongOption(s, "--files-from") || strings.HasPrefix(s, "-T")
		})
	case "zip":
		return zipArchive(args), slices.ContainsFunc(args, func(s string) bool { return s == "-@" || s == "--names-stdin" })
	case "7z", "7za", "7zz", "7zr":
		if len(args) < 2 || args[0] != "a" && args[0] != "u" {
			return "", false
		}
		for _, s := range args[1:] {
			if !strings.HasPrefix(s, "-") {
				return s, slices.ContainsFunc(args, func(s string) bool { return strings.HasPrefix(s, "@") || strings.HasPrefix(s, "-i@") })
			}
		}
	}
	return "", false
}

// tarCreates reports whether tar's words make an archive: c, r or u in
// its old-style first word or a short cluster, or --create, --append,
// --update, --concatenate.
func tarCreates(args []string) bool {
	for j, s := range args {
		switch {
		case j == 0 && !strings.HasPrefix(s, "-"):
			if strings.ContainsAny(s, "cruA") {
				return true
			}
		case strings.HasPrefix(s, "--"):
			for _, l := range []string{"--create", "--append", "--update", "--concatenate", "--catenate"} {
				if word.LongOption(s, l) {
					return true
				}
			}
		case strings.HasPrefix(s, "-"):
			for _, f := range []byte("cruA") {
				if word.ShortHas(s, f, tarWithArg) {
					return true
				}
			}
		}
	}
	return false
}

// zipWithArg are zip's options that take the next word.
const zipWithArg word.Set = " -b -n -t -tt -O --out -P --password -s --split-size -sb -Z --compression-method -ll -la -lf -li "

// zipArchive returns zip's archive: its first operand.
func zipArchive(args []string) string {
	for j := 0; j < len(args); j++ {
		switch s := args[j]; {
		case zipWithArg.Has(s):
			j++
		case s == "--":
			if j+1 < len(args) {
				return args[j+1]
			}
			return ""
		case !strings.HasPrefix(s, "-") || s == "-":
			return s
		}
	}
	return ""
}

// unknownArchives records, for c a program guard does not model (its
// words are touches: pax -w, jar c, an unknown tool) or an interpreter's
// code (tarfile.open("o.tar", "w").add("."), python -m tarfile -c), each
// file it writes or touches, and each file its standard output is
// redirected to (pax -w . > o.pax), as an archive of what it read: each file, and
// each word as a directory stored whole (default-deny: guard cannot show
// the program does not archive what it names, and does not look on disk
// which words are directories); a name guard cannot tell, one it cannot
// tell. A later read of such a file in the command reads those again.
// A function's, a builtin's (source) and the commands c runs record
// their own; git's printed text is read as its index or history holds it
// (printsText: gittexttree.go).
func (c *cmd) unknownArchives(from, writes, touches int) {
	a := c.w.a
	in, interp := catalogue.InterpreterOf(c.name)
	if c.name == "" || c.printsText || c.w.funcs.bodies[c.name] != nil || builtins.Has(c.name) || catalogue.Shells.Has(c.name) ||
		touches > len(a.Touches) || writes > len(a.Writes) || !interp && len(a.Touches) == touches {
		return
	}
	to := len(a.Reads)
	if c.w.nestAt >= from {
		to = c.w.nestAt // the commands it runs record their own (nestReads)
	}
	var holds []string
	for _, r := range a.Reads[from:to] {
		switch {
		case len(holds) >= effect.MaxLinks:
		case strings.Contains(r, "/**"):
			holds = append(holds, r)
		case !word.IsKnown(r) && word.RunTimePart(r):
			holds = append(holds, word.Mark(word.MarkSubst, ""))
		case !word.IsKnown(r):
			holds = append(holds, r) // a harmless run-time name (git's %f), an inherited variable's: weighed as its read is
		default:
			holds = append(holds, r, word.Clean(r)+"/**")
		}
	}
	if len(holds) == 0 {
		return
	}
	for _, f := range slices.Concat(a.Writes[writes:], a.Touches[touches:]) {
		c.w.Archived(f, holds) // (not what f itself names: Archived)
	}
	if in.Program { // awk: guard reads its code (awksources.go); its file only
		for _, o := range c.outFiles {
			c.w.ArchivedStdout(o.path, holds)
		}
		return
	}
	if c.unknownProgram() && c.printsUnknown() {
		if c.w.unknownHolds == nil {
			c.w.unknownHolds = map[string]bool{}
		}
		for _, h := range holds {
			c.w.unknownHolds[h] = true
		}
	}
	c.stdoutHolds(holds) // pax -w . > o.pax, jar cM . | funzip: its standard output too
}

// printsUnknown reports whether guard knows nothing of what c's program
// prints of the words it was left as touches: no catalogue entry says
// what it reads or prints (catalogue.ProgramNamed), it is no interpreter,
// no source tool (catalogue.SourceTools: linters print diagnostics) and
// no runner of the project's code (catalogue.ProjectCodeNamed: pytest,
// make); with unknownProgram, it has no handler either.
func (c *cmd) printsUnknown() bool {
	if _, ok := catalogue.InterpreterOf(c.name); ok {
		return false
	}
	return catalogue.ProgramNamed(c.name) == nil && catalogue.ProjectCodeNamed(c.name) == nil && !catalogue.SourceTools.Has(c.name)
}
