package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// The options whose value a program runs, or a setting of which makes it
// run one (git -c core.pager=CMD, ssh -o ProxyCommand=CMD, rsync -e CMD,
// tar --to-command=CMD, rg --pre CMD), or names a host it connects through
// (pip --proxy), as data: commandOptions reads the table.

// RunUse says what a program does with an option's value.
type RunUse uint8

const (
	RunCommand    RunUse = iota // a shell command it runs, fed what it reads (rsync -e, tar -I)
	RunCheckpoint               // tar --checkpoint-action: exec=CMD runs CMD
	RunSSHOption                // ssh -o KEY=VALUE: a command for ProxyCommand and the like, hosts for ProxyJump
	RunSSHConfig                // ssh -F FILE: a file of KEY VALUE lines, each read as -o KEY=VALUE
	RunGitSetting               // git -c KEY=VALUE: a command for core.pager and the like, a host for http.proxy
	RunGitRemote                // git ext::CMD: the remote helper runs CMD
	RunGitConfig                // git config: writes a setting (gitConfig); takes no value
	RunProxy                    // a host it connects through (pip --proxy)
	RunFilter                   // a program it runs on each file it reads (rg --pre)
	RunDiffer                   // a program it runs on its files (diff3 --diff-program)
	// RunProgram: a program it runs with arguments of its own, split as
	// a command line (go build -toolexec PROG, go run -exec PROG, go vet
	// -vettool PROG, kubectl --exec-command PROG, java -XX:OnError=CMD).
	RunProgram
	RunArgv        // a program and its arguments, comma-separated (gcc -wrapper sh,x)
	RunLoadsCode   // a file or directory of code it loads or runs, unread (gcc -B DIR, -fplugin=X, -specs=F)
	RunCargoConfig // cargo --config KEY=VALUE (a program key's value runs) or FILE (its settings)
	RunCodegen     // rustc -C linker=PROG: the linker runs
	RunMavenExec   // mvn -Dexec.executable=PROG [-Dexec.args=ARGS] exec:exec
	RunCCFlags     // a C compiler driver's options, which it runs as a linker (rustc -C link-arg, go's -extldflags)
	RunGoLinker    // go -ldflags: the options of cmd/link (GoLinker)
	RunGoCompiler  // go -gcflags: the options of cmd/compile (GoCompiler)
	RunGoAssembler // go -asmflags: the options of cmd/asm (GoAssembler)
	// RunSearchDir: a directory the program looks in for the files its
	// inputs name (gcc -I DIR, -L DIR): no file of it is read by being
	// named, so the word is data, not a read of the tree.
	RunSearchDir
	// RunAmbiguous: a long option abbreviated so that it may be more
	// than one of the options that run something (rsync --rs): guard
	// cannot tell which the program takes.
	RunAmbiguous
)

// runOption is an option, by its names: -x VALUE, --long VALUE and
// --long=VALUE.
type runOption struct {
	names word.Set
	Use   RunUse
	// attached: a short name's value may follow in the same word
	// (ssh -oProxyCommand=CMD).
	attached bool
	// prefix: the names are prefixes of the words it matches, the rest of
	// the word its value (git clone ext::CMD).
	prefix bool
}

// OptionRunner is the table's entry for one program.
type OptionRunner struct {
	Name    string
	By      string // the program the command it runs is fed by; name when ""
	options []runOption
	// Short are the short options that take a value, as the program's
	// getopt string lists them: when set, a cluster is read letter by
	// letter as getopt reads it (ssh -vo ProxyCommand=CMD is -v -o …).
	Short string
	// Abbrev: the program reads long options with getopt_long (or the
	// like), which takes any unambiguous prefix of one for it (tar
	// --to-comm=CMD); Exact are its other long options that are a
	// prefix of one of the table's (tar --checkpoint), which an exact
	// match keeps.
	Abbrev bool
	Exact  word.Set
	// Files are project files whose words the program takes as options
	// given first (maven's .mvn/jvm.config), or, with a key, the value of
	// that key's line (gradle.properties' org.gradle.jvmargs=…).
	Files []OptionFile
	// PassSubs are the subcommands that hand the words after their --
	// to PassTo, whose options they are (cargo rustc -- -C linker=PROG:
	// rustc's); those words are read with PassTo's entry.
	PassSubs word.Set
	PassTo   string
}

// OptionFile is a project file holding a program's options (see
// OptionRunner.Files).
type OptionFile struct {
	Path string
	Key  string // "" for the whole file
}

