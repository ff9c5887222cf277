package detect_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/detect/injection"
	"github.com/guardhq/guard/internal/detect/pii"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/detect/url"
)

// TestPolicyDocListsEveryRule keeps docs/POLICY.md in step with the default
// policy and the fixed catalogues: every rule name and pattern, glob, domain
// and SSRF target must appear in it.
func TestPolicyDocListsEveryRule(t *testing.T) {
	b, err := os.ReadFile("../../docs/POLICY.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	raw, err := os.ReadFile("../policy/default.json")
	if err != nil {
		t.Fatal(err)
	}
	var def struct {
		Bash struct {
			BlockPatterns []struct{ Name, Pattern string } `json:"block_patterns"`
		} `json:"bash"`
		FilePaths struct {
			BlockRead  []string `json:"block_read"`
			BlockWrite []string `json:"block_write"`
		} `json:"file_paths"`
		URLs struct {
			Blocklist []string `json:"blocklist"`
		} `json:"urls"`
	}
	if err := json.Unmarshal(raw, &def); err != nil {
		t.Fatal(err)
	}
	want := func(what, s string) {
		if !strings.Contains(doc, s) {
			t.Errorf("docs/POLICY.md lacks %s %q", what, s)
		}
	}
	for _, r := range def.Bash.BlockPatterns {
		want("command rule", "`"+r.Name+"`")
		want("pattern", r.Pattern)
	}
	for _, g := range append(def.FilePaths.BlockRead, def.FilePaths.BlockWrite...) {
		want("glob", "`"+g+"`")
	}
	for _, d := range def.URLs.Blocklist {
		want("blocklist entry", "`"+d+"`")
	}
	for _, h := range url.SSRFHosts() {
		want("SSRF target", "`"+h+"`")
	}
	for alias := range url.Aliases() {
		want("SSRF alias", "`"+alias+"`")
	}
	for _, set := range [][]detect.RuleInfo{pii.Rules(), secret.Rules(), injection.Rules()} {
		for _, r := range set {
			want("rule", "`"+r.Name+"`")
			want("pattern", r.Pattern)
		}
	}
}
