// Package shell says what a shell command does, from a real syntax tree
// (mvdan.cc/sh/v3/syntax, the parser behind shfmt): the simple commands it
// runs, which of their words are data, the files it reads and writes and the
// URLs it names. It is pure: text in, an [Analysis] out, no I/O, bounded in
// size, depth and time.
//
// # What is reached
//
// Every simple command the shell would run: through ; && || |, subshells,
// { }, if/while/for/case, functions, $( ), backticks, <( ) and >( ),
// here-documents and here-strings fed to a shell, scripts given to
// sh -c / bash -c / eval / su -c / watch / trap (parsed again, at most
// [MaxDepth] deep), text that echo or printf pipe into a shell, and the
// command run by a prefix (sudo, doas, env, command, builtin, exec, nice,
// nohup, time, timeout, stdbuf, ionice, setsid, chroot, busybox, flock,
// strace…), by xargs and parallel (with the words piped into them when
// echo, printf or find produce them), and by find -exec.
//
// # Normalised commands
//
// [Analysis.Lines] holds one line per pipeline, each simple command written
// as its program (quotes and backslashes removed, $'…' decoded, the
// directory stripped and the name lower-cased: /bin/rm, \rm, "rm", r”m and
// $'\x72m' are all rm), its arguments and its redirections, joined by " | ".
// Known variables are substituted (a=rm; $a -rf /), $IFS splits words,
// brace expansions are expanded, and the output of $(echo …) is used. Data
// words are written as "…": the arguments of echo and printf, a commit
// message or --grep value, a grep/rg/sed pattern, a jq filter, find's -name
// patterns, the arguments of test and [, here-documents written to a file.
//
// Some structures are written as the command they amount to, so that one
// short rule covers them (the policy's command rules run on these lines):
//
//   - rm options become -r, -f or -rf, and each operand gets its own line
//     with its path cleaned ($HOME, ${HOME} and ~/ are ~; //, /. are /);
//   - find … -delete is rm -r on its start paths, find … -exec CMD {} is CMD
//     on them (a start path followed by "/…" when tests narrow the match);
//   - echo / | xargs rm -rf and parallel rm -rf ::: / are rm -rf /;
//   - recursive deletes in interpreter one-liners (shutil.rmtree('/'),
//     FileUtils.rm_rf, fs.rmSync, rmtree, remove_tree) are rm -r on the
//     literal path;
//   - sh -c "$(curl …)", sh <(curl …), eval "$(…)" and source <(…) are
//     the pipeline curl … | sh (the interpreter's name for python and the
//     like);
//   - nc -e PROG, ncat --exec / --sh-exec and socat … EXEC:PROG are
//     nc … | PROG; a file a network tool sends (curl -d @F, -F x=@F,
//     -T F, wget --post-file=F, cat F | nc, nc <F) is written -d @F;
//   - wget -qO- and -O - are wget -O-; base64 --decode and -D are base64 -d;
//   - a function that pipes itself into itself in the background is the
//     fork bomb :(){ :|:& };:.
//
// # Limits
//
// A command of more than [MaxBytes] bytes or [MaxWords] words, nested more
// than [MaxNesting] brackets or [MaxDepth] scripts deep is not analysed:
// [Analysis.Err] wraps [ErrLimit]. A command the parser rejects sets
// [Analysis.Err] to a [*ParseError]; what could be recovered (an unclosed
// quote or bracket at the end) is still analysed. Other obfuscation is
// unbounded; docs/DECISIONS.md lists what is out of reach.
package shell

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"github.com/guardhq/guard/internal/stack"
)

// Limits of an analysis.
const (
	// MaxBytes bounds the command text.
	MaxBytes = 1 << 20
	// MaxWords bounds the words of all simple commands (here-document
	// bodies are not counted).
	MaxWords = 4096
	// MaxDepth bounds scripts within scripts: sh -c, eval, a here-document
	// or echo piped into a shell.
	MaxDepth = 4
	// MaxNesting bounds brackets within brackets ( ( { $( …, counted before
	// parsing: the parser's time grows with the square of the nesting.
	MaxNesting = 100
)

