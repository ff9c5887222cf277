package catalogue

// ToolHome is a variable that names the directory (or file) a tool keeps
// its own state in, and the place the tool uses when it is not set.
// Exporting it with that default value hands no program a
// place it would not use anyway: the assignment is not a touch of it (as
// PATH's directories are not), so the tools' documented set-up lines
// (export NVM_DIR="$HOME/.nvm") pass. Any other value is touched as for
// every exported variable.
type ToolHome struct {
	Var string
	// Default is the tool's own place, relative to the home directory.
	Default string
}

// ToolHomes lists the tool homes guard knows, sorted by variable
// (TestToolHomesSorted).
var ToolHomes = []ToolHome{
	{"BUN_INSTALL", ".bun"},
	{"CARGO_HOME", ".cargo"},
	{"DENO_INSTALL", ".deno"},
	{"DOCKER_CONFIG", ".docker"},
	{"GOPATH", "go"},
	{"GRADLE_USER_HOME", ".gradle"},
	{"KUBECONFIG", ".kube/config"},
	{"NPM_CONFIG_CACHE", ".npm"},
	{"NVM_DIR", ".nvm"},
	{"PYENV_ROOT", ".pyenv"},
	{"RBENV_ROOT", ".rbenv"},
	{"RUSTUP_HOME", ".rustup"},
	{"SDKMAN_DIR", ".sdkman"},
	{"VOLTA_HOME", ".volta"},
	{"npm_config_cache", ".npm"},
}

// ToolHomeDefault reports whether variable name is a tool home and value
// (written as the rules write paths: ~/…, no trailing slash) is its
// default place.
func ToolHomeDefault(name, value string) bool {
	for _, t := range ToolHomes {
		if t.Var == name {
			return value == "~/"+t.Default
		}
	}
	return false
}
