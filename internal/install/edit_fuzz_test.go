package install

import (
	"bytes"
	"testing"
)

// FuzzEdit checks the merge on arbitrary documents: whatever guard accepts
// it writes as JSON that parses; a second install changes nothing (every
// hook unchanged, same bytes); after --remove a second --remove finds
// nothing of guard's; and --remove gives back the original bytes of a file
// guard merged into (one without guard entries, or empty lists and objects
// for guard's hooks, which guard's removal drops).
func FuzzEdit(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"hooks":{}}`, `{"version":1,"hooks":{"preToolUse":[{"command":"guard"},{"command":"x"}]}}`,
		`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/a/guard"},{"command":"y"}]},{"command":"guard"}]}}`,
		`{"hooks":{"before_tool":["guard",{"command":"x"}],"after_tool":"/opt/guard --v"}}`,
		"{\n\t\"a\": [1, 2],\n\t\"hooks\": {\"Stop\": []}\n}\n",
		`{"model": "opus", "hooks": {"Stop": [{"command": "x"}], "after_tool": ["y"]}}`,
		"  {\n  \"a\" : 1 ,\n\n  \"hooks\":{ \"x\" : [ ] }\n}\n\n",
		"// settings\n{\n  \"a\": 1, // one\n  /* block\n   comment */\n  \"hooks\": { // events\n    \"BeforeTool\": [ /* none */ ]\n  } // end\n}\n",
		"{\"hooks\":{\"PreToolUse\":[{\"command\":\"GUARD_HOME=/x guard\"},{\"command\":\"cd /x && guard\"}]}}",
		"{\"hooksConfig\":{\"enabled\":true},\"hooks\":{\"BeforeTool\":[{\"matcher\":\"run_shell_command\",\"hooks\":[{\"type\":\"command\",\"command\":\"./a.sh\"},{\"type\":\"command\",\"command\":\"/opt/guard\",\"timeout\":5}]}],\"before_tool\":\"guard\"}}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 {
			return
		}
		if _, err := parseDoc(data); err != nil {
			return
		}
		st := detectStyle(data)
		for _, agent := range []Agent{AgentA, AgentB, AgentC} {
			run := func(in []byte, remove bool) ([]byte, []HookChange, error) {
				doc, err := parseDoc(in)
				if err != nil {
					t.Fatalf("%v: guard's output does not parse: %v\n%s", agent, err, in)
				}
				ed := &editor{agent: agent, bin: newBinary("/usr/bin/guard-x", "linux"), command: "/usr/bin/guard-x", remove: remove, st: st}
				hs, err := ed.edit(doc)
				if err != nil {
					return nil, nil, err
				}
				return doc.Pack(), hs, nil
			}
			once, _, err := run(data, false)
			if err != nil {
				continue
			}
			_, before, _ := run(data, true)
			twice, hs, err := run(once, false)
			if err != nil {
				t.Fatalf("%v: second install refused: %v\n%s", agent, err, once)
			}
			if !bytes.Equal(once, twice) {
				t.Fatalf("%v: second install changed\n%s\nto\n%s", agent, once, twice)
			}
			for _, h := range hs {
				if h.Action != Unchanged {
					t.Fatalf("%v: second install: %s %s", agent, h.Hook, h.Action)
				}
			}
			removed, _, err := run(once, true)
			if err != nil {
				t.Fatalf("%v: remove refused: %v", agent, err)
			}
			_, hs, err = run(removed, true)
			if err != nil {
				t.Fatalf("%v: second remove refused: %v", agent, err)
			}
			for _, h := range hs {
				if h.Action != Absent {
					t.Fatalf("%v: guard entry left after remove: %s %s\n%s", agent, h.Hook, h.Action, removed)
				}
			}
			if restorable(t, data, agent, before) && !bytes.Equal(removed, data) {
				t.Fatalf("%v: remove did not restore\n%q\ngot\n%q", agent, data, removed)
			}
		}
	})
}

// restorable reports whether removing guard's entries from what init wrote
// must give back data exactly: data held nothing of guard's (absent), agent
// B's version was there, and hooks and guard's hook lists, where present,
// were not empty (guard drops the ones it leaves empty). An empty top-level
// object is restored as {}: spaces inside it are not recorded once guard
// has filled it.
func restorable(t *testing.T, data []byte, agent Agent, absent []HookChange) bool {
	for _, h := range absent {
		if h.Action != Absent {
			return false
		}
	}
	doc, err := parseDoc(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range absent {
		if len(h.Left) > 0 {
			return false
		}
	}
	top := objectOf(doc)
	if v, _, _ := lookup(top, "version"); agent == AgentB && v == nil {
		return false
	}
	if len(top.Members) == 0 {
		return bytes.Equal(bytes.TrimSpace(data), []byte("{}"))
	}
	hooks, _, _ := lookup(top, "hooks")
	if hooks == nil {
		return true
	}
	ho := objectOf(hooks)
	if ho == nil || len(ho.Members) == 0 {
		return false
	}
	for _, name := range agent.Hooks() {
		if ev, _, _ := lookup(ho, name); ev != nil && (arrayOf(ev) == nil || len(arrayOf(ev).Elements) == 0) {
			return false
		}
	}
	return true
}
