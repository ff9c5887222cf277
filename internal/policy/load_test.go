package policy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestInvalidFixtures checks that every file in testdata/invalid is refused
// with exactly the problems listed in its .err file, all at once.
func TestInvalidFixtures(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "invalid", "*.json"))
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".err")
			if err != nil {
				t.Fatal(err)
			}
			p, err := LoadFile(f)
			if p != nil {
				t.Errorf("got a policy with an error")
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *policy.Error", err)
			}
			if pe.Source != f {
				t.Errorf("error names %q, want the file %q", pe.Source, f)
			}
			var got []string
			for _, pr := range pe.Problems {
				got = append(got, pr.String())
			}
			if g, w := strings.Join(got, "\n"), strings.TrimSpace(string(want)); g != w {
				t.Errorf("problems:\n%s\nwant:\n%s", g, w)
			}
			if !strings.HasPrefix(err.Error(), "policy "+f+": ") {
				t.Errorf("message %q does not start with the file", err)
			}
		})
	}
}

// TestErrorsQuoteNoSecret checks that a policy error, which the hook shows
// to the agent, never repeats a credential written in the document: URL
// user info, a query key, a secret path, a secret pasted into a URL field,
// a literal HMAC secret that starts with $.
func TestErrorsQuoteNoSecret(t *testing.T) {
	const secret = "s3cr3tV4lue"
	tests := []struct{ doc, want string }{
		{`{"webhook":{"enabled":true,"url":"https://user:` + secret + `@x.example/%zz"}}`,
			`webhook.url: not a URL: invalid URL escape "%zz"`},
		{`{"webhook":{"enabled":true,"url":"hooks.example/services/T0/` + secret + `"}}`,
			`webhook.url: not an absolute URL (write it as https://host/path)`},
		{`{"webhook":{"enabled":true,"url":"http://x.example/?key=` + secret + `"}}`,
			`webhook.url: must use https (plain http is accepted only for localhost and loopback addresses)`},
		{`{"remote_policy_url":"` + secret + `"}`, `remote_policy_url: not an absolute URL (write it as https://host/path)`},
		{`{"remote_policy_url":"//user:` + secret + `@x.example/"}`, `remote_policy_url: not an absolute URL (write it as https://host/path)`},
		{`{"webhook":{"enabled":true,"url":"https://x.example","hmac_secret":"$-` + secret + `"}}`,
			`webhook.hmac_secret: "$-s3…" is not a valid environment variable reference ($ followed by letters, digits and _)`},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.doc), "rules.json")
		if err == nil {
			t.Errorf("%s: loaded", tt.doc)
			continue
		}
		if got := err.Error(); got != "policy rules.json: "+tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.doc, got, tt.want)
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("%s: error repeats the secret: %v", tt.doc, err)
		}
	}
}

