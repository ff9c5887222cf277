package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// What a recursive read prints reaches the model through the result scan,
// which redacts the secrets of a project's .env in it; that holds only
// while the output reaches the scan as the read printed it. A read of a
// directory whole (DIR/**) whose output is encoded by the reader itself
// (xxd, base64, an archive written to standard output) or passes through
// a later stage of its pipeline that is not a catalogued pass-through
// (catalogue.PassThrough) is opaque: Analysis.OpaqueReads lists it. So is
// a read by a program not known to print the lines it reads as they are
// (catalogue.Verbatim without a reshaping option, catalogue.Unprinted, or
// an interpreter running its script): rev F, grep -o . F, sed -n 3,5p F,
// grep -rhoE '.{1,8}' .. A single file is listed too: the
// hook checks its text before the command runs.

// markOpaque records the reads among w.a.Reads[from:to] as opaque.
func (w *walker) markOpaque(from, to int) {
	reads := w.a.Reads
	if to > len(reads) {
		to = len(reads)
	}
	if from < 0 || from >= to {
		return
	}
	printed := w.printedReads(from, to)
	w.a.OpaqueReads = append(w.a.OpaqueReads, printed...)
	// A file the command wrote from a read's output: that read too
	// (laundered.go).
	w.a.OpaqueReads = append(w.a.OpaqueReads, w.laundered(printed)...)
}

// printedReads returns w.a.Reads[from:to] but for the code programs load
// as they start (walker.loaded).
func (w *walker) printedReads(from, to int) []string {
	reads := w.a.Reads[from:to]
	if len(w.loaded) == 0 {
		return reads
	}
	out := make([]string, 0, len(reads))
	for i, p := range reads {
		if !slices.ContainsFunc(w.loaded, func(r [2]int) bool { return from+i >= r[0] && from+i < r[1] }) {
			out = append(out, p)
		}
	}
	return out
}

// reshapes reports whether c prints what it reads in a form the result
// scan may not see as the file holds it: it encodes, or it is not known
// to print its lines as they are (default-deny). A program that copies
// or writes what it reads elsewhere (cp, tar -f, git add) or only names
// its files (cd, rm) prints none of it; an interpreter's script is run,
// not printed (awk's and sed's files are their data: printed reshaped).
func (c *cmd) reshapes() bool {
	switch {
	case c.name == "":
		return false
	case c.encodes():
		return true
	case c.gofmtNames():
		return false // gofmt -l prints names
	case catalogue.Verbatim.Has(c.name):
		return catalogue.Reshapes(c.name, c.argTexts())
	case c.name == "git":
		return gitGrepReshapes(c.argTexts())
	case c.jvmCode():
		return true // runs an agent's code, which prints what it likes (jvmcode.go)
	case c.unprinted():
		return !catalogue.Quiet(c.name, c.argTexts(), c.mayPrintTo) // tar xO, cmp -l
	case catalogue.Shells.Has(c.name) || catalogue.ForeignShells.Has(c.name) || c.name == "pwsh" || c.name == "powershell":
		return false // runs its script; the commands in it mark their own reads
	}
	if in, ok := catalogue.InterpreterOf(c.name); ok {
		return in.Program
	}
	if p := catalogue.ProgramNamed(c.name); p != nil {
		// A reader prints what it reads; of the programs whose handler
		// records their files (cd, rm, find), sed and dd print them. A
		// program whose words are data reads only its standard input,
		// and passes none of it on as it is: tr < F translates it, read
		// < F splits it into variables any later expansion may slice.
		return p.Access == catalogue.ReadsOnly || p.Access == catalogue.Names || c.name == "sed" || c.name == "dd"
	}
	return true
}

// gitGrepReshapes reports whether git's arguments are grep's with a
// reshaping option (git grep -o).
func gitGrepReshapes(args []string) bool {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a == "grep" && catalogue.Reshapes("grep", args[i+1:])
		}
	}
	return false
}

// encodes reports whether c prints what it reads in a form the result scan
// cannot read back: an encoder, or an archiver writing its archive to
// standard output.
func (c *cmd) encodes() bool {
	switch {
	case c.name == "":
		return false
	case catalogue.Encoders.Has(c.name):
		return true
	case c.name == "tar" || c.name == "bsdtar" || c.name == "gtar":
		return tarToStdout(c.argTexts())
	case c.name == "jar":
		return jarToStdout(c.argTexts())
	case c.name == "zip":
		for _, a := range c.args {
			if a.Text == "-" {
				return true
			}
		}
	case c.name == "7z" || c.name == "7za" || c.name == "7zz":
		for _, a := range c.args {
			if a.Text == "-so" {
				return true
			}
		}
	}
	return false
}

