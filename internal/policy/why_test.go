package policy

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
)

// help.json is the source of zz_help.go (TestGeneratedHelp).
//
//go:embed help.json
var helpJSON []byte

// TestHelpCatalogue: help.json decodes strictly and covers every default
// glob and fixed rule; every default command rule carries a description
// and a hint; no text of the catalogue holds what a detector would flag
// (a secret, a PII value, an injection phrase), since explanations reach
// the model beside tool results guard checks again.
func TestHelpCatalogue(t *testing.T) {
	var h helpDoc
	dec := json.NewDecoder(bytes.NewReader(helpJSON))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		t.Fatalf("help.json: %v", err)
	}
	d := builtinDefault()
	globs := map[string]bool{}
	for _, g := range append(append([]string(nil), d.FilePaths.BlockRead...), d.FilePaths.BlockWrite...) {
		globs[g] = true
		if e, ok := h.Globs[g]; !ok || e.What == "" || e.Hint == "" {
			t.Errorf("default glob %s has no what and hint in help.json", g)
		}
	}
	for g := range h.Globs {
		if !globs[g] {
			t.Errorf("help.json describes %s, which is no default glob", g)
		}
	}
	for _, r := range []string{"blocked_path", "unresolved_path", "unparsable_command", "ssrf_protection", "invalid_url_host",
		"blocked_domain", "invalid_payload", "policy_error", "internal_error"} {
		if e, ok := h.Rules[r]; !ok || e.Description == "" || e.Hint == "" {
			t.Errorf("fixed rule %s has no description and hint", r)
		}
	}
	for _, det := range []string{event.DetectorSecrets, event.DetectorPII, event.DetectorInjection} {
		if e, ok := h.Detectors[det]; !ok || e.Description == "" || e.Hint == "" {
			t.Errorf("detector %s has no description and hint", det)
		}
	}
	var texts []string
	for _, r := range d.Bash.BlockPatterns {
		if r.Description == "" || r.Hint == "" {
			t.Errorf("default rule %s lacks a description or a hint", r.Name)
		}
		texts = append(texts, r.Description, r.Hint)
	}
	for _, e := range h.Rules {
		texts = append(texts, e.Description, e.Hint, e.ResultHint)
	}
	for _, e := range h.Detectors {
		texts = append(texts, e.Description, e.Hint, e.ResultHint)
	}
	for _, e := range append(mapValues(h.Globs), h.GuardDir, h.StateDir) {
		texts = append(texts, e.What, e.Risk, e.Hint, e.WriteHint)
	}
	inj := injection.New()
	for _, s := range texts {
		if s == "" {
			continue
		}
		if Sensitive(s) {
			t.Errorf("catalogue text holds a secret or PII value: %q", s)
		}
		if f, hit := inj.Check(s); hit {
			t.Errorf("catalogue text reads as an injection (%s): %q", f.Rule, s)
		}
		if strings.HasSuffix(s, ".") || s != strings.TrimSpace(s) {
			t.Errorf("catalogue text ends in a period or a blank: %q", s)
		}
	}
}

