package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMCPCompoundNames: an MCP tool whose name holds a read verb and a word
// guard does not know, or that is given content to write, may write the
// paths it names; a tool that only reads still reads.
func TestMCPCompoundNames(t *testing.T) {
	home, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(home, "proj")
	os.MkdirAll(proj, 0o700)
	os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc\n"), 0o600)
	os.WriteFile(filepath.Join(proj, "README"), []byte("a\n"), 0o600)
	p := realPolicy(t, "")
	rc := `{"path":"` + home + `/.bashrc","content":"x"}`
	for _, tt := range []struct {
		tool, input, verdict string
	}{
		{"mcp__fs__view_prepend", rc, "block"},
		{"mcp__fs__find_rewrite", rc, "block"},
		{"mcp__fs__read_normalize", rc, "block"},
		{"mcp__fs__query_upsert", rc, "block"},
		{"mcp__fs__read_or_init", rc, "block"},
		{"mcp__fs__show_persist", rc, "block"},
		{"mcp__fs__read_commit", rc, "block"},
		{"mcp__fs__search_tee", rc, "block"},
		{"mcp__fs__list_clean", rc, "block"},
		{"mcp__fs__get_touchup", rc, "block"},
		{"mcp__fs__lookup_cache", rc, "block"},
		{"mcp__fs__view_emit", rc, "block"},
		{"mcp__fs__read_file", rc, "block"}, // content to write, whatever the name
		{"mcp__fs__read_file", `{"path":"` + home + `/.bashrc"}`, "allow"},
		{"mcp__fs__read_text_file", `{"path":"` + proj + `/README"}`, "allow"},
		{"mcp__fs__list_directory_with_sizes", `{"path":"` + proj + `"}`, "allow"},
		{"mcp__fs__write_file", `{"path":"` + proj + `/x.txt","content":"x"}`, "allow"},
	} {
		var f fake
		cfg := f.config(`{"hook_event_name":"PreToolUse","session_id":"s","cwd":"`+proj+`","tool_name":"`+tt.tool+`","tool_input":`+tt.input+`}`, nil)
		cfg.Agent = "a"
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s %s: records %+v, want one %s; %s", tt.tool, tt.input, f.records, tt.verdict, f.stderr.String())
		}
	}
}
