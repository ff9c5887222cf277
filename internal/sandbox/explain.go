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
	fmt.Fprintln(w, "\nthe kernel enforces, for the command and everything it starts:")
	for _, en := range p.Entries {
		if !en.Exists && (e == nil || e.Name == "bubblewrap") {
			continue
		}
		what := "file"
		if en.Dir {
			what = "dir "
		}
		fmt.Fprintf(w, "  %-18s %s %s  (%s)\n", en.Kind, what, en.Path, en.Source)
	}
	fmt.Fprintln(w, "  everything else: as the user has it (project, caches, temp, the agents' own state; network untouched)")
	fmt.Fprintln(w, "\nonly the hooks check:")
	for _, h := range p.HookOnly {
		if e != nil && e.Name == "sandbox-exec" && isAbsentNote(h) {
			continue
		}
		fmt.Fprintf(w, "  %s: %s\n", h.What, h.Why)
	}
	if len(p.Problems) > 0 {
		fmt.Fprintln(w, "\nguard run refuses to start while:")
		for _, pr := range p.Problems {
			fmt.Fprintf(w, "  %s\n", pr)
		}
	}
}

// isAbsentNote reports whether h is the note of a path that did not exist,
// which sandbox-exec holds all the same.
func isAbsentNote(h HookOnly) bool { return h.Why == absentWhy }
