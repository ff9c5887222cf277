// Package agent knows the three agent families that call guard: how to tell
// which one is calling, how to turn its JSON payload into the inputs to check,
// and how to answer it in the form its real client acts on.
//
// # Detection
//
// A payload that names its own event decides: hookEventName means agent B;
// a hook_event_name holding one of agent A's, B's or C's event names means
// that agent. Only a payload that names no event (or one no agent has) falls
// back on the environment, in the spec's order: $AGENT_A_HOOK_EVENT set
// means agent A, $AGENT_B_PROJECT_DIR set means agent B; else a
// hook_event_name means agent C. An $AGENT_A_HOOK_EVENT that names another
// of agent A's events than the payload does is a contradiction, and an error.
//
// # Parsing
//
// Parse maps one payload onto a Call: the agent, its native event, the stage
// of the agent's loop the event guards, the audit hook name (one of the four
// agent A names), the tool, a tag, the working directory and the inputs,
// each with the event.Kind that says which detectors run. A tool or event
// guard does not know is checked by the fields it carries, never passed
// through. Parsing is strict about the fields it reads: a value of the wrong
// type is an error, and an error means the caller blocks. Errors never quote
// payload text.
//
// # Answers
//
// Allow, Deny, Withhold and Fail render a decision in the agent's protocol:
// the exit code and what goes to standard output.
package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
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

// Stage is the point of the agent's loop an event guards; it decides which
// answer form the client acts on.
type Stage uint8

// The stages.
const (
	StageOther    Stage = iota // a lifecycle event: checked by what it carries
	StagePrompt                // a prompt about to reach the model
	StageTool                  // a tool call about to run
	StageResult                // a tool result about to reach the model
	StageResponse              // the model's final answer of a turn
)

// Call is one hook call, parsed.
type Call struct {
	Agent string // A, B or C
	Event string // the agent's own event name
	Hook  string // audit hook name: one of event.Hooks
	Stage Stage  // what the event guards
	Tool  string // tool name when the event concerns a tool
	Tag   string // e.g. TagSubagentSpawn
	Cwd   string // the directory relative paths resolve against, or ""
	// OtherRoots are, for agent B, its workspace roots other than Cwd (the
	// cwd, else the first root): a multi-root workspace's shell, a file
	// tool or a server may resolve a relative path against any, so the
	// call's and its command's relative paths are checked under each too
	// (OtherRootInputs).
	OtherRoots []string
	// UnknownRoot is, for agent B, the field of the first workspace root
	// guard cannot read as a local directory (vscode-remote://…, a
	// relative text), or "": a relative path of the call may lie under
	// it, where guard cannot tell (UnknownRootError).
	UnknownRoot string
	Inputs      []event.Input // what to check, in order; empty means nothing to check
	// Logging is true for agent B's logging hooks: whatever the verdict, the
	// call is allowed and findings are only recorded.
	Logging bool
	// Retry is true when the client already runs this event again because
	// of an earlier block (stop_hook_active): a finding is noted, not
	// blocked again, so that the model is not sent round in a loop.
	Retry bool
	// Result is the tool result of a StageResult call whose client takes a
	// replacement (agent A's PostToolUse, agent C's AfterTool); nil else.
	Result *Result
	// Joined is, for a tool result of two texts or more, the texts the
	// model reads joined as it reads them (Result.Segments: around each
	// boundary, a long text's middle left out): a secret split across them
	// (stdout and stderr, two content parts) is found there. It is checked
	// beside Inputs, not among them (the audit record's digest and token
	// count are of Inputs). nil else.
	Joined []event.Input
	// Unredacted says, for a tool call whose output reaches the model
	// where guard cannot redact it (agent A's Monitor, a background
	// command), why: every read the call makes counts as one whose output
	// guard cannot redact (event.Input.Opaque). "" else.
	Unredacted string
	// FailsUnredacted says, for a command tool whose output goes to the
	// model unredacted when the command fails (agent A's Bash: the client
	// fires PostToolUseFailure), why: a file the command reads is checked
	// for secrets before it runs. "" else.
	FailsUnredacted string
	// OwnSlices says the tool's own reads print lines it selects of the
	// file (a content search: Grep's content mode, agent C's
	// search_file_content): a private key in one blocks, as a command's
	// slice of it.
	OwnSlices bool
	// Lines are, for a file tool whose slice counts whole lines (Read's
	// offset and limit, an MCP read_text_file's head or tail: lineSlice),
	// the ranges of the file's lines it may print, one for each reading of
	// its fields guard allows for (offset 1-based or 0-based, the client's
	// default limit or none). Nil: no such slice.
	Lines []LineRange
	// SearchScope is, for the result of a content search (a call with
	// OwnSlices: Grep's content mode, agent C's search tools, an MCP or
	// unknown tool with a pattern, query, regex, search or grep argument),
	// the paths it searched, resolved (a tree as its directory), and the
	// call's directory last: the result's lines are checked against the
	// files they name (internal/hook searchlines.go). nil
	// else.
	SearchScope []string
	// SearchCounts: the content search prints a count per file (Grep's
	// output_mode count), not lines: a `NAME:N` line of its result is a
	// count.
	SearchCounts bool
	// Search is, for a Grep tool call, the words of the ripgrep command
	// the tool runs for it (rg, its options, -e PATTERN, --, its path),
	// which print what the call prints of a file; nil else, or where guard
	// does not read a field of it so.
	Search []string
	// Edits are, for an edit tool (Edit, MultiEdit, StrReplace,
	// replace), its replacements in the order the client applies them:
	// an edit inside a secret reshapes it (internal/hook
	// editsecrets.go).
	Edits []Edit
	// Programs is, for a command tool, how many programs the hook's
	// analysis of its command found (0 before it ran): a file one lone
	// reader prints whole keeps its armour (internal/hook, secretreads.go).
	Programs int
}

