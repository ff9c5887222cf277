package installers

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/testenv"
)

// need returns the path of each tool, skipping the test when one is missing
// (failing instead under CI, where .ci/run installs them; make test lists
// the skips).
func need(t *testing.T, tools ...string) []string {
	t.Helper()
	return testenv.Need(t, tools...)
}

func unixOnly(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("the shell installers run on linux and macOS")
	}
}

func TestScriptsLint(t *testing.T) {
	unixOnly(t)
	tools := need(t, "shellcheck", "dash")
	scripts, _ := filepath.Glob(filepath.Join("..", "scripts", "*.sh"))
	for _, script := range append([]string{"install.sh", "uninstall.sh"}, scripts...) {
		t.Run(filepath.Base(script), func(t *testing.T) {
			shell := "--shell=sh"
			if b, _ := os.ReadFile(script); strings.HasPrefix(string(b), "#!/usr/bin/env bash") {
				shell = "--shell=bash"
			}
			if out, err := exec.Command(tools[0], shell, "--severity=style", script).CombinedOutput(); err != nil {
				t.Errorf("shellcheck %s: %v\n%s", script, err, out)
			}
			if shell == "--shell=bash" {
				return
			}
			if out, err := exec.Command(tools[1], "-n", script).CombinedOutput(); err != nil {
				t.Errorf("dash -n %s: %v\n%s", script, err, out)
			}
		})
	}
}

// TestScriptsRunOnlyFromTheLastLine checks the shape that makes a truncated
// download harmless: the only top-level command is the last line, a call.
func TestScriptsRunOnlyFromTheLastLine(t *testing.T) {
	for _, tc := range []struct{ script, call string }{
		{"install.sh", `{ main "$@"; }`},
		{"uninstall.sh", `{ main "$@"; }`},
		{"install.ps1", "Install-Guard"},
		{"uninstall.ps1", "Uninstall-Guard"},
	} {
		t.Run(tc.script, func(t *testing.T) {
			b, err := os.ReadFile(tc.script)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
			if last := lines[len(lines)-1]; last != tc.call {
				t.Errorf("last line %q, want %q", last, tc.call)
			}
			if n := strings.Count(string(b), "\n"+tc.call+"\n"); n != 1 {
				t.Errorf("%q appears %d times at the start of a line, want once", tc.call, n)
			}
		})
	}
}

// TestPowerShellScripts checks what can be checked without PowerShell: the
// checksum tool, the archive name and the install location.
func TestPowerShellScripts(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   []string
	}{
		{"install.ps1", []string{
			"Get-FileHash -Algorithm SHA256",
			"'guard_*_windows_amd64.zip'",
			`"guard_${version}_windows_amd64.zip"`,
			`Join-Path $env:LOCALAPPDATA 'Programs\guard'`,
			`& $exe init "--agent-$a"`,
			"GUARD_AGENTS",
			"throw \"checksum mismatch",
			// The signature, checked before the archive is downloaded.
			"$base/checksums.txt.sig",
			"Assert-ReleaseSignature $sigFile $sums",
			"[Security.Cryptography.CngKeyBlobFormat]::EccPublicBlob",
			"$ecdsa.VerifyData($ms.ToArray(), $sig, [Security.Cryptography.HashAlgorithmName]::SHA256)",
			"'guard-release'",
			"GUARD_INSECURE_SKIP_SIGNATURE",
			"DoNotExpandEnvironmentNames",
			"[Microsoft.Win32.RegistryValueKind]::ExpandString",
		}},
		{"uninstall.ps1", []string{
			`Join-Path $env:LOCALAPPDATA 'Programs\guard'`,
			"service uninstall",
			"init --agent-a --remove",
			"GUARD_PURGE",
			"DoNotExpandEnvironmentNames",
			"[Microsoft.Win32.RegistryValueKind]::ExpandString",
		}},
	} {
		b, err := os.ReadFile(tc.script)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s does not contain %q", tc.script, w)
			}
		}
		if strings.Contains(string(b), "SetEnvironmentVariable('Path'") {
			t.Errorf("%s writes the user PATH through .NET, which stores every %%VARIABLE%% in it expanded", tc.script)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue // the usage comment pipes the script itself to iex
			}
			for _, w := range strings.Fields(strings.ToLower(line)) {
				if w == "iex" || w == "invoke-expression" {
					t.Errorf("%s:%d evaluates text as code: %s", tc.script, i+1, line)
				}
			}
		}
	}
}

// ---- a release served on loopback ----------------------------------------

// release is a set of files served as one release directory.
type release map[string][]byte

// withChecksums adds checksums.txt for every file already in r, and its
// signature by the tests' release key (checksums.txt.sig).
func (r release) withChecksums(t *testing.T) release {
	t.Helper()
	testKeys(t)
	delete(r, "checksums.txt.sig")
	var b strings.Builder
	for name, data := range r {
		if name == "checksums.txt" || name == "checksums.txt.sig" {
			continue
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	}
	r["checksums.txt"] = []byte(b.String())
	return r.signed(t, keys.release)
}

// requests counts and records the requests a server answered.
type requests struct {
	n     atomic.Int64
	mu    sync.Mutex
	paths []string
}

// Load is the number of requests so far.
func (r *requests) Load() int64 { return r.n.Load() }

// Paths are the files asked for so far, in order.
func (r *requests) Paths() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string{}, r.paths...)
}

// serve serves r on loopback and records the requests.
func serve(t *testing.T, r release) (url string, hits *requests) {
	t.Helper()
	hits = new(requests)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		hits.n.Add(1)
		hits.mu.Lock()
		hits.paths = append(hits.paths, strings.TrimPrefix(req.URL.Path, "/"))
		hits.mu.Unlock()
		data, ok := r[strings.TrimPrefix(req.URL.Path, "/")]
		if !ok {
			http.NotFound(w, req)
			return
		}
		_, _ = w.Write(data)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, hits
}

// dirRelease reads every regular file at the top of dir.
func dirRelease(t *testing.T, dir string) release {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := release{}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		r[e.Name()] = b
	}
	return r
}

