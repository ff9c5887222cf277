package hook

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestEditSecrets covers review 14b F11: an edit tool's replacement inside
// a secret of its file (AKIA → AKIA-) blocks on every agent; taking the
// secret out whole passes, as do edits beside it and edits that keep it
// whole.
func TestEditSecrets(t *testing.T) {
	key := "AKIA" + "IOSFODNN7EXAMPLF"
	_, proj := scriptWorld(t, map[string]string{"settings.py": "DEBUG = True\nAWS=" + key + "\n", "README.md": "AKIA is a prefix\n"})
	p := realPolicy(t, "")
	file := filepath.Join(proj, "settings.py")
	a := func(tool string, in map[string]any) string {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": tool, "cwd": proj, "tool_input": in})
		return string(s)
	}
	c := func(in map[string]any) string {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "BeforeTool", "tool_name": "replace", "cwd": proj, "tool_input": in})
		return string(s)
	}
	edit := func(f, o, n string) map[string]any {
		return map[string]any{"file_path": f, "old_string": o, "new_string": n}
	}
	for _, tc := range []struct {
		name, payload string
		block         bool
	}{
		{"A part of the key", a("Edit", edit(file, "AKIA", "AKIA-")), true},
		{"A the key reshaped", a("Edit", edit(file, key, "AKIA-"+key[4:])), true},
		{"A the key spaced", a("Edit", edit(file, "AWS="+key, "AWS="+key[:10]+" "+key[10:])), true},
		{"A MultiEdit", a("MultiEdit", map[string]any{"file_path": file, "edits": []map[string]any{{"old_string": "DEBUG = True", "new_string": "DEBUG = False"}, {"old_string": key[8:12], "new_string": "x"}}}), true},
		{"C replace", c(map[string]any{"file_path": file, "old_string": "FODNN", "new_string": "FO-DNN"}), true},
		{"A the key moved out", a("Edit", edit(file, "AWS="+key, `AWS=os.environ["AWS"]`)), false},
		{"A beside the key", a("Edit", edit(file, "DEBUG = True", "DEBUG = False")), false},
		{"A the key kept whole", a("Edit", edit(file, "AWS="+key, "AWS="+key+"  # prod")), false},
		{"A another file", a("Edit", edit(filepath.Join(proj, "README.md"), "AKIA", "AKIA-")), false},
		{"C the key moved out", c(map[string]any{"file_path": file, "old_string": key, "new_string": "${AWS}"}), false},
	} {
		code, stdout, stderr, _ := runReal(t, p, tc.payload)
		if blocked := code == 2 || json.Valid([]byte(stdout)) && containsDeny(stdout); blocked != tc.block {
			t.Errorf("%s: blocked = %v, want %v: %s%s", tc.name, blocked, tc.block, stdout, stderr)
		}
	}
}

// containsDeny reports whether agent C's answer denies.
func containsDeny(stdout string) bool {
	var v struct {
		Decision string `json:"decision"`
	}
	return json.Unmarshal([]byte(stdout), &v) == nil && (v.Decision == "deny" || v.Decision == "block")
}
