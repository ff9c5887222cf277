package sandbox

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree makes a home directory for Build: dirs end in /, files hold "x",
// "a->b" is a symbolic link a to b.
func tree(t *testing.T, paths ...string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if from, to, ok := strings.Cut(p, "->"); ok {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(root, from)), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(root, to), filepath.Join(root, from)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		full := filepath.Join(root, p)
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o700); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// entry finds the plan's entry for path p.
func entry(p *Plan, path string) (Entry, bool) {
	for _, e := range p.Entries {
		if e.Path == path {
			return e, true
		}
	}
	return Entry{}, false
}

func hookOnly(p *Plan, what string) (HookOnly, bool) {
	for _, h := range p.HookOnly {
		if strings.HasPrefix(h.What, what) {
			return h, true
		}
	}
	return HookOnly{}, false
}

func TestBuild(t *testing.T) {
	h := tree(t,
		".ssh/id_rsa", ".ssh/config", ".bashrc", ".aws/credentials", ".azure/msal_token_cache.json",
		"proj/main.go", ".guard/rules.json", "dotfiles/fish/config.fish", ".config/fish->dotfiles/fish",
		".agent_a/settings.json", ".agent_a/state/", ".local/state/guard/", ".vim/sub/f")
	in := Input{
		Home: h, Project: filepath.Join(h, "proj"), GuardDir: filepath.Join(h, ".guard"),
		StateDir:  filepath.Join(h, ".local/state/guard"),
		HookFiles: []string{filepath.Join(h, ".agent_a/settings.json"), filepath.Join(h, "proj/.agent_c/settings.json"), filepath.Join(h, ".vim/sub/f")},
		BlockRead: []string{"~/.ssh/**", "~/.gnupg/**", "**/.env", "$HOME/.aws/credentials", "~/**", "~/.azure/msal_token_cache.*", "/srv/**/x", "/**"},
		AllowRead: []string{"~/.ssh/config", "~/.ssh/*.pub"},
		BlockWrite: []string{"~/.bashrc", "~/.profile", "~/.ssh/**", "~/.config/fish/**", "~/proj/**/.git/config",
			"~/.guard/**", "${HOME}/proj/..", "~/.vim/**"},
	}
	p := Build(in)
	type want struct {
		path   string
		kind   Kind
		dir    bool
		exists bool
	}
	for _, w := range []want{
		{h + "/.ssh", Hide, true, true},
		{h + "/.aws/credentials", Hide, false, true},
		{h + "/.azure/msal_token_cache.json", Hide, false, true},
		{h + "/.ssh/config", Reveal, false, true},
		{h + "/.bashrc", ReadOnly, false, true},
		{h + "/.profile", ReadOnly, false, false},
		{h + "/.gnupg", Hide, true, false},
		{h + "/dotfiles/fish", ReadOnly, true, true},
		{h + "/.guard", ReadOnly, true, true},
		{h + "/.local/state/guard", ReadOnly, true, true},
		{h + "/.agent_a/settings.json", ReadOnly, false, true},
		{h + "/proj/.agent_c/settings.json", ReadOnly, false, false},
	} {
		e, ok := entry(p, w.path)
		if !ok {
			t.Errorf("no entry for %s", w.path)
			continue
		}
		if e.Kind != w.kind || e.Dir != w.dir || e.Exists != w.exists {
			t.Errorf("%s: got %v dir=%v exists=%v, want %v dir=%v exists=%v", w.path, e.Kind, e.Dir, e.Exists, w.kind, w.dir, w.exists)
		}
	}
	// Pinned (cannot be renamed): the directories that hold a rule's path,
	// where the parent is writable (the temporary directory's is).
	for _, pin := range []string{h, h + "/.agent_a", h + "/.local/state", h + "/.local", h + "/dotfiles", h + "/.aws"} {
		if e, ok := entry(p, pin); !ok || e.Kind != Pin {
			t.Errorf("%s: %+v, want a pin", pin, e)
		}
	}
	// Never: the project, a read-only ~/.ssh that would bring the hidden
	// one back, the agent's own state, the symbolic link.
	for _, not := range []string{h + "/proj", h + "/.agent_a/state", h + "/.config/fish", h + "/.config", h + "/.vim/sub"} {
		if e, ok := entry(p, not); ok {
			t.Errorf("unexpected entry %+v", e)
		}
	}
	for _, e := range p.Entries {
		if e.Path == h+"/.ssh" && e.Kind != Hide {
			t.Errorf("~/.ssh also %v: it would be visible again", e.Kind)
		}
	}
	for what, why := range map[string]string{
		"block_read **/.env":                     "any directory",
		"block_read ~/**":                        "stop the agent's work",
		"block_read /**":                         "stop the agent's work",
		"block_write ${HOME}/proj/..":            "stop the agent's work",
		"block_read /srv/**/x":                   "many directories",
		"block_write ~/proj/**/.git/config":      "many directories",
		"block_read ~/.gnupg/**":                 "did not exist at the start",
		"block_read ~/.azure/msal_token_cache.*": "after the start",
		"allow_read ~/.ssh/*.pub":                "hidden directory",
		"bash.block_patterns":                    "command text",
	} {
		if h, ok := hookOnly(p, what); !ok || !strings.Contains(h.Why, why) {
			t.Errorf("hook-only %q: got %+v, want a reason with %q", what, h, why)
		}
	}
	if e, _ := entry(p, h+"/dotfiles/fish"); !strings.Contains(e.Source, "symbolic link") {
		t.Errorf("symlinked rule: source %q does not say the link is the hooks'", e.Source)
	}
	// Parents before children: the reveal lands on the hidden directory.
	i := slices.IndexFunc(p.Entries, func(e Entry) bool { return e.Path == h+"/.ssh" })
	j := slices.IndexFunc(p.Entries, func(e Entry) bool { return e.Path == h+"/.ssh/config" })
	if i < 0 || j < i {
		t.Errorf("~/.ssh at %d, ~/.ssh/config at %d: the parent must come first", i, j)
	}
	if len(p.Problems) != 0 {
		t.Errorf("problems: %q", p.Problems)
	}
}

