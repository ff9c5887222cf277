package shell

// Programs whose arguments are partly data: printers, testers, grep, sed,
// jq and the message options of version control tools.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// allData marks every argument data.
func (c *cmd) allData() {
	for i := range c.kinds {
		c.kinds[i] = argData
	}
}

// printer: echo and printf print data. Piped or substituted, what they print
// may become arguments (echo ~/.ssh/id_rsa | xargs cat), so their words are
// read too.
func (c *cmd) printer() {
	c.allData()
	if c.piped || c.subst {
		for _, a := range c.args {
			c.w.Read(a.Text)
		}
	}
	// What is not known of the words stays marked in what they print.
	switch c.name {
	case "echo":
		if o, ok := c.echoPrints(); ok {
			c.out = output{text: o, known: true}
		}
	case "printf":
		if o, ok := printfOutput(c.args, c.w.zsh); ok {
			c.out = output{text: o, known: true}
		}
	}
}

// grep: the first operand (or each -e value) is a pattern: data. Searching
// recursively without a file operand, it reads the working directory.
func (c *cmd) grep(from int) {
	// rg --files takes no pattern: every operand is a root it lists.
	given, files, at := c.name == "rg" && hasAny(c.args[from:], "--files"), []string(nil), []int(nil)
	for j := from; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			if !given && j+1 < len(c.args) {
				c.kinds[j+1] = argData
				given = true
				j++
			}
		case s == "-e" || s == "--regexp":
			if j+1 < len(c.args) {
				c.kinds[j+1] = argData
			}
			given = true
			j++
		case strings.HasPrefix(s, "--regexp=") || strings.HasPrefix(s, "-e") && len(s) > 2 && c.name != "rg":
			c.kinds[j] = argData
			given = true
		case s == "-f" && c.name != "ag" && c.name != "ack" || s == "--file":
			// (ag -f is --follow, ack -f lists the files: no value.)
			given = true
			if j+1 < len(c.args) {
				c.w.Read(c.args[j+1].Text)
			}
			j++
		case grepFileGlobs.Has(s) && j+1 < len(c.args):
			c.kinds[j+1] = argData // --exclude .env: a glob of names to skip, not a file read
			j++
		case grepFileGlobs.Has(strings.SplitN(s, "=", 2)[0]) && strings.Contains(s, "="):
			c.kinds[j] = argData
		case catalogue.GrepWithArg.Has(s), c.name != "grep" && c.name != "egrep" && c.name != "fgrep" && c.name != "zgrep" && catalogue.RgWithArg.Has(s),
			c.name == "ag" && (s == "-p" || s == "-G"):
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
		case !given:
			c.kinds[j] = argData
			given = true
		default:
			files, at = append(files, s), append(at, j)
		}
	}
	if c.hiddenSearched(files) {
		c.recursive, c.readsDot = true, true // rg with a whitelist: as --hidden (hiddenskip.go)
	} else if c.skipsHidden() {
		// It reads every file but the hidden ones: *.pem, a key's copy.
		from := len(c.w.a.Reads)
		if len(files) == 0 {
			files = []string{"."}
		}
		for _, f := range files {
			c.visibleTree(f)
		}
		c.w.visible = append(c.w.visible, [2]int{from, len(c.w.a.Reads)})
	}
	if len(files) == 0 && c.readsDot {
		c.w.ReadTree(".")
	}
	if c.readsDot && c.name == "git" {
		c.gitGrepSpecs(at) // gitmagic.go
	} else if c.readsDot {
		// git grep's pathspecs name trees: git grep X . is git grep X.
		for _, f := range files {
			if !strings.ContainsAny(f, "*?[") && !strings.HasPrefix(f, ":") {
				c.w.ReadTree(f)
			}
		}
	}
	c.visibleLinks(files)
	c.generic()
}

