package install

import (
	"fmt"
	"path/filepath"
	"runtime"

	"github.com/tailscale/hujson"
)

// File is a settings file an agent reads hooks from.
type File struct {
	Path  string
	Scope string // "user" or "project"
}

// Files returns every settings file the agent reads hooks from, the ones
// guard writes (Targets) and the ones that can switch them off: agent A
// ~/.agent_a/settings.json and the project's .agent_a/settings.json and
// .agent_a/settings.local.json; agent B the project's and the user's
// hooks.json; agent C the project's and the user's settings.json. A
// project that is the home directory has only the user's files.
func Files(a Agent, home, project string) []File {
	var out []File
	add := func(scope string, elem ...string) {
		base := home
		if scope == "project" {
			base = project
		}
		p := filepath.Join(append([]string{base}, elem...)...)
		for _, f := range out {
			if filepath.Clean(f.Path) == filepath.Clean(p) {
				return
			}
		}
		out = append(out, File{Path: p, Scope: scope})
	}
	switch a {
	case AgentA:
		add("user", ".agent_a", "settings.json")
		add("project", ".agent_a", "settings.json")
		add("project", ".agent_a", "settings.local.json")
	case AgentB:
		add("user", ".agent_b", "hooks.json")
		add("project", ".agent_b", "hooks.json")
	case AgentC:
		add("user", ".agent_c", "settings.json")
		add("project", ".agent_c", "settings.json")
	}
	return out
}

// Required returns the hooks that must run guard for the agent to be
// guarded: every hook guard writes but agent C's spec names, which its
// client skips.
func (a Agent) Required() []string {
	if a == AgentC {
		return append([]string{}, realC...)
	}
	return a.Hooks()
}

// Inspection is what a settings file says about guard, read without
// changing it.
type Inspection struct {
	Exists bool
	// Hooks maps each hook guard writes to the commands of guard's entries
	// in it (usually one).
	Hooks map[string][]string
	// Others maps each hook guard writes to the programs that its entries
	// with no command of guard's run (see OtherProgram): what runs there in
	// guard's place, when guard's entry is missing.
	Others map[string][]string
	// Left lists, by JSON path, entries that run guard after another
	// command: they do not count as guard's.
	Left []string
	// Extra lists, by JSON path, guard's commands that are more than the
	// program (Plain): a prefix, arguments, a redirection or commands
	// after it (`guard || true` turns every block into a pass).
	Extra []string
	// Disabled, when not empty, says which setting of the file switches
	// every hook (guard's included) off.
	Disabled string
}

