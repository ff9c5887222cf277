package hook

import (
	"encoding/json"
	"errors"
	"slices"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// contentPayload is the agent A payload that carries text of a content
// type of `guard test`: a Read's result (file), a Bash result
// (tool_output), the final answer at Stop (response).
func contentPayload(typ, text, cwd string) ([]byte, error) {
	p := map[string]any{"cwd": cwd}
	switch typ {
	case "file":
		p["hook_event_name"] = "PostToolUse"
		p["tool_name"] = "Read"
		p["tool_input"] = map[string]string{"file_path": "guard-test"}
		p["tool_response"] = map[string]string{"content": text}
	case "tool_output":
		p["hook_event_name"] = "PostToolUse"
		p["tool_name"] = "Bash"
		p["tool_input"] = map[string]string{"command": "guard-test"}
		p["tool_response"] = map[string]string{"stdout": text}
	case "response":
		p["hook_event_name"] = "Stop"
		p["last_assistant_message"] = text
		p["stop_hook_active"] = false
	default:
		return nil, &policy.UnknownTypeError{Type: typ}
	}
	return json.Marshal(p)
}

// dryRunContent is DryRun for the content types: text goes through the
// hook's own checks (runner.check: agent A's payload parsed, evaluated,
// and a tool result that blocked redacted or withheld) as agent A's
// PostToolUse or Stop would meet it. Nothing is recorded or answered. The
// result shows what the model would receive instead of the text; it is
// left out when the policy lets a secret or PII value through in it, so
// that `guard test` never prints one.
func dryRunContent(p *policy.Policy, typ, text, cwd string) (*policy.DryRunResult, error) {
	data, err := contentPayload(typ, text, cwd)
	if err != nil {
		return nil, err
	}
	parsed, err := agent.Decode(data)
	if err != nil {
		return nil, err
	}
	r := &runner{
		cfg:    Config{Getenv: func(string) string { return "" }, Getwd: func() (string, error) { return cwd, nil }},
		agent:  agent.A,
		parsed: parsed,
	}
	o := r.check(p)
	if o.fail != nil {
		return nil, errors.New(o.fail.shown)
	}
	res := policy.Report(typ, text, o.verdict)
	if o.action == "" {
		return res, nil
	}
	res.Action = o.action
	shown, err := replacementText(o.replacement)
	if err != nil {
		return nil, err
	}
	// What the policy does not block (PII it only notes) stays in a
	// redacted result: shown, it would be printed. A withheld result's
	// notice is guard's own text (it names the rule, and the injection
	// classifier may score its words high): it is shown as it is.
	if o.action != event.ActionWithheld {
		v, err := p.Evaluate([]event.Input{{Kind: o.call.Inputs[0].Kind, Text: shown}})
		if err != nil {
			return nil, err
		}
		if v.Blocked() || slices.ContainsFunc(v.Notes, policy.SensitiveFinding) {
			shown = policy.Withheld(shown)
		}
	}
	res.Result = shown
	return res, nil
}

// replacementText is the one text of the replacement of a tool result
// built by contentPayload: what the model receives in its place.
func replacementText(replacement []byte) (string, error) {
	var m map[string]any
	if err := json.Unmarshal(replacement, &m); err != nil {
		return "", err
	}
	for _, v := range m {
		if s, ok := v.(string); ok {
			return s, nil
		}
	}
	return "", errors.New("the replacement holds no text")
}