// ErrHidden is wrapped by [Analysis.Err] when the command runs text guard
// cannot see: a script file it runs that cannot be read whole, a crontab
// or an at job whose text is not known, a sed script that executes input
// guard cannot read. The rest of the command is analysed; the caller
// blocks.
var ErrHidden = errors.New("runs what guard cannot see")

// ParseError is [Analysis.Err] when the parser rejects a command.
type ParseError struct {
	Line, Col int
	Msg       string // the parser's message; may quote a token of the command
	// Recovered: the command only stopped short (an unclosed quote,
	// bracket or here-document at its end); guard closed it and analysed it
	// whole. Bash runs what comes before such an end and, for a
	// here-document, the command it feeds; it runs nothing of an unclosed
	// quote or bracket.
	Recovered bool
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Analysis is what a shell command does. Treat it as read-only: Analyze may
// return the same value for the same text.
type Analysis struct {
	// Lines are the pipelines the command runs, normalised (see the package
	// documentation), in the order first reached, each once.
	Lines []string
	// Commands are the simple commands reached, roughly in the order of
	// Lines (a line holds a whole pipeline; guard's own commands, such as
	// find -delete's rm, are marked Synthetic).
	Commands []Command
	// Reads and Writes are the files the command reads and writes, as
	// written (~, $HOME kept), relative ones under any directory an
	// earlier cd or pushd moved to. A bare name is a file in the working
	// directory. A read of DIR/** is a read of the directory DIR and
	// everything in it (grep -r, tar c, cp -r, docker run -v DIR:…, find
	// DIR -exec cat); DIR/**/NAME a read of every file NAME (a name or a
	// pattern) under DIR (find DIR -name NAME -exec cat {} \;).
	Reads, Writes []string
	// ContextWrites are the writes of files guard followed, each with
	// its text when known: a write in Writes that is not here (sed -i, an
	// unknown program) writes text guard does not know.
	// The hook decides which are the agents' context files (by links and
	// imports, not only by name).
	ContextWrites []effect.ContextWrite
	// OpaqueReads are the reads (also in Reads) whose output guard cannot
	// redact: the reader encodes it (xxd, base64, tar to standard output),
	// is not known to print its lines as they are (rev F, grep -o, sed -n
	// 3,5p F: catalogue.Verbatim), or a later stage of its pipeline is not
	// a catalogued pass-through (grep -r x . | rev). Trees (DIR/**) and
	// single files alike.
	OpaqueReads []string
	// HeldReads are what the command prints to the client may hold: the
	// reads of a program guard knows nothing of whose standard output
	// goes there, as it is or through stages that print it as it is (jar
	// c0M . prints the files it stores). The result scan sees them only
	// as that program encoded them; where no result scan runs, they are
	// reads (internal/hook).
	HeldReads []string
	// UnprintedReads are the reads (also in Reads) of which the command
	// prints none of the text: every read of the file is by a command
	// that prints names, ids or counts (git log --oneline -- F, git
	// rev-parse HEAD:F).
	UnprintedReads []string
	// UnattributedReads are the trees (DIR/**, also in Reads) a program
	// prints as it reads them without its file's name before each line
	// (cat, head, more: not the grep family): the hook cannot tell which
	// file a printed line came from (unattributed.go).
	UnattributedReads []string
	// HandedPaths are the directories of git commands whose diff program
	// or textconv the command sets: git hands it the repository's paths
	// as written, and a path named -S or @o is an option or an option
	// file to it (FINDINGS49a S1, S2; hook/handedpaths.go).
	HandedPaths []string
	// TrackedReads are the trees (DIR/**, also in Reads) the command reads
	// only as git grep does without --untracked or --no-index: the files
	// git's index holds under DIR, not the untracked or ignored ones.
	TrackedReads []string
	// UnignoredReads are the trees (DIR/**, also in Reads) the command
	// reads as git sends or prints what git add without -f staged: the
	// files git's index holds under DIR and the untracked ones its ignore
	// rules do not ignore (git add -A && git commit -m x && git push).
	UnignoredReads []string
	// VisibleReads are the trees (DIR/**, also in Reads) the command reads
	// as a searcher that skips hidden names does (rg, ag, pt without
	// --hidden, when guard read the ignore files that could whitelist
	// one: hiddenskip.go): every file under DIR but those with a hidden
	// name or under a hidden directory.
	VisibleReads []string
	// MountReads are the trees (DIR/**, also in Reads) a container shares
	// by a bind mount and that no other program of the command reads,
	// where guard walks the container's command through the mount (what
	// that command reads there are its own reads): the hook keeps such a
	// read only where the tree is the home directory, holds it, or lies in
	// a hidden directory of it (the image's own code reaches the mount as
	// a package npx runs reaches the project).
	MountReads []string
	// Touches are the files named by a program guard does not know to only
	// read them: every word of such a program that is not data and not a
	// file its handler accounts for (an option's value after = included),
	// resolved like Reads and Writes. It may write them: gzip F, sponge F,
	// vim -es F. The read-only catalogue (package catalogue) lists the programs
	// whose words are never touches. A path in Writes is not repeated here.
	Touches []string
	// BareTouches are the touches the command only ever named by a single
	// hidden name written bare (yq .spec, after cd ~ too): a data word
	// guard cannot tell from a path is one of them when the agent works in
	// the home. Each is in Touches too.
	BareTouches []string
	// bare are the touches of bare hidden names as recorded (BareTouches
	// before finish).
	bare []string
	// DashWords are the words beginning with '-' the command hands a
	// program that guard reads both as an option and as a name in the
	// working directory (-k, a link there, -x=/../../.bashrc, a path under
	// a directory -x=): each is in Reads, Writes or Touches as ./WORD too.
	// The hook does not count them among the names the command makes.
	DashWords []string
	// URLs are the URLs and hosts the command would contact: every
	// http(s)://, ftp://, gopher://, dict://… in a word that is not data,
	// and the host operands of curl, wget, nc, ncat, netcat, telnet, ssh,
	// scp, sftp and rsync.
	URLs []string
	// FileTouches are the touches (see Touches) found in the text of a
	// file the command runs, read from disk (export NVM_DIR=… in a sourced
	// ~/.bashrc, a program an installed script runs on its own path), each
	// with that file: whoever can write the file wrote them.
	FileTouches []FileTouch
	// Files are the files whose text guard read because the command runs
	// them (through [Options.Files]), as the command names them.
	Files []string
	// Loads are the files the programs the command runs load as code or
	// command configuration from the directory they run in, by name,
	// whether they exist or not (catalogue.ProjectCodes: make's
	// GNUmakefile, pytest's conftest.py, npm's .npmrc), as the command
	// names them (after its cd); a "**" part stands for any directories.
	Loads []string
	// ReadVias are reads (also in Reads) that no word of the command
	// names, each with what reads it, for a block's explanation: an env
	// file compose hands a container ("docker compose (hands it to the
	// container as a service's env_file)").
	ReadVias []ReadVia
	// Unresolved are the paths the command names that hold a part guard
	// could not work out (the output of a command, a value read): the
	// hook checks whether they could name a protected place.
	Unresolved []UnresolvedPath
	// RevReads are the files of a revision or of the index the command
	// reads by a word REV:PATH of git (git show HEAD:settings.py, git
	// cat-file -p :.env), at most MaxRevReads: what git prints is the
	// revision's text, not the working file's (which is in Reads too).
	RevReads []RevRead
	// Err is nil, a *ParseError, or an error wrapping ErrLimit or
	// ErrHidden. With an error the other fields hold what could be
	// analysed. Read as zsh too (Options.Zsh), a command zsh's parser
	// takes has no parse error.
	Err error
	// ZshErr is, when the command is read as zsh too, zsh's parse error
	// where bash's parser takes the command: what zsh would run is not
	// known.
	ZshErr *ParseError
}

// FileTouch is a touch in the text of a file the command runs
// (Analysis.FileTouches).
type FileTouch struct {
	// Path is the path touched, resolved as Touches are; with a part guard
	// could not work out, written as UnresolvedPath.Text is, and
	// Unresolved set.
	Path       string
	Unresolved bool
	// Bare: the file's text only named it as a bare hidden name, or a
	// guessed one (see Analysis.BareTouches).
	Bare bool
	// Files are the files whose text made the shell's state and touches
	// it, as the command names them (after its cd), one per line: the
	// files sourced before it, those on the way to it, and the file whose
	// text touches it, last.
	Files string
}

// UnresolvedPath is a path a command reads or writes of which guard could
// not work out every part.
type UnresolvedPath struct {
	// Text is the path with each part not known written Unknown;
	// variables inherited from the environment are written $NAME (see
	// ExpandEnv), relative paths are under any directory cd moved to.
	Text  string
	Write bool
}

// Command is one simple command as it runs.
type Command struct {
	Name string // program: base name, lower case; "" for redirections only
	Args []Arg
	// Synthetic marks a command guard wrote for a structure (find -delete,
	// xargs, a one-liner's rmtree, a fork bomb), not one written as such.
	Synthetic bool
}

// Arg is one argument of a Command.
type Arg struct {
	Text string // after quote removal and expansion
	Data bool   // a word the program treats as data, not as something to run
}

// Executed returns the lines joined by newlines: what the command runs,
// without its data words.
func (a *Analysis) Executed() string { return strings.Join(a.Lines, "\n") }

// memo is one remembered analysis: the hook path analyses each command
// twice (the paths and URLs it names, then the command rules), with other
// texts between (a hook file's entries, a script it runs), and an Analysis
// is never modified once made.
type memo struct {
	text string
	opt  Options
	a    *Analysis
}

// memos keeps the last few analyses, safe for concurrent use.
var memos struct {
	mu   sync.Mutex
	ring [4]memo
	next int
}

// remembered returns the analysis of text with opt made before, if kept.
func remembered(text string, opt Options) (*Analysis, bool) {
	memos.mu.Lock()
	defer memos.mu.Unlock()
	for _, m := range memos.ring {
		if m.a != nil && m.text == text && m.opt == opt {
			return m.a, true
		}
	}
	return nil, false
}

// remember keeps a, the analysis of text with opt.
func remember(text string, opt Options, a *Analysis) {
	memos.mu.Lock()
	defer memos.mu.Unlock()
	memos.ring[memos.next] = memo{text, opt, a}
	memos.next = (memos.next + 1) % len(memos.ring)
}

// Options tune an analysis.
type Options struct {
	// Home is the user's home directory: rm's operands under it are written
	// from ~ (rm -rf /home/me is rm -rf ~). Empty leaves them as written.
	Home string
	// Files reads the files the command runs (see [Files]); nil reads
	// none, and a file the command runs is then only a file it reads. It
	// must be comparable: analyses are remembered by their options. It
	// must be safe for concurrent use: a long command is read as bash and
	// as zsh at once (walkBoth).
	Files effect.Files
	// Zsh reads the command as zsh reads it too (the client may run it
	// with zsh, see MayRunZsh): the analysis holds what either reading
	// reaches.
	Zsh bool
	// Self is the name guard's own executable runs as (its base name, lower
	// case, without .exe), besides "guard": a command that runs it is
	// guard's command line (see guardCLI).
	Self string
}

// MayRunZsh reports whether an agent's client may run commands with zsh
// when $SHELL is shell: unless it names bash. agent A's client takes
// $SHELL only when it names bash or zsh; for any other (fish, sh, unset, a
// shell it does not support) it looks for zsh first, then bash. Where
// guard cannot tell that the shell is bash, the command is read as zsh too
// (FINDINGS59b B5).
func MayRunZsh(shell string) bool {
	if i := strings.LastIndexByte(shell, '/'); i >= 0 {
		shell = shell[i+1:]
	}
	if rest, ok := strings.CutPrefix(shell, "bash"); ok && (rest == "" || rest[0] == '-' || rest[0] >= '0' && rest[0] <= '9') {
		return false
	}
	return true
}

// IsZsh reports whether a login shell, as $SHELL names it, is zsh.
func IsZsh(shell string) bool {
	if i := strings.LastIndexByte(shell, '/'); i >= 0 {
		shell = shell[i+1:]
	}
	return shell == "zsh" || strings.HasPrefix(shell, "zsh-") || strings.HasPrefix(shell, "zsh5")
}

// Analyze parses cmd and reports what it does.
func Analyze(cmd string, opt Options) *Analysis {
	if a, ok := remembered(cmd, opt); ok {
		return a
	}
	a := analyze(cmd, opt)
	remember(cmd, opt, a)
	return a
}

func analyze(cmd string, opt Options) *Analysis {
	a := &Analysis{}
	if len(cmd) > MaxBytes {
		a.Err = fmt.Errorf("is longer than %d KiB: %w", MaxBytes>>10, effect.ErrLimit)
		return a
	}
	if n := nesting(cmd); n > MaxNesting {
		a.Err = fmt.Errorf("nests brackets more than %d deep: %w", MaxNesting, effect.ErrLimit)
		return a
	}
	cmd = word.Sanitize(cmd)
	if opt.Zsh && len(cmd) >= parallelZsh {
		z, zerr := walkBoth(a, cmd, opt)
		if !errors.Is(a.Err, effect.ErrLimit) {
			union(a, z, zerr)
		}
		finish(a)
		return a
	}
	a.Err = walk(a, cmd, opt, false)
	if opt.Zsh && !errors.Is(a.Err, effect.ErrLimit) {
		z := &Analysis{}
		union(a, z, walk(z, cmd, opt, true))
	}
	finish(a)
	return a
}

// parallelZsh is the length from which a command is read as bash and as
// zsh at once, each walk on its own goroutine (the hook's process has two
// CPUs or more to run them on): a long script's second walk costs as much
// as the first, while a short command's is less than starting a thread.
const parallelZsh = 2048

// walkBoth walks cmd as bash into a, on the calling goroutine, and as zsh
// into the Analysis it returns, with the zsh walk's error, on another. The
// walks share nothing but opt's reader, which is safe for concurrent use
// (Options.Files). A panic of the zsh walk is raised again here, where the
// caller's recovery sees it.
func walkBoth(a *Analysis, cmd string, opt Options) (*Analysis, error) {
	z := &Analysis{}
	var zerr error
	var panicked any
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { panicked = recover() }()
		stack.Grow() // the walker recurses (package stack)
		zerr = walk(z, cmd, opt, true)
	}()
	a.Err = walk(a, cmd, opt, false)
	<-done
	if panicked != nil {
		panic(panicked)
	}
	return z, zerr
}

