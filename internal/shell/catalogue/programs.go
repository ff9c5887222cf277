package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Variables whose values programs run (see walker.commandVar).
var (
	// CommandVars hold a command that programs run with a shell (git,
	// less, man, sudo, ssh, the shell's prompt).
	CommandVars = word.Set(" GIT_SSH_COMMAND GIT_SSH GIT_EXTERNAL_DIFF GIT_PAGER GIT_EDITOR GIT_SEQUENCE_EDITOR GIT_ASKPASS GIT_PROXY_COMMAND PAGER MANPAGER PSQL_PAGER SYSTEMD_PAGER GH_PAGER ACK_PAGER ACK_PAGER_COLOR BAT_PAGER DELTA_PAGER GH_EDITOR KUBE_EDITOR EDITOR VISUAL LESSOPEN LESSCLOSE BROWSER PROMPT_COMMAND FZF_DEFAULT_COMMAND FZF_CTRL_T_COMMAND FZF_ALT_C_COMMAND SSH_ASKPASS SUDO_ASKPASS SHELL RSYNC_RSH CVS_RSH SUDO_EDITOR FCEDIT CC CXX CPP LD AR AS HOSTCC HGEDITOR JJ_EDITOR SVN_EDITOR SVN_SSH SVN_MERGE HGMERGE BZR_EDITOR BRZ_EDITOR BZR_SSH BRZ_SSH CVSEDITOR DARCS_EDITOR DARCS_SSH ")
	// SourcedVars name a script a shell sources when it starts (bash -c
	// reads $BASH_ENV, sh -i $ENV).
	SourcedVars = word.Set(" BASH_ENV ENV ")
	// StartupDirVars choose the directory a shell reads its own start-up
	// files from (see StartupFiles).
	StartupDirVars = word.Set(" ZDOTDIR HOME XDG_CONFIG_HOME ")
	// LoadedVars name libraries every program started loads.
	LoadedVars = word.Set(" LD_PRELOAD LD_AUDIT DYLD_INSERT_LIBRARIES ")
	// HiddenVars make a program run code from a place guard does not read:
	// git's programs and templates (hooks). (npm's script shell is a
	// command: shell.npmSetting.)
	HiddenVars = word.Set(" GIT_EXEC_PATH GIT_TEMPLATE_DIR HGRCPATH JJ_CONFIG ")
)

// Shells, and interpreters whose code may come in an argument or on
// standard input.
var (
	// EditorVars are the CommandVars whose program is run with the file
	// to edit appended (git's GIT_EDITOR, crontab's EDITOR, fc's FCEDIT).
	EditorVars = word.Set(" GIT_EDITOR GIT_SEQUENCE_EDITOR EDITOR VISUAL GH_EDITOR KUBE_EDITOR SUDO_EDITOR FCEDIT HGEDITOR JJ_EDITOR SVN_EDITOR BZR_EDITOR BRZ_EDITOR CVSEDITOR DARCS_EDITOR ")
	Shells     = word.Set(" sh bash zsh dash ksh mksh ash yash posh rbash ")
	// ForeignShells are shells whose language guard does not read (fish's
	// `set a ~/.ssh; cat $a/id_rsa` parses as bash and means another
	// thing; es, murex, ion… alike; Tcl's tclsh, wish, jimsh): what they
	// run is hidden from guard.
	ForeignShells = word.Set(" fish csh tcsh nu nushell elvish xonsh rc osh ysh oil es murex ion scsh execlineb closh ngs oh rush tclsh wish jimsh ")
	// ShellWithArg are shell options that take the next word.
	ShellWithArg = word.Set(" -o +o -O +O --rcfile --init-file ")
)

