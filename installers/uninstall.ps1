# guard uninstaller for Windows (Windows PowerShell 5.1 or PowerShell 7):
# stops and removes the console's logon entry, takes guard's hooks out of the
# agents' settings, removes guard.exe and its user PATH entry. ~\.guard (the
# policy and the audit log) stays unless GUARD_PURGE=1.
#
#   irm https://raw.githubusercontent.com/guardhq/guard/main/installers/uninstall.ps1 | iex
#
# Settings, as environment variables:
#   GUARD_INSTALL_DIR  where guard.exe is (default %LOCALAPPDATA%\Programs\guard)
#   GUARD_PURGE=1      also delete guard's directory (~\.guard, or GUARD_HOME)
#
# All code is inside a function called on the last line, so a download cut
# short runs nothing.

function Uninstall-Guard {
    Set-StrictMode -Version Latest
    $ErrorActionPreference = 'Stop'

    $dir = "$env:GUARD_INSTALL_DIR"
    if (-not $dir) { $dir = Join-Path $env:LOCALAPPDATA 'Programs\guard' }
    $exe = Join-Path $dir 'guard.exe'
    if (Test-Path -LiteralPath $exe) {
        & $exe service uninstall
        if ($LASTEXITCODE -ne 0) { Write-Warning 'could not remove the console service (see above)' }
        if (Test-Path -LiteralPath (Join-Path $HOME '.agent_a\settings.json')) {
            & $exe init --agent-a --remove
            if ($LASTEXITCODE -ne 0) { Write-Warning "could not remove guard's agent A hooks (see above)" }
        }
        if ((Test-Path -LiteralPath (Join-Path $HOME '.agent_b\hooks.json')) -or (Test-Path -LiteralPath '.agent_b\hooks.json')) {
            & $exe init --agent-b --remove
            if ($LASTEXITCODE -ne 0) { Write-Warning "could not remove guard's agent B hooks (see above)" }
        }
        if (Test-Path -LiteralPath '.agent_c\settings.json') {
            & $exe init --agent-c --remove
            if ($LASTEXITCODE -ne 0) { Write-Warning "could not remove guard's agent C hooks (see above)" }
        }
        Remove-Item -Force -LiteralPath $exe
        Remove-Item -Force -ErrorAction SilentlyContinue -LiteralPath "$exe.old"
        Write-Host "guard-uninstall: removed $exe"
        if (-not (Get-ChildItem -Force -LiteralPath $dir)) { Remove-Item -Force -LiteralPath $dir }
    } else {
        Write-Warning "no guard.exe in $dir; nothing to unhook or remove there (set GUARD_INSTALL_DIR if it lives elsewhere)"
    }

    # Raw (REG_EXPAND_SZ) read and write, as install.ps1 does: the other
    # entries keep their %VARIABLES%.
    $envKey = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment')
    try {
        $userPath = [string]$envKey.GetValue('Path', '', [Microsoft.Win32.RegistryValueOptions]::DoNotExpandEnvironmentNames)
        $parts = @($userPath -split ';' | Where-Object { $_ })
        if ($parts -contains $dir) {
            $envKey.SetValue('Path', (@($parts | Where-Object { $_ -ne $dir }) -join ';'), [Microsoft.Win32.RegistryValueKind]::ExpandString)
            [Environment]::SetEnvironmentVariable('GUARD_INSTALL_NOTIFY', '1', 'User')
            [Environment]::SetEnvironmentVariable('GUARD_INSTALL_NOTIFY', [NullString]::Value, 'User')
            Write-Host "guard-uninstall: removed $dir from your user PATH"
        }
    } finally {
        $envKey.Close()
    }

    $guardHome = "$env:GUARD_HOME"
    if (-not $guardHome) { $guardHome = Join-Path $HOME '.guard' }
    if ($env:GUARD_PURGE -eq '1') {
        Remove-Item -Recurse -Force -ErrorAction SilentlyContinue -LiteralPath $guardHome
        Write-Host "guard-uninstall: deleted $guardHome"
    } elseif (Test-Path -LiteralPath $guardHome) {
        Write-Host "guard-uninstall: kept $guardHome (policy and audit log); delete it with GUARD_PURGE=1"
    }
    Write-Host 'guard-uninstall: done'
}

Uninstall-Guard