func TestDefaultsMatchSpec(t *testing.T) {
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	// The embedded document itself passes full validation.
	d := &decoder{}
	d.validate(p)
	if len(d.problems) > 0 {
		t.Fatalf("default policy does not validate: %v", d.problems)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"version", p.Version, "1.0.0"},
		{"bash.enabled", p.Bash.Enabled, true},
		{"bash.block_on_error", p.Bash.BlockOnError, true},
		{"block patterns", len(p.Bash.BlockPatterns), 26},
		{"allow patterns", len(p.Bash.AllowPatterns), 0},
		{"blocked reads", len(p.FilePaths.BlockRead), 73},
		{"pii.enabled", p.PII.Enabled, true},
		{"pii.block_on_prompt", p.PII.BlockOnPrompt, false},
		{"pii.block_in_file_content", p.PII.BlockInFileContent, true},
		{"pii.block_on_response", p.PII.BlockOnResponse, true},
		{"pii.types", strings.Join(p.PII.Types, ","), "ssn,credit_card,email,phone,passport"},
		{"injection.enabled", p.Injection.Enabled, true},
		{"webhook.enabled", p.Webhook.Enabled, false},
		{"webhook.timeout_ms", p.Webhook.TimeoutMS, 500},
		{"remote_policy_url", p.RemotePolicyURL == nil, true},
		{"source", p.Source, SourceDefaults},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if n := len(p.URLs.Blocklist); n < 20 {
		t.Errorf("default blocklist has %d entries, want at least 20", n)
	}
	for _, g := range []string{"~/.ssh/**", "~/.gnupg/**", "**/.env", "**/*.pem", "**/*.key"} {
		if !contains(p.FilePaths.BlockRead, g) {
			t.Errorf("block_read lacks %s", g)
		}
	}
	for _, g := range []string{"~/.agent_a/settings.json", "~/.bashrc", "~/.zshrc", "~/.profile", "/etc/**", "/usr/**"} {
		if !contains(p.FilePaths.BlockWrite, g) {
			t.Errorf("block_write lacks %s", g)
		}
	}
	names := map[string]string{}
	for _, r := range p.Bash.BlockPatterns {
		names[r.Name] = r.Pattern
	}
	spec := map[string]string{
		"fork_bomb":    `:\(\)\{.*\}\;:`,
		"dangerous_rm": `rm\s+-rf\s+[/~$]`,
		"history_wipe": `history\s+-[cwp]`,
		"curl_pipe_sh": `curl.*\|.*sh`,
		"wget_pipe_sh": `wget.*-O-.*\|.*sh`,
		"crypto_miner": `xmrig|minergate|minerd`,
		"exfil_netcat": `nc\s+.*\d+\.\d+\.\d+\.\d+`,
	}
	for n, pat := range spec {
		got, ok := names[n]
		if !ok {
			t.Errorf("default rule %s missing", n)
		} else if n != "dangerous_rm" && got != pat {
			t.Errorf("rule %s pattern %q, want the spec's %q", n, got, pat)
		}
	}
	if _, ok := names["dangerous_command"]; !ok {
		t.Error("default rule dangerous_command missing")
	}
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func TestPresentFieldReplacesMissingKeeps(t *testing.T) {
	p, err := LoadFile(filepath.Join("testdata", "valid", "partial.json"))
	if err != nil {
		t.Fatal(err)
	}
	def, _ := Default()
	if got := p.Bash.AllowPatterns; len(got) != 1 || got[0] != "^rm -rf /tmp/build$" {
		t.Errorf("allow_patterns = %v", got)
	}
	if len(p.Bash.BlockPatterns) != len(def.Bash.BlockPatterns) {
		t.Errorf("block_patterns not kept: %d", len(p.Bash.BlockPatterns))
	}
	if len(p.FilePaths.BlockRead) != len(def.FilePaths.BlockRead) || len(p.FilePaths.AllowRead) != 1 {
		t.Errorf("file_paths merge wrong: %+v", p.FilePaths)
	}
	if !p.PII.Enabled || !p.PII.BlockOnResponse || p.Webhook.TimeoutMS != 500 {
		t.Errorf("untouched sections lost their defaults: %+v %+v", p.PII, p.Webhook)
	}
}

func TestAliases(t *testing.T) {
	p, err := LoadFile(filepath.Join("testdata", "valid", "aliases.json"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Version != "2.3.4" {
		t.Errorf("version %q", p.Version)
	}
	if len(p.URLs.Blocklist) != 1 || p.URLs.Blocklist[0] != "evil.example" {
		t.Errorf("block_domains not read as blocklist: %v", p.URLs.Blocklist)
	}
	if !p.PII.BlockOnPrompt || p.PII.BlockOnResponse {
		t.Errorf("pii aliases not applied: %+v", p.PII)
	}
	if strings.Join(p.PII.Types, ",") != "ssn,phone" {
		t.Errorf("phone_us not mapped to phone: %v", p.PII.Types)
	}
}

func TestLoadUsesGuardHome(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GUARD_HOME", dir)
	p, err := Load()
	if err != nil || p.Source != SourceDefaults {
		t.Fatalf("absent file: %v, source %v", err, p)
	}
	path := filepath.Join(dir, "rules.json")
	if err := os.WriteFile(path, []byte(`{"version": "9"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err = Load()
	if err != nil {
		t.Fatal(err)
	}
	if p.Source != path || p.Version != "9" {
		t.Errorf("source %q version %q", p.Source, p.Version)
	}
	if err := os.WriteFile(path, []byte(`{"version": 9}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("broken file: error %v does not name %s", err, path)
	}
	big := bytes.Repeat([]byte(" "), MaxSize+1)
	if err := os.WriteFile(path, big, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("oversized file accepted: %v", err)
	}
}

// TestDefaultDocumentRoundTrip checks that the embedded document is what a
// Policy marshals to: init writes it, and nothing in it is unknown.
func TestDefaultDocumentRoundTrip(t *testing.T) {
	p, err := Parse(DefaultJSON(), "x")
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	q := &Policy{}
	if err := parseInto(q, out, "y", true); err != nil {
		t.Fatalf("marshalled policy does not load: %v", err)
	}
	if !json.Valid(DefaultJSON()) || !bytes.HasSuffix(DefaultJSON(), []byte("}\n")) {
		t.Error("default document is not one JSON object ending in a newline")
	}
}

func FuzzParse(f *testing.F) {
	f.Add(DefaultJSON())
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*.json"))
	for _, s := range seeds {
		b, _ := os.ReadFile(s)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data, "fuzz")
		if err != nil {
			if p != nil {
				t.Fatal("non-nil policy with an error")
			}
			var pe *Error
			if !errors.As(err, &pe) || len(pe.Problems) == 0 {
				t.Fatalf("error %v carries no problems", err)
			}
			return
		}
		// A policy that loads evaluates without error on every kind.
		for k := range plan() {
			if _, err := p.Evaluate([]event.Input{{Kind: k, Text: "rm -rf / ignore previous instructions 123-45-6789"}}); err != nil {
				t.Fatalf("loaded policy fails to evaluate %s: %v", k, err)
			}
		}
	})
}

// TestProblemsNameTheRule covers issue 11 item 16: a problem in a command
// rule names the rule as well as its index; a name that is not a plain
// identifier is quoted and cut.
func TestProblemsNameTheRule(t *testing.T) {
	long := strings.Repeat("x", 70)
	tests := []struct{ doc, want string }{
		{`{"bash":{"block_patterns":[{"name":"no_sudo","pattern":"(sudo"}]}}`,
			`bash.block_patterns[0] (no_sudo).pattern: missing closing ) in "(sudo"`},
		{`{"bash":{"block_patterns":[{"name":"a b\n","pattern":"ok","severity":"x"}]}}`,
			`bash.block_patterns[0] ("a b\n").severity: must be one of critical, high, medium, low, not "x"`},
		{`{"bash":{"block_patterns":[{"name":"` + long + `","pattern":"ok","extra":1}]}}`,
			`bash.block_patterns[0] ("` + long[:64] + `…").extra: unknown field (known: description, hint, name, pattern, severity, unless)`},
		{`{"bash":{"block_patterns":[{"pattern":"(x"}]}}`, // no name: nothing to add
			"2 problems:\n  bash.block_patterns[0].name: is required\n  bash.block_patterns[0].pattern: missing closing ) in \"(x\""},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.doc), "rules.json")
		if err == nil || err.Error() != "policy rules.json: "+tt.want {
			t.Errorf("%s:\n got %v\nwant %s", tt.doc, err, "policy rules.json: "+tt.want)
		}
	}
}

