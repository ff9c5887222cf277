package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// The handlers: the programs whose words need code of their own besides
// what the catalogue says of them (package catalogue), one entry a program or a
// family of programs that share their code (the grep family). The
// code is for what is a language or a command inside a command (a sed
// script, a shell's -c script, find's expression, an interpreter's code), or
// what no option table says (where cp writes, what tar extracts). A program
// with no entry is an interpreter (interpreterOf) or gets generic: its
// plain words are files it reads, and, unless the catalogue knows it only
// reads, touches.

// handler is the code for one program.
type handler struct {
	name string
	run  func(*cmd)
	// own: it runs a command that is analysed as one of its own (xargs
	// CMD, parallel CMD): its words are no touches or URLs of its own.
	own bool
}

// family is the code for the programs of a word set that share it.
type family struct {
	set word.Set
	run func(*cmd)
}

// handlers lists the programs with code of their own, sorted by name
// (TestHandlersSorted); families lists the word sets of programs that
// share theirs. Both are filled by init: their functions lead back to
// program, which reads them, and Go counts that as an initialisation cycle
// in a package-level initializer. init copies them from static data: two
// small allocations, no map.
var (
	handlers []handler
	families []family
)

func init() {
	handlers = []handler{
		{name: ".", run: (*cmd).source},
		{name: "7z", run: (*cmd).sevenZip},
		{name: "7za", run: (*cmd).sevenZip},
		{name: "7zz", run: (*cmd).sevenZip},
		{name: "alias", run: (*cmd).defineAliases}, // alias x='rm -rf /': the body runs when x does
		{name: "ar", run: (*cmd).letterExtract},
		{name: "ark", run: (*cmd).unpacker},
		{name: "at", run: (*cmd).at},
		{name: "atool", run: (*cmd).unpacker},
		{name: "aunpack", run: (*cmd).unpacker},
		{name: "autoload", run: zshOnly((*cmd).zshAutoload)},
		{name: "autossh", run: (*cmd).ssh},
		{name: "base64", run: (*cmd).base64},
		{name: "batch", run: (*cmd).at},
		{name: "bsdcpio", run: (*cmd).cpio},
		{name: "bsdtar", run: (*cmd).tar},
		{name: "buildah", run: (*cmd).buildah},
		{name: "cat", run: (*cmd).cat},
		{name: "cd", run: (*cmd).cd},
		{name: "chdir", run: zshOnly((*cmd).cd)}, // zsh's other name of cd
		{name: "cmake", run: (*cmd).cmake},
		{name: "cpio", run: (*cmd).cpio},
		{name: "crontab", run: (*cmd).crontab},
		{name: "curl", run: (*cmd).download},
		{name: "dirs", run: (*cmd).cd},
		{name: "docker", run: (*cmd).container},
		{name: "docker-compose", run: (*cmd).composeCmd},
		{name: "dtrx", run: (*cmd).unpacker},
		{name: "enable", run: (*cmd).enable},
		{name: "eval", run: (*cmd).eval},
		{name: "expect", run: (*cmd).expect},
		{name: "fc", run: (*cmd).history},
		{name: "fd", run: (*cmd).fd},
		{name: "fdfind", run: (*cmd).fd},
		{name: "find", run: (*cmd).find},
		{name: "go", run: (*cmd).goRun},
		{name: "gtar", run: (*cmd).tar},
		{name: "hash", run: (*cmd).hash},

		{name: "history", run: (*cmd).history},
		{name: "jar", run: (*cmd).letterExtract},
		{name: "jq", run: (*cmd).jqFilter},
		{name: "kubectl", run: (*cmd).kubectl},
		{name: "mkfifo", run: (*cmd).mkfifo},
		{name: "mknod", run: (*cmd).mkfifo},
		{name: "nerdctl", run: (*cmd).container},
		{name: "oc", run: (*cmd).pod},
		{name: "openssl", run: (*cmd).openssl},
		{name: "p4", run: (*cmd).p4},
		{name: "parallel", run: (*cmd).parallel, own: true},
		{name: "patch", run: (*cmd).patch},
		{name: "pax", run: (*cmd).pax},
		{name: "podman", run: (*cmd).container},
		{name: "podman-compose", run: (*cmd).composeCmd},
		{name: "popd", run: (*cmd).cd},
		{name: "print", run: zshOnly((*cmd).zshPrint)},
		{name: "ps", run: (*cmd).ps},
		{name: "pushd", run: (*cmd).cd},
		{name: "rm", run: (*cmd).rm},
		{name: "rsync", run: (*cmd).remoteCopy},
		{name: "scp", run: (*cmd).remoteCopy},
		{name: "screen", run: (*cmd).screen},
		{name: "sed", run: (*cmd).sed},
		{name: "sftp", run: (*cmd).remoteCopy},
		{name: "socat", run: (*cmd).socat},
		{name: "source", run: (*cmd).source},
		{name: "ssh", run: (*cmd).ssh},
		{name: "ssh-add", run: (*cmd).agentKeys},
		{name: "ssh-keygen", run: (*cmd).sshKeygen},
		{name: "tar", run: (*cmd).tar},
		{name: "tee", run: (*cmd).tee},
		{name: "telnet", run: (*cmd).telnet},
		{name: "tmux", run: (*cmd).tmux},
		{name: "trap", run: (*cmd).trap},
		{name: "unar", run: (*cmd).unpacker},
		{name: "uniq", run: (*cmd).secondOperand},
		{name: "unzip", run: (*cmd).unzip},
		{name: "wget", run: (*cmd).download},
		{name: "xargs", run: (*cmd).xargs, own: true},
		{name: "xxd", run: (*cmd).secondOperand},
		{name: "yq", run: (*cmd).yq},
		{name: "zcompile", run: zshOnly((*cmd).zcompile)},
	}
	families = []family{
		{set: catalogue.Shells, run: (*cmd).shell},
		{set: catalogue.ForeignShells, run: (*cmd).foreignShell},
		{set: catalogue.Printers, run: (*cmd).printer},
		{set: catalogue.Testers, run: (*cmd).allData},
		{set: catalogue.GrepFamily, run: (*cmd).grepper},
		{set: catalogue.MessageTools, run: (*cmd).messages},
		{set: catalogue.VersionControl, run: (*cmd).vcs},
		{set: catalogue.HostTools, run: (*cmd).hostTool},
		{set: catalogue.NcFamily, run: (*cmd).nc},
	}
}

