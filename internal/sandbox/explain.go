package sandbox

import (
	"fmt"
	"io"
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
