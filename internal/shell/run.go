package shell

import (
	"encoding/base64"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// program analyses what c's program does with its arguments: what the
// catalogue says of it, then its handler's code (handlers.go), an
// interpreter's, or generic's.
func (c *cmd) program() {
	name := c.name
	c.subst = c.w.subst > 0
	c.changer = c.w.changer // before this command (codechangers.go)
	c.touchAt = len(*c.w.TouchList)
	c.linesAt, c.unwalkedAt = len(c.w.lineChangers), c.w.linesUnwalked
	meta := c.w.MetaOnly
	c.w.MetaOnly = catalogue.MetaWriters.Has(name)
	defer func() { c.w.MetaOnly = meta }()
	defer c.splitFound()   // splitnames.go
	defer c.printedNames() // runnames.go
	// After the operands' touches: a file the editor then writes back
	// is not one of text guard cannot see beside which a name may be
	// unpacked (beside.go).
	defer c.bufferWrites() // editorbuffers.go: :wq, ZZ, ed's w
	if name == "zip" {
		defer c.zipUnzipCommand() // zipcmd.go: run once zip has written the archive
	}
	if c.builtin() {
		return
	}
	if c.w.autocd && len(c.args) == 0 && c.prog != "" {
		// zsh's AUTO_CD: a command that names a directory is cd to it;
		// the shell may be there from now on.
		c.w.addDirs(c.w.dest(c.prog))
	}
	if name == "guard" || name == c.w.self && name != "" || c.namesAgent() || slices.Contains(c.w.guardNames, name) || c.guardFile {
		c.guardCLI() // self.go
	}
	c.guardOut() // self.go
	c.chdirOptions()
	c.commandOptions()
	c.gitOptionVars() // gitoptvars.go: git --exec-path=D is GIT_EXEC_PATH=D
	c.escapes()       // command languages, build tools' files (escapes.go)
	c.projectCode()
	c.runtimeStart() // runtimestart.go: PYTHONPATH=sub pylint
	c.testRunner()   // testrunners.go
	c.pipCommand()   // piplocal.go
	c.credentialRead()
	c.configWrites()
	c.ownedPlaces() // owners.go
	c.outputs()     // outputs.go
	c.builtNames()  // builtnames.go
	if r := catalogue.RenamerNamed(name); r != nil {
		c.renamer(r) // renamers.go
	}
	p := catalogue.ProgramNamed(name)
	if p != nil && !c.w.trusts(c.prog, name) {
		p = nil // ./cat, or a cat the command redefined: anything
	}
	defer c.noteChanger(p) // codechangers.go: a later runner's code
	if p != nil {
		c.catalogued(p)
	}
	follow := c.w.FollowLinks
	c.w.FollowLinks = c.followsLinks(p) // treelinks.go
	defer func() { c.w.FollowLinks = follow }()
	c.servedDirs()      // servers.go
	c.skippedPatterns() // extract.go: tar --exclude=.env, zip -x .env
	if h, ok := handlerOf(name); ok {
		c.optionScripts(p) // optionscripts.go: scp -Z ./x.sh
		h.run(c)
		if h.own {
			return
		}
	} else {
		c.unhandled()
		c.sourceOperands(p)  // files.go
		c.unknownTreeLinks() // recurselinks.go
	}
	c.foundArgs(p)
	c.listReads()   // namelists.go
	c.taskRunner()  // taskrunners.go
	c.listArgs(p)   // namelists.go
	c.substArgs(p)  // substnamed.go
	c.gluedReads(p) // gluedvalues.go
	c.touches(p)
	c.network()
}

// unhandled analyses a program without a handler: an interpreter's code,
// else its words by generic.
func (c *cmd) unhandled() {
	if catalogue.PowerShells.Has(c.name) {
		c.powershell() // pwshcmd.go
		return
	}
	if in, ok := catalogue.InterpreterOf(c.name); ok {
		c.interp(in)
		return
	}
	if strings.HasPrefix(c.name, "$") && len(c.args) > 1 && strings.HasPrefix(c.args[0].Text, "-") && strings.Contains(c.args[0].Text, "c") {
		// $SHELL -c '…': probably a shell; its script is looked at.
		c.w.tentative(c.args[1].Text)
	}
	c.generic()
}

// trap CMD SIGNAL…: CMD runs when the signal comes.
func (c *cmd) trap() {
	at := 0
	if len(c.args) > 0 && c.args[0].Text == "--" {
		at = 1
	}
	if len(c.args) <= at || strings.HasPrefix(c.args[at].Text, "-") && len(c.args[at].Text) > 1 {
		return // trap, trap -p, trap -l: print
	}
	c.kinds[at] = argCode
	c.w.trapBody(c.args[at].Text, word.Texts(c.args[at+1:]))
}

// zshOnly returns a handler that runs h in zsh's reading and is unhandled
// in bash's (print, autoload are no bash builtins).
func zshOnly(h func(*cmd)) func(*cmd) {
	return func(c *cmd) {
		if c.w.zsh {
			h(c)
			return
		}
		c.unhandled()
	}
}

// agentKeys: ssh-add hands keys to the agent and never shows one: no
// reads.
func (c *cmd) agentKeys() {}

// psWithArg are ps's options whose value is the next word (-o FORMAT, -u
// USER, BSD's o FORMAT, p PID): not a BSD word of letters.
const psWithArg word.Set = " -o -O -p -q -u -U -g -G -t -C -s --pid --ppid --sid --user --User --group --Group --tty --format --sort -k --cols --columns --rows --lines --width "

// ps prints the processes' command lines and, with BSD's e modifier (ps
// eww, ps axe) or an environ format, their environments: a read of
// /proc/*/environ, which the default rules protect.
func (c *cmd) ps() {
	bsdArg := false // the word after BSD's o, O, p, U, t, k is its value
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case bsdArg:
			bsdArg = false
			continue
		case psWithArg.Has(s):
			if j+1 < len(c.args) && psEnvFormat(s, c.args[j+1].Text) {
				c.w.Read(psEnviron)
			}
			j++
			continue
		case strings.HasPrefix(s, "--"):
			if o, v, ok := strings.Cut(s, "="); ok && psEnvFormat(o, v) {
				c.w.Read(psEnviron)
			}
			continue
		case strings.HasPrefix(s, "-"):
			// -eo FORMAT: a cluster's last letter takes the next word
			if last := s[len(s)-1:]; psWithArg.Has("-"+last) && j+1 < len(c.args) {
				j++
				if psEnvFormat("-"+last, c.args[j].Text) {
					c.w.Read(psEnviron)
				}
			}
			continue
		}
		letters := s
		if i := strings.IndexAny(s, "oOpUtk"); i >= 0 {
			letters = s[:i]        // o FORMAT: the value follows
			bsdArg = i == len(s)-1 // in the next word, or the rest of this one
			if psEnvFormat("o", s[i+1:]) {
				c.w.Read(psEnviron)
			}
		}
		if strings.Trim(letters, "acefhjlmnrsuvwxSTX") == "" && strings.Contains(letters, "e") {
			c.w.Read(psEnviron) // BSD's e: the environment after the command
		}
	}
}

// psEnviron is the file ps's environment output reads, for the path rules.
const psEnviron = "/proc/1/environ"

// psEnvFormat reports whether option opt's value v is an output format
// that holds the environment.
func psEnvFormat(opt, v string) bool {
	switch opt {
	case "-o", "-O", "--format", "o", "O":
		return strings.Contains(strings.ToLower(v), "env")
	}
	return false
}

// grepper: a grep-family program's first operand is its pattern.
func (c *cmd) grepper() { c.grep(0) }

// patch FILE [PATCH], -o OUT: the file it patches is written.
func (c *cmd) patch() {
	c.writeOption('o', "iBzbDFgprVY", "--output")
	if ops := word.Operands(c.args); len(ops) > 0 {
		c.w.WriteDir(ops[0])
	} else {
		c.w.Changed(effect.Under(c.w.Dir, ".")) // patch -p1 < x.patch: the files the patch names
	}
	c.generic()
}

// kubectl copies files (cp) and runs commands in a pod.
func (c *cmd) kubectl() {
	c.kubeFromFiles()
	if !c.containerCopy() {
		c.kubeManifests() // compose.go
		c.pod()
	}
}

// kubeWithArg are the options of kubectl and oc create that take a value
// (as pflag reads them: pflagOpt).
const kubeWithArg word.Set = " -f -n -o -l -c --from-file --from-env-file --from-literal --namespace --output --filename " +
	"--context --cluster --user --kubeconfig --type --docker-server --docker-username --docker-password --docker-email " +
	"--cert --key --field-manager --dry-run --template --selector --container "

// kubeFromFiles: kubectl and oc create configmap|secret read the file of
// each --from-file=[KEY=]PATH (a directory: each file in it) and
// --from-env-file=PATH, and print it with -o (FINDINGS60a A5): the path
// after KEY= is the file, as kubectl cuts it at the first =.
func (c *cmd) kubeFromFiles() {
	for j := 0; j < len(c.args); j++ {
		name, val, next := pflagOpt(c.args, j, kubeWithArg)
		j = next
		switch name {
		case "--from-file":
			if _, p, ok := strings.Cut(val, "="); ok {
				c.w.Read(p)
			} else {
				c.w.ReadTree(val)
			}
		case "--from-env-file":
			c.w.Read(val)
		}
	}
}

// pod: kubectl and oc run commands in a pod.
func (c *cmd) pod() {
	if c.name == "oc" {
		c.kubeFromFiles() // kubectl's is called by kubectl
	}
	c.podCommand()
	c.generic()
}

// containerCopy: docker cp CONTAINER:SRC DEST writes the last operand
// here; docker cp SRC CONTAINER:DEST copies SRC, whole, into it. It
// reports whether c is such a copy.
func (c *cmd) containerCopy() bool {
	if len(c.args) <= 2 || c.args[0].Text != "cp" {
		return false
	}
	if ops := word.Operands(c.args[1:]); len(ops) >= 2 && !strings.Contains(ops[len(ops)-1], ":") {
		c.w.WriteDir(ops[len(ops)-1])
		if name, src, ok := strings.Cut(ops[0], ":"); ok && src != "" {
			// docker cp C:SRC DEST reads SRC in a container guard did not
			// start: any directory of it may be a host mount (unseenMount).
			c.inUnseenContainer(name, func() { c.w.ReadTree(src) })
		}
	} else if len(ops) >= 2 && !strings.Contains(ops[0], ":") {
		c.w.ReadTree(ops[0])
	}
	for j := range c.args {
		c.spend(j)
	}
	return true
}

// sevenZip: 7z a ARCHIVE DIR… adds each directory whole; 7z x and e
// extract into -oDIR, else the working directory.
func (c *cmd) sevenZip() {
	c.recursive = len(c.args) > 0 && (c.args[0].Text == "a" || c.args[0].Text == "u")
	if len(c.args) > 0 && (c.args[0].Text == "x" || c.args[0].Text == "e") {
		dir, x := ".", extraction{}
		for _, a := range c.args[1:] {
			if v, ok := strings.CutPrefix(a.Text, "-o"); ok && v != "" {
				dir = v
			} else if x.archive == "" && !strings.HasPrefix(a.Text, "-") {
				x.archive = a.Text
			}
		}
		c.w.WriteDir(dir)
		members, listed := c.archiveMembers(x)
		c.extracted(dir, x, members, listed) // extract.go
	}
	c.generic()
}