// handlerOf returns the entry for name.
func handlerOf(name string) (handler, bool) {
	if i, ok := slices.BinarySearchFunc(handlers, name, func(h handler, n string) int { return strings.Compare(h.name, n) }); ok {
		return handlers[i], true
	}
	for _, f := range families {
		if f.set.Has(name) {
			return handler{name: name, run: f.run}, true
		}
	}
	if e := catalogue.EngineOf(name); e != name {
		return handlerOf(e) // podman-remote, finch, nerdctl.lima: the engine's
	}
	return handler{}, false
}

// catalogued applies what the catalogue says of c's program before its
// handler runs: the files its writes options name are written, the
// commands its runs options hold are analysed, a names program's words are
// data, and recursive says whether it reads its directory operands whole.
func (c *cmd) catalogued(p *catalogue.Program) {
	if p.Writer != "" && slices.ContainsFunc(c.args, func(a word.Word) bool { return p.Writer.Has(a.Text) }) {
		c.mayWrite = true
	}
	if p.Access == catalogue.Names {
		c.allData()
		return
	}
	for _, o := range p.Writes {
		for j := 0; j < len(c.args); j++ {
			if v, k, ok := word.OptionValue(c.args, j, o.Short, o.WithArg, o.Long); ok {
				c.w.Write(v)
				for m := j; m <= k; m++ {
					c.spend(m)
				}
				j = k
			}
		}
	}
	if p.Access == catalogue.ReadsOnly && !p.Knows(c.args) {
		c.mayWrite = true // an option its entry does not list: anything
	}
	c.runsOptions(p)
	c.recursive = p.Recurse.On(c.args)
	c.readsDot = c.recursive && p.Recurse.Dot
}