// Interp describes how an interpreter takes code.
type Interp struct {
	Code    word.Set // options whose value is code (python -c)
	Cluster byte     // a short-option cluster ending in this letter takes code next (perl -ne)
	WithArg word.Set // other options that take the next word (or, short, the rest of their word)
	// Flags are the options known to take no value, and Glued the short
	// ones whose value, when given, is the rest of their word (perl
	// -x[dir], -i[ext]): with WithArg, Code, Loads, Script and Module the
	// interpreter's whole option grammar, from its usage text. An option
	// outside it may take the next word: that word and the operand after
	// it are both read as the program.
	Flags word.Set
	Glued word.Set
	// Digits are the short options whose value, when given, is the
	// digits that follow in the word (perl -0777, -0x1FF, -l012, -CSD's
	// letters, -dt:Mod's module; ruby -0777), after which the cluster goes
	// on: perl -0777ne CODE is -0777 -n -e CODE (ClusterDigits).
	Digits  word.Set
	Script  word.Set // options whose value is the program file (php -f FILE, -F FILE)
	Module  word.Set // options whose value is a module run as the program (python -m)
	Program bool     // the first operand is the program (awk)
	Loads   word.Set // options whose value is a file of code it loads first (node -r)
	Sub     word.Set // subcommands before the program file (deno run)
	// EnvFiles are options whose value is a file of VAR=VALUE lines the
	// interpreter sets in its environment (node --env-file: NODE_OPTIONS
	// there loads code).
	EnvFiles word.Set
	// Interactive are the options that make it read standard input as
	// code after its program (python -i, node -i, perl -d's debugger,
	// php -a): what the command feeds it is a program.
	Interactive word.Set
	// Chdir are the options whose value is the directory it changes to
	// before it looks up its program file (ruby -C DIR, -xDIR): a
	// relative program name is taken from there.
	Chdir word.Set
	// EnvDefault: the file of VAR=VALUE lines of the working directory it
	// loads into its environment by default (bun: .env), when one is
	// there; with EnvDefaultOpts, only under one of those options given
	// without a value (deno --env-file).
	EnvDefault     string
	EnvDefaultOpts word.Set
	// Parses are the options with which it only parses its program file,
	// never runs it (node --check, ruby -c, php -l): the file is read,
	// nothing of it runs. Not perl -c, which runs BEGIN blocks.
	Parses word.Set
}

// pwshWithArg are pwsh's and powershell's options that take the next word
// (-File's is the script: the operand that follows).
const pwshWithArg = " -ExecutionPolicy -ep -ex -WorkingDirectory -wd -ConfigurationName -OutputFormat -of -o -InputFormat -if -WindowStyle -w -SettingsFile -Version -v -CustomPipeName "

// InterpEntry is the interpreters table's entry for one interpreter.
type InterpEntry struct {
	Name string
	Interp
}

// Interpreters lists the Interpreters, sorted by name
// (TestInterpretersSorted).
var Interpreters = []InterpEntry{
	{Name: "awk", Interp: Interp{Program: true, WithArg: " -f -F -v -W --field-separator --assign "}},
	{Name: "bun", Interp: Interp{Code: " -e --eval -p --print ", Sub: " run repl ", EnvDefault: ".env"}}, // bun repl < F: stdin is code
	{Name: "deno", Interp: Interp{Code: " eval ", Sub: " run serve test bench compile install repl ", Loads: " --preload --eval-file ",
		EnvDefault: ".env", EnvDefaultOpts: " --env-file "}},
	{Name: "frawk", Interp: Interp{Program: true, WithArg: " -f -F -v "}},
	{Name: "gawk", Interp: Interp{Program: true, WithArg: " -f -F -v -W -e -l --field-separator --assign ", Loads: " -i --include "}}, // -i F: a source library
	{Name: "goawk", Interp: Interp{Program: true, WithArg: " -f -F -v "}},
	{Name: "lua", Interp: Interp{Code: " -e ", WithArg: " -l ", Flags: " -i -v -E -W -- ", Interactive: " -i "}},
	{Name: "luajit", Interp: Interp{Code: " -e ", WithArg: " -l -j ", Flags: " -i -v -E -b -- ", Glued: " -O ", Interactive: " -i "}},
	{Name: "mawk", Interp: Interp{Program: true, WithArg: " -f -F -v -W "}},
	{Name: "nawk", Interp: Interp{Program: true, WithArg: " -f -F -v "}},
	{Name: "node", Interp: nodeGrammar},
	{Name: "nodejs", Interp: nodeGrammar},
	{Name: "original-awk", Interp: Interp{Program: true, WithArg: " -f -F -v "}},
	{Name: "osascript", Interp: Interp{Code: " -e ", WithArg: " -l -s ", Flags: " -i "}},
	{Name: "perl", Interp: Interp{Code: " -e -E ", Cluster: 'e', WithArg: " -I ", Flags: " -a -c -f -n -p -s -S -t -T -u -U -v -w -W -X -h -- ",
		Glued: " -D -F -i -M -m -V -x ", Digits: " -0 -C -d -l ", Interactive: " -d "}},
	{Name: "php", Interp: Interp{Code: " -r -B -R -E ", Script: " -f -F ", WithArg: " -c -d -z -S -t --rf --rc --re --rz --ri ",
		Flags: " -a -n -e -h -i -l -m -H -s -v -w --ini -- ", Interactive: " -a ", Parses: " -l "}},
	{Name: "pypy", Interp: pythonGrammar},
	{Name: "python", Interp: pythonGrammar},
	{Name: "rscript", Interp: Interp{Code: " -e "}},
	{Name: "ruby", Interp: Interp{Code: " -e ", WithArg: " -I -C -E -X --enable --disable --encoding --external-encoding --internal-encoding --dump --backtrace-limit --crash-report ",
		Loads: " -r ", Flags: " -a -c -d -h -l -n -p -s -S -v -w -y --jit --yjit --rjit --verbose --version --help --copyright --debug --yydebug -- ",
		Glued: " -F -i -K -T -W -x ", Digits: " -0 ", Chdir: " -C -x ", Parses: " -c "}},
	{Name: "ts-node", Interp: Interp{Code: " -e --eval -p --print ", Loads: " -r --require --import "}},
	{Name: "tsx", Interp: Interp{Code: " -e --eval -p --print ", Loads: " -r --require --import ", Sub: " watch "}},
}

