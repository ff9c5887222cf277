package catalogue

// Lookup is where a tool looks for a file of its project:
// the tools walk up from the directory they run in, each by its own rule.
type Lookup int

const (
	// Here is the directory the tool runs in only.
	Here Lookup = iota
	// Nearest is the nearest directory at or above it that holds one of
	// the names (npm's package.json, just's justfile, poe's pyproject.toml).
	Nearest
	// All is every directory from it up to the file system's root: the
	// tool merges their settings (cargo's .cargo/config.toml, npm's and
	// yarn's rc files).
	All
	// Workspace is Nearest, and above it each directory whose
	// package.json has a "workspaces" key or cannot be read: npm, yarn and
	// bun run in a workspace member work at the workspace's root
	// (default-deny: every candidate, not only the one whose list would
	// name the member).
	Workspace
)

// SettingsFile is a settings file of its project a tool reads, and where
// it looks for it. The task runners' files have their own (TaskRunner.Look).
type SettingsFile struct {
	Name string // relative to the directory looked in
	Look Lookup
}

// SettingsFiles lists the settings files the package managers and cargo
// read. Small: looked up by a linear scan.
var SettingsFiles = []SettingsFile{
	{Name: "package.json", Look: Nearest}, // npm's, yarn's, pnpm's, bun's, node --run's project root
	{Name: "deno.json", Look: Nearest},
	{Name: "deno.jsonc", Look: Nearest},
	{Name: ".npmrc", Look: All}, // the project root's, a workspace root's, the user's
	{Name: ".yarnrc.yml", Look: All},
	{Name: ".yarnrc", Look: All},
	{Name: ".pnpmfile.cjs", Look: All}, // the workspace root's
	{Name: "pnpm-workspace.yaml", Look: Nearest},
	{Name: ".cargo/config.toml", Look: All},
	{Name: ".cargo/config", Look: All},
}

// LookupOf returns where a tool looks for settings file name: Here for a
// name not listed.
func LookupOf(name string) Lookup {
	for _, s := range SettingsFiles {
		if s.Name == name {
			return s.Look
		}
	}
	return Here
}
