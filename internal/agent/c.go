package agent

import (
	"encoding/json"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// cTools maps agent C's tools onto the checks of agent A's PreToolUse.
var cTools = map[string]toolRule{
	"run_shell_command": {kind: event.KindCommand, fields: []string{"command"}},
	"read_file":         {kind: event.KindRead, fields: []string{"file_path", "absolute_path", "path"}},
	"write_file":        {kind: event.KindWrite, fields: []string{"file_path", "absolute_path", "path"}},
	"replace":           {kind: event.KindWrite, fields: []string{"file_path", "absolute_path", "path"}},
	"google_web_search": {kind: event.KindQuery, fields: []string{"query"}},
	// web_fetch is handled by cWebFetch: a url field, or the URLs in its prompt.
}

// cSources maps the agent C tools whose results after_tool checks to the kind
// of their content; other tools' results (shell output…) pass through.
var cSources = map[string]event.Kind{
	"read_file":         event.KindFileContent,
	"web_fetch":         event.KindWebContent,
	"google_web_search": event.KindWebContent,
}

// parseC reads a payload of agent C: hook_event_name before_tool (tool_name,
// tool_input) or after_tool (tool_name, tool_response), and cwd.
func parseC(f fields, opt Options) (*Call, error) {
	name, hook, err := eventOf(C, f, opt)
	if err != nil {
		return nil, err
	}
	c := &Call{Event: name, Hook: hook}
	if c.Cwd, _, err = f.str("cwd"); err != nil {
		return nil, err
	}
	if hook == event.HookPostToolUse {
		err = toolResult(c, f, cSources)
	} else {
		err = cToolCall(c, f)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// cToolCall checks a before_tool call. Known tools are checked as agent A's
// PreToolUse; for any other tool the well-known fields it carries are: command
// (command rules), file_path, absolute_path or path (checked as both a read
// and a write, since guard cannot tell which the tool does) and url.
func cToolCall(c *Call, f fields) error {
	name, err := f.reqStr("tool_name")
	if err != nil {
		return err
	}
	if _, known := cTools[name]; known {
		return toolCall(c, f, cTools)
	}
	c.Tool = name
	in, ok, err := f.obj("tool_input")
	if err != nil {
		return err
	}
	if !ok {
		if name == "web_fetch" {
			// A known tool: what it fetches must be there to be checked.
			return &Error{Field: "tool_input", Problem: "missing"}
		}
		return nil
	}
	if name == "web_fetch" {
		return cWebFetch(c, in)
	}
	if s, ok, err := in.str("command"); err != nil {
		return err
	} else if ok && s != "" {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindCommand, Text: s})
	}
	dir := ""
	for _, n := range []string{"file_path", "absolute_path", "path"} {
		s, ok, err := in.str(n)
		if err != nil {
			return err
		}
		if ok && s != "" {
			if dir == "" {
				dir = s
			}
			c.Inputs = append(c.Inputs,
				event.Input{Kind: event.KindRead, Text: s},
				event.Input{Kind: event.KindWrite, Text: s})
		}
	}
	// read_many_files names its files in paths (and include) arrays, of
	// paths or globs; search_file_content filters with an include glob.
	for _, n := range []string{"paths", "include"} {
		globs, err := strs(in, n)
		if err != nil {
			return err
		}
		for _, g := range globs {
			if p := globPath(dir, g); p != "" {
				c.Inputs = append(c.Inputs, event.Input{Kind: event.KindRead, Text: p})
			}
		}
	}
	if s, ok, err := in.str("url"); err != nil {
		return err
	} else if ok && s != "" {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindURL, Text: s})
	}
	if isMCPTool(name) || strings.Contains(name, "__") {
		// An MCP tool (mcp_…, server__tool): also beforeMCPExecution's
		// checks of the whole input, secrets and injection included.
		return mcpToolInput(c, f)
	}
	return nil
}

// strs returns member name as a list of strings: a string is a list of one,
// an array's string elements are the list (other elements are skipped).
func strs(f fields, name string) ([]string, error) {
	r, ok := f.raw(name)
	if !ok {
		return nil, nil
	}
	var one string
	if json.Unmarshal(r, &one) == nil {
		return []string{one}, nil
	}
	var many []json.RawMessage
	if err := json.Unmarshal(r, &many); err != nil {
		return nil, &Error{Field: f.path(name), Problem: "is " + kindOf(r) + ", want a string or an array of strings"}
	}
	var out []string
	for _, e := range many {
		if json.Unmarshal(e, &one) == nil && one != "" {
			out = append(out, one)
		}
	}
	return out, nil
}

// cWebFetch checks web_fetch: its url field, else every http(s) URL in its
// prompt (the tool takes a prompt that names the pages to fetch).
func cWebFetch(c *Call, in fields) error {
	if u, ok, err := in.str("url"); err != nil || ok {
		if ok {
			c.Inputs = append(c.Inputs, event.Input{Kind: event.KindURL, Text: u})
		}
		return err
	}
	p, err := in.reqFirstStr("prompt")
	if err != nil {
		return &Error{Field: "tool_input.url|prompt", Problem: "missing"}
	}
	for _, w := range strings.Fields(p) {
		w = strings.Trim(w, "<>()[]{}\"'`,;.!?")
		if hasWebScheme(w) {
			c.Inputs = append(c.Inputs, event.Input{Kind: event.KindURL, Text: w})
		}
	}
	return nil
}
