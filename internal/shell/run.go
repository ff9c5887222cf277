package shell

import (
	"encoding/base64"
	"slices"
	"strings"
)

// program analyses what c's program does with its arguments.
func (c *cmd) program() {
	name := c.name
	c.subst = c.w.subst > 0
	meta := c.w.metaOnly
	c.w.metaOnly = metaWriters.has(name)
	defer func() { c.w.metaOnly = meta }()
	if c.builtin() {
		return
	}
	c.chdirOptions()
	c.commandOptions()
	p := programNamed(name)
	if p != nil && !c.w.trusts(c.prog, name) {
		p = nil // ./cat, or a cat the command redefined: anything
	}
	if p != nil {
		c.catalogued(p)
	}
	switch {
	case name == "rm":
		c.rm()
	case shells.has(name):
		c.shell()
	case name == "eval":
		c.eval()
	case name == "source" || name == ".":
		c.source()
	case name == "xargs":
		c.xargs()
		return
	case name == "parallel":
		c.parallel()
		return
	case name == "find":
		c.find()
	case name == "cd" || name == "pushd" || name == "popd" || name == "dirs":
		c.cd()
	case name == "trap":
		if len(c.args) > 0 {
			c.kinds[0] = argCode
			c.w.conditional(func() { c.w.script(c.args[0].s, c.w.depth+1) }) // later, or never
		}
	case printers.has(name):
		c.printer()
	case name == "print" && c.w.zsh:
		c.zshPrint()
	case name == "autoload" && c.w.zsh:
		c.zshAutoload()
	case testers.has(name):
		c.allData()
	case name == "ssh-add":
		// It hands keys to the agent and never shows one: no reads.
	case name == "ssh-keygen":
		c.sshKeygen()
	case writesSecond.has(name):
		c.secondOperand()
		c.generic()
	case name == "patch":
		// patch FILE [PATCH], -o OUT: the file it patches is written.
		c.writeOption('o', "iBzbDFgprVY", "--output")
		if ops := operands(c.args); len(ops) > 0 {
			c.w.writeDir(ops[0])
		} else {
			c.w.changed(under(c.w.dir, ".")) // patch -p1 < x.patch: the files the patch names
		}
		c.generic()
	case (name == "docker" || name == "podman" || name == "nerdctl" || name == "kubectl") && len(c.args) > 2 && c.args[0].s == "cp":
		// docker cp CONTAINER:SRC DEST: the last operand is written here;
		// docker cp SRC CONTAINER:DEST copies SRC, whole, into it.
		if ops := operands(c.args[1:]); len(ops) >= 2 && !strings.Contains(ops[len(ops)-1], ":") {
			c.w.writeDir(ops[len(ops)-1])
		} else if len(ops) >= 2 && !strings.Contains(ops[0], ":") {
			c.w.readTree(ops[0])
		}
		for j := range c.args {
			c.spend(j)
		}
	case name == "docker" || name == "podman" || name == "nerdctl":
		c.volumes()
		c.containerCommand()
		c.generic()
	case name == "kubectl" || name == "oc":
		c.podCommand()
		c.generic()
	case name == "7z" || name == "7za" || name == "7zz":
		// 7z a ARCHIVE DIR…: it adds each directory whole.
		c.recursive = len(c.args) > 0 && (c.args[0].s == "a" || c.args[0].s == "u")
		if len(c.args) > 0 && (c.args[0].s == "x" || c.args[0].s == "e") {
			dir := "."
			for _, a := range c.args {
				if v, ok := strings.CutPrefix(a.s, "-o"); ok && v != "" {
					dir = v
				}
			}
			c.w.writeDir(dir)
		}
		c.generic()
	case (name == "yq" || name == "jq") && slices.ContainsFunc(c.args, func(a word) bool { return a.s == "-i" || a.s == "--inplace" }):
		// yq -i EXPR FILE: edits FILE
		if ops := operands(c.args); len(ops) >= 2 {
			for _, f := range ops[1:] {
				c.w.write(f)
			}
		}
		c.jq()
	case grepFamily.has(name):
		c.grep(0)
	case name == "sed":
		c.sed()
	case name == "at" || name == "batch":
		c.at()
	case name == "crontab":
		c.crontab()
	case name == "tmux":
		c.tmux()
	case name == "screen":
		c.screen()
	case name == "expect":
		c.expect()
	case name == "jq":
		c.jq()
	case messageTools.has(name):
		c.messages()
	case name == "curl" || name == "wget":
		c.download()
	case ncFamily.has(name):
		c.nc()
	case name == "socat":
		c.socat()
	case name == "telnet":
		c.hostOperand("")
		if c.stdin.file != "" {
			c.sends = append(c.sends, c.stdin.file)
		}
		c.generic()
	case name == "cat":
		c.generic()
		switch ops := operands(c.args); {
		case len(ops) == 1 && ops[0] != "-":
			c.out.file = ops[0] // cat F | nc …: nc sends F
		case len(ops) == 0 || len(ops) == 1 && ops[0] == "-":
			// cat <<EOF | sh: what it reads, it prints.
			c.out = output{text: c.stdin.text, known: c.stdin.known, file: c.stdin.file}
		}
	case name == "tee":
		// tee f <<EOF: f holds what it reads, and so does its output.
		c.generic()
		if c.stdin.known {
			appendTo := false
			for _, a := range c.args {
				switch {
				case a.s == "-a" || a.s == "--append":
					appendTo = true
				case !strings.HasPrefix(a.s, "-"):
					c.w.wrote(a.s, c.stdin.text, appendTo)
				}
			}
			c.out = output{text: c.stdin.text, known: true}
		}
	case name == "go" && len(c.args) > 1 && c.args[0].s == "run":
		// go run x.go: its code (a package directory is not read).
		for _, a := range c.args[1:] {
			if strings.HasSuffix(a.s, ".go") {
				c.runProgram(a)
			}
		}
		c.generic()
	case name == "alias":
		c.defineAliases() // alias x='rm -rf /': the body runs when x does
	case name == "enable":
		// enable -f LIB NAME: NAME is a builtin loaded from LIB (code
		// guard cannot see); enable NAME, -n NAME: a builtin turned on or
		// off. Either way NAME is no longer the program the catalogue
		// knows.
		for j := 0; j < len(c.args); j++ {
			switch a := c.args[j].s; {
			case a == "-f" && j+1 < len(c.args):
				j++
				c.w.read(c.args[j].s)
			case strings.HasPrefix(a, "-"):
			default:
				c.w.redefine(a)
			}
		}
		c.generic()
	case name == "hash" && len(c.args) > 2 && c.args[0].s == "-p":
		// hash -p FILE NAME: NAME runs FILE from now on.
		c.w.redefine(c.args[len(c.args)-1].s)
		c.generic()
	case hostTools.has(name):
		// ping, dig @server, httpie: the hosts they contact.
		for _, a := range c.args {
			if h, ok := strings.CutPrefix(a.s, "@"); ok && name == "dig" {
				c.url(h)
			}
		}
		c.hostOperands("")
		c.generic()
	case name == "tar" || name == "bsdtar" || name == "gtar" || name == "unzip" || name == "cpio":
		c.extract()
		c.generic()
	case name == "openssl":
		c.openssl()
	case name == "base64":
		c.base64()
	case name == "ssh" || name == "autossh":
		c.ssh()
	case name == "scp" || name == "sftp" || name == "rsync":
		c.remoteCopy()
	default:
		if in, ok := interpreterOf(name); ok {
			c.interp(in)
			break
		}
		if strings.HasPrefix(name, "$") && len(c.args) > 1 && strings.HasPrefix(c.args[0].s, "-") && strings.Contains(c.args[0].s, "c") {
			// $SHELL -c '…': probably a shell; its script is looked at.
			c.w.tentative(c.args[1].s)
		}
		c.generic()
	}
	c.foundArgs(p)
	c.touches(p)
	c.network()
}