func TestBuildHardLinks(t *testing.T) {
	h := tree(t, ".guard/rules.json", ".guard/audit.log", ".ssh/id_rsa", "proj/", ".bashrc")
	for _, l := range [][2]string{{".guard/audit.log", "proj/log"}, {".ssh/id_rsa", "key"}, {".bashrc", "rc"}} {
		if err := os.Link(filepath.Join(h, l[0]), filepath.Join(h, l[1])); err != nil {
			t.Skipf("hard links: %v", err)
		}
	}
	p := Build(Input{Home: h, Project: h + "/proj", GuardDir: h + "/.guard",
		BlockRead: []string{"~/.ssh/**"}, BlockWrite: []string{"~/.bashrc"}})
	for _, f := range []string{".guard/audit.log", ".ssh/id_rsa", ".bashrc"} {
		if !slices.ContainsFunc(p.Problems, func(s string) bool { return strings.HasPrefix(s, filepath.Join(h, f)+" ") }) {
			t.Errorf("no problem for the hard-linked %s: %q", f, p.Problems)
		}
	}
	if slices.ContainsFunc(p.Problems, func(s string) bool { return strings.Contains(s, "rules.json") }) {
		t.Errorf("rules.json has one name: %q", p.Problems)
	}
}

func TestBuildControlCharacters(t *testing.T) {
	h := tree(t, "a\nb/", "proj/")
	p := Build(Input{Home: h, Project: h + "/proj", BlockRead: []string{"~/a\nb/**"}})
	if len(p.Problems) != 1 || !strings.Contains(p.Problems[0], "control characters") {
		t.Errorf("problems %q", p.Problems)
	}
}

// A second name of a file the user may not write is no way in: the
// permission is the file's (a package manager's store links identical
// files).
func TestBuildHardLinkUnwritable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may write any file: the permission check passes")
	}
	h := tree(t, "bin/guard", "proj/")
	exe := filepath.Join(h, "bin/guard")
	if err := os.Link(exe, filepath.Join(h, "store-copy")); err != nil {
		t.Skipf("hard links: %v", err)
	}
	if err := os.Chmod(exe, 0o555); err != nil {
		t.Fatal(err)
	}
	if p := Build(Input{Home: h, Project: h + "/proj", Exe: exe}); len(p.Problems) != 0 {
		t.Errorf("problems %q", p.Problems)
	}
	if err := os.Chmod(exe, 0o755); err != nil {
		t.Fatal(err)
	}
	if p := Build(Input{Home: h, Project: h + "/proj", Exe: exe}); len(p.Problems) != 1 {
		t.Errorf("writable, two names: problems %q", p.Problems)
	}
}

// A block_read rule over guard's own directory or program is held
// read-only, not hidden: the hooks inside read the policy and run guard.
func TestBuildHooksNeed(t *testing.T) {
	h := tree(t, ".guard/rules.json", "bin/guard", ".ssh/id_rsa", "proj/")
	p := Build(Input{Home: h, Project: h + "/proj", GuardDir: h + "/.guard", Exe: h + "/bin/guard",
		BlockRead: []string{"~/.guard/**", "~/bin/**", "~/.ssh/**"}})
	for path, kind := range map[string]Kind{h + "/.guard": ReadOnly, h + "/bin": ReadOnly, h + "/.ssh": Hide} {
		found := false
		for _, e := range p.Entries {
			if e.Path == path {
				found = true
				if e.Kind != kind {
					t.Errorf("%s: %v, want %v", path, e.Kind, kind)
				}
			}
		}
		if !found {
			t.Errorf("%s: no entry", path)
		}
	}
}

