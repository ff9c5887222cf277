package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Prefix describes a command that runs another command given as its
// arguments (sudo rm -rf /).
type Prefix struct {
	WithArg  word.Set // options that take the next word
	Operands int      // operands before the command: timeout 5, chroot /srv
	Assigns  bool     // NAME=value words may come before the command (env)
	script   word.Set // options whose value is a shell script (su -c)
	Split    word.Set // options whose value is split into the command (env -S)
	Rest     bool     // the remaining words are a script (watch)
	RestOpts word.Set // options that make the remaining words a script (env-cmd --use-shell)
	NoRun    word.Set // options that make it not run the command (command -v)
	// Edit are options that make it edit its operands in the user's
	// editor, as sudoedit does (sudo -e, --edit).
	Edit word.Set
	// None: its operands are not a command (su USER, script FILE); it
	// runs one through script, cmdAfter or cmdWith options.
	None     bool
	CmdAfter word.Set // options after which the remaining words are the command (xterm -e)
	CmdWith  word.Set // options taking a value that make its operands the command (runuser -u USER)
	Prog     word.Set // options whose value is a program it runs (su -s PROG)
	Env      word.Set // options whose value is NAME=VALUE, set for the command (systemd-run -E)
	// EnvFiles are the options whose value is a file of NAME=VALUE lines
	// set for the command (uv run --env-file F), EnvDirs those whose value
	// is a directory whose every file sets the variable it is named after
	// (chpst -e DIR); EnvDir: its operand is one (envdir DIR CMD).
	EnvFiles, EnvDirs word.Set
	EnvDir            bool
	// EnvHidden are the options whose value sets the command's
	// environment from what guard does not read (env-cmd -e NAMES from
	// its JSON rc file).
	EnvHidden word.Set
	// EnvDefault: the file of NAME=VALUE lines it reads when no EnvFiles
	// option names one (dotenv run: .env).
	EnvDefault string
	// Verb: a word after its options that it takes as its subcommand, the
	// command after it (python-dotenv's dotenv -f F run CMD); Verbs its
	// other subcommands, which run nothing but read and write its file
	// of NAME=VALUE lines (dotenv -f F set NAME VALUE).
	Verb  string
	Verbs word.Set
	// Clears are the options that start the command with no environment
	// (env -i, exec -c): no HOME there, so a shell's ~ is the passwd
	// entry's home; Unsets those whose value names a variable removed
	// from it (env -u NAME).
	Clears, Unsets word.Set
	// Shell: given no command, it runs a Shell, which reads its commands on
	// standard input (echo CMD | su) or takes the operands after the
	// first (su USER ARGS); shellOpts make it do so (sudo -s).
	Shell     bool
	ShellOpts word.Set
	Writes    bool     // its operands are files it writes (script's typescript)
	Exec      word.Set // options that make the remaining words a command, not a script (watch -x)
	// Sub: the subcommand that makes it a prefix (poetry run, bundle
	// exec); with another first word it is a program of its own.
	Sub string
	// PyFile: a command that is a .py file runs with python (uv run x.py).
	PyFile bool
	// Module: options after which the command is a python module it runs
	// (uv run -m http.server is python3 -m http.server).
	Module    word.Set
	WriteOpts word.Set // options whose value is a file it writes (time -o F)
	// PipeOpts are the WriteOpts whose value, when it begins with | or !,
	// is a shell command it pipes its output into (strace -o '|CMD').
	PipeOpts word.Set
	// Execs: it execs the command (or runs it and exits with its status),
	// so the command's exit status is its own (env, nice, nohup): not
	// timeout (124 once its time is up, after the command printed), not
	// a prefix that runs it in a child and has a status of its own.
	Execs bool
	// Lock: its operand is a file it opens, creating it (flock F): a touch.
	Lock  bool
	Chdir word.Set // options whose value is the directory it runs the command in (env -C)
	// Moves are the options that start the command in a directory guard
	// cannot tell: the target process's working directory
	// or the root of its mount namespace (nsenter -w, -m), a new root
	// (unshare -R). An option in both Chdir and Moves takes its value only
	// glued (nsenter --wd=DIR, -wDIR); alone it is a Moves option.
	Moves word.Set
	// Login are the options that make it a login shell, which starts in
	// the target user's home (sudo -i, su -, runuser -l). Home: it always
	// does (machinectl shell). Guard's rules name the user's own home:
	// another user's home holds none of them, so the home is ~.
	Login word.Set
	Home  bool
	// Moved: it always starts the command in a directory guard cannot
	// tell: the same path in a container or the home
	// when it is missing there (toolbox run, distrobox enter), the target
	// user's home (pkexec).
	Moved bool
	// Root: its operand is the new root directory, which it runs the
	// command in (chroot DIR CMD: relative names are under DIR).
	Root bool
	// Sources: the file, in the directory its operand names, whose shell
	// code it runs before the command (direnv exec DIR: DIR/.envrc).
	Sources string
	// Dir is where it runs the command, as its own rule (unit.go).
	Dir DirRule
	// Cluster, when set, are the letters of its short options that take
	// no value: its short options cluster as getopt reads them, a valued
	// one (withArg, split) taking the rest of the word or the next one
	// (env -iS STRING, -uNAME).
	Cluster string
	// Flags, when set, are all its options that take no value: its row
	// then lists every option it accepts, and its words are read as its
	// getopt_long reads them (prefixopts.go): clusters, a value glued
	// (-oF, --output=F), unique prefixes of long options. Optional are
	// the options whose value is only ever glued (script -tFILE: getopt's
	// "t::"); Permute: options after its operands are options too (GNU
	// getopt's default).
	Flags, Optional word.Set
	Permute         bool
	ReadOpts        word.Set // options whose value is a file it reads (fakeroot -i F)
}

