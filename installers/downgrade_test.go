package installers

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionCmp runs install.sh's version_cmp (the script without its last
// line defines every function and runs nothing).
func TestVersionCmp(t *testing.T) {
	unixOnly(t)
	dash := need(t, "dash")[0]
	b, err := os.ReadFile("install.sh")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	funcs := filepath.Join(t.TempDir(), "funcs.sh")
	if err := os.WriteFile(funcs, []byte(strings.Join(lines[:len(lines)-1], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ a, b, want string }{
		{"1.0.0", "1.0.0", "0"},
		{"1.0.0", "1.1.0", "-1"},
		{"1.10.0", "1.9.0", "1"},
		{"2.0.0", "1.99.99", "1"},
		{"0.2.0", "0.2.0-rc.1", "1"},
		{"0.2.0-rc.1", "0.2.0", "-1"},
		{"0.2.0-snapshot", "0.2.0", "-1"},
		// semver.org's order: alpha < alpha.1 < alpha.beta < beta < beta.2 < beta.11 < rc.1 < release
		{"1.0.0-alpha", "1.0.0-alpha.1", "-1"},
		{"1.0.0-alpha.1", "1.0.0-alpha.beta", "-1"},
		{"1.0.0-alpha.beta", "1.0.0-beta", "-1"},
		{"1.0.0-beta", "1.0.0-beta.2", "-1"},
		{"1.0.0-beta.2", "1.0.0-beta.11", "-1"},
		{"1.0.0-beta.11", "1.0.0-rc.1", "-1"},
		{"1.0.0-rc.1", "1.0.0", "-1"},
		{"1.0.0+build.5", "1.0.0", "0"},
		{"99999999999999999999.0.0", "99999999999999999998.0.0", "1"},
		{"unknown", "1.0.0", "?"},
		{"1.0", "1.0.0", "?"},
		{"1.0.0", "", "?"},
	} {
		out, err := exec.Command(dash, "-c", `. "$1"; version_cmp "$2" "$3"`, "sh", funcs, tc.a, tc.b).CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != tc.want {
			t.Errorf("version_cmp %q %q = %q (%v), want %s", tc.a, tc.b, out, err, tc.want)
		}
	}
}

// TestInstallRefusesDowngrade: a release older than the installed guard is
// refused, with a message saying how to ask for it; asked for by -v (or
// GUARD_VERSION) it is installed; the same version is installed again.
func TestInstallRefusesDowngrade(t *testing.T) {
	unixOnly(t)
	s := newSandbox(t)
	install := func(v string, env []string, args ...string) (string, error) {
		url, _ := serve(t, fakeRelease(t, v))
		s.env = append([]string{"GUARD_BASE_URL=" + url}, env...)
		return s.run(t, "install.sh", false, append([]string{"-b", s.prefix, "--no-init"}, args...)...)
	}
	installed := func() string {
		got, _ := exec.Command(filepath.Join(s.prefix, "guard"), "--version").Output()
		return strings.TrimSpace(string(got))
	}
	if out, err := install("1.1.0", nil); err != nil {
		t.Fatalf("install 1.1.0: %v\n%s", err, out)
	}
	out, err := install("1.0.0", nil)
	if err == nil || !strings.Contains(out, "guard 1.1.0 is installed at "+s.prefix+"/guard, and the release at http://127.0.0.1:") ||
		!strings.Contains(out, "is the older 1.0.0: refusing to downgrade; nothing was installed. To go back to 1.0.0, ask for it: -v 1.0.0") {
		t.Errorf("downgrade not refused (err %v):\n%s", err, out)
	}
	if strings.Contains(out, "downloading") {
		t.Errorf("the archive was downloaded before the refusal:\n%s", out)
	}
	out, err = install("1.0.0", nil, "--dry-run")
	if err == nil || !strings.Contains(out, "refusing to downgrade") {
		t.Errorf("a dry run does not say it would refuse (err %v):\n%s", err, out)
	}
	if v := installed(); v != "guard 1.1.0 (fake)" {
		t.Errorf("after the refusals: %q", v)
	}
	out, err = install("1.0.0", nil, "-v", "1.0.0")
	if err != nil || !strings.Contains(out, "installing guard 1.0.0 over the newer 1.1.0") || installed() != "guard 1.0.0 (fake)" {
		t.Errorf("-v 1.0.0 (err %v, %q):\n%s", err, installed(), out)
	}
	out, err = install("1.0.0", nil)
	if err != nil || !strings.Contains(out, "guard 1.0.0 is already installed") {
		t.Errorf("the same version again (err %v):\n%s", err, out)
	}
	if out, err := install("1.1.0", nil); err != nil || installed() != "guard 1.1.0 (fake)" {
		t.Fatalf("upgrade (err %v):\n%s", err, out)
	}
	out, err = install("1.1.0-rc.1", []string{"GUARD_VERSION=1.1.0-rc.1"})
	if err != nil || installed() != "guard 1.1.0-rc.1 (fake)" {
		t.Errorf("GUARD_VERSION=1.1.0-rc.1 (err %v, %q):\n%s", err, installed(), out)
	}
}

// TestPowerShellCaseSensitive: install.ps1 compares the signature's magic,
// namespace, hash algorithm, key and signature types case-sensitively
// (PowerShell's -ne, -eq, -like and switch ignore case; ssh-keygen does
// not), and the archive's name too (issue 22 item 7).
func TestPowerShellCaseSensitive(t *testing.T) {
	b, err := os.ReadFile("install.ps1")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	start := strings.Index(s, "function Assert-ReleaseSignature")
	end := strings.Index(s, "function Compare-GuardVersion")
	if start < 0 || end < start {
		t.Fatal("install.ps1: Assert-ReleaseSignature not found before Compare-GuardVersion")
	}
	body := s[start:end]
	for _, want := range []string{
		"-cne 'SSHSIG'", "-cne 'guard-release'", "switch -CaseSensitive ($ascii.GetString($hashAlg))",
		"$ascii.GetString($ktype) -cne 'ecdsa-sha2-nistp256'", "$ascii.GetString($curve) -cne 'nistp256'",
		"$ascii.GetString($stype) -cne 'ecdsa-sha2-nistp256'",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("Assert-ReleaseSignature lacks %q", want)
		}
	}
	for _, op := range []string{"-ne '", "-eq '", "-like ", "-match ", "-notmatch ", "switch ("} {
		if strings.Contains(body, op) {
			t.Errorf("Assert-ReleaseSignature compares with %q, which ignores case", strings.TrimSpace(op))
		}
	}
	for _, want := range []string{"$_.Name -clike 'guard_*_windows_amd64.zip'", "$_.Name -ceq $name"} {
		if !strings.Contains(s, want) {
			t.Errorf("install.ps1 lacks %q", want)
		}
	}
}

// TestPowerShellRefusesDowngrade: install.ps1 reads the installed guard's
// version and refuses an older release unless GUARD_VERSION asked for it,
// before it downloads the archive. (No PowerShell here: the steps and
// their order are checked; install.sh's twin runs in TestInstallRefusesDowngrade.)
func TestPowerShellRefusesDowngrade(t *testing.T) {
	b, err := os.ReadFile("install.ps1")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	order := []string{
		"Assert-ReleaseSignature $sigFile $sums",
		"$newVersion = $name -creplace '^guard_(.+)_windows_amd64\\.zip$', '$1'",
		"& $exe --version",
		"$cmp = Compare-GuardVersion $newVersion $oldVersion",
		"if (-not $version) {",
		"refusing to downgrade; nothing was installed",
		`-Uri "$base/$name" -OutFile $zip`,
	}
	last := -1
	for _, o := range order {
		i := strings.Index(s, o)
		if i < 0 {
			t.Fatalf("install.ps1 lacks %q", o)
		}
		if i < last {
			t.Errorf("install.ps1: %q comes before the step it must follow", o)
		}
		last = i
	}
}
