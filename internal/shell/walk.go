package shell

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// walker turns syntax trees into an Analysis.
type walker struct {
	// quiet are the ranges of a.Reads read by commands that print none
	// of their text (gitprints.go).
	quiet [][2]int
	// tracked are the ranges of a.Reads read by git grep of the files
	// git tracks (gittracked.go), and by git's printers of the index and
	// history (gittexttree.go).
	tracked [][2]int
	// visible are the ranges of a.Reads read by a searcher that skips
	// hidden names (hiddenskip.go).
	visible [][2]int
	// loaded are the ranges of a.Reads that are code a program loads as
	// it starts (runtimestart.go): run, not printed, so never opaque.
	loaded [][2]int
	// mounted are the ranges of a.Reads that are bind mounts of a
	// container whose command guard walks (Analysis.MountReads).
	mounted [][2]int
	// unignored are the ranges of a.Reads read by git of the files its
	// index holds and the untracked ones its ignore rules let it stage
	// (git add -A, then git push: gittexttree.go).
	unignored [][2]int
	// gitStaged: an earlier git command of the command may have staged
	// files of the work tree (git add, commit -a: gittexttree.go);
	// gitForced: one may have staged a file git's ignore rules ignore
	// (git add -f); ignoresMoved: an earlier command may have changed
	// those rules (any but git's subcommands known to leave the work
	// tree's files as they are, and printers; their writes:
	// ignoresWritten).
	gitStaged, gitForced, ignoresMoved bool
	// gitOwnWrites are the writes git recorded of its own index (git add:
	// gitRepoWrites), which hold no ignore rule (ignoresWritten).
	gitOwnWrites []string
	// ledger is what the command does to files (ledger.go).
	*effect.Ledger
	// nestAt is where, in a.Reads, the first command run inside the
	// running command began (-1: none yet): what a command's own reads
	// are (declattr.go).
	nestAt int
	// nestEnd is where, in a.Reads, the reads of the last command run
	// inside another ended: the enclosing command's own reads go on from
	// there (rg --pre PROG runs PROG before rg's tree read is recorded).
	nestEnd int
	// held maps the files the command wrote from a pipeline's output to
	// the reads that printed into them (laundered.go).
	held    map[string][]string
	a       *Analysis
	parser  *syntax.Parser
	zparser *syntax.Parser // the zsh parser, for zsh's reading
	// zsh: the walk reads the command as zsh does (see zsh.go);
	// zshShell: the user's shell is zsh (Options.Zsh), whichever reading.
	zsh, zshShell bool
	// readSubst is the statement of the substitution $(<F) being walked:
	// a read of F, not zsh's NULLCMD (nullcmd.go).
	readSubst *syntax.Stmt
	// nocase, dotglob: an option that makes patterns match either case,
	// or match dot files, was set (see globOptions); braceccl: zsh's
	// BRACE_CCL, which makes {abc} a set of letters (see cclBraces).
	nocase, dotglob, braceccl bool
	// seps are the characters beyond splitChars that a consumer of the
	// command declares it splits names at (IFS=, xargs -d, read -d,
	// mapfile -d); sepsAny: one guard cannot read (splitnames.go).
	seps    string
	sepsAny bool
	// gitRefs: an earlier git subcommand of the command may have moved
	// refs or added objects, so the repository on disk is not what a
	// later checkout reads; gitHead: the revision an earlier one made
	// HEAD (checkout, reset REV, with or without a tree write), by tree
	// (see gitrevs.go).
	gitRefs bool
	gitHead map[string]string
	// gitConfigWritten: an earlier git config of the command may have set
	// what widens a pathspec (log.follow).
	gitConfigWritten bool
	// gitReplaced: an earlier git replace of the command may have made a
	// replace ref (gitReplaces): what a revision's name prints after it is
	// another object's text (FINDINGS48a R4).
	gitReplaced bool
	// gitAliases: the git shell aliases being run one inside another
	// (gitShellAlias), at most maxGitAliasDepth.
	gitAliases int
	// gitAliasSets: the aliases the command's git config calls set, for
	// the git calls after them (gitalias.go).
	gitAliasSets gitAliasSets
	// gitMade: the git directories an earlier git init or clone of the
	// command makes (gitdirs.go).
	gitMade []string
	// gitIndex: an earlier git subcommand of the command may have changed
	// the index (see gitindex.go); gitIndexRevs: the revisions git reset
	// put in it.
	gitIndex     bool
	gitIndexRevs []string
	// relPath: 0 not asked yet, 1 no, 2 the inherited PATH has a relative
	// entry before the system's directories (search.go).
	relPath int
	// rcexpand, wordsplit: zsh's RC_EXPAND_PARAM and SH_WORD_SPLIT were
	// set (see zshSplits).
	rcexpand, wordsplit bool
	// ksh: what guard knows of zsh's KSH_ARRAYS (ksharrays.go).
	ksh kshState
	// unexported are the names export -n or declare +x took out of the
	// environment: a shell started after does not inherit them (see
	// cmd.shell). envHidden counts the commands being walked whose
	// environment was emptied (env -i): what they inherit is not the
	// agent's (see variable).
	unexported []string
	envHidden  int
	// cdable, autocd: bash's cdable_vars (cd NAME may go to $NAME) and
	// zsh's AUTO_CD (a command that names a directory is cd to it) were
	// set (see cdPaths).
	cdable, autocd bool
	// nullglob: bash's nullglob or zsh's NULL_GLOB (CSH_NULL_GLOB) may be
	// on: a pattern that matches nothing is no field (see cdVanished).
	nullglob bool
	// physical: set -P (set -o physical): cd resolves .. after links, as
	// the kernel does, not against $PWD's text (FINDINGS53b F4).
	physical bool
	// physMaybe: a set +P / set -P that may not have run, or shopt -o
	// physical: guard cannot tell the mode, cd is taken both ways;
	// dirUnresolved: a physical move guard could not resolve (FINDINGS54b G4).
	physMaybe, dirUnresolved bool
	// fdClosed: a redirection closed a descriptor (exec 2>&-): exit >&2
	// may fail (FINDINGS54b G15).
	fdClosed bool
	// oldAlt is the other value OLDPWD may hold after a cd that may
	// have failed (FINDINGS54b G11).
	oldAlt *string
	// self is Options.Self; guardNames are the names of copies and links
	// of guard the command made (self.go).
	self       string
	guardNames []string
	// changer is the first program of the command that may change files
	// with text guard cannot see (codechangers.go), "" for none yet;
	// laterRuns counts the texts being analysed as programs that run
	// later, if at all: a variable's value (commandVar), run inside the
	// program it reaches, an alias's text, where the alias is used.
	changer   string
	laterRuns int
	// changers counts the programs noted as changers, lastChanger the
	// last; stages counts the pipelines of more than one command and the
	// <(…) being walked: what runs there runs beside other commands;
	// racing are the runners that do (codechangers.go).
	changers    int
	lastChanger string
	// recipeLine is set while a build-file line is analysed as typed
	// (recipewalk.go typed): its programs are noted as changers of no
	// runner, as each of its statements was on its own before.
	recipeLine bool
	// lineChangers are the programs noted while build-file lines were
	// analysed as typed (each a changer of no runner of its line), and
	// linesUnwalked counts the lines a build tool runs that were not
	// (word-scanned, or analysed a statement at a time): what a task
	// runner that runs only its lines changes (scriptChangers).
	lineChangers  []string
	linesUnwalked int
	stages        int
	racing        []racer
	// nheads counts the files whose first bytes were read (beside.go).
	nheads int
	// fieldsMode: the word being arranged is an argument (prep's
	// modeFields); inDots: its dot-file forms are being written (see
	// dotVariants).
	fieldsMode, inDots bool
	// vars are the variables the command set (vars.go); nil: varsOf's.
	vars   map[string]expand.Variable
	varsOf map[string]expand.Variable // the enclosing shell's, not to be changed
	// alts are the other values variables may hold; cond counts the
	// enclosing code that may not run; alog, while a statement is walked
	// for each value, what it assigns (values.go).
	alts    valueSets
	cond    int
	alog    *assignLog
	errexit bool // set -e: a command that fails ends the shell
	// keyword: set -k (set -o keyword) may be on: the NAME=V words after a
	// command's name are its environment too (keyword.go).
	keyword bool
	// extdebug, debugTrap: shopt -s extdebug and a DEBUG trap may be in
	// effect; both, and any later command may be skipped (debugskip.go).
	extdebug, debugTrap bool
	// optsExported: export BASHOPTS or SHELLOPTS may have run: a child
	// bash starts with this shell's options (optsexport.go).
	optsExported bool
	// noErrexit counts the enclosing code where bash ignores set -e: a
	// condition, an operand of && or || but the last, after !, inside
	// $(…) (FINDINGS53b F10); inFunc, the function calls being walked in
	// this shell (return leaves one: exits).
	noErrexit, inFunc int
	// dirsAlt: the directory stack may also be this one (a pushd or popd
	// that may have failed left it as it was; FINDINGS53b F7); dirsLost:
	// it may be one guard does not keep.
	dirsAlt  []string
	dirsLost bool
	// fileCond is w.cond where the script being walked started in a shell
	// of its own: run under a condition (cd d && bash s.sh) it runs whole
	// or not at all, and its own assignments, cds and set -e count from
	// there (see moveTo, assignValues). A sourced file's do not: they
	// last in the shell that may not have sourced it.
	fileCond int
	// cdWasSure: the last cd moved to a directory the reader finds, from
	// the only one the shell may be in, for certain (see cdMove, andList).
	cdWasSure bool
	// echoXPG: bash's xpg_echo is on; echoXSI: the shell is a POSIX one
	// (sh, dash): how echo reads escapes (echodialect.go).
	echoXPG, echoXSI bool
	// echoUnsure: whether the shell's echo decodes is not known (a
	// BASH_ENV start-up file ran before it): echo's words are read both
	// ways (echodialect.go).
	echoUnsure bool
	// echoOff: enable -n echo turned the builtin off, so a bare echo is
	// the echo program on PATH; echoOffMaybe: it may have
	// (echodialect.go).
	echoOff, echoOffMaybe bool
	// namedDirs: zsh's hash -d or nameddirs made named directories guard
	// does not track: ~NAME is not known (prep.go namedDir).
	namedDirs bool
	// anyVar: a variable whose name guard cannot tell was assigned:
	// every variable is one guard cannot tell from there (anyvar.go).
	anyVar bool
	// roAny: a declaration guard cannot read (a computed name or option)
	// may have made any variable read-only; roMaybe: names made read-only
	// where that may not run. An assignment to one may be refused, so it
	// keeps the value before too (readonly.go).
	roAny   bool
	roMaybe map[string]bool
	// atExit are the trap bodies set to run when the shell exits (or
	// at any later point), walked there (traps.go).
	atExit []string
	// allexport: set -a, set -o allexport, zsh's ALL_EXPORT: every
	// variable assigned after it is exported (never turned off here).
	allexport bool
	// exports are the names exported before the command set them
	// (export NAME with NAME unset): an assignment to one later is
	// exported.
	exports word.Set
	cdSure  bool // the cd being walked is followed by && or || exit
	// leaving: what the break, continue or return commands walked in the
	// loop, function or sourced file being walked may leave (leavable).
	leaving leaveKind
	// funsub: the substitution walkSubst walks next runs in this shell
	// (funsubOf); replySub: its value is $REPLY.
	funsub, replySub bool
	// lastpipe: bash's shopt -s lastpipe may be on: a pipeline's last
	// command runs in this shell.
	lastpipe bool
	// localOpts: local - ran in the function being called: its options
	// are restored when it returns.
	localOpts bool
	// codeUnread: code guard could not read ran in this shell (it may
	// define or unset functions and aliases, see unknownCode).
	codeUnread bool
	// sureCond is the depth of conditional code (cond) at which a sure cd
	// (cdSure) moves the shell for certain: inside an && list, its level.
	sureCond int
	// inStdin is what the compound command being walked reads on
	// standard input (a loop's < FILE, <<< TEXT, a pipe into it), for the
	// read inside it; nil when none.
	inStdin *stdin
	// execIns counts the exec < F walked (see inheritStdin).
	execIns int
	pos     *positional // the positional parameters, nil when not known
	dirs    []string    // pushd's stack
	depth   int         // scripts within scripts
	words   int
	err     error
	// funcs are the shell's functions (funcs.go); one a subshell declares
	// is kept too.
	funcs funcState
	// hashes is the shell's command hash table (hashtable.go).
	hashes hashTable
	// fifos are the FIFOs the command made (fifos.go).
	fifos []string
	// out collects what the commands of a substitution print, when its
	// output is used ($(…)); nil otherwise.
	out *outBuf
	// cfgs are expand configurations, one per expansion in progress
	// (cfgDepth of them); visited are the substitutions the expansions
	// in progress (expDepth of them) walked (see walkUnvisited).
	cfgs     []*expand.Config
	cfgDepth int
	expDepth int
	visited  map[syntax.Node]bool
	prompts  int // ${v@P} values being expanded (paramescape.go)
	zshTemp  int // temporary variables of zsh expansions made
	// subst counts the substitutions being walked: $( ), <( ).
	subst int
	// coprocs counts the coprocesses being walked (coproc, ksh's |&,
	// >( )): their standard output is a pipe guard does not follow.
	coprocs int
	// outAway: the standard output of the command being run (sh -c,
	// eval, a function) goes to a pipe or a file, not to the client: so
	// does that of the commands it runs (heldOut).
	outAway bool
	// unknownHolds are the holds of the programs guard knows nothing of
	// (unknownProgram) whose standard output carries them (heldOut).
	unknownHolds map[string]bool
	// lastSub is the line of the pipeline inside the substitution walked
	// last.
	lastSub string
	// substNamed are the paths each substitution named (substnamed.go).
	substNamed []substNamed
	// redefined are the program names the command makes mean something
	// else (a function, an alias, hash -p); pathSet: it assigns PATH. The
	// catalogue is then not trusted for them (see trusts).
	redefined []string
	pathSet   bool
	// env collects the values of the assignments before a command.
	env []string
	// nread counts the files read through files (reads holds them, each
	// read once); inFile is how many of them are being walked, whose words
	// count in fileWords.
	inFile, fileWords int
	// source is the file whose text is walked, as the command names it
	// (runScript): bash's ${BASH_SOURCE[0]}; "" for the command's own text.
	source string
	// runTimeLines: the text of the file walked has a line that begins
	// with text the command wrote at run time (anyvar.go).
	runTimeLines bool
	// chain is, while the text of a file the command runs is walked, the
	// files on disk whose text made the shell's state what it is there
	// (see userChain), one per line; "" when the command's own text did.
	// stateFiles are the files sourced so far; ownState is set once the
	// command's own text changed the shell's state (see harmless).
	chain      string
	stateFiles []string
	ownState   bool
	// subFiles are the substitutions that print a file (cat F, < F): the
	// line of each → the file.
	subFiles [][2]string
	// subSnaps are the texts of the files substitutions printed, taken
	// when each ran (a marker's name is its index: see subFileName).
	subSnaps []subSnap
	// subTexts are the substitutions that print text guard knows (echo,
	// printf, cat of a here-document): the line of each → the text.
	subTexts [][2]string
	// subSetup are the substitutions that run a program known to print
	// shell setup code (kubectl completion bash, ssh-agent -s).
	subSetup []string
	// gitPagerOn: a git configuration the command loads, names or moves
	// to sets pager.SUB to other than false (readerstartup.go).
	gitPagerOn bool
	// gitPagerNamed: such a configuration sets core.pager.
	gitPagerNamed bool
	// editorSet: the command sets $EDITOR or $VISUAL.
	editorSet bool
	// feeding is what a runner hands the next simple command walked (see
	// runsHanded); call takes it.
	feeding *fedInput
	// cmdPath is the PATH the assignments before the command being walked
	// give it, as written; lookups, the names looked up on a PATH.
	cmdPath string
	// fedArgs names the runner (xargs) whose operands are the positional
	// parameters of the sh -c script being walked, or "".
	fedArgs string
	// loadedConfig: the setting being walked is one of the configurations
	// git loads on its own (gitConfigRuns: the user's and the repository's,
	// which the policy write-protects), not one the command gives.
	loadedConfig bool
	// guessing counts the texts being analysed tentatively as commands
	// that may be none (see guess); guessWords, their words.
	guessing, guessWords int
	// recipeScripts are the scripts build-file commands run that were
	// read (recipeScript).
	recipeScripts []string
	// recipeDepth counts the shells and makes inside build-file commands
	// being read (recipedirs.go).
	recipeDepth int
	// scriptsFollowed are the package.json scripts being followed (the
	// file's place and the script's name): one a script starts again is
	// a cycle, not a level deeper (packageFile).
	scriptsFollowed []string
	// pushes are the pushes to a local path with no repository now,
	// checked again when the walk ends (pushesMade).
	pushes []pendingPush
	// runningCopy is set while a copied program is walked as the one it
	// was copied from (runCopy): a copy of a copy is not followed.
	runningCopy bool
	// listed holds the directories toolConfig listed, by their cleaned
	// absolute name.
	listed map[string][]string
	// recipeData is set while build-file text that is data to its tool
	// (a Taskfile's desc: or sources: values) is scanned: its words
	// only, no command of it analysed as typed.
	recipeData bool
	// recipeTyped is set while build-file commands that run outside
	// their project (a Taskfile dir: in the home, or one guard cannot
	// tell) are scanned: every command is analysed as typed, where a
	// relative name is a file of that directory (FINDINGS54a T2).
	recipeTyped bool
	// recipeRuns is set while build-file lines the tool runs, in order,
	// are scanned (a make goal's recipes, the npm scripts named): each is
	// also analysed whole as typed (recipetyped.go).
	recipeRuns bool
	// makeExec is set while lines GNU make runs are scanned (a goal's
	// recipes, its built-in rules', its $(shell …) commands): make may
	// exec such a line without a shell (makeexec.go). Each scanned line
	// takes it (scanLine), the commands it starts do not.
	makeExec bool
	// recipeEnv are the variables the makefile being scanned exports
	// (NAME=value), which a make its recipes start is given.
	recipeEnv []word.Word
	// toolVars are the variables the build tool whose commands are being
	// walked sets for them (toolgiven.go): npm's INIT_CWD, make's
	// MAKELEVEL, a git hook's GIT_INDEX_FILE…
	toolVars word.Set
	// recipeWrote are the paths build-file commands that make or change
	// files named (recipeWalk.wrote): a later line or pre-script that runs
	// one runs what guard cannot read before it is there (FINDINGS53a B12).
	recipeWrote []string
	// recipeTrees are the directories build-file commands copied or
	// extracted a tree into (cp -r d/. ., tar x -C d): any file below
	// one may be one they made (recipetyped.go wroteUnder).
	recipeTrees []string
	// recipeProbes counts the files looked at as what a build-file
	// command's unknown program runs (recipeCode).
	recipeProbes int
	// runnerScans are the test runner scans done, by directory, runner
	// and arguments (commandRunner).
	runnerScans map[string]bool
	// pdbRC are the directories whose debugger start-up files were read
	// (pdbrc.go).
	pdbRC map[string]bool
	// modProbes counts the candidate module files looked for, and
	// modFiles holds what each was found to be (interp.go).
	modProbes int
	// rootProbes counts the words a JavaScript tool's roots were looked up
	// for (toolRoots), outside the link look-ups' budget.
	rootProbes int
	// jsTools caches jsTool's answer per directory and program name.
	jsTools  map[string]bool
	modFiles map[string]bool
	// pyDirs are the directories listed for python's cached bytecode
	// (pycache.go).
	pyDirs map[string]pyDir

	// integers are the variables given the integer attribute (declare
	// -i), whose every value is arithmetic (arithcode.go).
	integers    map[string]bool
	allIntegers bool
	// attrOpaque are the variables given an attribute guard does not model
	// (zsh's typeset -R4, bash's local -I): every value stored to them
	// is one guard cannot tell (declattr.go). ties are zsh's tied pairs
	// (typeset -T, path and PATH), name → partner.
	attrOpaque map[string]bool
	ties       map[string]tie
	tying      bool
	// fds are the descriptors exec opened for reading (exec 3< F, exec
	// 3< <(…)): N → where it reads from (inputcmds.go).
	fds map[string]fdOrigin
	// outFds are the output descriptors exec pointed elsewhere (exec >
	// F, exec 3>&1): N → a file or lostDest (laundered.go).
	outFds map[string]string
	// lost are the reads whose output went where guard does not follow
	// (laundered.go); reshaped: the command runs a program that reshapes
	// what it reads.
	lost     []string
	reshaped bool
}

