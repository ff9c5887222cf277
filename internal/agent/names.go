package agent

import "slices"

// toolNames are the tools toolAB and toolC know, by name.
var toolNames = [...]string{
	"Bash", "Shell", "Monitor", "PowerShell", "Edit", "MultiEdit", "StrReplace", "Write", "Delete",
	"NotebookEdit", "Read", "NotebookRead", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "Task", "Agent",
	"TodoWrite", "TodoRead", "BashOutput", "KillShell", "KillBash", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion",
	"run_shell_command", "read_file", "replace", "write_file", "list_directory", "glob", "search_file_content",
	"grep_search", "read_many_files", "web_fetch", "google_web_search", "save_memory", "write_todos",
}

// KnownName reports whether s is an event or tool name of the agents'
// own (the event tables, the tools guard knows): words of guard's, not
// text the model wrote.
func KnownName(s string) bool {
	if slices.Contains(toolNames[:], s) {
		return true
	}
	for _, t := range [...][]namedEvent{eventsA, eventsB, eventsC} {
		for _, e := range t {
			if e.name == s {
				return true
			}
		}
	}
	return false
}

// KnownNames lists the names KnownName knows.
func KnownNames() []string {
	out := slices.Clone(toolNames[:])
	for _, t := range [...][]namedEvent{eventsA, eventsB, eventsC} {
		for _, e := range t {
			out = append(out, e.name)
		}
	}
	return out
}
