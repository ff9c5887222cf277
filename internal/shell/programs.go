package shell

import "strings"

// set builds a lookup table.
func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// prefix describes a command that runs another command given as its
// arguments (sudo rm -rf /).
type prefix struct {
	withArg  map[string]bool // options that take the next word
	operands int             // operands before the command: timeout 5, chroot /srv
	assigns  bool            // NAME=value words may come before the command (env)
	script   map[string]bool // options whose value is a shell script (su -c)
	split    map[string]bool // options whose value is split into the command (env -S)
	rest     bool            // the remaining words are a script (watch)
	noRun    map[string]bool // options that make it not run the command (command -v)
}

var prefixes = map[string]prefix{
	"sudo": {withArg: set("-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R",
		"--user", "--group", "--chdir", "--prompt", "--role", "--type", "--other-user", "--close-from", "--host", "--command-timeout")},
	"doas":         {withArg: set("-u", "-C")},
	"env":          {withArg: set("-u", "-C", "--unset", "--chdir"), assigns: true, split: set("-S", "--split-string")},
	"command":      {noRun: set("-v", "-V")},
	"builtin":      {},
	"exec":         {withArg: set("-a")},
	"nice":         {withArg: set("-n", "--adjustment")},
	"nohup":        {},
	"setsid":       {},
	"time":         {withArg: set("-f", "-o", "--format", "--output")},
	"timeout":      {withArg: set("-s", "-k", "--signal", "--kill-after"), operands: 1},
	"stdbuf":       {withArg: set("-i", "-o", "-e")},
	"ionice":       {withArg: set("-c", "-n", "-p", "--class", "--classdata", "--pid")},
	"chrt":         {operands: 1},
	"taskset":      {operands: 1},
	"chroot":       {withArg: set("--userspec", "--groups"), operands: 1},
	"flock":        {withArg: set("-w", "-E", "--timeout", "--conflict-exit-code"), operands: 1, script: set("-c", "--command")},
	"busybox":      {},
	"unbuffer":     {},
	"torsocks":     {},
	"proxychains":  {withArg: set("-f")},
	"proxychains4": {withArg: set("-f")},
	"su":           {withArg: set("-s", "-g", "-G", "--shell", "--group", "--supp-group"), script: set("-c", "--command")},
	"runuser":      {withArg: set("-u", "-g", "-G", "-s", "--user", "--group", "--shell"), script: set("-c", "--command")},
	"watch":        {withArg: set("-n", "--interval", "-q", "--equexit"), rest: true},
	"strace":       {withArg: set("-o", "-p", "-e", "-s", "-u", "-E", "-P", "-a", "-b", "-I", "-O", "-S", "-X")},
	"ltrace":       {withArg: set("-o", "-p", "-e", "-s", "-u", "-a", "-n", "-A", "-D", "-F", "-l")},
	"caffeinate":   {withArg: set("-t", "-w")},
	"fakeroot":     {},
	"firejail":     {},
	"xvfb-run":     {withArg: set("-n", "-s", "-e", "-f", "-p", "--server-num", "--server-args", "--error-file", "--auth-file")},
}

