package install

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
)

// Agent is one of the three agent families guard installs into.
type Agent int

// The agent families.
const (
	AgentA Agent = iota + 1
	AgentB
	AgentC
)

// String names the agent for messages: "agent A".
func (a Agent) String() string {
	switch a {
	case AgentA:
		return "agent A"
	case AgentB:
		return "agent B"
	case AgentC:
		return "agent C"
	}
	return "agent " + strconv.Itoa(int(a))
}

// Hooks returns the hook names guard installs for the agent, in the order it
// writes them.
func (a Agent) Hooks() []string {
	switch a {
	case AgentA:
		return []string{"UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"}
	case AgentB:
		return append(append([]string{}, blockingB...), loggingB...)
	case AgentC:
		return []string{"before_tool", "after_tool"}
	}
	return nil
}

// blockingB are agent B's blocking hooks: their entries carry failClosed so
// the agent blocks even when guard cannot start. loggingB only log.
var (
	blockingB = []string{"beforeSubmitPrompt", "preToolUse", "beforeShellExecution", "beforeReadFile", "beforeMCPExecution", "beforeTabFileRead"}
	loggingB  = []string{"postToolUse", "afterShellExecution", "afterMCPExecution", "afterAgentResponse"}
)

func isBlockingB(hook string) bool {
	for _, h := range blockingB {
		if h == hook {
			return true
		}
	}
	return false
}

// Targets returns the settings files guard edits for the agent, given the
// user's home directory and the current project directory: agent A
// ~/.agent_a/settings.json; agent B .agent_b/hooks.json in the project and
// ~/.agent_b/hooks.json (one file when the project is the home directory);
// agent C .agent_c/settings.json in the project.
func Targets(a Agent, home, project string) []string {
	switch a {
	case AgentA:
		return []string{filepath.Join(home, ".agent_a", "settings.json")}
	case AgentB:
		p := filepath.Join(project, ".agent_b", "hooks.json")
		u := filepath.Join(home, ".agent_b", "hooks.json")
		if filepath.Clean(p) == filepath.Clean(u) {
			return []string{u}
		}
		return []string{p, u}
	case AgentC:
		return []string{filepath.Join(project, ".agent_c", "settings.json")}
	}
	return nil
}

// Action says what happened to one hook of one file.
type Action string

// Actions reported per hook.
const (
	Added     Action = "added"     // guard's entry was not there and now is
	Updated   Action = "updated"   // guard's entry was there and was rewritten
	Unchanged Action = "unchanged" // guard's entry was already exactly right
	Removed   Action = "removed"   // --remove took guard's entry out
	Absent    Action = "absent"    // --remove found no guard entry
)

// HookChange is the outcome for one hook name.
type HookChange struct {
	Hook   string
	Action Action
}

// shapeError is a settings file whose structure guard does not recognise.
type shapeError struct {
	path string // JSON path, e.g. hooks.PreToolUse[2]
	msg  string
}

func (e *shapeError) Error() string {
	if e.path == "" {
		return e.msg
	}
	return e.path + ": " + e.msg
}

func wantKind(path string, v *value, k kind) error {
	return &shapeError{path: path, msg: fmt.Sprintf("want %s %s, have %s", article(k), k, v.kind)}
}

func article(k kind) string {
	if k == kArray || k == kObject {
		return "an"
	}
	return "a"
}

// editor applies guard's entries to one parsed document.
type editor struct {
	agent   Agent
	bin     binary
	command string // hook command to write
	remove  bool
}

