package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/install"
	"github.com/guardhq/guard/internal/policy"
)

type initOptions struct {
	agentA, agentB, agentC bool
	settings               string
	remove, dryRun         bool
}

func newInitCommand(s *streams) *cobra.Command {
	opts := initOptions{}
	cmd := &cobra.Command{
		Use:   "init (--agent-a | --agent-b | --agent-c) [--settings FILE] [--remove] [--dry-run]",
		Short: "Install guard's hooks into an agent's settings and create ~/.guard",
		Long: `Install guard's hooks into an agent's settings file, and create ~/.guard with
the default policy (rules.json) unless one is there.

  --agent-a  ~/.agent_a/settings.json: UserPromptSubmit, PreToolUse, PostToolUse, Stop
  --agent-b  .agent_b/hooks.json in this directory and ~/.agent_b/hooks.json: the 10 hooks
  --agent-c  .agent_c/settings.json in this directory: BeforeTool, AfterTool,
             BeforeAgent, AfterAgent, and the spec's before_tool, after_tool

Every other key, entry, comment and the file's layout stay as they are;
running init again changes nothing. Every file is checked before any is
written: all change or none. --remove takes out exactly guard's entries
and names any that run guard among other commands, which it leaves.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runInit(s, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.agentA, "agent-a", false, "install for agent A")
	f.BoolVar(&opts.agentB, "agent-b", false, "install for agent B")
	f.BoolVar(&opts.agentC, "agent-c", false, "install for agent C")
	f.StringVar(&opts.settings, "settings", "", "edit the settings `FILE` instead of the agent's usual one(s)")
	f.BoolVar(&opts.remove, "remove", false, "take guard's entries out instead of writing them")
	f.BoolVar(&opts.dryRun, "dry-run", false, "print the diff that would be applied and write nothing")
	return cmd
}

func (o initOptions) agent() (install.Agent, error) {
	var picked []install.Agent
	for _, a := range []struct {
		on bool
		a  install.Agent
	}{{o.agentA, install.AgentA}, {o.agentB, install.AgentB}, {o.agentC, install.AgentC}} {
		if a.on {
			picked = append(picked, a.a)
		}
	}
	hint := "pass exactly one of --agent-a, --agent-b, --agent-c, e.g. 'guard init --agent-a'"
	switch len(picked) {
	case 0:
		return 0, withHint(errors.New("init: no agent chosen"), hint)
	case 1:
		return picked[0], nil
	}
	return 0, withHint(errors.New("init: more than one agent chosen"), hint)
}

func runInit(s *streams, o initOptions) error {
	agent, err := o.agent()
	if err != nil {
		return err
	}
	self, err := install.SelfPath()
	if err != nil {
		return err
	}
	targets := []string{o.settings}
	within := map[string]string{} // the directory each usual file must stay in
	var userHome, cwd string
	if o.settings == "" {
		if userHome, err = home.UserHome(); err != nil {
			return err
		}
		if cwd, err = os.Getwd(); err != nil {
			return fmt.Errorf("current directory: %w", err)
		}
		targets = install.Targets(agent, userHome, cwd)
		for _, t := range targets {
			// A project's <project>/.agent_x/file comes with a cloned
			// repository, which can ship a symlink there: it may not lead
			// out of the project. The user's own files (dotfiles managers
			// link them anywhere) are followed wherever they lead.
			if base := filepath.Dir(filepath.Dir(t)); filepath.Clean(base) != filepath.Clean(userHome) {
				within[t] = base
			}
		}
	}
	guardDir, err := home.Dir()
	if err != nil {
		return err
	}
	if !o.dryRun {
		if guardDir, err = home.Ensure(); err != nil {
			return err
		}
	}
	opts := install.Options{
		Agent:   agent,
		Self:    self,
		Remove:  o.remove,
		DryRun:  o.dryRun,
		LockDir: filepath.Join(guardDir, "locks"),
	}
	var errs []error
	list := make([]install.Target, len(targets))
	for i, t := range targets {
		list[i] = install.Target{Path: t, Within: within[t]}
	}
	results, err := install.ApplyAll(list, opts)
	if err != nil {
		errs = append(errs, err)
	}
	for _, res := range results {
		printResult(s.out, agent, res, o)
	}
	if err == nil && !o.remove && o.settings == "" {
		for _, w := range install.Switched(agent, userHome, cwd) {
			fmt.Fprintf(s.err, "guard: warning: %s: no hook runs there, guard's included; remove that setting\n", w)
		}
	}
	if !o.remove && err == nil {
		if err := initPolicy(s.out, guardDir, o.dryRun); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		err := errors.Join(errs...)
		var fe *install.FileError
		if errors.As(err, &fe) {
			if len(targets) > 1 {
				return withHint(err, "guard wrote none of the files; fix that one by hand, or point --settings at another file")
			}
			return withHint(err, "guard left that file as it was; fix it by hand, or point --settings at another file")
		}
		return err
	}
	switch {
	case o.dryRun:
		fmt.Fprintln(s.out, "dry run: nothing was written")
	case o.remove:
		fmt.Fprintf(s.out, "guard's hooks are out; %s (policy and audit log) is left as it is\n", guardDir)
	default:
		fmt.Fprintf(s.out, "\nnext steps:\n")
		fmt.Fprintf(s.out, "  guard test command \"rm -rf /\"   see a dangerous command blocked\n")
		fmt.Fprintf(s.out, "  guard serve                     open the console at http://localhost:7070\n")
	}
	return nil
}

// printResult says what happened to one settings file: created, updated or
// unchanged, where it really lives, each hook's fate and the backup.
func printResult(w io.Writer, agent install.Agent, res *install.Result, o initOptions) {
	verb := "unchanged"
	switch {
	case res.Changed && !res.Existed:
		verb = "created"
	case res.Changed:
		verb = "updated"
	}
	if o.dryRun && res.Changed {
		verb = "would be " + verb
	}
	name := res.Path
	if abs, err := filepath.Abs(res.Path); err == nil && abs != res.Target {
		name += " -> " + res.Target
	}
	fmt.Fprintf(w, "%s: %s %s\n", agent, verb, name)
	width := len("backup")
	for _, h := range res.Hooks {
		width = max(width, len(h.Hook))
	}
	for _, h := range res.Hooks {
		line := string(h.Action)
		if h.Count > 1 {
			line += fmt.Sprintf(" (%d entries of guard's)", h.Count)
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, h.Hook, line)
		for _, l := range h.Left {
			fmt.Fprintf(w, "  %-*s  left %s: it runs guard after another command; edit it by hand\n", width, "", l)
		}
		for _, a := range h.Also {
			fmt.Fprintf(w, "  %-*s  %s also ran other commands after guard; they went with guard's entry (the backup holds them)\n", width, "", a)
		}
	}
	if res.Backup != "" {
		fmt.Fprintf(w, "  %-*s  %s\n", width, "backup", res.Backup)
	}
	if res.Diff != "" {
		fmt.Fprint(w, res.Diff)
	}
}

// initPolicy writes the default policy into guard's directory unless a
// rules.json is there.
func initPolicy(w io.Writer, dir string, dryRun bool) error {
	path := filepath.Join(dir, home.PolicyName)
	if dryRun {
		if _, err := os.Lstat(path); err == nil {
			fmt.Fprintf(w, "policy: kept %s (never overwritten)\n", path)
		} else {
			fmt.Fprintf(w, "policy: would create %s (the default policy)\n", path)
		}
		return nil
	}
	path, created, err := install.WritePolicy(dir, home.PolicyName, policy.DefaultJSON())
	if err != nil {
		return err
	}
	if created {
		fmt.Fprintf(w, "policy: created %s (the default policy, every field)\n", path)
	} else {
		fmt.Fprintf(w, "policy: kept %s (never overwritten)\n", strings.TrimSpace(path))
	}
	return nil
}
