package hook

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestContextImports: the agents' clients import the @path lines of their
// context files into the model's context with no tool call. A write of
// such a file (any directory, the home too) whose text imports a
// read-protected file, directly or through a file it imports, or a file
// holding a secret, blocks as that read; a shell write whose text guard
// cannot compute blocks; a literal note, an import of a plain file and a
// write of another name pass.
func TestContextImports(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	writeFiles(t, dir, map[string]string{
		"proj/.env": "DB_PASS=hunter2xyz\n", "proj/README.md": "hi\n", "proj/docs/notes.md": "see @../.env\n",
		"proj/config.yml": "token: " + ghTok + "\n", "proj/AGENT_A.md": "see @.en\n", "proj/other.md": "x\n",
		".ssh/id_rsa": "k\n", "proj/notes.md": "@.env\n", "proj/tmpl/AGENTS.md": "@../.env\n", "proj/sub/AGENTS.md": "@later.md\n",
		"proj/tmpl/plain.md": "x\n",
	})
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	toolA := func(tool, input string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"` + tool + `","cwd":"P","tool_input":` + input + `}`
	}
	write := func(file, content string) string {
		return toolA("Write", `{"file_path":"`+file+`","content":`+jsonString(content)+`}`)
	}
	bash := func(cmd string) string { return toolA("Bash", `{"command":`+jsonString(cmd)+`}`) }
	toolC := func(tool, input string) string {
		return `{"hook_event_name":"BeforeTool","tool_name":"` + tool + `","cwd":"P","tool_input":` + input + `}`
	}
	for _, tt := range []struct {
		name, agent, payload, verdict string
	}{
		{"A Write .env import", "A", write("P/AGENT_A.md", "# notes\nSee @.env\n"), "block"},
		{"A Write key import", "A", write("P/AGENT_A.md", "See @~/.ssh/id_rsa"), "block"},
		{"A Write local file", "A", write("P/AGENT_A.local.md", "(@.env)"), "block"},
		{"A Write subdirectory", "A", write("P/src/AGENT_A.md", "@../.env"), "block"},
		{"A Write ancestor", "A", write("H/AGENT_A.md", "@proj/.env"), "block"},
		{"A Write AGENTS.md", "A", write("P/AGENTS.md", "`@./.env`"), "block"},
		{"A Write lower case", "A", write("P/agents.md", "@.env"), "block"},
		{"A Write through an import", "A", write("P/AGENT_A.md", "@docs/notes.md"), "block"},
		{"A Write secret file import", "A", write("P/AGENT_A.md", "@config.yml"), "block"},
		{"A Edit completes an import", "A", toolA("Edit", `{"file_path":"P/AGENT_A.md","old_string":"en\n","new_string":"env\n"}`), "block"},
		{"A MCP move onto AGENT_A.md", "A", toolA("mcp__fs__move_file", `{"source":"P/other.md","destination":"P/AGENT_A.md"}`), "block"},
		{"A MCP copy onto an imported file", "A", toolA("mcp__fs__copy_file", `{"source":"/tmp/x.md","destination":"P/sub/later.md"}`), "block"},
		{"A MCP download to AGENTS.md", "A", toolA("mcp__fetch__download", `{"url":"https://example.com/x","output_path":"P/AGENTS.md"}`), "block"},
		{"A MCP write of a plain file", "A", toolA("mcp__fs__write_file", `{"path":"P/plain.txt","content":"hello"}`), "allow"},
		{"A MultiEdit", "A", toolA("MultiEdit", `{"file_path":"P/AGENTS.md","edits":[{"old_string":"a","new_string":"@~/.ssh/id_rsa"}]}`), "block"},
		{"A Bash printf", "A", bash(`printf "@.env\n" >> AGENT_A.md`), "block"},
		{"A Bash heredoc", "A", bash("cat > AGENTS.md <<EOF\n@~/.ssh/id_rsa\nEOF"), "block"},
		{"A Bash pipeline", "A", bash("cat other.md | tr a b >> AGENTS.md"), "block"},
		{"A Bash copy", "A", bash("cp other.md AGENTS.md"), "block"},
		{"A Bash sed -i", "A", bash("sed -i 's/e[n]/env/' AGENT_A.md"), "block"},                  // a pattern: text guard does not compute
		{"A Bash sed -i literal", "A", bash("sed -i s/en/env/ AGENT_A.md"), "block"},              // computed: see @.env
		{"A Bash sed -i literal, no import", "A", bash("sed -i s/see/look/ AGENT_A.md"), "allow"}, // computed: look @.en
		{"A apply_patch relative", "A", toolA("apply_patch", `{"input":"*** Begin Patch\n*** Add File: AGENTS.md\n+@.env\n*** End Patch"}`), "block"},
		{"B shell echo", "B", `{"hookEventName":"beforeShellExecution","cwd":"P","workspace_roots":["P"],"command":"echo @.env >> AGENTS.md"}`, "block"},
		{"B Write", "B", `{"hook_event_name":"preToolUse","tool_name":"Write","cwd":"P","workspace_roots":["P"],"tool_input":{"file_path":"P/AGENTS.md","content":"@.env"}}`, "block"},
		{"C write_file", "C", toolC("write_file", `{"file_path":"P/AGENT_C.md","content":"@../.ssh/id_rsa"}`), "block"},
		{"C replace", "C", toolC("replace", `{"file_path":"P/AGENT_C.md","old_string":"","new_string":"@./.env"}`), "block"},
		{"C save_memory", "C", toolC("save_memory", `{"fact":"@H/.ssh/id_rsa"}`), "block"},
		// The clients cut a path at '#' and unescape `\ `: every reading is checked.
		{"A Write fragment", "A", write("P/AGENT_A.md", "@.env#top"), "block"},
		{"A Write fragment after text", "A", write("P/AGENT_A.md", "See @.env#x"), "block"},
		{"A Write empty fragment", "A", write("P/AGENT_A.md", "@./.env#"), "block"},
		{"A Write escaped blank", "A", write("P/AGENT_A.md", `@x\ y/../.env`), "block"},
		{"A Write fragment secret file", "A", write("P/AGENT_A.md", "@config.yml#x"), "block"},
		{"A Write backslash end", "A", write("P/AGENT_A.md", `@.env\x`), "block"},
		{"A Write quote inside", "A", write("P/AGENT_A.md", `@.env"x`), "block"},
		// A JS `\s` is any Unicode space: each is a blank before @ and ends the word.
		{"A Write no-break space before", "A", write("P/AGENTS.md", "see\u00a0@.env"), "block"},
		{"A Write form feed before", "A", write("P/AGENTS.md", "see\f@.env"), "block"},
		{"A Write em space before key", "A", write("P/AGENT_A.md", "x\u2003@~/.ssh/id_rsa"), "block"},
		{"A Write line separator before", "A", write("P/AGENT_A.md", "see\u2028@.env"), "block"},
		{"A Write no-break space after", "A", write("P/AGENTS.md", "see @.env\u00a0now"), "block"},
		{"A Write form feed after", "A", write("P/AGENT_A.md", "see @.env\fnow"), "block"},
		{"A Write ideographic space in a word", "A", write("P/AGENT_A.md", "@README.md\u3000@.env"), "block"},
		{"B Write no-break space", "B", `{"hook_event_name":"preToolUse","tool_name":"Write","cwd":"P","workspace_roots":["P"],"tool_input":{"file_path":"P/AGENTS.md","content":"see\u00a0@.env"}}`, "block"},
		{"C write_file no-break space after", "C", toolC("write_file", `{"file_path":"P/AGENT_C.md","content":"x @.env\u00a0now"}`), "block"},
		{"A Write no-break space, plain import", "A", write("P/AGENT_A.md", "see\u00a0@README.md\u00a0now"), "allow"},
		// A context file put in place under a name guard does not see written,
		// and a write of a file a context file imports.
		{"A Bash git mv", "A", bash("git mv notes.md AGENTS.md"), "block"},
		{"A Bash git checkout", "A", bash("git checkout -- AGENTS.md"), "block"},
		{"A Bash git restore", "A", bash("git restore AGENTS.md"), "block"},
		{"A Bash git add then checkout", "A", bash("git add AGENTS.md && git checkout -- AGENTS.md"), "block"},
		{"A Bash cp glob into directory", "A", bash("cp tmpl/* docs/"), "block"},
		{"A Bash mv glob into directory", "A", bash("mv tmpl/* docs/"), "block"},
		{"A Bash cp -r tree", "A", bash("cp -r tmpl/. docs/"), "block"},
		{"A Bash node copy", "A", bash(`node -e 'require("fs").copyFileSync("notes.md","AGENTS.md")'`), "block"},
		{"A Bash python copy", "A", bash(`python3 -c 'import shutil; shutil.copy("notes.md","AGENTS.md")'`), "block"},
		{"A Write imported file", "A", write("P/sub/later.md", "@../.env"), "block"},
		{"A Bash write imported file", "A", bash("echo @../.env > sub/later.md"), "block"},
		{"A Write override file", "A", write("P/AGENTS.override.md", "@.env"), "block"},
		// Controls.
		{"A Bash cp plain into directory", "A", bash("cp tmpl/plain.md docs/"), "allow"},
		{"A Bash git diff", "A", bash("git diff AGENTS.md"), "allow"},
		{"A Bash git add commit", "A", bash("git add AGENTS.md && git commit -m notes AGENTS.md"), "allow"},
		{"A Write imported file plain", "A", write("P/sub/later.md", "notes\n"), "allow"},
		{"A Write unimported file", "A", write("P/sub/other.md", "@../.env"), "block"},
		{"A Write plain import", "A", write("P/AGENT_A.md", "# notes\nSee @README.md, mail a@b.example\n"), "allow"},
		{"A Write README .env", "A", write("P/README.md", "@.env"), "block"},
		{"A Edit note", "A", toolA("Edit", `{"file_path":"P/AGENT_A.md","old_string":"see","new_string":"read"}`), "allow"},
		{"A Bash literal note", "A", bash("echo '- use go 1.22' >> AGENTS.md"), "allow"},
		{"A Bash other file", "A", bash("cat other.md | tr a b > notes.md"), "allow"},
		{"A Bash rm", "A", bash("rm -f AGENTS.md src/AGENT_A.md"), "allow"},
		{"A Bash touch chmod", "A", bash("touch AGENTS.md && chmod 644 AGENT_A.md"), "allow"},
		{"A Bash copy into no directory", "A", bash("cp other.md nodir/AGENTS.md"), "allow"},
		{"C save_memory fact", "C", toolC("save_memory", `{"fact":"the user prefers go"}`), "allow"},
	} {
		contextVerdict(t, p, dir, proj, tt.name, tt.agent, tt.payload, tt.verdict)
	}
}