// jqInPlace: jq -i and yq -i EXPR FILE… edit their files. It reports
// whether c does.
func (c *cmd) jqInPlace() bool {
	if !slices.ContainsFunc(c.args, func(a word.Word) bool { return a.Text == "-i" || a.Text == "--inplace" }) {
		return false
	}
	if ops := word.Operands(c.args); len(ops) >= 2 {
		for _, f := range ops[1:] {
			c.w.Write(f)
		}
	}
	return true
}

// jqFilter: jq's filter is data; -i edits its files.
func (c *cmd) jqFilter() {
	c.jqInPlace()
	c.jq()
}

// yq: with -i it edits its files and its expression is a filter, as jq's;
// its file operators read the files they name (yqloads.go); -s writes a
// file for each result (yqsplit.go).
func (c *cmd) yq() {
	c.yqLoads()
	c.yqSplit() // yqsplit.go
	if c.jqInPlace() {
		c.jq()
		return
	}
	c.generic()
}

// telnet HOST: the host it contacts; a file on its standard input is sent.
func (c *cmd) telnet() {
	c.hostOperand("")
	if c.stdin.file != "" {
		c.sends = append(c.sends, c.stdin.file)
	}
	c.generic()
}

// cat prints what it reads: cat F | nc … sends F, cat <<EOF | sh runs
// the here-document.
func (c *cmd) cat() {
	c.generic()
	switch ops := word.Operands(c.args); {
	case len(ops) == 1 && ops[0] != "-":
		c.out.file = ops[0] // cat F | nc …: nc sends F
	case len(ops) == 0 || len(ops) == 1 && ops[0] == "-":
		// cat <<EOF | sh: what it reads, it prints.
		c.out = output{text: c.stdin.text, known: c.stdin.known, file: c.stdin.file}
	}
}

// tee f <<EOF: f holds what it reads, and so does its output.
func (c *cmd) tee() {
	if !c.stdin.known {
		c.generic()
		return
	}
	// Its files hold the input, after what they held with -a (as >>
	// settles a redirection's file), not a change guard cannot tell.
	c.w.Redirecting = true
	c.generic()
	c.w.Redirecting = false
	appendTo := false
	for _, a := range c.args {
		switch {
		case a.Text == "-a" || a.Text == "--append":
			appendTo = true
		case !strings.HasPrefix(a.Text, "-"):
			c.w.Wrote(a.Text, c.stdin.text, appendTo)
		}
	}
	c.out = output{text: c.stdin.text, known: true}
}

// goRun: go run x.go runs its code (a package directory is not read).
func (c *cmd) goRun() {
	if len(c.args) > 0 && c.args[0].Text == "generate" {
		c.goGenerate(c.args[1:]) // gogenerate.go
	}
	if len(c.args) > 1 && c.args[0].Text == "run" {
		for _, a := range c.args[1:] {
			if strings.HasSuffix(a.Text, ".go") {
				c.runProgram(a)
			}
		}
	}
	c.generic()
}

// enable -f LIB NAME: NAME is a builtin loaded from LIB (code guard cannot
// see); enable NAME, -n NAME: a builtin turned on or off. Either way NAME
// is no longer the program the catalogue knows.
func (c *cmd) enable() {
	c.enableTable() // enable -n echo (echodialect.go)
	for j := 0; j < len(c.args); j++ {
		switch a := c.args[j].Text; {
		case a == "-f" && j+1 < len(c.args):
			j++
			c.w.Read(c.args[j].Text)
			c.spend(j) // loaded, as ./x runs a compiled program: not written
		case strings.HasPrefix(a, "-"):
		default:
			c.w.redefine(a)
		}
	}
	c.generic()
}

// hostTool: ping, dig @server, httpie: the hosts they contact.
func (c *cmd) hostTool() {
	for _, a := range c.args {
		if h, ok := strings.CutPrefix(a.Text, "@"); ok && c.name == "dig" {
			c.url(h)
		}
	}
	c.hostOperands("")
	c.generic()
}

// commandOptions analyses the option values that a program runs as shell
// commands, or that name a host it connects through, as the table of
// option runners says (catalogue.OptionRunners).
func (c *cmd) commandOptions() {
	r, ok := catalogue.OptionRunnerNamed(c.name)
	if !ok {
		return
	}
	by := r.By
	if by == "" {
		by = c.name
	}
	args := c.args
	if len(r.Files) > 0 {
		// maven's .mvn/jvm.config: options given before the command's own.
		saved := c.args
		c.args = append(c.optionFileWords(r.Files), c.args...) // cmdvars.go
		args = c.args
		defer func() { c.args = saved }()
	}
	sub := len(args)
	if c.name == "git" {
		_, sub = gitSubcommand(args) // git switch -c NAME: the subcommand's own -c
	}
	for j := 0; j < len(args); j++ {
		o, v, k, ok := r.Match(args, j)
		switch {
		case !ok:
		case o.Use == catalogue.RunGitSetting && j > sub:
		case o.Use == catalogue.RunGitConfig:
			c.gitConfig(j + 1)
			return
		case o.Use == catalogue.RunSearchDir && len(r.Files) == 0:
			c.searchDirs = append(c.searchDirs, v) // where the sources' includes are looked for
			for ; j <= k && j < len(c.kinds); j++ {
				c.kinds[j] = argData // gcc -I. -I include: searched, not read
			}
			j = k
		default:
			c.runOption(o.Use, v, by)
			j = k
		}
	}
	c.passedOptions(r)
}

// passedOptions analyses the words a command of r hands another program
// after its -- (r.PassSubs: cargo rustc -- -C linker=PROG) with that
// program's entry, as the same words given to it directly are: a
// subcommand of PassSubs anywhere before the -- counts.
func (c *cmd) passedOptions(r *catalogue.OptionRunner) {
	if r.PassTo == "" {
		return
	}
	sub := false
	for j, a := range c.args {
		switch {
		case a.Text == "--" && sub:
			saved, savedArgs := c.name, c.args
			c.name, c.args = r.PassTo, c.args[j+1:]
			defer func() { c.name, c.args = saved, savedArgs }()
			c.commandOptions()
			return
		case a.Text == "--":
			return
		case r.PassSubs.Has(a.Text):
			sub = true
		}
	}
}

// runOption analyses v, the value of an option whose use is use, by the
// program by.
func (c *cmd) runOption(use catalogue.RunUse, v, by string) {
	switch use {
	case catalogue.RunAmbiguous:
		c.w.hide("%s is given a long option abbreviated so that it may be more than one of the options that make it run a command: guard cannot tell which it takes", c.name)
	case catalogue.RunCommand:
		c.w.runsHanded(v, by) // a member's text, the archive: its standard input
	case catalogue.RunCheckpoint:
		if script, ok := strings.CutPrefix(v, "exec="); ok {
			c.w.tentative(script)
		}
	case catalogue.RunGitRemote:
		c.w.tentative(gitExt(v)) // git clone 'ext::sh -c …': the remote helper runs it
	case catalogue.RunGitSetting:
		k, val, ok := strings.Cut(v, "=")
		k = strings.ToLower(k)
		if !word.IsKnown(k) {
			// git -c "$(cat f)": the setting itself from a file, or hidden.
			t, ok := c.w.valueText(v)
			if tk, _, _ := strings.Cut(t, "="); !ok || !word.IsKnown(tk) {
				c.w.hide("git -c sets a setting guard cannot tell (a substitution or a variable it does not know): it may run code guard cannot see")
				return
			}
			c.runOption(use, t, by)
			return
		}
		if strings.HasPrefix(k, "alias.") {
			return // git -c alias.NAME=…: analysed where git expands it, with the command's arguments (gitExpandAliases)
		}
		c.w.gitSetting(k, val)
		role, run := gitKeyRole(k, val)
		switch {
		case role == gitRoleInclude:
			// git -c include.path=F: F's settings, read as a configuration (gitFiles)
			c.w.gitPathSetting(k, val)
		case role == gitRoleHooks:
			c.w.hide("git -c core.hooksPath: git runs hooks from a directory guard does not read")
		case role == gitRoleHides:
			c.w.hide("git -c %s: git may run the program a URL names (ext::, a remote helper) from a place guard does not read (a submodule's .gitmodules)", k)
		case ok && role == gitRoleRuns:
			c.w.runsValue(run, k, func(t string) { c.w.gitRunsHanded(k, t) })
			if gitRunsByDefault(k, val) {
				c.w.gitUnknownPath(k, val) // or a file git opens (mailmap.file-like keys)
			}
		case ok && gitProxy(k):
			c.url(val) // git -c http.proxy=HOST
		case ok && c.w.gitPathSetting(k, val):
			// commit.template, blame.ignoreRevsFile: a file git reads and
			// prints; format.outputDirectory: where it writes (gitpaths.go).
		case ok && val != "" && !gitDataSetting(v):
			// A key not known to hold data: its value may be a place git
			// reads or writes, or a command (gpg.ssh.defaultKeyCommand).
			c.w.gitUnknownPath(k, val)
		}
	case catalogue.RunSSHConfig:
		c.sshConfig(v, by, 0)
	case catalogue.RunSSHOption:
		c.sshOption(v, by, 0)
	case catalogue.RunProxy:
		c.url(v)
	case catalogue.RunFilter:
		c.handFiles(v, rgFiles(c.args), false, by) // rg --pre PROG runs PROG FILE for each file it searches
	case catalogue.RunDiffer:
		c.handFiles(v, diffFiles(c.args), true, by)
	default:
		c.toolchainOption(use, v) // cmdvars.go
	}
}

// gitConfig: git config [--global|--system|--file F] ACTION… changes that
// file, and a value git runs as a command (core.pager, alias.x = !…) is
// analysed as one. The action is selected as git selects it, in any order
// of the options (gitConfigParse): KEY VALUE, --add and --replace-all KEY
// VALUE [PATTERN], set KEY VALUE set a key and go through the same checks
// (gitConfigSet); --unset[-all] KEY and unset KEY remove one, a write of
// the file when the key is not known to hold data (removing a key may
// hand git back to another command); --rename-section, --remove-section
// and --edit (-e, edit) are always a write (renaming [x] into [core] moves
// an unchecked x.fsmonitor into a key git runs). Reading (--get, --list,
// get, list) writes nothing. A file named by --file that is not git's own
// is written by every form that changes it.
func (c *cmd) gitConfig(from int) {
	p := gitConfigParse(c.args[from:])
	if p.action == gitCfgGet {
		c.gitConfigGet(from)
		return
	}
	if p.action == gitCfgSet && len(p.operands) < 2 {
		return // git config KEY: a read (--add KEY alone: git refuses it)
	}
	if len(p.operands) == 0 {
		p.operands = []string{""} // unset without a key: git refuses it; a write all the same
	}
	c.w.gitConfigAliases(p) // gitalias.go: for the git calls after it
	if p.named && !gitOwnConfig(p.file) {
		// Any file at all: git writes "[section]⏎\tkey = value" text,
		// which is also a shell's, systemd's or a hook's (attack5 F1).
		c.w.Write(p.file)
	}
	switch p.action {
	case gitCfgSet:
		k := strings.ToLower(p.operands[0])
		c.gitConfigSet(p.file, k, p.operands[1])
		if role, _ := gitKeyRole(k, p.operands[1]); word.IsKnown(k) && gitDataKey(k) && role != gitRoleRuns {
			c.kinds[from+p.at[1]] = argData // core.excludesFile ~/.gitignore_global: a string git stores
		}
	case gitCfgUnset:
		if k := strings.ToLower(p.operands[0]); gitUnsetWrites(k) {
			c.w.Write(p.file)
		}
	default: // sections, edit
		c.w.Write(p.file)
	}
}

