package agent

import (
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestReadingName: a tool reads only when its name holds a read verb and
// every other word is one or a noun; a word guard does not know next to a
// read verb makes it a tool that may write.
func TestReadingNameWords(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"mcp__fs__read_file", true},
		{"mcp__fs__read_text_file", true},
		{"mcp__fs__list_directory_with_sizes", true},
		{"mcp__fs__get_file_info", true},
		{"mcp__github__get_file_contents", true},
		{"mcp__serena__find_referencing_symbols", true},
		{"mcp_filesystem_read_file", true},
		{"mcp__weird_name__read_file", true},
		{"read_file", true},
		{"mcp__fs__view_prepend", false},
		{"mcp__fs__find_rewrite", false},
		{"mcp__fs__read_normalize", false},
		{"mcp__fs__query_upsert", false},
		{"mcp__fs__read_or_init", false},
		{"mcp__fs__show_persist", false},
		{"mcp__fs__search_tee", false},
		{"mcp__fs__get_touchup", false},
		{"mcp__fs__lookup_cache", false},
		{"mcp__fs__read_modify_write", false},
		{"mcp__fs__search_and_update", false},
		{"mcp__db__run_query", false},
		{"mcp__fs__touch", false},
	} {
		if got := readingName(tt.name); got != tt.want {
			t.Errorf("readingName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestContentMayWrite: a read-named tool given content to write may
// write the paths it names.
func TestContentMayWrite(t *testing.T) {
	for _, tt := range []struct {
		input string
		touch bool
	}{
		{`{"path":"/h/.bashrc","content":"x"}`, true},
		{`{"path":"/h/.bashrc","new_text":"x"}`, true},
		{`{"content":"x","path":"/h/.bashrc"}`, true},
		{`{"path":"/h/.bashrc"}`, false},
		{`{"path":"/h/.bashrc","pattern":"x"}`, false},
	} {
		c := &Call{Cwd: "/w"}
		in, err := decodeObject([]byte(tt.input), "tool_input")
		if err != nil {
			t.Fatal(err)
		}
		if err := byFields(c, "mcp__fs__read_file", in); err != nil {
			t.Fatal(err)
		}
		got := slices.ContainsFunc(c.Inputs, func(i event.Input) bool { return i.Kind == event.KindTouch && i.Text == "/h/.bashrc" })
		if got != tt.touch {
			t.Errorf("%s: inputs %v, want a touch of /h/.bashrc = %v", tt.input, c.Inputs, tt.touch)
		}
	}
}