// pythonGrammar is python's (and pypy's) option grammar (python3 --help;
// -Q and -3, -t, -R of python 2).
var pythonGrammar = Interp{Code: " -c ", Module: " -m ", WithArg: " -W -X -Q --check-hash-based-pycs ",
	Flags:       " -b -B -d -E -h -i -I -O -P -q -s -S -u -v -V -x -? -3 -t -R -U --help --version --help-env --help-xoptions --help-all -- ",
	Interactive: " -i "}

// nodeGrammar is node's option grammar (node --help, v20-v22): the
// options that take a value (--opt VALUE or --opt=VALUE) and its flags.
// V8's options (--max-old-space-size, --stack-size) are outside it, and
// a --no-X is a flag.
var nodeGrammar = Interp{Code: " -e --eval -p --print ", Interactive: " -i --interactive ", Parses: " -c --check ", Loads: " -r --require --import --loader --experimental-loader --test-reporter ",
	EnvFiles: " --env-file --env-file-if-exists ",
	WithArg: " -C --conditions --input-type --allow-fs-read --allow-fs-write --build-snapshot-config --cpu-prof-dir --cpu-prof-interval " +
		"--cpu-prof-name --diagnostic-dir --disable-proto --disable-warning --dns-result-order --experimental-default-type " +
		"--experimental-policy --experimental-sea-config --heap-prof-dir --heap-prof-interval --heap-prof-name " +
		"--heapsnapshot-near-heap-limit --heapsnapshot-signal --icu-data-dir --inspect-port --debug-port --inspect-publish-uid " +
		"--max-http-header-size --network-family-autoselection-attempt-timeout --openssl-config --policy-integrity " +
		"--redirect-warnings --report-directory --report-dir --report-filename --report-signal --secure-heap --secure-heap-min " +
		"--snapshot-blob --test-concurrency --test-name-pattern --test-skip-pattern --test-reporter-destination " +
		"--test-shard --test-timeout --title --tls-cipher-list --tls-keylog --trace-event-categories --trace-event-file-pattern " +
		"--trace-require-module --unhandled-rejections --use-largepages --v8-pool-size --watch-path --localstorage-file --run ",
	Flags: " -c --check -h --help -i --interactive -v --version --test --watch --watch-preserve-output --inspect --inspect-brk --inspect-wait " +
		"--abort-on-uncaught-exception --allow-addons --allow-child-process --allow-wasi --allow-worker --build-snapshot " +
		"--completion-bash --cpu-prof --heap-prof --disable-wasm-trap-handler --disallow-code-generation-from-strings " +
		"--enable-source-maps --enable-fips --force-fips --expose-gc --experimental-vm-modules --experimental-permission --permission " +
		"--experimental-test-coverage --experimental-strip-types --experimental-transform-types --experimental-require-module " +
		"--experimental-detect-module --experimental-wasm-modules --experimental-import-meta-resolve --experimental-network-imports " +
		"--experimental-websocket --experimental-eventsource --experimental-print-required-tla --experimental-test-module-mocks " +
		"--force-context-aware --frozen-intrinsics --insecure-http-parser --jitless --pending-deprecation --preserve-symlinks " +
		"--preserve-symlinks-main --prof --prof-process --report-compact --report-on-fatalerror --report-on-signal --report-uncaught-exception " +
		"--test-force-exit --test-only --throw-deprecation --trace-deprecation --trace-exit --trace-sigint --trace-sync-io --trace-tls " +
		"--trace-uncaught --trace-warnings --track-heap-objects --use-bundled-ca --use-openssl-ca --openssl-legacy-provider " +
		"--openssl-shared-config --v8-options --zero-fill-buffers --tls-max-v1.2 --tls-max-v1.3 --tls-min-v1.0 --tls-min-v1.1 " +
		"--tls-min-v1.2 --tls-min-v1.3 --huge-max-old-generation-size --interpreted-frames-native-stack --node-memory-debug " +
		"--trace-atomics-wait --trace-promises --expose-internals --harmony -- "}

