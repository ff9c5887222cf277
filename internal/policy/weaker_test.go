package policy

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestWeaker(t *testing.T) {
	def := builtinDefault()
	for _, tc := range []struct {
		name string
		doc  string
		want []string // each a substring of one line, in order
	}{
		{"defaults", `{}`, nil},
		{"the default file", string(DefaultJSON()), nil},
		{"stricter", `{"pii": {"block_on_prompt": true}, "bash": {"block_patterns": [` + rulesJSON(def) + `, {"name": "no_sudo", "pattern": "sudo"}]}}`, nil},
		{"allow lists are not weaker", `{"file_paths": {"allow_read": ["~/.ssh/config"]}, "urls": {"allowlist": ["pastebin.com/raw/ok"]}}`, nil},
		{"an allow entry that opens a default", `{"file_paths": {"allow_read": ["~/.ssh/**"], "allow_write": ["**"]}, "bash": {"allow_patterns": ["^git status$", ".*"]}}`,
			[]string{"file_paths.allow_read entry ~/.ssh/** opens the default glob ~/.ssh/**", "file_paths.allow_write entry ** opens ", `bash.allow_patterns entry ".*" matches every command`}},
		// A project glob names no hook file, .git/config or .env, so it
		// opens none; an entry that names one opens it.
		{"a project glob opens no protected file", `{"file_paths": {"allow_write": ["~/proj/**", "~/proj/src/*.go"]}}`, nil},
		{"an entry that names a hook file", `{"file_paths": {"allow_write": ["~/proj/.agent_a/settings.json"]}}`,
			[]string{"file_paths.allow_write entry ~/proj/.agent_a/settings.json opens 2 default globs: **/.agent_a/settings.json, **/.agent_a/**"}},
		{"an entry that names the hooks", `{"file_paths": {"allow_write": ["~/proj/.git/hooks/*", "~/proj/.git/**"]}}`,
			[]string{"file_paths.allow_write entry ~/proj/.git/hooks/* opens 2 default globs: **/.git/hooks/[a-z]*, **/.git/**/hooks/[a-z]*"}},
		{"an entry that names .env", `{"file_paths": {"allow_write": ["**/.env"]}}`,
			[]string{"file_paths.allow_write entry **/.env opens the default glob **/.env"}},
		{"match commands is not weaker", `{"bash": {"match": "commands"}}`, nil},
		{"detectors off", `{"bash": {"enabled": false}, "injection": {"enabled": false}, "pii": {"enabled": false}}`,
			[]string{"bash.enabled is false: the command detector is off", "injection.enabled is false", "pii.enabled is false"}},
		{"pii let through", `{"pii": {"block_in_file_content": false, "block_on_response": false}}`,
			[]string{"pii.block_in_file_content is false", "pii.block_on_response is false"}},
		{"scan_all off", `{"results": {"scan_all": false}}`, []string{"results.scan_all is false"}},
		{"a rule removed", `{"bash": {"block_patterns": [` + rulesJSON(def, "curl_pipe_sh") + `]}}`,
			[]string{"bash.block_patterns lacks the default rule curl_pipe_sh"}},
		{"rules replaced", `{"bash": {"block_patterns": [{"name": "mine", "pattern": "x"}]}}`,
			[]string{" default rules: fork_bomb, "}},
		{"a glob removed", `{"file_paths": {"block_read": ["**/.env"]}}`, []string{"file_paths.block_read lacks "}},
		{"writes opened", `{"file_paths": {"block_write": []}}`, []string{"file_paths.block_write lacks "}},
		{"a domain removed", `{"urls": {"blocklist": []}}`, []string{"urls.blocklist lacks "}},
		{"a pii type removed", `{"pii": {"types": ["ssn", "email"]}}`, []string{"pii.types lacks 3 default types: credit_card, phone, passport"}},
	} {
		p, err := Parse([]byte(tc.doc), "test")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := p.Weaker()
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d lines %q, want %d", tc.name, len(got), got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%s: line %d %q, want it to hold %q", tc.name, i, got[i], w)
			}
		}
	}
}

// rulesJSON writes the default command rules as JSON, but the ones named
// in skip.
func rulesJSON(p *Policy, skip ...string) string {
	var parts []string
	for _, r := range p.Bash.BlockPatterns {
		if !contains(skip, r.Name) {
			parts = append(parts, `{"name": `+jsonString(r.Name)+`, "pattern": `+jsonString(r.Pattern)+`}`)
		}
	}
	return strings.Join(parts, ", ")
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
