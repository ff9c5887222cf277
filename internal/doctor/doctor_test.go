package doctor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/install"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/service"
)

// env is a throwaway machine: a home, a project, a guard binary.
func env(t *testing.T) Options {
	t.Helper()
	dir := t.TempDir()
	o := Options{
		Self:       filepath.Join(dir, "bin", "guard"),
		Home:       filepath.Join(dir, "home"),
		Project:    filepath.Join(dir, "proj"),
		GuardDir:   filepath.Join(dir, "home", ".guard"),
		LoadPolicy: policy.Default,
		Getenv:     func(string) string { return "" },
		ServiceStatus: func() (service.Status, error) {
			return service.Status{State: service.NotInstalled}, nil
		},
		LookPath: func(string) (string, error) { return "", errors.New("not found") },
	}
	for _, d := range []string{filepath.Dir(o.Self), o.Home, o.Project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(o.Self, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return o
}

func find(t *testing.T, r Report, prefix string) Check {
	t.Helper()
	for _, c := range r.Checks {
		if strings.HasPrefix(c.Name, prefix) {
			return c
		}
	}
	t.Fatalf("no check %q in %+v", prefix, r.Checks)
	return Check{}
}

// TestFreshMachine: every check passes but one: no agent runs guard, which
// fails with a hint (issue 22 item 3).
func TestFreshMachine(t *testing.T) {
	o := env(t)
	r := Run(o)
	if r.OK() || r.Failed() != 1 {
		t.Fatalf("fresh machine: %+v", r.Checks)
	}
	if c := find(t, r, "agents"); c.OK || !strings.Contains(c.Detail, "no agent runs guard") || !strings.Contains(c.Hint, "guard init --agent-a") {
		t.Errorf("agents: %+v", c)
	}
	for _, c := range r.Checks {
		if c.Name == "" || c.Detail == "" {
			t.Errorf("check without name or detail: %+v", c)
		}
	}
}

// hookAgentA installs guard's hooks for agent A into o's home.
func hookAgentA(t *testing.T, o Options) string {
	t.Helper()
	settings := filepath.Join(o.Home, ".agent_a", "settings.json")
	if _, err := install.Apply(settings, install.Options{Agent: install.AgentA, Self: o.Self, LockDir: filepath.Join(o.GuardDir, "locks")}); err != nil {
		t.Fatal(err)
	}
	return settings
}

// TestOneAgentHookedPasses: one agent set up is enough.
func TestOneAgentHookedPasses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX modes")
	}
	o := env(t)
	hookAgentA(t, o)
	r := Run(o)
	if !r.OK() {
		t.Fatalf("agent A hooked: %+v", r.Checks)
	}
	if c := find(t, r, "agents"); c.Detail != "guard's hooks are set up for agent A" {
		t.Errorf("agents: %+v", c)
	}
}

// TestWeakerPolicy: a detector off or a default removed fails the policy
// check, naming each; a stricter policy passes.
func TestWeakerPolicy(t *testing.T) {
	o := env(t)
	for _, tc := range []struct {
		doc  string
		want []string
	}{
		{`{"pii": {"block_on_prompt": true}}`, nil},
		{`{"bash": {"enabled": false}}`, []string{"bash.enabled is false: the command detector is off"}},
		{`{"injection": {"enabled": false}, "file_paths": {"block_read": ["~/.ssh/**"]}}`,
			[]string{"injection.enabled is false", "file_paths.block_read lacks "}},
	} {
		o.LoadPolicy = func() (*policy.Policy, error) { return policy.Parse([]byte(tc.doc), "/x/rules.json") }
		c := find(t, Run(o), "policy")
		if c.OK != (tc.want == nil) {
			t.Errorf("%s: %+v", tc.doc, c)
		}
		for _, w := range tc.want {
			if !strings.Contains(c.Detail, "weaker than the built-in defaults: ") || !strings.Contains(c.Detail, w) || !strings.Contains(c.Hint, "put the defaults back") {
				t.Errorf("%s: %+v, want %q", tc.doc, c, w)
			}
		}
	}
}