// fail records err, keeping the gravest: a limit (which stops the walk),
// then a parse error guard could not get past, then one it could (an
// unclosed quote at the end). Among equals the first is kept.
func (w *walker) fail(err error) {
	if w.err == nil || gravity(err) > gravity(w.err) {
		w.err = err
	}
}

func gravity(err error) int {
	var pe *ParseError
	switch {
	case errors.Is(err, effect.ErrLimit):
		return 4
	case errors.As(err, &pe) && pe.Recovered:
		return 1
	case Unsure(err):
		return 2 // replaced by any other hide, kept over a recovered parse error
	}
	return 3 // a parse error guard could not get past, or ErrHidden
}

func (w *walker) stopped() bool { return w.err != nil && errors.Is(w.err, effect.ErrLimit) }

// script parses src and walks it as a script depth levels deep.
func (w *walker) script(src string, depth int) {
	if w.stopped() {
		return
	}
	if depth > MaxDepth {
		if w.guessing > 0 {
			return // a text only guessed to be a command: see runText
		}
		w.fail(fmt.Errorf("nests scripts (sh -c, eval) more than %d deep: %w", MaxDepth, effect.ErrLimit))
		return
	}
	if depth > 0 && nesting(src) > MaxNesting {
		w.fail(fmt.Errorf("nests brackets more than %d deep: %w", MaxNesting, effect.ErrLimit))
		return
	}
	f, err := w.theParser().Parse(strings.NewReader(src), "")
	if w.zsh {
		src, f, err = w.zshProcRedirects(src, f, err)
	}
	if err != nil {
		pe := parseError(err)
		if g := w.recoverParse(src, err); g != nil {
			f = g
			pe.Recovered = true
		}
		w.fail(pe)
	}
	if f == nil {
		return
	}
	parsed := f
	if w.zsh {
		f = w.zshParse(src, f)
	}
	if w.zsh && err == nil {
		if pos, ok := blankInWord(f); ok {
			// mvdan's zsh parser takes more than zsh does: a word with a
			// blank outside quotes is not zsh's reading of the command.
			w.fail(&ParseError{Line: int(pos.Line()), Col: int(pos.Col()), Msg: "a word holds a blank outside quotes, which zsh would not read so"})
		}
	}
	w.noteSpecialTables(f, src) // BASH_CMDS by any writer (specials.go)
	w.noteSeparators(f, src)    // IFS=_, xargs -d _ (splitnames.go)
	saved := w.depth
	w.depth = depth
	w.zshStmts(src, f.Stmts, f == parsed && err == nil)
	w.depth = saved
}