// Options are the parts of the environment Parse may consult.
type Options struct {
	// Getenv reads an environment variable; nil reads none.
	Getenv func(string) string
	// Getwd returns the process working directory, used to resolve relative
	// paths when the payload names no directory; nil leaves them relative.
	Getwd func() (string, error)
	// ReadTranscript returns the tail of the transcript file at path and
	// whether the file holds more than that tail (agent A's Stop hook); nil
	// means transcript_path is ignored.
	ReadTranscript func(path string) (tail []byte, cut bool, err error)
	// AccountHome answers path.OwnTilde's "~NAME" question (whose home a
	// ~NAME path is) from the account database; nil answers none, and a
	// ~NAME path is then one guard cannot tell.
	AccountHome func(name string) (string, bool)
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
	// Limit says the payload is past one of guard's bounds (its size, its
	// nesting) rather than malformed: Problem says what guard could not
	// read, and no hint about the payload's form applies.
	Limit bool
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

// eventInfo is what guard knows of one native event name.
type eventInfo struct {
	hook    string
	stage   Stage
	logging bool // agent B: the client acts on no answer
}

// namedEvent is one native event name and what guard knows of it.
type namedEvent struct {
	name string
	info eventInfo
}

// The hook names, short for the tables below.
const (
	prompt, pre, post, stop = event.HookUserPromptSubmit, event.HookPreToolUse, event.HookPostToolUse, event.HookStop
)

// The known events of each agent: lists of constants, which the linker
// lays out (a map would be built at run time).
var (
	eventsA = []namedEvent{
		{"UserPromptSubmit", eventInfo{prompt, StagePrompt, false}},
		{"PreToolUse", eventInfo{pre, StageTool, false}},
		{"PermissionRequest", eventInfo{pre, StageTool, false}},
		{"PostToolUse", eventInfo{post, StageResult, false}},
		{"PostToolUseFailure", eventInfo{post, StageOther, false}},
		{"Stop", eventInfo{stop, StageResponse, false}},
		{"SubagentStop", eventInfo{stop, StageResponse, false}},
		{"SubagentStart", eventInfo{pre, StageOther, false}},
		{"Notification", eventInfo{pre, StageOther, false}},
		{"SessionStart", eventInfo{pre, StageOther, false}},
		{"SessionEnd", eventInfo{stop, StageOther, false}},
		{"PreCompact", eventInfo{pre, StageOther, false}},
	}
	eventsB = []namedEvent{
		{"beforeSubmitPrompt", eventInfo{prompt, StagePrompt, false}},
		{"preToolUse", eventInfo{pre, StageTool, false}},
		{"beforeShellExecution", eventInfo{pre, StageTool, false}},
		{"beforeReadFile", eventInfo{pre, StageTool, false}},
		{"beforeMCPExecution", eventInfo{pre, StageTool, false}},
		{"beforeTabFileRead", eventInfo{pre, StageTool, false}},
		{"subagentStart", eventInfo{pre, StageTool, false}},
		{"postToolUse", eventInfo{post, StageResult, true}},
		{"postToolUseFailure", eventInfo{post, StageOther, true}},
		{"afterShellExecution", eventInfo{post, StageResult, true}},
		{"afterMCPExecution", eventInfo{post, StageResult, true}},
		{"afterFileEdit", eventInfo{post, StageOther, true}},
		{"afterTabFileEdit", eventInfo{post, StageOther, true}},
		{"afterAgentResponse", eventInfo{stop, StageResponse, true}},
		{"afterAgentThought", eventInfo{stop, StageResponse, true}},
		{"subagentStop", eventInfo{stop, StageOther, true}},
		{"stop", eventInfo{stop, StageOther, true}},
		{"sessionStart", eventInfo{pre, StageOther, true}},
		{"sessionEnd", eventInfo{stop, StageOther, true}},
		{"preCompact", eventInfo{pre, StageOther, true}},
	}
	eventsC = []namedEvent{
		{"before_tool", eventInfo{pre, StageTool, false}},
		{"BeforeTool", eventInfo{pre, StageTool, false}},
		{"after_tool", eventInfo{post, StageResult, false}},
		{"AfterTool", eventInfo{post, StageResult, false}},
		{"BeforeAgent", eventInfo{prompt, StagePrompt, false}},
		{"AfterAgent", eventInfo{stop, StageResponse, false}},
		{"BeforeModel", eventInfo{pre, StageOther, false}},
		{"AfterModel", eventInfo{post, StageOther, false}},
		{"BeforeToolSelection", eventInfo{pre, StageOther, false}},
		{"Notification", eventInfo{pre, StageOther, false}},
		{"SessionStart", eventInfo{pre, StageOther, false}},
		{"SessionEnd", eventInfo{stop, StageOther, false}},
		{"PreCompress", eventInfo{pre, StageOther, false}},
	}
)

// eventTable returns the known events of an agent.
func eventTable(agentName string) []namedEvent {
	switch agentName {
	case A:
		return eventsA
	case B:
		return eventsB
	case C:
		return eventsC
	}
	return nil
}

// lookupEvent returns what guard knows of agentName's event name.
func lookupEvent(agentName, name string) (eventInfo, bool) {
	for _, e := range eventTable(agentName) {
		if e.name == name {
			return e.info, true
		}
	}
	return eventInfo{}, false
}

// knownEvent reports whether name is one of agentName's event names.
func knownEvent(agentName, name string) bool {
	_, ok := lookupEvent(agentName, name)
	return ok
}

// Detect tells which agent sent p; see the package documentation. It fails
// when nothing identifies one, or when the environment contradicts the
// payload.
func Detect(p Payload, getenv func(string) string) (string, error) {
	env := Options{Getenv: getenv}
	if p.f.has("hookEventName") {
		return B, nil
	}
	name, named, _ := p.f.str("hook_event_name")
	named = named && name != ""
	if named {
		for _, a := range []string{A, B, C} {
			if knownEvent(a, name) {
				// A lifecycle name agents A and C share (SessionStart…) is
				// taken as A's: both clients act on A's answer, an exit code.
				if a == A {
					if err := contradiction(name, env); err != nil {
						return "", err
					}
				}
				return a, nil
			}
		}
	}
	switch {
	case env.getenv(EnvAgentAEvent) != "":
		return A, nil
	case env.getenv(EnvAgentBProjectDir) != "":
		return B, nil
	case named || p.f.has("hook_event_name"):
		return C, nil
	}
	return "", &Error{Problem: "names no hook event (neither hookEventName nor hook_event_name) and no agent environment variable is set"}
}

// contradiction fails when $AGENT_A_HOOK_EVENT names another agent A event
// than the payload's own.
func contradiction(payloadEvent string, env Options) error {
	e := env.getenv(EnvAgentAEvent)
	if e == "" || e == payloadEvent || !knownEvent(A, e) {
		return nil
	}
	return &Error{Field: "hook_event_name", Problem: "names another event than $" + EnvAgentAEvent + ": guard blocks a call whose event it cannot be sure of"}
}

// EventUncertain reports whether agent A's event is uncertain: the
// payload names one of agent A's events (payloadEvent) and
// $AGENT_A_HOOK_EVENT names another. Detect and Parse
// refuse such a call; this only picks the form of that refusal.
func EventUncertain(payloadEvent string, getenv func(string) string) bool {
	return knownEvent(A, payloadEvent) && contradiction(payloadEvent, Options{Getenv: getenv}) != nil
}

// PayloadEvent returns the top-level hook_event_name p carries, or "".
func PayloadEvent(p Payload) string {
	name, _, _ := p.f.str("hook_event_name")
	return name
}

// EventName returns the native event name p carries for agent, or "" when it
// carries none that can be read.
func EventName(agentName string, p Payload, getenv func(string) string) string {
	name, _, _ := eventName(agentName, p.f, Options{Getenv: getenv})
	return name
}

// eventName reads the native event name of agent agentName from f: agent B's
// hookEventName, else hook_event_name, else (agent A) $AGENT_A_HOOK_EVENT.
func eventName(agentName string, f fields, opt Options) (name, key string, err error) {
	key = "hook_event_name"
	if agentName == B && f.has("hookEventName") {
		key = "hookEventName"
	}
	name, ok, err := f.str(key)
	if err != nil {
		return "", key, err
	}
	if (!ok || name == "") && agentName == A {
		name = opt.getenv(EnvAgentAEvent)
	}
	return name, key, nil
}

// ToolName returns the tool_name p carries, or "" when it carries none that
// can be read. It names the tool in the record of a call that fails to parse.
func ToolName(p Payload) string {
	name, _, _ := p.f.str("tool_name")
	return name
}

// HookFor maps an agent's native event name onto the audit hook name. An
// event the agent is not known to send maps onto PreToolUse: guard checks it
// by what it carries, before the agent acts on it.
func HookFor(agentName, eventName string) (string, bool) {
	if info, ok := lookupEvent(agentName, eventName); ok {
		return info.hook, true
	}
	return event.HookPreToolUse, false
}

// StageOf returns the stage of a native event name, StageOther when the
// agent is not known to send it.
func StageOf(agentName, eventName string) Stage {
	info, _ := lookupEvent(agentName, eventName)
	return info.stage
}

// Parse turns payload p of agent agentName into a Call. On error the Call is
// nil.
func Parse(agentName string, p Payload, opt Options) (*Call, error) {
	if p.f.m == nil {
		return nil, &Error{Problem: "is not a JSON object"}
	}
	if agentName != A && agentName != B && agentName != C {
		return nil, fmt.Errorf("%w %q", ErrUnknownAgent, agentName)
	}
	name, key, err := eventName(agentName, p.f, opt)
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, &Error{Field: key, Problem: "missing"}
	}
	if agentName == A {
		if err := contradiction(name, opt); err != nil {
			return nil, err
		}
	}
	info, known := lookupEvent(agentName, name)
	if !known {
		info = eventInfo{hook: event.HookPreToolUse, stage: StageOther, logging: agentName == B && !blockingName(name)}
	}
	c := &Call{Agent: agentName, Event: name, Hook: info.hook, Stage: info.stage, Logging: info.logging}
	if c.Cwd, _, err = p.f.str("cwd"); err != nil {
		return nil, err
	}
	if agentName == B {
		if err = bRoots(c, p.f); err != nil {
			return nil, err
		}
	}
	switch agentName {
	case A:
		err = parseA(c, p.f, opt)
	case B:
		err = parseB(c, p.f)
	case C:
		err = parseC(c, p.f)
	}
	if err != nil {
		return nil, err
	}
	// A relative path of agent B's is a path under every workspace root:
	// the client or a server may resolve it against any.
	c.Inputs = append(c.Inputs, OtherRootInputs(c.Inputs, c.OtherRoots)...)
	if err := UnknownRootError(c, c.Inputs); err != nil {
		return nil, err
	}
	if err := NoBaseError(c, c.Inputs, opt); err != nil {
		return nil, err
	}
	ResolvePaths(c, opt)
	if c.Result != nil {
		searchScope(c, p.f, opt)
	}
	return c, nil
}

