package hook

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// TestSearchLines: a content search over a directory (or the cwd), or an
// MCP search tool, prints a private key's body lines: its
// result is withheld where the client takes a replacement; an MCP tool
// with a pattern or query argument pre-reads its own file; a search whose
// lines hold no part of a secret (clean files, a sourcemap, a lockfile's
// integrity) passes, and files_with_matches prints names only.
func TestSearchLines(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	clean := filepath.Join(dir, "clean")
	key := leakKey()
	body := strings.Split(strings.TrimSpace(key), "\n")
	blob := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("sourcemap mappings and names 0123456789 ", 4)))
	integrity := "sha512-" + base64.StdEncoding.EncodeToString([]byte(strings.Repeat("\x01\x7f\xfe lockfile", 7)))
	for d, files := range map[string]map[string]string{
		proj: {
			"deploy_key": key,
			// A file named by the start of the key file's.
			"certs/server":          "",
			"certs/server-prod.txt": key,
			"certs/a":               "",
			"certs/a:1:b.txt":       key,
			".env":                  "X=1\n",
			"main.go":               "package main\n",
			"app.js":                "x()\n//# sourceMappingURL=data:application/json;base64," + blob + "\n",
		},
		clean: {
			"main.go":           "package main\n",
			"app.js":            "x()\n//# sourceMappingURL=data:application/json;base64," + blob + "\n",
			"package-lock.json": `{"packages":{"node_modules/a":{"integrity":"` + integrity + `"}}}` + "\n",
			"blob.txt":          body[3] + "\n" + body[4] + "\n" + body[5] + "\n", // key-like lines, no key
		},
	} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range files {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(d, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d, name), []byte(text), 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	const pat = `"^[A-Za-z0-9+/]{40,}$"`
	lines := func(prefix, sep string) string {
		var out []string
		for i := 3; i <= 5; i++ {
			out = append(out, prefix+strconv.Itoa(i+1)+sep+body[i])
		}
		return strings.Join(out, "\n")
	}
	grepA := func(input, content string) string {
		return `{"hook_event_name":"PostToolUse","tool_name":"Grep","cwd":"P","tool_input":` + input +
			`,"tool_response":{"mode":"content","numFiles":1,"filenames":[],"content":` + jsonString(content) + `,"numLines":3}}`
	}
	var many []string
	for i := range 600 {
		many = append(many, `Q/package-lock.json:`+strconv.Itoa(i+1)+`:      "integrity": "`+integrity+`",`)
	}
	manyIntegrity := strings.Join(many, "\n")
	mcpA := func(tool, input, text string) string {
		return `{"hook_event_name":"PostToolUse","tool_name":"` + tool + `","cwd":"P","tool_input":` + input +
			`,"tool_response":[{"type":"text","text":` + jsonString(text) + `}]}`
	}
	searchC := func(input, content string) string {
		return `{"hook_event_name":"AfterTool","tool_name":"search_file_content","cwd":"P","tool_input":` + input +
			`,"tool_response":{"llmContent":` + jsonString(content) + `,"returnDisplay":"Found 3 matches"}}`
	}
	for _, tt := range []struct {
		name, agent, payload, verdict string
	}{
		// Results.
		{"A Grep dir", "A", grepA(`{"pattern":`+pat+`,"path":"P","output_mode":"content"}`, lines("P/deploy_key:", ":")), "block"},
		{"A Grep no path", "A", grepA(`{"pattern":`+pat+`,"output_mode":"content"}`, lines("deploy_key:", ":")), "block"},
		{"A Grep no -n", "A", grepA(`{"pattern":`+pat+`,"output_mode":"content"}`, strings.ReplaceAll(lines("P/deploy_key:", ":"), ":4:", ":")), "block"},
		{"A Grep context", "A", grepA(`{"pattern":"X","path":"P","output_mode":"content","-C":3}`, lines("deploy_key-", "-")), "block"},
		{"A Grep no input", "A", `{"hook_event_name":"PostToolUse","tool_name":"Grep","cwd":"P","tool_response":{"content":` + jsonString(lines("deploy_key:", ":")) + `}}`, "block"},
		{"A mcp rg own file", "A", mcpA("mcp__rg__search", `{"pattern":`+pat+`,"path":"P/deploy_key"}`, body[3]+"\n"+body[4]+"\n"+body[5]), "block"},
		{"A mcp rg query dir", "A", mcpA("mcp__rg__search", `{"query":`+pat+`,"directory":"P"}`, lines("deploy_key:", ":")), "block"},
		{"A mcp fs search file", "A", mcpA("mcp__fs__search_files", `{"pattern":"AAAA","path":"P/deploy_key"}`, body[4]), "block"},
		{"A mcp lines no file", "A", mcpA("mcp__rg__search", `{"query":`+pat+`,"directory":"P/sub"}`, body[3]+"\n"+body[4]), "block"},
		{"A mcp lines unknown file", "A", mcpA("mcp__rg__search", `{"query":`+pat+`}`, lines("elsewhere/deploy_key:", ":")), "block"},
		{"A Grep value of a gone file", "A", grepA(`{"pattern":"SECRET","output_mode":"content"}`, "gone/prod.env:3:DATA=lRStA6Q/YZSCqiWIo+Cke8DLlvN8VlGU4ZpcBFgE"), "allow"},
		{"C search dir", "C", searchC(`{"pattern":`+pat+`,"dir_path":"P"}`, "Found 3 matches for pattern in path \"P\":\n---\nFile: deploy_key\n"+lines("L", ": ")+"\n---\n"), "block"},
		// Calls: an MCP search tool's own file.
		{"A mcp rg file call", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__rg__search","cwd":"P","tool_input":{"pattern":` + pat + `,"path":"P/deploy_key"}}`, "block"},
		{"A mcp fs search call", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__search_files","cwd":"P","tool_input":{"pattern":"AAAA","path":"P/deploy_key"}}`, "block"},
		{"A mcp read call", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_file","cwd":"P","tool_input":{"path":"P/deploy_key"}}`, "allow"},
		{"B Grep dir", "B", `{"hook_event_name":"preToolUse","tool_name":"Grep","cwd":"P","workspace_roots":["P"],"tool_input":{"pattern":` + pat + `,"path":"P"}}`, "block"},
		// Every file a line's prefixes name.
		{"A Grep beside a decoy prefix", "A", grepA(`{"pattern":"Q","path":"P/certs","output_mode":"content","-n":true}`, lines("P/certs/server-prod.txt:", ":")), "block"},
		{"A Grep decoy, context lines", "A", grepA(`{"pattern":"Q","path":"P/certs","output_mode":"content","-C":1}`, lines("P/certs/server-prod.txt-", "-")), "block"},
		{"A Grep decoy, relative", "A", grepA(`{"pattern":"Q","output_mode":"content"}`, lines("certs/server-prod.txt:", ":")), "block"},
		{"A Grep decoy, a line mark in the name", "A", grepA(`{"pattern":"Q","path":"P/certs","output_mode":"content","-n":true}`, lines("P/certs/a:1:b.txt:", ":")), "block"},
		{"A Grep many integrity lines", "A", grepA(`{"pattern":"integrity","path":"Q","output_mode":"content","-n":true}`, manyIntegrity), "allow"},
		// An MCP search by what it carries, not its argument names.
		{"A mcp q over a dir", "A", mcpA("mcp__code__find_text", `{"q":"zq","path":"P/certs"}`, lines("P/certs/server-prod.txt:", ":")), "block"},
		{"A mcp text, directory", "A", mcpA("mcp__code__find_text", `{"text":"zq","directory":"P/certs"}`, lines("P/certs/server-prod.txt:", ":")), "block"},
		{"A mcp keyword, root", "A", mcpA("mcp__code__find_text", `{"keyword":"zq","root":"P/certs"}`, lines("P/certs/server-prod.txt:", ":")), "block"},
		{"A mcp match, dir", "A", mcpA("mcp__code__find_text", `{"match":"zq","dir":"P/certs"}`, lines("P/certs/server-prod.txt:", ":")), "block"},
		{"A mcp q own file call", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__code__find_text","cwd":"P","tool_input":{"q":"zq","path":"P/deploy_key"}}`, "block"},
		{"A mcp read with encoding", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_file","cwd":"P","tool_input":{"path":"P/deploy_key","encoding":"utf-8"}}`, "allow"},
		// A file returned encoded or reshaped: the result scan cannot read it.
		{"A mcp read base32", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_file","cwd":"P","tool_input":{"path":"P/deploy_key","encoding":"base32"}}`, "block"},
		{"A mcp read format hex", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_file","cwd":"P","tool_input":{"path":"P/deploy_key","format":"hex"}}`, "block"},
		{"A mcp read gzip", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_file","cwd":"P","tool_input":{"path":"P/deploy_key","gzip":true}}`, "block"},
		{"A mcp hexdump", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__hexdump","cwd":"P","tool_input":{"path":"P/deploy_key"}}`, "block"},
		{"A mcp read gzip off", "A", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_file","cwd":"P","tool_input":{"path":"P/deploy_key","gzip":false}}`, "block"}, // a field guard does not know, whatever its value
		{"A mcp q clean dir", "A", mcpA("mcp__code__find_text", `{"q":"package","path":"Q"}`, "Q/main.go:1:package main"), "allow"},
		// Controls.
		{"A Grep clean project", "A", grepA(`{"pattern":"package","path":"Q","output_mode":"content"}`, "Q/main.go:1:package main"), "allow"},
		{"A Grep sourcemap", "A", grepA(`{"pattern":"sourceMappingURL","output_mode":"content"}`, "app.js:2://# sourceMappingURL=data:application/json;base64,"+blob), "allow"},
		{"A Grep clean sourcemap", "A", grepA(`{"pattern":"base64","path":"Q","output_mode":"content"}`, "Q/app.js:2://# sourceMappingURL=data:application/json;base64,"+blob), "allow"},
		{"A Grep integrity", "A", grepA(`{"pattern":"integrity","path":"Q","output_mode":"content"}`, `Q/package-lock.json:1:{"packages":{"node_modules/a":{"integrity":"`+integrity+`"}}}`), "allow"},
		{"A Grep key-like, no key", "A", grepA(`{"pattern":`+pat+`,"path":"Q","output_mode":"content"}`, lines("Q/blob.txt:", ":")), "allow"},
		{"A Grep files", "A", `{"hook_event_name":"PostToolUse","tool_name":"Grep","cwd":"P","tool_input":{"pattern":` + pat + `,"path":"P"},"tool_response":{"mode":"files_with_matches","filenames":["P/deploy_key"],"numFiles":1}}`, "allow"},
		{"C search clean", "C", searchC(`{"pattern":"package","dir_path":"Q"}`, "Found 1 match:\n---\nFile: main.go\nL1: package main\n---\n"), "allow"},
	} {
		var f fake
		payload := strings.NewReplacer(`"P"`, `"`+proj+`"`, `P/`, proj+`/`, `"Q"`, `"`+clean+`"`, `Q/`, clean+`/`).Replace(tt.payload)
		cfg := f.config(payload, nil)
		cfg.Agent = strings.ToLower(tt.agent)
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s: records %+v, want one %s; %s %s", tt.name, f.records, tt.verdict, f.stdout.String(), f.stderr.String())
			continue
		}
		out := f.stdout.String() + f.stderr.String()
		for _, l := range body[1 : len(body)-1] {
			if strings.Contains(out, l) {
				t.Errorf("%s: the answer holds a line of the key: %s", tt.name, out)
				break
			}
		}
		if tt.verdict == "block" && strings.Contains(tt.payload, "tool_response") && f.records[0].Action != event.ActionWithheld {
			t.Errorf("%s: action %q, want withheld", tt.name, f.records[0].Action)
		}
	}
}

// FuzzSearchLines: reading any result text as a content search's lines
// never panics, and every run it keeps is a key-like run of the text.
func FuzzSearchLines(f *testing.F) {
	f.Add("deploy_key:3:b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nFile: x\nL2: abc")
	f.Add("-:-:\n\r\n")
	f.Fuzz(func(t *testing.T, text string) {
		s := &searchSeen{scope: []string{t.TempDir()}, files: map[string]string{}, runs: map[string][]string{}}
		s.text(text, []event.Input{{Text: text}})
		for _, runs := range s.runs {
			for _, r := range runs {
				if len(r) < minSearchRun || !strings.Contains(text, r) {
					t.Fatalf("run %q is not a key-like run of the text", r)
				}
			}
		}
	})
}