// blankInWord returns where an unquoted literal of a command's word holds a
// blank outside quotes and backslashes (mvdan's zsh parser reads (a b) as
// one word).
func blankInWord(f *syntax.File) (syntax.Pos, bool) {
	var at syntax.Pos
	syntax.Walk(f, func(n syntax.Node) bool {
		ce, ok := n.(*syntax.CallExpr)
		if !ok || at.IsValid() {
			return !at.IsValid()
		}
		for _, wd := range ce.Args {
			for _, p := range wd.Parts {
				if l, ok := p.(*syntax.Lit); ok && unquotedBlank(l.Value) && !at.IsValid() {
					at = l.Pos()
				}
			}
		}
		return true
	})
	return at, at.IsValid()
}

// unquotedBlank reports whether s holds a blank outside quotes and not
// escaped.
func unquotedBlank(s string) bool {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && quote != '\'':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == ' ' || c == '\t' || c == '\n':
			return true
		}
	}
	return false
}

// tentative analyses text that a program runs as a shell command (a glob
// qualifier's code, an alias's text, a make recipe, sed's s///e), one
// script deeper, in a subshell. Code that does not parse is code guard
// cannot see: hidden, a block (never skipped). Within a guess (a word of a
// program guard does not know, which may be no command at all: see guess)
// it is dropped silently.
func (w *walker) tentative(src string) { w.runText(src, w.guessing == 0) }