// visibleLinks: rg -L, ag -f, pt --follow without --hidden still read the
// directories they are given (the working directory without one), but for
// their hidden names, and enter a link there by its own name: keys ->
// ~/.ssh is read as keys. So each link's target is read
// whole, whatever its own name.
func (c *cmd) visibleLinks(files []string) {
	p := catalogue.ProgramNamed(c.name)
	if c.w.FollowLinks == "" || c.recursive || p == nil || !p.Recurse.SkipsHidden() {
		return
	}
	if len(files) == 0 {
		files = []string{"."}
	}
	for _, f := range files {
		c.w.FollowVisible(f)
	}
}

// sed: its script is data, unless it executes (GNU sed's e command or
// s///e): then what it runs is analysed (sedRuns). sed -i with a script
// of literal substitutions writes text guard computes (sedLiteralWrites).
// Its arguments are parsed once, by sedArgv: an -e or -f anywhere (GNU
// getopt permutes) makes the first operand an input file.
func (c *cmd) sed() {
	scriptOpt := false
	sedArgv(c.args, func(kind sedArg, _, _ int, _, _ string) {
		scriptOpt = scriptOpt || kind == sedExprArg || kind == sedFileArg
	})
	given, literal, inPlace := false, true, false
	suffix := "" // -iSUFFIX's plain suffix (sedBackupSuffix)
	var inputs []word.Word
	var scripts, pieces []string // the -e and operand scripts; those with -f's files, in order
	var scriptWords []int
	dialect := false // -E, -r, --posix: expressions not read as GNU's basic ones
	sedArgv(c.args, func(kind sedArg, j, k int, s, v string) {
		switch kind {
		case sedExprArg: // -e S, -eS, -ne S, --expression=S, --expr S
			scripts, pieces, scriptWords = append(scripts, v), append(pieces, v), append(scriptWords, k)
			// (a cluster's other letters, -ne S, may change what it writes)
			literal = literal && c.args[k].Known && (s == "-e" || strings.HasPrefix(s, "--expression"))
			given = true
		case sedFileArg: // -f F, -fF, -nf F, --file=F: codeFile reads <(…) and /dev/stdin too
			given, literal = true, false
			if t, ok := c.sedFile(j, k, v); ok {
				pieces = append(pieces, t)
			}
		case sedLineArg:
			literal = false
		case sedOptArg:
			inPlace = inPlace || strings.HasPrefix(s, "-i") || strings.HasPrefix(s, "--in-place")
			if sfx, ok := sedBackupSuffix(s); ok && j == k && c.args[j].Known {
				// -i~, --in-place=.bak: a suffix, no path; sed writes
				// FILE+SUFFIX beside each input (recorded below).
				c.kinds[j] = argData
				suffix = sfx
			}
			dialect = dialect || s == "-E" || s == "-r" || s == "--regexp-extended" || s == "--posix"
			literal = literal && sedPlainOption(s)
		case sedOperandArg:
			if given || scriptOpt {
				inputs = append(inputs, c.args[j])
				return
			}
			scripts, pieces, scriptWords = append(scripts, s), append(pieces, s), append(scriptWords, j)
			literal = literal && c.args[j].Known
			given = true
		}
	})
	// GNU sed reads its -e and -f scripts as one, joined by newlines: a
	// block opened in one closes in another (-e '1{' -e 'w F' -e '}').
	ex := c.sedScript(scriptWords, strings.Join(pieces, "\n"))
	c.sedRuns(ex)
	var edits func()
	if inPlace && literal {
		edits = c.sedLiteralWrites(scripts, inputs)
		// The script's expressions read as basic ones (GNU's) only
		// without -E, -r, --posix; a literal one reads the same in any.
		if _, lit := lang.ParseSedLiteral(strings.Join(scripts, "\n")); lit || !dialect {
			c.w.EditScript = strings.Join(scripts, "\n")
		}
	}
	c.generic()
	c.w.EditScript = ""
	if edits != nil {
		edits()
	}
	for _, in := range inputs {
		if suffix != "" {
			c.w.Write(in.Text + suffix) // the backup: FILE~, FILE.bak
		}
	}
}

