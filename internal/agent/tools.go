package agent

import (
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// toolRule says what a tool call puts up for checking: the first present
// tool_input field among fields, as an input of kind. Fields that are
// optional may be absent (the call then passes through).
type toolRule struct {
	kind     event.Kind
	fields   []string
	optional bool
	tag      string
}

// preTools are the tools of agent A's PreToolUse and agent B's preToolUse
// (B's tool names are Read, Write, Edit, Shell, Delete, Grep, WebFetch,
// WebSearch, Task). Tools not listed (TodoWrite, MCP tools…) pass through.
var preTools = map[string]toolRule{
	"Bash":         {kind: event.KindCommand, fields: []string{"command"}},
	"Shell":        {kind: event.KindCommand, fields: []string{"command"}},
	"Write":        {kind: event.KindWrite, fields: []string{"file_path", "path"}},
	"Edit":         {kind: event.KindWrite, fields: []string{"file_path", "path"}},
	"MultiEdit":    {kind: event.KindWrite, fields: []string{"file_path", "path"}},
	"NotebookEdit": {kind: event.KindWrite, fields: []string{"notebook_path", "file_path"}},
	"Delete":       {kind: event.KindWrite, fields: []string{"file_path", "path"}},
	"Read":         {kind: event.KindRead, fields: []string{"file_path", "path"}},
	"Grep":         {kind: event.KindRead, fields: []string{"path"}, optional: true},
	"WebFetch":     {kind: event.KindURL, fields: []string{"url"}},
	"WebSearch":    {kind: event.KindQuery, fields: []string{"query", "search_term"}},
	"Task":         {tag: TagSubagentSpawn},
}

// postSources maps the tools whose results agent A's PostToolUse checks to
// the kind of their content. Other tools' results (Bash output…) pass
// through.
var postSources = map[string]event.Kind{
	"Read":      event.KindFileContent,
	"WebFetch":  event.KindWebContent,
	"WebSearch": event.KindWebContent,
}

// toolCall reads tool_name and tool_input from f and applies rules: the
// shared PreToolUse logic of agents A and B.
func toolCall(c *Call, f fields, rules map[string]toolRule) error {
	name, err := f.reqStr("tool_name")
	if err != nil {
		return err
	}
	c.Tool = name
	rule, known := rules[name]
	if !known {
		// Agent C's tool names under an A or B event (a misdetected or
		// misconfigured caller) get C's rules, not a pass-through.
		if rule, known = cTools[name]; !known {
			if isMCPTool(name) {
				return mcpToolInput(c, f)
			}
			return nil
		}
	}
	c.Tag = rule.tag
	if rule.kind == "" {
		return nil
	}
	in, ok, err := f.obj("tool_input")
	if err != nil {
		return err
	}
	if !ok {
		if rule.optional {
			return nil
		}
		return &Error{Field: "tool_input", Problem: "missing"}
	}
	text, present, err := in.firstStr(rule.fields...)
	if err != nil {
		return err
	}
	if !present {
		if name == "Grep" {
			return grepGlob(c, in, "")
		}
		if rule.optional {
			return nil
		}
		return &Error{Field: in.path(strings.Join(rule.fields, "|")), Problem: "missing"}
	}
	if err := checkPath(rule.kind, text, in.path(rule.fields[0])); err != nil {
		return err
	}
	c.Inputs = append(c.Inputs, event.Input{Kind: rule.kind, Text: text})
	if rule.kind == event.KindRead || rule.kind == event.KindWrite {
		// The other spellings too: guard cannot know which one the tool
		// obeys when the model sends more than one.
		if err := otherPaths(c, in, rule.kind, text, rule.fields); err != nil {
			return err
		}
	}
	if name == "Grep" {
		return grepGlob(c, in, text)
	}
	return nil
}

// otherPaths adds, after the first path field (text), every other non-empty
// string among names that differs from it, as an input of kind k.
func otherPaths(c *Call, in fields, k event.Kind, text string, names []string) error {
	for _, n := range names {
		s, ok, err := in.str(n)
		if err != nil {
			return err
		}
		if ok && s != "" && s != text {
			c.Inputs = append(c.Inputs, event.Input{Kind: k, Text: s})
		}
	}
	return nil
}

// grepGlob adds, for a Grep call with a glob filter, the path the glob
// names under the searched directory as a read: {"path": "~", "glob":
// ".ssh/*"} reads ~/.ssh/*, and "*.pem" reads files that **/*.pem blocks.
// Doublestar segments are dropped (~/**/.ssh/* is checked as ~/.ssh/*), so a
// glob naming a blocked directory or extension is caught; brace alternatives
// are not expanded.
func grepGlob(c *Call, in fields, dir string) error {
	g, ok, err := in.str("glob")
	if err != nil || !ok {
		return err
	}
	if p := globPath(dir, g); p != "" {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindRead, Text: p})
	}
	return nil
}

// globPath returns the path a file-search glob g names under dir ("" for
// the working directory), with its `**/` segments dropped, or "" when g
// names every file. An absolute g stands alone.
func globPath(dir, g string) string {
	g = strings.ReplaceAll(g, `\`, "/")
	abs := strings.HasPrefix(g, "/")
	for strings.Contains(g, "**/") {
		g = strings.ReplaceAll(g, "**/", "")
	}
	if abs && !strings.HasPrefix(g, "/") {
		g = "/" + g
	}
	if g == "" || g == "**" || g == "*" || g == "/" {
		return ""
	}
	if abs || dir == "" || homeRelative(g) {
		return g
	}
	return strings.TrimRight(dir, `/\`) + "/" + g
}

// isMCPTool reports whether name is an MCP tool's name as agents A and B
// spell it (mcp__server__tool, MCP:tool).
func isMCPTool(name string) bool {
	return len(name) > 3 && strings.EqualFold(name[:3], "mcp") && (name[3] == '_' || name[3] == ':')
}

// mcpToolInput checks an MCP tool call made through a PreToolUse hook as
// agent B's beforeMCPExecution checks it: URL fields, command fields, then
// the whole tool_input for secrets and injection.
func mcpToolInput(c *Call, f fields) error {
	r, ok := f.raw("tool_input")
	if !ok {
		return nil
	}
	urls, commands, rendered, err := scanToolInput(r, "tool_input")
	if err != nil {
		return err
	}
	c.Inputs = append(c.Inputs, urls...)
	c.Inputs = append(c.Inputs, commands...)
	if rendered != "" {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindToolInput, Text: rendered})
	}
	return nil
}

// checkPath refuses an empty path: there is nothing to check it against.
func checkPath(k event.Kind, text, field string) error {
	if (k == event.KindRead || k == event.KindWrite) && text == "" {
		return &Error{Field: field, Problem: "is empty, want a file path"}
	}
	return nil
}

// toolResult reads tool_name and tool_response from f and, when sources
// names the tool, puts its content up for checking.
func toolResult(c *Call, f fields, sources map[string]event.Kind) error {
	name, err := f.reqStr("tool_name")
	if err != nil {
		return err
	}
	c.Tool = name
	kind, checked := sources[name]
	if !checked {
		return nil
	}
	text, ok, err := f.text("tool_response")
	if err != nil {
		return err
	}
	if !ok {
		return &Error{Field: "tool_response", Problem: "missing"}
	}
	c.Inputs = append(c.Inputs, event.Input{Kind: kind, Text: text})
	return nil
}
