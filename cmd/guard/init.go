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
	json                   bool
}

func newInitCommand(s *streams) *cobra.Command {
	opts := initOptions{}
	cmd := &cobra.Command{
		Use:   "init (--agent-a | --agent-b | --agent-c) [--settings FILE] [--remove] [--dry-run] [--json]",
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
	f.BoolVar(&opts.json, "json", false, "print what was done as a JSON object")
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
	so := install.SetupOptions{Agent: agent, Settings: o.settings, Remove: o.remove, DryRun: o.dryRun,
		PolicyName: home.PolicyName, Policy: policy.DefaultJSON()}
	if so.Self, err = install.SelfPath(); err != nil {
		return err
	}
	if so.Home, err = home.UserHome(); err != nil && o.settings == "" {
		return err
	}
	if so.Project, err = os.Getwd(); err != nil && o.settings == "" {
		return fmt.Errorf("current directory: %w", err)
	}
	if so.GuardDir, err = home.Dir(); err != nil {
		return err
	}
	if !o.dryRun {
		if so.GuardDir, err = home.Ensure(); err != nil {
			return err
		}
	}
	rep, err := install.Setup(so)
	for _, w := range rep.Warnings {
		fmt.Fprintf(s.err, "guard: warning: %s\n", w)
	}
	if err != nil {
		var fe *install.FileError
		switch {
		case !errors.As(err, &fe):
			return err
		case o.settings == "" && len(install.Targets(agent, so.Home, so.Project)) > 1:
			return withHint(err, "guard wrote none of the files; fix that one by hand, or point --settings at another file")
		}
		return withHint(err, "guard left that file as it was; fix it by hand, or point --settings at another file")
	}
	if o.json {
		return writeJSON(s.out, rep)
	}
	printInit(s.out, rep, so.GuardDir)
	return nil
}

// printInit is init's text report: each file, the policy, what next.
func printInit(w io.Writer, rep *install.Report, guardDir string) {
	for _, f := range rep.Files {
		printResult(w, rep, f)
	}
	if p := rep.Policy; p != nil {
		switch {
		case rep.DryRun && p.State == "kept":
			fmt.Fprintf(w, "policy: kept %s (never overwritten)\n", p.Path)
		case rep.DryRun:
			fmt.Fprintf(w, "policy: would create %s (the default policy)\n", p.Path)
		case p.State == "created":
			fmt.Fprintf(w, "policy: created %s (the default policy, every field)\n", p.Path)
		default:
			fmt.Fprintf(w, "policy: kept %s (never overwritten)\n", p.Path)
		}
	}
	switch {
	case rep.DryRun:
		fmt.Fprintln(w, "dry run: nothing was written")
	case rep.Remove:
		fmt.Fprintf(w, "guard's hooks are out; %s (policy and audit log) is left as it is\n", guardDir)
	default:
		fmt.Fprintf(w, "\nnext steps:\n")
		fmt.Fprintf(w, "  guard test command \"rm -rf /\"   see a dangerous command blocked\n")
		fmt.Fprintf(w, "  guard serve                     open the console at http://localhost:7070\n")
		a := strings.ToUpper(rep.Agent)
		fmt.Fprintf(w, "  %-32sstart agent %s inside an OS sandbox made from the policy (guard run --explain shows it)\n", "guard run -- AGENT_"+a+"_COMMAND", a)
	}
}

// printResult says what happened to one settings file: created, updated or
// unchanged, where it really lives, each hook's fate and the backup.
func printResult(w io.Writer, rep *install.Report, f install.FileReport) {
	verb := f.State
	if rep.DryRun && verb != "unchanged" {
		verb = "would be " + verb
	}
	name := f.Path
	if abs, err := filepath.Abs(f.Path); err == nil && abs != f.Target {
		name += " -> " + f.Target
	}
	fmt.Fprintf(w, "agent %s: %s %s\n", strings.ToUpper(rep.Agent), verb, name)
	width := len("command")
	for _, h := range f.Hooks {
		width = max(width, len(h.Hook))
	}
	for _, h := range f.Hooks {
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
	if f.Scope == "project" && f.Command != "" {
		fmt.Fprintf(w, "  %-*s  %s, from PATH: the file is committed with the project and works on every machine with guard installed\n", width, "command", f.Command)
	}
	if f.Backup != "" {
		fmt.Fprintf(w, "  %-*s  %s\n", width, "backup", f.Backup)
	}
	if f.Diff != "" {
		fmt.Fprint(w, f.Diff)
	}
}
