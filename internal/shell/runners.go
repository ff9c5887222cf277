package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// The options whose value a program runs, or a setting of which makes it
// run one (git -c core.pager=CMD, ssh -o ProxyCommand=CMD, rsync -e CMD,
// tar --to-command=CMD, rg --pre CMD), or names a host it connects through
// (pip --proxy), as data: commandOptions reads the table.

// runUse says what a program does with an option's value.
type runUse uint8

const (
	runCommand    runUse = iota // a shell command it runs, fed what it reads (rsync -e, tar -I)
	runCheckpoint               // tar --checkpoint-action: exec=CMD runs CMD
	runSSHOption                // ssh -o KEY=VALUE: a command for ProxyCommand and the like, hosts for ProxyJump
	runGitSetting               // git -c KEY=VALUE: a command for core.pager and the like, a host for http.proxy
	runGitRemote                // git ext::CMD: the remote helper runs CMD
	runGitConfig                // git config: writes a setting (gitConfig); takes no value
	runProxy                    // a host it connects through (pip --proxy)
	runFilter                   // a program it runs on each file it reads (rg --pre)
	runDiffer                   // a program it runs on its files (diff3 --diff-program)
)

// runOption is an option, by its names: -x VALUE, --long VALUE and
// --long=VALUE.
type runOption struct {
	names word.Set
	use   runUse
	// attached: a short name's value may follow in the same word
	// (ssh -oProxyCommand=CMD).
	attached bool
	// prefix: the names are prefixes of the words it matches, the rest of
	// the word its value (git clone ext::CMD).
	prefix bool
}

// optionRunner is the table's entry for one program.
type optionRunner struct {
	name    string
	by      string // the program the command it runs is fed by; name when ""
	options []runOption
}

// Options shared by several entries.
var (
	sshOptions     = []runOption{{names: " -o ", attached: true, use: runSSHOption}}
	tarRunners     = []runOption{{names: " -I --use-compress-program --to-command ", use: runCommand}, {names: " --checkpoint-action ", use: runCheckpoint}}
	proxyOption    = []runOption{{names: " --proxy ", use: runProxy}}
	diffProgOption = []runOption{{names: " --diff-program ", use: runDiffer}}
)

// optionRunners lists the programs commandOptions reads, sorted by name
// (TestOptionRunnersSorted).
var optionRunners = []optionRunner{
	{name: "autossh", options: sshOptions},
	{name: "bsdtar", by: "tar", options: tarRunners},
	{name: "diff3", options: diffProgOption},
	{name: "git", by: "git", options: []runOption{
		{names: " -c ", use: runGitSetting},
		{names: " ext:: ", prefix: true, use: runGitRemote},
		{names: " config ", use: runGitConfig},
	}},
	{name: "gtar", by: "tar", options: tarRunners},
	{name: "pip", options: proxyOption},
	{name: "pip3", options: proxyOption},
	{name: "poetry", options: proxyOption},
	{name: "rg", options: []runOption{{names: " --pre ", use: runFilter}}},
	{name: "rsync", options: []runOption{{names: " -e --rsh ", use: runCommand}, sshOptions[0]}},
	{name: "scp", options: sshOptions},
	{name: "sdiff", options: diffProgOption},
	{name: "sftp", options: sshOptions},
	{name: "ssh", options: sshOptions},
	{name: "tar", by: "tar", options: tarRunners},
	{name: "uv", options: proxyOption},
}

// optionRunnerNamed returns the entry for name.
func optionRunnerNamed(name string) (*optionRunner, bool) {
	for i := range optionRunners {
		if optionRunners[i].name == name {
			return &optionRunners[i], true
		}
	}
	return nil, false
}

// match returns the option of r at args[j], its value and the index of the
// last word it used.
func (r *optionRunner) match(args []word.Word, j int) (runOption, string, int, bool) {
	s := args[j].Text
	for _, o := range r.options {
		switch {
		case o.prefix:
			if name, ok := o.names.PrefixOf(s); ok {
				return o, s[len(name):], j, true
			}
		case o.names.Has(s):
			if o.use == runGitConfig || j+1 >= len(args) {
				return o, "", j, true
			}
			return o, args[j+1].Text, j + 1, true
		case strings.HasPrefix(s, "--"):
			if opt, v, ok := strings.Cut(s, "="); ok && o.names.Has(opt) {
				return o, v, j, true
			}
		case o.attached && len(s) > 2 && s[0] == '-' && o.names.Has(s[:2]):
			return o, s[2:], j, true
		}
	}
	return runOption{}, "", j, false
}