// commandOptions analyses the option values that a program runs as shell
// commands: git -c core.pager=CMD (and the other command-valued git
// settings, alias.x=!CMD), ssh -o ProxyCommand=CMD, rsync -e CMD, tar
// --to-command=CMD and -I CMD, rg --pre CMD.
func (c *cmd) commandOptions() {
	if !optionRunners.has(c.name) {
		return
	}
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
		next := func() string {
			if j+1 < len(c.args) {
				j++
				return c.args[j].s
			}
			return ""
		}
		switch c.name {
		case "git":
			switch {
			case s == "-c":
				k, v, ok := strings.Cut(next(), "=")
				k = strings.ToLower(k)
				switch {
				case ok && gitRunsValue(k, v):
					c.w.runsHanded(strings.TrimPrefix(v, "!"), "git")
				case ok && gitProxy(k):
					c.url(v) // git -c http.proxy=HOST
				}
			case strings.HasPrefix(s, "ext::"):
				// git clone 'ext::sh -c …': the remote helper runs it
				c.w.tentative(gitExt(strings.TrimPrefix(s, "ext::")))
			case s == "config":
				c.gitConfig(j + 1)
				return
			}
		case "ssh", "scp", "sftp", "autossh", "rsync":
			if c.name == "rsync" && (s == "-e" || s == "--rsh") {
				c.w.runsHanded(next(), c.name)
				continue
			}
			if v, ok := strings.CutPrefix(s, "--rsh="); ok && c.name == "rsync" {
				c.w.runsHanded(v, c.name)
				continue
			}
			opt := ""
			if s == "-o" {
				opt = next()
			} else if v, ok := strings.CutPrefix(s, "-o"); ok && v != "" {
				opt = v
			}
			if k, v, ok := cutOption(opt); ok && sshRunsValue(strings.ToLower(k)) {
				c.w.runsHanded(v, c.name)
			} else if ok && strings.EqualFold(k, "ProxyJump") {
				for _, h := range strings.Split(v, ",") {
					c.url(hostPart(h)) // -o ProxyJump=HOST, like -J
				}
			}
		case "tar", "gtar", "bsdtar":
			switch {
			case s == "-I" || s == "--use-compress-program" || s == "--to-command":
				c.w.runsHanded(next(), "tar") // a member's text, the archive: its standard input
			case strings.HasPrefix(s, "--to-command=") || strings.HasPrefix(s, "--use-compress-program="):
				_, v, _ := strings.Cut(s, "=")
				c.w.runsHanded(v, "tar")
			case strings.HasPrefix(s, "--checkpoint-action=exec="):
				c.w.tentative(strings.TrimPrefix(s, "--checkpoint-action=exec="))
			}
		case "pip", "pip3", "uv", "poetry":
			if s == "--proxy" {
				c.url(next())
			} else if v, ok := strings.CutPrefix(s, "--proxy="); ok {
				c.url(v)
			}
		case "rg":
			// rg --pre PROG runs PROG FILE for each file it searches.
			if s == "--pre" {
				c.handFiles(next(), rgFiles(c.args), false, "rg")
			} else if v, ok := strings.CutPrefix(s, "--pre="); ok {
				c.handFiles(v, rgFiles(c.args), false, "rg")
			}
		case "diff3", "sdiff":
			// --diff-program PROG: run on their files.
			if s == "--diff-program" {
				c.handFiles(next(), diffFiles(c.args), true, c.name)
			} else if v, ok := strings.CutPrefix(s, "--diff-program="); ok {
				c.handFiles(v, diffFiles(c.args), true, c.name)
			}
		}
	}
}

