package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/hook"
	"github.com/guardhq/guard/internal/policy"
	"github.com/spf13/cobra"
)

// contentTypes are the test types whose input is text an agent reads or
// writes rather than a name: "-" reads it from standard input.
var contentTypes = map[string]bool{"prompt": true, "file": true, "response": true, "tool_output": true}

func newTestCommand(s *streams) *cobra.Command {
	var (
		asJSON    bool
		agentName string
	)
	cmd := &cobra.Command{
		Use:   "test <" + strings.Join(policy.TestTypes, "|") + "> <input>",
		Short: "Dry-run one input against the active policy",
		Long: `Evaluate one input against the active policy as a hook would, without
writing an audit record.

Types: prompt, command, read and write (a path), url; and content, which runs
the hook's own code path as agent A's hook meets it: file (a file's content,
as a Read returns it), response (the agent's final answer, at Stop),
tool_output (a shell command's output). For prompt and the content types,
"-" reads the input from standard input.

A file or tool_output that blocks is what the hook redacts (each secret
replaced by [REDACTED:<rule>]) or withholds (an injection): the action and
result lines show what the model would receive instead. A secret is never
printed: an input holding one is shown as its size and hash. At an agent B
hook that only logs results, the hook records such a finding and the client
goes on.

--agent a|b|c checks a command, path, URL or prompt as that agent's client
sends it before the tool runs, with the checks only its routes have (agent
A's client shows a failed command's output, which guard cannot redact: a
read there must be shown to succeed). Without it, the checks every agent
shares.

Exit status: 0 the input would be allowed, 2 it would be blocked, 1 usage error.`,
		Example: `  guard test command "rm -rf /"
  guard test read ~/.ssh/id_ed25519
  guard test url http://169.254.169.254/latest/meta-data --json
  guard test --agent a command "grep -rn PASS ."
  guard test file - < config/production.env`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return withHint(fmt.Errorf("test needs a type and an input, got %d arguments", len(args)),
					`quote the input: guard test command "rm -rf /"`)
			}
			return nil
		},
		ValidArgs: policy.TestTypes,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTest(s, args[0], args[1], agentName, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as a JSON object")
	cmd.Flags().StringVar(&agentName, "agent", "", "check the input as this agent's client sends it (a, b or c), with the checks only its routes have")
	cmd.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if hint := flagSuggestion(cmd, err); hint != "" {
			return withHint(err, hint)
		}
		return withHint(err, `to test an input that starts with "-", put -- before the type: guard test -- command "-rf /"`)
	})
	return cmd
}

// maxTestInput bounds an input read from standard input, as the hook bounds
// its payload.
const maxTestInput = hook.MaxPayload

func runTest(s *streams, typ, input, agentName string, asJSON bool) error {
	if _, err := policy.TestKind(typ); err != nil {
		return withHint(err, "run 'guard test --help' for usage")
	}
	if input == "-" && contentTypes[typ] {
		b, err := io.ReadAll(io.LimitReader(s.in, maxTestInput+1))
		if err != nil {
			return fmt.Errorf("read the input from standard input: %w", err)
		}
		if len(b) > maxTestInput {
			return withHint(fmt.Errorf("the input on standard input is over %d bytes", maxTestInput),
				"a hook blocks a payload that large; test a smaller part")
		}
		input = string(b)
	}
	inputErr := checkTestInput(typ, input)
	if inputErr != nil && (typ != "url" || strings.TrimSpace(input) == "") {
		return inputErr
	}
	p, err := policy.Load()
	if err != nil {
		return withHint(err, policy.Hint(err))
	}
	cwd, _ := os.Getwd() // without it a relative path is checked as written
	var r *policy.DryRunResult
	if agentName != "" {
		r, err = hook.DryRunAs(p, agentName, typ, input, cwd)
	} else {
		r, err = hook.DryRun(p, typ, input, cwd)
	}
	var ute *policy.UnknownTypeError
	if errors.As(err, &ute) {
		return withHint(err, "run 'guard test --help' for usage")
	}
	if err != nil {
		return err
	}
	if inputErr != nil && r.Verdict != "block" {
		// Not a URL a web tool fetches (gopher://, http:host), and the
		// detector does not block it: say so rather than "allow". One it
		// blocks is shown, as a hook would block it.
		return inputErr
	}
	score := classifierScore(p, typ, input)
	if asJSON {
		enc := json.NewEncoder(s.out)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(struct {
			*policy.DryRunResult
			Classifier *testScore `json:"classifier,omitempty"`
		}{r, score}); err != nil {
			return err
		}
	} else {
		printTest(s.out, p, r, score)
	}
	if r.Verdict == "block" {
		return &exitError{code: 2}
	}
	return nil
}

// printTest writes the text form of a dry run: the spec's five lines, the
// action on a result, the classifier's score, notes, and guard's
// explanation.
func printTest(w io.Writer, p *policy.Policy, r *policy.DryRunResult, score *testScore) {
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	fmt.Fprintf(tw, "verdict:\t%s\n", r.Verdict)
	fmt.Fprintf(tw, "type:\t%s\n", r.Type)
	// One line each: a newline or a terminal escape in the input is
	// shown escaped (\n, \x1b), never sent to the terminal.
	fmt.Fprintf(tw, "input:\t%s\n", detect.Printable(r.Input))
	fmt.Fprintf(tw, "rule:\t%s\n", dash(r.Rule))
	fmt.Fprintf(tw, "reason:\t%s\n", detect.Printable(dash(r.Reason)))
	printAction(tw, r)
	if score != nil {
		fmt.Fprintf(tw, "classifier:\t%s\n", score)
	}
	for _, n := range r.Notes {
		topic := "pii"
		if strings.HasPrefix(n, "injection") {
			topic = "injection"
		}
		fmt.Fprintf(tw, "note:\t%s found, recorded but not blocking (see 'guard explain %s')\n", n, topic)
	}
	tw.Flush()
	// Beside the spec's five lines (kept in their form), guard's
	// explanation as the hook shows it ("why: …; instead: …"), or what
	// the rule is for.
	switch {
	case r.Explain != "":
		fmt.Fprintf(w, "%s\n", detect.Printable(r.Explain))
	case r.Rule != "":
		if d := p.Describe(r.Rule); d != "" {
			fmt.Fprintf(w, "description: %s\n", detect.Printable(d))
		}
	}
}

