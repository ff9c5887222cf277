package shell

// make's target- and pattern-specific variables (t: VAR = value, %.o:
// VAR += value) are a layer of their own: make applies them when it
// expands the target's recipe (and its prerequisites'), whatever the
// order of the lines, over the global value the whole makefile gives
// (FINDINGS56b G3). guard reads every recipe with every value a
// variable may have, so a target-specific value is one more value, and
// a target-specific += is each value the variable may have otherwise
// (the global ones, or make's when nothing sets it) with the text
// appended, computed once the makefile is read, the values without it
// kept for the targets it does not apply to.

import "strings"

// scopedVal is one target- or pattern-specific assignment.
type scopedVal struct {
	value         string
	add, override bool
}

// addScoped records a target- or pattern-specific assignment of value
// to variable name (add: by +=; override: an override line).
func (m *makefile) addScoped(name, value string, override, add bool) {
	if m.layer == nil {
		m.layer = map[string][]scopedVal{}
	}
	if len(m.layer[name]) < maxMakeValues {
		m.layer[name] = append(m.layer[name], scopedVal{value, add, override})
	}
}

// scopedValues returns out, the values variable name may have from the
// command line (cmdline), the environment and the makefile's global
// assignments, with those its target- and pattern-specific assignments
// give besides (only override ones over the command line's): each
// value of theirs, and each value so far with a += text appended.
// Bounded: past maxMakeValues the last is one guard cannot tell.
func (c *cmd) scopedValues(m *makefile, name string, out []makeVal, cmdline bool) []makeVal {
	ls := m.layer[name]
	if len(ls) == 0 {
		return out
	}
	if len(out) == 0 {
		v, raw := c.unsetValue(m, name) // the value where no target-specific one applies
		out = []makeVal{{v, raw}}
	}
	seen := map[makeVal]bool{}
	for _, v := range out {
		seen[v] = true
	}
	add := func(v makeVal) {
		switch {
		case seen[v]:
		case len(out) < maxMakeValues:
			seen[v] = true
			out = append(out, v)
		default:
			out[len(out)-1] = makeVal{unknownMakeVar(name), false}
		}
	}
	for _, l := range ls {
		switch {
		case cmdline && !l.override:
		case !l.add:
			add(makeVal{l.value, true})
		default:
			for _, v := range out[:len(out):len(out)] {
				base := v.v
				if !v.raw {
					base = strings.ReplaceAll(base, "$", "$$") // a final value, not make's text
				}
				if base != "" {
					base += " "
				}
				add(makeVal{base + l.value, true})
			}
		}
	}
	return out
}
