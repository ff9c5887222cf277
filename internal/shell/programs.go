package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Variables whose values programs run (see walker.commandVar).
var (
	// commandVars hold a command that programs run with a shell (git,
	// less, man, sudo, ssh, the shell's prompt).
	commandVars = word.Set(" GIT_SSH_COMMAND GIT_SSH GIT_EXTERNAL_DIFF GIT_PAGER GIT_EDITOR GIT_SEQUENCE_EDITOR GIT_ASKPASS GIT_PROXY_COMMAND PAGER MANPAGER SYSTEMD_PAGER GH_PAGER ACK_PAGER ACK_PAGER_COLOR BAT_PAGER DELTA_PAGER GH_EDITOR KUBE_EDITOR EDITOR VISUAL LESSOPEN LESSCLOSE BROWSER PROMPT_COMMAND SSH_ASKPASS SUDO_ASKPASS SHELL ")
	// sourcedVars name a script a shell sources when it starts (bash -c
	// reads $BASH_ENV, sh -i $ENV).
	sourcedVars = word.Set(" BASH_ENV ENV ")
	// loadedVars name libraries every program started loads.
	loadedVars = word.Set(" LD_PRELOAD LD_AUDIT DYLD_INSERT_LIBRARIES ")
)

// Shells, and interpreters whose code may come in an argument or on
// standard input.
var (
	shells = word.Set(" sh bash zsh dash ksh mksh ash yash posh rbash fish ")
	// shellWithArg are shell options that take the next word.
	shellWithArg = word.Set(" -o +o -O +O --rcfile --init-file ")
)

// interp describes how an interpreter takes code.
type interp struct {
	code    word.Set // options whose value is code (python -c)
	cluster byte     // a short-option cluster ending in this letter takes code next (perl -ne)
	withArg word.Set // other options that take the next word
	program bool     // the first operand is the program (awk)
	loads   word.Set // options whose value is a file of code it loads first (node -r)
	sub     word.Set // subcommands before the program file (deno run)
}

// interpEntry is the interpreters table's entry for one interpreter.
type interpEntry struct {
	name string
	interp
}

// interpreters lists the interpreters, sorted by name
// (TestInterpretersSorted).
var interpreters = []interpEntry{
	{name: "awk", interp: interp{program: true, withArg: " -f -F -v -W --field-separator --assign "}},
	{name: "bun", interp: interp{code: " -e --eval -p --print ", sub: " run "}},
	{name: "deno", interp: interp{code: " eval ", sub: " run "}},
	{name: "gawk", interp: interp{program: true, withArg: " -f -F -v -W -e -i -l --field-separator --assign "}},
	{name: "lua", interp: interp{code: " -e ", withArg: " -l "}},
	{name: "luajit", interp: interp{code: " -e ", withArg: " -l -j -O "}},
	{name: "mawk", interp: interp{program: true, withArg: " -f -F -v -W "}},
	{name: "nawk", interp: interp{program: true, withArg: " -f -F -v "}},
	{name: "node", interp: interp{code: " -e --eval -p --print ", loads: " -r --require --import --loader "}},
	{name: "nodejs", interp: interp{code: " -e --eval -p --print ", loads: " -r --require --import --loader "}},
	{name: "osascript", interp: interp{code: " -e ", withArg: " -l "}},
	{name: "perl", interp: interp{code: " -e -E ", cluster: 'e', withArg: " -I -M -m -x "}},
	{name: "php", interp: interp{code: " -r ", withArg: " -c -d -f -z "}},
	{name: "pwsh", interp: interp{code: " -c -command -Command "}},
	{name: "pypy", interp: interp{code: " -c ", withArg: " -m -W -X "}},
	{name: "python", interp: interp{code: " -c ", withArg: " -m -W -X -Q "}},
	{name: "rscript", interp: interp{code: " -e "}},
	{name: "ruby", interp: interp{code: " -e ", withArg: " -I -C -E ", loads: " -r "}},
	{name: "ts-node", interp: interp{code: " -e --eval -p --print ", loads: " -r --require --import "}},
	{name: "tsx", interp: interp{code: " -e --eval -p --print ", loads: " -r --require --import "}},
}

// interpreterNamed returns how the interpreter called name takes code.
func interpreterNamed(name string) (interp, bool) {
	i, ok := slices.BinarySearchFunc(interpreters, name, func(e interpEntry, n string) int { return strings.Compare(e.name, n) })
	if !ok {
		return interp{}, false
	}
	return interpreters[i].interp, true
}

