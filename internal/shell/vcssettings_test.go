package shell

import (
	"testing"

	"github.com/guardhq/guard/internal/shell/catalogue"
)

// TestVCSSetting: the settings of hg, jj and svn given on the command line
// are commands, module files, inert, or unknown.
func TestVCSSetting(t *testing.T) {
	tests := []struct {
		name, key              string
		command, module, inert bool
	}{
		{"hg", "hooks.pre-status", true, false, false},
		{"hg", "alias.st", true, false, false},
		{"hg", "ui.pager", true, false, false},
		{"hg", "extensions.evil", false, true, false},
		{"hg", "ui.username", false, false, true},
		{"hg", "color.mode", false, false, true},
		{"hg", "web.style", false, false, false},
		{"sl", "hooks.x", true, false, false},
		{"jj", "ui.editor", true, false, false},
		{"jj", "user.email", false, false, true},
		{"jj", "ui.default-command", false, false, false},
		{"svn", "config:helpers:editor-cmd", true, false, false},
		{"svn", "servers:global:http-timeout", false, false, true},
		{"git", "core.pager", false, false, false},
	}
	for _, tc := range tests {
		c, m, i := catalogue.VCSSetting(tc.name, tc.key)
		if c != tc.command || m != tc.module || i != tc.inert {
			t.Errorf("VCSSetting(%q, %q) = %v %v %v, want %v %v %v", tc.name, tc.key, c, m, i, tc.command, tc.module, tc.inert)
		}
	}
}

// TestTomlWords: a jj setting's TOML value as shell words.
func TestTomlWords(t *testing.T) {
	tests := map[string]string{
		`"./evil.sh"`:       "./evil.sh",
		`less`:              "less",
		`["sh", "evil.sh"]`: "'sh' 'evil.sh'",
		`["sh", "a b"]`:     "'sh' 'a b'",
		``:                  "",
	}
	for in, want := range tests {
		if got := tomlWords(in); got != want {
			t.Errorf("tomlWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzTomlWords: tomlWords never panics.
func FuzzTomlWords(f *testing.F) {
	f.Add(`["sh", "x"]`)
	f.Fuzz(func(t *testing.T, s string) { tomlWords(s) })
}