// gitConfigSet checks git config's setting key (lower case) = v, written
// to file: a value git runs is analysed as a command, and a setting that
// makes git run something, or read another file, is a write of the
// configuration file (~/.gitconfig is protected); user.name and the like
// are not.
func (c *cmd) gitConfigSet(file, k, v string) {
	if !word.IsKnown(k) {
		// A key guard cannot tell may be any code-bearing one
		// (core.fsmonitor, alias.x, core.hooksPath): a value guard
		// cannot tell is hidden, a known one is checked as the command
		// it may be.
		if !word.IsKnown(v) {
			c.w.hide("git config sets a key guard cannot tell to a value guard cannot tell: it may run code guard cannot see")
			return
		}
		c.w.runsHanded(gitCommand("", v), "git")
		c.w.Write(file)
		return
	}
	if strings.HasPrefix(k, "alias.") && !strings.HasPrefix(v, "!") {
		c.gitAliasSet(v)
	} else if role, run := gitKeyRole(k, v); role == gitRoleRuns {
		c.w.gitRunsHanded(k, run)
	}
	if gitProxy(k) {
		c.url(v)
	}
	c.w.gitPathSetting(k, v) // commit.template: the file the later git calls read (gitpaths.go)
	if gitConfigWrites(k, v) {
		c.w.Write(file) // default-deny: a key not known to hold data
	}
}

// gitUnsetWrites reports whether removing setting key (lower case) is a
// write guard checks: a key not known to hold data, or one whose role, for
// a value of any kind, is more than data (gitKeyRole: gpg.ssh.defaultKeyCommand
// is a command in any section), the same decision every source of a setting
// gets. An alias removed runs nothing: git's own commands cannot be aliased.
func gitUnsetWrites(key string) bool {
	if strings.HasPrefix(key, "alias.") {
		return false
	}
	role, _ := gitKeyRole(key, "value") // (not one of git's booleans)
	return !gitDataKey(key) || role != gitRoleData && role != gitRolePath
}

// gitAliasSet analyses alias value v of git's words, set by git config,
// as the command git runs when the alias is used: git followed by v's
// words as git splits them (gitSplitCmdline). An alias of git config,
// init, clone… is then the write it makes, at the time it is set.
func (c *cmd) gitAliasSet(v string) {
	ws, ok := gitSplitCmdline(v)
	if !ok || !word.IsKnown(v) {
		c.w.hide("git config sets an alias guard cannot split as git does")
		return
	}
	var b strings.Builder
	b.WriteString("git")
	for _, s := range ws {
		b.WriteString(" " + word.Quote(s))
	}
	c.w.runsHanded(b.String(), "git")
}

// gitConfigWrites reports whether setting key (lower case) = v makes git
// run something, read another file or trust more: a key not known to hold
// data, or an alias that is not git's words of data (gitAliasData).
func gitConfigWrites(k, v string) bool {
	if strings.HasPrefix(k, "alias.") {
		return !gitAliasData(v)
	}
	if role, _ := gitKeyRole(k, v); role != gitRoleData && role != gitRolePath {
		return true
	}
	return k == "init.templatedir" || strings.HasPrefix(k, "trace2.") ||
		strings.HasPrefix(k, "protocol.") && strings.HasSuffix(k, ".allow") ||
		strings.HasPrefix(k, "url.") && strings.HasSuffix(k, "insteadof") ||
		!gitDataKey(k) || gitWeakens(k, v)
}

// gitAliasPlainOptions are git's global options that set no command, place
// or file.
const gitAliasPlainOptions word.Set = " --no-pager -P -p --paginate --literal-pathspecs --no-optional-locks --no-advice "

// gitAliasData reports whether alias value v holds data only: git's words
// (a subcommand and its arguments, as git ci = commit -v), read as `git v`
// is: what the subcommand does is analysed when the alias is set
// (gitAliasSet) and where it runs (gitExpandAliases). A shell command
// (!CMD) is none, and so is an alias that begins with git's own options
// unless each is a plain one or -c KEY=VALUE of a setting that is no write
// itself (gitConfigWrites): -c core.editor=X, --exec-path, -C, --git-dir,
// --work-tree and --config-env set a command, a place or a file git runs.
func gitAliasData(v string) bool {
	if strings.HasPrefix(strings.TrimSpace(v), "!") || !word.IsKnown(v) {
		return false
	}
	ws := lang.SplitQuoted(v)
	for j := 0; j < len(ws); j++ {
		s := ws[j].Text
		kv, ok := strings.CutPrefix(s, "-c")
		switch {
		case !strings.HasPrefix(s, "-"):
			return true // the subcommand: what it does is analysed as git's command (gitAliasSet)
		case s == "-c" && j+1 < len(ws):
			j++
			kv, ok = ws[j].Text, true
		case gitAliasPlainOptions.Has(s):
			continue
		}
		k, val, _ := strings.Cut(kv, "=")
		if !ok || kv == "" || gitConfigWrites(strings.ToLower(k), val) {
			return false
		}
	}
	return true
}

// gitCfgAction is what git config does with its file.
type gitCfgAction int

const (
	gitCfgSet     gitCfgAction = iota // KEY VALUE, --add, --replace-all, set (KEY alone reads)
	gitCfgGet                         // --get*, --list, get, list
	gitCfgUnset                       // --unset, --unset-all, unset
	gitCfgSection                     // --rename-section, --remove-section and their subcommands
	gitCfgEdit                        // --edit, -e, edit
)

// gitConfigArgs are git config's parsed words: the file it works on,
// whether --file named it, the action and the operands.
type gitConfigArgs struct {
	file     string
	named    bool
	action   gitCfgAction
	operands []string
	at       []int // each operand's index in the words parsed
}

// gitConfigWithArg are git config's options that take the next word.
const gitConfigWithArg word.Set = " --file -f --blob --type --default --comment --value --url "

// gitConfigParse reads git config's words (after config) as git does: the
// options that take a value take the next word, an action option selects
// the action wherever it stands, and a subcommand (git 2.46) is the first
// operand when no action option is given.
func gitConfigParse(args []word.Word) gitConfigArgs {
	p := gitConfigArgs{file: ".git/config"}
	actioned := false
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		name, v, eq := strings.Cut(s, "=")
		switch {
		case s == "--":
			for i, a := range args[j+1:] {
				p.operands, p.at = append(p.operands, a.Text), append(p.at, j+1+i)
			}
			j = len(args)
		case len(p.operands) > 0 && strings.HasPrefix(s, "-"):
			// After the key git reads options no more: a value may begin
			// with - (alias.ci "-c core.editor=X commit"). A file option
			// there still counts, for a git that would read it.
			p.operands, p.at = append(p.operands, s), append(p.at, j)
			p.file = gitConfigFileOption(s, p.file)
		case s == "--global":
			p.file = "~/.gitconfig"
		case s == "--system":
			p.file = "/etc/gitconfig"
		case s == "--local":
			p.file = ".git/config"
		case s == "--worktree":
			p.file = ".git/config.worktree"
		case (name == "--file" || name == "-f") && eq:
			p.file, p.named = v, true
		case gitConfigWithArg.Has(s):
			if j+1 < len(args) {
				j++
				if s == "--file" || s == "-f" {
					p.file, p.named = args[j].Text, true
				}
			}
		case strings.HasPrefix(s, "-f") && len(s) > 2 && s[1] != '-':
			p.file, p.named = s[2:], true // -fFILE
		case strings.HasPrefix(s, "-"):
			if a, ok := gitConfigOption(s); ok && !actioned {
				p.action, actioned = a, true
			}
		case len(p.operands) == 0 && !actioned:
			if a, ok := gitConfigSubcommand(s); ok {
				p.action, actioned = a, true
				continue
			}
			p.operands, p.at = append(p.operands, s), append(p.at, j)
		default:
			p.operands, p.at = append(p.operands, s), append(p.at, j)
		}
	}
	return p
}

// gitConfigFileOption returns the file git config's option s selects,
// else file.
func gitConfigFileOption(s, file string) string {
	switch s {
	case "--global":
		return "~/.gitconfig"
	case "--system":
		return "/etc/gitconfig"
	}
	return file
}

// gitConfigOption returns the action git config's option s selects.
func gitConfigOption(s string) (gitCfgAction, bool) {
	switch {
	case strings.HasPrefix(s, "--get") || s == "--list" || s == "-l":
		return gitCfgGet, true
	case s == "--add" || s == "--replace-all":
		return gitCfgSet, true
	case s == "--unset" || s == "--unset-all":
		return gitCfgUnset, true
	case s == "--rename-section" || s == "--remove-section":
		return gitCfgSection, true
	case s == "--edit" || s == "-e":
		return gitCfgEdit, true
	}
	return 0, false
}

// gitConfigSubcommand returns the action of git 2.46's subcommand s.
func gitConfigSubcommand(s string) (gitCfgAction, bool) {
	switch s {
	case "get", "list":
		return gitCfgGet, true
	case "set":
		return gitCfgSet, true
	case "unset":
		return gitCfgUnset, true
	case "rename-section", "remove-section":
		return gitCfgSection, true
	case "edit":
		return gitCfgEdit, true
	}
	return 0, false
}

// gitConfigGet: git config --get core.hooksPath prints the directory git
// runs hooks from: the repository's .git/hooks stands for it, so that
// "$(git config --get core.hooksPath)/pre-commit" is held to the .git
// globs (substnamed.go).
func (c *cmd) gitConfigGet(from int) {
	for _, a := range c.args[from:] {
		if strings.EqualFold(a.Text, "core.hooksPath") {
			c.w.Read(".git/hooks")
		}
	}
}

// gitOwnConfig reports whether file, named by git config --file, is one of
// git's own configuration files, where a key holding data is no write
// worth a block (the repository's .git/config, the user's ~/.gitconfig):
// their text is git configuration whatever is added.
func gitOwnConfig(file string) bool {
	switch file {
	case ".git/config", "./.git/config", "~/.gitconfig", "$HOME/.gitconfig", "~/.config/git/config", "$HOME/.config/git/config":
		return true
	}
	return false
}