// Valued reports whether opt, one of p's options in full, takes a value.
func (p Prefix) Valued(opt string) bool {
	for _, set := range []word.Set{p.WithArg, p.script, p.Split, p.CmdWith, p.Prog, p.Env, p.EnvFiles, p.EnvDirs, p.EnvHidden,
		p.Unsets, p.WriteOpts, p.ReadOpts, p.Chdir, p.Dir.Props, p.Module, p.Optional} {
		if set.Has(opt) {
			return true
		}
	}
	return false
}

// Listed reports whether p's row names opt, one of its options in full.
func (p Prefix) Listed(opt string) bool {
	for _, set := range []word.Set{p.Flags, p.NoRun, p.Edit, p.CmdAfter, p.Exec, p.RestOpts, p.ShellOpts, p.Login, p.Clears, p.Moves} {
		if set.Has(opt) {
			return true
		}
	}
	return p.Valued(opt)
}

// Long returns the long option opt abbreviates (getopt_long takes any
// unambiguous prefix: env --split-s), among the options p lists; opt
// itself when it names none or several, or is one.
func (p Prefix) Long(opt string) string {
	if !strings.HasPrefix(opt, "--") || len(opt) < 4 {
		return opt
	}
	found := ""
	for _, set := range []word.Set{p.WithArg, p.script, p.Split, p.NoRun, p.CmdAfter, p.CmdWith, p.Prog, p.Env, p.ShellOpts, p.Exec,
		p.Module, p.WriteOpts, p.Chdir, p.Moves, p.Login, p.EnvFiles, p.EnvDirs, p.Flags, p.Optional, p.ReadOpts, p.Unsets, p.EnvHidden, p.Clears, p.Edit, p.RestOpts} {
		for _, o := range strings.Fields(string(set)) {
			switch {
			case o == opt:
				return opt
			case strings.HasPrefix(o, opt) && found != "" && found != o:
				return opt // ambiguous
			case strings.HasPrefix(o, opt):
				found = o
			}
		}
	}
	if found == "" {
		return opt
	}
	return found
}

// XargsVarOpts are xargs's options whose value names a variable it sets
// for the commands it runs (to each one's slot number).
const XargsVarOpts word.Set = " --process-slot-var "

// PrefixEntry is the prefixes table's entry for one prefix command.
type PrefixEntry struct {
	Name string
	Prefix
}

