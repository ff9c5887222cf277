package agent

import (
	"github.com/guardhq/guard/internal/event"
)

// parseB reads a payload of agent B. Its blocking hooks are
// beforeSubmitPrompt (prompt, attachments), preToolUse (tool_name,
// tool_input: as agent A's PreToolUse), beforeShellExecution (command, cwd),
// beforeReadFile and beforeTabFileRead (file_path, content, attachments) and
// beforeMCPExecution (tool_name, server_url, url, command, tool_input — an
// object, or the JSON string the client sends). Its logging hooks are
// postToolUse (tool_output), afterShellExecution (output), afterMCPExecution
// (result_json or result) and afterAgentResponse (text). Relative paths
// resolve against cwd, else the first of workspace_roots. Any other event is
// checked by what it carries.
func parseB(c *Call, f fields) error {
	var err error
	switch c.Event {
	case "beforeSubmitPrompt":
		if err = addRequired(c, f, event.KindPrompt, "prompt"); err == nil {
			err = attachments(c, f)
		}
	case "preToolUse":
		err = toolCall(c, f, toolAB)
	case "beforeShellExecution":
		err = addRequired(c, f, event.KindCommand, "command")
	case "beforeReadFile", "beforeTabFileRead":
		err = fileRead(c, f)
	case "beforeMCPExecution":
		err = mcpCall(c, f)
	case "postToolUse":
		if c.Tool, _, err = f.str("tool_name"); err == nil {
			err = addOptional(c, f, event.KindToolOutput, "tool_output", "tool_response")
		}
	case "afterShellExecution":
		err = addOptional(c, f, event.KindShellOutput, "output")
	case "afterMCPExecution":
		if c.Tool, _, err = f.str("tool_name"); err == nil {
			err = addOptional(c, f, event.KindToolResult, "result_json", "result")
		}
	case "afterAgentResponse", "afterAgentThought":
		err = addOptional(c, f, event.KindResponse, "text", "response")
	default:
		err = byPayload(c, f)
	}
	return err
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
// block_read, the content, when there is any, as file content, and the
// attached files as reads.
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
	return attachments(c, f)
}

// attachments adds the files and folders of an attachments array
// ([{"type":"file","filePath":…}, {"type":"folder",…}]) as reads: the
// client sends their content to the model. Each path is a read and the
// read of the tree under it, whatever the attachment's type says (a
// folder sends every file in it; on disk a file's tree is the file); a
// path under a key guard does not know (fsPath) is found by what it
// carries (pathValue).
func attachments(c *Call, f fields) error {
	r, ok := f.raw("attachments")
	if !ok {
		return nil
	}
	return leaves(r, f.path("attachments"), func(l leaf) {
		if !l.isString || l.value == "" {
			return
		}
		p := ""
		switch normKey(l.key) {
		case "filepath", "path", "file", "uri":
			p = fileURI(l.value)
		case "type", "name", "kind":
			return // words, not paths: {"type":"folder"}
		default:
			p, _ = pathValue(l.value)
		}
		if p != "" {
			c.Inputs = append(c.Inputs, event.Input{Kind: event.KindRead, Text: p},
				event.Input{Kind: event.KindRead, Text: treeDir(p, "") + "/**"})
		}
	})
}

// fileURI returns the path of a file: URI (see fileURIPath), else s.
func fileURI(s string) string {
	if p, ok := fileURIPath(s); ok {
		return p
	}
	return s
}

// mcpCall handles beforeMCPExecution in its three stages: URL fields (SSRF and
// blocklist), then command fields (command rules), then the whole tool_input
// (secrets and injection), with its path fields checked as byFields does.
func mcpCall(c *Call, f fields) error {
	var err error
	if c.Tool, _, err = f.str("tool_name"); err != nil {
		return err
	}
	for _, n := range []string{"server_url", "url"} {
		s, _, err := f.str(n)
		if err != nil {
			return err
		}
		if s != "" {
			c.Inputs = append(c.Inputs, event.Input{Kind: event.KindURL, Text: s})
		}
	}
	if s, _, err := f.str("command"); err != nil {
		return err
	} else if s != "" {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindCommand, Text: s})
	}
	in, text, ok, err := f.input("tool_input")
	if err != nil || !ok {
		return err
	}
	if text != "" {
		return byText(c, c.Tool, text)
	}
	if err := byFields(c, c.Tool, in); err != nil {
		return err
	}
	verbatimRead(c, in) // reads of a tool that is no plain reader, a file name under any key
	lineSlice(c, in, true)
	return nil
}
