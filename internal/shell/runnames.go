package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Run-time names (default-deny). What a command
// prints that guard does not know, used as a name ("$(…)", x=$(…); rm
// "$x", … | xargs rm, … | while read f), may hold a / and be any path: it
// is "cannot tell" (word.RunTime) unless what prints it is known to print
// names that are harmless or among paths guard checks:
//
//   - a name producer (date, uuidgen, git rev-parse, go env, mktemp,
//     pwd, basename; catalogue.ProducesName and pathOutput): tame;
//   - a lister (ls, stat, du, wc, grep -l, a checksum): its operands,
//     or names below them, which it carries as find carries the paths it
//     found (output.paths: xargs, while read, $(…) and a variable holding
//     it touch them, see foundArgs and substTarget); ls of directories only
//     prints their entries' bare names (tame), but ls -a/-A/-R, du and git
//     ls-files of the working directory print the names under it: DIR/…,
//     as find's (treeListed);
//   - a line filter (grep, head, sort, uniq, cut -f) of such output, or
//     of known text (each line and field of it a path).
//
// Anything else (tr, sed, rev, awk, base64 -d, a file's content) is wild.

// wildName is how a name a runner (xargs, parallel) is fed is written
// when what feeds it is wild: a value that may be any path.
var wildName = word.Mark(word.MarkSubst, "")

// wildFeed reports whether what a runner (xargs, parallel) reads its
// names from is wild: a pipe, a process substitution or a list file (listed)
// whose text guard cannot tell, neither tame nor a lister's paths.
func (c *cmd) wildFeed(listed bool) bool {
	in := c.stdin
	if listed {
		return true // a list file guard could not read (its names would be inputs)
	}
	if f := c.handed; f != nil && f.text && !c.stdinReplaced() {
		// git's filter driver `xargs cat`: the text a runner feeds it
		// is its list of names, which guard does not read (FINDINGS60a
		// A13): names that may be any path, as a pipe's unknown list.
		return true
	}
	return !in.known && !in.tame && len(in.paths) == 0 && (in.fromPipe || in.sub != "")
}

// maxPrintedPaths bounds the paths a filter takes from known text.
const maxPrintedPaths = 16

// printedNames sets what c prints when it is not known but is harmless
// names or among paths (see above).
func (c *cmd) printedNames() {
	if c.out.known || c.name == "" || !c.w.trusts(c.prog, c.name) || c.w.funcs.bodies[c.prog] != nil {
		return
	}
	if len(c.out.paths) > 0 {
		c.out.tame = inProject(c.out.paths) // find's paths
		return
	}
	if c.name == "basename" {
		c.out.tame = true // one name, whatever it is handed
		return
	}
	if !word.AllKnown(c.args) {
		return
	}
	args := word.Texts(c.args)
	switch {
	case c.name == "go" && c.goListOutput(args): // go list ./...: the packages' import paths (golist.go)
	case c.pasteKnown(): // paste -sd, - of known text (grepknown.go)
	case c.name == "git" && gitListsFiles(args) && catalogue.ProducesName(c.name, args) && !c.producerSteered(args):
		c.treeListed(lsFilesSpecs(args)) // the repository's files, not bare names
	case catalogue.ProducesName(c.name, args) && !c.producerSteered(args):
		c.out.tame = true
		c.out.plain = catalogue.ProducesPlain(c.name, args) // one word of the plain alphabet: a token too
		c.out.token = c.out.plain || catalogue.ProducesToken(c.name, args)
		c.out.place = catalogue.ProducesPlace(c.name, args)
		if c.out.place {
			c.placeOutput(args) // places.go
		}
	case c.stdinFilter():
		c.filterOutput()
	case isLister(c.name):
		opts, _ := catalogue.Lister(c.name)
		c.listerOutput(opts)
	}
}

// producerSteered reports whether the command sets what steers what the
// producer c prints: a variable in its environment (GOPATH=/x go env
// GOPATH), one the command set before that steers it, or git's own
// configuration (core.worktree).
func (c *cmd) producerSteered(args []string) bool {
	if len(c.env) > 0 || c.name == "git" && c.w.gitConfigWritten {
		return true
	}
	vars := strings.Fields(string(catalogue.ProducerEnv(c.name)))
	if c.name == "go" {
		vars = append(vars, args...) // go env NAME
	}
	set := c.w.varMap()
	for _, v := range vars {
		if _, ok := set[v]; ok {
			return true
		}
	}
	return false
}