// walk analyses cmd into a, read as bash or as zsh reads it, and returns
// the walk's error.
func walk(a *Analysis, cmd string, opt Options, zsh bool) error {
	w := &walker{a: a, zsh: zsh, zshShell: opt.Zsh, self: opt.Self}
	w.Ledger = newLedger(w, a, strings.TrimRight(opt.Home, "/"), opt.Files)
	// The agent's shell is bash -c CMD (zsh -c) with no arguments: no
	// positional parameters ($1 empty, "$@" none, ${1:-w} is w;
	// FINDINGS52a P3), $0 its name, which guard does not know.
	w.pos = &positional{}
	w.script(cmd, 0)
	w.exitTraps(0)
	w.raced()      // codechangers.go
	w.pushesMade() // gitpushhooks.go
	w.gitDirsMade()
	a.UnprintedReads = w.unprinted()
	a.TrackedReads = w.only(w.tracked)
	a.UnignoredReads = w.only(append(w.unignored, w.tracked...)) // the index's files are staged too
	a.VisibleReads = w.only(w.visible)
	a.MountReads = w.only(w.mounted)
	return w.err
}

// union adds to a, bash's reading, what z, zsh's, reaches; zerr is zsh's
// error. A parse error of one only stands when the other fails too: the
// command runs as zsh reads it, which bash's reading backs up.
func union(a, z *Analysis, zerr error) {
	seen := make(map[string]bool, len(a.Lines))
	for _, l := range a.Lines {
		seen[l] = true
	}
	for _, l := range z.Lines {
		if !seen[l] {
			seen[l] = true
			a.Lines = append(a.Lines, l)
		}
	}
	a.Reads = append(a.Reads, z.Reads...)
	a.HandedPaths = append(a.HandedPaths, z.HandedPaths...)
	a.OpaqueReads = append(a.OpaqueReads, z.OpaqueReads...)
	a.UnattributedReads = append(a.UnattributedReads, z.UnattributedReads...)
	a.UnprintedReads = both(a.UnprintedReads, z.UnprintedReads)
	a.TrackedReads = both(a.TrackedReads, z.TrackedReads)
	a.UnignoredReads = both(a.UnignoredReads, z.UnignoredReads)
	a.VisibleReads = both(a.VisibleReads, z.VisibleReads)
	a.MountReads = both(a.MountReads, z.MountReads)
	a.Writes = append(a.Writes, z.Writes...)
	a.ContextWrites = append(a.ContextWrites, z.ContextWrites...)
	a.Touches = append(a.Touches, z.Touches...)
	a.bare = append(a.bare, z.bare...)
	a.DashWords = append(a.DashWords, z.DashWords...)
	a.FileTouches = append(a.FileTouches, z.FileTouches...)
	a.URLs = append(a.URLs, z.URLs...)
	a.Files = append(a.Files, z.Files...)
	for _, r := range z.RevReads {
		if len(a.RevReads) < MaxRevReads && !slices.Contains(a.RevReads, r) {
			a.RevReads = append(a.RevReads, r)
		}
	}
	a.Loads = append(a.Loads, z.Loads...)
	a.ReadVias = append(a.ReadVias, z.ReadVias...)
	var bashPE, zshPE *ParseError
	bashFails := errors.As(a.Err, &bashPE) && !bashPE.Recovered
	zshFails := errors.As(zerr, &zshPE) && !zshPE.Recovered
	switch {
	case errors.Is(zerr, effect.ErrLimit):
		a.Err = zerr
	case errors.Is(zerr, ErrHidden) && (a.Err == nil || bashFails || gravity(a.Err) < gravity(zerr)):
		a.Err = zerr // what zsh's reading runs, guard cannot see (graver than bash's recovered error)
	case zshFails && !bashFails:
		a.ZshErr = zshPE
	case !zshFails && bashFails:
		a.Err = zerr
	}
}