// edit changes doc in place and reports what it did to each hook. On error
// doc must be thrown away.
func (e *editor) edit(doc *value) ([]HookChange, error) {
	if doc.kind != kObject {
		return nil, wantKind("top level", doc, kObject)
	}
	if e.agent == AgentB {
		v, _, err := doc.lookup("version")
		if err != nil {
			return nil, &shapeError{msg: err.Error()}
		}
		if v != nil {
			if n, err := strconv.ParseFloat(string(v.raw), 64); v.kind != kNumber || err != nil || n != 1 {
				have := v.kind.String() // never echo a string from the file
				if v.kind == kNumber && len(v.raw) <= 20 {
					have = string(v.raw)
				}
				return nil, &shapeError{path: "version", msg: "want 1, have " + have}
			}
		} else if !e.remove {
			doc.insert(0, "version", newNumber("1"))
		}
	}
	hooks, _, err := doc.lookup("hooks")
	if err != nil {
		return nil, &shapeError{msg: err.Error()}
	}
	created := false
	switch {
	case hooks == nil && e.remove:
		var out []HookChange
		for _, h := range e.agent.Hooks() {
			out = append(out, HookChange{h, Absent})
		}
		return out, nil
	case hooks == nil:
		hooks = newObject()
		created = true
	case hooks.kind != kObject:
		return nil, wantKind("hooks", hooks, kObject)
	}
	var out []HookChange
	removedAny := false
	for _, h := range e.agent.Hooks() {
		ev, idx, err := hooks.lookup(h)
		if err != nil {
			return nil, &shapeError{path: "hooks", msg: err.Error()}
		}
		path := "hooks." + h
		var before, origRaw []byte
		if ev != nil {
			before, origRaw = canon(ev), ev.raw
		}
		var act Action
		var next *value
		switch e.agent {
		case AgentA:
			next, act, err = e.eventA(path, ev)
		case AgentB:
			next, act, err = e.eventB(path, h, ev)
		default:
			next, act, err = e.eventC(path, ev)
		}
		if err != nil {
			return nil, err
		}
		switch {
		case act == Updated && bytes.Equal(canon(next), before):
			// Already right: keep the event exactly as the file spells it.
			act = Unchanged
			if origRaw != nil {
				orig, err := parseJSON(origRaw)
				if err != nil {
					return nil, fmt.Errorf("reparse %s: %w", path, err) // unreachable
				}
				hooks.members[idx].val = orig
			}
		case next == nil && ev != nil:
			hooks.del(h)
		case next != nil && ev == nil:
			hooks.set(h, next)
		case next != nil && next != ev:
			hooks.set(h, next)
		}
		if act == Removed {
			removedAny = true
		}
		out = append(out, HookChange{h, act})
	}
	switch {
	case created:
		doc.set("hooks", hooks)
	case e.remove && removedAny && len(hooks.members) == 0:
		doc.del("hooks")
	}
	return out, nil
}

// eventA edits one agent A event: a list of matcher groups. Guard's group is
// {"matcher":"*","command":P,"hooks":[{"type":"command","command":P}]}, which
// both the spec's list-of-commands reader and the matcher-group reader run.
func (e *editor) eventA(path string, ev *value) (*value, Action, error) {
	if ev == nil {
		if e.remove {
			return nil, Absent, nil
		}
		return newArray(e.groupA(nil, nil)), Added, nil
	}
	if ev.kind != kArray {
		return nil, "", wantKind(path, ev, kArray)
	}
	var out []*value
	placed, found := false, false
	for i, g := range ev.elems {
		gp := fmt.Sprintf("%s[%d]", path, i)
		c, err := e.classifyA(gp, g)
		if err != nil {
			return nil, "", err
		}
		switch {
		case c.kind == notGuard:
			out = append(out, g)
		case c.kind == guardOnly:
			found = true
			if !e.remove && !placed {
				out = append(out, e.groupA(g, c.firstInner))
				placed = true
			}
		default: // mixed: guard shares the group with other commands
			found = true
			if !e.remove && !placed {
				out = append(out, e.groupA(nil, c.firstInner))
				placed = true
			}
			if s := stripA(g, c); s != nil {
				out = append(out, s)
			}
		}
	}
	return e.finishList(ev, out, found, func() *value { return e.groupA(nil, nil) })
}

type groupKind int

const (
	notGuard groupKind = iota
	guardOnly
	mixed
)

// classA is what an agent A group holds.
type classA struct {
	kind       groupKind
	topGuard   bool  // the group's own "command" runs guard
	innerGuard []int // indexes in "hooks" of entries that run guard
	firstInner *value
}

