//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestContextLinks: a context file written through a
// symbolic link or another hard link, under another name, is a write of
// the context file, and so is a write of the file a context file's own
// link leads to; an import of a FIFO is one guard cannot read: a block.
func TestContextLinks(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	os.MkdirAll(filepath.Join(proj, "docs"), 0o755)
	for name, text := range map[string]string{"AGENT_A.md": "# notes\n", "config.yml": "token: " + ghTok + "\n", "other.md": "x\n"} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("AGENT_A.md", filepath.Join(proj, "notes.md")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Symlink("../AGENT_A.md", filepath.Join(proj, "docs", "link.md"))
	os.Symlink("other.md", filepath.Join(proj, "plainlink.md"))
	os.MkdirAll(filepath.Join(proj, "l1"), 0o755)
	os.WriteFile(filepath.Join(proj, "l1", "README.md"), []byte("# readme\n"), 0o600)
	os.Symlink("README.md", filepath.Join(proj, "l1", "AGENT_A.md"))
	if err := os.Link(filepath.Join(proj, "AGENT_A.md"), filepath.Join(proj, "hardnotes.md")); err != nil {
		t.Skip("no hard links here:", err)
	}
	if err := syscall.Mkfifo(filepath.Join(proj, "fifo"), 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	tool := func(tool, input string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"` + tool + `","cwd":"P","tool_input":` + input + `}`
	}
	write := func(file, content string) string {
		return tool("Write", `{"file_path":"`+file+`","content":`+jsonString(content)+`}`)
	}
	bash := func(cmd string) string { return tool("Bash", `{"command":`+jsonString(cmd)+`}`) }
	for _, tt := range []struct{ name, payload, verdict string }{
		{"Write symbolic link", write("P/notes.md", "@config.yml"), "block"},
		{"Write link in a subdirectory", write("P/docs/link.md", "@config.yml"), "block"},
		{"Edit symbolic link", tool("Edit", `{"file_path":"P/notes.md","old_string":"# notes","new_string":"@config.yml"}`), "block"},
		{"Write hard link", write("P/hardnotes.md", "@config.yml"), "block"},
		{"shell append to symbolic link", bash("echo @config.yml >> notes.md"), "block"},
		{"shell copy to symbolic link", bash("cp other.md notes.md"), "block"},
		{"shell copy to hard link", bash("cp other.md hardnotes.md"), "block"},
		{"FIFO import", write("P/AGENT_A.md", "@fifo"), "block"},
		// A context file that is a link to another name.
		{"sed -i of a context file's link target", bash("sed -i 's/r[e]adme/x/' l1/README.md"), "block"},
		{"sed -i to an import through the link", bash(`sed -i "s/# readme/@..\/config.yml/" l1/README.md`), "block"},
		{"download to a context file's link target", bash("curl -so l1/README.md http://example.com/r"), "block"},
		{"Write a context file's link target", write("P/l1/README.md", "@../config.yml"), "block"},
		// Controls.
		{"Write link to a plain file", write("P/plainlink.md", "@config.yml"), "allow"},
		{"shell copy to a link to a plain file", bash("cp config.yml plainlink.md"), "allow"},
		{"shell note through a link", bash("echo '- use go 1.22' >> notes.md"), "allow"},
	} {
		contextVerdict(t, p, dir, proj, tt.name, "A", tt.payload, tt.verdict)
	}
}