// Options shared by several entries.
var (
	sshOptions = []runOption{{names: " -o ", attached: true, Use: RunSSHOption}, {names: " -F ", attached: true, Use: RunSSHConfig}}
	// scp -S PROG, sftp -S PROG: the program that connects, in place of ssh.
	sshProgramOptions = []runOption{{names: " -S ", attached: true, Use: RunProgram}, {names: " -o ", attached: true, Use: RunSSHOption}, {names: " -F ", attached: true, Use: RunSSHConfig}}
	// gpg --exec-path DIR: where it looks for its helper programs.
	gpgRunners     = []runOption{{names: " --exec-path ", Use: RunLoadsCode}}
	sshShort       = SSHValued // ssh's getopt string: the letters that take a value
	tarShort       = "bCfFgHIKLNTVX"
	tarExact       = word.Set(" --checkpoint ")
	tarRunners     = []runOption{{names: " -I --use-compress-program --to-command ", attached: true, Use: RunCommand}, {names: " --checkpoint-action ", Use: RunCheckpoint}}
	proxyOption    = []runOption{{names: " --proxy ", Use: RunProxy}}
	diffProgOption = []runOption{{names: " --diff-program ", Use: RunDiffer}}
	// The go command's programs: every flag is -name VALUE, -name=VALUE,
	// --name VALUE or --name=VALUE (GOFLAGS holds them too).
	goRunners = []runOption{{names: " -toolexec --toolexec -exec --exec -vettool --vettool ", Use: RunProgram}, {names: " -ldflags --ldflags ", Use: RunGoLinker},
		{names: " -gcflags --gcflags ", Use: RunGoCompiler}, {names: " -asmflags --asmflags ", Use: RunGoAssembler}}
	// A C compiler driver's programs: -wrapper runs every tool through a
	// program; -B, -specs, plugins and -Xclang -load load the compiler's
	// own programs or code from a place guard does not read.
	ccRunners = []runOption{
		{names: " -wrapper --wrapper ", Use: RunArgv},
		{names: " -fuse-ld= --ld-path= ", prefix: true, Use: RunProgram}, // a linker by its path
		{names: " -B --prefix ", attached: true, Use: RunLoadsCode},
		{names: " -fplugin= -fpass-plugin= -specs= --specs= ", prefix: true, Use: RunLoadsCode},
		{names: " -specs --specs -load -plugin ", Use: RunLoadsCode}, // -specs F; -Xclang -load X
		{names: " --config ", Use: RunLoadsCode},                     // clang --config F: a file of options
		{names: " -I -L -isystem -iquote -idirafter -F ", attached: true, Use: RunSearchDir},
	}
	// A JVM's hooks: the command it runs on a crash or when out of memory
	// (sh -c, ;-separated); -J hands the option to the JVM of a JDK tool.
	jvmRunners   = []runOption{{names: " -XX:OnError= -XX:OnOutOfMemoryError= -J-XX:OnError= -J-XX:OnOutOfMemoryError= ", prefix: true, Use: RunProgram}}
	mavenRunners = []runOption{{names: " -Dexec.executable= ", prefix: true, Use: RunMavenExec}, {names: " -XX:OnError= -XX:OnOutOfMemoryError= -J-XX:OnError= -J-XX:OnOutOfMemoryError= ", prefix: true, Use: RunProgram}}
	// maven reads options from the project before its own words.
	mavenFiles = []OptionFile{{Path: ".mvn/jvm.config"}, {Path: ".mvn/maven.config"}}
	// gradle starts its daemon with the project's JVM options.
	gradleFiles = []OptionFile{{Path: "gradle.properties", Key: "org.gradle.jvmargs"}}
)