// sedBackupSuffix returns the suffix of sed's in-place option s
// (-iSUFFIX, --in-place=SUFFIX, its abbreviations) when it is a plain one,
// which sed appends to each file's name for its backup; false for none,
// and for one holding * or / (a backup name or directory of its own,
// left to the option's generic reading).
func sedBackupSuffix(s string) (string, bool) {
	var sfx string
	switch {
	case strings.HasPrefix(s, "--in"):
		_, v, ok := strings.Cut(s, "=")
		if !ok {
			return "", false
		}
		sfx = v
	case strings.HasPrefix(s, "-i") && len(s) > 2:
		sfx = s[2:]
	default:
		return "", false
	}
	return sfx, sfx != "" && !strings.ContainsAny(sfx, "*/")
}

// sedArg is what one of sed's arguments is (sedArgv).
type sedArg uint8

const (
	sedExprArg    sedArg = iota // -e S: a script
	sedFileArg                  // -f F: a script file
	sedLineArg                  // -l N
	sedOptArg                   // another option, or --
	sedOperandArg               // the script (no -e or -f given) or an input file
)

// sedLongs are GNU sed's long options: getopt_long takes any unambiguous
// prefix of one (--expr, --e, --fi).
const sedLongs word.Set = " --expression --file --line-length --in-place --quiet --silent --regexp-extended " +
	"--separate --sandbox --unbuffered --null-data --zero-terminated --posix --debug --follow-symlinks --binary --help --version "

// sedArgv parses sed's arguments args as GNU sed does (long options
// abbreviated, a value glued or in the next word, -- ending the options)
// and calls visit for each: its kind, the word j it starts at and the
// word k it ends at, its text s (a long option written in full) and its
// value v. The one parser of sed's argv: sed() and the question "is there
// an -e or -f" both read it.
func sedArgv(args []word.Word, visit func(kind sedArg, j, k int, s, v string)) {
	args = slices.Clone(args)
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" {
			visit(sedOptArg, j, j, s, "")
			for k := j + 1; k < len(args); k++ {
				visit(sedOperandArg, k, k, args[k].Text, "")
			}
			return
		}
		if strings.HasPrefix(s, "--") {
			opt, v, eq := strings.Cut(s, "=")
			if s = sedLongs.Full(opt); eq {
				s += "=" + v
			}
			args[j].Text = s
		}
		// (-i's suffix is glued: -ie is -i with suffix e, not -i -e.)
		if v, k, ok := word.OptionValue(args, j, 'e', "fli", "--expression"); ok {
			visit(sedExprArg, j, k, s, v)
			j = k
			continue
		}
		if v, k, ok := word.OptionValue(args, j, 'f', "eli", "--file"); ok {
			visit(sedFileArg, j, k, s, v)
			j = k
			continue
		}
		switch {
		case s == "-l" || s == "--line-length":
			visit(sedLineArg, j, min(j+1, len(args)-1), s, "")
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
			visit(sedOptArg, j, j, s, "")
		default:
			visit(sedOperandArg, j, j, s, "")
		}
	}
}

// lstatOf returns what st says of p; EntryUnknown without st.
func lstatOf(st effect.Stater, p string) (effect.EntryKind, string) {
	if st == nil {
		return effect.EntryUnknown, ""
	}
	return st.Lstat(p)
}

// sedPlainOption reports whether s is an option of sed that leaves what a
// script of literal substitutions makes of a file as lang.SedLiteral
// computes it: in place (-i[SUFFIX], --in-place[=SUFFIX]), extended
// patterns, separate files, unbuffered, POSIX. Not -n (prints only what p
// prints) nor -z (NUL-separated lines).
func sedPlainOption(s string) bool {
	switch s {
	case "-E", "-r", "--regexp-extended", "-s", "--separate", "-u", "--unbuffered", "--posix", "-i", "--in-place":
		return true
	}
	return strings.HasPrefix(s, "-i") && !strings.ContainsAny(s[2:], "/") || strings.HasPrefix(s, "--in-place=")
}

