package installers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallAgentChoice checks which agents a dry run would hook: --agent
// (or GUARD_AGENTS), else every agent whose settings directory exists (the
// user's ~/.agent_a and ~/.agent_b, the project's ./.agent_b and ./.agent_c),
// else agent A.
func TestInstallAgentChoice(t *testing.T) {
	unixOnly(t)
	url, _ := serve(t, fakeRelease(t, "1.0.0"))
	for _, tc := range []struct {
		name     string
		home     []string // directories made under HOME
		project  []string // directories made in the working directory
		args     []string
		env      []string
		want     []string // agents hooked, in order
		why      string
		failWith string
	}{
		{name: "nothing found: agent A", want: []string{"a"}, why: "(no agent's settings directory was found, so agent A, the default; --agent chooses others)"},
		{name: "~/.agent_b", home: []string{".agent_b"}, want: []string{"b"}, why: "(their settings directories exist; --agent chooses others)"},
		{name: "~/.agent_a and ./.agent_c", home: []string{".agent_a"}, project: []string{".agent_c"}, want: []string{"a", "c"}},
		{name: "./.agent_b", project: []string{".agent_b"}, want: []string{"b"}},
		{name: "all three", home: []string{".agent_a", ".agent_b"}, project: []string{".agent_c"}, want: []string{"a", "b", "c"}},
		{name: "a file is not a settings directory", home: []string{"file:.agent_a"}, want: []string{"a"}, why: "the default"},
		{name: "--agent over what exists", home: []string{".agent_a"}, args: []string{"--agent", "c,b"}, want: []string{"b", "c"}},
		{name: "--agent=, any case, repeated", args: []string{"--agent=B,b, a"}, want: []string{"a", "b"}},
		{name: "GUARD_AGENTS", env: []string{"GUARD_AGENTS=c"}, want: []string{"c"}},
		{name: "--agent over GUARD_AGENTS", env: []string{"GUARD_AGENTS=c"}, args: []string{"--agent", "a"}, want: []string{"a"}},
		{name: "--no-init", home: []string{".agent_a"}, args: []string{"--no-init"}, want: nil},
		{name: "unknown agent", args: []string{"--agent", "a,d"}, failWith: "unknown agent: d (--agent takes a list of a, b and c"},
		{name: "no agent named", args: []string{"--agent", ","}, failWith: "--agent names no agent (use --no-init to hook none)"},
		{name: "--agent without a list", args: []string{"--agent"}, failWith: "--agent needs a list of agents"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSandbox(t)
			s.dir = t.TempDir()
			for _, d := range tc.home {
				if f, ok := strings.CutPrefix(d, "file:"); ok {
					mustWrite(t, filepath.Join(s.home, f), "", 0o644)
					continue
				}
				if err := os.MkdirAll(filepath.Join(s.home, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, d := range tc.project {
				if err := os.MkdirAll(filepath.Join(s.dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			s.env = append([]string{"GUARD_BASE_URL=" + url}, tc.env...)
			out, err := s.run(t, "install.sh", false, append([]string{"--dry-run", "-b", s.prefix}, tc.args...)...)
			if tc.failWith != "" {
				if err == nil || !strings.Contains(out, tc.failWith) {
					t.Errorf("want a failure saying %q, got %v:\n%s", tc.failWith, err, out)
				}
				return
			}
			if err != nil {
				t.Fatalf("dry run: %v\n%s", err, out)
			}
			var got []string
			for _, l := range strings.Split(out, "\n") {
				if _, a, ok := strings.Cut(l, "would run "+s.prefix+"/guard init --agent-"); ok {
					got = append(got, a)
				}
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("hooks %v, want %v:\n%s", got, tc.want, out)
			}
			if tc.why != "" && !strings.Contains(out, tc.why) {
				t.Errorf("output does not say why (%q):\n%s", tc.why, out)
			}
		})
	}
}

// TestInstallHooksEachAgent installs for real with --agent a,c: guard init
// runs once per agent, agent C's in the current directory, and the output
// says where agent C's hooks went.
func TestInstallHooksEachAgent(t *testing.T) {
	unixOnly(t)
	url, _ := serve(t, fakeRelease(t, "1.0.0"))
	s := newSandbox(t)
	s.dir = t.TempDir()
	s.env = []string{"GUARD_BASE_URL=" + url}
	out, err := s.run(t, "install.sh", false, "-b", s.prefix, "--agent", "c,a")
	if err != nil {
		t.Fatalf("install: %v\n%s", err, out)
	}
	calls, _ := os.ReadFile(filepath.Join(s.home, "guard-calls"))
	if !strings.Contains(string(calls), "init --agent-a\ninit --agent-c\n") {
		t.Errorf("guard init calls:\n%s", calls)
	}
	for _, want := range []string{
		"agents: agent A, agent C\n",
		"hooking guard into agent C: " + s.prefix + "/guard init --agent-c\n",
		"this writes " + s.dir + "/.agent_c/settings.json",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