// stdinFilter reports whether c is a line filter that reads its standard
// input (no file operand).
func (c *cmd) stdinFilter() bool {
	if c.name == "awk" || c.name == "gawk" || c.name == "mawk" {
		return awkFieldPrint(c.args) // awk '{print $2}': a field, as cut -f at a blank
	}
	if !catalogue.LineFilters.Has(c.name) {
		return false
	}
	opts, _ := catalogue.Lister(c.name)
	ops := c.listerOperands(opts)
	if c.name == "grep" || c.name == "egrep" || c.name == "fgrep" {
		if len(ops) > 0 && !hasOpt(c.args, "-e", "--regexp", "-f", "--file") {
			ops = ops[1:] // the pattern
		}
		if hasShort(c.args, 'o', 'c', 'l', 'L', 'r', 'R') {
			return false // a part of a line, a count, names
		}
	}
	if c.name == "cut" && (hasShort(c.args, 'c', 'b') || !cutByBlank(c.args)) {
		return false // a slice of a line: a part of a name may be another path
	}
	return len(ops) == 0 || len(ops) == 1 && ops[0] == "-"
}

// awkFieldPrint reports whether awk's words are one program that prints
// one field of each line split at blanks ({print $N}): no -F, no file.
func awkFieldPrint(args []word.Word) bool {
	if len(args) != 1 {
		return false
	}
	prog := strings.Join(strings.Fields(args[0].Text), "")
	n, ok := strings.CutPrefix(prog, "{print$")
	n, ok2 := strings.CutSuffix(n, "}")
	return ok && ok2 && n != "" && strings.Trim(n, "0123456789") == ""
}

// cutByBlank reports whether cut splits at a tab (its default) or a space.
func cutByBlank(args []word.Word) bool {
	for j, a := range args {
		switch {
		case a.Text == "-d" && j+1 < len(args):
			return args[j+1].Text == " " || args[j+1].Text == "\t"
		case strings.HasPrefix(a.Text, "-d"):
			return a.Text == "-d " || a.Text == "-d\t"
		case strings.HasPrefix(a.Text, "--delimiter="):
			return a.Text == "--delimiter= " || a.Text == "--delimiter=\t"
		}
	}
	return true
}

// hasOpt reports whether one of c's words is one of opts.
func hasOpt(args []word.Word, opts ...string) bool {
	for _, a := range args {
		for _, o := range opts {
			if a.Text == o || strings.HasPrefix(a.Text, o+"=") {
				return true
			}
		}
	}
	return false
}

// filterOutput: a line filter prints a selection of what it reads: the
// paths it was fed, or the lines and fields of known text as paths.
func (c *cmd) filterOutput() {
	in := c.stdin
	switch {
	case in.known && c.grepKnown(in.text): // grep -v /e2e of known text: known (grepknown.go)
	case len(in.paths) > 0:
		c.out.paths, c.out.names, c.out.tame, c.out.nulOnly, c.out.entries = in.paths, in.names, in.tame, in.nulOnly, in.entries
	case in.tame:
		c.out.tame = true
	case in.known:
		var paths []string
		for _, l := range strings.Split(in.text, "\n") {
			for _, p := range append([]string{l}, strings.Fields(l)...) {
				if p != "" && len(paths) < maxPrintedPaths {
					paths = append(paths, p)
				}
			}
		}
		c.out.paths = dedupe(paths)
		c.out.tame = inProject(c.out.paths)
	}
}

// inProject reports whether every path is relative to the working
// directory and below it: names a value the command computes from them
// stays a name there (the unknown-name rules, not word.RunTime).
func inProject(paths []string) bool {
	for _, p := range paths {
		if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") || word.HasMark(p) ||
			p == ".." || strings.HasPrefix(p, "../") || strings.Contains(p, "/../") || strings.HasSuffix(p, "/..") {
			return false
		}
	}
	return true
}