// maybeShell analyses text picked out of another language that is
// probably a shell command (a string literal interpreter code hands to
// system(), a backtick literal, Tcl's exec). Most of those languages turn
// a \n in the literal into a line break before the shell sees it: the text
// is analysed that way too. See shellLines.
func (w *walker) maybeShell(src string) {
	if strings.Contains(src, `\n`) {
		w.shellLines(strings.ReplaceAll(src, `\n`, "\n"))
	}
	w.shellLines(src)
}

// shellLines analyses src, text that may be no shell at all, so text that
// does not parse is not hidden; but sh runs a script line by line, so the
// longest run of whole lines before the error that parses is analysed as
// the code that runs, and the paths in the whole text count as touched
// (system("cp x ~/.bashrc\n(") writes ~/.bashrc).
func (w *walker) shellLines(src string) {
	if w.stopped() || strings.TrimSpace(src) == "" {
		return
	}
	if _, err := w.theParser().Parse(strings.NewReader(src), ""); err == nil || nesting(src) > MaxNesting {
		w.runText(src, false)
		return
	}
	lines := strings.SplitAfter(src, "\n")
	for n := min(len(lines)-1, maxShellLines); n > 0; n-- {
		head := strings.Join(lines[:n], "")
		if _, err := w.theParser().Parse(strings.NewReader(head), ""); err == nil {
			w.runText(head, false)
			break
		}
	}
	w.touchText(src)
}

