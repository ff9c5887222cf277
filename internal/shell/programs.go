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
	// none: its operands are not a command (su USER, script FILE); it
	// runs one through script, cmdAfter or cmdWith options.
	none     bool
	cmdAfter wordSet // options after which the remaining words are the command (xterm -e)
	cmdWith  wordSet // options taking a value that make its operands the command (runuser -u USER)
	prog     wordSet // options whose value is a program it runs (su -s PROG)
	env      wordSet // options whose value is NAME=VALUE, set for the command (systemd-run -E)
	// shell: given no command, it runs a shell, which reads its commands on
	// standard input (echo CMD | su) or takes the operands after the
	// first (su USER ARGS); shellOpts make it do so (sudo -s).
	shell     bool
	shellOpts wordSet
	writes    bool    // its operands are files it writes (script's typescript)
	exec      wordSet // options that make the remaining words a command, not a script (watch -x)
	// sub: the subcommand that makes it a prefix (poetry run, bundle
	// exec); with another first word it is a program of its own.
	sub string
	// pyFile: a command that is a .py file runs with python (uv run x.py).
	pyFile    bool
	writeOpts wordSet // options whose value is a file it writes (time -o F)
	// lock: its operand is a file it opens, creating it (flock F): a touch.
	lock  bool
	chdir wordSet // options whose value is the directory it runs the command in (env -C)
}

// prefixOf returns what a prefix command is, or false for another name.
func prefixOf(name string) (prefix, bool) {
	switch name {
	case "sudo":
		return prefix{withArg: wordSet(" -u -g -C -D -h -p -r -t -U -T -R --user --group --chdir --prompt --role --type --other-user --close-from --host --command-timeout "),
			assigns: true, shellOpts: wordSet(" -s -i --shell --login "),
			chdir: wordSet(" -D --chdir ")}, true
	case "doas":
		return prefix{withArg: wordSet(" -u -C ")}, true
	case "env":
		return prefix{withArg: wordSet(" -u -C --unset --chdir "), assigns: true, split: wordSet(" -S --split-string "),
			chdir: wordSet(" -C --chdir ")}, true
	case "command":
		return prefix{noRun: wordSet(" -v -V ")}, true
	case "builtin", "nohup", "setsid", "busybox", "unbuffer", "torsocks", "fakeroot", "firejail":
		return prefix{}, true
	case "exec":
		return prefix{withArg: wordSet(" -a ")}, true
	case "nice":
		return prefix{withArg: wordSet(" -n --adjustment ")}, true
	case "time":
		return prefix{withArg: wordSet(" -f -o --format --output "), writeOpts: wordSet(" -o --output ")}, true
	case "timeout":
		return prefix{withArg: wordSet(" -s -k --signal --kill-after "), operands: 1}, true
	case "stdbuf":
		return prefix{withArg: wordSet(" -i -o -e ")}, true
	case "ionice":
		return prefix{withArg: wordSet(" -c -n -p --class --classdata --pid ")}, true
	case "chrt", "taskset":
		return prefix{operands: 1}, true
	case "chroot":
		return prefix{withArg: wordSet(" --userspec --groups "), operands: 1}, true
	case "flock":
		return prefix{withArg: wordSet(" -w -E --timeout --conflict-exit-code "), operands: 1, script: wordSet(" -c --command "), lock: true}, true
	case "proxychains", "proxychains4":
		return prefix{withArg: wordSet(" -f ")}, true
	case "su":
		// su [-] [USER [ARGS…]]: ARGS go to the user's shell.
		return prefix{withArg: wordSet(" -g -G -w --group --supp-group --whitelist-environment "), prog: wordSet(" -s --shell "),
			script: wordSet(" -c --command --session-command "), none: true, shell: true, operands: 1}, true
	case "runuser":
		// runuser -u USER CMD…, or su's form.
		return prefix{withArg: wordSet(" -g -G -w --group --supp-group --whitelist-environment "), prog: wordSet(" -s --shell "),
			script: wordSet(" -c --command --session-command "), cmdWith: wordSet(" -u --user "), none: true, shell: true, operands: 1}, true
	case "sg":
		return prefix{script: wordSet(" -c "), operands: 1, rest: true}, true // sg GROUP [-c] CMD: a script
	case "watch":
		return prefix{withArg: wordSet(" -n --interval -q --equexit "), rest: true, exec: wordSet(" -x --exec ")}, true
	case "systemd-run":
		return prefix{withArg: wordSet(" -p --property -u --unit --description --slice -M --machine -H --host --uid --gid --nice --working-directory --on-active --on-boot --on-startup --on-unit-active --on-unit-inactive --on-calendar --timer-property --path-property --socket-property --service-type "),
			env: wordSet(" -E --setenv "), shellOpts: wordSet(" -S --shell ")}, true
	case "pkexec":
		return prefix{withArg: wordSet(" --user ")}, true
	case "unshare":
		return prefix{withArg: wordSet(" -S -G -R -w --setuid --setgid --root --wd --propagation --setgroups ")}, true
	case "nsenter":
		return prefix{withArg: wordSet(" -t -S -G -r -w --target --setuid --setgid --root --wd ")}, true
	case "uv":
		return prefix{sub: "run", pyFile: true, withArg: wordSet(" --with --with-requirements --python -p --project --directory --env-file --extra --group --package --index --index-url --from ")}, true
	case "poetry", "pipenv":
		return prefix{sub: "run"}, true
	case "bundle":
		return prefix{sub: "exec"}, true
	case "npx":
		return prefix{withArg: wordSet(" -p --package "), script: wordSet(" -c --call ")}, true
	case "xterm", "uxterm", "urxvt", "rxvt", "konsole", "alacritty", "x-terminal-emulator":
		return prefix{none: true, cmdAfter: wordSet(" -e --command ")}, true
	case "gnome-terminal", "xfce4-terminal", "mate-terminal":
		return prefix{script: wordSet(" -e --command "), cmdAfter: wordSet(" -x --execute ")}, true
	case "strace":
		return prefix{withArg: wordSet(" -o -p -e -s -u -E -P -a -b -I -O -S -X "), writeOpts: wordSet(" -o ")}, true
	case "ltrace":
		return prefix{withArg: wordSet(" -o -p -e -s -u -a -n -A -D -F -l "), writeOpts: wordSet(" -o ")}, true
	case "caffeinate":
		return prefix{withArg: wordSet(" -t -w ")}, true
	case "script":
		// script [-c CMD] [FILE]: FILE is the typescript it writes.
		return prefix{withArg: wordSet(" -E -I -O -T -B -m --echo --log-in --log-out --log-io --log-timing --logging-format --output-limit "),
			script: wordSet(" -c --command "), none: true, shell: true, writes: true,
			writeOpts: wordSet(" -I -O -T -B --log-in --log-out --log-io --log-timing ")}, true
	case "xvfb-run":
		return prefix{withArg: wordSet(" -n -s -e -f -p --server-num --server-args --error-file --auth-file "),
			writeOpts: wordSet(" -e -f --error-file --auth-file ")}, true
	}
	return prefix{}, false
}

