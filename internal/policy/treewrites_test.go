package policy

import (
	"path/filepath"
	"testing"
)

// TestTreeWriteRule: the paths of a tree the write rules may protect are
// taken (hook files, a venv's .pth, a link named like a protected
// directory, guard's own), a virtual environment's other files are not.
func TestTreeWriteRule(t *testing.T) {
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	p.Home, p.GuardDir = home, filepath.Join(home, "g")
	rule := p.TreeWriteRule()
	if rule == nil {
		t.Fatal("no rule for the default policy")
	}
	proj := filepath.ToSlash(filepath.Join(home, "proj")) + "/"
	for rel, want := range map[string]bool{
		".agent_a/settings.json":                   true,
		".agent_a":                                 true, // a link there holds the directory
		".husky/pre-commit":                        true,
		"sub/.vscode/tasks.json":                   true,
		".venv/lib/python3.12/site-packages/x.pth": true,
		".env":             true,
		"a.code-workspace": true,
		".venv/lib/python3.12/site-packages/pip/x.py": false,
		".venv/bin/activate":                          false,
		".venv/pyvenv.cfg":                            false,
		".github/workflows/ci.yml":                    false,
		"README":                                      false,
	} {
		if got := rule(proj+rel, false); got != want {
			t.Errorf("%s: %v, want %v", rel, got, want)
		}
	}
	for rel, want := range map[string]bool{".agent_a": true, ".husky": true, "site-packages": true, "lib64": false} {
		if got := rule(proj+rel, true); got != want {
			t.Errorf("link %s: %v, want %v", rel, got, want)
		}
	}
	if rule(proj+"site-packages", false) {
		t.Errorf("a file site-packages taken: it holds nothing")
	}
	if !rule(filepath.ToSlash(filepath.Join(home, "g", "rules.json")), false) {
		t.Errorf("guard's own directory not taken")
	}
}
