package policy

// Variables that move a protected file (review 7 F3): with
// GIT_CONFIG_GLOBAL=~/dotfiles/gitconfig in the agent's environment, git
// reads that file in place of ~/.gitconfig, and the write rules that
// protect ~/.gitconfig must protect it too; KUBECONFIG, DOCKER_CONFIG,
// GNUPGHOME… likewise, for reads and writes. Each entry names the place the
// variable replaces; every read or write glob of the policy at that place
// is added again at the variable's value (a list for KUBECONFIG). A
// variable whose program has no default place in the lists
// (RIPGREP_CONFIG_PATH, PYTHONSTARTUP's file) makes its value a write glob:
// its program runs what it says.

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// envMove is one variable that moves a protected place.
type envMove struct {
	name string
	// from is the place it replaces (a file, or a directory when dir),
	// "" when it has none in the lists: the value is then write-protected.
	from string
	dir  bool
	list bool // a list of files separated by the OS's list separator
	// files are, for a list of directories whose code a program imports
	// by name at its start (PYTHONPATH), the files in each directory that
	// it runs unasked: write-protected.
	files []string
	// program: the value is a command line whose first word is a program
	// other tools run (EDITOR, PAGER, SSH_ASKPASS): that program, when it
	// is a path, is write-protected.
	program bool
}

// envMoves returns the variables that move a protected place (built on
// call: no table at init).
func envMoves() []envMove {
	return []envMove{
		{name: "GIT_CONFIG_GLOBAL", from: "~/.gitconfig"},
		{name: "KUBECONFIG", from: "~/.kube/config", list: true},
		{name: "AWS_SHARED_CREDENTIALS_FILE", from: "~/.aws/credentials"},
		{name: "AWS_CONFIG_FILE", from: "~/.aws/config"},
		{name: "NPM_CONFIG_USERCONFIG", from: "~/.npmrc"},
		{name: "npm_config_userconfig", from: "~/.npmrc"},
		{name: "DOCKER_CONFIG", from: "~/.docker", dir: true},
		{name: "GNUPGHOME", from: "~/.gnupg", dir: true},
		{name: "PASSWORD_STORE_DIR", from: "~/.password-store", dir: true},
		{name: "CARGO_HOME", from: "~/.cargo", dir: true},
		{name: "AZURE_CONFIG_DIR", from: "~/.azure", dir: true},
		{name: "CLOUDSDK_CONFIG", from: "~/.config/gcloud", dir: true},
		{name: "GH_CONFIG_DIR", from: "~/.config/gh", dir: true},
		{name: "GRADLE_USER_HOME", from: "~/.gradle", dir: true},
		{name: "IPYTHONDIR", from: "~/.ipython", dir: true},
		{name: "XDG_CONFIG_HOME", from: "~/.config", dir: true},
		{name: "XDG_DATA_HOME", from: "~/.local/share", dir: true},
		{name: "XDG_STATE_HOME", from: "~/.local/state", dir: true},
		{name: "PYTHONUSERBASE", from: "~/.local", dir: true},
		{name: "PYTHONPATH", list: true, files: []string{"sitecustomize.py", "usercustomize.py"}},
		{name: "TF_CLI_CONFIG_FILE", from: "~/.terraformrc"},
		{name: "INPUTRC", from: "~/.inputrc"},
		{name: "PSQLRC", from: "~/.psqlrc"},
		{name: "WGETRC", from: "~/.wgetrc"},
		{name: "GEMRC", from: "~/.gemrc"},
		{name: "CONDARC", from: "~/.condarc"},
		{name: "BUNDLE_USER_CONFIG", from: "~/.bundle/config"},
		{name: "MYVIMRC", from: "~/.vimrc"},
		{name: "NETRC", from: "~/.netrc"},
		{name: "PGPASSFILE", from: "~/.pgpass"},
		{name: "VAULT_CONFIG_PATH"},
		{name: "PYTHONSTARTUP"},
		{name: "RIPGREP_CONFIG_PATH"},
		{name: "PIP_CONFIG_FILE"},
		{name: "GIT_CONFIG_SYSTEM"},
		{name: "ENV"},
		{name: "BASH_ENV"},
		{name: "EDITOR", program: true}, {name: "VISUAL", program: true}, {name: "GIT_EDITOR", program: true},
		{name: "PAGER", program: true}, {name: "GIT_PAGER", program: true}, {name: "MANPAGER", program: true},
		{name: "BROWSER", program: true}, {name: "SUDO_ASKPASS", program: true}, {name: "SSH_ASKPASS", program: true},
		{name: "GIT_ASKPASS", program: true},
	}
}

// movedGlobs returns globs at the places the variables lookup knows (the
// hook's environment, or what the start-up files set) move: for each glob
// of globs at a moved place, the same glob at the variable's value; write
// adds the values of variables with no place in the lists.
func movedGlobs(home string, globs []string, write bool, lookup func(string) (string, bool)) []string {
	var out []string
	for _, m := range envMoves() {
		v, ok := lookup(m.name)
		if !ok || v == "" {
			continue
		}
		vals := []string{v}
		switch {
		case m.list:
			vals = filepath.SplitList(v)
		case m.program:
			vals = strings.Fields(v)[:1]
		}
		for _, val := range vals {
			val = movedPath(home, val)
			if val == "" {
				continue
			}
			if m.from == "" {
				if write && len(m.files) == 0 {
					out = append(out, val)
				}
				for _, f := range m.files {
					if write {
						out = append(out, filepath.ToSlash(filepath.Join(val, f)))
					}
				}
				continue
			}
			for _, g := range globs {
				switch {
				case g == m.from || !m.dir && globMatches(g, m.from):
					out = append(out, val) // ~/.kube/** protects ~/.kube/config, and so its moved place
				case m.dir && strings.HasPrefix(g, m.from+"/"):
					out = append(out, filepath.ToSlash(val)+g[len(m.from):])
				}
			}
		}
	}
	return out
}

// globMatches reports whether glob g (a ** one) matches path p, both as
// the lists spell them (~/…).
func globMatches(g, p string) bool {
	ok, err := doublestar.Match(g, p)
	return err == nil && ok && strings.Contains(g, "*")
}

// movedPath returns a variable's value as an absolute path (~ expanded),
// "" when it is none or holds a glob character (it is a name, not a
// pattern).
func movedPath(home, v string) string {
	if v == "~" || strings.HasPrefix(v, "~/") {
		v = home + v[1:]
	}
	if !filepath.IsAbs(v) || hasGlobChar(v) {
		return ""
	}
	v = filepath.Clean(v)
	if v == "/" || v == filepath.Clean(home) {
		return "" // the root or the home: every file there would be protected
	}
	return v
}

// envLookup looks a variable up in the hook's environment.
func envLookup(name string) (string, bool) { return os.LookupEnv(name) }
