package agent

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/guardhq/guard/internal/event"
)

// parseA reads a payload of agent A: UserPromptSubmit (prompt), PreToolUse
// (tool_name, tool_input), PostToolUse (tool_name, tool_response) and Stop
// (transcript, last_assistant_message or transcript_path).
func parseA(f fields, opt Options) (*Call, error) {
	name, hook, err := eventOf(A, f, opt)
	if err != nil {
		return nil, err
	}
	c := &Call{Event: name, Hook: hook}
	if c.Cwd, _, err = f.str("cwd"); err != nil {
		return nil, err
	}
	switch hook {
	case event.HookUserPromptSubmit:
		p, err := f.reqStr("prompt")
		if err != nil {
			return nil, err
		}
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindPrompt, Text: p})
	case event.HookPreToolUse:
		err = toolCall(c, f, preTools)
	case event.HookPostToolUse:
		err = toolResult(c, f, postSources)
	case event.HookStop:
		var msg string
		var ok bool
		msg, ok, err = lastAssistantMessage(f, opt)
		if ok {
			c.Inputs = append(c.Inputs, event.Input{Kind: event.KindResponse, Text: msg})
		}
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// lastAssistantMessage finds the text to scan at Stop: the last assistant
// message of transcript, else last_assistant_message, else the last assistant
// entry of the JSONL file at transcript_path. ok is false when there is none.
func lastAssistantMessage(f fields, opt Options) (string, bool, error) {
	if r, present := f.raw("transcript"); present {
		msg, ok, err := lastInTranscript(r)
		if err != nil || ok {
			return msg, ok, err
		}
	}
	if msg, ok, err := f.str("last_assistant_message"); err != nil || ok {
		return msg, ok, err
	}
	path, ok, err := f.str("transcript_path")
	if err != nil || !ok || path == "" || opt.ReadTranscript == nil {
		return "", false, err
	}
	data, err := opt.ReadTranscript(path)
	if err != nil {
		return "", false, &Error{Field: "transcript_path", Problem: "cannot be read: " + err.Error()}
	}
	msg, ok := lastInJSONL(data)
	return msg, ok, nil
}

// lastInTranscript returns the last assistant message of a transcript array
// of {role, content} objects; content is a string or an array of text blocks.
func lastInTranscript(r json.RawMessage) (string, bool, error) {
	var entries []json.RawMessage
	if err := json.Unmarshal(r, &entries); err != nil {
		return "", false, &Error{Field: "transcript", Problem: "is " + kindOf(r) + ", want an array"}
	}
	for i := len(entries) - 1; i >= 0; i-- {
		field := "transcript[" + strconv.Itoa(i) + "]"
		e, err := decodeObject(entries[i], field)
		if err != nil {
			return "", false, err
		}
		role, err := e.reqStr("role")
		if err != nil {
			return "", false, err
		}
		if role != "assistant" {
			continue
		}
		content, ok := e.raw("content")
		if !ok {
			return "", false, &Error{Field: e.path("content"), Problem: "missing"}
		}
		text, err := messageText(content, e.path("content"))
		if err != nil {
			return "", false, err
		}
		return text, true, nil
	}
	return "", false, nil
}

// messageText renders message content: a string, or an array of blocks of
// which the "text" members are joined by newlines (tool calls and other
// blocks carry no text and are skipped).
func messageText(r json.RawMessage, field string) (string, error) {
	b := bytes.TrimSpace(r)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return "", &Error{Field: field, Problem: "is not a valid JSON string"}
		}
		return s, nil
	}
	var blocks []json.RawMessage
	if err := json.Unmarshal(b, &blocks); err != nil {
		return "", &Error{Field: field, Problem: "is " + kindOf(b) + ", want a string or an array of blocks"}
	}
	var out []byte
	for _, bl := range blocks {
		var blk struct {
			Text *string `json:"text"`
		}
		if json.Unmarshal(bl, &blk) != nil || blk.Text == nil {
			continue
		}
		if len(out) > 0 {
			out = append(out, '\n')
		}
		out = append(out, *blk.Text...)
	}
	return string(out), nil
}

// lastInJSONL returns the text of the last assistant entry with text in a
// JSONL transcript. An entry is {role, content} or {type, message: {role,
// content}}. Lines that do not parse (such as a torn first line of a tail
// read, or a line being written) are skipped.
func lastInJSONL(data []byte) (string, bool) {
	for len(data) > 0 {
		i := bytes.LastIndexByte(bytes.TrimRight(data, "\r\n"), '\n')
		line := data[i+1:]
		if i < 0 {
			line = data
			data = nil
		} else {
			data = data[:i]
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		if text, ok := assistantText(line); ok {
			return text, true
		}
	}
	return "", false
}

// assistantText returns the text of one transcript entry when it is an
// assistant message with text.
func assistantText(line []byte) (string, bool) {
	var e struct {
		Type    string          `json:"type"`
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
		Message *struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	}
	if json.Unmarshal(line, &e) != nil {
		return "", false
	}
	role, content := e.Role, e.Content
	if e.Message != nil {
		if e.Message.Role != "" {
			role = e.Message.Role
		}
		if len(e.Message.Content) > 0 {
			content = e.Message.Content
		}
	}
	if role == "" {
		role = e.Type
	}
	if role != "assistant" || len(content) == 0 {
		return "", false
	}
	text, err := messageText(content, "")
	if err != nil || text == "" {
		return "", false
	}
	return text, true
}
