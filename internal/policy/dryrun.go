package policy

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// TestTypes are the input types `guard test` accepts, in the order shown:
// the spec's five, then content as the hook path meets it — a file's
// content (a Read result), the agent's final answer, a tool's output.
var TestTypes = []string{"prompt", "command", "read", "write", "url", "file", "response", "tool_output"}

// ContentTypes are the test types that are a tool's result or the agent's
// answer: hook.DryRun runs them through the hook's own code path (agent
// A's PostToolUse or Stop), so `guard test` shows what the hook does with
// them, redaction included.
var ContentTypes = []string{"file", "response", "tool_output"}

// testKind maps each test type to the kind of input it is checked as, and
// so to the detectors that kind gets on the hook path.
func testKind(typ string) (event.Kind, bool) {
	switch typ {
	case "prompt":
		return event.KindPrompt, true
	case "command":
		return event.KindCommand, true
	case "read":
		return event.KindRead, true
	case "write":
		return event.KindWrite, true
	case "url":
		return event.KindURL, true
	case "file":
		return event.KindFileContent, true
	case "response":
		return event.KindResponse, true
	case "tool_output":
		return event.KindOutput, true
	}
	return "", false
}

// UnknownTypeError is returned by DryRun for a type it does not accept.
type UnknownTypeError struct{ Type string }

func (e *UnknownTypeError) Error() string {
	return fmt.Sprintf("unknown input type %q (types: %s)", e.Type, strings.Join(TestTypes, ", "))
}

// DryRunResult is the answer of `guard test`; its JSON form has the keys
// verdict, type, input, rule and reason, explain on a block, and action
// and result when the hook would redact or withhold a tool's result.
type DryRunResult struct {
	Verdict string `json:"verdict"`
	Type    string `json:"type"`
	Input   string `json:"input"`
	Rule    string `json:"rule"`
	Reason  string `json:"reason"`
	// Explain is guard's plain-language line about a block (what the rule
	// protects, what reached it, what to do instead, how to allow it), as
	// the hook shows it beside the reason.
	Explain string `json:"explain,omitempty"`
	// Action is what the hook does with a tool result that blocked:
	// event.ActionRedacted or event.ActionWithheld; empty otherwise.
	Action string `json:"action,omitempty"`
	// Result is, with an Action, the text the model receives in the
	// result's place: the result with each secret replaced by a
	// [REDACTED:<rule>] marker, or guard's notice. Never a matched value.
	Result string `json:"result,omitempty"`
	// Notes are the rule names of findings that did not block.
	Notes []string `json:"-"`
}

// TestKind returns the input kind of a `guard test` type, or an
// *UnknownTypeError.
func TestKind(typ string) (event.Kind, error) {
	if k, ok := testKind(typ); ok {
		return k, nil
	}
	return "", &UnknownTypeError{Type: typ}
}

// DryRun evaluates checked, the inputs one `guard test` input of the given
// type expands to (hook.DryRun builds them as the hook path does), without
// writing an audit record, and reports it as input (see Report).
func (p *Policy) DryRun(typ, input string, checked []event.Input) (*DryRunResult, error) {
	if _, err := TestKind(typ); err != nil {
		return nil, err
	}
	v, err := p.Evaluate(checked)
	if err != nil {
		return nil, err
	}
	return Report(typ, input, v), nil
}

// Report is the `guard test` answer for input of type typ given the
// verdict v. The input is echoed unless a secret or PII value was found in
// it, in which case only its size and hash are shown: no output ever
// repeats a matched value.
func Report(typ, input string, v event.Verdict) *DryRunResult {
	r := &DryRunResult{Verdict: string(v.Decision), Type: typ, Input: input}
	sensitive := false
	for _, n := range v.Notes {
		r.Notes = append(r.Notes, n.Rule)
		sensitive = sensitive || SensitiveFinding(n)
	}
	if v.Blocked() {
		r.Rule = v.Finding.Rule
		r.Reason = v.Finding.Reason
		r.Explain = v.Finding.Explain
		if r.Rule == "ssrf_protection" {
			r.Rule = "ssrf" // the name the spec's test output shows
		}
		sensitive = sensitive || SensitiveFinding(v.Finding)
	}
	if sensitive {
		r.Input = Withheld(input)
	}
	return r
}

// Withheld is how `guard test` shows a text it does not repeat: its size
// and SHA-256.
func Withheld(text string) string {
	sum := sha256.Sum256([]byte(text))
	return fmt.Sprintf("<redacted: %d bytes, sha256 %s>", len(text), hex.EncodeToString(sum[:]))
}

// SensitiveFinding reports whether a finding is of a value that must not be
// repeated: a secret or PII.
func SensitiveFinding(f event.Finding) bool {
	return f.Detector == event.DetectorSecrets || f.Detector == event.DetectorPII
}
