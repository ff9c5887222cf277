package sandbox

import (
	"fmt"
	"io"
	"strings"
)

// Explain writes what the kernel enforces under the plan, with the engine
// (nil when there is none), and what only the hooks check.
func Explain(w io.Writer, p *Plan, e *Engine) {
	if e != nil {
		fmt.Fprintf(w, "engine: %s (%s)\n", e.Name, e.Path)
	} else {
		fmt.Fprintln(w, "engine: none on this system (guard run refuses; --no-sandbox leaves only the hooks)")
	}
	holdsAbsent := e != nil && e.Name == "sandbox-exec"
	fmt.Fprintln(w, "\nthe kernel enforces, for the command and everything it starts:")
	for _, en := range p.Entries {
		if !en.Exists && !holdsAbsent {
			continue
		}
		what := "file"
		if en.Dir {
			what = "dir "
		}
		fmt.Fprintf(w, "  %-18s %s %s  (%s)\n", en.Kind, what, en.Path, en.Source)
	}
	fmt.Fprintln(w, "  everything else:   as the user has it (project, caches, temp, the agents' own state; network untouched)")
	if e != nil && e.Name == "sandbox-exec" {
		fmt.Fprintln(w, "  the terminal:      shared: sandbox-exec cannot filter ioctl(TIOCSTI), a process inside may push input into it")
	} else {
		fmt.Fprintln(w, "  the terminal:      no process inside can push input into it (seccomp: ioctl TIOCSTI, TIOCLINUX fail)")
	}
	if len(p.Withheld) > 0 {
		fmt.Fprintf(w, "  not passed in:     %s (sockets to agents and services outside; --pass-env NAME passes one)\n", strings.Join(p.Withheld, " "))
	}
	fmt.Fprintln(w, "\nonly the hooks check:")
	var absent []HookOnly
	for _, h := range p.HookOnly {
		if h.Why == absentWhy {
			absent = append(absent, h)
			continue
		}
		fmt.Fprintf(w, "  %s: %s\n", h.What, h.Why)
	}
	if len(absent) > 0 && !holdsAbsent {
		fmt.Fprintf(w, "  these paths, which %s:\n", absentWhy)
		for _, h := range absent {
			fmt.Fprintf(w, "    %s\n", h.What)
		}
	}
	if len(p.Problems) > 0 {
		fmt.Fprintln(w, "\nguard run refuses to start while:")
		for _, pr := range p.Problems {
			fmt.Fprintf(w, "  %s\n", pr)
		}
	}
}

// Report is the plan as `guard run --explain --json` prints it.
type Report struct {
	// Engine is the engine that would run it; nil when there is none.
	Engine *Engine `json:"engine"`
	// Kernel lists the rules the kernel enforces.
	Kernel []ReportRule `json:"kernel"`
	// HookOnly lists what only the hooks check.
	HookOnly []HookOnlyReport `json:"hook_only"`
	// Problems are why guard run would refuse to start.
	Problems []string `json:"problems"`
	// Withheld are the environment variables not passed into the sandbox.
	Withheld []string `json:"withheld_env"`
}

// ReportRule is one kernel rule of a Report.
type ReportRule struct {
	Rule   string `json:"rule"` // hidden, read-only, visible, read-only, not renamable
	Dir    bool   `json:"dir"`
	Path   string `json:"path"`
	Source string `json:"source"`
}

// HookOnlyReport is one hook-only entry of a Report.
type HookOnlyReport struct {
	What string `json:"what"`
	Why  string `json:"why"`
}

// NewReport returns the report of the plan with the engine (nil for none).
func NewReport(p *Plan, e *Engine) Report {
	r := Report{Engine: e, Kernel: []ReportRule{}, HookOnly: []HookOnlyReport{}, Problems: []string{}}
	holdsAbsent := e != nil && e.Name == "sandbox-exec"
	for _, en := range p.Entries {
		if en.Exists || holdsAbsent {
			r.Kernel = append(r.Kernel, ReportRule{Rule: en.Kind.String(), Dir: en.Dir, Path: en.Path, Source: en.Source})
		}
	}
	for _, h := range p.HookOnly {
		if h.Why != absentWhy || !holdsAbsent {
			r.HookOnly = append(r.HookOnly, HookOnlyReport(h))
		}
	}
	r.Problems = append(r.Problems, p.Problems...)
	r.Withheld = append([]string{}, p.Withheld...)
	return r
}