// finish writes the markers of a's texts as placeholders, sets the paths
// with an opaque part apart as Unresolved, and drops duplicates.
func finish(a *Analysis) {
	for i, l := range a.Lines {
		a.Lines[i] = word.RenderLine(l)
	}
	a.Lines = dedupe(a.Lines) // a script run twice: its lines once
	for i := range a.Commands {
		c := &a.Commands[i]
		c.Name = word.RenderLine(c.Name)
		for j := range c.Args {
			c.Args[j].Text = word.RenderLine(c.Args[j].Text)
		}
	}
	a.Reads = a.settle(a.Reads, false)
	a.OpaqueReads = rendered(a.OpaqueReads, false)
	a.UnattributedReads = rendered(a.UnattributedReads, false)
	a.UnprintedReads = rendered(a.UnprintedReads, false)
	a.TrackedReads = rendered(a.TrackedReads, true) // the tree, not git's other words
	a.UnignoredReads = rendered(a.UnignoredReads, true)
	a.VisibleReads = rendered(a.VisibleReads, true)
	a.MountReads = rendered(a.MountReads, true)
	a.Writes = a.settle(a.Writes, true)
	a.BareTouches = onlyBare(a.Touches, a.bare)
	// A touch with an opaque part is checked as an unresolved write.
	a.Touches = without(a.settle(a.Touches, true), a.Writes)
	a.Files = dedupe(a.Files)
	a.Loads = dedupe(a.Loads)
	a.FileTouches = settleFileTouches(a.FileTouches)
	urls := a.URLs[:0]
	for _, u := range a.URLs {
		if u != "" && (!word.HasMark(u) || !word.MayBeEmpty(u)) {
			urls = append(urls, word.Render(u))
		}
	}
	a.URLs = dedupe(urls)
	if len(a.Unresolved) > 1 {
		seen := map[UnresolvedPath]bool{}
		out := a.Unresolved[:0]
		for _, u := range a.Unresolved {
			if !seen[u] {
				seen[u] = true
				out = append(out, u)
			}
		}
		a.Unresolved = out
	}
}