// Prefixes shared by several entries.
var (
	// terminal: xterm -e CMD…, xterm -e 'CMD ARGS'.
	terminal = Prefix{None: true, CmdAfter: " -e --command "}
	// suFlags: the flags of util-linux su and runuser (su-common.c).
	suFlags word.Set = " -f -m -p -P -h -V --fast --preserve-environment --pty --help --version "
	// vteTerminal: gnome-terminal -e 'CMD ARGS' (a script), -x CMD….
	vteTerminal = Prefix{script: " -e --command ", CmdAfter: " -x --execute "}
	// systemdRunDir: a system unit runs in /, a user unit (--user) in the
	// home (systemd.exec: WorkingDirectory= defaults to the root directory
	// for the system instance and the user's home for a user one); -d
	// keeps the caller's.
	systemdRunDir = DirRule{Default: "/", User: " --user ", UserDir: "~", Same: " -d --same-dir --scope ", Props: " -p --property "}
)

// Prefixes lists the prefix commands, sorted by name (TestPrefixesSorted).
var Prefixes = []PrefixEntry{
	{Name: "alacritty", Prefix: terminal},
	{Name: "builtin", Prefix: Prefix{Execs: true}},
	{Name: "bundle", Prefix: Prefix{Sub: "exec"}},
	{Name: "bunx", Prefix: Prefix{WithArg: " -p --package "}}, // bunx http-server
	{Name: "busybox"},
	{Name: "caffeinate", Prefix: Prefix{WithArg: " -t -w "}},
	{Name: "catchsegv"},
	{Name: "ccache", Prefix: Prefix{WithArg: " -M -F -o -d -X -k --max-size --max-files --set-config --get-config --dir --recompress --evict-older-than "}},
	{Name: "cgexec", Prefix: Prefix{WithArg: " -g "}},
	// chpst -e DIR: each file of DIR sets a variable (runit).
	{Name: "chpst", Prefix: Prefix{WithArg: " -u -U -b -/ -n -l -L -m -d -o -p -f -c -r -t ", EnvDirs: " -e "}},
	{Name: "chronic"},
	{Name: "chroot", Prefix: Prefix{WithArg: " --userspec --groups ", Operands: 1, Root: true}},
	{Name: "chrt", Prefix: Prefix{Operands: 1}},
	// colima ssh [-p PROFILE] -- CMD…: CMD in colima's VM, which mounts
	// the home (FINDINGS53a B19).
	{Name: "colima", Prefix: Prefix{Sub: "ssh", WithArg: " -p --profile "}},
	{Name: "command", Prefix: Prefix{Execs: true, NoRun: " -v -V "}},
	{Name: "conda", Prefix: Prefix{Sub: "run", WithArg: " -n --name -p --prefix --cwd "}}, // conda run python
	{Name: "cross-env", Prefix: Prefix{Assigns: true}},                                    // cross-env CI=1 node --test (npm scripts)
	{Name: "dbus-run-session", Prefix: Prefix{WithArg: " --config-file ", Prog: " --dbus-daemon "}},
	// direnv exec DIR CMD…: DIR's .envrc (once allowed) runs first.
	{Name: "direnv", Prefix: Prefix{Sub: "exec", Operands: 1, Sources: ".envrc"}},
	{Name: "distcc"},
	// distrobox enter [NAME] -- CMD…, toolbox run CMD…: in a container,
	// where the working directory is kept only when it exists there.
	{Name: "distrobox", Prefix: Prefix{Sub: "enter", WithArg: " -n --name -a --additional-flags ", Moved: true}},
	{Name: "doas", Prefix: Prefix{WithArg: " -u -C "}},
	// dotenv -e F [-v NAME=VALUE] [--] CMD (dotenv-cli); dotenv [-f F]
	// run CMD (python-dotenv, whose -e takes true or false).
	{Name: "dotenv", Prefix: Prefix{WithArg: " -c -p -f --file -e --export -q --quote ", EnvFiles: " -e -f --file ", Env: " -v ", Verb: "run", Verbs: " list get set unset ", EnvDefault: ".env"}},
	// dotenvx run [-f F] [-e NAME=VALUE] -- CMD.
	{Name: "dotenvx", Prefix: Prefix{Sub: "run", WithArg: " -f --env-file -e --env -fk --env-keys-file --convention --ops-off ", EnvFiles: " -f --env-file ", Env: " -e --env ", EnvDefault: ".env"}},
	{Name: "dumb-init", Prefix: Prefix{WithArg: " -r --rewrite "}},
	{Name: "eatmydata"},
	{Name: "env", Prefix: Prefix{Execs: true, WithArg: " -u -C -P -a --unset --chdir --argv0 ", Assigns: true, Split: " -S --split-string ", Chdir: " -C --chdir ", Cluster: "i0v",
		Clears: " -i - --ignore-environment ", Unsets: " -u --unset "}},
	// env-cmd [-f F] [-e NAMES] [-r RC] CMD.
	{Name: "env-cmd", Prefix: Prefix{WithArg: " -f --file -e --environments -r --rc-file ", EnvFiles: " -f --file ", EnvHidden: " -e --environments -r --rc-file ", EnvDefault: ".env", RestOpts: " --use-shell "}},
	// envdir DIR CMD: each file of DIR sets a variable (daemontools).
	{Name: "envdir", Prefix: Prefix{Operands: 1, EnvDir: true}},
	{Name: "exec", Prefix: Prefix{Execs: true, WithArg: " -a ", Cluster: "cl", Clears: " -c "}},
	// fakeroot [-l LIB] [--faked PROG] [-s SAVE] [-i LOAD] [-u] [-b FD] [--] CMD:
	// its shell script's getopt "+l:f:i:s:ub:vh".
	{Name: "fakeroot", Prefix: Prefix{WithArg: " -l --lib -b --fd-base ", Prog: " -f --faked ", WriteOpts: " -s ", ReadOpts: " -i -l --lib ",
		Flags: " -u --unknown-is-real -v --version -h --help "}},
	// faketime [-f] TIMESTAMP CMD…
	{Name: "faketime", Prefix: Prefix{Operands: 1, Prog: " --date-prog "}},
	// firejail [OPTIONS] PROGRAM: every option is one word, its value
	// only glued (--output=F); it reads them with strcmp, so each is
	// listed (firejail 0.9.72), its value class given where it is a file
	// written or read, a program, or an environment variable.
	{Name: "firejail", Prefix: Prefix{Optional: firejailValued, Prog: " --shell --audit ", Env: " --env ", Unsets: " --rmenv ",
		WriteOpts: " --output --output-stderr --trace --build --dbus-log --mkdir --mkfile --cgroup ",
		ReadOpts:  " --profile --include --netfilter --netfilter6 --hosts-file ",
		Flags:     firejailFlags}},
	{Name: "flock", Prefix: Prefix{WithArg: " -w -E --timeout --conflict-exit-code ", Operands: 1, script: " -c --command ", Lock: true}},
	{Name: "foreman", Prefix: Prefix{Sub: "run", WithArg: " -e --env -d --root -f --procfile ", EnvFiles: " -e --env ", EnvDefault: ".env"}},
	{Name: "gnome-terminal", Prefix: vteTerminal},
	{Name: "gosu", Prefix: Prefix{Operands: 1}},
	{Name: "hatch", Prefix: Prefix{Sub: "run", WithArg: " -e --env "}},
	// honcho run [-e F] CMD, foreman run [-e F] CMD: .env by default.
	{Name: "honcho", Prefix: Prefix{Sub: "run", WithArg: " -e --env -d --app-root -f --procfile ", EnvFiles: " -e --env ", EnvDefault: ".env"}},
	{Name: "ionice", Prefix: Prefix{Execs: true, WithArg: " -c -n -p --class --classdata --pid "}},
	{Name: "konsole", Prefix: terminal},
	// lima CMD…: Lima's shell wrapper runs CMD in its VM, in the same
	// directory (the home is shared): lima nerdctl compose up.
	{Name: "lima"},
	// limactl shell [--workdir D] INSTANCE CMD…: what lima CMD is
	// (FINDINGS53a B19).
	{Name: "limactl", Prefix: Prefix{Sub: "shell", WithArg: " --workdir --shell ", Operands: 1}},
	// ltrace: its getopt_long "+cfhiLrStTVva:A:D:e:F:l:n:o:p:s:u:w:x:b" and
	// long options (ltrace 0.7.3).
	{Name: "ltrace", Prefix: Prefix{WithArg: " -a -A -D -e -F -l -n -o -p -s -u -w -x --align --config --debug --indent --library --output --where ",
		WriteOpts: " -o --output ", ReadOpts: " -F --config ",
		Flags: " -b -c -C -f -h -i -L -r -S -t -T -V -v --no-signals --demangle --help --version "}},
	// machinectl shell [USER@]HOST CMD…: a login shell's command, in the user's home.
	{Name: "machinectl", Prefix: Prefix{Sub: "shell", WithArg: " --uid -E --setenv -M --machine -H --host ", Env: " -E --setenv ", Operands: 1, Home: true}},
	{Name: "mamba", Prefix: Prefix{Sub: "run", WithArg: " -n --name -p --prefix --cwd "}},
	{Name: "mate-terminal", Prefix: vteTerminal},
	{Name: "micromamba", Prefix: Prefix{Sub: "run", WithArg: " -n --name -p --prefix --cwd "}},
	{Name: "nice", Prefix: Prefix{Execs: true, WithArg: " -n --adjustment "}},
	{Name: "nocache"},
	{Name: "nohup", Prefix: Prefix{Execs: true}},
	{Name: "npx", Prefix: Prefix{WithArg: " -p --package ", script: " -c --call "}},
	// nsenter: -w/--wd and -r/--root take their value only glued (-W/--wdns,
	// the directory in the namespace, its own value always); entering a
	// mount namespace (-m, --mount, -a, --all) starts at its root.
	{Name: "nsenter", Prefix: Prefix{WithArg: " -t -S -G --target --setuid --setgid ", Chdir: " -w --wd -W --wdns ",
		Moves: " -w --wd -r --root -m --mount -a --all "}},
	{Name: "numactl", Prefix: Prefix{WithArg: " -C -N -m -p -i -P --physcpubind --cpunodebind --membind --preferred --interleave --preferred-many "}},
	{Name: "pdm", Prefix: Prefix{Sub: "run", WithArg: " -p --project "}},
	{Name: "pipenv", Prefix: Prefix{Sub: "run", EnvDefault: ".env"}}, // pipenv loads .env unless PIPENV_DONT_LOAD_ENV
	// pipx run APP…: the app of the package of that name.
	{Name: "pipx", Prefix: Prefix{Sub: "run", WithArg: " --spec --python --index-url --pip-args "}},
	{Name: "pixi", Prefix: Prefix{Sub: "run", WithArg: " -e --environment --manifest-path "}},
	{Name: "pkexec", Prefix: Prefix{WithArg: " --user ", Moved: true}},
	{Name: "pnpm", Prefix: Prefix{Sub: "dlx", WithArg: " --package "}}, // pnpm dlx serve
	{Name: "poetry", Prefix: Prefix{Sub: "run"}},
	{Name: "prlimit", Prefix: Prefix{WithArg: " -p -o --pid --output "}},
	{Name: "proxychains", Prefix: Prefix{WithArg: " -f "}},
	{Name: "proxychains4", Prefix: Prefix{WithArg: " -f "}},
	// runuser -u USER CMD…, or su's form.
	{Name: "rlwrap", Prefix: Prefix{WithArg: " -f -H -l -P -S -t -w -C -D -g -h -I -o -O -q -s -z --file --history-filename --logfile --pre-given --substitute-prompt --set-term-name --histsize --command-name "}},
	{Name: "runuser", Prefix: Prefix{WithArg: " -g -G -w --group --supp-group --whitelist-environment ", Prog: " -s --shell ",
		script: " -c --command --session-command ", CmdWith: " -u --user ", None: true, Shell: true, Operands: 1, Login: " - -l --login ",
		Flags: suFlags}},
	{Name: "rxvt", Prefix: terminal},
	// script [-c CMD] [FILE]: FILE is the typescript it writes; its
	// getopt_long permutes (script FILE -c CMD --log-out F).
	{Name: "script", Prefix: Prefix{WithArg: " -E -I -O -T -B -m -o --echo --log-in --log-out --log-io --log-timing --logging-format --output-limit ",
		script: " -c --command ", None: true, Shell: true, Writes: true,
		WriteOpts: " -I -O -T -B -t --log-in --log-out --log-io --log-timing --timing ", Optional: " -t --timing ",
		Flags: " -a -e -f -q -V -h --append --return --flush --quiet --version --help ", Permute: true}},
	{Name: "setpriv", Prefix: Prefix{Clears: " --reset-env ", WithArg: " --reuid --regid --ruid --euid --rgid --egid --groups --inh-caps --ambient-caps --bounding-set --securebits --pdeathsig --selinux-label --apparmor-profile --landlock-access --landlock-rule "}},
	{Name: "setsid"},
	// sg GROUP [-c] CMD: a script.
	{Name: "sg", Prefix: Prefix{script: " -c ", Operands: 1, Rest: true}},
	// ssh-agent [-c|-s] [-Dd] [-a SOCK] [-E HASH] [-O OPT] [-P LIST] [-t LIFE]
	// [CMD…]: it execs CMD (execvp) with the agent's variables set.
	{Name: "ssh-agent", Prefix: Prefix{WithArg: " -a -E -O -P -t "}},
	{Name: "sshpass", Prefix: Prefix{WithArg: " -p -f -d -P "}},
	{Name: "stdbuf", Prefix: Prefix{Execs: true, WithArg: " -i -o -e "}},
	// strace: its getopt_long "+a:Ab:cCdDe:E:fFhiI:kno:O:p:P:qrs:S:tTu:U:vVwxX:yzZ" (strace 6).
	{Name: "strace", Prefix: Prefix{WithArg: " -o -p -e -s -u -P -a -b -I -O -S -X -U --output --attach --trace --signal --status --abbrev --verbose --raw --read --write --fault --inject " +
		"--string-limit --columns --const-print-style --detach-on --interruptible --summary-sort-by --summary-columns --trace-path --user --quiet --decode-fds --secontext --timestamps --syscall-times ",
		WriteOpts: " -o --output ", PipeOpts: " -o --output ", Env: " -E --env ",
		Flags: " -A -c -C -d -D -f -F -h -i -k -n -N -q -r -t -T -v -V -w -x -y -z -Z --output-separately --output-append-mode --follow-forks --summary-only --summary " +
			"--summary-wall-clock --help --version --absolute-timestamps --relative-timestamps --instruction-pointer --stack-trace --daemonize --debug --no-abbrev " +
			"--strings-in-hex --seccomp-bpf --kvm --successful-only --failed-only --silence --tips --decode-pids --always-show-pid --namespace --pidns-translation --follow-forks "}},
	// su [-] [USER [ARGS…]]: ARGS go to the user's shell.
	{Name: "su", Prefix: Prefix{WithArg: " -g -G -w --group --supp-group --whitelist-environment ", Prog: " -s --shell ",
		script: " -c --command --session-command ", None: true, Shell: true, Operands: 1, Login: " - -l --login ", Flags: suFlags}},
	{Name: "su-exec", Prefix: Prefix{Operands: 1}},
	{Name: "sudo", Prefix: Prefix{WithArg: " -u -g -C -D -h -p -r -t -U -T -R --user --group --chdir --prompt --role --type --other-user --close-from --host --command-timeout ",
		Assigns: true, ShellOpts: " -s -i --shell --login ", Chdir: " -D --chdir ", Login: " -i --login ", Edit: " -e --edit "}},
	{Name: "systemd-run", Prefix: Prefix{WithArg: " -p --property -u --unit --description --slice -M --machine -H --host --uid --gid --nice --working-directory --on-active --on-boot --on-startup --on-unit-active --on-unit-inactive --on-calendar --timer-property --path-property --socket-property --service-type ",
		Env: " -E --setenv ", ShellOpts: " -S --shell ", Chdir: " --working-directory ", Dir: systemdRunDir}},
	{Name: "taskset", Prefix: Prefix{Execs: true, Operands: 1}},
	{Name: "time", Prefix: Prefix{WithArg: " -f -o --format --output ", WriteOpts: " -o --output ",
		Flags: " -a -p -q -v -V --append --portability --quiet --verbose --version --help "}},
	{Name: "timeout", Prefix: Prefix{WithArg: " -s -k --signal --kill-after ", Operands: 1}},
	{Name: "tini", Prefix: Prefix{WithArg: " -p -e "}},
	{Name: "toolbox", Prefix: Prefix{Sub: "run", WithArg: " -c --container -d --distro -r --release ", Moved: true}},
	{Name: "torsocks"},
	{Name: "trickle", Prefix: Prefix{WithArg: " -d -u -w -t -l -n "}},
	{Name: "unbuffer"},
	{Name: "unshare", Prefix: Prefix{WithArg: " -S -G -R -w --setuid --setgid --root --wd --propagation --setgroups ", Chdir: " -w --wd -W --wdns ", Moves: " -R --root "}},
	{Name: "urxvt", Prefix: terminal},
	{Name: "uv", Prefix: Prefix{Sub: "run", PyFile: true, Module: " -m --module ",
		WithArg: " --with --with-requirements --python -p --project --directory --extra --group --package --index --index-url --from ", EnvFiles: " --env-file ",
		Chdir: " --directory "}},
	// uvx TOOL…, uv tool run TOOL… (PrefixCall): the tool's command, its
	// package named by --from or by the tool's name.
	{Name: "uvx", Prefix: Prefix{WithArg: " --from --with -w -i --with-editable --with-requirements --python -p --index --index-url --default-index " +
		"--extra-index-url --find-links -f --constraints -c --overrides --build-constraints -b --cache-dir --config-file --color " +
		"--python-preference --resolution --prerelease --exclude-newer --link-mode --index-strategy --keyring-provider --directory --project ",
		EnvFiles: " --env-file ", Chdir: " --directory "}},
	{Name: "uxterm", Prefix: terminal},
	// valgrind: every option is a flag or --name=VALUE; those whose value
	// is a file it writes are listed, any other --name=VALUE is touched.
	{Name: "valgrind", Prefix: Prefix{WriteOpts: " --log-file --xml-file --massif-out-file --callgrind-out-file --cachegrind-out-file --dhat-out-file --xtree-memory-file --xtree-leak-file "}},
	{Name: "watch", Prefix: Prefix{WithArg: " -n --interval -q --equexit ", Rest: true, Exec: " -x --exec "}},
	{Name: "x-terminal-emulator", Prefix: terminal},
	{Name: "xfce4-terminal", Prefix: vteTerminal},
	{Name: "xterm", Prefix: terminal},
	// xvfb-run: its getopt "+ade:f:hn:lp:s:w:" and long options (Debian's
	// script).
	{Name: "xvfb-run", Prefix: Prefix{WithArg: " -n -s -e -f -p -w --server-num --server-args --error-file --auth-file --xauth-protocol --wait ",
		WriteOpts: " -e -f --error-file --auth-file ", Flags: " -a -d -h -l --auto-servernum --auto-display --help --listen-tcp "}},
	{Name: "yarn", Prefix: Prefix{Sub: "dlx", WithArg: " -p --package "}}, // yarn dlx dotenv-cli
}

