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
		return event.KindToolOutput, true
	}
	return "", false
}

// UnknownTypeError is returned by DryRun for a type it does not accept.
type UnknownTypeError struct{ Type string }

func (e *UnknownTypeError) Error() string {
	return fmt.Sprintf("unknown input type %q (types: %s)", e.Type, strings.Join(TestTypes, ", "))
}

// DryRunResult is the answer of `guard test`; its JSON form has exactly the
// keys verdict, type, input, rule and reason.
type DryRunResult struct {
	Verdict string `json:"verdict"`
	Type    string `json:"type"`
	Input   string `json:"input"`
	Rule    string `json:"rule"`
	Reason  string `json:"reason"`
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
// writing an audit record, and reports it as input. The input is echoed
// unless a secret or PII value was found in it, in which case only its size
// and hash are shown: no output ever repeats a matched value.
func (p *Policy) DryRun(typ, input string, checked []event.Input) (*DryRunResult, error) {
	if _, err := TestKind(typ); err != nil {
		return nil, err
	}
	v, err := p.Evaluate(checked)
	if err != nil {
		return nil, err
	}
	r := &DryRunResult{Verdict: string(v.Decision), Type: typ, Input: input}
	sensitive := false
	for _, n := range v.Notes {
		r.Notes = append(r.Notes, n.Rule)
		sensitive = sensitive || isSensitive(n)
	}
	if v.Blocked() {
		r.Rule = v.Finding.Rule
		r.Reason = v.Finding.Reason
		if r.Rule == "ssrf_protection" {
			r.Rule = "ssrf" // the name the spec's test output shows
		}
		sensitive = sensitive || isSensitive(v.Finding)
	}
	if sensitive {
		sum := sha256.Sum256([]byte(input))
		r.Input = fmt.Sprintf("<redacted: %d bytes, sha256 %s>", len(input), hex.EncodeToString(sum[:]))
	}
	return r, nil
}

func isSensitive(f event.Finding) bool {
	return f.Detector == event.DetectorSecrets || f.Detector == event.DetectorPII
}