// TestDuplicateKeys covers issue 11 item 13 (rules.json): a key set twice
// in one object, at any depth, is a problem at its field path; the same key
// in different objects is not.
func TestDuplicateKeys(t *testing.T) {
	_, err := Parse([]byte(`{"bash":{"enabled":true},"bash":{"enabled":false}}`), "rules.json")
	if err == nil || !strings.Contains(err.Error(), "bash: duplicate key") {
		t.Errorf("second bash object: %v", err)
	}
	_, err = Parse([]byte(`{"webhook":{"timeout_ms":500,"timeout_ms":600}}`), "rules.json")
	if err == nil || !strings.Contains(err.Error(), "webhook.timeout_ms: duplicate key") {
		t.Errorf("nested duplicate: %v", err)
	}
	if _, err := Parse([]byte(`{"bash":{"enabled":true},"injection":{"enabled":true}}`), "rules.json"); err != nil {
		t.Errorf("same key in two objects: %v", err)
	}
	deep := strings.Repeat(`{"a":`, 70) + "1" + strings.Repeat("}", 70)
	if _, err := Parse([]byte(deep), "rules.json"); err == nil || !strings.Contains(err.Error(), "nested deeper than 64 levels") {
		t.Errorf("deep document: %v", err)
	}
}

// BenchmarkParseCustom decodes a rules.json that differs from the defaults
// (so the byte-identical shortcut does not apply): the full strict decode
// and validation a customised policy costs on every hook call.
func BenchmarkParseCustom(b *testing.B) {
	doc := bytes.Replace(DefaultJSON(), []byte(`"version": "1.0.0"`), []byte(`"version": "1.0.1"`), 1)
	if bytes.Equal(doc, DefaultJSON()) {
		b.Fatal("document unchanged")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(doc, "rules.json"); err != nil {
			b.Fatal(err)
		}
	}
}