// maxShellLines bounds the lines of unparsable shell text maybeShell tries
// line by line.
const maxShellLines = 64

// runText analyses src as tentative does; strict: what does not parse, or
// nests past the bounds, is hidden code.
func (w *walker) runText(src string, strict bool) {
	if w.stopped() || strings.TrimSpace(src) == "" {
		return
	}
	if w.depth+1 > MaxDepth || nesting(src) > MaxNesting {
		if strict {
			w.hide("runs code nested deeper than guard follows")
		}
		return
	}
	f, err := w.theParser().Parse(strings.NewReader(src), "")
	if w.zsh {
		src, f, err = w.zshProcRedirects(src, f, err)
	}
	if err != nil {
		if strict {
			w.hide("runs code guard cannot parse")
		}
		return
	}
	parsed := f
	if w.zsh {
		f = w.zshParse(src, f)
	}
	saved := w.depth
	w.depth++
	w.asSh(func() { w.scoped(func() { w.zshStmts(src, f.Stmts, f == parsed) }) }) // what a program runs, sh runs (echodialect.go)
	w.depth = saved
}

// theParser returns the parser of the shell the walk reads as: bash's, or
// zsh's.
func (w *walker) theParser() *syntax.Parser {
	if w.zsh {
		if w.zparser == nil {
			w.zparser = syntax.NewParser(syntax.Variant(syntax.LangZsh))
		}
		return w.zparser
	}
	if w.parser == nil {
		w.parser = syntax.NewParser(syntax.Variant(syntax.LangBash))
	}
	return w.parser
}

// parseError converts the parser's error.
func parseError(err error) *ParseError {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		return &ParseError{Line: int(pe.Pos.Line()), Col: int(pe.Pos.Col()), Msg: pe.Text}
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		return &ParseError{Line: int(le.Pos.Line()), Col: int(le.Pos.Col()), Msg: le.Error()}
	}
	return &ParseError{Msg: err.Error()}
}

// recoverParse closes what the command left open at its end (a quote, a
// bracket, a substitution) so that what it names can still be checked.
func (w *walker) recoverParse(src string, err error) *syntax.File {
	for range 4 {
		msg := err.Error()
		// "reached EOF without closing quote `'`", "… quote \"`\"",
		// "… without matching `$(` with `)`", "unclosed here-document
		// `EOF`", "`if` statement must end with `fi`": what closes it is
		// between the marks.
		closer := ""
		for _, key := range []string{"without closing quote ", "unclosed here-document ", " must end with ", " with "} {
			if i := strings.LastIndex(msg, key); i >= 0 {
				rest := msg[i+len(key):]
				if len(rest) < 3 {
					break
				}
				if j := strings.IndexByte(rest[1:], rest[0]); j > 0 {
					closer = rest[1 : 1+j]
					if key != "without closing quote " && key != " with " {
						closer = "\n" + closer
					}
				}
				break
			}
		}
		if closer == "" {
			return nil
		}
		src += closer
		var f *syntax.File
		f, err = w.theParser().Parse(strings.NewReader(src), "")
		if err == nil {
			return f
		}
	}
	return nil
}

func (w *walker) stmts(list []*syntax.Stmt) {
	for _, s := range list {
		if w.stopped() {
			return
		}
		w.stmt(s)
	}
}

// scoped runs fn in a copy of the shell's state (a subshell): a cd or a
// variable set inside does not last.
func (w *walker) scoped(fn func()) {
	vars, varsOf, alts, pos, dir, dirs, oldDir, others, errexit := w.vars, w.varsOf, w.alts, w.pos, w.Dir, w.dirs, w.OldDir, w.OtherDirs, w.errexit
	anyVar, leaving, keyword := w.anyVar, w.leaving, w.keyword
	defer func() { w.anyVar, w.leaving, w.keyword = anyVar, leaving, keyword }()
	extdebug, debugTrap, optsExported := w.extdebug, w.debugTrap, w.optsExported
	defer func() { w.extdebug, w.debugTrap, w.optsExported = extdebug, debugTrap, optsExported }()
	dirsAlt, dirsLost, oldAlt := w.dirsAlt, w.dirsLost, w.oldAlt
	defer func() { w.dirsAlt, w.dirsLost, w.oldAlt = dirsAlt, dirsLost, oldAlt }()
	in := w.inStdin // (exec < F): not after
	defer func() { w.inStdin = in }()
	w.varsOf = w.varMap()
	w.vars = nil // setVariable copies it first
	w.alts.shared = true
	w.dirs = dirs[:len(dirs):len(dirs)] // an append copies
	defer w.hashLeave(w.hashes)
	traps := len(w.atExit)
	ksh := w.ksh
	fn()
	w.ksh = kshMerge(ksh, w.ksh)
	w.exitTraps(traps)
	w.vars, w.varsOf, w.alts, w.pos, w.Dir, w.dirs, w.OldDir, w.OtherDirs, w.errexit = vars, varsOf, alts, pos, dir, dirs, oldDir, others, errexit
}

