package hook

import (
	"encoding/json"
	"errors"
	"fmt"
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

// agentTools returns the tools that take each `guard test` type of a
// name, as each agent's client sends them before the tool runs: the event,
// the tool and its input field (a prompt has no tool). A function, not a
// table: a hook process builds nothing at init.
func agentTools() map[string]map[string][3]string {
	return map[string]map[string][3]string{
		agent.A: {"command": {"PreToolUse", "Bash", "command"}, "read": {"PreToolUse", "Read", "file_path"},
			"write": {"PreToolUse", "Write", "file_path"}, "url": {"PreToolUse", "WebFetch", "url"},
			"prompt": {"UserPromptSubmit", "", "prompt"}},
		agent.B: {"command": {"preToolUse", "Shell", "command"}, "read": {"preToolUse", "Read", "file_path"},
			"write": {"preToolUse", "Write", "file_path"}, "url": {"preToolUse", "WebFetch", "url"},
			"prompt": {"beforeSubmitPrompt", "", "prompt"}},
		agent.C: {"command": {"BeforeTool", "run_shell_command", "command"}, "read": {"BeforeTool", "read_file", "file_path"},
			"write": {"BeforeTool", "write_file", "file_path"}, "url": {"BeforeTool", "web_fetch", "prompt"},
			"prompt": {"BeforeAgent", "", "prompt"}},
	}
}

// clientPayload is the payload agentName's client sends before the tool that
// takes input of type typ runs in cwd (agentTools).
func clientPayload(agentName, typ, input, cwd string) ([]byte, error) {
	t, ok := agentTools()[agentName][typ]
	if !ok {
		return nil, &policy.UnknownTypeError{Type: typ}
	}
	p := map[string]any{"cwd": cwd, "hook_event_name": t[0], "session_id": "guard-test"}
	if t[1] == "" {
		p[t[2]] = input
	} else {
		in := map[string]string{t[2]: input}
		if typ == "write" {
			in["content"] = ""
		}
		p["tool_name"], p["tool_input"] = t[1], in
	}
	return json.Marshal(p)
}

// DryRunAs is `guard test --agent`: the input as agentName's client sends
// it before the tool that takes it runs (clientPayload), through the hook's
// whole check (runner.check), with the checks only that agent's routes
// have (agent A's failure route, for one). Nothing is recorded or
// answered. The content types go through dryRunContent, as agent A's.
func DryRunAs(p *policy.Policy, agentName, typ, input, cwd string) (r *policy.DryRunResult, err error) {
	defer func() {
		if recover() != nil {
			r, err = blockedResult(typ, input, panicFailure()), nil
		}
	}()
	if slices.Contains(policy.ContentTypes, typ) {
		return dryRunContent(p, typ, input, cwd)
	}
	if _, ok := agentTools()[agentName]; !ok {
		return nil, fmt.Errorf("unknown agent %q: --agent takes a, b or c", agentName)
	}
	data, err := clientPayload(agentName, typ, input, cwd)
	if err != nil {
		return nil, err
	}
	parsed, err := agent.Decode(data)
	if err != nil {
		return nil, err
	}
	run := &runner{
		cfg:    Config{Getenv: func(string) string { return "" }, Getwd: func() (string, error) { return cwd, nil }},
		agent:  agentName,
		parsed: parsed,
	}
	o := run.check(p)
	if o.fail != nil {
		return blockedResult(typ, input, *o.fail), nil
	}
	return policy.Report(typ, input, o.verdict), nil
}

// blockedResult is a dry run's block by failure f (a panic, a payload guard
// could not check): the input is shown only by its size and hash.
func blockedResult(typ, input string, f failure) *policy.DryRunResult {
	return &policy.DryRunResult{Verdict: string(event.Block), Type: typ, Input: policy.Withheld(input), Rule: f.rule, Reason: f.shown}
}