// Variables whose values programs run (see walker.commandVar).
var (
	// commandVars hold a command that programs run with a shell (git,
	// less, man, sudo, ssh, the shell's prompt).
	commandVars = wordSet(" GIT_SSH_COMMAND GIT_SSH GIT_EXTERNAL_DIFF GIT_PAGER GIT_EDITOR GIT_SEQUENCE_EDITOR GIT_ASKPASS GIT_PROXY_COMMAND PAGER MANPAGER SYSTEMD_PAGER GH_PAGER ACK_PAGER ACK_PAGER_COLOR BAT_PAGER DELTA_PAGER GH_EDITOR KUBE_EDITOR EDITOR VISUAL LESSOPEN LESSCLOSE BROWSER PROMPT_COMMAND SSH_ASKPASS SUDO_ASKPASS SHELL ")
	// sourcedVars name a script a shell sources when it starts (bash -c
	// reads $BASH_ENV, sh -i $ENV).
	sourcedVars = wordSet(" BASH_ENV ENV ")
	// loadedVars name libraries every program started loads.
	loadedVars = wordSet(" LD_PRELOAD LD_AUDIT DYLD_INSERT_LIBRARIES ")
)

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
	loads   wordSet // options whose value is a file of code it loads first (node -r)
	sub     wordSet // subcommands before the program file (deno run)
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
		return interp{code: wordSet(" -e "), withArg: wordSet(" -I -C -E "), loads: wordSet(" -r ")}, true
	case "node", "nodejs":
		return interp{code: wordSet(" -e --eval -p --print "), loads: wordSet(" -r --require --import --loader ")}, true
	case "tsx", "ts-node":
		return interp{code: wordSet(" -e --eval -p --print "), loads: wordSet(" -r --require --import ")}, true
	case "bun":
		return interp{code: wordSet(" -e --eval -p --print "), sub: wordSet(" run ")}, true
	case "deno":
		return interp{code: wordSet(" eval "), sub: wordSet(" run ")}, true
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
	// metaWriters change no file's text: what a file they write holds is
	// still known (chmod +x x.sh && ./x.sh runs what x.sh held).
	metaWriters = wordSet(" chmod chown chgrp touch chattr setfacl rm rmdir unlink shred mkdir ")
	// writesLast: the last argument is the destination, the others are read.
	writesLast = wordSet(" cp mv install ln rsync scp ")
	// keyUsers: the argument after -i is a key used, not shown.
	keyUsers = wordSet(" ssh scp sftp ssh-copy-id autossh ")
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
	// ncWithArg: options of nc and the like that take the next word.
	ncWithArg  = wordSet(" -p -s -w -x -X -i -q -W -I -O -T -V -M -m -g -G --source --source-port --wait --proxy --proxy-type --proxy-auth -o --output ")
	sshWithArg = wordSet(" -b -c -D -E -e -F -I -i -L -l -m -O -o -p -P -Q -R -S -W -w -J ")
	// messageOpts: options of version control and hosting CLIs whose
	// value is a message: data.
	messageOpts = wordSet(" -m --message --title -t --body -b --notes -n --description --comment --subject ")
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