// Inspect reads the settings file at path for the agent; self is the
// running guard (an entry naming it counts as guard's whatever its name). A
// missing file is an Inspection with Exists false; a file guard cannot
// parse or whose hooks are not the agent's shape is an error.
func Inspect(path string, a Agent, self string) (*Inspection, error) {
	data, _, existed, err := readSettings(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	in := &Inspection{Exists: existed, Hooks: map[string][]string{}, Others: map[string][]string{}}
	if !existed {
		return in, nil
	}
	doc, err := parseDoc(data)
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	top := objectOf(doc)
	if top == nil {
		return nil, &FileError{Path: path, Err: wantKind("top level", doc, "object")}
	}
	in.Disabled = disabledBy(a, top)
	hooks, _, err := lookup(top, "hooks")
	if err != nil {
		return nil, &FileError{Path: path, Err: &shapeError{msg: err.Error()}}
	}
	ho := objectOf(hooks)
	if ho == nil {
		return in, nil
	}
	e := &editor{agent: a, bin: newBinary(self, runtime.GOOS)}
	for _, h := range a.Hooks() {
		ev, _, err := lookup(ho, h)
		if err != nil || ev == nil {
			continue
		}
		path := "hooks." + h
		var els []hujson.Value
		if arr := arrayOf(ev); arr != nil {
			els = arr.Elements
		} else {
			els = []hujson.Value{*ev}
		}
		for i := range els {
			el := &els[i]
			c, err := e.classify(fmt.Sprintf("%s[%d]", path, i), el)
			if err != nil {
				continue
			}
			in.Left = append(in.Left, c.left...)
			if c.kind == notGuard {
				for _, cmd := range entryCommands(el) {
					in.Others[h] = append(in.Others[h], OtherProgram(cmd))
				}
				continue
			}
			for _, gc := range guardCommands(fmt.Sprintf("%s[%d]", path, i), el, c) {
				in.Hooks[h] = append(in.Hooks[h], gc.cmd)
				if !Plain(gc.cmd) {
					in.Extra = append(in.Extra, gc.path)
				}
			}
		}
	}
	return in, nil
}

// entryCommands are the command strings of one entry of an event's list:
// the string itself, its "command", and its inner hooks' "command"s.
func entryCommands(el *hujson.Value) []string {
	if s, ok := str(el); ok {
		return []string{s}
	}
	o := objectOf(el)
	if o == nil {
		return nil
	}
	var out []string
	if v, _, _ := lookup(o, "command"); v != nil {
		if s, ok := str(v); ok {
			out = append(out, s)
		}
	}
	inner, _, _ := lookup(o, "hooks")
	if a := arrayOf(inner); a != nil {
		for j := range a.Elements {
			v, _, _ := lookup(objectOf(&a.Elements[j]), "command")
			if s, ok := str(v); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// guardCommand is one command of guard's and its JSON path.
type guardCommand struct{ path, cmd string }

// guardCommands are the commands of guard's in one entry, at JSON path p.
func guardCommands(p string, el *hujson.Value, c entry) []guardCommand {
	if s, ok := str(el); ok {
		return []guardCommand{{p, s}}
	}
	o := objectOf(el)
	var out []guardCommand
	if c.topGuard {
		v, _, _ := lookup(o, "command")
		if s, ok := str(v); ok {
			out = append(out, guardCommand{p + ".command", s})
		}
	}
	inner, _, _ := lookup(o, "hooks")
	if a := arrayOf(inner); a != nil {
		for _, j := range c.innerGuard {
			v, _, _ := lookup(objectOf(&a.Elements[j]), "command")
			if s, ok := str(v); ok {
				out = append(out, guardCommand{fmt.Sprintf("%s.hooks[%d].command", p, j), s})
			}
		}
	}
	return out
}

// disabledBy names the setting of a settings file that switches all hooks
// off: agent A's "disableAllHooks": true, agent C's
// "hooksConfig": {"enabled": false}.
func disabledBy(a Agent, top *hujson.Object) string {
	isTrue := func(v *hujson.Value) bool {
		lit, ok := v.Value.(hujson.Literal)
		return ok && string(lit) == "true"
	}
	isFalse := func(v *hujson.Value) bool {
		lit, ok := v.Value.(hujson.Literal)
		return ok && string(lit) == "false"
	}
	switch a {
	case AgentA:
		if v, _, _ := lookup(top, "disableAllHooks"); v != nil && isTrue(v) {
			return `"disableAllHooks": true`
		}
	case AgentC:
		if hc, _, _ := lookup(top, "hooksConfig"); objectOf(hc) != nil {
			if v, _, _ := lookup(objectOf(hc), "enabled"); v != nil && isFalse(v) {
				return `"hooksConfig": {"enabled": false}`
			}
		}
	}
	return ""
}

// Switched returns, for each of the agent's settings files that exists and
// holds a setting switching every hook off, "<file> holds <setting>". init
// prints them: guard's entries there would never run.
func Switched(a Agent, home, project string) []string {
	var out []string
	for _, f := range Files(a, home, project) {
		if in, err := Inspect(f.Path, a, ""); err == nil && in.Disabled != "" {
			out = append(out, f.Path+" holds "+in.Disabled)
		}
	}
	return out
}
