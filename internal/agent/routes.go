package agent

import (
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
// reaches the model later. Review 12b F1; docs/HOOKS.md, "Reads the result
// scan must redact".
const (
	// MonitorStream is why guard cannot redact what a Monitor command prints.
	MonitorStream = "agent A's Monitor tool streams each line the command prints to the model, with no result hook guard can answer"
	// BackgroundRun is why guard cannot redact what a background command prints.
	BackgroundRun = "the command runs in the background: what it prints reaches the model outside the result hook guard answers"
	// CommandFailure is why guard cannot redact what a failing command prints.
	CommandFailure = "a command that fails (a non-zero exit status, an error, a time-out) reaches the model through agent A's PostToolUseFailure, whose result guard cannot replace"
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
		} else {
			c.FailsUnredacted = CommandFailure
		}
	}
	return nil
}

// partialRead marks the reads of a file tool (Read, read_file) asked for
// part of the file (offset, limit) as reads whose result guard cannot
// redact: a value the slice cuts is never whole in the result.
func partialRead(c *Call, in fields) {
	if !in.has("offset") && !in.has("limit") {
		return
	}
	for i := range c.Inputs {
		if c.Inputs[i].Kind == event.KindRead && c.Inputs[i].Opaque == "" {
			c.Inputs[i].Opaque = PartialRead
		}
	}
}