// gitExt returns the command of a git ext:: remote as a shell line: its
// arguments are split at spaces, "% " is a space inside one and "%%" a %.
func gitExt(spec string) string {
	var args []string
	var cur strings.Builder
	for i := 0; i < len(spec); i++ {
		switch {
		case spec[i] == '%' && i+1 < len(spec) && (spec[i+1] == ' ' || spec[i+1] == '%'):
			cur.WriteByte(spec[i+1])
			i++
		case spec[i] == ' ':
			args = append(args, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(spec[i])
		}
	}
	args = append(args, cur.String())
	for i, a := range args {
		args[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(args, " ")
}

// gitProxy reports whether git setting key names a proxy it connects to.
func gitProxy(key string) bool {
	return key == "http.proxy" || key == "https.proxy" || strings.HasPrefix(key, "http.") && strings.HasSuffix(key, ".proxy")
}

// gitCommand returns the command line of a setting git runs: an alias's or
// helper's without its !, core.gitProxy's without its " for DOMAIN".
func gitCommand(key, v string) string {
	if key == "core.gitproxy" {
		if i := strings.LastIndex(v, " for "); i >= 0 {
			v = v[:i]
		}
	}
	if strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".vcs") {
		return "git-remote-" + v // a program of PATH
	}
	if strings.HasPrefix(key, "alias.") && !strings.HasPrefix(v, "!") {
		return "git " + v // an alias of git's options and subcommand
	}
	if credentialHelperNamed(key, v) {
		return "git-credential-" + strings.TrimSpace(v) // store --file F: git-credential-store writes F
	}
	return strings.TrimPrefix(v, "!")
}

// credentialHelperNamed reports whether credential.helper = v names git's
// git-credential-NAME by its bare name, with arguments (store --file F):
// git runs git-credential-NAME with them, and what they name is that
// program's operands (FINDINGS46a A8). A bare name alone (cache, store,
// osxkeychain), or with arguments that name no file (cache
// --timeout=3600), is git's own helper at its own place.
func credentialHelperNamed(key, v string) bool {
	if !strings.HasPrefix(key, "credential.") || !strings.HasSuffix(key, ".helper") {
		return false
	}
	first, rest, _ := strings.Cut(strings.TrimSpace(v), " ")
	return first != "" && !strings.HasPrefix(first, "!") && !strings.ContainsAny(first, "/~") && word.IsKnown(first) &&
		(strings.ContainsAny(rest, "/~$") || strings.Contains(rest, "..") || !word.IsKnown(rest)) // a file named (cache --timeout=3600 names none)
}

// gitRunsHanded analyses t, the command of git setting key, as git runs
// it: with words of its own appended (gitHanded), which the program must
// take as data (runsGiven); with an action word a credential helper takes
// (get, store, erase: analysed appended, as written); or fed its standard
// input, nothing appended (core.pager, a filter: runsHanded).
func (w *walker) gitRunsHanded(key, t string) {
	t = gitPlaceholders(key, t)
	use, appends := gitHanded(key)
	switch {
	case appends && w.loadedConfig && use != catalogue.HandsFile:
		// A setting of the user's own configuration (write-protected:
		// gitConfigRuns) is what the user chose to run: a textconv such as
		// `unzip -c` or `sops -d` guard does not list would otherwise block
		// every git call. Its text is analysed as written.
		w.runsHanded(t, "git")
	case appends:
		w.runsGiven(t, "git "+key, use)
	case strings.HasPrefix(key, "credential.") && strings.HasSuffix(key, ".helper"):
		for _, a := range [...]string{"get", "store", "erase"} {
			w.runsHanded(t+" "+a, "git")
		}
	case (strings.HasPrefix(key, "difftool.") || strings.HasPrefix(key, "mergetool.")) && strings.HasSuffix(key, ".cmd"):
		// git's tool helpers eval it where their every variable is in
		// scope: $LOCAL, $REMOTE, $MERGED, $BASE, $BACKUP name a work-tree
		// file or a copy of one, $1… and the helper's own are more
		// (FINDINGS47b G2, FINDINGS48a R9). A cmd that expands anything
		// must be a diff tool known to take them as data, as
		// diff.external's program must; the newline keeps a comment it
		// ends with from hiding its words (git appends none). One with no
		// expansion is analysed as written.
		expands, unquoted := toolCmdExpands(t)
		if !expands {
			w.runsHanded(t, "git")
			return
		}
		w.runsGiven(t+"\n", "git "+key, catalogue.HandsDiff)
		if unquoted {
			w.hideUnsure("git %s evals a cmd whose expansion stands unquoted: git's helper splits the file name it holds into words (a name with ' -S' in it), which guard cannot tell", key)
		}
	case !w.loadedConfig && gitFeedsText(key):
		w.runsFedText(t, "git "+key)
	default:
		w.runsHanded(t, "git")
	}
}

// gitPlaceholders returns t, the command of git setting key, with each
// placeholder git substitutes in it (a filter's %f, a merge driver's %O,
// %A, %B, %L, %P, %S, %X, %Y; %% is a %) replaced by a harmless run-time
// name (word.MarkName): git puts a file of the repository there, or a
// temporary file holding a side of the merge, whose name guard cannot
// tell and whose text the command may have committed. As data it is
// harmless; as code (sh %A, sed -f %f) guard cannot tell what runs
// (FINDINGS50a F3). Any other %x git leaves as it is.
func gitPlaceholders(key, t string) string {
	section, _, _ := strings.Cut(key, ".")
	name := key[strings.LastIndexByte(key, '.')+1:]
	var known string
	switch {
	case section == "filter" && (name == "clean" || name == "smudge"):
		known = "f"
	case section == "merge" && name == "driver":
		known = "OABLPSXY"
	default:
		return t
	}
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		switch {
		case t[i] != '%' || i+1 == len(t):
			b.WriteByte(t[i])
		case t[i+1] == '%':
			b.WriteByte('%')
			i++
		case strings.IndexByte(known, t[i+1]) >= 0:
			b.WriteString(gitPlaceholder)
			i++
		default:
			b.WriteByte('%')
		}
	}
	return b.String()
}

// gitPlaceholder stands for a name git substitutes for a placeholder
// (gitPlaceholders): a file git picks, of the repository or its own
// temporary one.
var gitPlaceholder = word.Mark(word.MarkName, "git%")

// gitFeedsText reports whether git feeds the program setting key names
// text of its own on standard input: a pager (the log, a diff), a
// filter (the file's text), interactive.diffFilter (a diff).
func gitFeedsText(key string) bool {
	section, _, _ := strings.Cut(key, ".")
	name := key[strings.LastIndexByte(key, '.')+1:]
	return key == "core.pager" || section == "pager" || key == "interactive.difffilter" ||
		section == "filter" && (name == "clean" || name == "smudge" || name == "process")
}

// toolCmdExpands reports whether t, a difftool or mergetool cmd, expands
// anything when git's helper evals it (a variable, $1, a substitution, a
// glob, eval: guard does not guess which of the helper's variables it
// names), and whether an expansion stands unquoted, split into words.
func toolCmdExpands(t string) (expands, unquoted bool) {
	f, err := syntax.NewParser().Parse(strings.NewReader(t), "")
	if err != nil {
		return true, true
	}
	expands = strings.ContainsAny(t, "$`*?[")
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			expands = expands || len(n.Args) > 0 && n.Args[0].Lit() == "eval"
		case *syntax.Word:
			for _, p := range n.Parts {
				switch p.(type) {
				case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
					unquoted = true
				}
			}
		}
		return true
	})
	return expands || unquoted, unquoted
}

// gitHanded returns what git appends to the command line of the program
// setting key names (catalogue.HandedUse), and whether it appends words at
// all: not to a pager, a filter, a merge driver or a tool's cmd (fed its
// standard input, or given its files through %f, %A or $LOCAL), nor to a
// credential helper (an action word, gitRunsHanded) or an alias (its
// arguments, gitExpandAliases). The other keys git runs hand words of git's
// own (HandsOther).
func gitHanded(key string) (catalogue.HandedUse, bool) {
	section, _, _ := strings.Cut(key, ".")
	name := key[strings.LastIndexByte(key, '.')+1:]
	switch {
	case key == "core.editor", key == "sequence.editor":
		return catalogue.HandsFile, true
	case key == "core.pager", section == "pager", key == "interactive.difffilter", key == "imap.tunnel",
		key == "gpg.ssh.defaultkeycommand", section == "alias", section == "credential",
		section == "filter", section == "merge" && name == "driver",
		(section == "mergetool" || section == "difftool") && name == "cmd",
		section == "trailer" && name == "command":
		return 0, false
	case key == "diff.external", section == "diff" && name == "command",
		(section == "mergetool" || section == "difftool") && name == "path":
		return catalogue.HandsDiff, true
	case section == "diff" && name == "textconv":
		return catalogue.HandsConvert, true
	case key == "core.sshcommand":
		return catalogue.HandsSSH, true
	case key == "core.askpass":
		return catalogue.HandsPrompt, true
	case section == "gpg" && name == "program":
		return catalogue.HandsSigner, true
	case key == "core.gitproxy":
		return catalogue.HandsProxy, true
	case key == "web.browser", key == "help.browser", section == "browser", section == "man":
		return catalogue.HandsURL, true
	case key == "core.fsmonitor", key == "core.alternaterefscommand", key == "uploadpack.packobjectshook",
		key == "instaweb.httpd", section == "sendemail", section == "submodule" && name == "update",
		section == "trailer" && name == "cmd", section == "remote" && name == "vcs":
		return catalogue.HandsOther, true
	case section == "remote" && (name == "uploadpack" || name == "receivepack"):
		return catalogue.HandsRepo, true
	}
	// A key not known to run (gitRunsValue's default deny) or a transport's
	// command line, written whole (gitTransportCommand).
	return 0, false
}

// gitRunsValue reports whether git runs the value of setting key as a
// shell command.
func gitRunsValue(key, v string) bool {
	if runs, listed := gitRunsListed(key, v); listed {
		return runs
	}
	return gitRunsByDefault(key, v)
}

// gitRunsByDefault reports whether setting key, which no table lists as
// one git runs, is taken for one by default deny: a key guard does not
// know to hold data, whose value may be a program or a command line.
// Such a value may as well be a file git opens (mailmap.file-like keys
// of sections guard does not list): the caller checks it as both.
func gitRunsByDefault(key, v string) bool {
	if _, listed := gitRunsListed(key, v); listed {
		return false
	}
	return !gitDataKey(key) && gitCommandLike(v)
}

// gitRunsListed reports whether git runs the value of setting key as a
// shell command by the keys and sections guard lists (listed), and
// listed false for any other key.
func gitRunsListed(key, v string) (runs, listed bool) {
	section, _, _ := strings.Cut(key, ".")
	name := key[strings.LastIndexByte(key, '.')+1:]
	switch {
	case key == "core.pager", key == "core.editor", key == "core.sshcommand", key == "core.fsmonitor",
		key == "core.askpass", key == "sequence.editor", key == "gpg.program", key == "diff.external",
		key == "interactive.difffilter", key == "gpg.ssh.program", key == "gpg.x509.program",
		key == "gpg.openpgp.program", key == "gpg.ssh.defaultkeycommand", strings.HasPrefix(key, "pager.") && !gitBool(v),
		key == "core.gitproxy", key == "uploadpack.packobjectshook", key == "core.alternaterefscommand",
		key == "web.browser", key == "help.browser", key == "man.viewer", key == "instaweb.httpd", key == "imap.tunnel":
		return true, true
	case key == "core.hookspath":
		return false, true // a directory of hooks: hidden where it is set
	case section == "sendemail" && (name == "smtpserver"):
		return strings.Contains(v, "/"), true // a program's path, not a host
	case section == "sendemail":
		return strings.HasSuffix(name, "cmd"), true // sendmailcmd, tocmd, cccmd, headercmd
	case section == "remote":
		return name == "uploadpack" || name == "receivepack" || name == "vcs", true // vcs: git-remote-VCS
	case section == "mergetool" || section == "difftool" || section == "browser" || section == "man" || section == "guitool" || section == "trailer":
		return name == "cmd" || name == "path" || name == "command", true
	case section == "alias":
		// !CMD runs CMD; an alias that starts with git's own options
		// (-c core.pager=…, --exec-path=…) sets what git runs.
		return strings.HasPrefix(v, "!") || strings.HasPrefix(strings.TrimSpace(v), "-"), true
	case section == "credential" && name == "helper":
		// A program's path too; a bare name is git's own
		// git-credential-NAME (store, cache --timeout=N).
		first, _, _ := strings.Cut(strings.TrimSpace(v), " ")
		return strings.HasPrefix(v, "!") || strings.ContainsAny(first, "/~") || !word.IsKnown(first) || credentialHelperNamed(key, v), true
	case section == "submodule" && name == "update":
		return strings.HasPrefix(v, "!"), true
	case section == "filter" || section == "diff" || section == "merge":
		return name == "clean" || name == "smudge" || name == "process" || name == "textconv" || name == "command" || name == "driver", true
	}
	return false, false // any other key: gitRunsByDefault
}

