# guard installer for Windows (Windows PowerShell 5.1 or PowerShell 7).
# Downloads the windows/amd64 zip, checks its SHA-256 against the release's
# checksums.txt with Get-FileHash, installs guard.exe under
# %LOCALAPPDATA%\Programs\guard, adds that directory to the user PATH and
# runs 'guard init --agent-a'. No administrator rights are needed; running it
# again upgrades in place.
#
#   irm https://raw.githubusercontent.com/guardhq/guard/main/installers/install.ps1 | iex
#
# Settings, as environment variables:
#   GUARD_VERSION      a release such as 0.2.0 (default: the latest)
#   GUARD_INSTALL_DIR  where guard.exe goes (default %LOCALAPPDATA%\Programs\guard)
#   GUARD_BASE_URL     a directory URL holding a release's archives and checksums.txt
#   GUARD_NO_INIT=1    do not run 'guard init --agent-a'
#   GUARD_SERVICE=1    also start the console at logon ('guard service install')
#
# All code is inside a function called on the last line, so a download cut
# short runs nothing.

function Install-Guard {
    Set-StrictMode -Version Latest
    $ErrorActionPreference = 'Stop'
    $ProgressPreference = 'SilentlyContinue' # progress bars make downloads slow on 5.1
    [Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12

    $arch = $env:PROCESSOR_ARCHITEW6432
    if (-not $arch) { $arch = $env:PROCESSOR_ARCHITECTURE }
    switch ($arch) {
        'AMD64' { }
        'ARM64' { Write-Warning 'guard ships windows/amd64 only; it runs here under x64 emulation' }
        default { throw "unsupported architecture: $arch (guard ships windows/amd64 only)" }
    }

    $version = "$env:GUARD_VERSION" -replace '^v', ''
    if ($version -and $version -notmatch '^[0-9A-Za-z.+-]+$') { throw "not a version: $version (expected something like 0.2.0)" }
    $dir = "$env:GUARD_INSTALL_DIR"
    if (-not $dir) { $dir = Join-Path $env:LOCALAPPDATA 'Programs\guard' }
    if ($env:GUARD_BASE_URL) { $base = "$env:GUARD_BASE_URL".TrimEnd('/') }
    elseif ($version) { $base = "https://github.com/guardhq/guard/releases/download/v$version" }
    else { $base = 'https://github.com/guardhq/guard/releases/latest/download' }
    if ($base.Contains('@') -or ($base -notmatch '^https://' -and $base -notmatch '^http://(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(/|$)')) {
        throw "GUARD_BASE_URL must start with https:// (plain http only for 127.0.0.1, localhost or [::1]) and hold no '@': $base"
    }

    $tmp = Join-Path ([IO.Path]::GetTempPath()) ('guard-install-' + [Guid]::NewGuid())
    New-Item -ItemType Directory -Path $tmp | Out-Null
    try {
        $sums = Join-Path $tmp 'checksums.txt'
        Invoke-WebRequest -UseBasicParsing -TimeoutSec 60 -Uri "$base/checksums.txt" -OutFile $sums
        $entries = @(foreach ($line in Get-Content -LiteralPath $sums) {
                $f = $line.Trim() -split '\s+', 2
                if ($f.Count -eq 2) { [pscustomobject]@{ Hash = $f[0].ToLower(); Name = $f[1].TrimStart('*') } }
            })
        if ($version) {
            $name = "guard_${version}_windows_amd64.zip"
        } else {
            $found = @($entries | Where-Object { $_.Name -like 'guard_*_windows_amd64.zip' })
            if ($found.Count -ne 1) { throw "checksums.txt at $base lists $($found.Count) archives for windows/amd64; choose one with GUARD_VERSION" }
            $name = $found[0].Name
        }
        if ($name -notmatch '^[A-Za-z0-9._+-]+$') { throw "unexpected archive name in checksums.txt: $name" }
        $want = @($entries | Where-Object { $_.Name -eq $name })
        if ($want.Count -lt 1 -or $want[0].Hash -notmatch '^[0-9a-f]{64}$') { throw "checksums.txt at $base has no SHA-256 checksum for $name" }
        $want = $want[0].Hash

        $zip = Join-Path $tmp $name
        Write-Host "guard-install: downloading $base/$name"
        Invoke-WebRequest -UseBasicParsing -TimeoutSec 600 -Uri "$base/$name" -OutFile $zip
        $got = (Get-FileHash -Algorithm SHA256 -LiteralPath $zip).Hash.ToLower()
        if ($got -ne $want) { throw "checksum mismatch for ${name}: checksums.txt says $want, the download is $got; nothing was installed" }
        Write-Host "guard-install: checksum verified (SHA-256 $got)"

        Expand-Archive -LiteralPath $zip -DestinationPath (Join-Path $tmp 'x') -Force
        $new = Join-Path $tmp 'x\guard.exe'
        if (-not (Test-Path -LiteralPath $new)) { throw "$name holds no guard.exe" }
        New-Item -ItemType Directory -Force -Path $dir | Out-Null
        $exe = Join-Path $dir 'guard.exe'
        # An upgrade: stop a running console first, so that it can be started
        # again from the new binary. (Windows PowerShell turns redirected
        # stderr into errors, hence the try.)
        $wasRunning = $false
        if (Test-Path -LiteralPath $exe) {
            try { & $exe service status *> $null; $wasRunning = $LASTEXITCODE -eq 0 } catch { }
            if ($wasRunning) { & $exe service stop }
        }
        # A running guard.exe (a hook, say) cannot be overwritten, but it can be renamed.
        Remove-Item -Force -ErrorAction SilentlyContinue -LiteralPath "$exe.old"
        if (Test-Path -LiteralPath $exe) { Move-Item -Force -LiteralPath $exe -Destination "$exe.old" }
        Copy-Item -LiteralPath $new -Destination $exe
        Remove-Item -Force -ErrorAction SilentlyContinue -LiteralPath "$exe.old"
        $ver = & $exe --version
        if ($LASTEXITCODE -ne 0) { throw "the installed $exe does not run" }
        Write-Host "guard-install: installed $ver to $exe"

        # The user PATH is read and written raw (REG_EXPAND_SZ) so that entries
        # such as %USERPROFILE%\bin stay unexpanded; setting and clearing a
        # throwaway variable through .NET then tells Explorer (and so new
        # terminals) that the environment changed.
        $envKey = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment')
        try {
            $userPath = [string]$envKey.GetValue('Path', '', [Microsoft.Win32.RegistryValueOptions]::DoNotExpandEnvironmentNames)
            $parts = @($userPath -split ';' | Where-Object { $_ })
            if ($parts -notcontains $dir) {
                $envKey.SetValue('Path', ((@($parts) + $dir) -join ';'), [Microsoft.Win32.RegistryValueKind]::ExpandString)
                [Environment]::SetEnvironmentVariable('GUARD_INSTALL_NOTIFY', '1', 'User')
                [Environment]::SetEnvironmentVariable('GUARD_INSTALL_NOTIFY', [NullString]::Value, 'User')
                $env:Path = "$env:Path;$dir"
                Write-Host "guard-install: added $dir to your user PATH (new terminals see it)"
            }
        } finally {
            $envKey.Close()
        }

        if ($env:GUARD_NO_INIT -ne '1') {
            & $exe init --agent-a
            if ($LASTEXITCODE -ne 0) { throw "guard is installed, but 'guard init --agent-a' failed (see above); run it again once that is fixed" }
        }
        if ($env:GUARD_SERVICE -eq '1') {
            & $exe service install
            if ($LASTEXITCODE -ne 0) { throw "guard is installed, but the console service is not (see above)" }
        } elseif ($wasRunning) {
            & $exe service start
            if ($LASTEXITCODE -ne 0) { Write-Warning 'could not start the console service again; run: guard service start' }
        }
        Write-Host 'guard-install: done'
    } finally {
        Remove-Item -Recurse -Force -ErrorAction SilentlyContinue -LiteralPath $tmp
    }
}

Install-Guard
