package agent

import (
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// searchArgs marks an MCP or unknown tool as a content search (its own
// reads print the lines it selects) by what the call
// carries, not by its argument names alone ({"q":…}, {"text":…},
// {"keyword":…} over a directory): an argument named for selecting
// (pattern, query…), or, beside a path the tool reads, a string argument
// that is neither a path nor a field known not to select lines.
func searchArgs(c *Call, in fields) {
	reads := map[string]bool{}
	for _, i := range c.Inputs {
		if i.Kind == event.KindRead {
			reads[i.Text] = true
		}
	}
	for k, r := range in.m {
		if searchName(k) {
			c.OwnSlices = true
			return
		}
		nk := normKey(k)
		if len(reads) == 0 || isPathKey(nk) || isURLKey(nk) || notSelecting(nk) {
			continue
		}
		if v, ok := stringValue(r); ok && v != "" && !reads[v] {
			c.OwnSlices = true
			return
		}
	}
}

// notSelecting reports whether a tool input field's normalised name is
// one known not to select lines by their text: how a file is read or
// printed, which revision or repository.
func notSelecting(k string) bool {
	switch k {
	case "encoding", "format", "mode", "type", "sort", "order", "language", "lang", "outputmode",
		"ref", "branch", "revision", "rev", "sha", "commit", "owner", "repo", "repository":
		return true
	}
	return false
}

// searchName reports whether a tool input field's name says it selects
// lines by their text.
func searchName(k string) bool {
	k = strings.ToLower(k)
	for _, w := range [...]string{"pattern", "query", "regex", "search", "grep"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// searchScope sets c.SearchScope for the result of a content search: the
// tool's input (tool_input, which the result hook carries beside the
// result) read as its call would be, its read paths resolved. Grep and
// agent C's search tools are content searches whatever their input says
// (guard reads their result's lines), searched in the call's directory
// when guard cannot read their input.
func searchScope(c *Call, f fields, opt Options) {
	lookup := toolAB
	if c.Agent == C {
		lookup = toolC
	}
	t := &Call{Agent: c.Agent, Event: c.Event, Hook: c.Hook, Stage: StageTool, Cwd: c.Cwd, OtherRoots: c.OtherRoots}
	err := toolCall(t, f, lookup)
	switch c.Tool {
	case "search_file_content", "grep_search", "Grep", "read_many_files":
		// Grep in any mode: its result says which lines it printed
		// (files_with_matches prints names, which hold no key-like run);
		// read_many_files prints each file under a `--- PATH ---` line.
		t.OwnSlices = true
	}
	if !t.OwnSlices || err != nil && c.Tool != "Grep" && c.Tool != "search_file_content" && c.Tool != "grep_search" && c.Tool != "read_many_files" {
		return
	}
	ResolvePaths(t, opt)
	var scope []string
	for _, in := range t.Inputs {
		if in.Kind != event.KindRead {
			continue
		}
		p, _, _ := strings.Cut(in.Text, "/**")
		if p != "" && !strings.ContainsAny(p, "*?[\x00") {
			scope = append(scope, p)
		}
	}
	if base := BaseDir(c, opt); base != "" {
		scope = append(scope, base)
	}
	c.SearchScope = scope
	if in, _, _, err := f.input("tool_input"); err == nil && c.Tool == "Grep" {
		mode, _, _ := in.str("output_mode")
		c.SearchCounts = mode == "count"
	}
	if c.SearchScope == nil {
		c.SearchScope = []string{}
	}
}
