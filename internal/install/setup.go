package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// SetupOptions say what Setup does: `guard init` for one agent.
type SetupOptions struct {
	Agent Agent
	// Settings, when set, is the one settings file to edit instead of the
	// agent's usual ones (Targets).
	Settings string
	// Remove takes guard's entries out; DryRun writes nothing.
	Remove, DryRun bool
	// Self is the running guard binary (SelfPath).
	Self string
	// Home is the user's home directory, Project the current directory.
	Home, Project string
	// GuardDir is guard's directory: locks, backups and the policy go
	// there. Setup does not create it; the caller does unless DryRun.
	GuardDir string
	// PolicyName and Policy: the default policy written into GuardDir
	// unless a file of that name is there (not with Remove).
	PolicyName string
	Policy     []byte
	// Now stamps backups; nil means time.Now.
	Now func() time.Time
}

// Report is what Setup did (or, with DryRun, would do). Its JSON form is
// `guard init --json`.
type Report struct {
	Agent  string       `json:"agent"` // "a", "b" or "c"
	DryRun bool         `json:"dry_run"`
	Remove bool         `json:"remove"`
	Files  []FileReport `json:"files"`
	// Policy is what became of the policy file; nil with Remove.
	Policy *PolicyReport `json:"policy"`
	// Warnings are things the user should fix that did not stop Setup:
	// a setting that switches every hook off.
	Warnings []string `json:"warnings"`
}

// FileReport is one settings file in a Report.
type FileReport struct {
	Path   string `json:"path"`   // as named
	Target string `json:"target"` // with symlinks resolved
	// State is created, updated or unchanged (what would happen, with
	// DryRun).
	State string       `json:"state"`
	Hooks []HookReport `json:"hooks"`
	// Backup is the copy of the previous content, "" when none was made.
	Backup string `json:"backup"`
	// Diff is, with DryRun, the change as a unified diff (string values and
	// comments of the file redacted).
	Diff string `json:"diff,omitempty"`
}

// HookReport is one hook of one file in a Report.
type HookReport struct {
	Hook   string `json:"hook"`
	Action Action `json:"action"`
	Count  int    `json:"count"`
	// Left and Also name entries by JSON path (see HookChange).
	Left []string `json:"left"`
	Also []string `json:"also"`
}

// PolicyReport is the policy file in a Report.
type PolicyReport struct {
	Path string `json:"path"`
	// State is created or kept (would be created, with DryRun).
	State string `json:"state"`
}

// Setup installs (or with Remove takes out) guard's hooks for one agent:
// every target file all or nothing (ApplyAll), then the default policy.
// The error, when not nil, is all Setup did not do; a *FileError among
// its causes is a file guard would not edit.
func Setup(o SetupOptions) (*Report, error) {
	rep := &Report{Agent: o.Agent.Letter(), DryRun: o.DryRun, Remove: o.Remove,
		Files: []FileReport{}, Warnings: []string{}}
	opts := Options{
		Agent:   o.Agent,
		Self:    o.Self,
		Remove:  o.Remove,
		DryRun:  o.DryRun,
		LockDir: filepath.Join(o.GuardDir, "locks"),
		Now:     o.Now,
	}
	results, err := ApplyAll(setupTargets(o), opts)
	if err != nil {
		return rep, err
	}
	for _, res := range results {
		rep.Files = append(rep.Files, fileReport(res))
	}
	if o.Remove {
		return rep, nil
	}
	if o.Settings == "" {
		for _, w := range Switched(o.Agent, o.Home, o.Project) {
			rep.Warnings = append(rep.Warnings, w+": no hook runs there, guard's included; remove that setting")
		}
	}
	rep.Policy, err = setupPolicy(o)
	return rep, err
}

// setupTargets are the files Setup edits: --settings, or the agent's
// usual ones. A project's <project>/.agent_x/file comes with a cloned
// repository, which can ship a symlink there: it may not lead out of the
// project. The user's own files (dotfiles managers link them anywhere) are
// followed wherever they lead.
func setupTargets(o SetupOptions) []Target {
	if o.Settings != "" {
		return []Target{{Path: o.Settings}}
	}
	var out []Target
	for _, t := range Targets(o.Agent, o.Home, o.Project) {
		tg := Target{Path: t}
		if base := filepath.Dir(filepath.Dir(t)); filepath.Clean(base) != filepath.Clean(o.Home) {
			tg.Within = base
		}
		out = append(out, tg)
	}
	return out
}

// fileReport is one Result as reported.
func fileReport(res *Result) FileReport {
	f := FileReport{Path: res.Path, Target: res.Target, State: "unchanged", Hooks: []HookReport{}, Backup: res.Backup, Diff: res.Diff}
	switch {
	case res.Changed && !res.Existed:
		f.State = "created"
	case res.Changed:
		f.State = "updated"
	}
	for _, h := range res.Hooks {
		f.Hooks = append(f.Hooks, HookReport{Hook: h.Hook, Action: h.Action, Count: h.Count,
			Left: orEmpty(h.Left), Also: orEmpty(h.Also)})
	}
	return f
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// setupPolicy writes the default policy into guard's directory unless a
// file is there; with DryRun it only says what it would do.
func setupPolicy(o SetupOptions) (*PolicyReport, error) {
	path := filepath.Join(o.GuardDir, o.PolicyName)
	if o.DryRun {
		if _, err := os.Lstat(path); err == nil {
			return &PolicyReport{Path: path, State: "kept"}, nil
		}
		return &PolicyReport{Path: path, State: "created"}, nil
	}
	if o.Policy == nil {
		return nil, errors.New("no default policy to write")
	}
	path, created, err := WritePolicy(o.GuardDir, o.PolicyName, o.Policy)
	if err != nil {
		return nil, err
	}
	if created {
		return &PolicyReport{Path: path, State: "created"}, nil
	}
	return &PolicyReport{Path: path, State: "kept"}, nil
}

// Letter returns the agent's letter as init's flags spell it: "a", "b" or
// "c".
func (a Agent) Letter() string {
	return strings.ToLower(strings.TrimPrefix(a.String(), "agent "))
}