// Shells, and interpreters whose code may come in an argument or on
// standard input.
var (
	shells = set("sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "fish")
	// shellWithArg are shell options that take the next word.
	shellWithArg = set("-o", "+o", "-O", "+O", "--rcfile", "--init-file")
)

// interp describes how an interpreter takes code.
type interp struct {
	code    map[string]bool // options whose value is code (python -c)
	cluster byte            // a short-option cluster ending in this letter takes code next (perl -ne)
	withArg map[string]bool // other options that take the next word
	program bool            // the first operand is the program (awk)
}

var interpreters = map[string]interp{
	"python":      {code: set("-c"), withArg: set("-m", "-W", "-X", "-Q")},
	"pypy":        {code: set("-c"), withArg: set("-m", "-W", "-X")},
	"perl":        {code: set("-e", "-E"), cluster: 'e', withArg: set("-I", "-M", "-m", "-x")},
	"ruby":        {code: set("-e"), withArg: set("-I", "-r", "-C", "-E")},
	"node":        {code: set("-e", "--eval", "-p", "--print"), withArg: set("-r", "--require", "--import", "--loader")},
	"nodejs":      {code: set("-e", "--eval", "-p", "--print"), withArg: set("-r", "--require")},
	"bun":         {code: set("-e", "--eval", "-p", "--print")},
	"deno":        {code: set("eval")},
	"php":         {code: set("-r"), withArg: set("-c", "-d", "-f", "-z")},
	"lua":         {code: set("-e"), withArg: set("-l")},
	"luajit":      {code: set("-e"), withArg: set("-l", "-j", "-O")},
	"rscript":     {code: set("-e")},
	"osascript":   {code: set("-e"), withArg: set("-l")},
	"pwsh":        {code: set("-c", "-command", "-Command")},
	"awk":         {program: true, withArg: set("-f", "-F", "-v", "-W", "--field-separator", "--assign")},
	"gawk":        {program: true, withArg: set("-f", "-F", "-v", "-W", "-e", "-i", "-l", "--field-separator", "--assign")},
	"mawk":        {program: true, withArg: set("-f", "-F", "-v", "-W")},
	"nawk":        {program: true, withArg: set("-f", "-F", "-v")},
	"busybox-awk": {program: true},
}

// interpreterOf returns the interpreter a program name stands for:
// python3.12 is python, perl5.36 is perl.
func interpreterOf(name string) (interp, bool) {
	if in, ok := interpreters[name]; ok {
		return in, true
	}
	base := strings.TrimRight(name, "0123456789.")
	for _, p := range []string{"python", "pypy", "perl", "ruby", "node", "php", "lua"} {
		if base == p {
			return interpreters[p], true
		}
	}
	return interp{}, false
}

// What arguments mean, per program.
var (
	// printers only print their arguments: every argument is data.
	printers = set("echo", "printf", "logger", ":", "true", "false", "notify-send", "say", "wall")
	// testers only test whether a file exists or what it is: data too.
	testers = set("test", "[", "[[")
	// writesAll: every argument is a file written (or removed).
	writesAll = set("rm", "rmdir", "unlink", "shred", "truncate", "touch", "chmod", "chown", "chgrp", "tee", "chattr", "mkdir")
	// writesLast: the last argument is the destination, the others are read.
	writesLast = set("cp", "mv", "install", "ln", "rsync", "scp")
	// keyUsers: the argument after -i is a key used, not shown.
	keyUsers = set("ssh", "scp", "sftp", "ssh-copy-id", "autossh")
	// keyTools never show a private key's content.
	keyTools = set("ssh-add", "ssh-keygen")
	// grepFamily take a pattern as their first operand.
	grepFamily = set("grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "pt", "ugrep")
	// grepWithArg: grep-family options that take the next word (not the pattern).
	grepWithArg = set("-A", "-B", "-C", "-m", "-d", "-D",
		"--glob", "--iglob", "--type", "--type-not", "--type-add", "--threads", "--max-count", "--max-depth",
		"--max-filesize", "--context", "--after-context", "--before-context", "--replace", "--encoding",
		"--include", "--exclude", "--exclude-dir", "--color", "--colors", "--sort", "--sortr", "--ignore-file", "--label")
	// rgWithArg: options of rg and the like that take the next word, but
	// are flags to grep.
	rgWithArg = set("-g", "-t", "-T", "-j", "-M", "-E", "-r")
	// findPatterns are find's options whose value is a name pattern.
	findPatterns = set("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname")
	// findGlobal are find's options that do not narrow what it matches.
	findGlobal = set("-depth", "-d", "-xdev", "-mount", "-follow", "-noleaf", "-ignore_readdir_race",
		"-noignore_readdir_race", "-daystart", "-warn", "-nowarn", "-print", "-print0", "-ls", "-delete", "-quit")
	// findGlobalArg take a value.
	findGlobalArg = set("-maxdepth", "-mindepth", "-regextype", "-files0-from")
	// findExec run a command: its words up to ; or +.
	findExec = set("-exec", "-execdir", "-ok", "-okdir")
	// netTools may send a file or connect a program to the network.
	netTools = set("curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "openssl")
	// ncFamily take a host operand and may run a program for the peer.
	ncFamily  = set("nc", "ncat", "netcat")
	ncWithArg = set("-p", "-s", "-w", "-x", "-X", "-i", "-q", "-W", "-I", "-O", "-T", "-V", "-M", "-m", "-g", "-G",
		"--source", "--source-port", "--wait", "--proxy", "--proxy-type", "--proxy-auth", "-o", "--output")
	sshWithArg = set("-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-L", "-l", "-m", "-O", "-o", "-p", "-P", "-Q",
		"-R", "-S", "-W", "-w", "-J")
	// messageTools: version control and hosting CLIs whose message options
	// are data.
	messageTools = set("git", "hg", "svn", "jj", "bzr", "gh", "glab", "tea")
	messageOpts  = set("-m", "--message", "--title", "-t", "--body", "-b", "--notes", "-n", "--description", "--comment", "--subject")
	// logOpts: options of git log and the like whose value is data.
	logOpts = set("--grep", "-S", "-G", "--author", "--committer", "--format", "--pretty")
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
