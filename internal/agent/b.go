package agent

import (
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// parseB reads a payload of agent B. Its blocking hooks are
// beforeSubmitPrompt (prompt), preToolUse (tool_name, tool_input: as agent
// A's PreToolUse), beforeShellExecution (command, cwd), beforeReadFile and
// beforeTabFileRead (file_path, content) and beforeMCPExecution (tool_name,
// server_url, url, command, tool_input). Its logging hooks are postToolUse
// (tool_output), afterShellExecution (output), afterMCPExecution
// (result_json or result) and afterAgentResponse (text).
func parseB(f fields, opt Options) (*Call, error) {
	name, hook, err := eventOf(B, f, opt)
	if err != nil {
		return nil, err
	}
	c := &Call{Event: name, Hook: hook}
	if c.Cwd, _, err = f.str("cwd"); err != nil {
		return nil, err
	}
	switch name {
	case "beforeSubmitPrompt":
		err = addRequired(c, f, event.KindPrompt, "prompt")
	case "preToolUse":
		err = toolCall(c, f, preTools)
	case "beforeShellExecution":
		err = addRequired(c, f, event.KindCommand, "command")
	case "beforeReadFile", "beforeTabFileRead":
		err = fileRead(c, f)
	case "beforeMCPExecution":
		err = mcpCall(c, f)
	case "postToolUse":
		c.Logging = true
		if c.Tool, _, err = f.str("tool_name"); err == nil {
			err = addOptional(c, f, event.KindToolOutput, "tool_output", "tool_response")
		}
	case "afterShellExecution":
		c.Logging = true
		err = addOptional(c, f, event.KindShellOutput, "output")
	case "afterMCPExecution":
		c.Logging = true
		if c.Tool, _, err = f.str("tool_name"); err == nil {
			err = addOptional(c, f, event.KindToolResult, "result_json", "result")
		}
	case "afterAgentResponse":
		c.Logging = true
		err = addOptional(c, f, event.KindResponse, "text", "response")
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// addRequired adds string member name as an input of kind k.
func addRequired(c *Call, f fields, k event.Kind, name string) error {
	s, err := f.reqStr(name)
	if err != nil {
		return err
	}
	if err := checkPath(k, s, name); err != nil {
		return err
	}
	c.Inputs = append(c.Inputs, event.Input{Kind: k, Text: s})
	return nil
}

// addOptional adds the first present member among names, as text, as an
// input of kind k; none present adds nothing.
func addOptional(c *Call, f fields, k event.Kind, names ...string) error {
	for _, n := range names {
		s, ok, err := f.text(n)
		if err != nil {
			return err
		}
		if ok {
			c.Inputs = append(c.Inputs, event.Input{Kind: k, Text: s})
			return nil
		}
	}
	return nil
}

// fileRead handles beforeReadFile and beforeTabFileRead: the path against
// block_read, then the content, when there is any, as file content.
func fileRead(c *Call, f fields) error {
	if err := addRequired(c, f, event.KindRead, "file_path"); err != nil {
		return err
	}
	content, _, err := f.str("content")
	if err != nil {
		return err
	}
	if content != "" {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindFileContent, Text: content})
	}
	return nil
}

// mcpCall handles beforeMCPExecution in its three stages: URL fields (SSRF and
// blocklist), then command fields (command rules), then the whole tool_input
// (secrets and injection).
func mcpCall(c *Call, f fields) error {
	var err error
	if c.Tool, _, err = f.str("tool_name"); err != nil {
		return err
	}
	var urls, commands []event.Input
	for _, n := range []string{"server_url", "url"} {
		s, _, err := f.str(n)
		if err != nil {
			return err
		}
		if s != "" {
			urls = append(urls, event.Input{Kind: event.KindURL, Text: s})
		}
	}
	if s, _, err := f.str("command"); err != nil {
		return err
	} else if s != "" {
		commands = append(commands, event.Input{Kind: event.KindCommand, Text: s})
	}
	rendered := ""
	if r, ok := f.raw("tool_input"); ok {
		u, cmds, text, err := scanToolInput(r, "tool_input")
		if err != nil {
			return err
		}
		urls = append(urls, u...)
		commands = append(commands, cmds...)
		rendered = text
	}
	c.Inputs = append(c.Inputs, urls...)
	c.Inputs = append(c.Inputs, commands...)
	if rendered != "" {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindToolInput, Text: rendered})
	}
	return nil
}

// scanToolInput walks an MCP tool_input. URL fields are string values under a
// key named url, uri, endpoint or href or ending in url or uri, and any
// string value that starts with http:// or https://. Command fields are
// values under a key named command or cmd; an array of strings there is
// joined with spaces. The rendered text is one "key: value" line per scalar,
// so that both the values and key-value secrets (api_key: …) are scanned.
func scanToolInput(r []byte, field string) (urls, commands []event.Input, rendered string, err error) {
	var sb strings.Builder
	type group struct {
		array int
		parts []string
	}
	var cmd []group
	err = leaves(r, field, func(l leaf) {
		sb.WriteString(l.key)
		sb.WriteString(": ")
		sb.WriteString(l.value)
		sb.WriteByte('\n')
		if !l.isString || l.value == "" {
			return
		}
		key := strings.ToLower(l.key)
		if isURLKey(key) || hasWebScheme(l.value) {
			urls = append(urls, event.Input{Kind: event.KindURL, Text: l.value})
		}
		if key == "command" || key == "cmd" {
			if n := len(cmd); n > 0 && l.array != 0 && cmd[n-1].array == l.array {
				cmd[n-1].parts = append(cmd[n-1].parts, l.value)
			} else {
				cmd = append(cmd, group{array: l.array, parts: []string{l.value}})
			}
		}
	})
	if err != nil {
		return nil, nil, "", err
	}
	for _, g := range cmd {
		commands = append(commands, event.Input{Kind: event.KindCommand, Text: strings.Join(g.parts, " ")})
	}
	return urls, commands, sb.String(), nil
}

func isURLKey(k string) bool {
	switch k {
	case "url", "uri", "endpoint", "href":
		return true
	}
	return strings.HasSuffix(k, "url") || strings.HasSuffix(k, "uri")
}

func hasWebScheme(s string) bool {
	if len(s) < 8 {
		return false
	}
	l := strings.ToLower(s[:8])
	return strings.HasPrefix(l, "http://") || l == "https://"
}