// generic records the files the plain arguments name: written for rm,
// touch, tee…, the destination of cp/mv/ln…, read and written for the
// sources of mv and of a hard link (ln, cp -l, link: a later write through
// the link reaches the source; a symbolic link's target is written where
// the link is made, links.go), read otherwise (read whole, with every file
// in it, when the program reads its directory operands recursively). The sources and destination of cp/mv/ln…, and the key a
// key user is given, are accounted for (spent): no touches.
func (c *cmd) generic() {
	w := c.w
	name := c.name
	last, valueOf := c.copyOperands()
	if leaves, data, _ := c.verbRoles(); leaves {
		valueOf = verbData(data) // go test -run X: X is no file (verbs.go)
	}
	c.vanishingDests(last, valueOf)
	// A link's target is written through the link (links.go): a hard
	// link's source here, a symbolic link's where its destination is
	// written through the link noted. An archiver that deletes what it
	// stores (rsync --remove-source-files, zip -m, tar --remove-files, 7z
	// -sdel) removes its inputs, whole.
	linker := c.linker()
	if name == "link" {
		c.noteLinks(nil, copyDest{})
	}
	hard := linker && !symbolic(name, c.args) || deletesInputs(name, c.args)
	inPlace := false
	for _, a := range c.args {
		inPlace = inPlace || editsInPlace(name, a.Text)
	}
	read := w.Read
	if c.recursive {
		read = w.ReadTree
	}
	var sources []string // of cp, mv, install, ln, rsync, scp
	var dest copyDest
	opts := true
	for j := 0; j < len(c.args); j++ {
		if c.kinds[j] != argPlain || valueOf[j] {
			continue // install -m 644, cp -S .bak: not a file
		}
		a := c.args[j].Text
		if opts && a == "--" {
			opts = false
			continue
		}
		if !opts && strings.HasPrefix(a, "-") {
			a = "./" + a // cat -- -k: a name, never an option
		}
		if catalogue.WritesLast.Has(name) && j != last && !strings.HasPrefix(a, "-") {
			sources = append(sources, a)
			c.spend(j)
		}
		if !opts {
			// (no option after --: cp a -- -x=/… names the directory -x=)
		} else if k, ok := c.genericOption(j, &dest); ok {
			j = k
			continue
		}
		switch {
		case catalogue.WritesLast.Has(name) && j == last:
			dest.path = a
			c.spend(j)
		case catalogue.WritesAll.Has(name) || inPlace || j == last:
			w.Write(a)
		case name == "mv" || hard:
			// A source is read and then removed from where it was:
			// moving ~/.guard away, or a key out of ~/.ssh, meets both
			// path rules. A hard link's source is written through the
			// link.
			read(a)
			meta := w.MetaOnly
			w.MetaOnly = true // gone from there; its text goes on to the destination
			w.Write(a)
			w.MetaOnly = meta
		case c.goFlagWord(j):
			w.AsOptions(func() { read(a) }) // gofmt -w: a Go flag
		default:
			read(a)
		}
	}
	c.copies(sources, dest, linker)
}

// copies records what a copy, move or link of sources to dest does (cp,
// mv, ln, install, rsync, scp): the links it makes or carries, a copy of
// guard's own files, and the destination's writes.
func (c *cmd) copies(sources []string, dest copyDest, linker bool) {
	kept := c.beforeCopy(sources, &dest, linker)
	if linker {
		c.noteLinks(sources, dest) // before: making the link writes its target
	}
	c.guardCopies(sources, dest) // self.go
	if dest.path != "" {
		c.w.Linking = linker
		c.destination(dest.path, dest.given, sources)
		c.w.Linking = false
	}
	if !linker {
		c.carryLinks(sources, dest) // after: placing a link writes nothing through it
	}
	c.copiedLinks(kept, dest)
}

// beforeCopy looks, before the copy's own writes, at what is at dest
// (copyDest.kind) and at the sources of a copy that keeps links
// (keptSources; cp -l keeps them as cp -a does: a hard link of a symbolic
// link is the link).
func (c *cmd) beforeCopy(sources []string, dest *copyDest, linker bool) []keptSource {
	if dest.path != "" {
		dest.kind = c.destKind(*dest)
	}
	if linker && (c.name != "cp" || cpSymbolic(c.args)) {
		return nil
	}
	return c.keptSources(sources)
}

// copyDest is where cp, mv, install, ln, rsync or scp write: given is set
// when -t names it (a directory).
type copyDest struct {
	path  string
	given bool
	// kind is what was at path before the command wrote it, where the
	// reader tells (destKind): a directory the names go into, nothing
	// or a file the name itself; EntryUnknown may be either.
	kind effect.EntryKind
}

// keyUserOption takes the option word at j of ssh, scp or sftp as its
// getopt reads it (ssh -vi KEY is -v -i KEY): the configuration it reads
// (-F F: ssh quotes a bad line of it back, ssh -F ~/.ssh/id_rsa -G x
// prints the key), the key it uses (-i KEY, -o IdentityFile=KEY: used, not
// shown). It returns the index of the last word it used.
func (c *cmd) keyUserOption(j int) (int, bool) {
	a := c.args[j].Text
	k := strings.IndexAny(a[1:], catalogue.KeyUserValued(c.name))
	if k < 0 {
		return j, false
	}
	letter, v, at := a[k+1], a[k+2:], j
	if v == "" {
		if j+1 >= len(c.args) {
			return j, true
		}
		v, at = c.args[j+1].Text, j+1
	}
	switch {
	case letter == 'F':
		c.w.Read(v)
		c.spend(at)
	case letter == 'i' || letter == 'o' && sshKeyOption(v):
		c.spend(at)
	default:
		return j, false // any other value: generic's, touched
	}
	return at, true
}

// genericOption accounts for the option at j whose value generic does not
// take for an operand: the configuration a key user reads (ssh -F F), the
// key it uses (-i KEY, -o IdentityFile=KEY), the target directory of cp
// and the like (-t DIR), the file dd writes (of=F). It returns the index of
// the last word it used.
func (c *cmd) genericOption(j int, dest *copyDest) (int, bool) {
	a := c.args[j].Text
	switch {
	case catalogue.KeyUsers.Has(c.name) && strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--"):
		return c.keyUserOption(j)
	case catalogue.WritesLast.Has(c.name) && targetOption(a):
		if v, k, ok := word.OptionValue(c.args, j, 't', "S", "--target-directory"); ok {
			dest.path, dest.given = v, true
			for m := j; m <= k; m++ {
				c.spend(m)
			}
			return k, true
		}
		return j, true
	case c.name == "dd" && strings.HasPrefix(a, "of="):
		c.w.Write(a)
		return j, true
	}
	return j, false
}

// copyOperands returns, for cp, mv, install, ln, rsync and scp, the index of
// the last operand (the destination; -1 when -t names it) and the indexes of
// option values; -1 and nil for another program.
func (c *cmd) copyOperands() (int, map[int]bool) {
	if !catalogue.WritesLast.Has(c.name) {
		return -1, nil
	}
	last := -1
	valueOf := map[int]bool{}
	withArg, targetDir := copyWithArg(c.name), hasTargetDir(c.args)
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" {
			break
		}
		if withArg.Has(s) && j+1 < len(c.args) {
			j++
			valueOf[j] = true
			continue
		}
		if !strings.HasPrefix(s, "-") && !targetDir {
			last = j
		}
	}
	if !targetDir {
		for j := len(c.args) - 1; j > last; j-- { // operands after --
			if !valueOf[j] {
				last = j
				break
			}
		}
	}
	return last, valueOf
}

// deletesInputs reports whether name's options make it delete the files
// it reads once it has stored them: rsync --remove-source-files, zip -m
// (--move, a cluster holding m: -rm), tar --remove-files, 7z -sdel.
func deletesInputs(name string, args []word.Word) bool {
	return slices.ContainsFunc(args, func(a word.Word) bool {
		switch name {
		case "rsync":
			return a.Text == "--remove-source-files"
		case "zip":
			return a.Text == "--move" || word.ShortHas(a.Text, 'm', "bnPstxiOZ")
		case "tar", "gtar", "bsdtar":
			return word.LongOption(a.Text, "--remove-files")
		case "7z", "7za", "7zz":
			return a.Text == "-sdel"
		}
		return false
	})
}

// cpLinks reports whether cp's options make hard links instead of copies
// (-l, --link, a cluster holding l: cp -al).
func cpLinks(args []word.Word) bool {
	for _, a := range args {
		if a.Text == "--" {
			break
		}
		if word.LongOption(a.Text, "--link") || word.ShortHas(a.Text, 'l', "St") {
			return true
		}
	}
	return false
}

// destination records what cp, mv, install, ln, rsync or scp write at
// dest: the file dest/NAME for each source NAME when dest is a directory
// (named with -t, ending in /, ~ or ., or after several sources); else dest
// itself and, since it may be a directory, dest/NAME too. A source whose
// contents are copied (dir/. or rsync's dir/) writes into dest as a whole.
func (c *cmd) destination(dest string, isDir bool, sources []string) {
	w := c.w
	trees := make([]copiedTree, len(sources)) // before the copy's own writes (extract.go)
	for i, src := range sources {
		trees[i] = c.sourceTree(src)
	}
	switch strings.TrimRight(dest, "/") {
	case "", "~", ".", "..", "$HOME", "${HOME}":
		isDir = true
	}
	isDir = isDir || strings.HasSuffix(dest, "/") || len(sources) > 1
	if !isDir || len(sources) == 0 {
		w.WriteDir(dest)
	}
	if !isDir && len(sources) == 1 {
		w.Copied(dest, sources[0]) // cp a.sh b.sh: b.sh holds a.sh's text
	}
	dir := strings.TrimRight(dest, "/") // "" for /: dir + "/" + base
	for i, src := range sources {
		// A remote source (host:/x/.bashrc) lands here under its name too.
		base := src
		if c.name == "scp" || c.name == "rsync" || c.name == "sftp" {
			if i := strings.IndexByte(src, ':'); i > 0 && !strings.ContainsRune(src[:i], '/') {
				base = src[i+1:]
				if base == "" {
					base = "." // host: is the remote home: its contents
				}
			}
		}
		if c.name == "rsync" && strings.HasSuffix(src, "/") {
			base = "."
		}
		base = strings.TrimRight(base, "/")
		if i := strings.LastIndexByte(base, '/'); i >= 0 {
			base = base[i+1:]
		}
		if base == "" || base == "." || base == ".." {
			w.Write(dest) // the contents of a directory: anything in dest
			c.copied(trees[i], []string{dest})
			continue
		}
		w.Write(dir + "/" + base)
		// cp -r x y makes y/x, or y when there is no y (guard cannot tell
		// which at run time); BSD's cp -r x/ y copies what x holds.
		into := []string{dir + "/" + base}
		if !isDir || c.name == "cp" && strings.HasSuffix(src, "/") {
			into = append(into, dest)
		}
		c.copied(trees[i], into) // extract.go
		if c.name != "scp" && c.name != "rsync" {
			w.Copied(dir+"/"+base, src)
		}
	}
}

// An archive's extraction: tar -x, unzip and cpio -i write into every -C
// DIR, -d DIR, --one-top-level=DIR, else the working directory, and into /
// for absolute member names (tar -P, unzip -:, cpio): the archive's names
// are not known, so a directory stands for everything in it. Archiving
// (tar c, a listing), they read what they name.
type extraction struct {
	dirs       []string // the directories it extracts into
	members    []string // the files named after a -C DIR, there
	extracting bool
	absolute   bool   // it writes members' absolute names as they are
	toStdout   bool   // tar -O, --to-command: members go to a program, no file is made
	archive    string // the archive file read ("" for standard input or not known)
	strip      int    // tar --strip-components; -1 when not known (extract.go)
	renames    bool   // tar --transform, bsdtar -s: members' names rewritten
}

