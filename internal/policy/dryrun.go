package policy

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/realpath"
)

// TestTypes are the input types `guard test` accepts, in the order shown.
var TestTypes = []event.Kind{event.KindPrompt, event.KindCommand, event.KindRead, event.KindWrite, event.KindURL}

// UnknownTypeError is returned by DryRun for a type it does not accept.
type UnknownTypeError struct{ Type string }

func (e *UnknownTypeError) Error() string {
	names := make([]string, len(TestTypes))
	for i, k := range TestTypes {
		names[i] = string(k)
	}
	return fmt.Sprintf("unknown input type %q (types: %s)", e.Type, strings.Join(names, ", "))
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

// DryRun evaluates one input of the given type against the policy, as a hook
// would, without writing an audit record. A relative read or write path is
// checked as joined to cwd, as the hook path joins it to the agent's working
// directory. The input is echoed unless a secret or PII value was found in
// it, in which case only its size and hash are shown: no output ever repeats
// a matched value. A path that symbolic links lead elsewhere is checked as
// named and as the path it leads to.
func (p *Policy) DryRun(typ, input, cwd string) (*DryRunResult, error) {
	kind := event.Kind(typ)
	known := false
	for _, k := range TestTypes {
		known = known || k == kind
	}
	if !known {
		return nil, &UnknownTypeError{Type: typ}
	}
	text := input
	if (kind == event.KindRead || kind == event.KindWrite) && cwd != "" && !isAbsOrHome(input) {
		text = filepath.Join(cwd, input)
	}
	inputs := []event.Input{{Kind: kind, Text: text}}
	if kind == event.KindCommand {
		// As on the hook path: the files a command names meet the path rules.
		derived, err := agent.CommandPaths(&agent.Call{Cwd: cwd, Inputs: inputs}, agent.Options{})
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, derived...)
	}
	for _, in := range inputs {
		if in.Kind == event.KindRead || in.Kind == event.KindWrite {
			// As on the hook path: a symbolic link cannot carry a path past the rules.
			if real, moved := realpath.Target(in.Text, p.Home); moved {
				inputs = append(inputs, event.Input{Kind: in.Kind, Text: real})
			}
		}
	}
	v, err := p.Evaluate(inputs)
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

// isAbsOrHome reports whether path is absolute or starts at the home
// directory (~), the forms the path detector resolves on its own.
func isAbsOrHome(path string) bool {
	return filepath.IsAbs(path) || path == "~" || strings.HasPrefix(path, "~/") || strings.HasPrefix(path, `~\`) ||
		strings.HasPrefix(path, "$HOME") || strings.HasPrefix(path, "${HOME}") || strings.HasPrefix(path, "/")
}

func isSensitive(f event.Finding) bool {
	return f.Detector == event.DetectorSecrets || f.Detector == event.DetectorPII
}