// sedLiteralWrites returns, for sed -i with a script of literal
// substitutions (lang.SedLiteral), what records the text each input file
// it can read whole then holds (once its write is recorded): a runner or
// a script run later sees that text, not a file changed with text guard
// cannot see. Nil when there is none.
func (c *cmd) sedLiteralWrites(scripts []string, inputs []word.Word) func() {
	x, ok := lang.ParseSedLiteral(strings.Join(scripts, "\n"))
	if !ok {
		return nil
	}
	var names, texts []string
	st, _ := c.w.Files.(effect.Stater)
	for _, in := range inputs {
		if !in.Known || slices.ContainsFunc(names, func(n string) bool { return path.Base(n) == path.Base(word.Clean(in.Text)) }) {
			return nil // a file perhaps named twice (../d/x, $PWD/x, a link/x) is edited twice
		}
		if c.sedLinked(st, in.Text) {
			return nil
		}
		t, st := c.w.FileStatus(in.Text, true, effect.MaxScriptBytes)
		if st == effect.FileAbsent {
			continue // sed cannot read it, and makes none
		}
		if st != effect.FileWhole {
			return nil
		}
		names, texts = append(names, word.Clean(in.Text)), append(texts, x.Apply(t))
	}
	return func() {
		c.w.EditScript = strings.Join(scripts, "\n")
		for i, n := range names {
			c.w.Wrote(n, texts[i], false)
		}
		c.w.EditScript = ""
	}
}

// sedLinked reports whether guard cannot tell that name, an input of sed
// -i, is the file it names: a symbolic link at it or at any directory the
// name goes through (d/x with d -> ., a link sed replaces with a file of
// its target's text), or no way to tell (no Stater).
func (c *cmd) sedLinked(st effect.Stater, name string) bool {
	if st == nil {
		return true
	}
	p := word.Clean(name)
	for {
		if k, _ := st.Lstat(c.w.Where(p)); k == effect.EntryLink || k == effect.EntryUnknown {
			return true
		}
		d := path.Dir(p)
		if d == p || d == "." || d == "/" || d == ".." || path.Base(d) == ".." {
			return false
		}
		p = d
	}
}

// sedFile reads sed's script file v, named at c.args[j] (its own word)
// or c.args[k] (the next one): its text (codeFile).
func (c *cmd) sedFile(j, k int, v string) (string, bool) {
	f := c.args[k]
	if k == j {
		f = word.Word{Text: v, Known: f.Known, Sub: f.Sub}
	}
	c.w.Read(f.Text)
	c.kinds[k] = argData // read above; not a file to write
	return c.codeFile(f, "a sed script")
}

// sedScript reads sed's whole script (lang.ReadSed), marks the words
// that hold it data unless it runs commands, records the files its r, R,
// w and W commands (and s///w) read and write, and returns it.
func (c *cmd) sedScript(words []int, script string) lang.SedScript {
	ex := lang.ReadSed(script)
	for _, j := range words {
		if !ex.Runs() {
			c.kinds[j] = argData
		}
	}
	for _, f := range ex.Reads {
		c.w.Read(f)
	}
	for _, f := range ex.Writes {
		c.w.Write(f)
	}
	return ex
}

// sedRuns analyses what a sed script runs: each command that is the
// script's own text (e COMMAND, s/.*/COMMAND/e). A script guard cannot
// read to its end, or one that runs a command its input lines make (e
// alone, s/^/cat /e), is hidden: guard cannot tell what runs.
func (c *cmd) sedRuns(ex lang.SedScript) {
	w := c.w
	if ex.Err != nil {
		w.hide("holds a sed script guard cannot read to its end (%s): it may run, read or write anything", ex.Err.Error())
		return
	}
	for _, cmd := range ex.Commands {
		w.scoped(func() { w.script(cmd, w.depth+1) })
	}
	if ex.Computed {
		w.hide("runs a command sed makes of its input lines (e, s///e), which guard cannot tell")
	}
}