// Option letters of the archivers that take a value.
const (
	tarWithArg  = "fCbTXgFKLNVH"
	cpioWithArg = "EFHIMORt"
)

// tar: see extraction.
func (c *cmd) tar() {
	c.unpack(c.tarOptions())
}

// unzip extracts unless it lists, tests or prints (-l, -t, -p …).
func (c *cmd) unzip() {
	x := extraction{extracting: true}
	for j := 0; j < len(c.args); j++ {
		switch s := c.args[j].Text; {
		case s == "-Z" || unzipLists(s):
			x.extracting = false
		case s == "-:":
			x.absolute = true
		}
		if v, k, ok := word.OptionValue(c.args, j, 'd', "x", ""); ok {
			x.dirs, j = append(x.dirs, v), k
			continue
		}
		if s := c.args[j].Text; s == "-x" {
			break // the names after -x are excluded members
		} else if x.archive == "" && !strings.HasPrefix(s, "-") {
			x.archive = s
		}
	}
	c.unpack(x)
}

// unzipLists reports whether unzip's option word s holds, alone or in a
// cluster (-tqq), a mode that extracts nothing: list (-l, -v), test
// (-t), print to standard output (-p, -c), the comment (-z).
func unzipLists(s string) bool {
	for _, m := range []byte("ltvpcz") {
		if word.ShortHas(s, m, "dPIO") {
			return true
		}
	}
	return false
}

// cpio -i extracts, keeping absolute names unless told otherwise.
func (c *cmd) cpio() {
	x := extraction{absolute: true}
	for j := 0; j < len(c.args); j++ {
		switch s := c.args[j].Text; {
		case word.ShortHas(s, 'i', cpioWithArg) || word.LongOption(s, "--extract"):
			x.extracting = true
		case word.LongOption(s, "--no-absolute-filenames"):
			x.absolute = false
		}
		if v, k, ok := word.OptionValue(c.args, j, 'D', cpioWithArg, "--directory"); ok {
			x.dirs, j = append(x.dirs, v), k
		}
	}
	c.unpack(x)
}

// tarOptions reads tar's options, old style (tar xzfC A.tar DIR) too.
func (c *cmd) tarOptions() extraction {
	var x extraction
	cdir := "" // the last -C: the directory the members after it are in
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if j == 0 && !strings.HasPrefix(s, "-") {
			j, cdir = c.tarLetters(s, &x)
			continue
		}
		if word.LongOption(s, "--extract") || s == "--get" || word.ShortHas(s, 'x', tarWithArg) {
			x.extracting = true
		}
		if word.LongOption(s, "--absolute-names") || word.ShortHas(s, 'P', tarWithArg) {
			x.absolute = true
		}
		if word.LongOption(s, "--to-stdout") || word.LongOption(s, "--to-command") || word.ShortHas(s, 'O', tarWithArg) {
			x.toStdout = true
		}
		if v, k, ok := word.OptionValue(c.args, j, 'C', "fbTXgFKLNVH", "--directory"); ok {
			cdir, j = runningDir(cdir, v), k // each -C from the one before (FINDINGS59b B9)
			x.dirs = appendDir(x.dirs, cdir)
			continue
		}
		if v, ok := strings.CutPrefix(s, "--one-top-level="); ok {
			x.dirs = append(x.dirs, v)
			continue
		}
		if v, k, ok := word.OptionValue(c.args, j, 'f', "CbTXgFKLNVH", "--file"); ok {
			j, x.archive = k, v // the archive
			continue
		}
		if k, ok := c.stripCount(j, &x); ok {
			j = k
			continue
		}
		x.renames = x.renames || c.renamesMembers(s)
		if !strings.HasPrefix(s, "-") && cdir != "" {
			x.members = append(x.members, cdir+"/"+s) // tar czf o.tgz -C ~ .ssh
		}
	}
	return x
}

// tarLetters reads tar's old-style first word (tar xzfC A.tar DIR): each
// letter that takes a value takes the next word, in order. It returns the
// index of the last word used and the directory of its C ("" for none).
func (c *cmd) tarLetters(s string, x *extraction) (k int, cdir string) {
	for _, l := range s {
		switch {
		case l == 'x':
			x.extracting = true
		case l == 'P':
			x.absolute = true
		case l == 'O':
			x.toStdout = true
		case strings.ContainsRune(tarWithArg, l) && k+1 < len(c.args):
			k++
			switch l {
			case 'C':
				cdir = runningDir(cdir, c.args[k].Text)
				x.dirs = appendDir(x.dirs, cdir)
			case 'f':
				x.archive = c.args[k].Text
			}
		}
	}
	return k, cdir
}

// unpack records what an archiver extracts into, or what it archives; the
// rest of its words are generic's.
func (c *cmd) unpack(x extraction) {
	if !x.extracting {
		c.archived(x.members)
	} else {
		if len(x.dirs) == 0 {
			x.dirs = []string{"."}
		}
		members, listed := c.archiveMembers(x)
		if listed {
			members = c.namedMembers(members) // tar x A.tgz src: src alone (extract.go)
		}
		if x.absolute && !listed {
			x.dirs = append(x.dirs, "/")
		}
		if x.toStdout && !slices.ContainsFunc(c.args, func(a word.Word) bool { return strings.HasPrefix(a.Text, "--to-command") }) {
			for j := range c.args {
				c.spend(j) // tar x -O prints members: the archive is read, no word a file it writes
			}
		}
		for _, d := range x.dirs {
			if x.toStdout {
				break // tar -O: no file is made
			}
			c.w.WriteDir(d)
			c.extracted(d, x, members, listed) // extract.go
		}
	}
	c.generic()
}

// archived records what tar c (or a listing) reads: each directory it names
// whole (unless --no-recursion), its operands by generic and members, the
// files named after a -C DIR, here.
func (c *cmd) archived(members []string) {
	c.recursive = c.name != "unzip" && c.name != "cpio" &&
		!slices.ContainsFunc(c.args, func(a word.Word) bool { return a.Text == "--no-recursion" })
	for _, m := range members {
		if c.recursive {
			c.w.ReadTree(m) // archived from the -C directory
		} else {
			c.w.Read(m)
		}
	}
}

// secondOperand: uniq IN OUT, xxd IN OUT write their second operand; both
// operands are accounted for.
func (c *cmd) secondOperand() {
	n := 0
	withArg := word.Set(" -f -s -w ") // uniq's
	if c.name == "xxd" {
		withArg = " -c -g -l -o -s -n -cols -groupsize -len -offset -seek -name "
	}
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		if withArg.Has(a.Text) {
			j++
			continue
		}
		if strings.HasPrefix(a.Text, "-") && a.Text != "-" {
			continue
		}
		if n == 1 {
			c.w.WriteDir(a.Text)
		}
		c.spend(j)
		n++
	}
	c.generic()
}

// podCommand: kubectl exec POD -- CMD… (and run, debug) runs CMD in the pod,
// on its files: spent.
func (c *cmd) podCommand() {
	for j, a := range c.args {
		if a.Text == "--" {
			for k := j + 1; k < len(c.args); k++ {
				c.spend(k)
			}
			if len(c.args) > 0 && c.args[0].Text == "exec" && j+1 < len(c.args) {
				// kubectl exec POD -- CMD: a pod guard did not start, whose
				// hostPath volumes it cannot see, as docker exec's
				// container (unseenMount).
				c.inUnseenContainer("pod", func() {
					c.w.scoped(func() { c.extra = append(c.extra, c.inner(c.args[j+1:]).lines()...) })
				})
			}
			return
		}
	}
}

// sshKeygenWithArg are ssh-keygen's options that take a value (in the
// same word after a cluster's letters, or the next word).
const sshKeygenWithArg = "abCDEFfIJjKmNnOPrstVwYZz"

// sshKeygen: ssh-keygen's showing modes (-l, -e, -F, -B, -D, -L, -Q, -Y
// verify…) print fingerprints and public keys: no reads. -y prints the
// public half of a private key it reads: a read of -f F.
// -R and -H rewrite the known-hosts file (-f, else ~/.ssh/known_hosts);
// making a key, -p, -c and the other modes write -f F (and F.pub), and
// without -f the default key it asks for: ~/.ssh/id_TYPE (ed25519 unless
// -t says). Clusters are read as its getopt reads them (-lf F).
func (c *cmd) sshKeygen() {
	mode, file, keyType, fileAt := "", "", "ed25519", -1
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if len(s) < 2 || s[0] != '-' || s == "--" {
			continue
		}
		for k := 1; k < len(s); k++ {
			l := s[k]
			if strings.IndexByte(sshKeygenWithArg, l) < 0 {
				if mode == "" && strings.IndexByte("lyeiBLQrRHpckAM", l) >= 0 {
					mode = "-" + string(l)
				}
				continue
			}
			v, at := s[k+1:], j
			if v == "" && j+1 < len(c.args) {
				j++
				v, at = c.args[j].Text, j
			}
			switch l {
			case 'f':
				file, fileAt = v, at
			case 't':
				keyType = strings.ToLower(v)
			case 'F', 'D', 'Y':
				if mode == "" {
					mode = "-" + string(l)
				}
				if l == 'Y' && v == "sign" {
					mode = "-Ysign"
				}
			}
			break
		}
	}
	c.sshKeygenEffect(mode, file, keyType, fileAt)
}

// sshKeygenEffect records what ssh-keygen does in mode with -f file (at
// word fileAt, -1 without).
func (c *cmd) sshKeygenEffect(mode, file, keyType string, fileAt int) {
	switch {
	case mode == "-y":
		if file == "" {
			file = "~/.ssh/id_rsa" // it asks; the default offered
		}
		c.w.Read(file)
	case len(mode) == 2 && strings.IndexByte("leiFBDLQrY", mode[1]) >= 0:
		for j := range c.args {
			c.spend(j)
		}
		return
	case mode == "-R" || mode == "-H":
		if file == "" {
			file = "~/.ssh/known_hosts"
		}
		c.w.Write(file)
	case mode == "-Ysign":
		// -Y sign -f KEY FILE…: writes FILE.sig beside each (touched).
	case file != "":
		c.w.WriteDir(file)
		c.w.Write(file + ".pub")
	case mode == "-A":
		c.w.Write("/etc/ssh/ssh_host_" + keyType + "_key") // the host keys
	case mode == "-p" || mode == "-c":
		c.w.Write("~/.ssh/id_rsa") // it asks which key; the default offered
	case mode == "" || mode == "-M" || mode == "-k":
		c.w.Write("~/.ssh/id_" + keyType) // a new key where it asks to save it
		c.w.Write("~/.ssh/id_" + keyType + ".pub")
	}
	c.spend(fileAt)
}

// volumes: docker, podman and nerdctl run and create with -v SRC:DST,
// --volume and --mount source=SRC hand the host directory SRC to the
// container, which reads it whole and may write it: a recursive read, and
// a touch.
func (c *cmd) volumes() {
	walks := c.containerWalks()
	for j := 0; j < len(c.args); j++ {
		opt, val, next := containerOpt(c.args, j) // containers.go
		j = next
		switch opt {
		case "-v", "--volume", "--mount":
		default:
			continue
		}
		src := volumeSource(opt, val)
		if src == "" {
			continue
		}
		from := len(c.w.a.Reads)
		c.w.ReadTree(src)
		if _, bind := bindMount(opt, val); walks && bind {
			// The container's command, walked through the mount, reads
			// there what it reads as its own (Analysis.MountReads).
			c.w.mounted = append(c.w.mounted, [2]int{from, len(c.w.a.Reads)})
		}
		c.w.Touch(src)
	}
}