func (e *editor) classifyA(path string, g *value) (classA, error) {
	var c classA
	if g.kind != kObject {
		return c, nil // another tool's business
	}
	top, _, err := g.lookup("command")
	if err != nil {
		return c, &shapeError{path: path, msg: err.Error()}
	}
	topStr, hasTop := top.str()
	c.topGuard = hasTop && e.bin.runsGuard(topStr)
	others := 0
	if hasTop && !c.topGuard {
		others++
	}
	inner, _, err := g.lookup("hooks")
	if err != nil {
		return c, &shapeError{path: path, msg: err.Error()}
	}
	if inner != nil && inner.kind == kArray {
		for j, h := range inner.elems {
			if h.kind == kObject {
				hc, _, err := h.lookup("command")
				if err != nil {
					return c, &shapeError{path: fmt.Sprintf("%s.hooks[%d]", path, j), msg: err.Error()}
				}
				if s, ok := hc.str(); ok && e.bin.runsGuard(s) {
					c.innerGuard = append(c.innerGuard, j)
					if c.firstInner == nil {
						c.firstInner = h
					}
					continue
				}
			}
			others++
		}
	} else if inner != nil {
		others++
	}
	switch {
	case !c.topGuard && len(c.innerGuard) == 0:
		c.kind = notGuard
	case others == 0:
		c.kind = guardOnly
	default:
		c.kind = mixed
	}
	return c, nil
}

// stripA takes guard's commands out of a mixed group; nil if nothing is left.
func stripA(g *value, c classA) *value {
	if c.topGuard {
		g.del("command")
	}
	if len(c.innerGuard) > 0 {
		inner, _, _ := g.lookup("hooks")
		var keep []*value
		k := 0
		for j, h := range inner.elems {
			if k < len(c.innerGuard) && c.innerGuard[k] == j {
				k++
				continue
			}
			keep = append(keep, h)
		}
		inner.setElems(keep)
	}
	top, _, _ := g.lookup("command")
	inner, _, _ := g.lookup("hooks")
	if top == nil && (inner == nil || (inner.kind == kArray && len(inner.elems) == 0)) {
		return nil
	}
	return g
}

// groupA builds guard's agent A group, keeping keys guard does not own
// (a timeout, say) from the group and inner entry it replaces.
func (e *editor) groupA(old, oldInner *value) *value {
	inner := newObject(m("type", newString("command")), m("command", newString(e.command)))
	if oldInner != nil {
		for _, mb := range oldInner.members {
			if mb.key != "type" && mb.key != "command" && keepKey(mb) {
				inner.members = append(inner.members, mb)
			}
		}
	}
	g := newObject(
		m("matcher", newString("*")),
		m("command", newString(e.command)),
		m("hooks", newArray(inner)),
	)
	if old != nil {
		for _, mb := range old.members {
			if mb.key != "matcher" && mb.key != "command" && mb.key != "hooks" && keepKey(mb) {
				g.members = append(g.members, mb)
			}
		}
	}
	return g
}

// eventB edits one agent B event: a list of {"command": …} entries.
func (e *editor) eventB(path, hook string, ev *value) (*value, Action, error) {
	if ev == nil {
		if e.remove {
			return nil, Absent, nil
		}
		return newArray(e.entryB(hook, nil)), Added, nil
	}
	if ev.kind != kArray {
		return nil, "", wantKind(path, ev, kArray)
	}
	var out []*value
	found := false
	for i, el := range ev.elems {
		mine, err := e.entryRunsGuard(fmt.Sprintf("%s[%d]", path, i), el)
		if err != nil {
			return nil, "", err
		}
		if !mine {
			out = append(out, el)
			continue
		}
		if !e.remove && !found {
			out = append(out, e.entryB(hook, el))
		}
		found = true
	}
	return e.finishList(ev, out, found, func() *value { return e.entryB(hook, nil) })
}

// finishList applies the common ending of a list edit.
func (e *editor) finishList(ev *value, out []*value, found bool, fresh func() *value) (*value, Action, error) {
	if e.remove {
		if !found {
			return ev, Absent, nil
		}
		if len(out) == 0 {
			return nil, Removed, nil
		}
		ev.setElems(out)
		return ev, Removed, nil
	}
	act := Updated
	if !found {
		out = append(out, fresh())
		act = Added
	}
	ev.setElems(out)
	return ev, act, nil
}