// firejailFlags are firejail's options that take no value (0.9.72), -c
// and -? among them.
const firejailFlags word.Set = " -c -? --allow-debuggers --allusers --appimage --caps --debug --debug-blacklists --debug-caps --debug-errnos " +
	"--debug-private-lib --debug-protocols --debug-syscalls --debug-syscalls32 --debug-whitelists --deterministic-exit-code " +
	"--deterministic-shutdown --disable-mnt --help --ids-check --ids-init --ipc-namespace --keep-config-pulse --keep-dev-shm " +
	"--keep-shell-rc --keep-var-tmp --landlock.enforce --list --machine-id --memory-deny-write-execute --netstats --no3d " +
	"--noautopulse --nodbus --nodvd --nogroups --noinput --nonewprivs --noprinters --noprofile --noroot --nosound --notv --nou2f " +
	"--novideo --overlay --overlay-clean --overlay-tmpfs --private-cache --private-dev --private-tmp --quiet --seccomp.block-secondary " +
	"--top --tracelog --tree --version --writable-etc --writable-run-user --writable-var --writable-var-log --nettrace --netlock "

// firejailValued are firejail's options that take a value, only ever
// glued (--name=VALUE), a few of them a flag without one (--private,
// --seccomp, --x11, --trace).
const firejailValued word.Set = " --apparmor --audit --bandwidth --bind --blacklist --build --caps.drop --caps.keep --caps.print --cgroup " +
	"--chroot --cpu --cpu.print --dbus-log --dbus-system --dbus-system.own --dbus-system.talk --dbus-system.see --dbus-system.call " +
	"--dbus-system.broadcast --dbus-user --dbus-user.own --dbus-user.talk --dbus-user.see --dbus-user.call --dbus-user.broadcast " +
	"--defaultgw --dns --dns.print --env --fs.print --get --hostname --hosts-file --ignore --include --interface --ip --ip6 --iprange " +
	"--join --join-filesystem --join-network --join-or-start --keep-fd --landlock.fs.read --landlock.fs.write --landlock.fs.makeipc " +
	"--landlock.fs.makedev --landlock.fs.execute --ls --mac --mkdir --mkfile --mtu --name --net --netfilter --netfilter6 " +
	"--netfilter.print --netmask --netns --nice --noblacklist --noexec --nowhitelist --oom --output --output-stderr --overlay-named " +
	"--private --private-bin --private-cwd --private-etc --private-home --private-lib --private-opt --private-srv --profile " +
	"--profile.print --protocol --protocol.print --put --read-only --read-write --restrict-namespaces --rlimit-as --rlimit-cpu " +
	"--rlimit-fsize --rlimit-nofile --rlimit-nproc --rlimit-sigpending --rmenv --seccomp --seccomp.drop --seccomp.keep " +
	"--seccomp.print --seccomp-error-action --seccomp.32 --seccomp.32.drop --seccomp.32.keep --shell --shutdown --timeout --tmpfs " +
	"--trace --tunnel --veth-name --whitelist --x11 --xephyr-screen --inaccessible --blacklist-nolog "

