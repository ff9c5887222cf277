package console

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/console/loggen"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// helpLog writes a log of one block per rule, each with only a spec-style
// reason, and returns its path.
func helpLog(t *testing.T, rules ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.log")
	var lines strings.Builder
	chain := loggen.NewChain(nil)
	for i, r := range rules {
		rec := event.Record{TS: fmt.Sprintf("2026-11-21T09:00:%02d.000Z", i), Hook: event.HookPreToolUse, Verdict: "block",
			Rule: r, Reason: "matched /x/ in '<redacted>'", Agent: "a", Event: event.HookPreToolUse}
		line, err := chain.Line(&rec)
		if err != nil {
			t.Fatal(err)
		}
		lines.Write(append(line, '\n'))
	}
	appendRaw(t, path, lines.String())
	return path
}

// TestEventsHelp: /api/events adds, for each rule its events name, what
// the console's policy says of it (the built-in defaults without
// Config.Help); a rule the policy does not know gets none, the events keep
// the record's reason, and exports carry no help.
func TestEventsHelp(t *testing.T) {
	path := helpLog(t, "git_reset_hard", "blocked_path", "my_rule", "retired_rule", "git_reset_hard")
	def, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	mine := func(rule string) (policy.RuleHelp, bool) {
		if rule == "my_rule" {
			return policy.RuleHelp{Rule: rule, Description: "my description", Hint: "my hint", Allow: "my allow"}, true
		}
		return def.Help(rule)
	}
	for _, tc := range []struct {
		name string
		help func(string) (policy.RuleHelp, bool)
		want []string // rules with help
	}{
		{"built-in defaults", nil, []string{"git_reset_hard", "blocked_path"}},
		{"the loaded policy", mine, []string{"git_reset_hard", "blocked_path", "my_rule"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(newTestHandler(t, path, Config{Help: tc.help}))
			defer srv.Close()
			a := getJSON[eventsAnswer](t, srv.URL+"/api/events")
			if len(a.Help) != len(tc.want) {
				t.Errorf("help for %d rules, want %v", len(a.Help), tc.want)
			}
			for _, r := range tc.want {
				wh, _ := mine(r)
				if got := a.Help[r]; got != wh || got.Description == "" {
					t.Errorf("help[%s] = %+v, want %+v", r, got, wh)
				}
			}
			for _, e := range a.Events {
				if e.Reason != "matched /x/ in '<redacted>'" {
					t.Errorf("%s: reason %q", e.Rule, e.Reason)
				}
			}
			resp, err := http.Get(srv.URL + "/api/events?format=csv")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if d, _ := def.Help("git_reset_hard"); strings.Contains(string(body), d.Description) || strings.Contains(string(body), "my description") {
				t.Error("the CSV export carries rule help")
			}
		})
	}
}