// jq: the filter and --arg values are data; the modules the program
// imports are read (jqModules).
func (c *cmd) jq() {
	given, fromFile := false, false
	var prog *word.Word
	var libs []string
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--arg" || s == "--argjson":
			if j+2 < len(c.args) {
				c.kinds[j+2] = argData
			}
			j += 2
		case s == "-f" || s == "--from-file":
			given, fromFile = true, true
		case strings.HasPrefix(s, "--from-file="):
			given, fromFile = true, true
			prog = &word.Word{Text: strings.TrimPrefix(s, "--from-file="), Known: c.args[j].Known}
		case (s == "-L" || s == "--library-path") && j+1 < len(c.args):
			j++
			libs = append(libs, c.args[j].Text)
		case strings.HasPrefix(s, "--library-path="):
			libs = append(libs, strings.TrimPrefix(s, "--library-path="))
		case strings.HasPrefix(s, "-L") && len(s) > 2:
			libs = append(libs, s[2:])
		case s == "--indent":
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
		case fromFile && prog == nil:
			prog = &c.args[j] // -f FILE: the first operand
		case !given:
			c.kinds[j] = argData
			given = true
			prog = &c.args[j]
		}
	}
	c.generic()
	if prog != nil {
		c.jqModules(*prog, fromFile, libs)
	}
}

// messages: commit messages, titles, bodies and log searches of version
// control tools are data.
func (c *cmd) messages() {
	sub := ""
	j := 0
	for j < len(c.args) {
		s := c.args[j].Text
		if s == "-C" || s == "-c" || s == "--git-dir" || s == "--work-tree" || s == "-R" || s == "--repo" ||
			c.name == "git" && gitValuedGlobals.Has(s) {
			if s == "-c" && c.name == "git" && j+1 < len(c.args) && gitDataSetting(c.args[j+1].Text) {
				c.kinds[j+1] = argData // git -c user.email="$(…)": a value, not a name
			}
			j += 2
			continue
		}
		if c.name == "git" && strings.HasPrefix(s, "-") && !gitKnownGlobal(s) {
			// A global option guard does not know may take the next
			// word: the subcommand is unknown, and no word is data.
			j = len(c.args)
			break
		}
		if strings.HasPrefix(s, "-") {
			j++
			continue
		}
		sub = s
		j++
		break
	}
	if c.name == "git" {
		c.gitWholeTreeRead(sub, c.args[min(j, len(c.args)):])
	}
	if c.name == "svn" {
		c.vcsTree() // vcstree.go
	}
	c.otherVCSTree() // hg, jj, bzr (vcstree.go)
	if c.name == "git" && sub == "grep" {
		c.readsDot = true // the work tree's files, when no pathspec narrows it
		from := len(c.w.a.Reads)
		c.grep(j)
		if c.gitGrepTracked(j) {
			c.w.tracked = append(c.w.tracked, [2]int{from, len(c.w.a.Reads)})
		}
		return
	}
	scanned := false
	if c.name == "git" {
		c.gitRefNames(sub, j)
		scanned = c.gitMessageFiles(sub, j)
	}
	logLike := c.name == "git" && (sub == "log" || sub == "shortlog" || sub == "rev-list" || sub == "whatchanged" || sub == "show" || sub == "reflog")
	switch {
	case logLike:
		c.optionValuesData(j, catalogue.LogOpts)
	case c.name == "git":
		c.gitMessages(sub, j)
		c.gitNameOperands(sub, j)
	default:
		next := ""
		if j < len(c.args) && !strings.HasPrefix(c.args[j].Text, "-") {
			next = c.args[j].Text
		}
		c.optionValuesData(j, catalogue.MessageOptsOf(c.name, sub, next))
	}
	for ; j < len(c.args) && !scanned; j++ {
		s := c.args[j].Text
		switch {
		case messageFiles.Has(s) && j+1 < len(c.args) && c.args[j+1].Text == "-",
			strings.HasSuffix(s, "=-") && messageFiles.Has(strings.TrimSuffix(s, "=-")):
			c.dataInput = true // git commit -F - <<EOF: the message
		case messageFiles.Has(s) && j+1 < len(c.args):
			c.spend(j + 1) // git commit -F msg.txt: read (generic), its text data
		}
	}
	c.generic()
}

