package agent

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// parseA reads a payload of agent A: UserPromptSubmit (prompt), PreToolUse
// and PermissionRequest (tool_name, tool_input), PostToolUse (tool_name,
// tool_response), Stop and SubagentStop (transcript, last_assistant_message
// or transcript_path; stop_hook_active). Any other event is checked by the
// fields it carries.
func parseA(c *Call, f fields, opt Options) error {
	switch c.Stage {
	case StagePrompt:
		p, err := f.reqStr("prompt")
		if err != nil {
			return err
		}
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindPrompt, Text: p})
		return nil
	case StageTool:
		if err := toolCall(c, f, toolAB); err != nil {
			return err
		}
		return routeA(c, f)
	case StageResult:
		return toolResult(c, f, "tool_response", true)
	case StageResponse:
		msg, ok, err := lastAssistantMessage(f, opt)
		if err != nil {
			return err
		}
		if ok {
			c.Inputs = append(c.Inputs, event.Input{Kind: event.KindResponse, Text: msg})
		}
		c.Retry, err = f.flag("stop_hook_active")
		return err
	}
	return byPayload(c, f)
}

// lastAssistantMessage finds the text to scan at Stop: the last assistant
// message of transcript, else last_assistant_message, else the last assistant
// message of the JSONL file at agent_transcript_path (SubagentStop's: the
// sub-agent's own) or transcript_path. ok is false when there is none.
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
	// At SubagentStop the sub-agent's own transcript holds its answer;
	// transcript_path is the main session's.
	field := "agent_transcript_path"
	path, ok, err := f.str(field)
	var data []byte
	if err == nil && ok && path != "" && opt.ReadTranscript != nil {
		if data, _, err = opt.ReadTranscript(path); err != nil {
			// not written (yet): the main transcript, as before (58e E12)
			ok, err = false, nil
		}
	}
	if err == nil && (!ok || path == "") {
		field = "transcript_path"
		if path, ok, err = f.str(field); err != nil || !ok || path == "" || opt.ReadTranscript == nil {
			return "", false, err
		}
		if data, _, err = opt.ReadTranscript(path); err != nil {
			return "", false, &Error{Field: field, Problem: "cannot be read: " + err.Error()}
		}
	}
	if err != nil {
		return "", false, err
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

// lastInJSONL returns the text of the last assistant message with text in
// a JSONL transcript. An entry is {role, content} or {type, message: {id,
// role, content}}; the client writes one entry per content block, the
// entries of one message sharing message.id, so the message is every entry
// back from the last one with text that shares its id (without ids: the
// assistant entries back to the previous user turn), their texts joined: a
// secret in the first of two text blocks is in the answer. Only a user turn
// or an assistant entry of another id ends the message: the client writes
// entries of other kinds (system, progress, attachment, snapshots) between
// the blocks of one message, and they are passed over.
// A line that does not parse — the cut first line of a tail read, or a
// line still being written — may be the newest assistant entry: when it
// comes before any complete assistant entry is found, it is checked as far
// as it goes (its text with JSON escapes undone), never an older message
// in its place; met while a message is being gathered, it may be part of
// it, so its text is added and the walk stops.
func lastInJSONL(data []byte) (string, bool) {
	var texts []string // newest first
	id, found := "", false
	for len(data) > 0 {
		var line []byte
		line, data = lastLine(data)
		if len(line) == 0 {
			continue
		}
		if !json.Valid(line) {
			texts = append(texts, unescapeLenient(line))
			found = true
			break
		}
		e, assistant := assistantEntry(line)
		if !found {
			if assistant && e.text != "" {
				texts, id, found = append(texts, e.text), e.id, true
			}
			continue
		}
		if e.user || assistant && e.id != id {
			break
		}
		if assistant && e.text != "" {
			texts = append(texts, e.text)
		}
	}
	if !found {
		return "", false
	}
	slices.Reverse(texts)
	return strings.Join(texts, "\n"), true
}

// lastLine splits data's last line (blanks trimmed) from what comes before
// it.
func lastLine(data []byte) (line, rest []byte) {
	i := bytes.LastIndexByte(bytes.TrimRight(data, "\r\n"), '\n')
	if i < 0 {
		return bytes.TrimSpace(data), nil
	}
	return bytes.TrimSpace(data[i+1:]), data[:i]
}

// unescapeLenient undoes the JSON string escapes in b (\n, \", \\, \uXXXX…)
// wherever they stand, for text cut out of a JSON document; anything else is
// kept as it is.
func unescapeLenient(b []byte) string {
	if bytes.IndexByte(b, '\\') < 0 {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' || i+1 >= len(b) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch b[i] {
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		case 'b', 'f':
			sb.WriteByte(' ')
		case 'u':
			if i+4 < len(b) {
				if v, err := strconv.ParseUint(string(b[i+1:i+5]), 16, 32); err == nil {
					sb.WriteRune(rune(v))
					i += 4
					continue
				}
			}
			sb.WriteString("\\u")
		default:
			sb.WriteByte(b[i])
		}
	}
	return sb.String()
}

// entry is what lastInJSONL reads of a transcript entry: its message's id
// and its text, and whether it is a user turn (which ends the assistant
// message before it).
type entry struct {
	id, text string
	user     bool
}

// assistantEntry reads one transcript entry; assistant is false when it is
// not an assistant message (or does not decode), and e.user tells a user
// turn from the other kinds of entry.
func assistantEntry(line []byte) (e entry, assistant bool) {
	var v struct {
		Type    string          `json:"type"`
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
		Message *struct {
			ID      string          `json:"id"`
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	}
	if json.Unmarshal(line, &v) != nil {
		return entry{}, false
	}
	role, content := v.Role, v.Content
	if v.Message != nil {
		e.id = v.Message.ID
		if v.Message.Role != "" {
			role = v.Message.Role
		}
		if len(v.Message.Content) > 0 {
			content = v.Message.Content
		}
	}
	if role == "" {
		role = v.Type
	}
	if role != "assistant" {
		return entry{user: role == "user"}, false
	}
	if len(content) > 0 {
		if text, err := messageText(content, ""); err == nil {
			e.text = text
		}
	}
	return e, true
}
