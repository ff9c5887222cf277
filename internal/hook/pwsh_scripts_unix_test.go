//go:build unix

package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPowerShellScripts: the escapes PowerShell decodes are decoded
// (`u{2e} is a dot); an alias to a native program or a script
// runs that program; a script block kept in a variable or a function:
// item is read where it stands, an unknown one blocks where it runs; a
// native script dot-sourced (. ./x.sh) is run and read as bash does.
// Everyday PowerShell passes.
func TestPowerShellScripts(t *testing.T) {
	home, proj, p := pwshWorld(t)
	os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc"), 0o600)
	os.MkdirAll(filepath.Join(home, ".ssh"), 0o700)
	os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("k"), 0o600)
	os.WriteFile(filepath.Join(proj, "e8.sh"), []byte("#!/bin/sh\necho PWNED9 >> ~/.bashrc\n"), 0o700)
	os.WriteFile(filepath.Join(proj, "ok.sh"), []byte("#!/bin/sh\necho hello\n"), 0o700)
	os.WriteFile(filepath.Join(proj, "p9.ps1"), []byte(`Add-Content -Path ~/.bashrc -Value "echo PWNED9"`), 0o600)
	for _, tt := range []struct {
		cmd     string
		blocked bool
	}{
		// Escapes.
		{"Remove-Item -Recurse \"$HOME/`u{2e}guard\"", true},
		{"$f = \"$HOME/`u{2e}agent_a/settings.json\"; Set-Content $f \"{}\"", true},
		{"Add-Content \"$HOME/`u{2e}bashrc\" x", true},
		{"gc \"$HOME/`u{2e}ssh/id_rsa\"", true},
		{"gc \"$HOME/`u{2E}ss`u{68}/id_rsa\"", true},
		{"gc $HOME/`u{2e}ssh/id_rsa", true},
		{"Remove-Item -Recurse \"$HOME/`u{2e\"", true},
		{"gc \"$HOME/`u{2e}ssh/id_rsa`u{}\"", true},
		{"gc \"$HOME/`u{1100000}ssh/id_rsa\"", true},
		{"gc \"$HOME/.ssh/id_rsa`0\"", true},
		{"gc @\"\n$HOME/`u{2e}ssh/id_rsa\n\"@", true},
		{"Remove-Item -Recurse \"$HOME/.g`uard\"", true},
		// Aliases to native programs and scripts.
		{`Set-Alias ls bash; ls -c "echo x >> ~/.bashrc"`, true},
		{`Set-Alias ls sh; ls e8.sh`, true},
		{`Set-Alias ls ./e8.sh; ls`, true},
		{`Set-Alias ls ./p9.ps1; ls`, true},
		{`New-Alias x ./p9.ps1; x`, true},
		{`Set-Alias -Name x -Value sh; x e8.sh`, true},
		{`sal x bash; sal y x; y e8.sh`, true},
		{`Set-Item alias:x sh; x e8.sh`, true},
		{`New-Item -Path alias:x -Value sh; x e8.sh`, true},
		{`Set-Alias x $p; x e8.sh`, true},
		{`Set-Alias x sh; Set-Alias x bash; x e8.sh`, true},
		// Script blocks kept and run later.
		{`$x = { ./e8.sh }; & $x`, true},
		{`$x = { sh e8.sh }; & $x`, true},
		{`$x = { sh e8.sh }; $x.Invoke()`, true},
		{`$x = { sh e8.sh }; Invoke-Command -ScriptBlock $x`, true},
		{`Set-Item function:h { ./e8.sh }; h`, true},
		{`New-Item -Path function:k -Value { ./e8.sh }; k`, true},
		{`Set-Item function:h './e8.sh'; h`, true},
		{`Set-Item function:h $code; h`, true},
		{`& $x`, true},
		{`$y.Invoke()`, true},
		{`Invoke-Command -ScriptBlock $y`, true},
		{`[scriptblock]::Create('sh e8.sh').Invoke()`, true},
		{`& ([scriptblock]::Create("./e8.sh"))`, true},
		{`Set-Alias x bash; Copy-Item alias:x alias:ls; ls -c "echo x >> ~/.bashrc"`, true},
		{"Remove-Item -Recurse \u201c~/.guard\u201d", true},
		{"gc \u2018~/.ssh/id_rsa\u2019", true},
		{`Import-Alias a.csv; ls -c "echo x >> ~/.bashrc"`, true},
		{`iex ('sh e8'+'.sh')`, true},
		{`$c = Read-Host; iex $c`, true},
		{"pwsh \u2013EncodedCommand LgAvAGUAOAAuAHMAaAA=", true},
		{"Remove-Item\u00a0-Recurse\u00a0~/.guard", true},
		{"Remove-Item\u3000-Recurse ~/.guard", true},
		{"Set-Content $HOME/.bashrc\u2003x", true},
		{"Remove-Item -Recurse -Force $HOME\u2003-WhatIf:$false; Get-ChildItem", true},
		{`$function:h = { ./e8.sh }; h`, true},
		{`New-Item function:h -Value 'sh e8.sh'; h`, true},
		{`Set-Item -Path function:global:h -Value { ./e8.sh }; h`, true},
		{`$ExecutionContext.InvokeCommand.InvokeScript('./e8.sh')`, true},
		{`& (Get-Command bash) -c "echo x >> ~/.bashrc"`, true},
		{`Set-Alias ls (Get-Command bash).Source; ls e8.sh`, true},
		// A native script run from PowerShell.
		{`. ./e8.sh`, true},
		{`& ./e8.sh`, true},
		{`./e8.sh`, true},
		// Everyday PowerShell.
		{`Get-ChildItem -Recurse -Filter *.go`, false},
		{`Select-String -Path *.go -Pattern TODO`, false},
		{`git status; go test ./...; npm run build`, false},
		{`$env:PATH`, false},
		{`$env:PATH = "$env:PATH;$PWD/bin"; go version`, false},
		{`Write-Output $env:PATH`, false},
		{"Write-Output \"a`tb`n\"", false},
		{"Write-Output \"caf`u{e9}\"", false},
		{`function Get-Build { go build ./... }; Get-Build`, false},
		{`Set-Alias g git; g status`, false},
		{`$s = { git status }; & $s`, false},
		{`$s = { Get-ChildItem }; $s.Invoke()`, false},
		{`. ./ok.sh`, false},
		{`./ok.sh`, false},
		{`Set-Alias ll Get-ChildItem; ll src`, false},
		{`function Invoke-Step([scriptblock]$Body) { & $Body }; Invoke-Step { go vet ./... }`, false},
		{`$job = Start-Job -ScriptBlock { go test ./... }; Receive-Job $job -Wait`, false},
		{`Get-ChildItem *.txt | ForEach-Object { $_.Name }`, false},
		{"git commit -m \"fix`n`nbody\"", false},
	} {
		payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "PowerShell", "cwd": proj,
			"tool_input": map[string]any{"command": tt.cmd}})
		code, _, stderr, rec := runReal(t, p, string(payload))
		if (code == 2) != tt.blocked {
			t.Errorf("%s: code %d rule %q (%s), want blocked %v", tt.cmd, code, rec.Rule, strings.TrimSpace(stderr), tt.blocked)
		}
	}
}