// containerWithArg are the options of docker run, create and exec (and
// compose's) that take the next word.
const containerWithArg word.Set = " -a -c -e -h -l -m -p -u -v -w --add-host --attach --blkio-weight --cap-add --cap-drop " +
	"--cgroup-parent --cidfile --cpu-period --cpu-quota --cpu-shares --cpus --cpuset-cpus --detach-keys --device --dns " +
	"--entrypoint --env --env-file --expose --gpus --group-add --health-cmd --hostname --ip --ipc --label --label-file " +
	"--link --log-driver --log-opt --memory --mount --name --network --net --pid --platform --publish --pull --restart " +
	"--runtime --security-opt --shm-size --stop-signal --stop-timeout --tmpfs --ulimit --user --userns --volume " +
	"--volumes-from --workdir --index --project-name --file -f "

// containerCommand spends the words a container runs inside itself
// (docker run IMAGE CMD…, docker exec C CMD…, docker compose exec SVC
// CMD…): their paths are the container's (what it shares with the host is
// its volumes).
func (c *cmd) containerCommand() {
	sub, image, ok := c.containerImage()
	if !ok {
		return
	}
	for k := image + 1; k < len(c.args); k++ {
		c.spend(k)
	}
	c.containerRun(sub+1, min(image, len(c.args))) // containers.go
}

// containerImage finds, in a container engine's words that run a command
// in a container (run, create, exec; compose's and container's too), the
// subcommand's index and the image's (container's, service's): ok is
// false for any other subcommand.
func (c *cmd) containerImage() (sub, image int, ok bool) {
	j := 0
	if j < len(c.args) && (c.args[j].Text == "compose" || c.args[j].Text == "container") {
		j++
	}
	if j >= len(c.args) || !containerRuns.Has(c.args[j].Text) {
		return 0, 0, false
	}
	sub = j
	for j++; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			j++
		case strings.HasPrefix(s, "-") && s != "-":
			_, _, j = containerOpt(c.args, j) // containers.go: -itv SRC:DST, -v=SRC:DST
			continue
		}
		break // the image, container or service
	}
	return sub, j, true
}

// containerWalks reports whether the container c starts runs a command
// guard walks through its bind mounts (containerRun) and knows to be the
// one run: an --entrypoint, or words after the image led by a program
// guard knows.
func (c *cmd) containerWalks() bool {
	sub, image, ok := c.containerImage()
	if !ok || image >= len(c.args) {
		return false
	}
	opts := c.args[sub+1 : image]
	if _, host := containerHost(opts); host {
		return false
	}
	if containerEntrypoint(opts) != "" {
		return true // --entrypoint PROG IMAGE ARGS: the command is known
	}
	// An image's entrypoint decides what its words are: the official
	// images' run a program the image has, else hand the words to their
	// own (node:20 -p CODE is node -p CODE). Only a program guard knows
	// is taken for the command run; any other first word leaves the
	// mount a whole read.
	if image+1 >= len(c.args) {
		return false
	}
	first := c.args[image+1]
	if !first.Known || strings.HasPrefix(first.Text, "-") || strings.ContainsAny(first.Text, "/.") {
		return false
	}
	return knownProgram(first.Text) || builtins.Has(first.Text) || catalogue.Shells.Has(first.Text)
}

// containerRuns are the subcommands that run a command in a container.
const containerRuns word.Set = " run create exec "

// volumeSource returns the host path of a -v / --volume value SRC:DST[:OPT]
// or a --mount value type=bind,source=SRC,…; "" for a named volume.
func volumeSource(opt, v string) string {
	if opt == "--mount" {
		// docker's csv fields, keys in any case; a volume's
		// volume-opt=device=DIR (with o=bind) binds DIR as `docker volume
		// create --opt device=DIR` does (FINDINGS47a F1).
		src, device := "", ""
		for _, f := range strings.Split(v, ",") {
			k, val, ok := strings.Cut(strings.Trim(f, `"'`), "=")
			switch k = strings.ToLower(k); {
			case !ok:
			case (k == "source" || k == "src") && src == "":
				src = val
			case k == "volume-opt":
				if o, d, ok := strings.Cut(val, "="); ok && strings.EqualFold(o, "device") {
					device = d
				}
			}
		}
		v = src
		if device != "" && (lang.PathLike(device) || device == "~") {
			v = device
		}
	} else if i := strings.IndexByte(v, ':'); i == 1 && lang.IsLetter(v[0]) && len(v) > 2 && (v[2] == '\\' || v[2] == '/') {
		// C:\src:/x: a drive letter
		if k := strings.IndexByte(v[2:], ':'); k >= 0 {
			v = v[:2+k]
		}
	} else if i >= 0 {
		v = v[:i]
	}
	if v == "" || !lang.PathLike(v) && v != "~" {
		return "" // a named volume
	}
	return v
}

// editsInPlace reports whether option s makes sed or perl write the files
// it reads: -i, or a cluster holding it before any option that takes a
// value (sed -Ei, sed -ni.bak, perl -pi).
func editsInPlace(name, s string) bool {
	switch name {
	case "sed":
		opt, _, _ := strings.Cut(s, "=")
		return catalogue.SedLongs.Full(opt) == "--in-place" || word.ShortHas(s, 'i', "efl") // sed --i=B: getopt_long's unique prefix
	case "perl", "ruby":
		return word.ShortHas(s, 'i', "eEIMmxrCFIlSTWX")
	}
	return false
}

// writeOption records as written the value of every short option flag or
// long option long in c's arguments: sort -o F, patch -o F.
func (c *cmd) writeOption(flag byte, withArg, long string) {
	for j := 0; j < len(c.args); j++ {
		if v, k, ok := word.OptionValue(c.args, j, flag, withArg, long); ok {
			c.w.Write(v)
			j = k
		}
	}
}

// copyWithArg returns the options of cp, mv, install, ln, rsync and scp
// that take the next word as their value.
func copyWithArg(name string) word.Set {
	switch name {
	case "install":
		return " -m -o -g -S -t --mode --owner --group --suffix --target-directory --strip-program "
	case "rsync":
		return " -e -B -f -T -M --rsh --chmod --filter --exclude --include --exclude-from --include-from --files-from --log-file --temp-dir --partial-dir --backup-dir --suffix --timeout --bwlimit --max-size --min-size --password-file --block-size --rsync-path --compare-dest --copy-dest --link-dest --chown --usermap --groupmap --sockopts --port --out-format --log-file-format "
	case "scp":
		return " -c -F -i -J -l -o -P -S -D -X "
	}
	return " -S -t --suffix --target-directory --sparse --reflink --backup --preserve --no-preserve --context " // cp, mv, ln
}

// hasTargetDir reports whether cp/mv/install/ln args name their destination
// with -t or --target-directory (then every other argument is a source).
func hasTargetDir(args []word.Word) bool {
	for _, a := range args {
		if a.Text == "--" {
			return false
		}
		if targetOption(a.Text) {
			return true
		}
	}
	return false
}

// targetOption reports whether s names cp/mv/install/ln's target directory:
// -t DIR, -tDIR, -vt DIR, --target-directory=DIR or an abbreviation of it
// (--target=DIR).
func targetOption(s string) bool {
	return word.ShortHas(s, 't', "S") || word.LongOption(s, "--target-directory")
}

// rm writes its options as -r, -f or -rf and gives each operand a line of
// its own, its path cleaned: rm -r -f ./a / is "rm -rf ./a" and "rm -rf /".
func (c *cmd) rm() {
	rec, force := false, false
	var ops []word.Word
	opts := true
	for _, a := range c.args {
		s := a.Text
		switch {
		case opts && s == "--":
			opts = false
		case opts && (s == "--recursive"):
			rec = true
		case opts && s == "--force":
			force = true
		case opts && strings.HasPrefix(s, "--"):
		case opts && strings.HasPrefix(s, "-") && len(s) > 1:
			rec = rec || strings.ContainsAny(s, "rR")
			force = force || strings.Contains(s, "f")
		default:
			ops = append(ops, a)
		}
	}
	for _, op := range ops {
		if rec {
			c.w.WriteTree(op.Text) // rm -r DIR removes what DIR holds
		} else {
			c.w.Write(op.Text)
		}
	}
	flags := ""
	switch {
	case rec && force:
		flags = " -rf"
	case rec:
		flags = " -r"
	case force:
		flags = " -f"
	}
	var all []string
	for _, op := range ops {
		s := op.Text
		if c.w.Dir != "" && wholeDir(s) {
			s = effect.Under(c.w.Dir, s) // cd / && rm -rf *
		}
		p := c.buildFileName(word.OneLine(c.w.CanonPath(s)))
		all = append(all, p)
		c.own = append(c.own, "rm"+flags+" "+p)
	}
	c.rendered = strings.TrimSpace("rm" + flags + " " + strings.Join(all, " "))
	if len(c.redirs) > 0 {
		c.rendered += " " + strings.Join(c.redirs, " ")
	}
	if len(ops) == 0 {
		c.own = nil
	}
}

// shell: sh -c SCRIPT runs SCRIPT, sh FILE runs a file, sh alone runs what
// it reads: a here-document, a here-string, echo's output.
func (c *cmd) shell() {
	defer c.w.dialect(c.name, c.args)() // zsh -c: zsh's reading, whatever $SHELL is
	for _, name := range c.w.unexported {
		if name == "HOME" {
			c.tempUnset("HOME") // export -n HOME; bash -c …: ~ is the passwd home
		} else {
			c.tempHide(name) // builtins.go
		}
	}
	c.rcFile()
	if c.startsUp() {
		// What the start-up files set lasts in that shell only.
		w := c.w
		chain, files := w.chain, slices.Clip(w.stateFiles)
		w.scoped(func() {
			c.usualStartup()
			c.shellRun()
		})
		w.chain, w.stateFiles = chain, files
		return
	}
	c.shellRun()
}

// shellRun runs what a shell is given: its -c script, a file, or what it
// reads on standard input.
func (c *cmd) shellRun() {
	errexit, keyword := c.w.errexit, c.w.keyword
	c.w.errexit = false                                                // a shell of its own does not inherit set -e (FINDINGS55b B2)
	inherits := c.w.optsExported && !c.w.zsh                           // export SHELLOPTS/BASHOPTS (optsexport.go)
	envKeyword, envDebug := c.envShellOptions()                        // env SHELLOPTS=keyword (optsexport.go)
	c.w.keyword = c.keywordFlag() || inherits && keyword || envKeyword // nor set -k, but its own -k (keyword.go)
	defer func() { c.w.errexit, c.w.keyword = errexit, keyword }()
	extdebug, debugTrap := c.w.extdebug, c.w.debugTrap
	c.w.extdebug, c.w.debugTrap = c.debuggerFlag() || inherits && extdebug || envDebug, false // debugskip.go
	defer func() { c.w.extdebug, c.w.debugTrap = extdebug, debugTrap }()
	script, file, sflag := c.shellOptions()
	if c.noExec() {
		// bash -n FILE, sh -n, -o noexec: read and parse, run nothing.
		switch {
		case script >= 0:
			c.spend(script)
		case file >= 0 && !word.IsStdin(c.args[file].Text):
			c.w.Read(c.args[file].Text)
			c.spend(file)
		default:
			c.consumeStdin()
		}
		return
	}
	if c.fedShell(script, file, sflag) {
		return
	}
	switch {
	case script >= 0:
		c.shellScript(script)
	case file >= 0 && !word.IsStdin(c.args[file].Text):
		c.shellFile(file)
	default:
		c.shellStdin()
	}
}