// InterpreterNamed returns how the interpreter called name takes code.
func InterpreterNamed(name string) (Interp, bool) {
	i, ok := byName(Interpreters, name, func(x *InterpEntry) string { return x.Name })
	if !ok {
		return Interp{}, false
	}
	return Interpreters[i].Interp, true
}

// InterpreterOf returns the interpreter a program name stands for:
// python3.12 is python, perl5.36 is perl.
func InterpreterOf(name string) (Interp, bool) {
	if in, ok := InterpreterNamed(name); ok {
		return in, true
	}
	base := name // strings.TrimRight(name, "0123456789."), without building its set at every call
	for base != "" && (base[len(base)-1] >= '0' && base[len(base)-1] <= '9' || base[len(base)-1] == '.') {
		base = base[:len(base)-1]
	}
	if len(base) == len(name) {
		return Interp{}, false // python itself was looked up above
	}
	switch base {
	case "python", "pypy", "perl", "ruby", "node", "php", "lua":
		return InterpreterNamed(base)
	}
	return Interp{}, false
}

// What arguments mean, per program.
var (
	// Printers only print their arguments: every argument is data. A
	// program with an option that reads or writes a file or runs one is
	// no Printer, however it is mostly used (logger -f FILE, wall FILE,
	// say -o FILE): it has a catalogue entry listing its options, and an
	// option the entry does not list falls to default-deny.
	Printers = word.Set(" echo printf : true false ")
	// PassThrough are programs whose output is lines of their input
	// unchanged: a subset, reordered, counted, paged or copied. What a
	// recursive read prints through them reaches the result scan as the
	// read printed it (see internal/detect/path, opaque reads).
	PassThrough = word.Set(" head tail sort uniq grep egrep fgrep rg less more most cat wc tee ")
	// StdoutOnly are programs that print what they make of their input or
	// their files on standard output and nowhere else (no terminal, no
	// file named for printing, as tee's /dev/stderr or less's screen): a
	// pipe that takes their output takes all they print.
	StdoutOnly = word.Set(" cat head tail sort uniq grep egrep fgrep rg wc zcat gzip gunzip bzcat bzip2 xzcat xz zstdcat zstd lz4 xxd od hexdump hd base64 base32 basenc ")
	// Encoders print their input or their files in another form the result
	// scan cannot read back whole: hex dumps, base64/32, compression. A
	// recursive read they make prints what guard cannot redact.
	Encoders = word.Set(" xxd od hexdump hd base64 base32 basenc uuencode gzip gunzip zcat bzip2 xz zstd lz4 brotli compress openssl gpg age ")
	// Testers only test whether a file exists or what it is: data too.
	Testers = word.Set(" test [ [[ ")
	// WritesAll: every argument is a file written (or removed).
	WritesAll = word.Set(" rm rmdir unlink shred truncate touch chmod chown chgrp tee chattr mkdir ")
	// MetaWriters change no file's text: what a file they write holds is
	// still known (chmod +x x.sh && ./x.sh runs what x.sh held).
	MetaWriters = word.Set(" chmod chown chgrp touch chattr setfacl rm rmdir unlink shred mkdir ")
	// WritesLast: the last argument is the destination, the others are read.
	WritesLast = word.Set(" cp mv install ln rsync scp ")
	// KeyUsers: the argument after -i is a key used, not shown.
	KeyUsers = word.Set(" ssh scp sftp ssh-copy-id autossh ")
	// GrepFamily take a pattern as their first operand.
	GrepFamily = word.Set(" grep egrep fgrep zgrep rg ag ack pt ugrep ")
	// MessageTools: version control and hosting CLIs whose message options
	// are data.
	MessageTools = word.Set(" git hg svn jj bzr gh glab tea ")
	// HostTools contact the hosts among their operands.
	HostTools = word.Set(" ping ping6 traceroute traceroute6 tracepath mtr host nslookup dig whois http https xh xhs ")
	// NcFamily take a host operand and may run a program for the peer.
	NcFamily = word.Set(" nc ncat netcat ")
	// GrepWithArg: grep-family options that take the next word (not the pattern).
	GrepWithArg = word.Set(" -A -B -C -m -d -D --glob --iglob --type --type-not --type-add --threads --max-count --max-depth --max-filesize --context --after-context --before-context --replace --encoding --include --exclude --exclude-dir --color --colors --sort --sortr --ignore-file --label ")
	// RgWithArg: options of rg and the like that take the next word, but
	// are flags to grep.
	RgWithArg = word.Set(" -g -t -T -j -M -E -r --pre --pre-glob --path-to-ignore --ignore-dir --file-search-regex ")
	// FindPatterns are find's options whose value is a name pattern.
	FindPatterns = word.Set(" -name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname ")
	// FindGlobal are find's options that do not narrow what it matches.
	FindGlobal = word.Set(" -depth -d -xdev -mount -follow -noleaf -ignore_readdir_race -noignore_readdir_race -daystart -warn -nowarn -print -print0 -ls -delete -quit ")
	// FindGlobalArg take a value.
	FindGlobalArg = word.Set(" -maxdepth -mindepth -regextype -files0-from ")
	// FindExec run a command: its words up to ; or +.
	FindExec = word.Set(" -exec -execdir -ok -okdir ")
	// NcWithArg: options of nc and the like that take the next word.
	NcWithArg  = word.Set(" -p -s -w -x -X -i -q -W -I -O -T -V -M -m -g -G --source --source-port --wait --proxy --proxy-type --proxy-auth -o --output ")
	SshWithArg = word.Set(" -b -c -D -E -e -F -I -i -L -l -m -O -o -p -P -Q -R -S -W -w -J ")
	// SSHValued are the letters of ssh's getopt string that take a value
	// (its other letters are flags): a cluster -vE F is -v -E F.
	SSHValued = "bcDEeFIiJLlmOoPpQRSWw"
	// LogOpts: options of git log and the like whose value is data, after
	// = or in the next word (--format and --pretty take theirs after = only).
	LogOpts = word.Set(" --grep -S -G --author --committer --format= --pretty= ")
	// GitReaders are git's subcommands that only read the files their
	// pathspecs and revisions name (git diff ~/.zshrc, git log -p --
	// ~/.bashrc): their words are reads, none a touch, except the file
	// of GitOutput, which they write.
	GitReaders = word.Set(" status diff log show blame annotate grep shortlog whatchanged ls-files ls-tree diff-files diff-index diff-tree rev-list rev-parse describe check-ignore check-attr name-rev show-ref for-each-ref show-branch count-objects ")
	// GitOutput is the option of GitReaders whose value is a file they
	// write (--output=F, --output F; git takes --outp and the like as
	// abbreviations).
	GitOutput = "--output"
	// Deleters are the names of recursive deletes in interpreter code.
	Deleters = []string{"rmtree", "rm_rf", "rm_r", "remove_tree", "rimraf", "remove_entry_secure", "remove_entry", "remove_dir",
		"rmSync", "rmdirSync", ".rm("}
)

