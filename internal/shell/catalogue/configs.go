package catalogue

import "strings"

// ConfigWriter is a program's subcommand that writes a configuration file
// of the program's own, which no word of the command names (kubectl config
// set-credentials writes ~/.kube/config, pip config set ~/.config/pip/pip.conf,
// npm config set ~/.npmrc). Running it counts as a write of that file, so
// the write rules decide it as they decide a redirection into the file.
type ConfigWriter struct {
	Name string
	// Sub are its leading operands, in order (kubectl config): options
	// and a word after an option (its value, perhaps) may stand between.
	Sub string
	// Unless are what makes it only read (see CredPrinter.Unless): the
	// first operand after Sub (kubectl config view), or an option.
	Unless string
	// File is the file it writes: relative to the home directory, or to
	// the working directory when Project is set.
	File    string
	Project bool
	// Vars are variables naming the file instead, each NAME or NAME/REST
	// (a directory variable and the file in it): KUBECONFIG,
	// DOCKER_CONFIG/config.json. A list (A:B) names each.
	Vars string
	// Flag is the option naming it instead, written like Vars
	// (--kubeconfig, --config/config.json).
	Flag string
}

// kubeReads are kubectl config's subcommands that write nothing that runs
// or redirects: they read, or choose a context or namespace among those
// the file holds.
const kubeReads = "view get-contexts get-clusters get-users current-context use-context use set-context rename-context"

