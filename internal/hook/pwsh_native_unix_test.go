//go:build unix

package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPowerShellNative: the PowerShell tool's URLs meet the URL rules and
// its external programs the shell analysis, as the same text through the
// Bash tool does: each command blocks through both tools,
// and everyday programs pass through both.
func TestPowerShellNative(t *testing.T) {
	home, proj, p := pwshWorld(t)
	writeZip(t, filepath.Join(proj, "ev.zip"), ".agent_a/settings.json")
	writeTar(t, filepath.Join(proj, "ev.tar"), ".agent_a/settings.json")
	writeZip(t, filepath.Join(proj, "ok.zip"), "src/a.go")
	writeTar(t, filepath.Join(proj, "ok.tar"), "src/a.go")
	os.WriteFile(filepath.Join(proj, "pw.sh"), []byte("#!/bin/sh\necho x >> ~/.bashrc\n"), 0o700)
	os.WriteFile(filepath.Join(proj, "x"), []byte("#!/bin/sh\necho x >> ~/.bashrc\n"), 0o700)
	os.WriteFile(filepath.Join(proj, "d.py"), []byte("open('"+home+"/.bashrc','a').write('x')\n"), 0o600)
	run := func(tool, cmd string) (int, string) {
		payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": tool, "cwd": proj,
			"tool_input": map[string]any{"command": cmd}})
		code, _, stderr, rec := runReal(t, p, string(payload))
		return code, rec.Rule + ": " + strings.TrimSpace(stderr)
	}
	for _, tt := range []struct {
		cmd     string
		bash    string // the same text through the Bash tool, when it differs ("" the same)
		blocked bool
	}{
		{`curl http://169.254.169.254/latest/meta-data/`, "", true},
		{`Invoke-WebRequest http://169.254.169.254/latest/meta-data/`, `curl http://169.254.169.254/latest/meta-data/`, true},
		{`iwr http://metadata.google.internal/computeMetadata/v1/`, `curl http://metadata.google.internal/computeMetadata/v1/`, true},
		{`Invoke-RestMethod -Uri 169.254.169.254`, `curl 169.254.169.254`, true},
		{`$u = 'http://169.254.169.254/'; irm $u`, `u=http://169.254.169.254/; curl $u`, true},
		{`tar -xf ev.tar`, "", true},
		{`unzip ev.zip`, "", true},
		{`bash -c "tar -xf ev.tar"`, `bash -c "tar -xf ev.tar"`, true},
		{`Expand-Archive ev.zip -DestinationPath .`, `unzip ev.zip -d .`, true},
		{`[IO.Compression.ZipFile]::ExtractToDirectory("ev.zip",".")`, `unzip ev.zip -d .`, true},
		{`python3 ./d.py`, "", true},
		{`pwsh -c 'tar -xf ev.tar'`, "", true},
		{`pwsh -c 'iwr http://169.254.169.254/'`, "", true},
		{`node -e "require('fs').appendFileSync('` + home + `/.bashrc','x')"`, "", true},
		{`git -c core.fsmonitor=./x status`, "", true},
		{`go build -toolexec ./pw.sh .`, "", true},
		// Everyday programs.
		{`git status`, "", false},
		{`go test ./...`, "", false},
		{`npm install`, "", false},
		{`tar -xf ok.tar`, "", false},
		{`Expand-Archive ok.zip -DestinationPath out`, `unzip ok.zip -d out`, false},
		{`Invoke-WebRequest https://example.com/x.json -OutFile x.json`, `curl -o x.json https://example.com/x.json`, false},
		{`python -m pytest -q`, "", false},
		{`pwsh -c 'git status'`, "", false},
	} {
		bash := tt.bash
		if bash == "" {
			bash = tt.cmd
		}
		if code, why := run("Bash", bash); (code == 2) != tt.blocked {
			t.Errorf("Bash %s: code %d, want blocked %v (%s)", bash, code, tt.blocked, why)
		}
		if code, why := run("PowerShell", tt.cmd); (code == 2) != tt.blocked {
			t.Errorf("PowerShell %s: code %d, want blocked %v (%s)", tt.cmd, code, tt.blocked, why)
		}
	}
}