// listerOutput: a lister prints its operands' names, or names below them
// (opts: its options with an argument). Its paths are those operands, as
// find's are its start paths; with none, or ls of directories only, bare
// names in the working directory (tame). An operand that holds a blank or
// a quote is not taken (xargs would split it into other names), nor
// output of the lister's own making (stat -c with text, ls -l's link
// targets).
func (c *cmd) listerOutput(opts word.Set) {
	if c.listerShaped(opts) {
		return // du --time-style=+../.bashrc, grep --label=…, wc --files0-from=F: text the caller spells
	}
	ops := c.listerOperands(opts)
	switch c.name {
	case "grep":
		if !hasShort(c.args, 'l', 'L', 'c') || len(ops) == 0 {
			return // lines of the files: their text
		}
		if !hasOpt(c.args, "-e", "--regexp", "-f", "--file") {
			ops = ops[1:]
		}
	case "stat":
		if !statNames(c.args) {
			return
		}
	case "ls":
		if hasShort(c.args, 'l', 'g', 'o', 'n') || hasOpt(c.args, "--format") {
			return // a link's target
		}
	}
	if walksTree(c.name, c.args) && (len(ops) == 0 || inProject(ops)) {
		// ls -A, ls -R, du of the working directory or a directory in it
		// prints the names of what it holds, hidden ones among them: the
		// tree read or written whole by what takes them (F11).
		c.treeListed(ops)
		return
	}
	if len(ops) == 0 || inProject(ops) {
		if c.name == "grep" && hasShort(c.args, 'r', 'R') && !c.w.namesWhole(cwdIfNone(ops), nil) {
			return // names found below that a consumer may split (splitnames.go)
		}
		c.out.tame = true // names in the working directory, or data of standard input
		if c.name == "ls" {
			c.lsEntries(ops)
		}
		return
	}
	var paths []string
	dirs := true // ls of directories only: bare names
	for _, o := range ops {
		if o == "" || o == "-" || strings.ContainsAny(o, " \t\n'\"\\") || word.HasMark(o) {
			return
		}
		if c.name == "ls" && hasShort(c.args, 'R') {
			return // the names of a tree, bare and in headers
		}
		if c.name == "ls" && !hasShort(c.args, 'd') && !strings.ContainsAny(o, "*?[") && !c.w.IsFile(o) {
			continue // a directory's entries, bare names; a missing file, nothing
		}
		dirs = false
		if c.name == "du" || hasShort(c.args, 'r', 'R') {
			o = strings.TrimRight(o, "/") + "/…" // names below it
		}
		paths = append(paths, o)
	}
	if dirs {
		c.out.tame = true // bare names
		return
	}
	if len(paths) < len(ops) {
		return // ls of files and directories: names of both kinds
	}
	c.out.paths = paths
	if c.w.subst > 0 {
		c.w.LastFind = &effect.Found{Paths: paths} // $(ls F) is what it found (printed.go)
	}
}

// lsEntries sets what ls of operands ops (in the working directory)
// prints as the names a reader it feeds opens: an operand that is a file
// or a pattern, as written (with -d, each); a directory's entries, bare
// names that a reader opens in the working directory, as its *. A reader
// of them reads those files (cat $(ls), ls | xargs cat: cat *).
func (c *cmd) lsEntries(ops []string) {
	if len(ops) == 0 {
		ops = []string{"."}
	}
	var paths []string
	for _, o := range ops {
		switch {
		case o == "" || o == "-" || strings.ContainsAny(o, " \t\n'\"\\") || word.HasMark(o):
			return
		case hasShort(c.args, 'd') || strings.ContainsAny(o, "*?[") || c.w.IsFile(o):
			paths = append(paths, o)
		default:
			paths = append(paths, "*") // a directory's entries
		}
	}
	c.out.paths, c.out.entries = dedupe(paths), true
	if c.w.subst > 0 {
		c.w.LastFind = &effect.Found{Paths: c.out.paths, Entries: true} // $(ls) (printed.go)
	}
}

// listerOperands returns the operands of a lister whose options opts take
// an argument.
func (c *cmd) listerOperands(opts word.Set) []string {
	var ops []string
	end := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case end || s == "-" || !strings.HasPrefix(s, "-"):
			ops = append(ops, s)
		case s == "--":
			end = true
		case opts.Has(s):
			j++
		}
	}
	return ops
}

// statNames reports whether stat prints only names and data of its own:
// no -c/--format/--printf, or a format of directives and blanks (%n, %s;
// not %N, which prints a link's target, nor literal text).
func statNames(args []word.Word) bool {
	for j, a := range args {
		f, ok := "", false
		switch {
		case (a.Text == "-c" || a.Text == "--format" || a.Text == "--printf") && j+1 < len(args):
			f, ok = args[j+1].Text, true
		case strings.HasPrefix(a.Text, "--format=") || strings.HasPrefix(a.Text, "--printf="):
			_, f, _ = strings.Cut(a.Text, "=")
			ok = true
		case strings.HasPrefix(a.Text, "-c") && len(a.Text) > 2:
			f, ok = a.Text[2:], true
		}
		if ok && !plainFormat(f) {
			return false
		}
	}
	return true
}