// runsOptions analyses the commands p's runs options hold, each run with
// what the program hands it on standard input (a pager, its output), and
// records as hidden a hides option given.
func (c *cmd) runsOptions(p *catalogue.Program) {
	for _, o := range p.Runs {
		for j := 0; j < len(c.args); j++ {
			v, k, ok := word.OptionValue(c.args, j, o.Short, o.WithArg, o.Long)
			if !ok {
				continue
			}
			cmds := []string{v}
			if o.Filters {
				cmds = catalogue.FilterCommands(v)
			}
			for _, x := range cmds {
				c.w.runsHanded(x, c.name)
			}
			for m := j; m <= k; m++ {
				c.spend(m)
			}
			j = k
		}
	}
	for _, o := range p.Hides {
		for j := range c.args {
			if _, _, ok := word.OptionValue(c.args, j, o.Short, o.WithArg, o.Long); ok {
				c.w.hide("gives %s an option that runs what guard cannot see (a plugin, key bindings)", c.name)
				return
			}
		}
	}
}

// spend marks argument j as accounted for by the program's handler: a file
// recorded as read or written, a host, a remote command, a key used. It
// is no touch.
func (c *cmd) spend(j int) {
	if j < 0 || j >= len(c.args) {
		return
	}
	if c.spent == nil {
		c.spent = make([]bool, len(c.args))
	}
	c.spent[j] = true
}

// isSpent reports whether argument j is accounted for.
func (c *cmd) isSpent(j int) bool { return j < len(c.spent) && c.spent[j] }

// touches records as touched (Analysis.Touches) every word of a program
// guard does not know to only read its files that is neither data nor
// accounted for by its handler. An option's value counts (its value after
// =, or the word after it: an option that takes none makes a harmless
// touch of its operand's name).
//
// A word holding blanks or shell characters may be a command line or a
// script the program reads, and so may its standard input: their paths are
// touched too and they are analysed tentatively (see wordsInside). The
// value of an option that names what the program leaves alone (--exclude
// .git) is no file it opens.
func (c *cmd) touches(p *catalogue.Program) {
	if c.name == "" || p != nil && p.Access != catalogue.MayWrite && !c.mayWrite {
		return
	}
	if c.reformats() && !c.gofmtWrites() {
		c.gofmtReads() // gofmt -l, -d: it prints names or diffs, and writes nothing
		return
	}
	if leaves, _, out := c.verbRoles(); leaves {
		c.wordsInside() // go test ./... -run X: its words are names and data (verbs.go)
		for _, f := range out {
			c.w.Touch(f) // go build -o F: what it makes holds what it read (archives.go)
		}
		return
	}
	reads := c.gitReadsFrom() // git diff F, git log -- F: reads
	sub := -1                 // git's subcommand names a command, not a file (git -C ~/.dotfiles status)
	if c.name == "git" {
		if s, at := gitSubcommand(c.args); s != "" {
			sub = at
		}
	}
	unknown := p == nil && c.unknownProgram()
	var touched []word.Word
	for j, a := range c.args {
		if c.kinds[j] != argPlain || c.isSpent(j) || c.patternValue(j) || j >= reads || j == sub {
			continue
		}
		if (a.Text == fedName || a.Text == wildName) && c.compilerInput(j) {
			c.w.Read(a.Text) // xargs -I{} gcc -c {}: an input, read (feed.go)
			c.fedSources()   // and a source, its includes read
			continue
		}
		if f := c.w.FoundNow(); f != nil && slices.Contains(f.Paths, a.Text) && c.compilerInput(j) {
			c.fedSources() // find -exec gcc -E {} +: sources the find found
		}
		switch {
		case a.Text == gitPlaceholder:
			// The file git hands a filter or a merge driver: whatever the
			// program does to it, git writes that file itself. Read.
			c.w.Read(a.Text)
		case j < sub && strings.HasPrefix(a.Text, "-") || c.goFlagWord(j):
			c.w.AsOptions(func() { c.w.Touch(a.Text) }) // git -C D, --git-dir=D: git's own options
		default:
			c.w.Touch(a.Text)
		}
		c.prefixedTouches(a.Text) // prefixed.go: tool OPEN:/x
		for _, t := range c.gluedValues(p, j) {
			c.w.Touch(t) // gluedvalues.go: frob -C.
		}
		if unknown {
			touched = append(touched, a)
		}
	}
	c.besideAll(touched) // beside.go
	c.wordsInside()
}