// passes reports whether c prints lines of its input unchanged.
func (c *cmd) passes() bool {
	return c != nil && !c.compound && catalogue.PassThrough.Has(c.name)
}

func (c *cmd) argTexts() []string {
	out := make([]string, len(c.args))
	for i, a := range c.args {
		out[i] = a.Text
	}
	return out
}

// tarToStdout reports whether tar writes its archive to standard output:
// its file is -, or it names none (GNU tar's default) while it may write
// an archive (a list, an extraction or a comparison without -f reads its
// archive from standard input: tarReads).
func tarToStdout(args []string) bool {
	if tarReads(args) {
		return false
	}
	named := false
	for i, a := range args {
		switch {
		case a == "--":
			return !named
		case a == "--file=-" || a == "-f-":
			return true
		case a == "--file" || a == "-f":
			if i+1 < len(args) && args[i+1] == "-" {
				return true
			}
			named = true
		case strings.HasPrefix(a, "--file="), strings.HasPrefix(a, "-f"):
			named = true
		case strings.HasPrefix(a, "--"):
		case i == 0 && !strings.HasPrefix(a, "-") || strings.HasPrefix(a, "-") && len(a) > 1:
			// A bundle of short options (cf, -czf): f takes the next word.
			if j := strings.IndexByte(a, 'f'); j >= 0 {
				if j == len(a)-1 && i+1 < len(args) && args[i+1] == "-" {
					return true
				}
				named = true
			}
		}
	}
	return !named
}

// tarReads reports whether tar's arguments give it a mode that reads an
// archive (t, x, d; --list, --extract, --get, --diff, --compare) and none
// that writes one (c, r, u, A; --create, --append, --update, --catenate,
// --concatenate, --delete, or a prefix of one of them).
func tarReads(args []string) bool {
	reads, writes := false, false
	for i, a := range args {
		switch {
		case a == "--":
			return reads && !writes
		case strings.HasPrefix(a, "--"):
			opt, _, _ := strings.Cut(a, "=")
			for _, m := range [...]string{"--create", "--append", "--update", "--catenate", "--concatenate", "--delete"} {
				writes = writes || len(opt) >= 4 && strings.HasPrefix(m, opt)
			}
			reads = reads || word.LongOption(a, "--list") || word.LongOption(a, "--extract") || a == "--get" ||
				word.LongOption(a, "--diff") || word.LongOption(a, "--compare")
		case i == 0 && a != "" && a[0] != '-', len(a) > 1 && a[0] == '-':
			dash := a[0] == '-' // else tar's old first word: every letter an option
			for _, l := range strings.TrimPrefix(a, "-") {
				writes = writes || strings.ContainsRune("cruA", l)
				reads = reads || strings.ContainsRune("txd", l)
				if dash && strings.ContainsRune(tarWithArg, l) {
					break // the rest of the cluster is the option's value
				}
			}
		}
	}
	return reads && !writes
}

// opaqueStages marks the reads of the stages of a pipeline (stage i's
// reads begin at starts[i] in w.a.Reads) whose output a later stage
// transforms: every stage before the last one that is not a pass-through.
// When that stage prints none of the text it reads (quietReader: tar t,
// sha256sum) and every stage before it prints only into the pipe
// (feedsPipe), what those stages read is printed nowhere: their reads are
// quiet, as the reader's own are (cat A.tgz | tar tz lists as tar tzf
// A.tgz does).
func (w *walker) opaqueStages(stages []*cmd, starts []int) {
	for k := len(stages) - 1; k >= 1; k-- {
		if !stages[k].passes() {
			if stages[k].quietReader() && !slices.ContainsFunc(stages[:k], func(c *cmd) bool { return !c.feedsPipe() }) {
				w.quiet = append(w.quiet, [2]int{starts[0], starts[k]})
				return
			}
			w.markOpaque(starts[0], starts[k])
			return
		}
	}
}

// quietReader reports whether c prints none of the text it reads, its
// standard input's included: an Unprinted program with quiet options
// that does not reshape and runs no command of its own (find -exec cat
// reads find's standard input), the system's program of its name.
func (c *cmd) quietReader() bool {
	return c != nil && !c.compound && !c.nested && c.name != "" && c.w.trusts(c.prog, c.name) && c.unprinted() &&
		catalogue.Quiet(c.name, c.argTexts(), c.mayPrintTo) && !c.reshapes()
}

// feedsPipe reports whether all c prints goes to its standard output,
// and that is the pipe: the system's StdoutOnly program of its name,
// running no command of its own (rg --pre), with no redirection of its
// standard output.
func (c *cmd) feedsPipe() bool {
	if c == nil || c.compound || c.nested || !catalogue.StdoutOnly.Has(c.name) || !c.w.trusts(c.prog, c.name) {
		return false
	}
	_, moved := c.outFds["1"]
	return !moved
}