// PrefixOf returns what a prefix command is, or false for another name.
func PrefixOf(name string) (Prefix, bool) {
	i, ok := byName(Prefixes, name, func(x *PrefixEntry) string { return x.Name })
	if !ok {
		return Prefix{}, false
	}
	return Prefixes[i].Prefix, true
}

// PrefixCall returns the prefix the words ws of a command begin with (the
// program's base name first) and how many of them name it: 1 for sudo,
// 2 for poetry run (Prefix.Sub), 3 for uv tool run, which is uvx; 1 for
// colima nerdctl, whose nerdctl is the command's program.
func PrefixCall(ws []string) (p Prefix, n int, ok bool) {
	if len(ws) >= 3 && ws[0] == "uv" && ws[1] == "tool" && ws[2] == "run" {
		p, ok = PrefixOf("uvx")
		return p, 3, ok
	}
	if len(ws) == 0 {
		return Prefix{}, 0, false
	}
	if len(ws) >= 2 && ws[0] == "colima" && ws[1] == "nerdctl" {
		return Prefix{}, 1, true // colima nerdctl -- ARGS: nerdctl ARGS in its VM (FINDINGS53a B19)
	}
	if p, ok = PrefixOf(ws[0]); !ok || p.Sub == "" {
		return p, 1, ok
	}
	if len(ws) < 2 || ws[1] != p.Sub {
		return Prefix{}, 0, false
	}
	return p, 2, true
}