// TestWatch: a protected path that did not exist at the start and exists at
// the end is reported; one that existed is not.
func TestWatch(t *testing.T) {
	h := t.TempDir()
	if err := os.WriteFile(filepath.Join(h, ".bashrc"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p := Build(Input{Home: h, Project: filepath.Join(h, "proj"), BlockWrite: []string{"~/.bashrc", "~/.bash_profile", "~/.config/systemd/user/**"}})
	w := Watch(p)
	if got := w.Changes(); len(got) != 0 {
		t.Fatalf("changes before: %+v", got)
	}
	for _, f := range []string{".bash_profile", ".config/systemd/user/x.service"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(h, f)), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(h, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	got := w.Changes()
	if len(got) != 2 || got[0].Path != filepath.Join(h, ".bash_profile") || got[1].Path != filepath.Join(h, ".config/systemd/user") {
		t.Errorf("changes: %+v", got)
	}
}

// TestBuildOutsideOnly: guard's locks and withheld sockets are hidden,
// git's files held read-only, inside a read-only guard directory.
func TestBuildOutsideOnly(t *testing.T) {
	h := t.TempDir()
	gd := filepath.Join(h, ".guard")
	for _, d := range []string{gd, filepath.Join(h, "proj", ".git", "hooks")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(gd, "audit.log.lock"), filepath.Join(h, "proj", ".git", "config"), filepath.Join(h, "agent.sock")} {
		if err := os.WriteFile(f, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p := Build(Input{Home: h, Project: filepath.Join(h, "proj"), GuardDir: gd,
		Locks:        []string{filepath.Join(gd, "audit.log.lock")},
		Sockets:      []string{filepath.Join(h, "agent.sock")},
		LaterOutside: []string{filepath.Join(h, "proj", ".git", "config"), filepath.Join(h, "proj", ".git", "hooks")}})
	want := map[string]Kind{
		filepath.Join(gd, "audit.log.lock"):        Hide,
		filepath.Join(h, "agent.sock"):             Hide,
		filepath.Join(h, "proj", ".git", "config"): ReadOnly,
		filepath.Join(h, "proj", ".git", "hooks"):  ReadOnly,
		gd: ReadOnly,
	}
	for _, e := range p.Entries {
		if k, ok := want[e.Path]; ok {
			if e.Kind != k || !e.Exists {
				t.Errorf("%s: %v (exists %v), want %v", e.Path, e.Kind, e.Exists, k)
			}
			delete(want, e.Path)
		}
	}
	if len(want) > 0 {
		t.Errorf("not in the plan: %v", want)
	}
	args := strings.Join(BwrapArgs(p, Options{}, []string{"x"}), " ")
	if i, j := strings.Index(args, "--ro-bind "+gd+" "), strings.Index(args, "/dev/null "+filepath.Join(gd, "audit.log.lock")); i < 0 || j < i {
		t.Errorf("the lock is not hidden after guard's directory is bound: %s", args)
	}
}

// TestBuildInProjects: a block_write pattern for any directory is held in
// each project directory where it names something; block_read patterns
// and patterns with ** inside stay with the hooks.
func TestBuildInProjects(t *testing.T) {
	h := t.TempDir()
	proj := filepath.Join(h, "proj")
	for _, f := range []string{".vscode/tasks.json", ".husky/pre-commit", ".husky/_/h", ".env"} {
		p := filepath.Join(proj, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p := Build(Input{Home: h, Project: proj, ProjectDirs: []string{proj},
		HookFiles:  []string{filepath.Join(proj, ".agent_a", "settings.json")},
		BlockRead:  []string{"**/.env"},
		BlockWrite: []string{"**/.vscode/tasks.json", "**/.husky/[a-z]*", "**/.git/**/config", "**/.agent_a/settings.json"}})
	got := map[string]Kind{}
	absent := 0
	for _, e := range p.Entries {
		if e.Kind != Pin {
			got[e.Path] = e.Kind
		}
		if !e.Exists && e.Path == filepath.Join(proj, ".agent_a", "settings.json") {
			absent++
		}
	}
	want := map[string]Kind{
		filepath.Join(proj, ".vscode/tasks.json"):        ReadOnly,
		filepath.Join(proj, ".husky/pre-commit"):         ReadOnly,
		filepath.Join(proj, ".agent_a", "settings.json"): ReadOnly,
	}
	if !maps.Equal(got, want) {
		t.Errorf("entries %v, want %v", got, want)
	}
	if absent != 1 {
		t.Errorf("the absent hook file is named %d times", absent)
	}
}