// optionRunners are the programs commandOptions reads.
const optionRunners wordSet = " git ssh scp sftp autossh rsync tar gtar bsdtar pip pip3 uv poetry rg diff3 sdiff "

// gitConfig: git config [--global|--system|--file F] KEY VALUE writes that
// file, and a value git runs as a command (core.pager, alias.x = !…) is
// analysed as one. Reading (--get, --list, -l) writes nothing.
func (c *cmd) gitConfig(from int) {
	file := ".git/config"
	var operands []string
	for j := from; j < len(c.args); j++ {
		s := c.args[j].s
		switch {
		case s == "--global":
			file = "~/.gitconfig"
		case s == "--system":
			file = "/etc/gitconfig"
		case s == "--file" || s == "-f":
			if j+1 < len(c.args) {
				j++
				file = c.args[j].s
			}
		case strings.HasPrefix(s, "--file="):
			file = strings.TrimPrefix(s, "--file=")
		case strings.HasPrefix(s, "--get") || s == "--list" || s == "-l" || s == "--show-origin" || s == "--edit" || s == "-e":
			return
		case len(operands) == 0 && (s == "get" || s == "list" || s == "edit" || s == "unset" || s == "remove-section" || s == "rename-section"):
			return // git 2.46's subcommands that set nothing
		case len(operands) == 0 && s == "set":
			// git config set KEY VALUE (git 2.46)
		case strings.HasPrefix(s, "-"):
		default:
			operands = append(operands, s)
		}
	}
	if len(operands) < 2 {
		return
	}
	k, v := strings.ToLower(operands[0]), operands[1]
	if gitRunsValue(k, v) {
		c.w.runsHanded(strings.TrimPrefix(v, "!"), "git")
	}
	// A setting that makes git run something, or read another file, is a
	// write of the configuration file (~/.gitconfig is protected); user.name
	// and the like are not.
	if gitProxy(k) {
		c.url(v)
	}
	if gitRunsValue(k, v) || k == "core.hookspath" || k == "include.path" ||
		strings.HasPrefix(k, "includeif.") && strings.HasSuffix(k, ".path") ||
		strings.HasPrefix(k, "protocol.") && strings.HasSuffix(k, ".allow") ||
		strings.HasPrefix(k, "url.") && strings.HasSuffix(k, "insteadof") {
		c.w.write(file)
	}
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
	return key == "http.proxy" || key == "https.proxy" || strings.HasPrefix(key, "http.") && strings.HasSuffix(key, ".proxy") ||
		key == "core.gitproxy"
}

// gitRunsValue reports whether git runs the value of setting key as a
// shell command.
func gitRunsValue(key, v string) bool {
	switch {
	case key == "core.pager", key == "core.editor", key == "core.sshcommand", key == "core.fsmonitor",
		key == "core.askpass", key == "sequence.editor", key == "gpg.program", key == "diff.external",
		key == "interactive.difffilter", key == "gpg.ssh.program", key == "gpg.x509.program",
		key == "gpg.openpgp.program", strings.HasPrefix(key, "pager."):
		return true
	case (strings.HasPrefix(key, "mergetool.") || strings.HasPrefix(key, "difftool.")) && strings.HasSuffix(key, ".cmd"):
		return true
	case strings.HasPrefix(key, "alias."), strings.HasPrefix(key, "credential.") && strings.HasSuffix(key, "helper"):
		return strings.HasPrefix(v, "!")
	case strings.HasPrefix(key, "filter.") || strings.HasPrefix(key, "diff.") || strings.HasPrefix(key, "merge."):
		return strings.HasSuffix(key, ".clean") || strings.HasSuffix(key, ".smudge") || strings.HasSuffix(key, ".process") ||
			strings.HasSuffix(key, ".textconv") || strings.HasSuffix(key, ".command") || strings.HasSuffix(key, ".driver")
	}
	return false
}