func mapValues(m map[string]placeHelp) []placeHelp {
	var out []placeHelp
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestHelp: every rule name a finding can carry has help; a name guard
// does not know has none.
func TestHelp(t *testing.T) {
	p := builtinDefault()
	names := []string{"blocked_path", "unresolved_path", "unparsable_command", "ssrf_protection", "ssrf", "invalid_url_host", "blocked_domain"}
	for _, r := range p.Bash.BlockPatterns {
		names = append(names, r.Name)
	}
	for _, rules := range [][]string{ruleNames(secret.Rules()), ruleNames(pii.Rules()), ruleNames(injection.Rules())} {
		names = append(names, rules...)
	}
	for _, n := range names {
		h, ok := p.Help(n)
		if !ok || h.Description == "" || h.Allow == "" {
			t.Errorf("Help(%q) = %+v, %v", n, h, ok)
		}
		if _, err := p.RuleData(n); err != nil {
			t.Errorf("RuleData(%q): %v", n, err)
		}
	}
	if _, ok := p.Help("nope"); ok {
		t.Error("Help(nope) found")
	}
	if _, err := p.RuleData("nope"); err == nil {
		t.Error("RuleData(nope) found")
	}
	// A rule of the user's own without a description still explains
	// itself by its name.
	own := &Policy{Bash: Bash{BlockPatterns: []CommandRule{{Name: "no_sudo", Pattern: `\bsudo\b`}}}}
	if h, ok := own.Help("no_sudo"); !ok || !strings.Contains(h.Description, "no_sudo") || h.Hint != "" {
		t.Errorf("Help of a bare rule = %+v", h)
	}
}

func ruleNames(rules []detect.RuleInfo) []string {
	var out []string
	for _, r := range rules {
		out = append(out, r.Name)
	}
	return out
}

// TestExplain: the explanation of a block says what the rule protects,
// what in the input reached it (for a path: which protected place, how,
// and by which program), what to do instead and how to allow it; without
// leave to quote the input it names none of it.
func TestExplain(t *testing.T) {
	policyWith := func(blockRead ...string) *Policy {
		p := builtinDefault()
		p.Home, p.GuardDir = "/home/dev", "/home/dev/.guard"
		if blockRead != nil {
			p.FilePaths.BlockRead = blockRead
		}
		return p
	}
	tests := []struct {
		name      string
		blockRead []string // the policy's block_read, when not the default
		in        event.Input
		want      []string // in order
		not       []string
	}{
		{"command rule", nil, event.Input{Kind: event.KindCommand, Text: "git push -f"},
			[]string{"why: a forced push", "; instead: use 'git push --force-with-lease'", "(bash.allow_patterns; see 'guard explain git_push_force')"}, nil},
		{"guard's directory under a tree write", nil, event.Input{Kind: event.KindWrite, Text: "/", Via: "chmod -R"},
			[]string{"why: chmod -R on '/' would also change guard's own directory (~/.guard/**), which is inside it: ", "; instead: leave guard's directory alone",
				"; no allow list opens it"}, []string{"allow_write"}},
		{"a read by a program", nil, event.Input{Kind: event.KindRead, Text: "~/.ssh/id_rsa", Via: "cat"},
			[]string{"why: cat on '~/.ssh/id_rsa' would read the user's SSH keys and settings (~/.ssh/**): whoever holds a key", "; instead: check keys with 'ssh-add -l'",
				"(file_paths.allow_read; see 'guard explain blocked_path')"}, nil},
		{"a write of the same place", nil, event.Input{Kind: event.KindWrite, Text: "~/.ssh/config"},
			[]string{"why: writing '~/.ssh/config' would change the user's SSH keys", "; instead: tell the user what to add to ~/.ssh", "(file_paths.allow_write;"}, nil},
		{"a credential file: the generic risk of a read", nil, event.Input{Kind: event.KindRead, Text: "~/.aws/credentials"},
			[]string{"would read the user's AWS access keys (~/.aws/credentials): what the model reads can end up in its answers", "aws sts get-caller-identity"}, nil},
		{"a touch", nil, event.Input{Kind: event.KindTouch, Text: "~/.bashrc", Via: "gzip"},
			[]string{"why: gzip on '~/.bashrc' may change a shell start-up file (~/.bashrc): what is written there runs in every new shell; guard does not know that gzip only reads it"}, nil},
		{"a recursive read", nil, event.Input{Kind: event.KindRead, Text: "~/**", Via: "grep -r"},
			[]string{"why: grep -r on '~' reads all of it, and so the user's SSH keys and settings (~/.ssh/**), which is inside it"}, nil},
		{"a search by name", nil, event.Input{Kind: event.KindRead, Text: "~/**/id_rsa"},
			[]string{"why: a search of '~' for files named 'id_rsa' would reach the user's SSH keys"}, nil},
		{"a glob of the user's own", []string{"/srv/secret/**"}, event.Input{Kind: event.KindRead, Text: "/srv/secret/x"},
			[]string{"why: reading '/srv/secret/x' would read a path the policy protects (/srv/secret/**): what the model reads", "; instead: work on files inside the project"}, nil},
		{"a URL", nil, event.Input{Kind: event.KindURL, Text: "http://169.254.169.254/latest/"},
			[]string{"why: the URL is a cloud metadata endpoint", "; no allow list opens it"}, []string{"169.254"}},
		{"a secret in a result", nil, event.Input{Kind: event.KindOutput, Text: "token ghp_0123456789abcdefghijABCDEFGHIJ012345"},
			[]string{"why: found in the tool's result: code hosting personal access token (ghp_), a credential", "; instead: work with the rest of the result",
				"; no allow list opens the secrets catalogue"}, []string{"ghp_0"}},
		{"a secret in an answer", nil, event.Input{Kind: event.KindResponse, Text: "token ghp_0123456789abcdefghijABCDEFGHIJ012345"},
			[]string{"why: found in the answer: ", "; instead: leave the value out"}, []string{"ghp_0"}},
		{"a path that holds a secret", nil, event.Input{Kind: event.KindRead, Text: "~/.ssh/ghp_0123456789abcdefghijABCDEFGHIJ012345", Via: "cat"},
			[]string{"why: reading '<redacted>' would read the user's SSH keys"}, []string{"ghp_0", "cat on"}},
		{"a program whose option holds a secret", nil, event.Input{Kind: event.KindTouch, Text: "~/.bashrc", Via: "gzip -AKIAQ2ZV7HN4LMRT6PWD"},
			[]string{"why: handing '~/.bashrc' to a program may change"}, []string{"AKIA"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := policyWith(tt.blockRead...).Evaluate([]event.Input{tt.in})
			if err != nil || !v.Blocked() {
				t.Fatalf("not blocked: %v %v", v, err)
			}
			why := v.Finding.Explain
			at := 0
			for _, w := range tt.want {
				i := strings.Index(why[at:], w)
				if i < 0 {
					t.Fatalf("explanation %q lacks %q (after byte %d)", why, w, at)
				}
				at += i + len(w)
			}
			for _, n := range tt.not {
				if strings.Contains(why, n) {
					t.Errorf("explanation %q holds %q", why, n)
				}
			}
			if strings.Contains(v.Finding.LogReason, "why:") {
				t.Errorf("LogReason %q holds the explanation", v.Finding.LogReason)
			}
		})
	}
}