// testScore is the injection classifier's score of a text guard test was
// given, shown whether or not it blocked (docs/INJECTION.md).
type testScore struct {
	Score     float64 `json:"score"`
	Threshold float64 `json:"threshold"`
	// Checked says whether a hook runs the classifier on this type under
	// the policy (enabled, and the type is one it reads).
	Checked bool   `json:"checked"`
	Note    string `json:"note,omitempty"`
}

func (t *testScore) String() string {
	s := fmt.Sprintf("%.2f (threshold %.2f)", t.Score, t.Threshold)
	if t.Note != "" {
		s += "; " + t.Note
	}
	return s
}

// classifierScore scores the input of a prompt, file, response or
// tool_output test with the embedded classifier, or returns nil for the
// other types (names, not text).
func classifierScore(p *policy.Policy, typ, input string) *testScore {
	if !contentTypes[typ] {
		return nil
	}
	score, err := injection.Score(input)
	score = math.Round(score*1e4) / 1e4
	if err != nil {
		return &testScore{Note: "the model cannot be read: " + err.Error()}
	}
	c := p.Injection.Classifier
	t := &testScore{Score: score, Threshold: c.Threshold, Checked: c.Enabled && p.Injection.Enabled && typ != "response"}
	if t.Threshold <= 0 {
		t.Threshold = injection.DefaultThreshold()
	}
	switch {
	case typ == "response":
		t.Note = "not checked: an agent's answer is not checked for injection"
	case !t.Checked:
		t.Note = "not checked: injection.classifier is disabled"
	case typ == "prompt" && c.OnPrompt == "log":
		t.Note = "a prompt from the threshold on is logged (on_prompt log)"
	case typ != "prompt" && c.OnResult == "log":
		t.Note = "a result from the threshold on is logged (on_result log)"
	}
	return t
}

// actionText says what the hook does with a tool result that blocked.
var actionText = map[string]string{
	event.ActionRedacted: "the agent gets the result with each match replaced",
	event.ActionWithheld: "the agent gets guard's notice instead of the result",
}

// printAction adds, for a tool result the hook would redact or withhold,
// what it does and what the model receives instead: one line of the text
// each, escaped like the input.
func printAction(w io.Writer, r *policy.DryRunResult) {
	if r.Action == "" {
		return
	}
	fmt.Fprintf(w, "action:\t%s (%s)\n", r.Action, actionText[r.Action])
	label := "result:"
	for _, line := range strings.Split(strings.TrimSuffix(r.Result, "\n"), "\n") {
		fmt.Fprintf(w, "%s\t%s\n", label, detect.Printable(line))
		label = ""
	}
}

// checkTestInput refuses an input that is not of its type: an empty one of
// any type, and a URL without a host. A dry run of such an input would say
// "allow" about something no hook ever checks; a URL of another form that
// the URL detector blocks is still shown blocked (runTest).
func checkTestInput(typ, input string) error {
	if strings.TrimSpace(input) == "" {
		return withHint(fmt.Errorf("the %s to test is empty", typ), `give the input as the second argument: guard test `+typ+` "…"`)
	}
	if typ != "url" {
		return nil
	}
	if err := checkURL(input); err != nil {
		return withHint(fmt.Errorf("%q is not a URL: %v", detect.Printable(truncate(input, 80)), err),
			"a URL looks like https://example.com/path (the scheme may be left out: example.com/path)")
	}
	return nil
}

// checkURL accepts what a web tool would fetch: http(s)://host…, or a host
// (a name with a dot, an IP address, or localhost) with an optional port
// and path. It reads the host as written: a URL that a parser would refuse
// (a control character in it) is still the detectors' to judge.
func checkURL(s string) error {
	if i := strings.Index(s, "://"); i >= 0 {
		if scheme := strings.ToLower(s[:i]); scheme != "http" && scheme != "https" {
			return fmt.Errorf("the scheme is %q, not http or https", truncate(scheme, 20))
		}
		if hostOf(s[i+3:]) == "" {
			return errors.New("it has no host")
		}
		return nil
	}
	host := hostOf(s)
	switch {
	case host == "":
		return errors.New("it has no host")
	case net.ParseIP(host) != nil, strings.EqualFold(host, "localhost"):
		return nil
	case !strings.Contains(strings.Trim(host, "."), "."):
		return errors.New("it has no scheme, and no host name with a dot")
	}
	return nil
}

// hostOf returns the host of the part of a URL after its scheme: up to the
// path, query or fragment, without user information and port.
func hostOf(rest string) string {
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		rest = rest[at+1:]
	}
	if h, _, err := net.SplitHostPort(rest); err == nil {
		rest = h
	}
	return strings.TrimSpace(strings.Trim(rest, "[]"))
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