// gitMessages marks data the values of the message options of git's
// subcommand sub (args from j) as git parses them (gitScan, gitDataOpts):
// commit -m, --author, tag -m, stash push -m… An option's name says
// nothing by itself (diff -b is a flag, commit -t reads a template): a
// subcommand guard does not model, or an option it does not know (which
// may take the next word), marks none; the words stay reads.
func (c *cmd) gitMessages(sub string, j int) {
	for _, k := range c.gitMessageValues(sub, j) {
		c.kinds[k] = argData
	}
}

// gitNameOperands marks data the pathspecs of git's subcommand sub (args
// from j) that uses them as names only, as git parses them (gitScan):
// check-ignore and check-attr print a name with the ignore rule or the
// attributes that apply to it, rm --cached drops the name from the index;
// none opens the file (git rm without --cached deletes it: a path). An
// option guard does not know marks none.
func (c *cmd) gitNameOperands(sub string, j int) {
	if sub != "check-ignore" && sub != "check-attr" && sub != "rm" {
		return
	}
	spec, _ := gitOptSpecs(sub)
	cached := sub != "rm"
	values := map[int]bool{}
	operands, ok := gitScan(c.args, j, spec, func(o gitOpt) {
		cached = cached || o.name == "--cached"
		values[o.at] = true
	})
	if !ok || !cached {
		return
	}
	for k := j; k < len(c.args); k++ {
		if c.args[k].Text == "--" && !values[k] {
			for m := k + 1; m < len(c.args); m++ {
				operands = append(operands, m)
			}
			break
		}
	}
	for _, k := range operands {
		c.kinds[k] = argData
	}
}

// gitMessageValues returns the indices of the words that hold the values
// of git's subcommand sub's message options (args from j), as gitScan
// parses them: none unless every option is known.
func (c *cmd) gitMessageValues(sub string, j int) []int {
	if sub == "stash" {
		switch {
		case j < len(c.args) && c.args[j].Text == "push":
			j++
		case j < len(c.args) && strings.HasPrefix(c.args[j].Text, "-"):
		default:
			return nil
		}
		sub = "stash push"
	}
	spec, ok := gitOptSpecs(sub)
	data := gitDataOpts(sub)
	if !ok || data == "" {
		return nil
	}
	var values []int
	_, known := gitScan(c.args, j, spec, func(o gitOpt) {
		if data.Has(o.name) && o.at >= 0 {
			values = append(values, o.at)
		}
	})
	if !known {
		return nil
	}
	return values
}

// gitDataOpts returns the options of git's subcommand sub (gitOptSpecs)
// whose value is data: a message, an author, a date, a trailer.
func gitDataOpts(sub string) word.Set {
	switch sub {
	case "commit":
		return " -m --message --author --date --trailer "
	case "tag":
		return " -m --message --trailer "
	case "merge", "notes", "stash push":
		return " -m --message "
	}
	return ""
}

// optionValuesData marks data, from j on up to --, the values of the
// options of opts: --opt=V, or --opt V in two words (" --opt= " in opts:
// after = only).
func (c *cmd) optionValuesData(j int, opts word.Set) {
	if opts == "" {
		return
	}
	for ; j < len(c.args) && c.args[j].Text != "--"; j++ {
		s := c.args[j].Text
		name, _, eq := strings.Cut(s, "=")
		switch {
		case eq && strings.HasPrefix(s, "-") && (opts.Has(name) || opts.Has(name+"=")):
			c.kinds[j] = argData
		case opts.Has(s) && j+1 < len(c.args):
			c.kinds[j+1] = argData
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1 && !eq:
			// An option the table does not know may take the next word
			// (gh's --notes-start-tag -n F, hg's -u -m F): nothing after
			// it is marked.
			return
		}
	}
}