// ConfigWriters lists the configuration writers, sorted by name
// (TestConfigWritersSorted).
var ConfigWriters = []ConfigWriter{
	{Name: "aws", Sub: "configure", Unless: "get list list-profiles export-credentials", File: ".aws/config", Vars: "AWS_CONFIG_FILE"},
	{Name: "aws", Sub: "configure", Unless: "get list list-profiles export-credentials", File: ".aws/credentials", Vars: "AWS_SHARED_CREDENTIALS_FILE"},
	{Name: "cargo", Sub: "login", File: ".cargo/credentials.toml", Vars: "CARGO_HOME/credentials.toml"},
	{Name: "cargo", Sub: "logout", File: ".cargo/credentials.toml", Vars: "CARGO_HOME/credentials.toml"},
	{Name: "composer", Sub: "config", Unless: "-g --global -l --list", File: "composer.json", Project: true, Flag: "--working-dir/composer.json"}, // scripts.*
	{Name: "docker", Sub: "context", Unless: "ls list inspect show export", File: ".docker/config.json", Vars: "DOCKER_CONFIG/config.json", Flag: "--config/config.json"},
	{Name: "docker", Sub: "login", File: ".docker/config.json", Vars: "DOCKER_CONFIG/config.json", Flag: "--config/config.json"},
	{Name: "docker", Sub: "logout", File: ".docker/config.json", Vars: "DOCKER_CONFIG/config.json", Flag: "--config/config.json"},
	{Name: "gh", Sub: "alias", Unless: "list ls", File: ".config/gh/config.yml", Vars: "GH_CONFIG_DIR/config.yml"}, // an alias may run a shell command
	{Name: "gh", Sub: "config set", File: ".config/gh/config.yml", Vars: "GH_CONFIG_DIR/config.yml"},
	{Name: "git", Sub: "lfs install", File: ".gitconfig"},
	{Name: "git", Sub: "maintenance", Unless: "run", File: ".gitconfig"},                  // start, register: and a timer that runs git
	{Name: "husky", Unless: "--help -h --version -v", File: ".git/config", Project: true}, // core.hooksPath
	{Name: "kubectl", Sub: "config", Unless: kubeReads, File: ".kube/config", Vars: "KUBECONFIG", Flag: "--kubeconfig"},
	{Name: "npm", Sub: "adduser", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "npm", Sub: "c", Unless: "get list ls", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "npm", Sub: "config", Unless: "get list ls", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "npm", Sub: "create", File: "package.json", Project: true, Flag: "--prefix/package.json"}, // init's alias
	{Name: "npm", Sub: "init", File: "package.json", Project: true, Flag: "--prefix/package.json"},   // scripts
	{Name: "npm", Sub: "login", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "npm", Sub: "logout", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "npm", Sub: "pkg", Unless: "get", File: "package.json", Project: true, Flag: "--prefix/package.json"},
	{Name: "npm", Sub: "set", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "npm", Sub: "set-script", File: "package.json", Project: true, Flag: "--prefix/package.json"},
	{Name: "pip", Sub: "config", Unless: "list get debug", File: ".config/pip/pip.conf", Vars: "PIP_CONFIG_FILE"},
	{Name: "pip3", Sub: "config", Unless: "list get debug", File: ".config/pip/pip.conf", Vars: "PIP_CONFIG_FILE"},
	{Name: "pnpm", Sub: "add-user", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "pnpm", Sub: "adduser", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "pnpm", Sub: "c", Unless: "get list", File: ".config/pnpm/rc", Vars: "XDG_CONFIG_HOME/pnpm/rc"},
	{Name: "pnpm", Sub: "c", Unless: "get list", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "pnpm", Sub: "config", Unless: "get list", File: ".config/pnpm/rc", Vars: "XDG_CONFIG_HOME/pnpm/rc"}, // script-shell
	{Name: "pnpm", Sub: "config", Unless: "get list", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "pnpm", Sub: "set", File: ".config/pnpm/rc", Vars: "XDG_CONFIG_HOME/pnpm/rc"},
	{Name: "pnpm", Sub: "set", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	// pnpm setup adds PNPM_HOME to the shell's start-up file, and
	// install-completion a line that loads its completion script.
	{Name: "pnpm", Sub: "setup", File: ".bashrc"},
	{Name: "pnpm", Sub: "setup", File: ".zshrc"},
	{Name: "pnpm", Sub: "setup", File: ".config/fish/config.fish"},
	{Name: "pnpm", Sub: "install-completion", File: ".bashrc"},
	{Name: "pnpm", Sub: "install-completion", File: ".zshrc"},
	{Name: "pnpm", Sub: "install-completion", File: ".config/fish/config.fish"},
	{Name: "pnpm", Sub: "init", File: "package.json", Project: true, Flag: "--dir/package.json"},
	{Name: "pnpm", Sub: "login", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "pnpm", Sub: "logout", File: ".npmrc", Vars: "NPM_CONFIG_USERCONFIG npm_config_userconfig", Flag: "--userconfig"},
	{Name: "pnpm", Sub: "pkg", Unless: "get", File: "package.json", Project: true, Flag: "--dir/package.json"},
	{Name: "pre-commit", Sub: "install", File: ".git/hooks/pre-commit", Project: true},
	{Name: "yarn", Sub: "config", Unless: "get list current", File: ".yarnrc"},
	{Name: "yarn", Sub: "init", File: "package.json", Project: true, Flag: "--cwd/package.json"},
	{Name: "yarn", Sub: "config", Unless: "get list current", File: ".yarnrc.yml"},
}

// ConfigWrites returns the configuration writers the command name args
// is (usually none, at most a few).
func ConfigWrites(name string, args []string) []ConfigWriter {
	var out []ConfigWriter
	for _, p := range ConfigWriters {
		if p.Name != name {
			continue
		}
		if at, ok := leading(args, strings.Fields(p.Sub)); ok && !unless(args, at, p.Unless) {
			out = append(out, p)
		}
	}
	return out
}

// leading returns the index after the words of sub, found as the leading
// operands of args: before and between them only options and a word after
// an option (which may be its value: kubectl --context c config set).
func leading(args, sub []string) (int, bool) {
	at := 0
	for _, s := range sub {
		for ; at < len(args); at++ {
			a := args[at]
			if strings.HasPrefix(a, "-") {
				continue
			}
			if a == s {
				break
			}
			if at == 0 || !strings.HasPrefix(args[at-1], "-") || strings.Contains(args[at-1], "=") {
				return 0, false // an operand of its own: another subcommand
			}
		}
		if at == len(args) {
			return 0, false
		}
		at++
	}
	return at, true
}