// entryRunsGuard reports whether a list entry (an object with "command" or a
// bare command string) runs guard.
func (e *editor) entryRunsGuard(path string, el *value) (bool, error) {
	if s, ok := el.str(); ok {
		return e.bin.runsGuard(s), nil
	}
	if el.kind != kObject {
		return false, nil
	}
	c, _, err := el.lookup("command")
	if err != nil {
		return false, &shapeError{path: path, msg: err.Error()}
	}
	s, ok := c.str()
	return ok && e.bin.runsGuard(s), nil
}

// entryB builds guard's agent B entry, keeping keys guard does not own.
func (e *editor) entryB(hook string, old *value) *value {
	en := newObject(m("command", newString(e.command)))
	if isBlockingB(hook) {
		en.members = append(en.members, m("failClosed", newBool(true)))
	}
	if old != nil && old.kind == kObject {
		for _, mb := range old.members {
			if mb.key != "command" && mb.key != "failClosed" && keepKey(mb) {
				en.members = append(en.members, mb)
			}
		}
	}
	return en
}

// eventC edits one agent C hook: a command string. A list (of strings or of
// {"command": …} objects) is merged like the other agents' lists.
func (e *editor) eventC(path string, ev *value) (*value, Action, error) {
	if ev == nil {
		if e.remove {
			return nil, Absent, nil
		}
		return newString(e.command), Added, nil
	}
	switch ev.kind {
	case kString:
		s, _ := ev.str()
		if !e.bin.runsGuard(s) {
			if e.remove {
				return ev, Absent, nil
			}
			return nil, "", &shapeError{path: path, msg: "holds another program's command; guard will not replace it (make it a list to run both)"}
		}
		if e.remove {
			return nil, Removed, nil
		}
		return newString(e.command), Updated, nil
	case kArray:
		var out []*value
		found := false
		useObjects := false
		for i, el := range ev.elems {
			if el.kind == kObject {
				useObjects = true
			}
			mine, err := e.entryRunsGuard(fmt.Sprintf("%s[%d]", path, i), el)
			if err != nil {
				return nil, "", err
			}
			if !mine {
				out = append(out, el)
				continue
			}
			if !e.remove && !found {
				out = append(out, e.entryC(el.kind == kObject, el))
			}
			found = true
		}
		return e.finishList(ev, out, found, func() *value { return e.entryC(useObjects, nil) })
	default:
		return nil, "", &shapeError{path: path, msg: fmt.Sprintf("want a command string or an array, have %s", ev.kind)}
	}
}

func (e *editor) entryC(object bool, old *value) *value {
	if !object {
		return newString(e.command)
	}
	en := newObject(m("command", newString(e.command)))
	if old != nil {
		for _, mb := range old.members {
			if mb.key != "command" && keepKey(mb) {
				en.members = append(en.members, mb)
			}
		}
	}
	return en
}

// MinKeptTimeout is the smallest "timeout" (in the agents' unit, seconds)
// kept on guard's entry when init updates it. A smaller one, or one that is
// not a plain number, could make the agent give up on guard before it
// answers (and agents A and C then proceed), so it is dropped and the
// agent's default applies.
const MinKeptTimeout = 1

// keepKey reports whether a key of an existing guard entry is kept on the
// entry init writes. Keys that decide whether or when guard runs are guard's
// own: a repository can ship a guard-looking entry with "matcher":"none",
// "async":true, "disabled":true or "timeout":0.001 that would leave guard
// installed in name only. Other keys are the user's and are kept.
func keepKey(mb member) bool {
	switch mb.key {
	case "matcher", "async", "disabled", "enabled", "background":
		return false
	case "timeout":
		if mb.val == nil || mb.val.kind != kNumber {
			return false
		}
		f, err := strconv.ParseFloat(string(mb.val.raw), 64)
		return err == nil && f >= MinKeptTimeout
	}
	return true
}
