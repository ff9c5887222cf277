package catalogue

// Variables that move where a program loads its configuration or code from:
// with GIT_CONFIG_GLOBAL=
// ~/dotfiles/gitconfig in the agent's environment git reads that file in
// place of ~/.gitconfig; with PERL5LIB=~/perl5/lib/perl5 every perl program
// loads strict.pm from there. The policy (policy/envmoves.go) adds the
// protected globs again at each variable's value, as the hook's
// environment or the user's start-up files set it.

// EnvMove is one variable that moves a protected place.
type EnvMove struct {
	// Name is the variable.
	Name string
	// From is the place it replaces (a file, or a directory when dir),
	// "" when it has none in the lists: the value is then write-protected.
	From string
	// Dir: From is a directory.
	Dir bool
	// List: a list separated by the OS's list separator.
	List bool
	// Files are, for a directory (or a list) whose code a program imports
	// by name or runs (PYTHONPATH's sitecustomize.py, PERL5LIB's *.pm,
	// GIT_TEMPLATE_DIR's hooks), the entries in each, as globs:
	// write-protected.
	Files []string
	// Program: the value is a command line whose first word is a program
	// other tools run (EDITOR, PAGER, SSH_ASKPASS): that program, when it
	// is a path, is write-protected.
	Program bool
}

// EnvMoves returns the variables that move a protected place (built on
// call: no table at init).
func EnvMoves() []EnvMove {
	return []EnvMove{
		{Name: "GIT_CONFIG_GLOBAL", From: "~/.gitconfig"},
		{Name: "KUBECONFIG", From: "~/.kube/config", List: true},
		{Name: "AWS_SHARED_CREDENTIALS_FILE", From: "~/.aws/credentials"},
		{Name: "AWS_CONFIG_FILE", From: "~/.aws/config"},
		{Name: "NPM_CONFIG_USERCONFIG", From: "~/.npmrc"},
		{Name: "npm_config_userconfig", From: "~/.npmrc"},
		{Name: "DOCKER_CONFIG", From: "~/.docker", Dir: true},
		{Name: "GNUPGHOME", From: "~/.gnupg", Dir: true},
		{Name: "PASSWORD_STORE_DIR", From: "~/.password-store", Dir: true},
		{Name: "CARGO_HOME", From: "~/.cargo", Dir: true},
		{Name: "AZURE_CONFIG_DIR", From: "~/.azure", Dir: true},
		{Name: "CLOUDSDK_CONFIG", From: "~/.config/gcloud", Dir: true},
		{Name: "GH_CONFIG_DIR", From: "~/.config/gh", Dir: true},
		{Name: "GRADLE_USER_HOME", From: "~/.gradle", Dir: true},
		{Name: "IPYTHONDIR", From: "~/.ipython", Dir: true},
		{Name: "XDG_CONFIG_HOME", From: "~/.config", Dir: true},
		{Name: "XDG_DATA_HOME", From: "~/.local/share", Dir: true},
		{Name: "XDG_STATE_HOME", From: "~/.local/state", Dir: true},
		{Name: "PYTHONUSERBASE", From: "~/.local", Dir: true},
		{Name: "PYTHONPATH", List: true, Files: []string{"sitecustomize.py", "usercustomize.py"}},
		{Name: "PYTHONHOME", Files: []string{"lib/**"}},
		{Name: "TF_CLI_CONFIG_FILE", From: "~/.terraformrc"},
		{Name: "INPUTRC", From: "~/.inputrc"},
		{Name: "PSQLRC", From: "~/.psqlrc"},
		{Name: "WGETRC", From: "~/.wgetrc"},
		{Name: "GEMRC", From: "~/.gemrc"},
		{Name: "CONDARC", From: "~/.condarc"},
		{Name: "BUNDLE_USER_CONFIG", From: "~/.bundle/config"},
		{Name: "MYVIMRC", From: "~/.vimrc"},
		{Name: "NETRC", From: "~/.netrc"},
		{Name: "PGPASSFILE", From: "~/.pgpass"},
		// code a program loads by name from each directory
		{Name: "PERL5LIB", List: true, Files: []string{"**/*.pm", "**/*.pl", "**/*.so"}},
		{Name: "PERLLIB", List: true, Files: []string{"**/*.pm", "**/*.pl", "**/*.so"}},
		{Name: "RUBYLIB", List: true, Files: []string{"**/*.rb", "**/*.so", "**/*.bundle"}},
		{Name: "NODE_PATH", List: true, Files: []string{"**"}},
		{Name: "GEM_HOME", Files: []string{"bin/**", "gems/**", "specifications/**"}},
		{Name: "GEM_PATH", List: true, Files: []string{"bin/**", "gems/**", "specifications/**"}},
		{Name: "GOPATH", List: true, Files: []string{"bin/**"}},
		{Name: "GOBIN", Files: []string{"**"}},
		{Name: "NPM_CONFIG_PREFIX", Files: []string{"bin/**", "lib/node_modules/**"}},
		{Name: "npm_config_prefix", Files: []string{"bin/**", "lib/node_modules/**"}},
		{Name: "GIT_TEMPLATE_DIR", Files: []string{"**"}}, // copied into every repository git init makes
		{Name: "GIT_EXEC_PATH", Files: []string{"**"}},
		{Name: "CURL_HOME", Files: []string{".curlrc"}},
		{Name: "VAULT_CONFIG_PATH"},
		{Name: "PYTHONSTARTUP"},
		{Name: "RIPGREP_CONFIG_PATH"},
		{Name: "PIP_CONFIG_FILE"},
		{Name: "GIT_CONFIG_SYSTEM"},
		{Name: "ENV"},
		{Name: "BASH_ENV"},
		{Name: "EDITOR", Program: true}, {Name: "VISUAL", Program: true}, {Name: "GIT_EDITOR", Program: true},
		{Name: "PAGER", Program: true}, {Name: "GIT_PAGER", Program: true}, {Name: "MANPAGER", Program: true},
		{Name: "BROWSER", Program: true}, {Name: "SUDO_ASKPASS", Program: true}, {Name: "SSH_ASKPASS", Program: true},
		{Name: "GIT_ASKPASS", Program: true},
	}
}