// gitWholeTreeRead reads the whole work tree for a git subcommand sub
// that takes it (git add -A, stash -u, commit -a; args after sub). commit
// -a and add -u stage the tracked files only: the index's (as git grep's);
// add -A without -f, what the ignore rules let through (gittexttree.go).
func (c *cmd) gitWholeTreeRead(sub string, args []word.Word) {
	if !gitWholeTree(sub, word.Texts(args)) {
		return
	}
	from := len(c.w.a.Reads)
	c.w.ReadTree(".")
	if sub == "commit" || sub == "add" || sub == "stage" {
		saved, savedForced := c.w.gitStaged, c.w.gitForced
		c.w.gitStaged = saved || c.gitStages(sub, args)
		c.w.gitForced = savedForced || c.gitForces(sub, args)
		c.w.treeRead(from, c.gitTreeMode())
		c.w.gitStaged, c.w.gitForced = saved, savedForced
	}
}

// grepFileGlobs are grep's options whose value is a glob of the names it
// searches or skips (--include='*.go', --exclude=.env): data, not a file.
const grepFileGlobs word.Set = " --include --exclude --exclude-dir "

// gitValuedGlobals are git's global options (before the subcommand) that
// take the next word as their value, besides -C, -c, --git-dir and
// --work-tree.
const gitValuedGlobals word.Set = " --namespace --config-env --attr-source --super-prefix --list-cmds "

// gitKnownGlobal reports whether s is a global option of git's that guard
// knows: a flag, or one of the valued ones with its value after =.
func gitKnownGlobal(s string) bool {
	if name, _, eq := strings.Cut(s, "="); eq {
		return gitValuedGlobals.Has(name) || name == "--git-dir" || name == "--work-tree" || name == "--exec-path"
	}
	return gitGlobalFlags.Has(s)
}

// gitGlobalFlags are git's global options that take no value.
const gitGlobalFlags word.Set = " -p --paginate -P --no-pager --bare --no-replace-objects --literal-pathspecs --glob-pathspecs " +
	"--noglob-pathspecs --icase-pathspecs --no-optional-locks --no-lazy-fetch --no-advice -v --version -h --help " +
	"--html-path --man-path --info-path --exec-path "

// gitDataSetting reports whether kv, git -c's KEY=VALUE, sets a key
// known to hold data (gitDataSettings: a name, a flag, a number), whose
// value is no name and runs nothing; any other key's value may be a path
// git reads or writes (format.outputDirectory, http.cookieFile,
// commit.template) or a command it runs (gpg.ssh.defaultKeyCommand).
func gitDataSetting(kv string) bool {
	k, v, ok := strings.Cut(kv, "=")
	k = strings.ToLower(k)
	if !ok || !word.IsKnown(k) {
		return false
	}
	section, _, _ := strings.Cut(k, ".")
	if (gitDataSettings.Has(k) || gitDataSections.Has(section)) && !gitWeakens(k, v) {
		return true
	}
	return false
}

// gitWeakens reports whether setting k to v switches off one of git's
// own protections: safe.directory with a pattern (* trusts every
// repository, whose .git/config then runs its fsmonitor and hooks as the
// user), http.sslVerify not true, for every URL or one
// (http.<url>.sslVerify: a network attacker serves the code fetched),
// another set of trusted authorities (http.sslCAInfo, http.sslCAPath).
// Such a value is no data: written to ~/.gitconfig it is an attack that
// persists.
func gitWeakens(k, v string) bool {
	if section, rest, ok := strings.Cut(k, "."); ok && section == "http" {
		k = section + "." + rest[strings.LastIndexByte(rest, '.')+1:] // http.<url>.sslVerify is http.sslVerify for that url
	}
	switch k {
	case "safe.directory":
		return strings.Contains(v, "*") || !word.IsKnown(v)
	case "http.sslcainfo", "http.sslcapath":
		return true // another set of trusted authorities
	case "http.sslverify":
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true", "yes", "on", "1":
			return false
		}
		return true
	}
	return false
}