// TestHookCommandMoreThanGuard: guard's entry with more than the program
// (guard || true turns blocks into passes) fails, named by JSON path, the
// command never quoted.
func TestHookCommandMoreThanGuard(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX modes")
	}
	o := env(t)
	settings := hookAgentA(t, o)
	data, _ := os.ReadFile(settings)
	cmd := install.Command(o.Self, runtime.GOOS)
	data = []byte(strings.Replace(string(data), `"command": "`+cmd+`"`, `"command": "TOKEN=sk-secret `+cmd+` || true"`, 1))
	if err := os.WriteFile(settings, data, 0o600); err != nil {
		t.Fatal(err)
	}
	r := Run(o)
	var c Check
	for _, x := range r.Checks {
		if x.Name == "agent A hook command" {
			c = x
		}
	}
	if c.OK || !strings.Contains(c.Detail, "~/.agent_a/settings.json: hooks.UserPromptSubmit[0].command") ||
		strings.Contains(c.Detail, "sk-secret") || !strings.Contains(c.Hint, "guard init --agent-a") {
		t.Errorf("extra command: %+v", c)
	}
}

// TestAnchorRegressed: an anchor put back from an older copy fails the
// anchor check, though the chain and the anchor itself verify.
func TestAnchorRegressed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX modes")
	}
	o := env(t)
	hookAgentA(t, o)
	path := filepath.Join(o.GuardDir, "audit.log")
	anchor := audit.AnchorFile(home.StateDirFor(o.Home), path)
	appendN := func(from, n int) {
		for i := from; i < from+n; i++ {
			rec := event.Record{TS: fmt.Sprintf("2026-01-02T03:%02d:%02d.000Z", i/60, i%60), Hook: "Stop", Verdict: "allow", User: "ada",
				Host: "box", PolicyVersion: "1.0.0", Agent: "a", Event: "Stop", InputHash: strings.Repeat("ab", 32)}
			if err := audit.AppendWith(path, &rec, audit.AppendOptions{AnchorFile: anchor}); err != nil {
				t.Fatal(err)
			}
		}
	}
	appendN(0, 3)
	old, _ := os.ReadFile(anchor)
	appendN(3, 40) // past two update points
	if r := Run(o); !r.OK() {
		t.Fatalf("in step: %+v", r.Checks)
	}
	if err := os.WriteFile(anchor, old, 0o600); err != nil {
		t.Fatal(err)
	}
	r := Run(o)
	if c := find(t, r, "audit log"); !c.OK {
		t.Errorf("the chain and anchor verify: %+v", c)
	}
	if c := find(t, r, "audit anchor"); c.OK || !strings.Contains(c.Detail, "is behind the log's last append") || !strings.Contains(c.Hint, "reset-checkpoint") {
		t.Errorf("regressed anchor: %+v", c)
	}
}

