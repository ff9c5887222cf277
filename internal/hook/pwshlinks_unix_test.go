//go:build unix

package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPowerShellFollowedLinks: PowerShell's readers that follow links
// read where a link in the project leads: Get-ChildItem
// -Recurse -FollowSymlink piped into a reader, Copy-Item -Recurse,
// Compress-Archive (a glob's entries too), on the PowerShell tool and
// through pwsh -c; listings that keep links, and projects whose links stay
// inside, pass.
func TestPowerShellFollowedLinks(t *testing.T) {
	home, proj, p := pwshWorld(t)
	os.MkdirAll(filepath.Join(home, ".ssh"), 0o700)
	os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("k"), 0o600)
	os.MkdirAll(filepath.Join(proj, "src"), 0o755)
	os.WriteFile(filepath.Join(proj, "src", "a.go"), []byte("package a\n"), 0o644)
	os.Symlink("src", filepath.Join(proj, "current"))
	clean := filepath.Join(home, "clean")
	os.MkdirAll(filepath.Join(clean, "src"), 0o755)
	os.Symlink("src", filepath.Join(clean, "current"))
	if err := os.Symlink(filepath.Join(home, ".ssh"), filepath.Join(proj, "keys")); err != nil {
		t.Fatal(err)
	}
	follow := []string{
		"Get-ChildItem -Recurse -FollowSymlink | Select-String BEGIN",
		"Get-ChildItem -Recurse -FollowSymlink -File | ForEach-Object { Get-Content $_ }",
		"gci -r -fol . | sls BEGIN",
		"Copy-Item -Recurse . /tmp/cp10",
		"Copy-Item -Recurse * /tmp/cp10",
		"Compress-Archive -Path ./* -DestinationPath /tmp/a10.zip",
		// the alias -s, the switch with its :value.
		"gci -s -FollowSymlink | gc",
		"Get-ChildItem -Recurse:$true -FollowSymlink | Get-Content",
		"Get-ChildItem -Recurse -FollowSymlink:$true | Get-Content",
	}
	keep := []string{
		"Get-ChildItem -Recurse | Select-String BEGIN",
		"Get-ChildItem -Recurse -FollowSymlink src | Select-String BEGIN",
		"Compress-Archive -Path src -DestinationPath /tmp/a10.zip",
		"Copy-Item -Recurse src /tmp/cp10",
		"gci -s -FollowSymlink src | gc",
		"Get-ChildItem -Recurse:0 -FollowSymlink | Get-Content",
	}
	run := func(dir, cmd string, tool bool) int {
		payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "PowerShell", "cwd": dir,
			"tool_input": map[string]any{"command": cmd}})
		if !tool {
			payload = []byte(bashPayload(t, dir, "pwsh -c '"+strings.ReplaceAll(cmd, "'", `'\''`)+"'"))
		}
		code, _, _, _ := runReal(t, p, string(payload))
		return code
	}
	for _, tool := range []bool{true, false} {
		for _, cmd := range follow {
			if code := run(proj, cmd, tool); code != 2 {
				t.Errorf("%s (tool %v) with keys -> ~/.ssh: code %d, want a block", cmd, tool, code)
			}
			if code := run(clean, cmd, tool); code != 0 && tool {
				t.Errorf("%s (tool %v) in a project without such links: code %d, want allowed", cmd, tool, code)
			}
		}
		for _, cmd := range keep {
			// Agent A's Bash running pwsh -c is a tree reader
			// guard does not model: its status is not shown.
			if code := run(proj, cmd, tool); code != 0 && tool {
				t.Errorf("%s (tool %v): code %d, want allowed", cmd, tool, code)
			}
		}
	}
}