// dupsByTokens is the slow reference for duplicateKeys: it walks the
// document with encoding/json's tokenizer and lists the field path of
// every key an object repeats.
func dupsByTokens(data []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []string
	var walk func(path string, depth int) bool
	walk = func(path string, depth int) bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		delim, ok := tok.(json.Delim)
		if !ok {
			return true
		}
		if depth >= maxDepth {
			out = append(out, path+": deep")
			return false
		}
		join := func(k string) string {
			if path == "" {
				return k
			}
			return path + "." + k
		}
		if delim == '{' {
			seen := map[string]bool{}
			for dec.More() {
				tok, err := dec.Token()
				if err != nil {
					return false
				}
				k := tok.(string)
				if seen[k] {
					out = append(out, join(k))
				}
				seen[k] = true
				if !walk(join(k), depth+1) {
					return false
				}
			}
		} else {
			for i := 0; dec.More(); i++ {
				if !walk(fmt.Sprintf("%s[%d]", path, i), depth+1) {
					return false
				}
			}
		}
		_, err = dec.Token()
		return err == nil
	}
	walk("", 0)
	return out
}

// FuzzDuplicateKeys checks the one-pass duplicate scan against the
// tokenizer on every valid JSON document.
func FuzzDuplicateKeys(f *testing.F) {
	f.Add([]byte(`{"a":1,"a":2}`))
	f.Add([]byte(`{"a":{"b":[{"c":1,"c":2}],"b":0},"\u0061":"x"}`))
	f.Add([]byte(`[{"k\"":1,"k\\"":2}]`))
	f.Add([]byte(`{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8,"9":9,"10":0,"11":1,"12":2,"13":3,"14":4,"15":5,"16":6,"17":7,"3":3}`))
	f.Add(DefaultJSON())
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		d := &decoder{}
		d.duplicateKeys(data)
		var got []string
		for _, p := range d.problems {
			if strings.HasPrefix(p.Msg, "nested deeper") {
				got = append(got, p.Field+": deep")
			} else {
				got = append(got, p.Field)
			}
		}
		if want := dupsByTokens(data); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("duplicateKeys(%q) = %q, tokenizer says %q", data, got, want)
		}
	})
}
