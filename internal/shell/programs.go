package shell

import "strings"

// wordSet is a set of words written as one string, each word between
// spaces: a table that costs nothing at start-up (the hook path is a new
// process for every call).
type wordSet string

// has reports whether w is one of the words.
func (l wordSet) has(w string) bool {
	if w == "" || strings.ContainsRune(w, ' ') {
		return false
	}
	i := strings.Index(string(l), w)
	for i >= 0 {
		if i > 0 && i+len(w) < len(l) && l[i-1] == ' ' && l[i+len(w)] == ' ' {
			return true
		}
		j := strings.Index(string(l[i+1:]), w)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// prefix describes a command that runs another command given as its
// arguments (sudo rm -rf /).
type prefix struct {
	withArg  wordSet // options that take the next word
	operands int     // operands before the command: timeout 5, chroot /srv
	assigns  bool    // NAME=value words may come before the command (env)
	script   wordSet // options whose value is a shell script (su -c)
	split    wordSet // options whose value is split into the command (env -S)
	rest     bool    // the remaining words are a script (watch)
	noRun    wordSet // options that make it not run the command (command -v)
	chdir    wordSet // options whose value is the directory it runs the command in (env -C)
}

// prefixOf returns what a prefix command is, or false for another name.
func prefixOf(name string) (prefix, bool) {
	switch name {
	case "sudo":
		return prefix{withArg: wordSet(" -u -g -C -D -h -p -r -t -U -T -R --user --group --chdir --prompt --role --type --other-user --close-from --host --command-timeout "),
			chdir: wordSet(" -D --chdir ")}, true
	case "doas":
		return prefix{withArg: wordSet(" -u -C ")}, true
	case "env":
		return prefix{withArg: wordSet(" -u -C --unset --chdir "), assigns: true, split: wordSet(" -S --split-string "),
			chdir: wordSet(" -C --chdir ")}, true
	case "command":
		return prefix{noRun: wordSet(" -v -V ")}, true
	case "builtin":
		return prefix{}, true
	case "exec":
		return prefix{withArg: wordSet(" -a ")}, true
	case "nice":
		return prefix{withArg: wordSet(" -n --adjustment ")}, true
	case "nohup":
		return prefix{}, true
	case "setsid":
		return prefix{}, true
	case "time":
		return prefix{withArg: wordSet(" -f -o --format --output ")}, true
	case "timeout":
		return prefix{withArg: wordSet(" -s -k --signal --kill-after "), operands: 1}, true
	case "stdbuf":
		return prefix{withArg: wordSet(" -i -o -e ")}, true
	case "ionice":
		return prefix{withArg: wordSet(" -c -n -p --class --classdata --pid ")}, true
	case "chrt":
		return prefix{operands: 1}, true
	case "taskset":
		return prefix{operands: 1}, true
	case "chroot":
		return prefix{withArg: wordSet(" --userspec --groups "), operands: 1}, true
	case "flock":
		return prefix{withArg: wordSet(" -w -E --timeout --conflict-exit-code "), operands: 1, script: wordSet(" -c --command ")}, true
	case "busybox":
		return prefix{}, true
	case "unbuffer":
		return prefix{}, true
	case "torsocks":
		return prefix{}, true
	case "proxychains":
		return prefix{withArg: wordSet(" -f ")}, true
	case "proxychains4":
		return prefix{withArg: wordSet(" -f ")}, true
	case "su":
		return prefix{withArg: wordSet(" -s -g -G --shell --group --supp-group "), script: wordSet(" -c --command ")}, true
	case "runuser":
		return prefix{withArg: wordSet(" -u -g -G -s --user --group --shell "), script: wordSet(" -c --command ")}, true
	case "watch":
		return prefix{withArg: wordSet(" -n --interval -q --equexit "), rest: true}, true
	case "strace":
		return prefix{withArg: wordSet(" -o -p -e -s -u -E -P -a -b -I -O -S -X ")}, true
	case "ltrace":
		return prefix{withArg: wordSet(" -o -p -e -s -u -a -n -A -D -F -l ")}, true
	case "caffeinate":
		return prefix{withArg: wordSet(" -t -w ")}, true
	case "fakeroot":
		return prefix{}, true
	case "script":
		return prefix{withArg: wordSet(" -E -I -O -T -B -m --echo --log-in --log-out --log-timing --logging-format "), script: wordSet(" -c --command ")}, true
	case "firejail":
		return prefix{}, true
	case "xvfb-run":
		return prefix{withArg: wordSet(" -n -s -e -f -p --server-num --server-args --error-file --auth-file ")}, true
	}
	return prefix{}, false
}

// Shells, and interpreters whose code may come in an argument or on
// standard input.
var (
	shells = wordSet(" sh bash zsh dash ksh mksh ash yash posh rbash fish ")
	// shellWithArg are shell options that take the next word.
	shellWithArg = wordSet(" -o +o -O +O --rcfile --init-file ")
)

// interp describes how an interpreter takes code.
type interp struct {
	code    wordSet // options whose value is code (python -c)
	cluster byte    // a short-option cluster ending in this letter takes code next (perl -ne)
	withArg wordSet // other options that take the next word
	program bool    // the first operand is the program (awk)
}

// interpreterNamed returns how the interpreter called name takes code.
func interpreterNamed(name string) (interp, bool) {
	switch name {
	case "python":
		return interp{code: wordSet(" -c "), withArg: wordSet(" -m -W -X -Q ")}, true
	case "pypy":
		return interp{code: wordSet(" -c "), withArg: wordSet(" -m -W -X ")}, true
	case "perl":
		return interp{code: wordSet(" -e -E "), cluster: 'e', withArg: wordSet(" -I -M -m -x ")}, true
	case "ruby":
		return interp{code: wordSet(" -e "), withArg: wordSet(" -I -r -C -E ")}, true
	case "node":
		return interp{code: wordSet(" -e --eval -p --print "), withArg: wordSet(" -r --require --import --loader ")}, true
	case "nodejs":
		return interp{code: wordSet(" -e --eval -p --print "), withArg: wordSet(" -r --require ")}, true
	case "bun":
		return interp{code: wordSet(" -e --eval -p --print ")}, true
	case "deno":
		return interp{code: wordSet(" eval ")}, true
	case "php":
		return interp{code: wordSet(" -r "), withArg: wordSet(" -c -d -f -z ")}, true
	case "lua":
		return interp{code: wordSet(" -e "), withArg: wordSet(" -l ")}, true
	case "luajit":
		return interp{code: wordSet(" -e "), withArg: wordSet(" -l -j -O ")}, true
	case "rscript":
		return interp{code: wordSet(" -e ")}, true
	case "osascript":
		return interp{code: wordSet(" -e "), withArg: wordSet(" -l ")}, true
	case "pwsh":
		return interp{code: wordSet(" -c -command -Command ")}, true
	case "awk":
		return interp{program: true, withArg: wordSet(" -f -F -v -W --field-separator --assign ")}, true
	case "gawk":
		return interp{program: true, withArg: wordSet(" -f -F -v -W -e -i -l --field-separator --assign ")}, true
	case "mawk":
		return interp{program: true, withArg: wordSet(" -f -F -v -W ")}, true
	case "nawk":
		return interp{program: true, withArg: wordSet(" -f -F -v ")}, true
	}
	return interp{}, false
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
	printers = wordSet(" echo printf logger : true false notify-send say wall ")
	// testers only test whether a file exists or what it is: data too.
	testers = wordSet(" test [ [[ ")
	// writesAll: every argument is a file written (or removed).
	writesAll = wordSet(" rm rmdir unlink shred truncate touch chmod chown chgrp tee chattr mkdir ")
	// writesSecond write their second operand (uniq IN OUT, xxd -r IN OUT).
	writesSecond = wordSet(" uniq xxd ")
	// hostTools contact the hosts among their operands.
	hostTools = wordSet(" ping ping6 traceroute traceroute6 tracepath mtr host nslookup dig whois http https xh xhs ")
	// writesLast: the last argument is the destination, the others are read.
	writesLast = wordSet(" cp mv install ln rsync scp ")
	// keyUsers: the argument after -i is a key used, not shown.
	keyUsers = wordSet(" ssh scp sftp ssh-copy-id autossh ")
	// keyTools never show a private key's content.
	keyTools = wordSet(" ssh-add ssh-keygen ")
	// grepFamily take a pattern as their first operand.
	grepFamily = wordSet(" grep egrep fgrep zgrep rg ag ack pt ugrep ")
	// grepWithArg: grep-family options that take the next word (not the pattern).
	grepWithArg = wordSet(" -A -B -C -m -d -D --glob --iglob --type --type-not --type-add --threads --max-count --max-depth --max-filesize --context --after-context --before-context --replace --encoding --include --exclude --exclude-dir --color --colors --sort --sortr --ignore-file --label ")
	// rgWithArg: options of rg and the like that take the next word, but
	// are flags to grep.
	rgWithArg = wordSet(" -g -t -T -j -M -E -r --pre --pre-glob ")
	// findPatterns are find's options whose value is a name pattern.
	findPatterns = wordSet(" -name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname ")
	// findGlobal are find's options that do not narrow what it matches.
	findGlobal = wordSet(" -depth -d -xdev -mount -follow -noleaf -ignore_readdir_race -noignore_readdir_race -daystart -warn -nowarn -print -print0 -ls -delete -quit ")
	// findGlobalArg take a value.
	findGlobalArg = wordSet(" -maxdepth -mindepth -regextype -files0-from ")
	// findExec run a command: its words up to ; or +.
	findExec = wordSet(" -exec -execdir -ok -okdir ")
	// ncFamily take a host operand and may run a program for the peer.
	ncFamily   = wordSet(" nc ncat netcat ")
	ncWithArg  = wordSet(" -p -s -w -x -X -i -q -W -I -O -T -V -M -m -g -G --source --source-port --wait --proxy --proxy-type --proxy-auth -o --output ")
	sshWithArg = wordSet(" -b -c -D -E -e -F -I -i -L -l -m -O -o -p -P -Q -R -S -W -w -J ")
	// messageTools: version control and hosting CLIs whose message options
	// are data.
	messageTools = wordSet(" git hg svn jj bzr gh glab tea ")
	messageOpts  = wordSet(" -m --message --title -t --body -b --notes -n --description --comment --subject ")
	// logOpts: options of git log and the like whose value is data.
	logOpts = wordSet(" --grep -S -G --author --committer --format --pretty ")
	// deleters are the names of recursive deletes in interpreter code.
	deleters = []string{"rmtree", "rm_rf", "rm_r", "remove_tree", "rimraf", "remove_entry_secure", "remove_entry", "remove_dir",
		"rmSync", "rmdirSync", ".rm("}
)

// base returns a program word's name as it is run: the directory stripped,
// lower case (/bin/RM is rm on a case-insensitive file system).
func base(s string) string {
	if i := strings.LastIndexAny(s, `/\`); i >= 0 && i < len(s)-1 {
		s = s[i+1:]
	}
	return strings.ToLower(s)
}