// rendered returns paths without those with an opaque part (and, for
// trees, those not ending in /**), rendered, duplicates dropped. It
// reuses paths' array.
func rendered(paths []string, trees bool) []string {
	out := paths[:0]
	for _, p := range paths {
		if !word.Opaque(p) && (!trees || strings.HasSuffix(p, "/**")) {
			out = append(out, word.Render(p))
		}
	}
	return dedupe(out)
}

// settle returns paths rendered, those with an opaque part moved to
// a.Unresolved.
func (a *Analysis) settle(paths []string, write bool) []string {
	out := paths[:0]
	for _, p := range paths {
		if word.Opaque(p) {
			a.Unresolved = append(a.Unresolved, UnresolvedPath{Text: word.UnresolvedText(p), Write: write})
			continue
		}
		out = append(out, word.Render(p))
	}
	return dedupe(out)
}

// nesting returns the largest number of brackets open at once in s, quotes
// ignored: an upper bound of the syntax tree's nesting.
func nesting(s string) int {
	depth, max := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{':
			depth++
			if depth > max {
				max = depth
			}
		case ')', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return max
}

// settleFileTouches writes the markers of file touches' paths and files
// as placeholders, the paths with an opaque part as UnresolvedPath.Text,
// and drops duplicates.
func settleFileTouches(list []FileTouch) []FileTouch {
	out := list[:0]
	seen := map[FileTouch]bool{}
	for _, e := range list {
		if word.Opaque(e.Path) {
			e.Path, e.Unresolved = word.UnresolvedText(e.Path), true
		} else {
			e.Path = word.Render(e.Path)
		}
		e.Files = word.Render(e.Files)
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}

func dedupe(list []string) []string {
	if len(list) < 2 {
		return list
	}
	seen := make(map[string]bool, len(list))
	out := list[:0]
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// without returns list without the strings of drop.
func without(list, drop []string) []string {
	if len(list) == 0 || len(drop) == 0 {
		return list
	}
	var set map[string]bool // for a long list: a lookup, not a scan
	if len(drop) > 16 {
		set = make(map[string]bool, len(drop))
		for _, s := range drop {
			set[s] = true
		}
	}
	out := list[:0]
	for _, s := range list {
		if set == nil && !slices.Contains(drop, s) || set != nil && !set[s] {
			out = append(out, s)
		}
	}
	return out
}

// ExpandEnv replaces each $NAME and ${NAME} left in path p (a read or write
// of an Analysis, or an UnresolvedPath's text: variables the command does
// not set itself) by its value from lookup, the environment the command's
// shell inherits; a variable lookup does not know is left as written. A
// leading $HOME is left for the path rules, which expand them (and ~)
// themselves. ${NAME:-word}, ${NAME-word}, ${NAME:=word}, ${NAME=word},
// ${NAME:+word} and ${NAME+word} are NAME's value or word, as the shell
// picks from the environment.
//
// A leading ~NAME, after the expansion, is read as path.OwnTilde reads it.
func ExpandEnv(p string, lookup func(string) (string, bool)) string {
	return path.OwnTilde(expandVars(p, lookup), lookup) // ~$USER: the name after expansion
}

// expandVars replaces the variables of p ExpandEnv replaces.
func expandVars(p string, lookup func(string) (string, bool)) string {
	if !strings.Contains(p, "$") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); {
		ref, end := varRef{}, i
		if p[i] == '$' {
			ref, end = varAt(p, i+1)
		}
		if ref.name != "" && ref.name != "_" && (ref.name != "HOME" || i > 0 || ref.op != "") {
			// ($_ is the shell's last argument, not the environment's.)
			// $HOME first is left for the path rules; inside a path
			// (/$HOME/.ssh is //home/u/.ssh) it is its value.
			if v, ok := ref.value(lookup, i == 0); ok {
				b.WriteString(v)
				i = end
				continue
			}
		}
		b.WriteByte(p[i])
		i++
	}
	return b.String()
}

// UnknownVars returns p (after ExpandEnv) with each variable reference
// left in it, one the environment does not hold, written Unknown: the
// shell's own variables ($BASH_SOURCE) and unset ones, whose value guard
// cannot tell ($NOPE$HOME/.ssh/id_rsa is /home/u/.ssh/id_rsa when NOPE is
// unset); twice where one begins p, which it may name whole (see
// [Unknown]). A leading $HOME stays for the path rules. False when p holds
// none.
func UnknownVars(p string) (string, bool) {
	if !strings.Contains(p, "$") {
		return p, false
	}
	var b strings.Builder
	found := false
	for i := 0; i < len(p); {
		if p[i] == '$' {
			if ref, end := varAt(p, i+1); ref.name != "" && !(ref.name == "HOME" && i == 0 && ref.op == "") {
				if i == 0 {
					b.WriteString(word.Unknown) // it begins the path: see path.Unknown
				}
				if !strings.HasSuffix(b.String(), word.Unknown) || b.Len() == len(word.Unknown) {
					b.WriteString(word.Unknown)
				}
				found = true
				i = end
				continue
			}
		}
		b.WriteByte(p[i])
		i++
	}
	return b.String(), found
}

// varRef is $NAME, ${NAME} or ${NAME<op>word} in a path.
type varRef struct{ name, op, word string }

// value returns what the reference stands for; false when the variable is
// not known and the operator does not decide (then it stays as written).
// first: the reference starts the path (a leading $HOME is kept).
func (r varRef) value(lookup func(string) (string, bool), first bool) (string, bool) {
	v, set := lookup(r.name)
	if r.name == "HOME" && first {
		v, set = "$HOME", true
	}
	if r.op == "" {
		return v, set
	}
	return word.ParamOp(v, set, r.op, ExpandEnv(r.word, lookup))
}

// varAt returns the variable reference whose name starts at p[i] ($NAME,
// ${NAME}, ${NAME:-word}…), and the index after it; a zero varRef when
// there is none.
func varAt(p string, i int) (varRef, int) {
	if i < len(p) && p[i] == '{' {
		j := strings.IndexByte(p[i:], '}')
		if j < 0 {
			return varRef{}, i
		}
		body := p[i+1 : i+j]
		n := 0
		for n < len(body) && word.IsNameRune(rune(body[n])) {
			n++
		}
		name, rest := body[:n], body[n:]
		if !word.IsName(name) {
			return varRef{}, i
		}
		for _, op := range []string{":-", ":=", ":+", "-", "=", "+"} {
			if w, ok := strings.CutPrefix(rest, op); ok {
				return varRef{name: name, op: op, word: w}, i + j + 1
			}
		}
		if rest != "" {
			return varRef{}, i
		}
		return varRef{name: name}, i + j + 1
	}
	j := i
	for j < len(p) && word.IsName(p[i:j+1]) {
		j++
	}
	return varRef{name: p[i:j]}, j
}

// onlyBare returns the paths of bare that touches holds as often as bare
// does: every touch of them was a bare hidden name (a path with a marker is
// none).
func onlyBare(touches, bare []string) []string {
	if len(bare) == 0 {
		return nil
	}
	n := make(map[string]int, len(bare))
	for _, p := range bare {
		n[p]--
	}
	for _, p := range touches {
		if _, ok := n[p]; ok {
			n[p]++
		}
	}
	var out []string
	for _, p := range bare {
		if n[p] == 0 && !word.HasMark(p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}