// fakeGuard is a stand-in binary: --version answers, anything else is
// logged to $HOME/guard-calls; `service status` reports "not installed".
func fakeGuard(version string) string {
	return `#!/bin/sh
case "$1" in
--version) echo "guard ` + version + ` (fake)" ;;
service) echo "$*" >>"$HOME/guard-calls"; [ "$2" = status ] && exit 4 ;;
*) echo "$*" >>"$HOME/guard-calls" ;;
esac
`
}

func tarGz(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for name, body := range files {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o755, Size: int64(len(body)), ModTime: time.Unix(1e9, 0)}); err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(tw, body); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// hostArchive is the archive name for this machine at version v.
func hostArchive(t *testing.T, v string) string {
	t.Helper()
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		t.Skipf("no release for %s", runtime.GOARCH)
	}
	return fmt.Sprintf("guard_%s_%s_%s.tar.gz", v, runtime.GOOS, runtime.GOARCH)
}

// fakeRelease is a release whose archive for this machine holds fakeGuard.
func fakeRelease(t *testing.T, v string) release {
	t.Helper()
	return release{
		hostArchive(t, v):                 tarGz(t, map[string]string{"guard": fakeGuard(v), "README.md": "readme\n"}),
		"guard_" + v + "_linux_amd64.deb": []byte("not this one"),
	}.withChecksums(t)
}

// ---- running the scripts --------------------------------------------------

