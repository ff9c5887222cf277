package policy

import (
	"errors"

	"github.com/guardhq/guard/internal/event"
)

// Load returns the active policy: ~/.guard/rules.json (or $GUARD_HOME/rules.json)
// when it exists, else the built-in defaults. (stub: being written)
func Load() (*Policy, error) { return nil, errors.New("policy: not implemented yet") }

// Evaluate checks inputs in order and returns the verdict: for each input the
// detectors its kind needs run in the spec's order; allow lists are consulted
// before block rules; the first block wins and stops evaluation. (stub)
func (p *Policy) Evaluate(inputs []event.Input) (event.Verdict, error) {
	return event.Verdict{}, errors.New("policy: not implemented yet")
}