// sshRunsValue reports whether ssh runs the value of option key (-o KEY=V)
// as a shell command.
func sshRunsValue(key string) bool {
	return key == "proxycommand" || key == "localcommand" || key == "knownhostscommand" || key == "remotecommand"
}

// cutOption splits an ssh -o value, KEY=VALUE or KEY VALUE.
func cutOption(o string) (string, string, bool) {
	if i := strings.IndexAny(o, "= "); i > 0 {
		return o[:i], strings.TrimLeft(o[i+1:], "= "), true
	}
	return "", "", false
}

// generic records the files the plain arguments name: written for rm,
// touch, tee…, the destination of cp/mv/ln…, read and written for the
// sources of mv and of a hard link (ln without -s, cp -l: a later write
// through the link reaches the source), read otherwise (read whole, with
// every file in it, when the program reads its directory operands
// recursively). The sources and destination of cp/mv/ln…, and the key a
// key user is given, are accounted for (spent): no touches.
func (c *cmd) generic() {
	w := c.w
	name := c.name
	last, valueOf := c.copyOperands()
	if name == "ln" && last > 0 {
		c.symlink(last)
	}
	// A hard link's source is written through the link; rsync
	// --remove-source-files removes its sources.
	// An archiver that deletes what it stores (rsync --remove-source-files,
	// zip -m, tar --remove-files, 7z -sdel) removes its inputs, whole.
	hard := name == "ln" && !lnSoft(c.args) || name == "cp" && cpLinks(c.args) || deletesInputs(name, c.args)
	inPlace := false
	for _, a := range c.args {
		inPlace = inPlace || editsInPlace(name, a.s)
	}
	read := w.read
	if c.recursive {
		read = w.readTree
	}
	var sources []string // of cp, mv, install, ln, rsync, scp
	dest, destGiven := "", false
	for j := 0; j < len(c.args); j++ {
		if c.kinds[j] != argPlain || valueOf[j] {
			continue // install -m 644, cp -S .bak: not a file
		}
		a := c.args[j].s
		if writesLast.has(name) && j != last && !strings.HasPrefix(a, "-") {
			sources = append(sources, a)
			c.spend(j)
		}
		switch {
		case keyUsers.has(name) && a == "-F" && j+1 < len(c.args):
			// The configuration file is read, and ssh quotes a bad line
			// of it back (ssh -F ~/.ssh/id_rsa -G x prints the key).
			j++
			w.read(c.args[j].s)
			c.spend(j)
			continue
		case keyUsers.has(name) && (a == "-i" || a == "-o" && j+1 < len(c.args) && sshKeyOption(c.args[j+1].s)):
			j++ // the identity file is used, not shown
			c.spend(j)
			continue
		case keyUsers.has(name) && strings.HasPrefix(a, "-o") && sshKeyOption(a[2:]):
			c.spend(j) // -oIdentityFile=F
			continue
		case writesLast.has(name) && targetOption(a):
			if v, k, ok := optionValue(c.args, j, 't', "S", "--target-directory"); ok {
				dest, destGiven = v, true
				for ; j <= k; j++ {
					c.spend(j)
				}
				j = k
			}
			continue
		case name == "dd" && strings.HasPrefix(a, "of="):
			w.write(a)
			continue
		}
		switch {
		case writesLast.has(name) && j == last:
			dest = a
			c.spend(j)
		case writesAll.has(name) || inPlace || j == last:
			w.write(a)
		case name == "mv" || hard:
			// A source is read and then removed from where it was:
			// moving ~/.guard away, or a key out of ~/.ssh, meets both
			// path rules. A hard link's source is written through the
			// link.
			read(a)
			meta := w.metaOnly
			w.metaOnly = true // gone from there; its text goes on to the destination
			w.write(a)
			w.metaOnly = meta
		default:
			read(a)
		}
	}
	if dest != "" {
		c.destination(dest, destGiven, sources)
	}
}