// stmtOnce walks a statement (see stmt). What may not run (after && or
// ||, a branch, a loop's body) runs as conditional. A compound command's
// redirections come first, as the shell makes them: what it reads is the
// input of the read inside it.
func (w *walker) stmtOnce(s *syntax.Stmt) {
	if w.chain == "" && !w.ownState && !harmless(s) {
		w.ownState = true
	}
	w.outputOf(s)
	if s.Background || s.Coprocess {
		// In the background the command runs in a subshell: what it
		// sets does not last.
		bg := *s
		bg.Background, bg.Coprocess = false, false
		if s.Coprocess {
			w.coprocess(func() { w.stmtOnce(&bg) }) // ksh's cmd |& (fifos.go)
			return
		}
		m := w.BeginJob() // it runs beside what follows (effect/jobs.go)
		w.scoped(func() { w.stmtOnce(&bg) })
		w.EndJob(m)
		return
	}
	switch c := s.Cmd.(type) {
	case nil, *syntax.CallExpr:
		w.inEachDir(s, func() { w.pipeline([]*syntax.Stmt{s}) })
		return
	case *syntax.DeclClause:
		if len(s.Redirs) == 0 {
			w.inEachDir(s, func() { w.declClause(c) }) // export T=$PWD/x
			return
		}
	}
	var rc *cmd
	saved, set := w.inStdin, false
	if len(s.Redirs) > 0 {
		rc = &cmd{w: w, fdUser: compoundUser}
		rc.redirects(s.Redirs)
		if in := rc.stdin; rc.ownIn {
			in.inherited = true
			w.inStdin, set = &in, true
		}
	}
	from := len(w.a.Reads)
	w.compound(s)
	if set {
		w.inStdin = saved // { exec < F; }: the group's own < G is undone, and F with it
	}
	if rc != nil {
		rc.settleOutput() // { …; } > f: what it holds is not known
		for _, f := range rc.outFiles {
			if from <= len(w.a.Reads) {
				w.holds(f.path, w.a.Reads[from:], f.append) // laundered.go
			}
		}
	}
}

// inEachDir walks s (walk) in each other directory the shell may be in
// (a cd before it that may have failed, CDPATH's alternatives, a branch
// that may not have run), each as a subshell that leaves no state, and
// then in its own: a file it runs, a project file its tool reads, a
// program it looks up in a relative PATH element may be any of theirs
// (FINDINGS52a P6: cd nonexist; sh tools/p.sh runs ./tools/p.sh;
// FINDINGS52b F20: CDPATH=sub; cd x && ./run.sh runs sub/x/run.sh). The
// other walks add no lines nor commands to the analysis. Where a walk
// there leaves the shell, and what any assignment there gives a variable
// ($PWD, $(pwd), ~+ are each directory's; read, printf -v, mapfile, a
// function's assignments alike), the shell may then hold too (FINDINGS53b
// F6, FINDINGS55b B6); inside $(…), what the walks print differing, the
// output is one guard cannot tell.
func (w *walker) inEachDir(s *syntax.Stmt, walk func()) {
	if len(w.OtherDirs) == 0 {
		walk()
		return
	}
	lines, cmds := len(w.a.Lines), len(w.a.Commands)
	var out outBuf
	if w.out != nil {
		out = *w.out // inside $(…): what the other walks print is not printed twice
	}
	o := w.otherWalks(s, walk)
	if w.stopped() {
		return
	}
	if w.out != nil {
		*w.out = out
	}
	w.a.Lines, w.a.Commands = w.a.Lines[:lines], w.a.Commands[:cmds]
	walk()
	if w.out != nil && w.out.known && slices.ContainsFunc(o.printed, func(p printedText) bool { return !p.known || p.text != w.out.text.String() }) {
		w.out.known, w.out.wild = false, true // $(cd miss; pwd): either directory
	}
	w.addDirs(o.ends...)
	for _, n := range o.names {
		if v, ok := w.varMap()[n]; ok {
			w.setAlts(n, w.distinct(n, v, append(slices.Clone(w.alts.m[n]), o.vals[n]...)))
		}
	}
}

// printedText is what a walk inside $(…) left printed.
type printedText struct {
	text  string
	known bool
}

// otherDirWalks is what inEachDir's walks in the other directories left:
// where the shell ends, the variables assigned with their values, what
// was printed.
type otherDirWalks struct {
	ends    []string
	names   []string
	vals    map[string][]expand.Variable
	printed []printedText
}

// otherWalks walks s (walk) in each of the other directories, each as a
// subshell, and returns what the walks left.
func (w *walker) otherWalks(s *syntax.Stmt, walk func()) otherDirWalks {
	o := otherDirWalks{names: assignedNames(s), vals: map[string][]expand.Variable{}}
	outer := w.alog
	defer func() { w.alog = outer }()
	seen := map[string]int{}
	var out outBuf
	if w.out != nil {
		out = *w.out
	}
	for _, d := range w.OtherDirs {
		log := &assignLog{before: map[string]varState{}}
		if w.out != nil {
			*w.out = out // each walk prints after what was printed before
		}
		w.scoped(func() {
			w.Dir, w.OtherDirs, w.alog = d, nil, log
			walk()
			w.alog = outer
			o.ends = append(append(o.ends, w.Dir), w.OtherDirs...)
			for _, n := range log.order {
				if !slices.Contains(o.names, n) {
					o.names = append(o.names, n)
				}
			}
			for _, n := range o.names {
				o.vals[n] = append(o.vals[n], w.saveVar(n).values(w, n)...)
				seen[n]++
			}
			if w.out != nil {
				o.printed = append(o.printed, printedText{w.out.text.String(), w.out.known})
			}
		})
		if w.stopped() {
			return o
		}
	}
	for _, n := range o.names {
		if seen[n] < len(w.OtherDirs) {
			o.vals[n] = append(o.vals[n], w.saveVar(n).values(w, n)...) // not assigned in every walk
		}
	}
	return o
}

// assignedNames returns the variables s assigns for the shell (d=$PWD,
// export T=$PWD/x), not for one command only.
func assignedNames(s *syntax.Stmt) []string {
	var names []string
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			for _, a := range c.Assigns {
				if a.Name != nil {
					names = append(names, a.Name.Value)
				}
			}
		}
	case *syntax.DeclClause:
		for _, a := range c.Args {
			if a.Name != nil {
				names = append(names, a.Name.Value)
			}
		}
	}
	return names
}

// expandsItems reports whether a for loop's words hold an expansion (or
// a tilde): their values may be the directory's the shell is in.
func expandsItems(c *syntax.ForClause) bool {
	wi, ok := c.Loop.(*syntax.WordIter)
	if !ok {
		return false
	}
	for _, it := range wi.Items {
		if l := it.Lit(); l == "" || strings.Contains(l, "~") {
			return true
		}
	}
	return false
}