// interpreterOf returns the interpreter a program name stands for:
// python3.12 is python, perl5.36 is perl.
func interpreterOf(name string) (interp, bool) {
	if in, ok := interpreterNamed(name); ok {
		return in, true
	}
	base := strings.TrimRight(name, "0123456789.")
	for _, p := range []string{"python", "pypy", "perl", "ruby", "node", "php", "lua"} {
		if base == p {
			return interpreterNamed(p)
		}
	}
	return interp{}, false
}

// What arguments mean, per program.
var (
	// printers only print their arguments: every argument is data.
	printers = word.Set(" echo printf logger : true false notify-send say wall ")
	// testers only test whether a file exists or what it is: data too.
	testers = word.Set(" test [ [[ ")
	// writesAll: every argument is a file written (or removed).
	writesAll = word.Set(" rm rmdir unlink shred truncate touch chmod chown chgrp tee chattr mkdir ")
	// metaWriters change no file's text: what a file they write holds is
	// still known (chmod +x x.sh && ./x.sh runs what x.sh held).
	metaWriters = word.Set(" chmod chown chgrp touch chattr setfacl rm rmdir unlink shred mkdir ")
	// writesLast: the last argument is the destination, the others are read.
	writesLast = word.Set(" cp mv install ln rsync scp ")
	// keyUsers: the argument after -i is a key used, not shown.
	keyUsers = word.Set(" ssh scp sftp ssh-copy-id autossh ")
	// grepFamily take a pattern as their first operand.
	grepFamily = word.Set(" grep egrep fgrep zgrep rg ag ack pt ugrep ")
	// messageTools: version control and hosting CLIs whose message options
	// are data.
	messageTools = word.Set(" git hg svn jj bzr gh glab tea ")
	// hostTools contact the hosts among their operands.
	hostTools = word.Set(" ping ping6 traceroute traceroute6 tracepath mtr host nslookup dig whois http https xh xhs ")
	// ncFamily take a host operand and may run a program for the peer.
	ncFamily = word.Set(" nc ncat netcat ")
	// grepWithArg: grep-family options that take the next word (not the pattern).
	grepWithArg = word.Set(" -A -B -C -m -d -D --glob --iglob --type --type-not --type-add --threads --max-count --max-depth --max-filesize --context --after-context --before-context --replace --encoding --include --exclude --exclude-dir --color --colors --sort --sortr --ignore-file --label ")
	// rgWithArg: options of rg and the like that take the next word, but
	// are flags to grep.
	rgWithArg = word.Set(" -g -t -T -j -M -E -r --pre --pre-glob ")
	// findPatterns are find's options whose value is a name pattern.
	findPatterns = word.Set(" -name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname ")
	// findGlobal are find's options that do not narrow what it matches.
	findGlobal = word.Set(" -depth -d -xdev -mount -follow -noleaf -ignore_readdir_race -noignore_readdir_race -daystart -warn -nowarn -print -print0 -ls -delete -quit ")
	// findGlobalArg take a value.
	findGlobalArg = word.Set(" -maxdepth -mindepth -regextype -files0-from ")
	// findExec run a command: its words up to ; or +.
	findExec = word.Set(" -exec -execdir -ok -okdir ")
	// ncWithArg: options of nc and the like that take the next word.
	ncWithArg  = word.Set(" -p -s -w -x -X -i -q -W -I -O -T -V -M -m -g -G --source --source-port --wait --proxy --proxy-type --proxy-auth -o --output ")
	sshWithArg = word.Set(" -b -c -D -E -e -F -I -i -L -l -m -O -o -p -P -Q -R -S -W -w -J ")
	// messageOpts: options of version control and hosting CLIs whose
	// value is a message: data.
	messageOpts = word.Set(" -m --message --title -t --body -b --notes -n --description --comment --subject ")
	// logOpts: options of git log and the like whose value is data.
	logOpts = word.Set(" --grep -S -G --author --committer --format --pretty ")
	// deleters are the names of recursive deletes in interpreter code.
	deleters = []string{"rmtree", "rm_rf", "rm_r", "remove_tree", "rimraf", "remove_entry_secure", "remove_entry", "remove_dir",
		"rmSync", "rmdirSync", ".rm("}
)