// plainFormat reports whether a stat format is directives other than %N
// and blanks only.
func plainFormat(f string) bool {
	for i := 0; i < len(f); i++ {
		switch {
		case f[i] == ' ' || f[i] == '\t' || f[i] == '\n':
		case f[i] == '%' && i+1 < len(f) && f[i+1] != 'N' && word.IsWordChar(f[i+1]):
			i++
		case f[i] == '\\' && i+1 < len(f) && f[i+1] == 'n':
			i++
		default:
			return false
		}
	}
	return true
}

// isLister reports whether name is a lister (catalogue.Lister).
func isLister(name string) bool {
	_, ok := catalogue.Lister(name)
	return ok
}

// walksTree reports whether lister name run with args prints the names a
// directory holds, hidden ones among them, or below it: ls -a, -A or -R
// (without -d), du but -s.
func walksTree(name string, args []word.Word) bool {
	switch name {
	case "ls":
		return hasShort(args, 'a', 'A', 'R') || hasOpt(args, "--all", "--almost-all", "--recursive")
	case "du":
		return !hasShort(args, 's') && !hasOpt(args, "--summarize")
	}
	return false
}

// treeListed: what c prints is the names under each of dirs (the working
// directory when none), as find's are: DIR/…, read or written by what
// takes them as the tree it stands for (effect.Found). A dir that is a
// glob pattern with no / (git ls-files '*.go') is a name looked for
// under the working directory.
func (c *cmd) treeListed(dirs []string) {
	var paths, names []string
	for _, d := range dirs {
		switch {
		case strings.ContainsAny(d, "*?[") && !strings.Contains(d, "/"):
			names = append(names, d)
		case d != "" && !word.HasMark(d):
			paths = append(paths, strings.TrimRight(d, "/")+"/…")
		}
	}
	if len(paths) == 0 || len(names) > 0 {
		paths = append(paths, "./…")
	}
	if len(names) > 0 && len(paths) > 1 || len(names) > maxFindNames {
		names = nil // names and directories: anything under them
	}
	c.out.paths, c.out.names = dedupe(paths), names
	c.out.tame = inProject(c.out.paths)
	if c.w.subst > 0 {
		c.w.LastFind = &effect.Found{Paths: c.out.paths, Names: names} // $(git ls-files) (printed.go)
	}
}

// gitListsFiles reports whether git run with args (known) lists the
// repository's files: git ls-files, git ls-tree -r --name-only.
func gitListsFiles(args []string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a == "ls-files"
		}
	}
	return false
}

// lsFilesSpecs returns git ls-files' pathspecs: its words after the
// subcommand that are not options (those taking a value: -x, -X,
// --exclude, --exclude-from, --format… written with =, or the next word).
func lsFilesSpecs(args []string) []string {
	var out []string
	sub, end := false, false
	for j := 0; j < len(args); j++ {
		a := args[j]
		switch {
		case !sub:
			sub = a == "ls-files"
			if !sub && (a == "-C" || a == "-c") {
				j++
			}
		case end || !strings.HasPrefix(a, "-"):
			out = append(out, a)
		case a == "--":
			end = true
		case a == "-x" || a == "-X" || a == "--exclude" || a == "--exclude-from" || a == "--exclude-per-directory" || a == "--format" || a == "--with-tree":
			j++
		}
	}
	return out
}

// listerValueOpts are the options of listers that take a value and do not
// put text of the caller's into what is printed (filters, sizes, counts,
// widths, algorithms, patterns to match); any other valued option (a
// time style, a label, a separator, a list file of names) shapes the
// names the lister prints.
const listerValueOpts word.Set = " -I --ignore --hide -w --width -T --tabsize --sort --color -d --max-depth -t --threshold " +
	"--exclude -X --exclude-from -B --block-size -e --regexp -f --file -m --max-count -A -B -C --include --exclude-dir -l --length -a --algorithm "

// listerShaped reports whether lister c is given a valued option outside
// listerValueOpts (opts are its options that take a value), spelled
// apart, joined with =, or as a short cluster's last letter.
func (c *cmd) listerShaped(opts word.Set) bool {
	if c.name == "stat" {
		return false // its format is read by statNames: plain %n only
	}
	for _, a := range c.args {
		t := a.Text
		if t == "--" {
			return false
		}
		if !strings.HasPrefix(t, "-") || t == "-" {
			continue
		}
		name, _, _ := strings.Cut(t, "=")
		if strings.HasPrefix(t, "--") {
			if opts.Has(name) && !listerValueOpts.Has(name) {
				return true
			}
			continue
		}
		for i := 1; i < len(t); i++ {
			o := "-" + t[i:i+1]
			if opts.Has(o) {
				if !listerValueOpts.Has(o) {
					return true
				}
				break // the rest of the cluster is its value
			}
		}
	}
	return false
}
