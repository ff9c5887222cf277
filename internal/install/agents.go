package install

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/tailscale/hujson"
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
		return append(append([]string{}, realC...), specC...)
	}
	return nil
}

// realC are the events agent C's client runs hooks at; specC are the
// spec's names for two of them, which the client skips (see eventC).
var (
	realC = []string{"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent"}
	specC = []string{"before_tool", "after_tool"}
)

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
	// Count is the number of guard's entries found (and, with --remove,
	// taken out): more than one when the file held duplicates.
	Count int
	// Left lists, by JSON path, the entries that run guard only after
	// another command (`cd x && guard`): they belong to whoever wrote
	// them, so guard neither rewrites nor removes them, and says so.
	Left []string
	// Also lists, by JSON path, guard's entries that ran other commands
	// after guard (`guard && other`): init rewrote or removed them whole,
	// those commands with them, and says so.
	Also []string
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

func wantKind(path string, v *hujson.Value, want string) error {
	have := kindName(v)
	return &shapeError{path: path, msg: fmt.Sprintf("want %s %s, have %s", article(want), want, have)}
}

func article(kind string) string {
	if kind == "array" || kind == "object" {
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
	st      style
}

// edit changes doc in place and reports what it did to each hook. On error
// doc must be thrown away.
func (e *editor) edit(doc *hujson.Value) ([]HookChange, error) {
	top := objectOf(doc)
	if top == nil {
		return nil, wantKind("top level", doc, "object")
	}
	docBox := boxOf(doc, "", e.st, nil)
	if e.agent == AgentB {
		if err := e.versionB(top, docBox); err != nil {
			return nil, err
		}
	}
	hooksV, hi, err := lookup(top, "hooks")
	if err != nil {
		return nil, &shapeError{msg: err.Error()}
	}
	switch {
	case hooksV == nil && e.remove:
		var out []HookChange
		for _, h := range e.agent.Hooks() {
			out = append(out, HookChange{Hook: h, Action: Absent})
		}
		return out, nil
	case hooksV == nil:
		hi = len(top.Members)
		docBox.insert(hi, "hooks", newObj())
		hooksV = &top.Members[hi].Value
	case objectOf(hooksV) == nil:
		return nil, wantKind("hooks", hooksV, "object")
	}
	hooks := objectOf(hooksV)
	hooksBox := docBox.sub(hooksV, top.Members[hi].Name.BeforeExtra)
	var out []HookChange
	removedAny := false
	for _, h := range e.agent.Hooks() {
		ch, err := e.editEvent(h, hooks, hooksBox)
		if err != nil {
			return nil, err
		}
		removedAny = removedAny || ch.Action == Removed
		out = append(out, ch)
	}
	if e.remove && removedAny && len(hooks.Members) == 0 {
		docBox.remove(hi)
	}
	return out, nil
}

// editEvent installs or removes guard's entry of hook event h in hooks
// (hooksBox: its comments and layout) and returns the change.
func (e *editor) editEvent(h string, hooks *hujson.Object, hooksBox *box) (HookChange, error) {
	ev, idx, err := lookup(hooks, h)
	if err != nil {
		return HookChange{}, &shapeError{path: "hooks", msg: err.Error()}
	}
	path := "hooks." + h
	var before []byte
	var orig hujson.Value
	var evBox *box
	if ev != nil {
		before, orig = canon(ev), ev.Clone()
		evBox = hooksBox.sub(ev, hooks.Members[idx].Name.BeforeExtra)
	}
	ch := HookChange{Hook: h}
	var next *hujson.Value
	switch e.agent {
	case AgentA:
		next, err = e.eventList(path, evBox, &ch, e.groupA)
	case AgentB:
		next, err = e.eventList(path, evBox, &ch, func(old, _ *hujson.Value) *hujson.Value { return e.entryB(h, old) })
	default:
		next, err = e.eventC(path, evBox, &ch)
	}
	if err != nil {
		return HookChange{}, err
	}
	switch {
	case ch.Action == Updated && bytes.Equal(canon(next), before):
		// Already right: keep the event exactly as the file spells it.
		ch.Action = Unchanged
		hooks.Members[idx].Value = orig
	case next == nil && ev != nil:
		hooksBox.remove(idx)
	case next != nil && ev == nil:
		hooksBox.insert(len(hooks.Members), h, next)
	case next != nil && next != ev:
		hooksBox.replace(idx, next)
	}
	return ch, nil
}

// versionB checks agent B's top-level "version" (it must be 1) and adds it
// when the file has none and hooks are being installed.
func (e *editor) versionB(top *hujson.Object, docBox *box) error {
	v, _, err := lookup(top, "version")
	if err != nil {
		return &shapeError{msg: err.Error()}
	}
	if v == nil {
		if !e.remove {
			docBox.insert(0, "version", newLit("1"))
		}
		return nil
	}
	lit, _ := v.Value.(hujson.Literal)
	if n, err := strconv.ParseFloat(string(lit), 64); v.Value.Kind() != '0' || err != nil || n != 1 {
		have := kindName(v) // never echo a string from the file
		if v.Value.Kind() == '0' && len(lit) <= 20 {
			have = string(lit)
		}
		return &shapeError{path: "version", msg: "want 1, have " + have}
	}
	return nil
}

// entryKind is what one entry of an event's list holds.
type entryKind int

const (
	notGuard  entryKind = iota
	guardOnly           // only guard's command(s)
	mixed               // guard's command beside other tools' in one group
)

// entry is what guard found in one element of an event's list: a command
// string, an agent B/C {"command": …} entry, or an agent A/C matcher group
// {"matcher", "command"?, "hooks": [{"type", "command"}…]}.
type entry struct {
	kind       entryKind
	topGuard   bool  // the element's own "command" (or the string itself) runs guard
	innerGuard []int // indexes in "hooks" of entries that run guard
	firstInner *hujson.Value
	left       []string // JSON paths of commands that run guard after something else
	also       []string // JSON paths of guard's commands that run more after guard
}

// classify reads one element of an event's list.
func (e *editor) classify(path string, g *hujson.Value) (entry, error) {
	var c entry
	look := func(p string, cmd *hujson.Value) bool {
		s, ok := str(cmd)
		if !ok {
			return false
		}
		switch e.bin.classify(s) {
		case guardFirst:
			if e.bin.runsMore(s) {
				c.also = append(c.also, p)
			}
			return true
		case guardInside:
			c.left = append(c.left, p)
		}
		return false
	}
	if _, ok := str(g); ok {
		if look(path, g) {
			c.kind, c.topGuard = guardOnly, true
		}
		return c, nil
	}
	o := objectOf(g)
	if o == nil {
		return c, nil // another tool's business
	}
	top, _, err := lookup(o, "command")
	if err != nil {
		return c, &shapeError{path: path, msg: err.Error()}
	}
	others := 0
	if top != nil {
		if c.topGuard = look(path+".command", top); !c.topGuard {
			if _, ok := str(top); ok {
				others++
			}
		}
	}
	inner, _, err := lookup(o, "hooks")
	if err != nil {
		return c, &shapeError{path: path, msg: err.Error()}
	}
	if a := arrayOf(inner); a != nil {
		for j := range a.Elements {
			h := &a.Elements[j]
			jp := fmt.Sprintf("%s.hooks[%d]", path, j)
			if ho := objectOf(h); ho != nil {
				hc, _, err := lookup(ho, "command")
				if err != nil {
					return c, &shapeError{path: jp, msg: err.Error()}
				}
				if look(jp+".command", hc) {
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

// eventList edits one event's list of entries (agents A and B, and agent C
// once its hook is a list). Guard's entry (built by fresh from the entry it
// replaces, nil for a new one, and that entry's first inner guard command)
// takes the place of the first entry of guard's; later ones are dropped. In
// a group shared with other tools, guard's commands are taken out and
// guard's own group goes just before it. ev nil: the event is missing.
func (e *editor) eventList(path string, ev *box, ch *HookChange, fresh func(old, oldInner *hujson.Value) *hujson.Value) (*hujson.Value, error) {
	if ev == nil {
		if e.remove {
			ch.Action = Absent
			return nil, nil
		}
		ch.Action = Added
		return newArr(fresh(nil, nil)), nil
	}
	arr := arrayOf(ev.v)
	if arr == nil {
		return nil, wantKind(path, ev.v, "array")
	}
	// Classify every entry first: paths in messages are the file's.
	entries := make([]entry, len(arr.Elements))
	for i := range arr.Elements {
		c, err := e.classify(fmt.Sprintf("%s[%d]", path, i), &arr.Elements[i])
		if err != nil {
			return nil, err
		}
		entries[i] = c
		ch.Left = append(ch.Left, c.left...)
		ch.Also = append(ch.Also, c.also...)
	}
	placed := false
	i := 0
	for _, c := range entries {
		g := &arr.Elements[i]
		switch c.kind {
		case notGuard:
			i++
		case guardOnly:
			ch.Count++
			if !e.remove && !placed {
				ev.replace(i, fresh(g, c.firstInner))
				placed = true
				i++
			} else {
				ev.remove(i)
			}
		default: // mixed: guard shares the group with other commands
			ch.Count++
			if !e.remove && !placed {
				ev.insert(i, "", fresh(nil, c.firstInner))
				placed = true
				i++
			}
			if e.strip(ev.sub(&arr.Elements[i], arr.Elements[i].BeforeExtra), c) {
				ev.remove(i)
			} else {
				i++
			}
		}
	}
	found := ch.Count > 0
	if e.remove {
		if !found {
			ch.Action = Absent
			return ev.v, nil
		}
		ch.Action = Removed
		if len(arr.Elements) == 0 {
			return nil, nil
		}
		return ev.v, nil
	}
	ch.Action = Updated
	if !found {
		ev.insert(len(arr.Elements), "", fresh(nil, nil))
		ch.Action = Added
	}
	return ev.v, nil
}

// strip takes guard's commands out of a mixed group and reports whether
// nothing is left of it.
func (e *editor) strip(g *box, c entry) bool {
	o := objectOf(g.v)
	if c.topGuard {
		_, i, _ := lookup(o, "command")
		g.remove(i)
	}
	inner, ii, _ := lookup(o, "hooks")
	if len(c.innerGuard) > 0 {
		ib := g.sub(inner, o.Members[ii].Name.BeforeExtra)
		for k := len(c.innerGuard) - 1; k >= 0; k-- {
			ib.remove(c.innerGuard[k])
		}
	}
	top, _, _ := lookup(o, "command")
	inner, _, _ = lookup(o, "hooks")
	a := arrayOf(inner)
	return top == nil && (inner == nil || (a != nil && len(a.Elements) == 0))
}

// groupA builds guard's agent A group,
// {"matcher":"*","command":G,"hooks":[{"type":"command","command":G}]}, which
// both the spec's list-of-commands reader and the matcher-group reader run;
// keys guard does not own (a timeout, say) are kept from the group and inner
// entry it replaces.
func (e *editor) groupA(old, oldInner *hujson.Value) *hujson.Value {
	return e.group(old, oldInner, true)
}

// group builds guard's matcher group; withTop adds agent A's top-level
// command.
func (e *editor) group(old, oldInner *hujson.Value, withTop bool) *hujson.Value {
	inner := newObj(mem("type", newStr("command")), mem("command", newStr(e.command)))
	e.keep(objectOf(inner), oldInner, "type", "command")
	g := newObj(mem("matcher", newStr("*")))
	if withTop {
		objectOf(g).Members = append(objectOf(g).Members, mem("command", newStr(e.command)))
	}
	objectOf(g).Members = append(objectOf(g).Members, mem("hooks", newArr(inner)))
	e.keep(objectOf(g), old, "matcher", "command", "hooks")
	return g
}

// keep copies the members of old that guard does not own onto o, minus
// the keys guard writes itself.
func (e *editor) keep(o *hujson.Object, old *hujson.Value, own ...string) {
	oo := objectOf(old)
	if oo == nil {
		return
	}
next:
	for i := range oo.Members {
		mb := oo.Members[i]
		name := memberName(&mb)
		for _, k := range own {
			if name == k {
				continue next
			}
		}
		if e.keepKey(name, &mb.Value) {
			o.Members = append(o.Members, hujson.ObjectMember{Name: hujson.Value{Value: mb.Name.Value}, Value: hujson.Value{Value: mb.Value.Value, StartOffset: mb.Value.StartOffset, EndOffset: mb.Value.EndOffset}})
		}
	}
}

// entryB builds guard's agent B entry, keeping keys guard does not own.
func (e *editor) entryB(hook string, old *hujson.Value) *hujson.Value {
	en := newObj(mem("command", newStr(e.command)))
	if isBlockingB(hook) {
		objectOf(en).Members = append(objectOf(en).Members, mem("failClosed", newLit("true")))
	}
	e.keep(objectOf(en), old, "command", "failClosed")
	return en
}

// eventC edits one agent C hook. Guard writes a matcher group,
// {"matcher":"*","hooks":[{"type":"command","command":G}]}, under each of
// the client's four events and under the spec's before_tool and after_tool,
// which the client skips with a notice (an array there is an unknown event;
// a string would fail its validation). The spec's older value, a command
// string, is taken over when it runs guard and refused when it runs another
// program (one slot cannot hold two commands: make it a list to run both).
func (e *editor) eventC(path string, ev *box, ch *HookChange) (*hujson.Value, error) {
	fresh := func(old, oldInner *hujson.Value) *hujson.Value {
		if o := objectOf(old); o != nil && oldInner == nil {
			if h, _, _ := lookup(o, "hooks"); h == nil {
				// The spec's {"command": G, …}: its keys are the command's.
				return e.group(nil, old, false)
			}
		}
		if objectOf(old) == nil {
			old = nil
		}
		return e.group(old, oldInner, false)
	}
	if ev != nil {
		if s, ok := str(ev.v); ok {
			switch e.bin.classify(s) {
			case guardFirst:
				ch.Count = 1
				if e.bin.runsMore(s) {
					ch.Also = []string{path}
				}
				if e.remove {
					ch.Action = Removed
					return nil, nil
				}
				ch.Action = Updated
				return newArr(fresh(nil, nil)), nil
			case guardInside:
				ch.Left = []string{path}
			}
			if e.remove {
				ch.Action = Absent
				return ev.v, nil
			}
			return nil, &shapeError{path: path, msg: "holds another program's command; guard will not replace it (make it a list to run both)"}
		}
		if arrayOf(ev.v) == nil {
			return nil, &shapeError{path: path, msg: fmt.Sprintf("want a command string or an array, have %s", kindName(ev.v))}
		}
	}
	return e.eventList(path, ev, ch, fresh)
}

// MinKeptTimeout is the smallest "timeout" (in the unit of agents A and B,
// seconds) kept on guard's entry when init updates it. A smaller one, or
// one that is not a plain number, could make the agent give up on guard
// before it answers (and agents A and C then proceed), so it is dropped and
// the agent's default applies. Agent C counts in milliseconds:
// MinKeptTimeoutC.
const MinKeptTimeout = 1

// MinKeptTimeoutC is MinKeptTimeout for agent C, in milliseconds.
const MinKeptTimeoutC = 1000

// keepKey reports whether a key of an existing guard entry is kept on the
// entry init writes. Keys that decide whether or when guard runs are guard's
// own: a repository can ship a guard-looking entry with "matcher":"none",
// "async":true, "disabled":true or "timeout":0.001 that would leave guard
// installed in name only; for agent C also "name", which its
// hooksConfig.disabled list switches hooks off by. Other keys are the
// user's and are kept.
func (e *editor) keepKey(key string, v *hujson.Value) bool {
	switch key {
	case "matcher", "async", "disabled", "enabled", "background":
		return false
	case "name":
		return e.agent != AgentC
	case "timeout":
		lit, ok := v.Value.(hujson.Literal)
		if !ok || lit.Kind() != '0' {
			return false
		}
		f, err := strconv.ParseFloat(string(lit), 64)
		minimum := float64(MinKeptTimeout)
		if e.agent == AgentC {
			minimum = MinKeptTimeoutC
		}
		return err == nil && f >= minimum
	}
	return true
}
