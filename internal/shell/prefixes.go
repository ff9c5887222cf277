package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// prefix describes a command that runs another command given as its
// arguments (sudo rm -rf /).
type prefix struct {
	withArg  word.Set // options that take the next word
	operands int      // operands before the command: timeout 5, chroot /srv
	assigns  bool     // NAME=value words may come before the command (env)
	script   word.Set // options whose value is a shell script (su -c)
	split    word.Set // options whose value is split into the command (env -S)
	rest     bool     // the remaining words are a script (watch)
	noRun    word.Set // options that make it not run the command (command -v)
	// none: its operands are not a command (su USER, script FILE); it
	// runs one through script, cmdAfter or cmdWith options.
	none     bool
	cmdAfter word.Set // options after which the remaining words are the command (xterm -e)
	cmdWith  word.Set // options taking a value that make its operands the command (runuser -u USER)
	prog     word.Set // options whose value is a program it runs (su -s PROG)
	env      word.Set // options whose value is NAME=VALUE, set for the command (systemd-run -E)
	// shell: given no command, it runs a shell, which reads its commands on
	// standard input (echo CMD | su) or takes the operands after the
	// first (su USER ARGS); shellOpts make it do so (sudo -s).
	shell     bool
	shellOpts word.Set
	writes    bool     // its operands are files it writes (script's typescript)
	exec      word.Set // options that make the remaining words a command, not a script (watch -x)
	// sub: the subcommand that makes it a prefix (poetry run, bundle
	// exec); with another first word it is a program of its own.
	sub string
	// pyFile: a command that is a .py file runs with python (uv run x.py).
	pyFile    bool
	writeOpts word.Set // options whose value is a file it writes (time -o F)
	// lock: its operand is a file it opens, creating it (flock F): a touch.
	lock  bool
	chdir word.Set // options whose value is the directory it runs the command in (env -C)
}

// prefixEntry is the prefixes table's entry for one prefix command.
type prefixEntry struct {
	name string
	prefix
}

// Prefixes shared by several entries.
var (
	// terminal: xterm -e CMD…, xterm -e 'CMD ARGS'.
	terminal = prefix{none: true, cmdAfter: " -e --command "}
	// vteTerminal: gnome-terminal -e 'CMD ARGS' (a script), -x CMD….
	vteTerminal = prefix{script: " -e --command ", cmdAfter: " -x --execute "}
)

