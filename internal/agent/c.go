package agent

import (
	"github.com/guardhq/guard/internal/event"
)

// parseC reads a payload of agent C: BeforeTool (tool_name, tool_input),
// AfterTool (tool_name, tool_response {llmContent, returnDisplay, error}),
// BeforeAgent (prompt) and AfterAgent (prompt_response, stop_hook_active);
// the spec's before_tool and after_tool are BeforeTool and AfterTool. Any
// other event is checked by what it carries.
func parseC(c *Call, f fields) error {
	switch c.Stage {
	case StageTool:
		return toolCall(c, f, toolC)
	case StageResult:
		return toolResult(c, f, "tool_response", true)
	case StagePrompt:
		return addRequired(c, f, event.KindPrompt, "prompt")
	case StageResponse:
		s, ok, err := f.str("prompt_response")
		if err != nil {
			return err
		}
		if ok {
			c.Inputs = append(c.Inputs, event.Input{Kind: event.KindResponse, Text: s})
		}
		c.Retry, err = f.flag("stop_hook_active")
		return err
	}
	return byPayload(c, f)
}