// compound walks the command of a statement that is not a simple one.
func (w *walker) compound(s *syntax.Stmt) {
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			w.inEachDir(s, func() { w.pipeline(flatten(s)) })
		} else {
			w.andOr(c)
		}
	case *syntax.Block:
		w.stmts(c.Stmts)
	case *syntax.Subshell:
		w.scoped(func() { w.stmts(c.Stmts) })
	case *syntax.IfClause:
		w.noErrexitIn(func() { w.stmts(c.Cond) })
		w.conditional(func() {
			for ic := c; ic != nil; ic = ic.Else {
				if ic != c {
					w.noErrexitIn(func() { w.stmts(ic.Cond) })
				}
				w.stmts(ic.Then)
			}
		})
	case *syntax.WhileClause:
		w.leavable(c.Do, leaveLoop, func() {
			w.noErrexitIn(func() { w.stmts(c.Cond) })
			w.conditional(func() { w.stmts(c.Do) })
		})
	case *syntax.ForClause:
		loop := func() { w.leavable(c.Do, leaveLoop, func() { w.forClause(c) }) }
		if expandsItems(c) {
			w.inEachDir(s, loop) // for d in "$PWD": each directory's (FINDINGS55b B6)
		} else {
			loop()
		}
	case *syntax.CaseClause:
		w.fields(c.Word)
		w.conditional(func() {
			for _, it := range c.Items {
				for _, p := range it.Patterns {
					w.fields(p)
				}
				w.stmts(it.Stmts)
			}
		})
	case *syntax.FuncDecl:
		w.funcDecl(c)
	case *syntax.DeclClause:
		w.declClause(c)
	case *syntax.TimeClause:
		if c.Stmt != nil {
			w.stmt(c.Stmt)
		}
	case *syntax.CoprocClause:
		w.coprocess(func() { w.stmt(c.Stmt) }) // fifos.go
	case *syntax.ArithmCmd:
		w.arith(c.X)
	case *syntax.LetClause:
		for _, x := range c.Exprs {
			w.arith(x)
		}
	default:
		// (( )), [[ ]], let, and the like: only their substitutions run.
		w.nested(c)
		w.testOperands(c)
	}
}

// flatten returns the commands of a pipeline, left to right.
func flatten(s *syntax.Stmt) []*syntax.Stmt {
	if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) && len(s.Redirs) == 0 {
		return append(flatten(b.X), flatten(b.Y)...)
	}
	return []*syntax.Stmt{s}
}

// nested walks the command substitutions inside any other node ([[ ]],
// (( )), ${x:-$(…)}): they run.
func (w *walker) nested(n syntax.Node) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(m syntax.Node) bool {
		switch m := m.(type) {
		case *syntax.CmdSubst:
			w.funsubOf(m)
			w.inSubst(m.Stmts)
			return false
		case *syntax.ProcSubst:
			w.procSubst(m)
			return false
		}
		return !w.stopped()
	})
}

// substitution walks the commands of $( ) and returns their output when it
// is known: echo or printf of known words, possibly through base64 -d.
// tame: what is not known of it is harmless names; place: a tool's place,
// no name picked among others (outBuf.picked); token, plain: one word
// (outBuf.token), of the plain alphabet (outBuf.plain).
func (w *walker) substitution(list []*syntax.Stmt) (text string, known, tame, place, token, plain bool) {
	buf := &outBuf{known: true}
	w.walkSubst(list, buf)
	token = !buf.wild && buf.token
	return strings.TrimRight(buf.text.String(), "\n"), buf.known, !buf.wild, !buf.wild && !buf.picked, token, token && buf.plain
}

// procSubst walks the commands of <( ) or >( ). The standard input of
// >( ) is a pipe the enclosing command writes (cat F > >(python3), tee
// >(sh) < F): input guard cannot tell, as a coprocess's is, so a shell
// or interpreter there that reads its program from it is hidden.
func (w *walker) procSubst(p *syntax.ProcSubst) {
	from := len(w.a.Reads)
	if p.Op == syntax.CmdOut {
		w.coprocess(func() { w.inSubst(p.Stmts) })
	} else {
		w.stages++ // it runs beside the command it feeds (codechangers.go)
		w.inSubst(p.Stmts)
		w.stages--
	}
	w.lostFrom(from) // a pipe by another name (laundered.go)
}

// funsubOf notes, for walkSubst, a substitution cs that runs in the shell
// itself: ${ …; } and ${| …; }.
func (w *walker) funsubOf(cs *syntax.CmdSubst) {
	w.funsub, w.replySub = cs.TempFile || cs.ReplyVar, cs.ReplyVar
}

// inSubst walks the statements of a substitution whose output is not used.
func (w *walker) inSubst(list []*syntax.Stmt) { w.walkSubst(list, nil) }

// walkSubst walks the statements of a substitution, in a subshell,
// collecting what they print in out (when not nil), and keeps the line of
// its first pipeline in lastSub.
func (w *walker) walkSubst(list []*syntax.Stmt, out *outBuf) {
	first := len(w.a.Lines)
	before := w.LastFind
	if out == nil {
		out = &outBuf{known: true} // what it prints, for a shell that runs it (source <(echo …))
	}
	saved := w.out
	w.out = out
	reads, touches, writes := len(w.a.Reads), len(w.a.Touches), len(w.a.Writes)
	w.subst++
	savedRead := w.readSubst
	if fileSubst(list) {
		w.readSubst = list[0] // $(<F): the shells' read of F, not zsh's NULLCMD
	}
	w.noErrexit++ // bash (not posix, no inherit_errexit) clears -e in $(…)
	if here := w.funsub; here {
		// ${ …; } and ${| …; } (bash 5.3, mksh): in this shell, its cd
		// and assignments last (FINDINGS55b B10); ${| …; } is $REPLY.
		w.funsub, out.known = false, out.known && !w.replySub
		w.stmts(list)
	} else {
		w.scoped(func() { w.stmts(list) })
	}
	w.noErrexit--
	w.readSubst = savedRead
	w.subst--
	w.out = saved
	w.lastSub = ""
	if len(list) == 1 && len(w.a.Lines) > first {
		w.lastSub = w.a.Lines[first]
		w.noteSubFile(list[0], out) // $(cat x.sh), <(cat x.sh), $(< x.sh), <(echo …)
		w.noteSubstNamed(w.lastSub, reads, touches, writes)
		if w.LastFind != before && w.LastFind != nil && len(w.SubstFinds) < effect.MaxLinks {
			// $(find …): what it prints is what it found.
			w.SubstFinds = append(w.SubstFinds, effect.SubstFind{Line: w.lastSub, F: w.LastFind})
		}
	}
}

