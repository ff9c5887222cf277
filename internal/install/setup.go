package install

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
	// LookPath finds a program on PATH; nil means exec.LookPath. Setup
	// warns when a portable file's guard is not this one.
	LookPath func(string) (string, error)
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
	State string `json:"state"`
	// Scope is user (the user's own file, which names this machine's
	// guard by its path) or project (committed with the project: it names
	// guard, found on PATH, so it works on a teammate's machine).
	Scope string `json:"scope"`
	// Command is what guard's entries run; "" with Remove.
	Command string       `json:"command"`
	Hooks   []HookReport `json:"hooks"`
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
		Agent:     o.Agent,
		Self:      o.Self,
		Remove:    o.Remove,
		DryRun:    o.DryRun,
		LockDir:   filepath.Join(o.GuardDir, "locks"),
		BackupDir: filepath.Join(o.GuardDir, BackupDirName),
		Now:       o.Now,
	}
	targets := setupTargets(o)
	results, err := ApplyAll(targets, opts)
	if err != nil {
		return rep, err
	}
	portable := false
	for i, res := range results {
		f := fileReport(res)
		f.Scope = "user"
		if targets[i].Portable {
			f.Scope, portable = "project", true
		}
		if o.Remove {
			f.Command = ""
		}
		rep.Files = append(rep.Files, f)
	}
	if o.Remove {
		return rep, nil
	}
	if o.Settings == "" {
		for _, w := range Switched(o.Agent, o.Home, o.Project) {
			rep.Warnings = append(rep.Warnings, w+": no hook runs there, guard's included; remove that setting")
		}
	}
	if portable {
		if w := pathWarning(o); w != "" {
			rep.Warnings = append(rep.Warnings, w)
		}
	}
	for _, f := range rep.Files {
		if old, _ := filepath.Glob(f.Target + BackupInfix + "*"); len(old) > 0 && !o.DryRun {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%d backup(s) of %s made by an older guard lie beside it (%s…); guard now keeps backups in %s: delete them once you no longer need them (a project's may be committed by mistake)",
				len(old), f.Path, filepath.Base(old[0]), opts.BackupDir))
		}
	}
	rep.Policy, err = setupPolicy(o)
	return rep, err
}

// BackupDirName is the directory in guard's own directory that holds the
// backups init makes of the settings files it changes.
const BackupDirName = "backups"

// pathWarning says when the guard a portable file runs (the one on PATH)
// is not this guard: missing, the hooks fail (agent B's, fail-closed,
// block every action); another binary, they run that one.
func pathWarning(o SetupOptions) string {
	look := o.LookPath
	if look == nil {
		look = exec.LookPath
	}
	name := PortableCommand
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	found, err := look(name)
	if err != nil {
		return "the project's hook file runs '" + PortableCommand + "' from PATH, and PATH has none: its hooks fail until guard is on PATH " +
			"(" + o.Self + " is not; the installers put guard on PATH)"
	}
	fi, err1 := os.Stat(found)
	self, err2 := os.Stat(o.Self)
	if err1 != nil || err2 != nil || !os.SameFile(fi, self) {
		return "the project's hook file runs '" + PortableCommand + "' from PATH, which is " + found + ", not this guard (" + o.Self + ")"
	}
	return ""
}

// setupTargets are the files Setup edits: --settings, or the agent's
// usual ones. A project's <project>/.agent_x/file comes with a cloned
// repository, which can ship a symlink there: it may not lead out of the
// project. The user's own files (dotfiles managers link them anywhere) are
// followed wherever they lead.
func setupTargets(o SetupOptions) []Target {
	if o.Settings != "" {
		return []Target{{Path: o.Settings, Portable: inProject(o.Settings, o.Home, o.Project)}}
	}
	var out []Target
	for _, t := range Targets(o.Agent, o.Home, o.Project) {
		tg := Target{Path: t}
		if base := filepath.Dir(filepath.Dir(t)); filepath.Clean(base) != filepath.Clean(o.Home) {
			tg.Within, tg.Portable = base, true
		}
		out = append(out, tg)
	}
	return out
}

// inProject reports whether a file named with --settings is a project's:
// inside the current directory, which is not the home directory (where
// the user's own files are), and not in the home directory when that is
// inside the current one (init run from / or /home).
func inProject(path, home, project string) bool {
	abs, err := filepath.Abs(path)
	if err != nil || project == "" || filepath.Clean(project) == filepath.Clean(home) {
		return false
	}
	if home != "" && within(home, abs) && !within(home, project) {
		return false
	}
	return within(project, abs)
}

// within reports whether path is dir or below it (both absolute).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// fileReport is one Result as reported.
func fileReport(res *Result) FileReport {
	f := FileReport{Path: res.Path, Target: res.Target, State: "unchanged", Command: res.Command, Hooks: []HookReport{},
		Backup: res.Backup, Diff: res.Diff}
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