// copyOperands returns, for cp, mv, install, ln, rsync and scp, the index of
// the last operand (the destination; -1 when -t names it) and the indexes of
// option values; -1 and nil for another program.
func (c *cmd) copyOperands() (int, map[int]bool) {
	if !writesLast.has(c.name) {
		return -1, nil
	}
	last := -1
	valueOf := map[int]bool{}
	withArg, targetDir := copyWithArg(c.name), hasTargetDir(c.args)
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
		if s == "--" {
			break
		}
		if withArg.has(s) && j+1 < len(c.args) {
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

// lnSoft reports whether ln's options make symbolic links (-s, --symbolic,
// a cluster holding s).
func lnSoft(args []word) bool {
	for _, a := range args {
		s := a.s
		if s == "--" {
			break
		}
		if s == "--symbolic" || strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--") && strings.Contains(s, "s") {
			return true
		}
	}
	return false
}

// deletesInputs reports whether name's options make it delete the files
// it reads once it has stored them: rsync --remove-source-files, zip -m
// (--move, a cluster holding m: -rm), tar --remove-files, 7z -sdel.
func deletesInputs(name string, args []word) bool {
	return slices.ContainsFunc(args, func(a word) bool {
		switch name {
		case "rsync":
			return a.s == "--remove-source-files"
		case "zip":
			return a.s == "--move" || shortHas(a.s, 'm', "bnPstxiOZ")
		case "tar", "gtar", "bsdtar":
			return longOption(a.s, "--remove-files")
		case "7z", "7za", "7zz":
			return a.s == "-sdel"
		}
		return false
	})
}

// cpLinks reports whether cp's options make hard links instead of copies
// (-l, --link, a cluster holding l: cp -al).
func cpLinks(args []word) bool {
	for _, a := range args {
		if a.s == "--" {
			break
		}
		if longOption(a.s, "--link") || shortHas(a.s, 'l', "St") {
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
	switch strings.TrimRight(dest, "/") {
	case "", "~", ".", "..", "$HOME", "${HOME}":
		isDir = true
	}
	isDir = isDir || strings.HasSuffix(dest, "/") || len(sources) > 1
	if !isDir || len(sources) == 0 {
		w.writeDir(dest)
	}
	if !isDir && len(sources) == 1 {
		w.copied(dest, sources[0]) // cp a.sh b.sh: b.sh holds a.sh's text
	}
	dir := strings.TrimRight(dest, "/") // "" for /: dir + "/" + base
	for _, src := range sources {
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
			w.write(dest) // the contents of a directory: anything in dest
			continue
		}
		w.write(dir + "/" + base)
		if c.name != "scp" && c.name != "rsync" {
			w.copied(dir+"/"+base, src)
		}
	}
}

// symlink notes the link `ln -s TARGET LINK` makes (one target, its link
// the last operand), for the paths the rest of the command names through it.
func (c *cmd) symlink(last int) {
	if !lnSoft(c.args) {
		return
	}
	var ops []string
	for j, a := range c.args {
		if !strings.HasPrefix(a.s, "-") && j < last {
			ops = append(ops, a.s)
		}
	}
	if len(ops) == 1 {
		c.w.link(ops[0], c.args[last].s)
	}
}

// extract records the directories tar -x, unzip and cpio -i write into as
// written (every -C DIR, -d DIR, --one-top-level=DIR, else the working
// directory; / for absolute member names: tar -P, unzip -:, cpio): the
// archive's names are not known, so a directory stands for everything in
// it.
func (c *cmd) extract() {
	var dirs, members []string
	cdir := "" // the last -C: the directory the members after it are in
	extracting, absolute := c.name == "unzip", c.name == "cpio"
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
		switch c.name {
		case "unzip":
			switch s {
			case "-l", "-t", "-v", "-p", "-Z", "-z", "-c":
				extracting = false
			case "-:":
				absolute = true
			}
			if v, k, ok := optionValue(c.args, j, 'd', "x", ""); ok {
				dirs, j = append(dirs, v), k
			}
			continue
		case "cpio":
			switch {
			case shortHas(s, 'i', "EFHIMORt") || longOption(s, "--extract"):
				extracting = true
			case longOption(s, "--no-absolute-filenames"):
				absolute = false
			}
			if v, k, ok := optionValue(c.args, j, 'D', "EFHIMORt", "--directory"); ok {
				dirs, j = append(dirs, v), k
			}
			continue
		}
		if j == 0 && !strings.HasPrefix(s, "-") {
			// Old style: tar xzfC A.tar DIR — each letter that takes a
			// value takes the next word, in order.
			k := j
			for _, l := range s {
				switch {
				case l == 'x':
					extracting = true
				case l == 'P':
					absolute = true
				case strings.ContainsRune("fCbTXgFKLNVH", l) && k+1 < len(c.args):
					k++
					if l == 'C' {
						dirs = append(dirs, c.args[k].s)
						cdir = c.args[k].s
					}
				}
			}
			j = k
			continue
		}
		if longOption(s, "--extract") || s == "--get" || shortHas(s, 'x', "fCbTXgFKLNVH") {
			extracting = true
		}
		if longOption(s, "--absolute-names") || shortHas(s, 'P', "fCbTXgFKLNVH") {
			absolute = true
		}
		if v, k, ok := optionValue(c.args, j, 'C', "fbTXgFKLNVH", "--directory"); ok {
			dirs, j, cdir = append(dirs, v), k, v
			continue
		}
		if v, ok := strings.CutPrefix(s, "--one-top-level="); ok {
			dirs = append(dirs, v)
			continue
		}
		if _, k, ok := optionValue(c.args, j, 'f', "CbTXgFKLNVH", "--file"); ok {
			j = k // the archive
			continue
		}
		if !strings.HasPrefix(s, "-") && cdir != "" {
			members = append(members, cdir+"/"+s) // tar czf o.tgz -C ~ .ssh
		}
	}
	if !extracting {
		c.archived(members)
		return
	}
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	if absolute {
		dirs = append(dirs, "/")
	}
	for _, d := range dirs {
		c.w.writeDir(d)
	}
}

// archived records what tar c (or a listing) reads: each directory it names
// whole (unless --no-recursion), its operands by generic and members, the
// files named after a -C DIR, here.
func (c *cmd) archived(members []string) {
	c.recursive = c.name != "unzip" && c.name != "cpio" &&
		!slices.ContainsFunc(c.args, func(a word) bool { return a.s == "--no-recursion" })
	for _, m := range members {
		if c.recursive {
			c.w.readTree(m) // archived from the -C directory
		} else {
			c.w.read(m)
		}
	}
}

// secondOperand: uniq IN OUT, xxd IN OUT write their second operand; both
// operands are accounted for.
func (c *cmd) secondOperand() {
	n := 0
	withArg := wordSet(" -f -s -w ") // uniq's
	if c.name == "xxd" {
		withArg = " -c -g -l -o -s -n -cols -groupsize -len -offset -seek -name "
	}
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		if withArg.has(a.s) {
			j++
			continue
		}
		if strings.HasPrefix(a.s, "-") && a.s != "-" {
			continue
		}
		if n == 1 {
			c.w.writeDir(a.s)
		}
		c.spend(j)
		n++
	}
}