// noExec reports whether the shell's options (the words before its
// first operand) leave noexec on: -n in a cluster or -o noexec, the last
// of those and +n/+o noexec deciding, and no -i (an interactive shell
// ignores it).
func (c *cmd) noExec() bool {
	on, interactive := false, false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case !c.args[j].Known:
			return false
		case s == "--" || s == "-" || !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "+"):
			return on && !interactive
		case s == "-o" || s == "+o":
			if j+1 < len(c.args) && c.args[j+1].Text == "noexec" {
				on = s == "-o"
			}
			j++
		case catalogue.ShellWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "--"):
		default:
			if strings.ContainsRune(s[1:], 'n') {
				on = s[0] == '-'
			}
			interactive = interactive || s[0] == '-' && strings.ContainsRune(s[1:], 'i')
			if strings.ContainsRune(s[1:], 'c') {
				return on && !interactive // the script comes next
			}
		}
	}
	return on && !interactive
}

// foreignShell: a shell whose language guard does not read runs code
// guard cannot see (from -c, a file or standard input), unless it is only
// asked for its version or help.
func (c *cmd) foreignShell() {
	for _, a := range c.args {
		if a.Text != "--version" && a.Text != "--help" {
			c.w.hide("runs %s code, a shell language guard does not read", c.name)
			return
		}
	}
	if len(c.args) == 0 {
		c.w.hide("runs %s code, a shell language guard does not read", c.name)
	}
}

// shellOptions reads a shell's options: the argument that is its -c
// script, or the script file it runs (-1 for none), and whether -s makes
// its arguments $1… of the script it reads on standard input.
func (c *cmd) shellOptions() (script, file int, sflag bool) {
	script, file = -1, -1
	cflag := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			if j+1 < len(c.args) && !cflag && !sflag {
				file = j + 1
			}
			return script, file, sflag
		case catalogue.ShellWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "--"):
		case (strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+")) && len(s) > 1:
			if strings.HasPrefix(s, "-") && strings.ContainsRune(s, 'c') {
				cflag = true
			}
			// sh -s ARGS: the script is standard input, ARGS its $1…
			sflag = sflag || strings.HasPrefix(s, "-") && strings.ContainsRune(s, 's') && !cflag
		default:
			if cflag {
				script = j
			} else if !sflag {
				file = j
			}
			return script, file, sflag
		}
	}
	return script, file, sflag
}

// shellScript analyses the -c script at argument script; the words after
// it are its $0, $1….
func (c *cmd) shellScript(script int) {
	w := c.w
	a := c.args[script]
	c.kinds[script] = argCode
	if a.Sub != "" {
		c.rendered = a.Sub + " | " + c.name + " -"
		if !a.Known {
			c.runSub(a.Sub, false) // sh -c "$(cat x.sh)"; known text is walked below
		}
	}
	if a.Sub != "" && !a.Known {
		return
	}
	// The words after the script stay touches: what the script does with
	// them is analysed only as far as its $1… and "$@" are known.
	w.scoped(func() {
		// sh -c 'cat "$1"' _ FILE: the words after the script are $0,
		// $1, … inside it.
		w.pos = &positional{zero: c.name}
		if pos := c.args[script+1:]; len(pos) > 0 {
			w.pos = &positional{zero: pos[0].Text, args: word.Texts(pos[1:])}
		}
		saved := w.fedArgs // xargs sh -c 'bash "$1"' _: its $1… are fed
		w.fedArgs = ""
		if c.handed != nil && !c.handed.stdin {
			w.fedArgs = c.handed.by
			w.pos = nil // the runner appends them: not known
		}
		w.script(a.Text, w.depth+1)
		w.fedArgs = saved
	})
	if runsStdin(a.Text) {
		c.shellStdin() // bash -c 'source /dev/stdin' < F: F runs
	}
}

// runsStdin reports whether a -c script runs, as a script, the standard
// input it inherits: source /dev/stdin, . /dev/fd/0, sh /dev/stdin.
func runsStdin(script string) bool {
	f := strings.Fields(script)
	for i := 0; i+1 < len(f); i++ {
		name := strings.TrimLeft(f[i], ";&|({")
		atCommand := i == 0 || name != f[i] || strings.ContainsAny(f[i-1][len(f[i-1])-1:], ";&|({") ||
			f[i-1] == "then" || f[i-1] == "do" || f[i-1] == "else" || f[i-1] == "exec" || f[i-1] == "command" || f[i-1] == "builtin"
		if atCommand && (name == "source" || name == "." || catalogue.Shells.Has(name[strings.LastIndexByte(name, 47)+1:])) && word.IsStdin(strings.Trim(f[i+1], `"';`)) {
			return true
		}
	}
	return false
}

// shellFile reads the script file at argument file and runs its text.
func (c *cmd) shellFile(file int) {
	w := c.w
	a := c.args[file]
	if procFile(a) {
		c.rendered = a.Sub + " | " + c.name + " -"
		c.runSub(a.Sub, false) // bash <(cat x.sh)
		return
	}
	if _, st := w.FileStatus(a.Text, a.Known, effect.MaxScriptBytes); st == effect.FileAbsent && c.pathScripts(a, c.args[file:], false) {
		c.spend(file) // bash NAME: not in the working directory, looked up on PATH
		return
	}
	w.Read(a.Text)
	c.spend(file) // read; the words after it are the script's, touched
	if t, ok := w.FileText(a.Text, a.Known, effect.MaxScriptBytes, "a script"); ok {
		w.runScript(t, c.args[file:], false, knownName(a))
	}
}

// shellStdin: the shell runs what it reads on standard input.
func (c *cmd) shellStdin() {
	w := c.w
	c.fromStdin = true
	c.consumeStdin()
	switch {
	case c.stdin.sub != "":
		// bash <<< "$(curl …)", bash < <(curl …)
		c.rendered = c.stdin.sub + " | " + c.name + " -"
		c.runSub(c.stdin.sub, false)
	case c.stdin.known && c.stdin.text != "":
		w.scoped(func() { w.script(c.stdin.text, w.depth+1) })
	case c.stdin.file != "":
		// sh < x.sh
		w.Read(c.stdin.file)
		if t, ok := w.FileText(c.stdin.file, true, effect.MaxScriptBytes, "a script"); ok {
			w.runScript(t, nil, false, c.stdin.file)
		}
	case c.pipedHidden():
		c.hiddenRun() // rev <<< '…' | sh, foo | sh
	}
}

// buildFileName returns absolute path p, in a build file's line
// analysed as typed, as the name the line's directory has for it
// (./bin, ../../bin) when it lies below the directory the command starts
// in (the project, not the home nor the root): a build tool's directory
// variable ({{.ROOT_DIR}}/bin) names the project's own files as make's
// $(CURDIR) does, which the rules read as inside the project (rm -rf
// ./bin). The directory is the walker's at this point, after the line's
// own cd or the task's dir:; any other p is as it is.
func (c *cmd) buildFileName(p string) string {
	if !c.w.recipeLine || !path.IsAbs(p) || c.w.workDir() == strings.TrimRight(c.w.Home, "/") {
		return p
	}
	return c.startRelative(p)
}

// wholeDir reports whether a relative rm operand is the whole current
// directory or all of it: ., .., *, .*, ./*.
func wholeDir(s string) bool {
	switch strings.TrimSuffix(s, "/") {
	case ".", "..", "*", ".*", "./*", "./.*", "../*":
		return true
	}
	return false
}

// eval runs its arguments, joined, as a script in the current shell.
func (c *cmd) eval() {
	if len(c.args) > 0 && c.args[0].Sub != "" && sameSub(c.args) {
		// eval "$(curl …)": what the substitution prints runs.
		for i := range c.kinds {
			c.kinds[i] = argCode
		}
		c.rendered = c.args[0].Sub + " | sh -"
		if !word.AllKnown(c.args) {
			c.runSub(c.args[0].Sub, false) // eval "$(cat x.sh)"
			return
		}
	}
	if word.AllKnown(c.args) {
		for i := range c.kinds {
			c.kinds[i] = argCode
		}
	}
	// eval "rm $X": what is known of the text runs (an inherited
	// variable stays a marker in the words of the script); a part that
	// is a value guard cannot tell is code it cannot see (inputcmds.go).
	t, ok := c.evalText()
	if !ok {
		c.w.hide("evaluates a value guard cannot tell (what read took from input, or what a command printed): it cannot tell what runs")
		return
	}
	c.w.script(t, c.w.depth+1)
}

// sameSub reports whether all words come from the same substitution.
func sameSub(ws []word.Word) bool {
	for _, x := range ws {
		if x.Sub != ws[0].Sub {
			return false
		}
	}
	return true
}

// source runs a file in the current shell; source <(curl …) runs what curl
// prints.
func (c *cmd) source() {
	if len(c.args) > 1 && c.args[0].Text == "--" {
		c.args, c.kinds = c.args[1:], c.kinds[1:] // source -- F
	}
	if len(c.args) == 0 {
		return
	}
	if procFile(c.args[0]) {
		c.rendered = c.args[0].Sub + " | sh -"
		c.runSub(c.args[0].Sub, false) // source <(cat x.sh)
		return
	}
	if word.IsStdin(c.args[0].Text) {
		c.sourceStdin()
		return
	}
	c.pathScripts(c.args[0], c.args, true) // bash's sourcepath, zsh's and dash's .
	c.w.Read(c.args[0].Text)
	c.spend(0)
	if c.w.zwcTwin(c.args[0].Text, false) {
		return // zsh: . F may run F.zwc
	}
	if t, ok := c.w.FileText(c.args[0].Text, c.args[0].Known, effect.MaxScriptBytes, "a script"); ok {
		c.w.runScript(t, c.args, true, knownName(c.args[0]))
	}
}

// pathScripts reads and runs the files a script operand without a slash
// (source NAME, . NAME, bash NAME) names in the directories of the PATH in
// effect, in order, as bash (sourcepath, on by default; bash NAME when
// ./NAME is not there), zsh and dash look it up: the first that is there
// is read and run. A directory guard cannot tell before it hides what
// runs. It reports whether it found one, or hid.
func (c *cmd) pathScripts(a word.Word, args []word.Word, sourced bool) bool {
	if !a.Known || a.Text == "" || strings.Contains(a.Text, "/") || word.HasMark(a.Text) {
		return false
	}
	for _, d := range c.w.SearchDirs(c.path) {
		if strings.Contains(d, word.UnknownSubst) || strings.Contains(d, word.UnknownArith) {
			c.w.hide("looks the script %s up in a PATH directory guard cannot tell", word.Quote(a.Text))
			return true
		}
		q := effect.InDir(d, a.Text)
		if _, st := c.w.FileStatus(q, true, effect.MaxScriptBytes); st == effect.FileAbsent {
			continue
		}
		c.w.Read(q)
		if t, ok := c.w.FileText(q, true, effect.MaxScriptBytes, "a script"); ok {
			c.w.runScript(t, args, sourced, q)
		}
		return true // the first there: the search ends (a directory guard reads as absent)
	}
	return false
}

// base64: --decode, -D and clusters holding d are written -d. Decoding
// known text (echo … | base64 -d), it prints known text.
func (c *cmd) base64() {
	decode := false
	for j, a := range c.args {
		s := a.Text
		if s == "-D" || s == "--decode" || strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--") && strings.Contains(s, "d") {
			c.args[j] = word.Word{Text: "-d", Known: true}
			decode = true
		}
	}
	if decode && c.stdin.known && len(word.Operands(c.args)) == 0 {
		if d, err := base64.StdEncoding.DecodeString(strings.TrimSpace(c.stdin.text)); err == nil {
			c.out = output{text: string(d), known: true}
		}
	}
	c.generic()
}
