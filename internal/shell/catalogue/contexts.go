package catalogue

import "strings"

// ContextFiles are the agents' context (memory) files, as data: each
// client loads the files of these names in the project, its
// subdirectories and ancestors, the home and its own directory into the
// model's context at start or when it works in their directory, and
// imports each `@path` line they hold: agent A's
// AGENT_A.md and AGENT_A.local.md, agent C's AGENT_C.md (which also reads
// AGENTS.md), and agent B's AGENTS.md, the vendor-neutral name, and
// AGENTS.override.md, which agent B reads before it.
var ContextFiles = []string{"AGENT_A.md", "AGENT_A.local.md", "AGENT_C.md", "AGENTS.md", "AGENTS.override.md"}

// ContextFile reports whether name (a file's base name) is an agent's
// context file; case does not count (a case-insensitive file system
// loads agents.md as AGENTS.md).
func ContextFile(name string) bool {
	for _, c := range ContextFiles {
		if strings.EqualFold(name, c) {
			return true
		}
	}
	return false
}