// StartupFiles returns the start-up files a shell reads, relative to the
// directory variable name names (see StartupDirVars): zsh's $ZDOTDIR/.zshenv
// for every zsh, .zprofile and .zlogin for a login one, .zshrc for an
// interactive one; bash's and sh's under $HOME. Every file either shell may
// read is listed: which of them a later shell reads depends on its options.
func StartupFiles(name string) []string {
	switch name {
	case "ZDOTDIR":
		return []string{".zshenv", ".zprofile", ".zshrc", ".zlogin", ".zlogout"}
	case "HOME":
		return []string{".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_logout",
			".zshenv", ".zprofile", ".zshrc", ".zlogin", ".zlogout"}
	}
	return nil
}

// GitConfigsUnder returns the git configuration files, relative to the
// directory variable name names, that git reads as the user's (HOME:
// ~/.gitconfig; XDG_CONFIG_HOME: git/config): moved, their aliases and
// core.pager are the command's.
func GitConfigsUnder(name string) []string {
	switch name {
	case "HOME":
		return []string{".gitconfig", ".config/git/config"}
	case "XDG_CONFIG_HOME":
		return []string{"git/config"}
	}
	return nil
}

// MessageOptsOf returns the options of version control or hosting CLI
// tool (MessageTools other than git, whose options gitScan reads) whose
// value is a message, a title or a body, for its subcommand sub (next:
// the word after it, gh pr create's create); none for a subcommand
// modelled here: the same name means another thing elsewhere (gh pr
// checkout -b is a branch, hg diff -b a flag).
func MessageOptsOf(tool, sub, next string) word.Set {
	switch tool + " " + sub {
	case "hg commit", "hg ci", "hg tag", "hg backout", "hg import", "hg amend", "svn commit", "svn ci", "svn import",
		"svn copy", "svn cp", "svn move", "svn mv", "svn mkdir", "svn delete", "svn del", "svn remove", "svn rm",
		"jj describe", "jj desc", "jj commit", "jj new", "jj split", "jj squash", "bzr commit", "bzr ci":
		return " -m --message "
	case "gh pr", "gh issue":
		switch next {
		case "create", "edit":
			return " -t --title -b --body "
		case "comment", "review":
			return " -b --body "
		case "merge":
			return " -t --subject -b --body "
		case "close":
			return " -c --comment "
		}
	case "gh release":
		if next == "create" || next == "edit" {
			return " -t --title -n --notes "
		}
	case "glab mr", "glab issue":
		switch next {
		case "create", "update":
			return " -t --title -d --description "
		case "note":
			return " -m --message "
		}
	case "tea pulls", "tea pr", "tea issues", "tea issue":
		if next == "create" || next == "edit" {
			return " -t --title -d --description "
		}
	}
	return ""
}

