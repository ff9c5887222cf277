package hook

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect"
)

// TestEditSecrets: an edit tool's replacement inside a secret of its file
// (AKIA → AKIA-) blocks on every agent; taking the secret out whole
// passes, as do edits beside it and edits that keep it whole.
func TestEditSecrets(t *testing.T) {
	key := "AKIA" + "IOSFODNN7EXAMPLF"
	_, proj := scriptWorld(t, map[string]string{"settings.py": "DEBUG = True\nAWS=" + key + "\n", "README.md": "AKIA is a prefix\n",
		"s3.py": "x=1\r\nAWS=" + key + "\r\n", "s4.py": "AWS='" + key + "'\n", "two.py": "A=" + key + "\nB=" + key + "\n",
		"s2.py": "AWS=" + key + "\nx=1\n", "conf.py": "DEBUG = True\nAWS_KEY = \"" + key + "\"\nSECRET_PASSWORD = \"hunter2-Xy9zQ\"\n", "big.py": "AWS=" + key + "\nx=1\n" + strings.Repeat("#", 1100000) + "\n"})
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
	multi := func(f string, pairs ...string) map[string]any {
		var es []map[string]any
		for i := 0; i+1 < len(pairs); i += 2 {
			es = append(es, map[string]any{"old_string": pairs[i], "new_string": pairs[i+1]})
		}
		return map[string]any{"file_path": f, "edits": es}
	}
	s3, s4, two := filepath.Join(proj, "s3.py"), filepath.Join(proj, "s4.py"), filepath.Join(proj, "two.py")
	s2, big := filepath.Join(proj, "s2.py"), filepath.Join(proj, "big.py")
	// A letter after every character, one replace_all per character,
	// made possible by a first edit that adds them all.
	interleave := []map[string]any{{"old_string": "x=1", "new_string": "x=1\n#ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"}}
	for _, ch := range "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" {
		interleave = append(interleave, map[string]any{"old_string": string(ch), "new_string": string(ch) + "q", "replace_all": true})
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
		// The edits' result, not their parts.
		{"A MultiEdit in sequence", a("MultiEdit", multi(file, "AWS=", "AWS=<<", "<<AKIAIOS", "AKIA-IOS")), true},
		{"A CRLF file, LF old_string", a("Edit", edit(s3, "x=1\nAWS=AKIA", "x=1\nAWS=AKIA-")), true},
		{"A curly quotes for straight", a("Edit", edit(s4, "AWS=\u2018AKIA", "AWS=\u2018AKIA-")), true},
		{"A old_string not found", a("Edit", edit(file, "nowhere", "x")), true},
		{"A one of two copies", a("Edit", map[string]any{"file_path": two, "old_string": "B=" + key[:10], "new_string": "B=" + key[:10] + "-"}), true},
		{"A replace_all", a("Edit", map[string]any{"file_path": two, "old_string": key[:10], "new_string": key[:10] + "-", "replace_all": true}), true},
		{"C expected_replacements", c(map[string]any{"file_path": two, "old_string": key[:10], "new_string": key[:10] + "-", "expected_replacements": 2}), true},
		{"A MultiEdit interleaves a letter", a("MultiEdit", map[string]any{"file_path": s2, "edits": interleave}), true},
		{"A replace_all of one letter", a("Edit", map[string]any{"file_path": s2, "old_string": "O", "new_string": "O.", "replace_all": true}), true},
		{"A MultiEdit a letter after each", a("MultiEdit", multi(s2, "AWS=A", "AWS=Aq", "qK", "qKq")), true},
		{"A big file, part of the key", a("Edit", edit(big, "AKIA", "AKIA-")), true},
		{"C big file", c(map[string]any{"file_path": big, "old_string": "x=1", "new_string": "x=2"}), true},
		{"A comment after the key", a("Edit", edit(s2, key[12:]+"\n", key[12:]+"  # prod\n")), false},
		{"A replace_all AWS_ beside the key", a("Edit", map[string]any{"file_path": filepath.Join(proj, "conf.py"), "old_string": "AWS_", "new_string": "AMAZON_", "replace_all": true}), false},
		{"A the key's quotes changed", a("Edit", edit(filepath.Join(proj, "conf.py"), "\""+key+"\"", "'"+key+"'")), false},
		{"A the key line deleted", a("Edit", edit(filepath.Join(proj, "conf.py"), "AWS_KEY = \""+key+"\"\n", "")), false},
		{"A new file", a("Edit", map[string]any{"file_path": filepath.Join(proj, "new.py"), "old_string": "", "new_string": "x=1\n"}), false},
		{"A beside the key, letters", a("Edit", map[string]any{"file_path": s2, "old_string": "x", "new_string": "y", "replace_all": true}), false},
		{"A MultiEdit moves the key out", a("MultiEdit", multi(file, "DEBUG = True", "DEBUG = False", "AWS="+key, `AWS=os.environ["AWS"]`)), false},
		{"A MultiEdit beside the key", a("MultiEdit", multi(file, "DEBUG = True", "DEBUG = 1", "DEBUG = 1", "DEBUG = 2")), false},
		{"A CRLF file, beside the key", a("Edit", edit(s3, "x=1\n", "x=2\n")), false},
		{"A curly quotes, key moved out", a("Edit", edit(s4, "AWS=\u2018"+key+"\u2019", "AWS=os.environ[\u2018AWS\u2019]")), false},
		{"A both copies moved out", a("Edit", map[string]any{"file_path": two, "old_string": key, "new_string": "${K}", "replace_all": true}), false},
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

// FuzzApplyEdits applies any edit to any text: nothing panics, and a
// replaced text found with curly quotes read as straight ones is the
// text's own, which reads as the replaced text.
func FuzzApplyEdits(f *testing.F) {
	f.Add("AWS=\u2018AKIA\u2019\n", "AWS='AKIA'", "x", false)
	f.Add("a\xffb\u201cc", "\"c", "", true)
	f.Add("\uf01c", "\x80", "", false)
	f.Fuzz(func(t *testing.T, text, old, nw string, all bool) {
		if i, n, ok := quoteIndex(text, old); ok && straightQuotes(text[i:i+n]) != straightQuotes(old) {
			t.Fatalf("quoteIndex(%q, %q) = %q", text, old, text[i:i+n])
		}
		es := []agent.Edit{{Old: old, New: nw, All: all}, {Old: nw, New: old}}
		r, ok := applyEdits(text, es)
		// Following where the bytes go changes nothing of the result.
		if r2, ok2, _ := applyTracked(text, es, []detect.Match{{Start: 0, End: len(text) / 2}}); r2 != r || ok2 != ok {
			t.Fatalf("applyTracked(%q) = %q, %v; applyEdits %q, %v", text, r2, ok2, r, ok)
		}
	})
}