func (w *walker) forClause(c *syntax.ForClause) {
	wi, ok := c.Loop.(*syntax.WordIter)
	if !ok {
		w.cLoop(c.Loop)
		w.conditional(func() { w.stmts(c.Do) })
		return
	}
	var items []word.Word
	for _, it := range wi.Items {
		items = append(items, w.fields(it)...)
	}
	if !wi.InPos.IsValid() && w.pos != nil {
		// for f; do …: over the positional parameters.
		for _, a := range w.pos.args {
			items = append(items, word.Word{Text: a, Known: word.IsKnown(a)})
		}
	}
	name := wi.Name.Value
	// for d in / ~; do rm -rf $d; done: the body with each value, up to a
	// few; otherwise once with the variable unknown.
	if len(items) > 0 && len(items) <= 4 {
		each := func() {
			for _, it := range items {
				w.loopVar(name, it.Text)
				w.stmts(c.Do)
			}
		}
		if word.AllKnown(items) {
			each() // each runs, in turn
		} else {
			w.conditional(each) // an unknown item may be no word, or many
		}
		return
	}
	w.conditional(func() {
		w.loopVar(name, word.Mark(word.MarkVar, name))
		w.stmts(c.Do)
	})
}

func (w *walker) funcDecl(f *syntax.FuncDecl) {
	names := funcNames(f)
	for _, n := range names {
		w.redefine(n)
		if forkBomb(n, f.Body) {
			w.emit(forkBombLine, Command{Name: ":", Synthetic: true})
		}
	}
	if f.Body != nil {
		for _, n := range names {
			w.declareFunc(n, f.Body)
		}
		w.scoped(func() {
			// Its parameters are its calls' (walked at each): none here,
			// so that a name it is handed is not a name guard cannot
			// tell.
			w.pos = &positional{zero: "bash"}
			locals := w.funcs.locals
			w.funcs.locals = append(locals[:len(locals):len(locals)], map[string]varState{}) // local works here
			// return leaves it
			w.inFunc++
			w.stmt(f.Body)
			w.inFunc--
			w.funcs.locals = locals
		})
	}
}

// funcNames returns the names a function declaration defines: one, or
// zsh's several (function f g { … }: FINDINGS59b B6); none for zsh's
// anonymous function.
func funcNames(f *syntax.FuncDecl) []string {
	var names []string
	if f.Name != nil {
		names = append(names, f.Name.Value)
	}
	for _, n := range f.Names {
		names = append(names, n.Value)
	}
	return names
}

// forkBombLine is the fork bomb as the spec's rule writes it.
const forkBombLine = ":(){ :|:& };:"

// forkBomb reports whether a function body calls the function twice or
// more, once at least in the background or in a pipeline: each call starts
// two more, without end.
func forkBomb(name string, body *syntax.Stmt) bool {
	calls, spawned := 0, false
	var visit func(s *syntax.Stmt, async bool)
	visit = func(s *syntax.Stmt, async bool) {
		if s == nil {
			return
		}
		async = async || s.Background
		switch c := s.Cmd.(type) {
		case *syntax.CallExpr:
			if len(c.Args) > 0 && c.Args[0].Lit() == name {
				calls++
				spawned = spawned || async
			}
		case *syntax.BinaryCmd:
			pipe := c.Op == syntax.Pipe || c.Op == syntax.PipeAll
			visit(c.X, async || pipe)
			visit(c.Y, async || pipe)
		case *syntax.Block:
			for _, t := range c.Stmts {
				visit(t, async)
			}
		case *syntax.Subshell:
			for _, t := range c.Stmts {
				visit(t, async)
			}
		}
	}
	visit(body, false)
	return calls >= 2 && spawned
}

// emit adds a line and the commands behind it.
func (w *walker) emit(line string, cmds ...Command) {
	if line == "" {
		return
	}
	w.a.Lines = append(w.a.Lines, line)
	w.a.Commands = append(w.a.Commands, cmds...)
}

// redefine notes that the command makes name mean a function or an alias.
func (w *walker) redefine(name string) {
	if len(w.redefined) < effect.MaxLinks && !slices.Contains(w.redefined, strings.ToLower(name)) {
		w.redefined = append(w.redefined, strings.ToLower(name))
	}
}

// trusts reports whether program word prog (as written, its directory
// kept) runs the program the catalogue knows as name: a bare name the
// command did not redefine, on a PATH it did not change (a builtin's
// whatever PATH says: the shell runs it itself), or a path in the
// system's program directories; never another path (./cat may be a copy
// of gzip) nor another spelling (CAT is another program where names are
// case-sensitive).
func (w *walker) trusts(prog, name string) bool {
	if slices.Contains(w.redefined, name) || w.pathSet && (prog != name || !builtins.Has(name)) {
		return false // a builtin the shell runs itself, whatever PATH says (exit $?)
	}
	dir, base := "", prog
	if i := strings.LastIndexAny(prog, `/\`); i >= 0 {
		dir, base = prog[:i], prog[i+1:]
	}
	return base == name && (dir == "" || systemBinDirs.Has(dir))
}

// systemBinDirs are the directories the system's programs are installed in.
const systemBinDirs word.Set = " /bin /usr/bin /usr/local/bin /sbin /usr/sbin /usr/local/sbin /opt/homebrew/bin /run/current-system/sw/bin "

// count adds n words and fails beyond MaxWords.
func (w *walker) count(n int) bool {
	if w.guessing > 0 {
		return w.countGuess(n)
	}
	if w.inFile > 0 {
		w.fileWords += n
		if w.fileWords > effect.MaxFileWords {
			w.fail(fmt.Errorf("runs scripts of more than %d words: %w", effect.MaxFileWords, effect.ErrLimit))
			return false
		}
		return true
	}
	w.words += n
	if w.words > MaxWords {
		w.fail(fmt.Errorf("has more than %d words: %w", MaxWords, effect.ErrLimit))
		return false
	}
	return true
}

// newLedger returns the ledger of walker w, appending to a's lists.
func newLedger(w *walker, a *Analysis, home string, files effect.Files) *effect.Ledger {
	return &effect.Ledger{
		Home: home, Files: files,
		ReadList: &a.Reads, WriteList: &a.Writes, TouchList: &a.Touches, FileList: &a.Files, BareList: &a.bare, DashList: &a.DashWords,
		Fail: w.fail, Hide: w.hide, Lookup: w.lookup, ContextList: &a.ContextWrites,
	}
}
