// Package agent knows the three agent families that call guard: how to tell
// which one is calling, how to turn its JSON payload into the inputs to check,
// and how to answer it.
//
// # Detection
//
// In the spec's order: $AGENT_A_HOOK_EVENT set means agent A,
// $AGENT_B_PROJECT_DIR set means agent B, a payload field hookEventName means
// agent B, a payload field hook_event_name means agent C — unless its value is
// one of agent A's own event names (agent A) or one of agent B's (agent B).
//
// # Parsing
//
// Parse maps one payload onto a Call: the agent, its native event, the audit
// hook name (always one of the four agent A names), the tool, a tag, the
// working directory and the inputs, each with the event.Kind that says which
// detectors run. Parsing is strict about the fields it reads: a missing
// required field or a value of the wrong type is an error, and an error means
// the caller blocks. Errors never quote payload text.
//
// # Answers
//
// Answer and FailAnswer render a decision in the agent's protocol: the exit
// code and what goes to standard output.
package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// The agent families.
const (
	A = "a"
	B = "b"
	C = "c"
)

// Environment variables that name the caller.
const (
	EnvAgentAEvent      = "AGENT_A_HOOK_EVENT"
	EnvAgentBProjectDir = "AGENT_B_PROJECT_DIR"
)

// TagSubagentSpawn tags the audit record of a call that starts a sub-agent.
const TagSubagentSpawn = "subagent_spawn"

// Call is one hook call, parsed.
type Call struct {
	Agent  string        // A, B or C
	Event  string        // the agent's own event name
	Hook   string        // audit hook name: one of event.Hooks
	Tool   string        // tool name when the event concerns a tool
	Tag    string        // e.g. TagSubagentSpawn
	Cwd    string        // working directory named by the payload, or ""
	Inputs []event.Input // what to check, in order; empty means pass through
	// Logging is true for agent B's logging hooks: whatever the verdict, the
	// call is allowed and findings are only recorded.
	Logging bool
}

// Options are the parts of the environment Parse may consult.
type Options struct {
	// Getenv reads an environment variable; nil reads none.
	Getenv func(string) string
	// Getwd returns the process working directory, used to resolve relative
	// paths when the payload names no cwd; nil leaves them relative.
	Getwd func() (string, error)
	// ReadTranscript returns the tail of the transcript file at path (agent
	// A's Stop hook); nil means transcript_path is ignored.
	ReadTranscript func(path string) ([]byte, error)
}

func (o Options) getenv(k string) string {
	if o.Getenv == nil {
		return ""
	}
	return o.Getenv(k)
}

// Error is a problem with a payload. Its message names the field and the
// problem, never the field's value.
type Error struct {
	Field   string // dotted field path, or "" for the payload as a whole
	Problem string
}

func (e *Error) Error() string {
	if e.Field == "" {
		return "payload " + e.Problem
	}
	return "payload field " + e.Field + ": " + e.Problem
}

// ErrUnknownAgent is returned for an agent name other than A, B or C.
var ErrUnknownAgent = errors.New("unknown agent")

// Payload is a decoded hook payload: the top-level object's fields, each
// still encoded.
type Payload struct{ f fields }

// Decode parses data as one JSON object.
func Decode(data []byte) (Payload, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return Payload{}, &Error{Problem: "is empty: the agent sent nothing on standard input"}
	}
	f, err := decodeObject(data, "")
	if err != nil {
		return Payload{}, err
	}
	return Payload{f: f}, nil
}

// agentAEvents and agentBEvents are the native event names of agents A and B.
var (
	agentAEvents = map[string]string{
		"UserPromptSubmit": event.HookUserPromptSubmit,
		"PreToolUse":       event.HookPreToolUse,
		"PostToolUse":      event.HookPostToolUse,
		"Stop":             event.HookStop,
	}
	agentBEvents = map[string]string{
		"beforeSubmitPrompt":   event.HookUserPromptSubmit,
		"preToolUse":           event.HookPreToolUse,
		"beforeShellExecution": event.HookPreToolUse,
		"beforeReadFile":       event.HookPreToolUse,
		"beforeMCPExecution":   event.HookPreToolUse,
		"beforeTabFileRead":    event.HookPreToolUse,
		"postToolUse":          event.HookPostToolUse,
		"afterShellExecution":  event.HookPostToolUse,
		"afterMCPExecution":    event.HookPostToolUse,
		"afterAgentResponse":   event.HookStop,
	}
	agentCEvents = map[string]string{
		"before_tool": event.HookPreToolUse,
		"BeforeTool":  event.HookPreToolUse,
		"after_tool":  event.HookPostToolUse,
		"AfterTool":   event.HookPostToolUse,
	}
)

// Detect tells which agent sent p. It fails when nothing identifies one.
func Detect(p Payload, getenv func(string) string) (string, error) {
	env := Options{Getenv: getenv}
	switch {
	case env.getenv(EnvAgentAEvent) != "":
		return A, nil
	case env.getenv(EnvAgentBProjectDir) != "":
		return B, nil
	case p.f.has("hookEventName"):
		return B, nil
	case p.f.has("hook_event_name"):
		name, _, _ := p.f.str("hook_event_name")
		if _, ok := agentAEvents[name]; ok {
			return A, nil
		}
		if _, ok := agentBEvents[name]; ok {
			return B, nil
		}
		return C, nil
	}
	return "", &Error{Problem: "names no hook event (neither hookEventName nor hook_event_name) and no agent environment variable is set"}
}

