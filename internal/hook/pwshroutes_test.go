package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPowerShellRoutes: through agent A's PowerShell tool:
// $PROFILE's properties are the profiles they name, another property
// of a variable as the path a cmdlet writes is a path guard cannot
// tell, and a wildcard may match a hidden name's leading dot.
func TestPowerShellRoutes(t *testing.T) {
	home, proj, p := pwshWorld(t)
	for _, d := range []string{".ssh", ".guard", ".agent_a", ".config/powershell"} {
		os.MkdirAll(filepath.Join(home, d), 0o700)
	}
	os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("k"), 0o600)
	os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc"), 0o600)
	os.WriteFile(filepath.Join(proj, "a.txt"), []byte("a"), 0o600)
	for _, tt := range []struct {
		cmd  string
		rule string // "" allowed
	}{
		{`Add-Content $PROFILE.CurrentUserAllHosts "x"`, "blocked_path"},
		{`Add-Content -Path $PROFILE.CurrentUserAllHosts -Value "x"`, "blocked_path"},
		{`$p=$PROFILE.CurrentUserAllHosts; Add-Content $p x`, "blocked_path"},
		{`Add-Content $PROFILE.CurrentUserCurrentHost "x"`, "blocked_path"},
		{`Remove-Item -Force -Recurse $PROFILE.CurrentUserAllHosts`, "blocked_path"},
		{`Get-Content -Force ~/[.]ssh/id_rsa`, "blocked_path|unresolved_path"},
		{`Set-Content -Force ~/[.]bashrc x`, "blocked_path|unresolved_path"},
		{`Copy-Item -Force x.json ~/[.]agent_a/settings.json`, "blocked_path|unresolved_path"},
		{`Set-Content ~/[.]guard/rules.json x`, "blocked_path|unresolved_path"},
		{`Get-Content -Force ~/?ssh/id_rsa`, "blocked_path|unresolved_path"},
		{`Get-Content ~/.ss?/id_rsa`, "blocked_path|unresolved_path"},
		{`Add-Content $cfg.Path x`, "unparsable_command|unresolved_path"},
		{`$p = $cfg.Path; Set-Content $p x`, "unparsable_command|unresolved_path"},
		// everyday
		{`Set-Content -Path a.txt -Value $obj.Content`, ""},
		{`Get-Content $cfg.Path`, ""},
		{`$f = Get-Item a.txt; Set-Content $f.FullName x`, ""},
		{`Get-ChildItem *.txt | ForEach-Object { Write-Output $_.Name }`, ""},
		{`Get-Content [a].txt`, ""},
		{`Copy-Item *.txt out/`, ""},
	} {
		payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "PowerShell", "cwd": proj,
			"tool_input": map[string]any{"command": tt.cmd}})
		code, _, stderr, rec := runReal(t, p, string(payload))
		switch {
		case tt.rule == "" && code != 0:
			t.Errorf("%s: blocked (%s): %s", tt.cmd, rec.Rule, stderr)
		case tt.rule != "" && (code != 2 || !strings.Contains("|"+tt.rule+"|", "|"+rec.Rule+"|")):
			t.Errorf("%s: code %d rule %q (%s), want a block by %s", tt.cmd, code, rec.Rule, strings.TrimSpace(stderr), tt.rule)
		}
	}
}