// gitDataSettings are the git settings known to hold data only; the
// sections of gitDataSections are data whole.
const (
	gitDataSettings word.Set = " user.name user.email core.autocrlf core.eol core.filemode core.ignorecase core.quotepath " +
		"core.safecrlf core.symlinks core.abbrev core.whitespace core.precomposeunicode core.longpaths core.untrackedcache " +
		"core.preloadindex core.fscache core.checkstat core.trustctime core.commentchar core.commentstring init.defaultbranch " +
		"pull.rebase pull.ff push.default push.autosetupremote push.followtags merge.ff merge.conflictstyle rebase.autosquash " +
		"rebase.autostash rebase.updaterefs fetch.prune fetch.prunetags diff.renames diff.algorithm diff.colormoved " +
		"diff.mnemonicprefix diff.noprefix branch.autosetuprebase branch.autosetupmerge commit.gpgsign commit.verbose " +
		"tag.gpgsign tag.sort gc.auto gc.autodetach protocol.version http.sslverify http.postbuffer transfer.fsckobjects " +
		"fetch.fsckobjects receive.fsckobjects safe.directory log.date log.decorate log.showsignature log.follow " +
		"status.showuntrackedfiles status.short status.branch status.relativepaths "
	gitDataSections word.Set = " color column advice i18n versionsort "
)

// gitRefNames marks data, from j on, the operands of git tag and git
// branch and the new branch of checkout and switch (-b, -c, --orphan…)
// that git would take as a ref name (refNameLike): git checks them (git
// check-ref-format) and keeps them under .git/refs, never a work-tree
// path. Only when the options are all parsed as git parses them
// (gitScan): an option guard does not know may take the word, or read it
// (git tag -F ~/.ssh/id_rsa reads the file).
func (c *cmd) gitRefNames(sub string, j int) {
	var creates word.Set
	switch sub {
	case "tag", "branch":
	case "checkout", "switch":
		creates = " -b -B -c -C --orphan --create --force-create "
	default:
		return
	}
	spec, _ := gitOptSpecs(sub)
	var names []int
	operands, ok := gitScan(c.args, j, spec, func(o gitOpt) {
		if creates.Has(o.name) && !o.attached && o.at >= 0 {
			names = append(names, o.at)
		}
	})
	if !ok {
		return
	}
	if creates == "" {
		names = operands
	}
	for _, k := range names {
		if refNameLike(c.args[k].Text) {
			c.kinds[k] = argData
		}
	}
}

// gitMessageFiles accounts for the message files of git's subcommand sub
// (args from j) whose options guard models (gitOptSpecs), as git parses
// them: -F F, -FF, --file=F, --fil F; false for another subcommand. A
// file is read (a separate word by generic), - is the standard input.
func (c *cmd) gitMessageFiles(sub string, j int) bool {
	spec, ok := gitOptSpecs(sub)
	if !ok {
		return false
	}
	gitScan(c.args, j, spec, func(o gitOpt) {
		switch {
		case o.name != "-F" && o.name != "--file" || o.at < 0:
		case o.value == "-":
			c.dataInput = true // git commit -F - <<EOF: the message
		case o.attached:
			c.w.Read(o.value)
		default:
			c.spend(o.at) // read (generic), its text data
		}
	})
	return true
}

// refNameLike reports whether s may be a ref name as git check-ref-format
// takes one: no leading / or ., no /. or .., none of ~ ^ : ? * [ \ or a
// blank, not ending in / or .lock, no @{. A word guard cannot tell in part
// may be one (git refuses the rest when it runs).
func refNameLike(s string) bool {
	return s != "" && s != "@" && !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, ".") && !strings.Contains(s, "/.") &&
		!strings.Contains(s, "..") && !strings.ContainsAny(s, "~^:?*[\\ \t\n") && !strings.HasSuffix(s, "/") &&
		!strings.HasSuffix(s, ".lock") && !strings.Contains(s, "@{")
}

// messageFiles are the options of messageTools whose value is a file
// holding the message (- for standard input).
const messageFiles word.Set = " -F --file --body-file --notes-file --message-file "