// OptionRunners lists the programs commandOptions reads, sorted by name
// (TestOptionRunnersSorted).
var OptionRunners = []OptionRunner{
	{Name: "autossh", Short: sshShort, options: sshOptions},
	{Name: "bsdtar", Short: tarShort, Abbrev: true, Exact: tarExact, By: "tar", options: tarRunners},
	{Name: "c++", options: ccRunners},
	// cargo rustc and rustdoc hand the words after -- to the compiler;
	// cargo clippy to clippy-driver, which adds them to rustc's.
	{Name: "cargo", options: []runOption{{names: " --config ", Use: RunCargoConfig}}, PassSubs: " rustc rustdoc clippy ", PassTo: "rustc"},
	{Name: "cc", options: ccRunners},
	{Name: "clang", options: ccRunners},
	{Name: "clang++", options: ccRunners},
	{Name: "diff3", Abbrev: true, options: diffProgOption},
	{Name: "g++", options: ccRunners},
	{Name: "gcc", options: ccRunners},
	{Name: "gfortran", options: ccRunners},
	{Name: "git", By: "git", options: []runOption{
		{names: " -c ", Use: RunGitSetting, attached: true}, // -cKEY=VALUE too
		{names: " ext:: ", prefix: true, Use: RunGitRemote},
		{names: " config ", Use: RunGitConfig},
	}},
	{Name: "go", options: goRunners},
	{Name: "gpg", options: gpgRunners},
	{Name: "gpg2", options: gpgRunners},
	{Name: "gradle", options: jvmRunners, Files: gradleFiles},
	{Name: "gradlew", options: jvmRunners, Files: gradleFiles},
	{Name: "gtar", Short: tarShort, Abbrev: true, Exact: tarExact, By: "tar", options: tarRunners},
	{Name: "jar", options: jvmRunners},
	{Name: "java", options: jvmRunners},
	{Name: "javac", options: jvmRunners},
	{Name: "javadoc", options: jvmRunners},
	{Name: "jshell", options: jvmRunners},
	{Name: "kotlin", options: jvmRunners},
	{Name: "kotlinc", options: jvmRunners},
	{Name: "kubectl", options: []runOption{{names: " --exec-command ", Use: RunProgram}}},
	{Name: "mvn", options: mavenRunners, Files: mavenFiles},
	{Name: "mvnw", options: mavenRunners, Files: mavenFiles},
	{Name: "pip", Abbrev: true, options: proxyOption},
	{Name: "pip3", Abbrev: true, options: proxyOption},
	{Name: "poetry", options: proxyOption},
	{Name: "rg", options: []runOption{{names: " --pre ", Use: RunFilter}}},
	{Name: "rsync", Short: "BefTM@", Abbrev: true, options: []runOption{{names: " -e --rsh ", attached: true, Use: RunCommand}, {names: " -o ", attached: true, Use: RunSSHOption}, {names: " --rsync-path ", Use: RunProgram}}},
	{Name: "rustc", options: []runOption{{names: " -C --codegen ", attached: true, Use: RunCodegen}}},
	{Name: "scala", options: jvmRunners},
	{Name: "scp", Short: "cDFiJlPoSX", options: sshProgramOptions},
	{Name: "sdiff", Abbrev: true, options: diffProgOption},
	// sftp -D PROG: "connect directly to a local sftp server", the program it runs.
	{Name: "sftp", Short: "BbcDFiJloPRSsX", options: []runOption{{names: " -S -D ", attached: true, Use: RunProgram}, {names: " -o ", attached: true, Use: RunSSHOption}, {names: " -F ", attached: true, Use: RunSSHConfig}}},
	{Name: "sort", Abbrev: true, options: []runOption{{names: " --compress-program ", Use: RunProgram}}}, // compresses its temporary files with PROG
	{Name: "split", Abbrev: true, options: []runOption{{names: " --filter ", Use: RunCommand}}},          // $SHELL -c CMD, each piece its input
	{Name: "ssh", Short: sshShort, options: sshOptions},
	{Name: "tar", Short: tarShort, Abbrev: true, Exact: tarExact, By: "tar", options: tarRunners},
	{Name: "uv", options: proxyOption},
	{Name: "wget", Abbrev: true, options: []runOption{{names: " --use-askpass ", Use: RunProgram}}}, // the program asked for a password
}

// WgetCommand returns the long option a .wgetrc command named key sets
// (wget -e KEY=V, a --config or $WGETRC file): wget takes a command's
// name without regard to case, underscores or dashes (use_askpass,
// useAskPass, USE-ASKPASS), matched here against the long options its
// tables name (netClients', OptionRunners'); --KEY with dashes for
// underscores otherwise.
func WgetCommand(key string) string {
	norm := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(key))
	r, _ := OptionRunnerNamed("wget")
	cl, _ := NetClientNamed("wget")
	sets := make([]word.Set, 0, len(r.options)+len(cl.options))
	for _, o := range r.options {
		sets = append(sets, o.names)
	}
	for _, o := range cl.options {
		sets = append(sets, o.names)
	}
	for _, set := range sets {
		for _, name := range strings.Fields(string(set)) {
			if strings.HasPrefix(name, "--") && strings.ReplaceAll(name[2:], "-", "") == norm {
				return name
			}
		}
	}
	return "--" + strings.ReplaceAll(strings.ToLower(key), "_", "-")
}

// OptionRunnerNamed returns the entry for name.
func OptionRunnerNamed(name string) (*OptionRunner, bool) {
	for i := range OptionRunners {
		if OptionRunners[i].Name == name {
			return &OptionRunners[i], true
		}
	}
	return nil, false
}