func TestAgentHooks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX modes")
	}
	o := env(t)
	settings := filepath.Join(o.Home, ".agent_a", "settings.json")
	if _, err := install.Apply(settings, install.Options{Agent: install.AgentA, Self: o.Self, LockDir: filepath.Join(o.GuardDir, "locks")}); err != nil {
		t.Fatal(err)
	}
	r := Run(o)
	if c := find(t, r, "agent A hooks"); !c.OK || !strings.Contains(c.Detail, "all 4 hooks") {
		t.Errorf("installed: %+v", c)
	}
	if c := find(t, r, "agent A hook command"); !c.OK {
		t.Errorf("program: %+v", c)
	}
	// The binary moves away: the hooks point at nothing.
	if err := os.Rename(o.Self, o.Self+".old"); err != nil {
		t.Fatal(err)
	}
	c := find(t, Run(o), "agent A hook command")
	if c.OK || !strings.Contains(c.Detail, "does not exist") || c.Hint == "" {
		t.Errorf("moved binary: %+v", c)
	}
	// Another file at that path: not this guard.
	if err := os.WriteFile(o.Self, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	o.Self += ".old"
	c = find(t, Run(o), "agent A hook command")
	if c.OK || !strings.Contains(c.Detail, "is not this guard") {
		t.Errorf("other binary: %+v", c)
	}
	// A project's settings switch all hooks off.
	proj := filepath.Join(o.Project, ".agent_a", "settings.json")
	if err := os.MkdirAll(filepath.Dir(proj), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(proj, []byte(`{"disableAllHooks": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c = find(t, Run(o), "agent A hooks")
	if c.OK || !strings.Contains(c.Detail, `"disableAllHooks": true`) {
		t.Errorf("disabled: %+v", c)
	}
}

func TestServiceStates(t *testing.T) {
	tests := []struct {
		st   service.State
		err  error
		ok   bool
		want string
	}{
		{service.NotInstalled, nil, true, "not installed (optional)"},
		{service.Running, nil, true, "running"},
		{service.Stopped, nil, false, "installed but stopped"},
		{service.Failed, nil, false, "installed but failed"},
		{service.Stopped, errors.New("no user manager"), false, "no user manager"},
	}
	for _, tt := range tests {
		o := env(t)
		o.ServiceStatus = func() (service.Status, error) { return service.Status{State: tt.st, Platform: "test"}, tt.err }
		c := serviceCheck(o)
		if c.OK != tt.ok || !strings.Contains(c.Detail, tt.want) {
			t.Errorf("%v %v: %+v", tt.st, tt.err, c)
		}
	}
}

func TestPolicyCheck(t *testing.T) {
	o := env(t)
	o.LoadPolicy = func() (*policy.Policy, error) {
		p, err := policy.Default()
		p.Source = filepath.Join(o.GuardDir, "rules.json")
		return p, err
	}
	c := policyCheck(o)
	if !c.OK || !strings.Contains(c.Detail, "file ~") || !strings.Contains(c.Detail, "not signed") || c.Hint == "" {
		t.Errorf("unsigned file: %+v", c)
	}
	o.Getenv = func(k string) string { return map[string]string{policy.EnvKey: "k"}[k] }
	if c := policyCheck(o); !c.OK || !strings.Contains(c.Detail, "signature verified") {
		t.Errorf("signed file: %+v", c)
	}
	o.LoadPolicy = func() (*policy.Policy, error) { return nil, errors.New("policy x: bad") }
	if c := policyCheck(o); c.OK || c.Hint == "" {
		t.Errorf("broken policy: %+v", c)
	}
}

func TestAuditWritable(t *testing.T) {
	o := env(t)
	if err := os.MkdirAll(filepath.Join(o.GuardDir, "audit.log"), 0o700); err != nil {
		t.Fatal(err)
	}
	c := find(t, Run(o), "audit log writable")
	if c.OK || !strings.Contains(c.Detail, "not a regular file") {
		t.Errorf("directory in the log's place: %+v", c)
	}
}

// TestAuditAnchor covers issue 20 item 8 in doctor: a log deleted with its
// lock file (so with guard's checkpoint) fails the audit log check, because
// guard's anchor outside guard's directory says records existed; an anchor
// guard cannot write fails its own check.
func TestAuditAnchor(t *testing.T) {
	o := env(t)
	path := filepath.Join(o.GuardDir, "audit.log")
	anchor := audit.AnchorFile(home.StateDirFor(o.Home), path)
	if c := find(t, Run(o), "audit anchor"); !c.OK || !strings.Contains(c.Detail, "none yet") {
		t.Errorf("no log yet: %+v", c)
	}
	for i := range 20 {
		rec := event.Record{TS: fmt.Sprintf("2026-01-02T03:04:%02d.000Z", i), Hook: "Stop", Verdict: "allow", User: "ada",
			Host: "box", PolicyVersion: "1.0.0", Agent: "a", Event: "Stop", InputHash: strings.Repeat("ab", 32)}
		if err := audit.AppendWith(path, &rec, audit.AppendOptions{AnchorFile: anchor}); err != nil {
			t.Fatal(err)
		}
	}
	r := Run(o)
	if c := find(t, r, "audit anchor"); !c.OK || !strings.Contains(c.Detail, "the log holds it, at entry") {
		t.Errorf("anchored log: %+v", c)
	}
	if r.Failed() != 1 || find(t, r, "agents").OK {
		t.Fatalf("anchored log: %+v", r.Checks)
	}
	for _, p := range []string{path, path + audit.LockSuffix} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	c := find(t, Run(o), "audit log")
	if c.OK || !strings.Contains(c.Detail, "the audit log is missing: guard's anchor says it held ") ||
		!strings.Contains(c.Hint, "reset-checkpoint") || !strings.Contains(c.Hint, filepath.Base(anchor)) {
		t.Errorf("log and lock deleted: %+v", c)
	}
	if c := find(t, Run(o), "audit anchor"); !c.OK || strings.Contains(c.Detail, "none yet") || !strings.Contains(c.Detail, "does not hold it") {
		t.Errorf("anchor of a lost log: %+v", c)
	}
	// A directory where the anchor goes: the hook cannot keep it.
	if err := os.Remove(anchor); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(anchor, 0o700); err != nil {
		t.Fatal(err)
	}
	c = find(t, Run(o), "audit anchor")
	if c.OK || !strings.Contains(c.Detail, "not a regular file") || c.Hint == "" {
		t.Errorf("directory in the anchor's place: %+v", c)
	}
}

// TestOtherProgram: a settings file whose hooks run some other program
// says that program is not this guard, rather than calling the hooks
// missing; its arguments (which can hold a token) are not shown.
func TestOtherProgram(t *testing.T) {
	group := func(cmd string) string {
		return fmt.Sprintf(`[{"matcher": "*", "hooks": [{"type": "command", "command": %q}]}]`, cmd)
	}
	other := "/usr/local/bin/otherguard --token ghp_NOTSHOWN"
	for _, tc := range []struct {
		name   string
		hooks  map[string]string
		want   []string
		absent []string
	}{
		{"every hook", map[string]string{"UserPromptSubmit": other, "PreToolUse": other, "PostToolUse": other, "Stop": other},
			[]string{"guard runs at 0 of 4 hooks", "UserPromptSubmit, PreToolUse, PostToolUse, Stop run /usr/local/bin/otherguard, which is not this guard ("},
			[]string{"missing", "ghp_NOTSHOWN"}},
		{"some hooks", map[string]string{"PreToolUse": other, "Stop": `"$HOME/bin/hook" --x`},
			[]string{"PreToolUse, Stop run $…/bin/hook, /usr/local/bin/otherguard, which is not this guard", "; missing: UserPromptSubmit, PostToolUse"},
			[]string{"ghp_NOTSHOWN"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := env(t)
			var parts []string
			for h, cmd := range tc.hooks {
				parts = append(parts, fmt.Sprintf("%q: %s", h, group(cmd)))
			}
			settings := filepath.Join(o.Home, ".agent_a", "settings.json")
			if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(settings, []byte(`{"hooks": {`+strings.Join(parts, ", ")+`}}`), 0o644); err != nil {
				t.Fatal(err)
			}
			c := find(t, Run(o), "agent A hooks")
			if c.OK || !strings.Contains(c.Hint, "guard init --agent-a") {
				t.Errorf("%+v", c)
			}
			for _, w := range tc.want {
				if !strings.Contains(c.Detail, w) {
					t.Errorf("detail lacks %q: %s", w, c.Detail)
				}
			}
			for _, a := range tc.absent {
				if strings.Contains(c.Detail+c.Hint, a) {
					t.Errorf("detail holds %q: %s", a, c.Detail)
				}
			}
		})
	}
}
