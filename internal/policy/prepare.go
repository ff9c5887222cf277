package policy

import "github.com/guardhq/guard/internal/event"

// Prepare builds the detectors that inputs of kinds need, ahead of
// Evaluate, so that a caller can have them built while it does other work:
// the hook analyses the command on one core while the path rules (a few
// hundred globs, the links under them, the hook files' programs) are
// built on another. Evaluate finds them built, or waits for the build in
// progress (the cache's lock). An error is left for Evaluate, which meets
// it again and fails closed. Safe for concurrent use with every other
// method. Sensitive's detectors, which check the names a record shows,
// are built too.
func (p *Policy) Prepare(kinds ...event.Kind) {
	for _, k := range kinds {
		for _, c := range plan()[k] {
			_, _ = p.detector(c.detector, k)
		}
	}
	anyValue()
}
