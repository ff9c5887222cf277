package agent

import (
	"encoding/json"
	"slices"
	"sort"
)

// A known tool's input is checked for the fields guard knows by the tool's
// handler, and every other field by what it carries, as an unknown tool's
// would be: a client or a newer release may honour a field
// guard does not read.

// dirKeys are the normalised names of a command tool's fields that name
// the directory it runs the command in, in the order guard names them.
var dirKeys = []string{"dirpath", "directory", "cwd", "workingdirectory", "workingdir", "workdir", "dir"}

// commandDir sets the call's directory from a command tool's directory
// fields (dir_path, directory, cwd, working_directory, workdir, dir…):
// the command's words resolve against it, and against the payload's cwd
// too (OtherRoots). Two fields that name different
// directories are an error: guard cannot tell which one the client runs
// the command in (fifth attack M4).
func commandDir(c *Call, in fields) error {
	var keys []string // the directory fields, in dirKeys' order, then by name
	for k := range in.m {
		if isDirKey(k) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := slices.Index(dirKeys, normKey(keys[i])), slices.Index(dirKeys, normKey(keys[j]))
		return a < b || a == b && keys[i] < keys[j]
	})
	var dir, first string
	for _, k := range keys {
		s, ok, err := in.str(k)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if first == "" {
			dir, first = s, k
		} else if sameDirText(s) != sameDirText(dir) {
			return &Error{Field: in.path(k), Problem: "names another directory than " + in.path(first) +
				": guard cannot tell which one the client runs the command in; send one of them"}
		}
	}
	if dir == "" {
		return nil
	}
	d := joinDir(c.Cwd, dir)
	if c.Cwd != "" && sameDirText(d) != sameDirText(c.Cwd) {
		// The client may run the command in the call's cwd, ignoring a
		// field it does not know: its relative words are checked under
		// both, as under agent B's several roots.
		c.OtherRoots = append(c.OtherRoots, c.Cwd)
	}
	c.Cwd = d
	return nil
}

// isDirKey reports whether key is one of dirKeys.
func isDirKey(key string) bool { return slices.Contains(dirKeys, normKey(key)) }

// knownFields returns the fields of a known tool's input its handler reads
// or knows to be data (a command's description, a write's content, a
// sub-agent's prompt, a to-do list: nothing in them reaches the machine).
// A name it does not list has no field known: every field is checked by
// what it carries.
func knownFields(name string) []string {
	switch name {
	case "Bash", "Shell", "Monitor", "PowerShell", "run_shell_command":
		return []string{"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox",
			"is_background", "explanation"}
	case "Write", "Edit", "MultiEdit", "StrReplace", "Delete", "write_file", "replace":
		names := []string{"file_path", "path", "absolute_path", "content", "contents", "old_string", "new_string",
			"old_str", "new_str", "replace_all", "edits", "expected_replacements", "instruction"}
		if name == "write_file" || name == "replace" {
			names = append(names, "target_file") // toolC reads it
		}
		return names
	case "NotebookEdit", "NotebookRead":
		return []string{"notebook_path", "file_path", "cell_id", "new_source", "cell_type", "edit_mode", "cell_number"}
	case "Read":
		return []string{"file_path", "path", "absolute_path", "offset", "limit", "pages"}
	case "read_file":
		return []string{"file_path", "path", "absolute_path", "target_file", "offset", "limit", "pages"}
	case "Grep", "Glob", "LS", "list_directory", "glob", "search_file_content", "grep_search":
		return []string{"pattern", "path", "dir_path", "glob", "type", "output_mode", "-i", "-n", "-A", "-B", "-C", "-o",
			"multiline", "head_limit", "offset", "context", "include", "include_pattern", "ignore", "case_sensitive",
			"respect_git_ignore", "file_filtering_options", "target_directory", "glob_pattern", "ignore_globs"}
	case "read_many_files":
		return []string{"paths", "include", "exclude", "recursive", "useDefaultExcludes", "file_filtering_options"}
	case "WebFetch", "web_fetch":
		return []string{"url", "prompt"}
	case "WebSearch", "google_web_search":
		return []string{"query", "search_term", "allowed_domains", "blocked_domains", "explanation"}
	case "save_memory":
		return []string{"fact"}
	case "Task", "Agent":
		return []string{"description", "prompt", "subagent_type", "model", "resume", "run_in_background"}
	case "TodoWrite", "write_todos":
		return []string{"todos"}
	case "BashOutput":
		return []string{"bash_id", "filter"}
	case "KillShell", "KillBash":
		return []string{"shell_id"}
	case "ExitPlanMode":
		return []string{"plan"}
	case "AskUserQuestion":
		return []string{"questions", "answers", "metadata"}
	}
	return nil
}

// ownBuiltin reports whether name is a tool of agent's own that carries
// only text for the model (a sub-agent's prompt, a to-do list, a plan):
// another agent's tool of that name is an MCP server's or a newer
// client's, checked by what it carries.
func ownBuiltin(agent, name string) bool {
	switch name {
	case "Task":
		return agent == A || agent == B
	case "Agent", "TodoWrite", "TodoRead", "BashOutput", "KillShell", "KillBash", "ExitPlanMode", "EnterPlanMode",
		"AskUserQuestion":
		return agent == A
	case "write_todos":
		return agent == C
	}
	return true
}

// extraFields checks the fields of a known tool's input its handler does
// not know by what they carry (byFields), a command tool's directory
// fields left out (commandDir read them).
func extraFields(c *Call, name string, in fields) error {
	known := knownFields(name)
	if len(in.m) == 0 {
		return nil
	}
	rest := map[string]json.RawMessage{}
	for k, v := range in.m {
		if slices.Contains(known, k) || commandToolName(name) && isDirKey(k) {
			continue
		}
		rest[k] = v
	}
	if len(rest) == 0 {
		return nil
	}
	raw, err := json.Marshal(rest)
	if err != nil {
		return &Error{Field: in.prefix, Problem: "cannot be re-encoded"}
	}
	return byFields(c, name, fields{m: rest, prefix: in.prefix, doc: raw})
}