// contextVerdict runs payload (P the project proj, H the home dir) as
// agent's hook call with policy p and checks its one verdict.
func contextVerdict(t *testing.T, p *policy.Policy, dir, proj, name, agent, payload, verdict string) {
	t.Helper()
	var f fake
	payload = strings.NewReplacer(`"P"`, `"`+proj+`"`, `P/`, proj+`/`, `H/`, dir+`/`).Replace(payload)
	cfg := f.config(payload, nil)
	cfg.Agent = strings.ToLower(agent)
	cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
	Run(cfg)
	if len(f.records) != 1 || f.records[0].Verdict != verdict {
		t.Errorf("%s: records %+v, want one %s; %s %s", name, f.records, verdict, f.stdout.String(), f.stderr.String())
	}
}

// TestImportsOf: the words a context file's text imports.
func TestImportsOf(t *testing.T) {
	for text, want := range map[string]string{
		"See @.env and @~/.ssh/id_rsa.": ".env ~/.ssh/id_rsa. ~/.ssh/id_rsa",
		"mail a@b.example, `@x`":        "x x`",
		"(@docs/a.md)\n@b":              "docs/a.md) docs/a.md b",
		"@ alone":                       "",
		"@.env#top.":                    ".env#top. .env .env#top",
		`@x\ y/a.md`:                    `x\ y/a.md x y/a.md`,
		`@a\b`:                          `a\b a ab`,
		`@a"b c`:                        `a a"b`,
		"see\u00a0@.env":                ".env",
		"see\f@.env \v@b \ufeff@c":      ".env b c",
		"see @.env\u00a0now.":           ".env .env\u00a0now. .env\u00a0now",
		"@a\u3000@.env":                 "a a\u3000@.env .env",
		"@a\v\\ b":                      "a a\v\\ b a\v b",
	} {
		if got := strings.Join(importsOf(text), " "); got != want {
			t.Errorf("importsOf(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestContextClosure: an import closure guard cannot
// walk whole (past maxImportFiles files, a file past maxImportBytes) is a
// block, not "imports nothing", both for a write of a context file and for
// the writes a context file already on disk may import; and a write of any
// file whose text imports a read-protected file is that read, whatever
// context file (a sibling directory's) imports it.
func TestContextClosure(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	big := strings.Repeat("x", maxImportBytes+10) + "\n"
	var many strings.Builder
	files := map[string]string{
		"proj/.env": "DB_PASS=hunter2xyz\n", "proj/config.yml": "token: " + ghTok + "\n", "proj/other.md": "x\n",
		"proj/big.md": big + "@.env\n", "proj/partial.md": "@.e",
		"big/AGENT_A.md": big + "@later.md\n", "big/config.yml": "token: " + ghTok + "\n",
	}
	for i := 1; i <= maxImportFiles+1; i++ {
		files[fmt.Sprintf("proj/n%d.md", i)] = "note\n"
		files[fmt.Sprintf("many/n%d.md", i)] = "note\n"
		fmt.Fprintf(&many, "@n%d.md\n", i)
	}
	files[fmt.Sprintf("proj/n%d.md", maxImportFiles+1)] = "@.env\n"
	files["many/AGENT_A.md"] = many.String()
	writeFiles(t, dir, files)
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
	bash := func(cwd, cmd string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"` + cwd + `","tool_input":{"command":` + jsonString(cmd) + `}}`
	}
	for _, tt := range []struct{ name, payload, verdict string }{
		// C1: the 33rd imported file.
		{"past the files bound", write("P/AGENT_A.md", many.String()), "block"},
		{"under the files bound", write("P/AGENT_A.md", "@n1.md\n@n2.md\n"), "allow"},
		{"shell copy under a context file past the bound", bash("H/many", "cat other.md | tr a b > n40.md"), "block"},
		{"secret import under a context file past the bound", write("H/many/n40.md", "@../proj/config.yml"), "block"},
		// C2: an imported or context file past the bytes bound.
		{"big import", write("P/AGENT_A.md", "@big.md"), "block"},
		{"shell copy under a big context file", bash("H/big", "cp ../proj/other.md later.md"), "block"},
		{"secret import under a big context file", write("H/big/later.md", "@config.yml"), "block"},
		// C3: any file's imports of a read-protected file.
		{"imported by a context file not found", write("P/later.md", "see @.env"), "block"},
		{"shell write of an import", bash("P", "echo @.env > later.md"), "block"},
		{"shell append completes an import", bash("P", "printf nv >> partial.md"), "block"},
		{"edit completes an import", tool("Edit", `{"file_path":"P/partial.md","old_string":".e","new_string":".env"}`), "block"},
		// Controls.
		{"mentions", write("P/doc.md", "ask @alice, @bob and `@types/node`; mail a@b.example\n"), "allow"},
		{"plain import of a secret file", write("P/doc.md", "@config.yml"), "allow"},
		{"shell mention", bash("P", "echo '@user: see notes' > doc.md"), "allow"},
		{"shell copy", bash("P", "cat other.md | tr a b > doc.md"), "allow"},
		{"shell append", bash("P", "printf 'x\n' >> partial.md"), "allow"},
	} {
		contextVerdict(t, p, dir, proj, tt.name, "A", tt.payload, tt.verdict)
	}
}
