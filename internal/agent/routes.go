package agent

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// Where a tool's output goes decides whether the result scan can redact
// it. Agent A's client answers a tool result hook (PostToolUse, whose
// updatedToolOutput replaces the result) only for a tool that succeeded:
// a tool that fails (a non-zero exit status, an error, a time-out) fires
// PostToolUseFailure, whose answer can only add context beside the
// failed result the model reads; its Monitor tool streams each line its
// command prints to the model as a notification, with no result hook per
// line; a command run in the background prints into a task whose output
// reaches the model later. See docs/HOOKS.md, "Reads the result scan
// must redact".
const (
	// MonitorStream is why guard cannot redact what a Monitor command prints.
	MonitorStream = "agent A's Monitor tool streams each line the command prints to the model, with no result hook guard can answer"
	// BackgroundRun is why guard cannot redact what a background command prints.
	BackgroundRun = "the command runs in the background: what it prints reaches the model outside the result hook guard answers"
	// CommandFailure is why guard cannot redact what a failing command prints.
	CommandFailure = "a command that fails (a non-zero exit status, an error, a time-out) reaches the model through agent A's PostToolUseFailure, whose result guard cannot replace"
	// ClientTimeout is why guard cannot redact what a command with a time
	// limit of the client's prints.
	ClientTimeout = "the call sets a timeout: the client stops a command that runs past it, after it printed, and a time-out reaches the model through agent A's PostToolUseFailure, whose result guard cannot replace"
	// PartialRead is why guard cannot redact a slice of a file.
	PartialRead = "it reads part of the file (an offset or a limit): the result scan never sees a value cut by the slice whole"
)

// routeA notes, for a tool call of agent A, where the output of its tool
// may reach the model without a result guard can replace (Call.Unredacted,
// Call.FailsUnredacted).
func routeA(c *Call, f fields) error {
	in, _, _, err := f.input("tool_input") // a string holds no options
	if err != nil {
		return err
	}
	switch c.Tool {
	case "Monitor":
		c.Unredacted = MonitorStream
	case "Bash", "PowerShell":
		if r, ok := in.raw("run_in_background"); ok && !strings.EqualFold(strings.TrimSpace(string(r)), "false") {
			c.Unredacted = BackgroundRun
		}
	}
	// Any tool whose input is checked as a command (an MCP shell tool's
	// too: an error result goes to PostToolUseFailure) may fail with
	// what it printed.
	if c.Unredacted == "" && slices.ContainsFunc(c.Inputs, func(i event.Input) bool { return i.Kind == event.KindCommand }) {
		c.FailsUnredacted = CommandFailure
		if _, ok := in.raw("timeout"); ok && commandToolName(c.Tool) {
			// A time-out is a failure no program's status shows
			// (internal/hook showsSuccess).
			c.FailsUnredacted = ClientTimeout
		}
	}
	return nil
}

// partialRead marks the reads of a file tool asked for part of the file
// as reads whose result guard cannot redact: a value the slice cuts is
// never whole in the result. A field selects part
// of the file when its name says so (slicingName) or, default-deny, when
// it is a number: an unknown count beside a path.
func partialRead(c *Call, in fields) {
	for k := range in.m {
		if r, ok := in.raw(k); ok && (slicingName(k) || numeric(r)) {
			// A tree (an MCP path's DIR/**, in case it names a
			// directory) is no slice of a file.
			opaqueReads(c, PartialRead)
			return
		}
	}
}

// slicingName reports whether a tool input field's name says it selects
// part of a file: offset, limit, head, tail, start_line, end_line, lines,
// range, pages, max_bytes…
func slicingName(k string) bool {
	k = strings.ToLower(k)
	for _, w := range [...]string{"offset", "limit", "head", "tail", "line", "range", "start", "end", "page",
		"skip", "slice", "chunk", "byte", "length", "first", "last", "from", "until", "count", "max", "size"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return k == "to" || k == "n"
}

// numeric reports whether r is a JSON number.
func numeric(r json.RawMessage) bool {
	r = bytes.TrimSpace(r)
	return len(r) > 0 && (r[0] == '-' || r[0] >= '0' && r[0] <= '9')
}

// contentSearch marks a search tool's own reads as slices when it prints
// the lines it selects: agent A's Grep in content mode, agent C's
// search_file_content (always).
func contentSearch(c *Call, name string, in fields) {
	switch name {
	case "Grep":
		s, _, _ := in.str("output_mode")
		c.OwnSlices = s == "content"
	case "search_file_content", "grep_search":
		c.OwnSlices = true
	}
}