// podCommand: kubectl exec POD -- CMD… (and run, debug) runs CMD in the pod,
// on its files: spent.
func (c *cmd) podCommand() {
	for j, a := range c.args {
		if a.s == "--" {
			for k := j + 1; k < len(c.args); k++ {
				c.spend(k)
			}
			return
		}
	}
}

// sshKeygen: ssh-keygen only reads in its showing modes (-l, -y, -e, -F,
// -Y verify…), and never shows a private key there: no reads. -R and -H
// rewrite the known-hosts file (-f, else ~/.ssh/known_hosts); making a
// key, -p, -c and the other modes write -f F (and F.pub). The words it
// does not account for are touched.
func (c *cmd) sshKeygen() {
	mode, file, fileAt := "", "", -1
	for j, a := range c.args {
		switch {
		case a.s == "-f" && j+1 < len(c.args):
			file, fileAt = c.args[j+1].s, j+1
		case strings.HasPrefix(a.s, "-f") && len(a.s) > 2:
			file, fileAt = a.s[2:], j
		case mode == "" && len(a.s) == 2 && a.s[0] == '-' && strings.IndexByte("lyeiFBDLQrRHYpckisAM", a.s[1]) >= 0:
			mode = a.s
			if mode == "-Y" && j+1 < len(c.args) && c.args[j+1].s == "sign" {
				mode = "-Ysign"
			}
		}
	}
	switch {
	case len(mode) == 2 && strings.IndexByte("lyeiFBDLQrY", mode[1]) >= 0:
		for j := range c.args {
			c.spend(j)
		}
		return
	case mode == "-R" || mode == "-H":
		if file == "" {
			file = "~/.ssh/known_hosts"
		}
		c.w.write(file)
	case mode == "-Ysign":
		// -Y sign -f KEY FILE…: writes FILE.sig beside each (touched).
	case file != "":
		c.w.writeDir(file)
		c.w.write(file + ".pub")
	}
	c.spend(fileAt)
}

// volumes: docker, podman and nerdctl run and create with -v SRC:DST,
// --volume and --mount source=SRC hand the host directory SRC to the
// container, which reads it whole and may write it: a recursive read, and
// a touch.
func (c *cmd) volumes() {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
		var src string
		switch {
		case (s == "-v" || s == "--volume" || s == "--mount") && j+1 < len(c.args):
			j++
			src = volumeSource(s, c.args[j].s)
		case strings.HasPrefix(s, "--volume=") || strings.HasPrefix(s, "--mount="):
			opt, v, _ := strings.Cut(s, "=")
			src = volumeSource(opt, v)
		case strings.HasPrefix(s, "-v") && len(s) > 2 && s[2] != '-':
			src = volumeSource("-v", s[2:])
		default:
			continue
		}
		if src != "" {
			c.w.readTree(src)
			c.w.touch(src)
		}
	}
}

// containerWithArg are the options of docker run, create and exec (and
// compose's) that take the next word.
const containerWithArg wordSet = " -a -c -e -h -l -m -p -u -v -w --add-host --attach --blkio-weight --cap-add --cap-drop " +
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
	j := 0
	if j < len(c.args) && c.args[j].s == "compose" {
		j++
	}
	if j >= len(c.args) || !containerRuns.has(c.args[j].s) {
		return
	}
	for j++; j < len(c.args); j++ {
		s := c.args[j].s
		switch {
		case s == "--":
			j++
		case containerWithArg.has(s):
			j++
			continue
		case strings.HasPrefix(s, "-"):
			continue
		}
		break // the image, container or service
	}
	for k := j + 1; k < len(c.args); k++ {
		c.spend(k)
	}
}