// EventName returns the native event name p carries for agent, or "" when it
// carries none that can be read.
func EventName(agentName string, p Payload, getenv func(string) string) string {
	env := Options{Getenv: getenv}
	var name string
	switch agentName {
	case A:
		name, _, _ = p.f.str("hook_event_name")
		if name == "" {
			name = env.getenv(EnvAgentAEvent)
		}
	case B:
		name, _, _ = p.f.str("hookEventName")
		if name == "" {
			name, _, _ = p.f.str("hook_event_name")
		}
	case C:
		name, _, _ = p.f.str("hook_event_name")
	}
	return name
}

// ToolName returns the tool_name p carries, or "" when it carries none that
// can be read. It names the tool in the record of a call that fails to parse.
func ToolName(p Payload) string {
	name, _, _ := p.f.str("tool_name")
	return name
}

// HookFor maps an agent's native event name onto the audit hook name.
func HookFor(agentName, eventName string) (string, bool) {
	var m map[string]string
	switch agentName {
	case A:
		m = agentAEvents
	case B:
		m = agentBEvents
	case C:
		m = agentCEvents
	}
	h, ok := m[eventName]
	return h, ok
}

// Parse turns payload p of agent agentName into a Call. On error the Call is
// nil.
func Parse(agentName string, p Payload, opt Options) (*Call, error) {
	if p.f.m == nil {
		return nil, &Error{Problem: "is not a JSON object"}
	}
	var (
		c   *Call
		err error
	)
	switch agentName {
	case A:
		c, err = parseA(p.f, opt)
	case B:
		c, err = parseB(p.f, opt)
	case C:
		c, err = parseC(p.f, opt)
	default:
		return nil, fmt.Errorf("%w %q", ErrUnknownAgent, agentName)
	}
	if err != nil {
		return nil, err
	}
	c.Agent = agentName
	ResolvePaths(c, opt)
	return c, nil
}

// eventOf reads the native event name of agent agentName from f and maps it.
func eventOf(agentName string, f fields, opt Options) (name, hook string, err error) {
	key := "hook_event_name"
	if agentName == B && f.has("hookEventName") {
		key = "hookEventName"
	}
	name, ok, err := f.str(key)
	if err != nil {
		return "", "", err
	}
	if !ok && agentName == A {
		name = opt.getenv(EnvAgentAEvent)
		ok = name != ""
	}
	if !ok || name == "" {
		return "", "", &Error{Field: key, Problem: "missing"}
	}
	hook, known := HookFor(agentName, name)
	if !known {
		return "", "", &Error{Field: key, Problem: "names an event guard does not handle for agent " + strings.ToUpper(agentName)}
	}
	return name, hook, nil
}

// ResolvePaths makes the relative paths of read and write inputs absolute,
// against the payload's cwd, else $AGENT_B_PROJECT_DIR for agent B, else the
// process working directory.
func ResolvePaths(c *Call, opt Options) {
	resolveInputs(c.Inputs, baseDir(c, opt))
}

// baseDir is the directory relative paths of c are resolved against, or "".
func baseDir(c *Call, opt Options) string {
	base := c.Cwd
	if base == "" && c.Agent == B {
		base = opt.getenv(EnvAgentBProjectDir)
	}
	if base == "" && opt.Getwd != nil {
		if wd, err := opt.Getwd(); err == nil {
			base = wd
		}
	}
	return base
}

// resolveInputs joins the relative paths of read and write inputs with base.
func resolveInputs(inputs []event.Input, base string) {
	if base == "" {
		return
	}
	for i, in := range inputs {
		if in.Kind != event.KindRead && in.Kind != event.KindWrite {
			continue
		}
		p := in.Text
		if p == "" || filepath.IsAbs(p) || homeRelative(p) {
			continue
		}
		inputs[i].Text = filepath.Join(base, p)
	}
}

// decodeObject decodes data as one JSON object into its fields. prefix is the
// dotted path of the object, for error messages.
func decodeObject(data []byte, prefix string) (fields, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return fields{}, jsonError(data, prefix, err)
	}
	if m == nil {
		return fields{}, &Error{Field: prefix, Problem: "is null, want a JSON object"}
	}
	return fields{m: m, prefix: prefix}, nil
}

// jsonError rewrites a decoding error so that it names no input text.
func jsonError(data []byte, field string, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &Error{Field: field, Problem: fmt.Sprintf("is not valid JSON (at byte %d)", se.Offset)}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return &Error{Field: field, Problem: "is " + kindOf(data) + ", want a JSON object"}
	}
	return &Error{Field: field, Problem: "is not valid JSON"}
}

// kindOf names the JSON type of raw with an article, for error messages.
func kindOf(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "empty"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// homeRelative reports whether p starts at the home directory (~, $HOME or
// ${HOME}), which the path rules expand: joining it with the working
// directory would hide it from them.
func homeRelative(p string) bool {
	for _, pre := range []string{"~", "$HOME", "${HOME}"} {
		if p == pre || strings.HasPrefix(p, pre+"/") || strings.HasPrefix(p, pre+`\`) {
			return true
		}
	}
	return false
}