// bRoots sets, for agent B, the call's directory and its other workspace
// roots: without a cwd the first root is the directory and the others
// are OtherRoots; with one, every root that is not the cwd is (the cwd
// joins the set, it does not replace it). A file: URI root is the path
// it names (rootDir); a root guard cannot read as a local absolute path
// (another scheme, a relative text) is kept in UnknownRoot: the call's
// relative paths may lie under it.
func bRoots(c *Call, f fields) error {
	list, err := roots(f)
	if err != nil {
		return err
	}
	var dirs []string
	for i, r := range list {
		if r == "" {
			continue // no root (strs drops one in an array)
		}
		if d, ok := rootDir(r); ok {
			dirs = append(dirs, d)
		} else if c.UnknownRoot == "" {
			c.UnknownRoot = fmt.Sprintf("workspace_roots[%d]", i)
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	if c.Cwd == "" {
		c.Cwd, c.OtherRoots = dirs[0], dirs[1:]
		return nil
	}
	for _, r := range dirs {
		if sameDirText(r) != sameDirText(c.Cwd) {
			c.OtherRoots = append(c.OtherRoots, r)
		}
	}
	return nil
}

// rootDir returns the directory a workspace root names: an absolute or
// home path as it is; a file: URI's path (percent escapes decoded) when
// its host is empty or localhost and the path is absolute and whole. ok
// is false for any other root: a URI of another scheme
// (vscode-remote://…), a file: URI of another host, a relative text.
func rootDir(r string) (string, bool) {
	if isFileURI(r) {
		if rest, ok := strings.CutPrefix(r[5:], "//"); ok {
			host, _, _ := strings.Cut(rest, "/")
			if host != "" && !strings.EqualFold(host, "localhost") {
				return "", false
			}
		}
		p, ok := fileURIPath(r)
		if !ok || strings.Contains(p, unknownPart) || !filepath.IsAbs(p) && !strings.HasPrefix(p, "/") {
			return "", false
		}
		return p, true
	}
	if r != "" && (filepath.IsAbs(r) || strings.HasPrefix(r, "/") || homeRelative(r)) && !strings.Contains(r, unknownPart) {
		return r, true
	}
	return "", false
}

// UnknownRootError returns an error when c has a workspace root guard
// cannot read (Call.UnknownRoot) and inputs hold a relative read, write
// or touch: guard cannot tell where that path is, so it cannot show the
// call keeps off the protected places. Nil otherwise.
func UnknownRootError(c *Call, inputs []event.Input) error {
	if c.UnknownRoot == "" {
		return nil
	}
	for _, in := range inputs {
		if in.Kind != event.KindRead && in.Kind != event.KindWrite && in.Kind != event.KindTouch {
			continue
		}
		if in.Text != "" && under("/", in.Text) != in.Text {
			return &Error{Field: c.UnknownRoot, Problem: "is no local directory guard can read (an absolute path " +
				"or a file: URI of this machine): a relative path of the call may lie under it, and guard cannot " +
				"tell where it is"}
		}
	}
	return nil
}

// NoBaseError returns an error when inputs hold a relative read, write or
// touch and the cwd c carries is relative: guard cannot tell which
// directory the client means. A payload with no cwd (the spec's agent A
// form has none) or a null one is resolved against the hook's own working
// directory, the one the client started it in.
func NoBaseError(c *Call, inputs []event.Input, opt Options) error {
	base := c.Cwd
	if base == "" || filepath.IsAbs(base) || strings.HasPrefix(base, "/") || homeRelative(base) || windowsAbs(base) {
		return nil
	}
	for _, in := range inputs {
		if (in.Kind == event.KindRead || in.Kind == event.KindWrite || in.Kind == event.KindTouch) &&
			in.Text != "" && under("/", in.Text) != in.Text {
			return &Error{Field: "cwd", Problem: "is relative: the client sent no usable working " +
				"directory, and guard cannot tell which directory a relative path of the call is in"}
		}
	}
	return nil
}

// windowsAbs reports whether p is an absolute Windows path in either
// slash (C:\src, C:/src, \\server\share): a client on Windows sends its
// cwd that way, whatever system guard's tests run on.
func windowsAbs(p string) bool {
	if len(p) >= 3 && isDriveLetter(p[0]) && p[1] == ':' && (p[2] == '\\' || p[2] == '/') {
		return true
	}
	return strings.HasPrefix(p, `\\`)
}

// blockingName reports whether an agent B event guard does not know is one
// that comes before the agent acts (before…, pre…): its answer blocks.
func blockingName(name string) bool {
	n := strings.ToLower(name) // PreToolUse, agent A's name, wired to agent B by mistake: its client waits on the answer
	return strings.HasPrefix(n, "before") || strings.HasPrefix(n, "pre")
}

// maxRoots bounds the workspace roots a command's relative paths are
// checked under.
const maxRoots = 8

// roots returns agent B's workspace_roots, at most maxRoots: a command
// whose roots guard cannot check whole is checked under every one it
// could not either, so more are an error.
func roots(f fields) ([]string, error) {
	list, err := strs(f, "workspace_roots")
	if err != nil {
		return nil, err
	}
	if len(list) > maxRoots {
		return nil, fmt.Errorf("workspace_roots: %d roots, more than %d", len(list), maxRoots)
	}
	return list, nil
}

// OtherRootInputs returns, for each relative path of inputs (a read, a
// write or a touch), the same path under each of roots (see
// Call.OtherRoots).
func OtherRootInputs(inputs []event.Input, roots []string) []event.Input {
	var out []event.Input
	for _, root := range roots {
		for _, in := range inputs {
			if u := under(root, in.Text); (in.Kind == event.KindRead || in.Kind == event.KindWrite || in.Kind == event.KindTouch) && u != in.Text {
				in.Text = u
				out = append(out, in)
			}
		}
	}
	return out
}

// ResolvePaths makes the relative paths of read, write and touch inputs absolute,
// against the call's directory (its cwd, a tool's dir_path, agent B's first
// workspace root), else $AGENT_B_PROJECT_DIR for agent B, else the process
// working directory.
func ResolvePaths(c *Call, opt Options) {
	ownTilde(c.Inputs, opt)
	resolveInputs(c.Inputs, BaseDir(c, opt))
}

// ownTilde writes a path's leading ~NAME as path.OwnTilde reads it: ~ when
// NAME's home is the user's (a file tool or an MCP server that expands it
// opens the user's own home, as the shell does).
func ownTilde(inputs []event.Input, opt Options) {
	lookup := func(k string) (string, bool) {
		if name, ok := strings.CutPrefix(k, "~"); ok {
			if opt.AccountHome == nil {
				return "", false
			}
			return opt.AccountHome(name)
		}
		v := opt.getenv(k)
		return v, v != ""
	}
	for i, in := range inputs {
		if in.Kind == event.KindRead || in.Kind == event.KindWrite || in.Kind == event.KindTouch {
			inputs[i].Text = path.OwnTilde(in.Text, lookup)
		}
	}
}

// BaseDir is the absolute directory relative paths of c are resolved
// against, or "" when none is known.
func BaseDir(c *Call, opt Options) string {
	base := c.Cwd
	if base == "" && c.Agent == B {
		base = opt.getenv(EnvAgentBProjectDir)
	}
	if base != "" && (filepath.IsAbs(base) || homeRelative(base)) {
		return base
	}
	if opt.Getwd != nil {
		if wd, err := opt.Getwd(); err == nil {
			return filepath.Join(wd, base)
		}
	}
	return base
}

// resolveInputs joins the relative paths of read and write inputs with base,
// keeping every `..` for the path rules and realpath to resolve.
func resolveInputs(inputs []event.Input, base string) {
	if base == "" {
		return
	}
	for i, in := range inputs {
		if in.Kind != event.KindRead && in.Kind != event.KindWrite && in.Kind != event.KindTouch {
			continue
		}
		inputs[i].Text = under(base, in.Text)
		if in.ByFiles != "" {
			files := strings.Split(in.ByFiles, "\n")
			for j, f := range files {
				files[j] = under(base, f)
			}
			inputs[i].ByFiles = strings.Join(files, "\n")
		}
	}
}

// under returns p, a path as a command names it, under base when it is
// relative. Joined as text, not cleaned: a `..` after a symbolic link leads
// where the kernel takes it, which only the path's resolution (realpath)
// can tell; cleaning here would hide it.
func under(base, p string) string {
	if p == "" || filepath.IsAbs(p) || homeRelative(p) || strings.HasPrefix(p, "/") {
		return p
	}
	return strings.TrimRight(base, `/\`) + string(filepath.Separator) + p
}

// decodeObject decodes data as one JSON object into its fields. prefix is the
// dotted path of the object, for error messages.
func decodeObject(data []byte, prefix string) (fields, error) {
	return decodeObjectIn(data, prefix, false)
}

// decodeObjectIn is decodeObject; valid says data is a member of a document
// the fast path already read whole, so it need not be checked again.
func decodeObjectIn(data []byte, prefix string, valid bool) (fields, error) {
	if m, ok := splitObject(data, valid); ok {
		return fields{m: m, prefix: prefix, doc: data, valid: true}, nil
	}
	return decodeObjectJSON(data, prefix)
}

// decodeObjectJSON is decodeObject by encoding/json: the reference of the
// fast path, and what says what is wrong with a payload it does not take.
func decodeObjectJSON(data []byte, prefix string) (fields, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return fields{}, jsonError(data, prefix, err)
	}
	if m == nil {
		return fields{}, &Error{Field: prefix, Problem: "is null, want a JSON object"}
	}
	return fields{m: m, prefix: prefix, doc: data}, nil
}

// jsonError rewrites a decoding error so that it names no input text.
func jsonError(data []byte, field string, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		if deeperThan(data, maxDepth) {
			return &Error{Field: field, Limit: true, Problem: fmt.Sprintf("is nested deeper than %d levels: guard cannot read "+
				"the fields past that depth (the agent's client can), so it cannot tell what the call carries", maxDepth)}
		}
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
	return path.UserTilde(p) > 0 // ~NAME/x: a home, not a name in the working directory
}

// Member returns the raw JSON of the top-level member name of p, for a
// caller that must answer about a payload it could not parse (the result a
// failed check withholds).
func Member(p Payload, name string) ([]byte, bool) {
	return p.f.raw(name)
}

// Edit is one replacement of an edit tool: Old (old_string, old_str)
// replaced by New, at its first occurrence or, All, at every one
// (replace_all, agent C's expected_replacements above 1).
type Edit struct {
	// Old is the text replaced ("" for a tool that writes New as the
	// file's text).
	Old string
	// New is the text written in its place.
	New string
	// All says every occurrence of Old is replaced.
	All bool
}