// FindExecEnd returns the index in find's words of the word that ends the
// command of the -exec (-execdir, -ok, -okdir) at words[j]: the first ";",
// or a "+" right after a "{}" (find reads a "+" anywhere else as a word
// of the command). len(words): no end (find refuses it).
func FindExecEnd(words []string, j int) int {
	for k := j + 1; k < len(words); k++ {
		if words[k] == ";" || words[k] == "+" && k > j+1 && words[k-1] == "{}" {
			return k
		}
	}
	return len(words)
}

// ClusterDigits returns how much of rest, what follows short option opt
// (one of an interpreter's Digits) in its word, is the option's value as
// perl and ruby read it: octal digits (-0, -l), -0x and hex digits, a
// number or perl's -C letters, -d's t and a :Module or =… (the rest).
func ClusterDigits(opt, rest string) int {
	span := func(s, set string) int {
		n := 0
		for n < len(s) && strings.IndexByte(set, s[n]) >= 0 {
			n++
		}
		return n
	}
	switch opt {
	case "-0":
		if strings.HasPrefix(rest, "x") {
			return 1 + span(rest[1:], "0123456789abcdefABCDEF")
		}
		return span(rest, "01234567")
	case "-l":
		return span(rest, "01234567")
	case "-C":
		return span(rest, "0123456789IOEioSDLAa")
	case "-d":
		n := span(rest, "t")
		if strings.HasPrefix(rest[n:], ":") || strings.HasPrefix(rest[n:], "=") {
			return len(rest)
		}
		return n
	}
	return 0
}

// KeyUserValued returns the letters of key user name's getopt string
// (see KeyUsers) that take a value.
func KeyUserValued(name string) string {
	switch name {
	case "scp":
		return "cDFiJlPoSX"
	case "sftp":
		return "BbcDFiJloPRSsX"
	case "ssh-copy-id":
		return "iFopt"
	}
	return SSHValued // ssh, autossh
}
