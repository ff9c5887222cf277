package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// TestSearchReads: a search result's line attributed to a file the read
// rules protect (a project's .env, a key file) is that file's read whatever
// its value's shape: Grep, a shell grep or rg, agent C's
// search_file_content are withheld; lines of other files, names alone
// (grep -l) and values of no protected file pass.
func TestSearchReads(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	for name, text := range map[string]string{".env": "DB_PASS=hunter2xyz\n", "README.md": "DB docs\n", "src/db.go": "package db\n",
		"tls/server.key": "k\n", "tls/server.pem": "c\n"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(proj, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	grepA := func(content string) string {
		return `{"hook_event_name":"PostToolUse","tool_name":"Grep","cwd":"P","tool_input":{"pattern":"DB","output_mode":"content"},"tool_response":{"content":` + jsonString(content) + `}}`
	}
	bashA := func(cmd, out string) string {
		return `{"hook_event_name":"PostToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":` + jsonString(cmd) +
			`},"tool_response":{"stdout":` + jsonString(out) + `,"stderr":"","interrupted":false}}`
	}
	searchC := func(content string) string {
		return `{"hook_event_name":"AfterTool","tool_name":"search_file_content","cwd":"P","tool_input":{"pattern":"DB"},"tool_response":{"llmContent":` + jsonString(content) + `}}`
	}
	for _, tt := range []struct {
		name, agent, payload, verdict string
	}{
		{"A Grep .env line", "A", grepA(".env:1:DB_PASS=hunter2xyz"), "block"},
		{"A Grep .env, no -n", "A", grepA(".env:DB_PASS=hunter2xyz"), "block"},
		{"A Grep .env context", "A", grepA("README.md:1:DB docs\n.env-1-DB_PASS=hunter2xyz"), "block"},
		{"A Grep .env absolute", "A", grepA("P/.env:1:DB_PASS=hunter2xyz"), "block"},
		{"A Grep key file", "A", grepA("~/.ssh/id_rsa:2:abc"), "block"},
		{"A Bash grep -rn", "A", bashA("grep -rn DB .", "./README.md:1:DB docs\n./.env:1:DB_PASS=hunter2xyz"), "block"},
		{"A Bash rg heading", "A", bashA("rg --heading -n DB", ".env\n1:DB_PASS=hunter2xyz\n"), "block"},
		{"A Bash grep coloured", "A", bashA("grep -rn --color=always DB .", "\x1b[35m\x1b[K./.env\x1b[m\x1b[K\x1b[36m\x1b[K:\x1b[m\x1b[K1:DB_PASS=hunter2xyz"), "block"},
		{"A Bash rg", "A", bashA("rg --hidden -n DB", ".env:1:DB_PASS=hunter2xyz"), "block"},
		{"C search .env", "C", searchC("Found 1 match:\n---\nFile: .env\nL1: DB_PASS=hunter2xyz\n---\n"), "block"},
		// Lines guard cannot attribute to a file on disk, of a tree holding .env.
		{"A Bash grep -rh", "A", bashA("grep -rh PASS .", "DB_PASS=hunter2xyz\n"), "block"},
		{"A Bash grep -rZ", "A", bashA("grep -rZ PASS .", "./.env\x00DB_PASS=hunter2xyz\n"), "block"},
		{"A Bash grep -rnZ", "A", bashA("grep -rnZ PASS .", "./.env\x001:DB_PASS=hunter2xyz\n"), "block"},
		{"A Bash rg --json", "A", bashA("rg --json PASS", `{"type":"match","data":{"path":{"text":".env"},"lines":{"text":"DB_PASS=hunter2xyz\n"}}}`+"\n"), "block"},
		{"A Bash rg --json bytes", "A", bashA("rg --json PASS", `{"type":"match","data":{"path":{"bytes":"LmVudg=="},"lines":{"text":"DB_PASS=hunter2xyz\n"}}}`+"\n"), "block"},
		{"A Bash rg separator", "A", bashA(`rg --field-match-separator=" " -n PASS`, ".env 1 DB_PASS=hunter2xyz\n"), "block"},
		{"A Bash grep cut", "A", bashA("grep -rn PASS . | cut -d: -f3", "DB_PASS=hunter2xyz\n"), "block"},
		{"A Bash grep tr", "A", bashA(`grep -rn PASS . | tr : " "`, "./.env 1 DB_PASS=hunter2xyz\n"), "block"},
		{"A Bash grep -rh yaml", "A", bashA("grep -rh PASS .", "db_pass: hunter2xyz\n"), "block"},
		// Controls.
		{"A Bash grep -rh no .env", "A", bashA("grep -rh DB src/", "package db\n"), "allow"},
		{"A Bash rg --json README", "A", bashA("rg --json DB README.md", `{"type":"match","data":{"path":{"text":"README.md"},"lines":{"text":"DB docs\n"}}}`+"\n"), "allow"},
		{"A Bash grep -rZ README", "A", bashA("grep -rlZ DB .", "./README.md\x00"), "allow"},
		{"A Bash grep -rn README", "A", bashA("grep -rn DB .", "./README.md:1:DB docs\ngrep: ./src/db.go: binary file matches\n"), "allow"},
		{"A Bash grep count", "A", bashA("grep -rn DB . | wc -l", "2\n"), "allow"},
		{"A Bash file", "A", bashA("file tls/*", "tls/server.key: PEM RSA private key\ntls/server.pem: PEM certificate\n"), "allow"},
		{"A Bash openssl verify", "A", bashA("openssl verify -CAfile tls/server.pem tls/server.pem", "tls/server.pem: OK\n"), "allow"},
		{"A Grep README", "A", grepA("README.md:1:DB docs"), "allow"},
		{"A Grep names only", "A", grepA(".env\nREADME.md"), "allow"},
		{"A Bash grep -l", "A", bashA("grep -rl DB .", "./.env\n./README.md"), "allow"},
		{"A Bash ls -R heading", "A", bashA("ls -R ..", "P/../.ssh:\nid_rsa"), "allow"},
		{"A Bash go vet", "A", bashA("go vet ./...", "src/db.go:1:1: x declared and not used"), "allow"},
		{"A Bash .env.example", "A", bashA("grep -n DB .env.example", ".env.example:1:DB_PASS=changeme"), "allow"},
		{"C search README", "C", searchC("Found 1 match:\n---\nFile: README.md\nL1: DB docs\n---\n"), "allow"},
		{"C read_many_files .env", "C", `{"hook_event_name":"AfterTool","tool_name":"read_many_files","cwd":"P","tool_input":{"paths":["**/*"]},"tool_response":{"llmContent":"--- P/README.md ---\n\nDB docs\n\n--- P/.env ---\n\nDB_PASS=hunter2xyz\n\n--- End of content ---"}}`, "block"},
		{"C read_many_files README", "C", `{"hook_event_name":"AfterTool","tool_name":"read_many_files","cwd":"P","tool_input":{"paths":["**/*.md"]},"tool_response":{"llmContent":"--- P/README.md ---\n\nDB docs\n\n--- End of content ---"}}`, "allow"},
		// Counts per file print no line of it.
		{"A Bash grep -rc", "A", bashA("grep -rc PASS .", "./.env:1\n./README.md:0\n"), "allow"},
		{"A Bash rg --count", "A", bashA("rg --count --hidden PASS", ".env:1\n"), "allow"},
		{"A Grep count mode", "A", `{"hook_event_name":"PostToolUse","tool_name":"Grep","cwd":"P","tool_input":{"pattern":"DB","output_mode":"count"},"tool_response":{"content":".env:1\nREADME.md:1"}}`, "allow"},
		{"A Bash grep -c, then -n", "A", bashA("grep -rc PASS .; grep -rn PASS .", "./.env:1\n./.env:1:DB_PASS=hunter2xyz\n"), "block"},
		{"A Grep count mode, a line", "A", `{"hook_event_name":"PostToolUse","tool_name":"Grep","cwd":"P","tool_input":{"pattern":"DB","output_mode":"count"},"tool_response":{"content":".env:DB_PASS=hunter2xyz"}}`, "block"},
	} {
		var f fake
		payload := strings.NewReplacer(`"P"`, `"`+proj+`"`, `P/`, proj+`/`).Replace(tt.payload)
		cfg := f.config(payload, nil)
		cfg.Agent = strings.ToLower(tt.agent)
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s: records %+v, want one %s; %s %s", tt.name, f.records, tt.verdict, f.stdout.String(), f.stderr.String())
			continue
		}
		if tt.verdict == "block" {
			if f.records[0].Action != event.ActionWithheld {
				t.Errorf("%s: action %q, want withheld", tt.name, f.records[0].Action)
			}
			if strings.Contains(f.stdout.String()+f.stderr.String(), "hunter2xyz") {
				t.Errorf("%s: the answer holds the value: %s", tt.name, f.stdout.String())
			}
		}
	}
}