// Match returns the option of r at args[j], its value and the index of the
// last word it used. A long option is read as getopt_long reads it when
// r.Abbrev (an unambiguous prefix of a name is that option; one that may
// be more than one is RunAmbiguous), and a cluster of short options as
// getopt reads it when r.Short is set.
func (r *OptionRunner) Match(args []word.Word, j int) (runOption, string, int, bool) {
	s := args[j].Text
	if r.Abbrev && strings.HasPrefix(s, "--") {
		switch name, ambiguous := word.LongMatch(s, r.longNames(), r.Exact); {
		case ambiguous:
			return runOption{Use: RunAmbiguous}, "", j, true
		case name != "":
			_, v, eq := strings.Cut(s, "=")
			s = name
			if eq {
				s += "=" + v
			}
		}
	}
	if o, v, k, ok := r.matchWord(args, j, s); ok {
		return o, v, k, true
	}
	if r.Short != "" && len(s) > 2 && s[0] == '-' && s[1] != '-' {
		return r.matchCluster(args, j, s)
	}
	return runOption{}, "", j, false
}

// matchWord is Match for s, the word at args[j] spelt out.
func (r *OptionRunner) matchWord(args []word.Word, j int, s string) (runOption, string, int, bool) {
	for _, o := range r.options {
		switch {
		case o.prefix:
			if name, ok := o.names.PrefixOf(s); ok {
				return o, s[len(name):], j, true
			}
		case o.names.Has(s):
			if o.Use == RunGitConfig || j+1 >= len(args) {
				return o, "", j, true
			}
			return o, args[j+1].Text, j + 1, true
		case strings.HasPrefix(s, "-"):
			// --name=VALUE, and the go command's -name=VALUE.
			if opt, v, ok := strings.Cut(s, "="); ok && o.names.Has(opt) {
				return o, v, j, true
			}
			if name, ok := attachedName(o, s); ok {
				return o, s[len(name):], j, true
			}
		}
	}
	return runOption{}, "", j, false
}

// matchCluster reads s, a cluster of short options, letter by letter as
// getopt does: the first letter of the table's options takes the rest of
// the word or the next word (ssh -vo CMD, rsync -avze CMD); a letter of
// r.Short before it takes the rest as its value, and nothing matches.
func (r *OptionRunner) matchCluster(args []word.Word, j int, s string) (runOption, string, int, bool) {
	for k := 1; k < len(s); k++ {
		opt := "-" + s[k:k+1]
		for _, o := range r.options {
			if o.prefix || !o.names.Has(opt) {
				continue
			}
			switch {
			case k+1 < len(s):
				return o, s[k+1:], j, true
			case j+1 < len(args):
				return o, args[j+1].Text, j + 1, true
			}
			return o, "", j, true
		}
		if strings.IndexByte(r.Short, s[k]) >= 0 {
			break
		}
	}
	return runOption{}, "", j, false
}

// longNames returns the long names of r's options, those a word may
// abbreviate.
func (r *OptionRunner) longNames() word.Set {
	var b strings.Builder
	b.WriteByte(' ')
	for _, o := range r.options {
		if o.prefix {
			continue
		}
		for _, n := range strings.Fields(string(o.names)) {
			if strings.HasPrefix(n, "--") {
				b.WriteString(n + " ")
			}
		}
	}
	return word.Set(b.String())
}

// attachedName returns the longest single-dash name of o, an option whose
// value may follow in the same word, that word s begins with and goes on
// past: -oProxyCommand=CMD, gcc's -iquote. and -isystem/usr/include as
// -I. is.
func attachedName(o runOption, s string) (string, bool) {
	if !o.attached || len(s) < 3 || s[1] == '-' {
		return "", false
	}
	best := ""
	for _, name := range strings.Fields(string(o.names)) {
		if len(name) > len(best) && len(name) < len(s) && name[1] != '-' && strings.HasPrefix(s, name) {
			best = name
		}
	}
	return best, best != ""
}

// SourceTools read, check or rewrite source files and never run them:
// formatters, linters, type checkers, indexers, editors' launchers. The
// program-file scan of the source files a program guard does not know is
// given (shell.sourceOperands) spares them: scanning what only gets
// formatted would block a project whose sources name the home's files.
const SourceTools word.Set = " gofmt goimports gofumpt golangci-lint golint staticcheck revive errcheck " +
	"black ruff isort flake8 pylint mypy pyright pyflakes pycodestyle autopep8 yapf bandit pydocstyle " +
	"prettier eslint tsc biome standard jshint stylelint " +
	"clang-format clang-tidy cppcheck cpplint rustfmt shellcheck shfmt stylua luacheck rubocop standardrb " +
	"perltidy perlcritic php-cs-fixer phpcs phpstan ktlint google-java-format swiftformat swiftlint " +
	"ctags etags cscope codespell typos cloc tokei scc semgrep gitleaks trufflehog code subl nano "