// containerRuns are the subcommands that run a command in a container.
const containerRuns wordSet = " run create exec "

// volumeSource returns the host path of a -v / --volume value SRC:DST[:OPT]
// or a --mount value type=bind,source=SRC,…; "" for a named volume.
func volumeSource(opt, v string) string {
	if opt == "--mount" {
		for _, f := range strings.Split(v, ",") {
			if k, val, ok := strings.Cut(f, "="); ok && (k == "source" || k == "src") {
				v = val
				break
			}
		}
		if strings.Contains(v, "=") {
			return ""
		}
	} else if i := strings.IndexByte(v, ':'); i == 1 && isLetter(v[0]) && len(v) > 2 && (v[2] == '\\' || v[2] == '/') {
		// C:\src:/x: a drive letter
		if k := strings.IndexByte(v[2:], ':'); k >= 0 {
			v = v[:2+k]
		}
	} else if i >= 0 {
		v = v[:i]
	}
	if v == "" || !pathLike(v) && v != "~" {
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
		return longOption(s, "--in-place") || s == "--in" || shortHas(s, 'i', "efl")
	case "perl", "ruby":
		return shortHas(s, 'i', "eEIMmxrCFIlSTWX")
	}
	return false
}

// shortHas reports whether s is a cluster of short options (-abc) holding
// flag before any option of withArg, whose value is the rest of the word.
func shortHas(s string, flag byte, withArg string) bool { return clusterIndex(s, flag, withArg) > 0 }

// clusterIndex returns where flag stands in s, a cluster of short options,
// before any option of withArg (whose value is the rest of the word); -1
// when it does not.
func clusterIndex(s string, flag byte, withArg string) int {
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return -1
	}
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == flag:
			return i
		case strings.IndexByte(withArg, s[i]) >= 0:
			return -1
		}
	}
	return -1
}

// optionValue returns the value of short option flag (in a cluster, -uo F
// or -uoF) or long option long (--output F, --output=F) at args[j], and the
// index of the last word it used.
func optionValue(args []word, j int, flag byte, withArg, long string) (string, int, bool) {
	s := args[j].s
	if long != "" && longOption(s, long) {
		if opt, v, ok := strings.Cut(s, "="); ok && opt != "" {
			return v, j, true
		}
		if j+1 < len(args) {
			return args[j+1].s, j + 1, true
		}
		return "", j, false
	}
	switch i := clusterIndex(s, flag, withArg); {
	case i < 0:
		return "", j, false
	case i+1 < len(s):
		return s[i+1:], j, true
	case j+1 < len(args):
		return args[j+1].s, j + 1, true
	}
	return "", j, false
}

// writeOption records as written the value of every short option flag or
// long option long in c's arguments: sort -o F, patch -o F.
func (c *cmd) writeOption(flag byte, withArg, long string) {
	for j := 0; j < len(c.args); j++ {
		if v, k, ok := optionValue(c.args, j, flag, withArg, long); ok {
			c.w.write(v)
			j = k
		}
	}
}