// prefixes lists the prefix commands, sorted by name (TestPrefixesSorted).
var prefixes = []prefixEntry{
	{name: "alacritty", prefix: terminal},
	{name: "builtin"},
	{name: "bundle", prefix: prefix{sub: "exec"}},
	{name: "busybox"},
	{name: "caffeinate", prefix: prefix{withArg: " -t -w "}},
	{name: "chroot", prefix: prefix{withArg: " --userspec --groups ", operands: 1}},
	{name: "chrt", prefix: prefix{operands: 1}},
	{name: "command", prefix: prefix{noRun: " -v -V "}},
	{name: "doas", prefix: prefix{withArg: " -u -C "}},
	{name: "env", prefix: prefix{withArg: " -u -C --unset --chdir ", assigns: true, split: " -S --split-string ", chdir: " -C --chdir "}},
	{name: "exec", prefix: prefix{withArg: " -a "}},
	{name: "fakeroot"},
	{name: "firejail"},
	{name: "flock", prefix: prefix{withArg: " -w -E --timeout --conflict-exit-code ", operands: 1, script: " -c --command ", lock: true}},
	{name: "gnome-terminal", prefix: vteTerminal},
	{name: "ionice", prefix: prefix{withArg: " -c -n -p --class --classdata --pid "}},
	{name: "konsole", prefix: terminal},
	{name: "ltrace", prefix: prefix{withArg: " -o -p -e -s -u -a -n -A -D -F -l ", writeOpts: " -o "}},
	{name: "mate-terminal", prefix: vteTerminal},
	{name: "nice", prefix: prefix{withArg: " -n --adjustment "}},
	{name: "nohup"},
	{name: "npx", prefix: prefix{withArg: " -p --package ", script: " -c --call "}},
	{name: "nsenter", prefix: prefix{withArg: " -t -S -G -r -w --target --setuid --setgid --root --wd "}},
	{name: "pipenv", prefix: prefix{sub: "run"}},
	{name: "pkexec", prefix: prefix{withArg: " --user "}},
	{name: "poetry", prefix: prefix{sub: "run"}},
	{name: "proxychains", prefix: prefix{withArg: " -f "}},
	{name: "proxychains4", prefix: prefix{withArg: " -f "}},
	// runuser -u USER CMD…, or su's form.
	{name: "runuser", prefix: prefix{withArg: " -g -G -w --group --supp-group --whitelist-environment ", prog: " -s --shell ",
		script: " -c --command --session-command ", cmdWith: " -u --user ", none: true, shell: true, operands: 1}},
	{name: "rxvt", prefix: terminal},
	// script [-c CMD] [FILE]: FILE is the typescript it writes.
	{name: "script", prefix: prefix{withArg: " -E -I -O -T -B -m --echo --log-in --log-out --log-io --log-timing --logging-format --output-limit ",
		script: " -c --command ", none: true, shell: true, writes: true,
		writeOpts: " -I -O -T -B --log-in --log-out --log-io --log-timing "}},
	{name: "setsid"},
	// sg GROUP [-c] CMD: a script.
	{name: "sg", prefix: prefix{script: " -c ", operands: 1, rest: true}},
	{name: "stdbuf", prefix: prefix{withArg: " -i -o -e "}},
	{name: "strace", prefix: prefix{withArg: " -o -p -e -s -u -E -P -a -b -I -O -S -X ", writeOpts: " -o "}},
	// su [-] [USER [ARGS…]]: ARGS go to the user's shell.
	{name: "su", prefix: prefix{withArg: " -g -G -w --group --supp-group --whitelist-environment ", prog: " -s --shell ",
		script: " -c --command --session-command ", none: true, shell: true, operands: 1}},
	{name: "sudo", prefix: prefix{withArg: " -u -g -C -D -h -p -r -t -U -T -R --user --group --chdir --prompt --role --type --other-user --close-from --host --command-timeout ",
		assigns: true, shellOpts: " -s -i --shell --login ", chdir: " -D --chdir "}},
	{name: "systemd-run", prefix: prefix{withArg: " -p --property -u --unit --description --slice -M --machine -H --host --uid --gid --nice --working-directory --on-active --on-boot --on-startup --on-unit-active --on-unit-inactive --on-calendar --timer-property --path-property --socket-property --service-type ",
		env: " -E --setenv ", shellOpts: " -S --shell "}},
	{name: "taskset", prefix: prefix{operands: 1}},
	{name: "time", prefix: prefix{withArg: " -f -o --format --output ", writeOpts: " -o --output "}},
	{name: "timeout", prefix: prefix{withArg: " -s -k --signal --kill-after ", operands: 1}},
	{name: "torsocks"},
	{name: "unbuffer"},
	{name: "unshare", prefix: prefix{withArg: " -S -G -R -w --setuid --setgid --root --wd --propagation --setgroups "}},
	{name: "urxvt", prefix: terminal},
	{name: "uv", prefix: prefix{sub: "run", pyFile: true,
		withArg: " --with --with-requirements --python -p --project --directory --env-file --extra --group --package --index --index-url --from "}},
	{name: "uxterm", prefix: terminal},
	{name: "watch", prefix: prefix{withArg: " -n --interval -q --equexit ", rest: true, exec: " -x --exec "}},
	{name: "x-terminal-emulator", prefix: terminal},
	{name: "xfce4-terminal", prefix: vteTerminal},
	{name: "xterm", prefix: terminal},
	{name: "xvfb-run", prefix: prefix{withArg: " -n -s -e -f -p --server-num --server-args --error-file --auth-file ",
		writeOpts: " -e -f --error-file --auth-file "}},
}

// prefixOf returns what a prefix command is, or false for another name.
func prefixOf(name string) (prefix, bool) {
	i, ok := slices.BinarySearchFunc(prefixes, name, func(e prefixEntry, n string) int { return strings.Compare(e.name, n) })
	if !ok {
		return prefix{}, false
	}
	return prefixes[i].prefix, true
}