// ScriptOption reports whether a is an option of p whose value is a shell
// script: su -c, and a cluster ending in c (su -lc).
func (p Prefix) ScriptOption(a string) bool {
	return p.script.Has(a) || p.script.Has("-c") && len(a) > 2 && a[0] == '-' && a[1] != '-' && a[len(a)-1] == 'c'
}

// PackageExec is how a package manager runs a program of the project's
// (node_modules/.bin) or of a package it fetches: Subs are the
// subcommands after which the next operand is the program (pnpm exec
// jest, yarn dlx jest, npm exec -- jest), Bare that a first word it does
// not take as a subcommand of its own runs the program so named (yarn
// jest, pnpm jest), WithArg its options there that take a value.
type PackageExec struct {
	Subs, WithArg word.Set
	Bare          bool
}

// ExecSubs are the package managers' subcommands whose operand is a
// program, never a script (npm exec, yarn exec, pnpm dlx, bun x).
const ExecSubs word.Set = " exec x dlx "

// PackageExecOf returns how package manager name runs a program, or false
// for another name (npx and bunx are prefixes).
func PackageExecOf(name string) (PackageExec, bool) {
	switch name {
	case "npm":
		return PackageExec{Subs: " exec x ", WithArg: " -p --package -w --workspace --prefix -C "}, true
	case "yarn":
		return PackageExec{Subs: " exec run dlx ", WithArg: " -p --package --cwd ", Bare: true}, true
	case "pnpm":
		return PackageExec{Subs: " exec dlx run ", WithArg: " --package -C --dir --filter -F ", Bare: true}, true
	case "bun":
		return PackageExec{Subs: " x ", WithArg: " --cwd -p --package ", Bare: true}, true // bun run x.ts: an interpreter
	}
	return PackageExec{}, false
}