// copyWithArg returns the options of cp, mv, install, ln, rsync and scp
// that take the next word as their value.
func copyWithArg(name string) wordSet {
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
func hasTargetDir(args []word) bool {
	for _, a := range args {
		if targetOption(a.s) {
			return true
		}
	}
	return false
}

// targetOption reports whether s names cp/mv/install/ln's target directory:
// -t DIR, -tDIR, -vt DIR, --target-directory=DIR or an abbreviation of it
// (--target=DIR).
func targetOption(s string) bool {
	return shortHas(s, 't', "S") || longOption(s, "--target-directory")
}

// longOption reports whether s is long option name, or the shortest
// prefix getopt accepts for it (at least --xyz), with or without =value.
func longOption(s, name string) bool {
	opt, _, _ := strings.Cut(s, "=")
	return len(opt) >= 5 && strings.HasPrefix(name, opt)
}

// rm writes its options as -r, -f or -rf and gives each operand a line of
// its own, its path cleaned: rm -r -f ./a / is "rm -rf ./a" and "rm -rf /".
func (c *cmd) rm() {
	rec, force := false, false
	var ops []word
	opts := true
	for _, a := range c.args {
		s := a.s
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
			c.w.write(s)
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
		s := op.s
		if c.w.dir != "" && wholeDir(s) {
			s = under(c.w.dir, s) // cd / && rm -rf *
		}
		p := oneLine(c.w.canonPath(s))
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
	w := c.w
	script, file := -1, -1
	cflag, sflag := false, false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
		switch {
		case s == "--":
			if j+1 < len(c.args) && !cflag && !sflag {
				file = j + 1
			}
			j = len(c.args)
		case shellWithArg.has(s):
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
			j = len(c.args)
		}
	}
	if c.fedShell(script, file, sflag) {
		return
	}
	switch {
	case script >= 0:
		a := c.args[script]
		c.kinds[script] = argCode
		if a.sub != "" {
			c.rendered = a.sub + " | " + c.name + " -"
			if !a.known {
				c.runSub(a.sub, false) // sh -c "$(cat x.sh)"; known text is walked below
			}
		}
		if a.sub == "" || a.known {
			// The words after the script stay touches: what the script
			// does with them is analysed only as far as its $1… and "$@"
			// are known.
			w.scoped(func() {
				// sh -c 'cat "$1"' _ FILE: the words after the script
				// are $0, $1, … inside it.
				w.pos = &positional{zero: c.name}
				if pos := c.args[script+1:]; len(pos) > 0 {
					w.pos = &positional{zero: pos[0].s, args: wordTexts(pos[1:])}
				}
				saved := w.fedArgs // xargs sh -c 'bash "$1"' _: its $1… are fed
				w.fedArgs = ""
				if c.handed != nil && !c.handed.stdin {
					w.fedArgs = c.handed.by
					w.pos = nil // the runner appends them: not known
				}
				w.script(a.s, w.depth+1)
				w.fedArgs = saved
			})
		}
	case file >= 0 && !isStdin(c.args[file].s):
		a := c.args[file]
		if a.sub != "" {
			c.rendered = a.sub + " | " + c.name + " -"
			c.runSub(a.sub, false) // bash <(cat x.sh)
			return
		}
		w.read(a.s)
		c.spend(file) // read; the words after it are the script's, touched
		if t, ok := w.fileText(a.s, a.known, MaxScriptBytes, "a script"); ok {
			w.runScript(t, c.args[file:], false)
		}
	default:
		c.fromStdin = true
		switch {
		case c.stdin.sub != "":
			// bash <<< "$(curl …)", bash < <(curl …)
			c.rendered = c.stdin.sub + " | " + c.name + " -"
			c.runSub(c.stdin.sub, false)
		case c.stdin.known && c.stdin.text != "":
			w.scoped(func() { w.script(c.stdin.text, w.depth+1) })
		case c.stdin.file != "":
			// sh < x.sh
			w.read(c.stdin.file)
			if t, ok := w.fileText(c.stdin.file, true, MaxScriptBytes, "a script"); ok {
				w.runScript(t, nil, false)
			}
		}
	}
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

// isStdin reports whether a script file operand is standard input.
func isStdin(s string) bool {
	return s == "-" || s == "/dev/stdin" || s == "/dev/fd/0" || s == "/proc/self/fd/0"
}

// eval runs its arguments, joined, as a script in the current shell.
func (c *cmd) eval() {
	if len(c.args) > 0 && c.args[0].sub != "" && sameSub(c.args) {
		// eval "$(curl …)": what the substitution prints runs.
		for i := range c.kinds {
			c.kinds[i] = argCode
		}
		c.rendered = c.args[0].sub + " | sh -"
		if !allKnown(c.args) {
			c.runSub(c.args[0].sub, false) // eval "$(cat x.sh)"
			return
		}
	}
	if allKnown(c.args) {
		for i := range c.kinds {
			c.kinds[i] = argCode
		}
	}
	// eval "rm $X": what is known of the text runs; the parts not known
	// stay markers in the words of the script (the line shows them).
	c.w.script(joinWords(c.args), c.w.depth+1)
}

// sameSub reports whether all words come from the same substitution.
func sameSub(ws []word) bool {
	for _, x := range ws {
		if x.sub != ws[0].sub {
			return false
		}
	}
	return true
}

// source runs a file in the current shell; source <(curl …) runs what curl
// prints.
func (c *cmd) source() {
	if len(c.args) == 0 {
		return
	}
	if c.args[0].sub != "" {
		c.rendered = c.args[0].sub + " | sh -"
		c.runSub(c.args[0].sub, false) // source <(cat x.sh)
		return
	}
	if isStdin(c.args[0].s) {
		// curl … | source /dev/stdin: the shell runs what it reads.
		c.name = "sh"
		c.args, c.kinds = nil, nil
		c.shell()
		return
	}
	c.w.read(c.args[0].s)
	c.spend(0)
	if t, ok := c.w.fileText(c.args[0].s, c.args[0].known, MaxScriptBytes, "a script"); ok {
		c.w.runScript(t, c.args, true)
	}
}

// base64: --decode, -D and clusters holding d are written -d. Decoding
// known text (echo … | base64 -d), it prints known text.
func (c *cmd) base64() {
	decode := false
	for j, a := range c.args {
		s := a.s
		if s == "-D" || s == "--decode" || strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "--") && strings.Contains(s, "d") {
			c.args[j] = word{s: "-d", known: true}
			decode = true
		}
	}
	if decode && c.stdin.known && len(operands(c.args)) == 0 {
		if d, err := base64.StdEncoding.DecodeString(strings.TrimSpace(c.stdin.text)); err == nil {
			c.out = output{text: string(d), known: true}
		}
	}
	c.generic()
}