// sandbox is a throwaway HOME, install prefix and TMPDIR for one run.
type sandbox struct {
	home, prefix, tmp string
	dir               string // the working directory, if not the test's
	path              string // PATH for the script
	env               []string
	wrap              []string // a command that runs the shell (setpriv …), if any
}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	root := t.TempDir()
	s := &sandbox{
		home:   filepath.Join(root, "home"),
		prefix: filepath.Join(root, "prefix", "bin"),
		tmp:    filepath.Join(root, "tmp"),
		path:   os.Getenv("PATH"),
	}
	for _, d := range []string{s.home, s.tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// run runs script (install.sh or uninstall.sh) with dash. With stdin true
// the script arrives on standard input (`curl … | sh -s -- args`).
// install.sh is the copy that pins the tests' release key (testKeys).
func (s *sandbox) run(t *testing.T, script string, stdin bool, args ...string) (string, error) {
	t.Helper()
	dash := need(t, "dash")[0]
	if script == "install.sh" {
		testKeys(t)
		script = keys.installer
	}
	var cmd *exec.Cmd
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if stdin {
		b, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		cmd = exec.CommandContext(ctx, dash, append([]string{"-s", "--"}, args...)...)
		cmd.Stdin = bytes.NewReader(b)
	} else {
		cmd = exec.CommandContext(ctx, dash, append([]string{script}, args...)...)
	}
	if len(s.wrap) > 0 {
		cmd.Args = append(append([]string{}, s.wrap...), cmd.Args...)
		cmd.Path = s.wrap[0]
	}
	cmd.Dir = s.dir
	// GUARD_INSTALL_DIR keeps even a run without -b inside the sandbox.
	cmd.Env = append([]string{"PATH=" + s.path, "HOME=" + s.home, "TMPDIR=" + s.tmp, "LC_ALL=C", "GUARD_INSTALL_DIR=" + s.prefix}, s.env...)
	out, err := cmd.CombinedOutput()
	// The trap removes the temp directory on every exit.
	if left, _ := os.ReadDir(s.tmp); len(left) > 0 {
		t.Errorf("%s left %d entries in TMPDIR", script, len(left))
	}
	return string(out), err
}

// nothingInstalled fails unless the run left no binary and no guard files.
func (s *sandbox) nothingInstalled(t *testing.T) {
	t.Helper()
	if entries, err := os.ReadDir(s.prefix); err == nil && len(entries) > 0 {
		t.Errorf("install prefix holds %d entries, want none", len(entries))
	}
	for _, p := range []string{".guard", ".agent_a", "guard-calls"} {
		if _, err := os.Stat(filepath.Join(s.home, p)); err == nil {
			t.Errorf("~/%s exists after a refused install", p)
		}
	}
}

// toolDir makes a directory of symlinks to exactly the given tools and
// returns it, for a PATH that hides everything else.
func toolDir(t *testing.T, tools ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, tool := range tools {
		p := need(t, tool)[0]
		if err := os.Symlink(p, filepath.Join(dir, tool)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// baseTools are what install.sh needs besides a downloader and a SHA-256 tool.
var baseTools = []string{"uname", "mktemp", "rm", "awk", "tar", "gzip", "mkdir", "cp", "chmod", "mv", "dirname", "cat",
	"sed", "tr", "head", "tail", "ssh-keygen"}

// ---- tests on a fake release (no goreleaser needed) -----------------------

func TestInstallChecksumTools(t *testing.T) {
	unixOnly(t)
	good := fakeRelease(t, "1.0.0")
	bad := release{}
	for k, v := range good {
		bad[k] = v
	}
	archive := hostArchive(t, "1.0.0")
	bad[archive] = append(append([]byte{}, good[archive]...), 0) // one byte more

	for _, tc := range []struct {
		name  string
		tools []string
	}{
		{"sha256sum", []string{"curl", "sha256sum"}},
		{"shasum", []string{"curl", "shasum"}},
		{"openssl", []string{"curl", "openssl"}},
		{"wget", []string{"wget", "sha256sum"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := toolDir(t, append(append([]string{}, baseTools...), tc.tools...)...)

			s := newSandbox(t)
			s.path = path
			url, _ := serve(t, bad)
			s.env = []string{"GUARD_BASE_URL=" + url}
			out, err := s.run(t, "install.sh", false, "-b", s.prefix)
			if err == nil || !strings.Contains(out, "checksum mismatch") {
				t.Errorf("tampered archive not refused (err %v):\n%s", err, out)
			}
			s.nothingInstalled(t)

			url, _ = serve(t, good)
			s.env = []string{"GUARD_BASE_URL=" + url}
			out, err = s.run(t, "install.sh", false, "-b", s.prefix)
			if err != nil {
				t.Fatalf("install: %v\n%s", err, out)
			}
			if !strings.Contains(out, "checksum verified") || !strings.Contains(out, "installed guard 1.0.0 (fake) to "+s.prefix+"/guard") {
				t.Errorf("output does not report the verified install:\n%s", out)
			}
			calls, _ := os.ReadFile(filepath.Join(s.home, "guard-calls"))
			if !strings.Contains(string(calls), "init --agent-a\n") {
				t.Errorf("guard init --agent-a was not run; calls:\n%s", calls)
			}
		})
	}
}

func TestInstallMissingTools(t *testing.T) {
	unixOnly(t)
	url, _ := serve(t, fakeRelease(t, "1.0.0"))
	for _, tc := range []struct {
		name  string
		tools []string
		want  string
	}{
		{"no sha256 tool", []string{"curl"}, "no SHA-256 tool was found"},
		{"no downloader", []string{"sha256sum"}, "neither curl nor wget was found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSandbox(t)
			s.path = toolDir(t, append(append([]string{}, baseTools...), tc.tools...)...)
			s.env = []string{"GUARD_BASE_URL=" + url}
			out, err := s.run(t, "install.sh", false, "-b", s.prefix)
			if err == nil || !strings.Contains(out, tc.want) {
				t.Errorf("want a failure saying %q, got %v:\n%s", tc.want, err, out)
			}
			s.nothingInstalled(t)
		})
	}
}

func TestInstallUpgradesInPlace(t *testing.T) {
	unixOnly(t)
	s := newSandbox(t)
	for _, v := range []string{"1.0.0", "1.1.0"} {
		url, _ := serve(t, fakeRelease(t, v))
		s.env = []string{"GUARD_BASE_URL=" + url}
		out, err := s.run(t, "install.sh", false, "-b", s.prefix, "--no-init")
		if err != nil {
			t.Fatalf("install %s: %v\n%s", v, err, out)
		}
		got, err := exec.Command(filepath.Join(s.prefix, "guard"), "--version").Output()
		if err != nil || string(got) != "guard "+v+" (fake)\n" {
			t.Errorf("after installing %s, --version says %q (%v)", v, got, err)
		}
	}
	entries, _ := os.ReadDir(s.prefix)
	if len(entries) != 1 {
		t.Errorf("prefix holds %d entries after two installs, want just guard", len(entries))
	}
	if _, err := os.Stat(filepath.Join(s.home, "guard-calls")); err == nil {
		calls, _ := os.ReadFile(filepath.Join(s.home, "guard-calls"))
		if strings.Contains(string(calls), "init") {
			t.Errorf("--no-init ran init:\n%s", calls)
		}
	}
}

// TestInstallPicksArchiveForPlatform fakes uname (and sysctl, for Rosetta)
// and checks which archive a dry run would fetch.
func TestInstallPicksArchiveForPlatform(t *testing.T) {
	unixOnly(t)
	need(t, "curl")
	fake := t.TempDir()
	for name, body := range map[string]string{
		"uname":  "#!/bin/sh\ncase \"$1\" in -m) echo \"$FAKE_UNAME_M\" ;; *) echo \"$FAKE_UNAME_S\" ;; esac\n",
		"sysctl": "#!/bin/sh\necho \"${FAKE_TRANSLATED:-0}\"\n",
		"unzip":  "#!/bin/sh\nexit 1\n",
	} {
		if err := os.WriteFile(filepath.Join(fake, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	rel := release{}
	for _, p := range []string{"linux_amd64.tar.gz", "linux_arm64.tar.gz", "darwin_amd64.tar.gz",
		"darwin_arm64.tar.gz", "windows_amd64.zip", "linux_amd64.deb", "linux_arm64.rpm"} {
		rel["guard_2.0.0_"+p] = []byte(p)
	}
	url, hits := serve(t, rel.withChecksums(t))
	twoVersions := release{"guard_2.0.0_linux_amd64.tar.gz": []byte("a"), "guard_2.1.0_linux_amd64.tar.gz": []byte("b")}.withChecksums(t)
	twoURL, _ := serve(t, twoVersions)

	for _, tc := range []struct {
		name, s, m, translated string
		args, env              []string
		base                   string
		want                   string // archive name, or error text
		fails                  bool
	}{
		{name: "linux x86_64", s: "Linux", m: "x86_64", want: "guard_2.0.0_linux_amd64.tar.gz"},
		{name: "linux aarch64", s: "Linux", m: "aarch64", want: "guard_2.0.0_linux_arm64.tar.gz"},
		{name: "linux arm64", s: "Linux", m: "arm64", want: "guard_2.0.0_linux_arm64.tar.gz"},
		{name: "macos intel", s: "Darwin", m: "x86_64", want: "guard_2.0.0_darwin_amd64.tar.gz"},
		{name: "macos apple silicon", s: "Darwin", m: "arm64", want: "guard_2.0.0_darwin_arm64.tar.gz"},
		{name: "macos rosetta prefers arm64", s: "Darwin", m: "x86_64", translated: "1", want: "guard_2.0.0_darwin_arm64.tar.gz"},
		{name: "windows git bash", s: "MINGW64_NT-10.0-19045", m: "x86_64", want: "guard_2.0.0_windows_amd64.zip"},
		{name: "version given", s: "Linux", m: "x86_64", args: []string{"-v", "v2.0.0"}, want: "guard_2.0.0_linux_amd64.tar.gz"},
		{name: "version not released", s: "Linux", m: "x86_64", args: []string{"-v", "9.9.9"}, fails: true, want: "has no checksum for guard_9.9.9_linux_amd64.tar.gz"},
		{name: "several versions listed", s: "Linux", m: "x86_64", base: twoURL, fails: true, want: "lists several archives for linux/amd64"},
		{name: "one of several versions", s: "Linux", m: "x86_64", base: twoURL, args: []string{"-v", "2.1.0"}, want: "guard_2.1.0_linux_amd64.tar.gz"},
		{name: "GUARD_VERSION", s: "Linux", m: "x86_64", base: twoURL, env: []string{"GUARD_VERSION=v2.1.0"}, want: "guard_2.1.0_linux_amd64.tar.gz"},
		{name: "-v over GUARD_VERSION", s: "Linux", m: "x86_64", base: twoURL, env: []string{"GUARD_VERSION=2.1.0"}, args: []string{"-v", "2.0.0"}, want: "guard_2.0.0_linux_amd64.tar.gz"},
		{name: "no release at the mirror", s: "Linux", m: "x86_64", base: url + "/nope", fails: true, want: "download failed: " + url + "/nope/checksums.txt; does " + url + "/nope hold a guard release"},
		{name: "freebsd", s: "FreeBSD", m: "amd64", fails: true, want: "unsupported operating system: FreeBSD"},
		{name: "32-bit arm", s: "Linux", m: "armv7l", fails: true, want: "unsupported architecture: armv7l"},
		{name: "32-bit x86", s: "Linux", m: "i686", fails: true, want: "unsupported architecture: i686"},
		{name: "windows arm64", s: "MINGW64_NT-10.0", m: "aarch64", fails: true, want: "unsupported: windows/arm64"},
		{name: "plain http elsewhere", s: "Linux", m: "x86_64", base: "http://example.com/guard", fails: true, want: "must start with https://"},
		{name: "credentials in url", s: "Linux", m: "x86_64", base: "http://localhost:1@example.com/", fails: true, want: "must not hold credentials"},
		{name: "bad version", s: "Linux", m: "x86_64", args: []string{"-v", "1.0/../x"}, fails: true, want: "not a version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSandbox(t)
			s.path = fake + string(os.PathListSeparator) + os.Getenv("PATH")
			base := url
			if tc.base != "" {
				base = tc.base
			}
			s.env = append([]string{"FAKE_UNAME_S=" + tc.s, "FAKE_UNAME_M=" + tc.m, "FAKE_TRANSLATED=" + tc.translated, "GUARD_BASE_URL=" + base}, tc.env...)
			before := hits.Load()
			out, err := s.run(t, "install.sh", false, append([]string{"--dry-run", "-b", s.prefix}, tc.args...)...)
			if tc.fails {
				if err == nil || !strings.Contains(out, tc.want) {
					t.Errorf("want a failure saying %q, got %v:\n%s", tc.want, err, out)
				}
				return
			}
			if err != nil {
				t.Fatalf("dry run: %v\n%s", err, out)
			}
			if !strings.Contains(out, "would download "+base+"/"+tc.want+"\n") {
				t.Errorf("dry run does not pick %s:\n%s", tc.want, out)
			}
			if !strings.Contains(out, "nothing was changed") {
				t.Errorf("dry run does not say it changed nothing:\n%s", out)
			}
			if tc.translated == "1" && !strings.Contains(out, "Rosetta 2 detected") {
				t.Errorf("Rosetta not mentioned:\n%s", out)
			}
			if base == url && hits.Load()-before != 2 {
				t.Errorf("dry run made %d requests, want 2 (checksums.txt and its signature)", hits.Load()-before)
			}
			if _, err := os.Stat(s.prefix); err == nil {
				t.Error("dry run created the install directory")
			}
		})
	}
}

// TestInstallDirChoice checks where a dry run would install: -b over
// GUARD_INSTALL_DIR over /usr/local/bin, relative and ~ paths made absolute.
func TestInstallDirChoice(t *testing.T) {
	unixOnly(t)
	need(t, "curl")
	url, _ := serve(t, fakeRelease(t, "1.0.0"))
	for _, tc := range []struct {
		name string
		env  []string
		args []string
		want func(s *sandbox) string // the binary's path
	}{
		{"default", []string{"GUARD_INSTALL_DIR="}, nil, func(*sandbox) string { return "/usr/local/bin/guard" }},
		{"GUARD_INSTALL_DIR", nil, nil, func(s *sandbox) string { return s.prefix + "/guard" }},
		{"-b over GUARD_INSTALL_DIR", nil, []string{"-b", "/opt/x"}, func(*sandbox) string { return "/opt/x/guard" }},
		{"--bin-dir=", []string{"GUARD_INSTALL_DIR="}, []string{"--bin-dir=/opt/y//"}, func(*sandbox) string { return "/opt/y/guard" }},
		{"~ from a quoted argument", nil, []string{"-b", "~/bin"}, func(s *sandbox) string { return s.home + "/bin/guard" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSandbox(t)
			s.env = append([]string{"GUARD_BASE_URL=" + url}, tc.env...)
			out, err := s.run(t, "install.sh", false, append([]string{"--dry-run"}, tc.args...)...)
			want := tc.want(s)
			if want == "/usr/local/bin/guard" && os.Geteuid() != 0 {
				// Not root: it would use sudo, or ~/.local/bin when there is none.
				if !strings.Contains(out, "would install /usr/local/bin/guard") && !strings.Contains(out, "would install "+s.home+"/.local/bin/guard") {
					t.Errorf("default directory not /usr/local/bin (%v):\n%s", err, out)
				}
				return
			}
			if err != nil {
				t.Fatalf("dry run: %v\n%s", err, out)
			}
			if !strings.Contains(out, "would install "+want+"\n") {
				t.Errorf("want it to install %s:\n%s", want, out)
			}
		})
	}
}

// TestTruncatedScriptRunsNothing feeds the scripts cut short to sh, as a
// broken `curl | sh` would, at a few places and at every byte of the last
// line: nothing may be downloaded, written or removed.
func TestTruncatedScriptRunsNothing(t *testing.T) {
	unixOnly(t)
	dash := need(t, "dash")[0]
	url, hits := serve(t, fakeRelease(t, "1.0.0"))
	for _, script := range []string{"install.sh", "uninstall.sh"} {
		full, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		cuts := []int{len(full) / 4, len(full) / 2, 3 * len(full) / 4}
		for cut := len(full) - len("\n{ main \"$@\"; }\n"); cut < len(full)-1; cut++ {
			cuts = append(cuts, cut)
		}
		for _, cut := range cuts {
			t.Run(script+"/"+strconv.Itoa(cut), func(t *testing.T) {
				s := newSandbox(t)
				// Should main run after all, it would use the sandbox, not /usr/local/bin.
				if err := os.MkdirAll(s.prefix, 0o755); err != nil {
					t.Fatal(err)
				}
				marker := filepath.Join(s.prefix, "guard")
				if err := os.WriteFile(marker, []byte(fakeGuard("0.0.0")), 0o755); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(dash, "-s")
				cmd.Stdin = bytes.NewReader(full[:cut])
				cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + s.home, "TMPDIR=" + s.tmp,
					"GUARD_BASE_URL=" + url, "GUARD_INSTALL_DIR=" + s.prefix}
				_ = cmd.Run() // a syntax error is expected
				if n := hits.Load(); n != 0 {
					t.Fatalf("truncated %s made %d requests", script, n)
				}
				if b, err := os.ReadFile(marker); err != nil || string(b) != fakeGuard("0.0.0") {
					t.Errorf("truncated %s changed or removed the installed binary (%v)", script, err)
				}
				if _, err := os.Stat(filepath.Join(s.home, "guard-calls")); err == nil {
					t.Errorf("truncated %s ran guard", script)
				}
				if left, _ := os.ReadDir(s.tmp); len(left) > 0 {
					t.Errorf("truncated %s created a temp directory", script)
				}
			})
		}
	}
}

func TestInstallRefusesUnwritableDirWithoutSudo(t *testing.T) {
	unixOnly(t)
	if os.Geteuid() == 0 {
		t.Skip("root can write anywhere")
	}
	s := newSandbox(t)
	s.path = toolDir(t, append(append([]string{}, baseTools...), "curl", "sha256sum")...)
	locked := filepath.Join(t.TempDir(), "locked")
	if err := os.Mkdir(locked, 0o555); err != nil {
		t.Fatal(err)
	}
	url, _ := serve(t, fakeRelease(t, "1.0.0"))
	s.env = []string{"GUARD_BASE_URL=" + url}
	out, err := s.run(t, "install.sh", false, "-b", locked)
	if err == nil || !strings.Contains(out, "cannot write to "+locked+" and sudo is not available") {
		t.Errorf("want a refusal naming the directory, got %v:\n%s", err, out)
	}
}

// TestInstallSudoChoice runs the installer as a user who cannot write the
// install directory (as nobody, through setpriv, when the test runs as
// root): a dry run says it would use sudo when there is one and the script
// refuses, naming the directory, when there is none; a writable directory
// needs no sudo. Without -b, such a user gets /usr/local/bin through sudo,
// or, with no sudo, ~/.local/bin for that user only, told how to put it on
// PATH.
func TestInstallSudoChoice(t *testing.T) {
	unixOnly(t)
	url, _ := serve(t, fakeRelease(t, "1.0.0"))
	root := t.TempDir()
	var wrap []string
	if os.Geteuid() == 0 {
		wrap = []string{need(t, "setpriv")[0], "--reuid=65534", "--regid=65534", "--clear-groups", "--"}
	}
	// Everything the script reads must be reachable for that user.
	mkdir := func(path string, mode os.FileMode, owned bool) string {
		if err := os.MkdirAll(path, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		if owned && wrap != nil {
			if err := os.Chown(path, 65534, 65534); err != nil {
				t.Fatal(err)
			}
		}
		return path
	}
	for _, d := range []string{filepath.Dir(root), root} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	locked := mkdir(filepath.Join(root, "locked"), 0o555, false)
	mine := mkdir(filepath.Join(root, "mine"), 0o755, true)
	fakeSudo := filepath.Join(mkdir(filepath.Join(root, "sudo"), 0o755, false), "sudo")
	if err := os.WriteFile(fakeSudo, []byte("#!/bin/sh\necho \"fake sudo: $*\" >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tools := toolDir(t, append(append([]string{}, baseTools...), "curl", "sha256sum")...)
	for _, d := range []string{filepath.Dir(tools), tools} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Without -b the script looks at the real /usr/local/bin.
	canTestDefault := wrap != nil || !writableByMe("/usr/local/bin")
	const home = "HOME/" // replaced by the case's home directory
	for _, tc := range []struct {
		name, dir string // dir "" means no -b
		sudo      bool
		args      []string
		fails     bool
		want      []string
	}{
		{"locked, no sudo", locked + "/bin", false, nil, true, []string{"cannot write to " + locked + "/bin and sudo is not available"}},
		{"locked, no sudo, dry run", locked, false, []string{"--dry-run"}, true, []string{"cannot write to " + locked + " and sudo is not available"}},
		{"locked, sudo", locked + "/bin", true, []string{"--dry-run"}, false, []string{"installing into " + locked + "/bin (with sudo)\n", "would install " + locked + "/bin/guard (with sudo)\n"}},
		{"writable, sudo there", mine, true, []string{"--dry-run"}, false, []string{"installing into " + mine + "\n", "would install " + mine + "/guard\n"}},
		{"default, sudo", "", true, []string{"--dry-run"}, false, []string{"installing for all users, into /usr/local/bin (with sudo)\n", "would install /usr/local/bin/guard (with sudo)\n"}},
		{"default, no sudo, dry run", "", false, []string{"--dry-run"}, false, []string{"installing for you only, into " + home + ".local/bin: you are not root and there is no sudo", "would install " + home + ".local/bin/guard\n"}},
		{"default, no sudo", "", false, []string{"--no-init"}, false, []string{
			"installing for you only, into " + home + ".local/bin: you are not root and there is no sudo (-b DIR chooses another directory)\n",
			"installed guard 1.0.0 (fake) to " + home + ".local/bin/guard\n",
			home + ".local/bin is not on your PATH: your own agent settings call " + home + ".local/bin/guard by its full path, but a project's hook files run 'guard' from PATH\n",
			`put it on your PATH: echo 'export PATH="` + home + `.local/bin:$PATH"' >> ~/.zshrc (then open a new terminal)`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.dir == "" && !canTestDefault {
				t.Skip("/usr/local/bin is writable here")
			}
			s := &sandbox{
				home:   mkdir(filepath.Join(root, tc.name, "home"), 0o755, true),
				tmp:    mkdir(filepath.Join(root, tc.name, "tmp"), 0o755, true),
				prefix: tc.dir,
				path:   tools,
				wrap:   wrap,
				env:    []string{"GUARD_BASE_URL=" + url, "SHELL=/bin/zsh"},
			}
			if tc.sudo {
				s.path = filepath.Dir(fakeSudo) + string(os.PathListSeparator) + tools
			}
			args := tc.args
			if tc.dir != "" {
				args = append([]string{"-b", tc.dir}, args...)
			} else {
				s.env = append(s.env, "GUARD_INSTALL_DIR=")
			}
			out, err := s.run(t, "install.sh", false, args...)
			if (err != nil) != tc.fails {
				t.Errorf("failure %v, want %v:\n%s", err, tc.fails, out)
			}
			for _, w := range tc.want {
				if w = strings.ReplaceAll(w, home, s.home+"/"); !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if strings.Contains(out, "fake sudo") {
				t.Errorf("sudo was run:\n%s", out)
			}
			if entries, _ := os.ReadDir(locked); len(entries) > 0 {
				t.Errorf("%s holds %d entries", locked, len(entries))
			}
		})
	}
}

func TestUninstallFakeGuard(t *testing.T) {
	unixOnly(t)
	s := newSandbox(t)
	url, _ := serve(t, fakeRelease(t, "1.0.0"))
	s.env = []string{"GUARD_BASE_URL=" + url}
	if out, err := s.run(t, "install.sh", false, "-b", s.prefix, "--no-init"); err != nil {
		t.Fatalf("install: %v\n%s", err, out)
	}
	for _, f := range []string{".agent_a/settings.json", ".agent_b/hooks.json", ".guard/rules.json"} {
		p := filepath.Join(s.home, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out, err := s.run(t, "uninstall.sh", true, "-b", s.prefix)
	if err != nil {
		t.Fatalf("uninstall: %v\n%s", err, out)
	}
	calls, _ := os.ReadFile(filepath.Join(s.home, "guard-calls"))
	for _, want := range []string{"service uninstall\n", "init --agent-a --remove\n", "init --agent-b --remove\n"} {
		if !strings.Contains(string(calls), want) {
			t.Errorf("uninstall did not run guard %s; calls:\n%s", strings.TrimSpace(want), calls)
		}
	}
	if strings.Contains(string(calls), "--agent-c") {
		t.Errorf("uninstall touched agent C without its settings file:\n%s", calls)
	}
	if _, err := os.Stat(filepath.Join(s.prefix, "guard")); err == nil {
		t.Error("binary still installed")
	}
	if _, err := os.Stat(filepath.Join(s.home, ".guard", "rules.json")); err != nil {
		t.Error("~/.guard removed without --purge")
	}
	// Again, with nothing installed: it still succeeds, and --purge works.
	out, err = s.run(t, "uninstall.sh", false, "-b", s.prefix, "--purge")
	if err != nil {
		t.Fatalf("second uninstall: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(s.home, ".guard")); err == nil {
		t.Error("~/.guard kept with --purge")
	}
}

// TestUninstallFindsPerUserInstall: without -b and with guard not on PATH,
// uninstall.sh looks in ~/.local/bin, where install.sh puts guard for a
// user without root or sudo.
func TestUninstallFindsPerUserInstall(t *testing.T) {
	unixOnly(t)
	s := newSandbox(t)
	bin := filepath.Join(s.home, ".local", "bin", "guard")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, bin, fakeGuard("1.0.0"), 0o755)
	s.env = []string{"GUARD_INSTALL_DIR="}
	out, err := s.run(t, "uninstall.sh", false)
	if err != nil {
		t.Fatalf("uninstall: %v\n%s", err, out)
	}
	if _, err := os.Stat(bin); err == nil || !strings.Contains(out, "removed "+bin) {
		t.Errorf("%s not removed:\n%s", bin, out)
	}
}

// ---- tests on a real snapshot (goreleaser) --------------------------------

var snap struct {
	once sync.Once
	root string // temp directory holding config and dist
	dist string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if snap.root != "" {
		_ = os.RemoveAll(snap.root)
	}
	if keys.dir != "" {
		_ = os.RemoveAll(keys.dir)
	}
	os.Exit(code)
}

// snapshot builds the release once per test run (goreleaser release
// --snapshot into a temp dist, reusing the Go build cache) and returns the
// dist directory.
func snapshot(t *testing.T) string {
	t.Helper()
	gr := need(t, "goreleaser", "git", "cyclonedx-gomod", "ssh-keygen")[0]
	testKeys(t)
	snap.once.Do(func() {
		cfg, err := os.ReadFile(filepath.Join("..", ".goreleaser.yaml"))
		if err != nil {
			snap.err = err
			return
		}
		for _, l := range strings.Split(string(cfg), "\n") {
			if strings.HasPrefix(l, "dist:") {
				snap.err = fmt.Errorf(".goreleaser.yaml sets dist; the test sets its own")
				return
			}
		}
		if snap.root, err = os.MkdirTemp("", "guard-snapshot-"); err != nil {
			snap.err = err
			return
		}
		snap.dist = filepath.Join(snap.root, "dist")
		cfgPath := filepath.Join(snap.root, "goreleaser.yaml")
		cfg = append(cfg, []byte("\ndist: "+snap.dist+"\n")...)
		if snap.err = os.WriteFile(cfgPath, cfg, 0o644); snap.err != nil {
			return
		}
		// Generous: on a fresh machine it cross-compiles everything for four
		// more platforms, and CI machines are shared.
		ctx, cancel := context.WithTimeout(context.Background(), 25*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, gr, "release", "--snapshot", "--clean", "--config", cfgPath)
		cmd.Dir = ".."
		// Signed with the tests' throwaway key, never guard's.
		cmd.Env = append(os.Environ(), snapshotGitEnv()...)
		cmd.Env = append(cmd.Env, "GUARD_SIGNING_KEY=", "GUARD_SIGNING_KEY_FILE="+keys.release.priv)
		if out, err := cmd.CombinedOutput(); err != nil {
			if len(out) > 4000 {
				out = out[len(out)-4000:]
			}
			snap.err = fmt.Errorf("goreleaser release --snapshot: %v\n%s", err, out)
		}
	})
	if snap.err != nil {
		t.Fatal(snap.err)
	}
	return snap.dist
}

// snapshotGitEnv gives git a remote when the repository has none. Without
// one goreleaser (v2.16) drops all git information in snapshot mode: the
// commit becomes "none", the date zero, and mod_timestamp and the archive
// mtimes fall back to the build time. The remote is set through git's
// environment, for the goreleaser run only; the repository is not changed.
func snapshotGitEnv() []string {
	if err := exec.Command("git", "-C", "..", "ls-remote", "--get-url").Run(); err == nil {
		if out, _ := exec.Command("git", "-C", "..", "remote").Output(); len(bytes.TrimSpace(out)) > 0 {
			return nil
		}
	}
	return []string{"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=remote.origin.url",
		"GIT_CONFIG_VALUE_0=https://github.com/guardhq/guard.git"}
}

func TestGoreleaserCheck(t *testing.T) {
	gr := need(t, "goreleaser")[0]
	cmd := exec.Command(gr, "check")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("goreleaser check: %v\n%s", err, out)
	}
}

// TestSnapshotArchives checks the release the installers rely on: five
// archives named from uname, each listed in checksums.txt with its SHA-256,
// each holding the binary, README and licence with the commit's mtime.
func TestSnapshotArchives(t *testing.T) {
	dist := snapshot(t)
	rel := dirRelease(t, dist)
	sums := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(rel["checksums.txt"])), "\n") {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("checksums.txt line %q", l)
		}
		sums[f[1]] = f[0]
	}
	var version string
	for name := range sums {
		if v, ok := strings.CutSuffix(strings.TrimPrefix(name, "guard_"), "_linux_amd64.tar.gz"); ok {
			version = v
		}
	}
	if version == "" {
		t.Fatalf("no linux amd64 archive in checksums.txt:\n%s", rel["checksums.txt"])
	}
	commitTime := gitCommitTime(t, snapshotCommit(t, rel))
	for _, p := range []struct{ platform, exe string }{
		{"linux_amd64.tar.gz", "guard"}, {"linux_arm64.tar.gz", "guard"},
		{"darwin_amd64.tar.gz", "guard"}, {"darwin_arm64.tar.gz", "guard"},
		{"windows_amd64.zip", "guard.exe"},
	} {
		name := "guard_" + version + "_" + p.platform
		data, ok := rel[name]
		if !ok {
			t.Errorf("no %s in the snapshot", name)
			continue
		}
		sum := sha256.Sum256(data)
		if sums[name] != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: checksums.txt says %s, file is %x", name, sums[name], sum)
		}
		members := archiveMembers(t, name, data)
		for _, want := range []string{p.exe, "README.md", "LICENSE", "man/guard.1.gz", "man/guard-init.1.gz",
			"completions/guard.bash", "completions/_guard", "completions/guard.fish", "completions/guard.ps1"} {
			mt, ok := members[want]
			if !ok {
				t.Errorf("%s lacks %s (has %v)", name, want, members)
			} else if d := commitTime.Sub(mt); d != 0 && !(strings.HasSuffix(name, ".zip") && d > 0 && d < 2*time.Second) {
				// (zip keeps times to 2 s, rounded down)
				t.Errorf("%s: %s has mtime %v, want the commit's %v", name, want, mt, commitTime)
			}
		}
	}
	archives := 0
	for name := range sums {
		if strings.HasSuffix(name, ".tar.gz") || strings.HasSuffix(name, ".zip") {
			archives++
		}
	}
	if archives != 5 {
		t.Errorf("checksums.txt lists %d archives, want 5", archives)
	}
	// nfpms: deb and rpm packages for Linux, checksummed like the archives.
	for _, p := range []string{"linux_amd64.deb", "linux_arm64.deb", "linux_amd64.rpm", "linux_arm64.rpm"} {
		name := "guard_" + version + "_" + p
		sum := sha256.Sum256(rel[name])
		if _, ok := rel[name]; !ok || sums[name] != hex.EncodeToString(sum[:]) {
			t.Errorf("%s missing from the snapshot or from checksums.txt", name)
		}
	}
}

// snapshotCommit is the commit goreleaser built, from the snapshot's
// metadata.json (not HEAD now: a commit may have landed during the build).
func snapshotCommit(t *testing.T, rel release) string {
	t.Helper()
	var meta struct {
		Commit string `json:"commit"`
	}
	if err := json.Unmarshal(rel["metadata.json"], &meta); err != nil {
		t.Fatalf("metadata.json: %v", err)
	}
	if len(meta.Commit) != 40 || strings.Trim(meta.Commit, "0123456789abcdef") != "" {
		t.Fatalf("goreleaser found no git commit (metadata.json says %q); the binaries' version and the archives' mtimes are wrong", meta.Commit)
	}
	return meta.Commit
}

func gitCommitTime(t *testing.T, commit string) time.Time {
	t.Helper()
	out, err := exec.Command("git", "-C", "..", "log", "-1", "--format=%ct", commit).Output()
	if err != nil {
		t.Fatal(err)
	}
	sec, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return time.Unix(sec, 0)
}

// archiveMembers lists a tar.gz or zip's files with their mtimes.
func archiveMembers(t *testing.T, name string, data []byte) map[string]time.Time {
	t.Helper()
	m := map[string]time.Time{}
	if strings.HasSuffix(name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, f := range zr.File {
			m[f.Name] = f.Modified
		}
		return m
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return m
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m[h.Name] = h.ModTime
	}
}

// TestInstallEndToEnd installs the snapshot from a loopback server into a
// temp prefix and home, as `curl | sh` would, then upgrades and uninstalls.
func TestInstallEndToEnd(t *testing.T) {
	unixOnly(t)
	dist := snapshot(t)
	url, _ := serve(t, dirRelease(t, dist))

	s := newSandbox(t)
	// A fake systemctl stands in for the user's systemd (see internal/service).
	fakes, err := filepath.Abs(filepath.Join("..", "internal", "service", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	systemd := t.TempDir()
	sysbin := t.TempDir()
	for _, tool := range []string{"systemctl", "loginctl"} {
		if err := os.Symlink(filepath.Join(fakes, tool), filepath.Join(sysbin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	s.path = sysbin + string(os.PathListSeparator) + os.Getenv("PATH")
	s.env = []string{"GUARD_BASE_URL=" + url, "XDG_RUNTIME_DIR=" + systemd, "FAKE_SYSTEMD_DIR=" + systemd, "FAKE_LINGER=yes"}
	bin := filepath.Join(s.prefix, "guard")
	unit := filepath.Join(s.home, ".config", "systemd", "user", "guard.service")
	settings := filepath.Join(s.home, ".agent_a", "settings.json")

	out, err := s.run(t, "install.sh", true, "-b", s.prefix, "--service")
	if err != nil {
		t.Fatalf("install: %v\n%s", err, out)
	}
	for _, want := range []string{"checksum verified", "installed guard ", "guard console service: installed and started"} {
		if !strings.Contains(out, want) {
			t.Errorf("install output lacks %q:\n%s", want, out)
		}
	}
	ver, err := exec.Command(bin, "--version").Output()
	if err != nil || !strings.HasPrefix(string(ver), "guard ") {
		t.Errorf("installed binary: --version %q, %v", ver, err)
	}
	// The ldflags carry the commit and its date into the binary.
	commit := snapshotCommit(t, dirRelease(t, dist))
	date := gitCommitTime(t, commit).UTC().Format(time.RFC3339)
	if !strings.Contains(string(ver), commit[:7]) || !strings.Contains(string(ver), date) {
		t.Errorf("installed binary: --version %q does not name commit %.7s of %s", ver, commit, date)
	}
	if b, err := os.ReadFile(settings); err != nil || !strings.Contains(string(b), bin) {
		t.Errorf("guard init --agent-a did not hook %s into %s: %v\n%s", bin, settings, err, b)
	}
	if b, err := os.ReadFile(unit); err != nil || !strings.Contains(string(b), "\nExecStart="+bin+" serve\n") {
		t.Errorf("service unit does not run %s serve: %v\n%s", bin, err, b)
	}

	// Re-running upgrades in place and moves the running console over,
	// with or without --service.
	for _, args := range [][]string{{"-b", s.prefix}, {"-b", s.prefix, "--service"}} {
		_ = os.Remove(filepath.Join(systemd, "calls"))
		out, err = s.run(t, "install.sh", false, args...)
		if err != nil {
			t.Fatalf("upgrade %q: %v\n%s", args, err, out)
		}
		if calls, _ := os.ReadFile(filepath.Join(systemd, "calls")); !strings.Contains(string(calls), "systemctl restart --user guard.service") {
			t.Errorf("upgrade %q did not restart the running service; systemctl calls:\n%s", args, calls)
		}
	}

	out, err = s.run(t, "uninstall.sh", true, "-b", s.prefix)
	if err != nil {
		t.Fatalf("uninstall: %v\n%s", err, out)
	}
	if _, err := os.Stat(bin); err == nil {
		t.Error("uninstall left the binary")
	}
	if _, err := os.Stat(unit); err == nil {
		t.Error("uninstall left the service unit")
	}
	if b, err := os.ReadFile(settings); err == nil && strings.Contains(string(b), bin) {
		t.Errorf("uninstall left guard's hooks in %s:\n%s", settings, b)
	}
	if _, err := os.Stat(filepath.Join(s.home, ".guard")); err != nil {
		t.Errorf("uninstall without --purge removed ~/.guard: %v", err)
	}

	if out, err := s.run(t, "install.sh", false, "-b", s.prefix, "--no-init"); err != nil {
		t.Fatalf("reinstall: %v\n%s", err, out)
	}
	if out, err := s.run(t, "uninstall.sh", false, "-b", s.prefix, "--purge"); err != nil {
		t.Fatalf("uninstall --purge: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(s.home, ".guard")); err == nil {
		t.Error("uninstall --purge kept ~/.guard")
	}
	if _, err := os.Stat(bin); err == nil {
		t.Error("uninstall --purge left the binary")
	}
}

// TestInstallRefusesTamperedSnapshot serves the signed snapshot with one
// thing changed, once per kind of change (TestInstallVerifiesSignature runs
// every variant on a small fake release): nothing may be installed, and the
// message says why.
func TestInstallRefusesTamperedSnapshot(t *testing.T) {
	unixOnly(t)
	dist := snapshot(t)
	rel := dirRelease(t, dist)
	var archive string
	for name := range rel {
		if strings.HasSuffix(name, "_"+runtime.GOOS+"_"+runtime.GOARCH+".tar.gz") {
			archive = name
		}
	}
	if archive == "" {
		t.Skipf("no archive for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	// resum rewrites the archive's line in checksums.txt to match its bytes.
	resum := func(r release) {
		sum := sha256.Sum256(r[archive])
		lines := strings.Split(string(r["checksums.txt"]), "\n")
		for i, l := range lines {
			if strings.HasSuffix(l, "  "+archive) {
				lines[i] = hex.EncodeToString(sum[:]) + "  " + archive
			}
		}
		r["checksums.txt"] = []byte(strings.Join(lines, "\n"))
	}
	// The mirror's own build: a fake guard in the archive's place.
	swap := func(r release) {
		r[archive] = tarGz(t, map[string]string{"guard": fakeGuard("9.9.9"), "README.md": "readme\n"})
		resum(r)
	}
	for _, tc := range []struct {
		name, want string
		tamper     func(r release)
	}{
		{"another archive, re-signed by another key", "is not signed by guard's release key", func(r release) {
			swap(r)
			r.signed(t, keys.other)
		}},
		{"another archive, unsigned", "has no signature for checksums.txt", func(r release) {
			swap(r)
			delete(r, "checksums.txt.sig")
		}},
		{"another archive, the release's signature kept", "is not signed by guard's release key", swap},
		{"archive changed, signature intact", "checksum mismatch", func(r release) {
			r[archive][len(r[archive])/2] ^= 0x01
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rel.clone()
			tc.tamper(r)
			url, _ := serve(t, r)
			s := newSandbox(t)
			s.env = []string{"GUARD_BASE_URL=" + url}
			out, err := s.run(t, "install.sh", false, "-b", s.prefix, "--service")
			if err == nil {
				t.Fatalf("tampered release installed:\n%s", out)
			}
			if !strings.Contains(out, tc.want) || !strings.Contains(out, "nothing was installed") {
				t.Errorf("the refusal does not say %q and that nothing was installed:\n%s", tc.want, out)
			}
			s.nothingInstalled(t)
		})
	}
}
