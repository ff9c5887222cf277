package installers

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// The release key is pinned in install.sh, install.ps1 and docs/INSTALL.md.
// The tests never see its private half: they make throwaway key pairs, sign
// their releases with one, and run a copy of install.sh that pins it.

// keyPair is a throwaway ECDSA P-256 SSH key.
type keyPair struct {
	priv string // path of the private key file
	pub  string // "ecdsa-sha2-nistp256 AAAA…"
}

// allowedLine is the key as install.sh's release_signers lists it.
func (k keyPair) allowedLine() string {
	return `guard-release namespaces="guard-release" ` + k.pub
}

var keys struct {
	once         sync.Once
	dir          string // holds the keys and the test copy of install.sh
	release      keyPair
	other        keyPair
	installer    string // install.sh pinning release instead of guard's key
	installerErr error
}

// pinnedLine matches the key lines of release_signers in install.sh.
var pinnedLine = regexp.MustCompile(`(?m)^guard-release namespaces="guard-release" (ecdsa-sha2-nistp256 [A-Za-z0-9+/=]+)$`)

// testKeys makes the throwaway keys and the installer copy, once per run.
func testKeys(t *testing.T) {
	t.Helper()
	keygen := need(t, "ssh-keygen")[0]
	keys.once.Do(func() {
		dir, err := os.MkdirTemp("", "guard-keys-")
		if err != nil {
			keys.installerErr = err
			return
		}
		keys.dir = dir
		// Readable by the unprivileged user TestInstallSudoChoice runs as.
		if err := os.Chmod(dir, 0o755); err != nil {
			keys.installerErr = err
			return
		}
		gen := func(name string) keyPair {
			p := filepath.Join(dir, name)
			if out, err := exec.Command(keygen, "-q", "-t", "ecdsa", "-b", "256", "-N", "", "-C", name, "-f", p).CombinedOutput(); err != nil {
				keys.installerErr = fmt.Errorf("ssh-keygen: %v\n%s", err, out)
				return keyPair{}
			}
			pub, err := os.ReadFile(p + ".pub")
			if err != nil {
				keys.installerErr = err
			}
			f := strings.Fields(string(pub))
			return keyPair{priv: p, pub: f[0] + " " + f[1]}
		}
		keys.release = gen("release")
		keys.other = gen("other")
		if keys.installerErr != nil {
			return
		}
		src, err := os.ReadFile("install.sh")
		if err != nil {
			keys.installerErr = err
			return
		}
		if n := len(pinnedLine.FindAll(src, -1)); n != 1 {
			keys.installerErr = fmt.Errorf("install.sh pins %d release keys, the tests expect 1 to replace", n)
			return
		}
		patched := pinnedLine.ReplaceAllLiteral(src, []byte(keys.release.allowedLine()))
		keys.installer = filepath.Join(dir, "install.sh")
		keys.installerErr = os.WriteFile(keys.installer, patched, 0o644)
	})
	if keys.installerErr != nil {
		t.Fatal(keys.installerErr)
	}
}

// sshSign signs data as scripts/sign-release.sh does (namespace ns).
func sshSign(t *testing.T, key keyPair, ns string, data []byte) []byte {
	t.Helper()
	cmd := exec.Command(need(t, "ssh-keygen")[0], "-q", "-Y", "sign", "-f", key.priv, "-n", ns)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	sig, err := cmd.Output()
	if err != nil {
		t.Fatalf("ssh-keygen -Y sign: %v\n%s", err, stderr.Bytes())
	}
	return sig
}

// signed returns r with checksums.txt.sig, made by key over checksums.txt.
func (r release) signed(t *testing.T, key keyPair) release {
	t.Helper()
	r["checksums.txt.sig"] = sshSign(t, key, "guard-release", r["checksums.txt"])
	return r
}

func (r release) clone() release {
	c := release{}
	for k, v := range r {
		c[k] = append([]byte{}, v...)
	}
	return c
}

// TestInstallerCopyPinsOnlyTheTestKey checks that the script the tests run
// is install.sh itself but for the pinned key line.
func TestInstallerCopyPinsOnlyTheTestKey(t *testing.T) {
	testKeys(t)
	orig, _ := os.ReadFile("install.sh")
	copied, _ := os.ReadFile(keys.installer) //nolint:errcheck
	a, b := strings.Split(string(orig), "\n"), strings.Split(string(copied), "\n")
	if len(a) != len(b) {
		t.Fatalf("the copy has %d lines, install.sh %d", len(b), len(a))
	}
	diff := 0
	for i := range a {
		if a[i] != b[i] {
			diff++
			if b[i] != keys.release.allowedLine() {
				t.Errorf("line %d differs: %q", i+1, b[i])
			}
		}
	}
	if diff != 1 {
		t.Errorf("%d lines differ, want 1 (the key)", diff)
	}
}

// TestPinnedKeysAgree: install.sh, install.ps1, docs/INSTALL.md and
// scripts/sign-release.sh (which reads install.sh) name the same keys.
func TestPinnedKeysAgree(t *testing.T) {
	sh, err := os.ReadFile("install.sh")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range pinnedLine.FindAllSubmatch(sh, -1) {
		want = append(want, string(m[1]))
	}
	if len(want) == 0 {
		t.Fatal("install.sh pins no release key")
	}
	for _, k := range want {
		if _, err := parseSSHECDSAKey(k); err != nil {
			t.Errorf("install.sh pins %q: %v", k, err)
		}
	}
	for _, f := range []string{"install.ps1", filepath.Join("..", "docs", "INSTALL.md")} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got := regexp.MustCompile(`ecdsa-sha2-nistp256 [A-Za-z0-9+/=]{100,}`).FindAllString(string(b), -1)
		seen := map[string]bool{}
		for _, g := range got {
			seen[g] = true
		}
		for _, k := range want {
			if !seen[k] {
				t.Errorf("%s does not pin %s", f, k)
			}
			delete(seen, k)
		}
		for k := range seen {
			t.Errorf("%s pins %s, which install.sh does not", f, k)
		}
	}
}

// ---- the algorithm of install.ps1, in Go ----------------------------------
//
// install.ps1 cannot rely on ssh-keygen (Windows 10 ships OpenSSH 7.7, which
// has no -Y verify), so it checks the SSH signature itself with .NET's ECDsa.
// PowerShell is not available to the tests; verifySSHSIG below follows the
// same steps in the same order, and the tests run it against signatures made
// by ssh-keygen, so a wrong reading of the format fails here.

// sshString reads one SSH wire-format string (uint32 length, bytes).
func sshString(b []byte) (s, rest []byte, err error) {
	if len(b) < 4 {
		return nil, nil, errors.New("truncated")
	}
	n := binary.BigEndian.Uint32(b)
	if uint64(n) > uint64(len(b)-4) {
		return nil, nil, errors.New("truncated")
	}
	return b[4 : 4+n], b[4+n:], nil
}

func putSSHString(buf *bytes.Buffer, s []byte) {
	_ = binary.Write(buf, binary.BigEndian, uint32(len(s)))
	buf.Write(s)
}

// parseSSHECDSAKey reads "ecdsa-sha2-nistp256 AAAA…" into a public key.
func parseSSHECDSAKey(line string) (*ecdsa.PublicKey, error) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "ecdsa-sha2-nistp256" {
		return nil, errors.New("not an ecdsa-sha2-nistp256 key")
	}
	blob, err := base64.StdEncoding.DecodeString(f[1])
	if err != nil {
		return nil, err
	}
	return ecdsaFromBlob(blob)
}

func ecdsaFromBlob(blob []byte) (*ecdsa.PublicKey, error) {
	typ, rest, err := sshString(blob)
	if err != nil || string(typ) != "ecdsa-sha2-nistp256" {
		return nil, errors.New("key type is not ecdsa-sha2-nistp256")
	}
	curve, rest, err := sshString(rest)
	if err != nil || string(curve) != "nistp256" {
		return nil, errors.New("curve is not nistp256")
	}
	q, rest, err := sshString(rest)
	if err != nil || len(rest) != 0 || len(q) != 65 || q[0] != 4 {
		return nil, errors.New("point is not an uncompressed P-256 point")
	}
	k := &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).SetBytes(q[1:33]), Y: new(big.Int).SetBytes(q[33:])}
	if !k.Curve.IsOnCurve(k.X, k.Y) {
		return nil, errors.New("point is not on the curve")
	}
	return k, nil
}

// verifySSHSIG checks an armored SSH signature of msg, as install.ps1 does:
// the armor, the magic and version, the signer's key equal to a pinned key
// (byte for byte), the namespace, the hash (sha512 or sha256), then the ECDSA
// signature (r, s as two SSH mpints) over
// "SSHSIG" ‖ string(namespace) ‖ string("") ‖ string(hash) ‖ string(H(msg)).
func verifySSHSIG(armored, msg []byte, pinned []string, namespace string) error {
	text := strings.ReplaceAll(string(armored), "\r", "")
	const begin, end = "-----BEGIN SSH SIGNATURE-----", "-----END SSH SIGNATURE-----"
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		return errors.New("not an SSH signature")
	}
	raw, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(text[i+len(begin):j]), ""))
	if err != nil {
		return fmt.Errorf("base64: %w", err)
	}
	if len(raw) < 10 || string(raw[:6]) != "SSHSIG" || binary.BigEndian.Uint32(raw[6:10]) != 1 {
		return errors.New("not an SSHSIG version 1 blob")
	}
	pub, rest, err := sshString(raw[10:])
	if err != nil {
		return err
	}
	ns, rest, err := sshString(rest)
	if err != nil {
		return err
	}
	reserved, rest, err := sshString(rest)
	if err != nil {
		return err
	}
	hashAlg, rest, err := sshString(rest)
	if err != nil {
		return err
	}
	sigBlob, rest, err := sshString(rest)
	if err != nil || len(rest) != 0 {
		return errors.New("trailing or missing data")
	}
	trusted := false
	for _, p := range pinned {
		b, err := base64.StdEncoding.DecodeString(strings.Fields(p)[1])
		if err == nil && bytes.Equal(b, pub) {
			trusted = true
		}
	}
	if !trusted {
		return errors.New("signed by a key that is not pinned")
	}
	if string(ns) != namespace {
		return fmt.Errorf("namespace %q, want %q", ns, namespace)
	}
	var digest []byte
	switch string(hashAlg) {
	case "sha512":
		h := sha512.Sum512(msg)
		digest = h[:]
	case "sha256":
		h := sha256.Sum256(msg)
		digest = h[:]
	default:
		return fmt.Errorf("hash %q", hashAlg)
	}
	key, err := ecdsaFromBlob(pub)
	if err != nil {
		return err
	}
	sigType, rest, err := sshString(sigBlob)
	if err != nil || string(sigType) != "ecdsa-sha2-nistp256" {
		return errors.New("signature is not ecdsa-sha2-nistp256")
	}
	rs, rest, err := sshString(rest)
	if err != nil || len(rest) != 0 {
		return errors.New("bad signature blob")
	}
	r, rest, err := sshString(rs)
	if err != nil {
		return err
	}
	s, rest, err := sshString(rest)
	if err != nil || len(rest) != 0 {
		return errors.New("bad r, s")
	}
	// .NET's VerifyData takes r ‖ s, each 32 bytes: the mpints lose their
	// sign byte and are left-padded (install.ps1 does the same).
	fixed := func(m []byte) ([]byte, error) {
		m = bytes.TrimLeft(m, "\x00")
		if len(m) > 32 {
			return nil, errors.New("integer too long")
		}
		return append(make([]byte, 32-len(m)), m...), nil
	}
	rb, err := fixed(r)
	if err != nil {
		return err
	}
	sb, err := fixed(s)
	if err != nil {
		return err
	}
	var signed bytes.Buffer
	signed.WriteString("SSHSIG")
	putSSHString(&signed, ns)
	putSSHString(&signed, reserved)
	putSSHString(&signed, hashAlg)
	putSSHString(&signed, digest)
	// VerifyData(data, sig, SHA256) hashes data with SHA-256 first.
	h := sha256.Sum256(signed.Bytes())
	if !ecdsa.Verify(key, h[:], new(big.Int).SetBytes(rb), new(big.Int).SetBytes(sb)) {
		return errors.New("bad signature")
	}
	return nil
}

func TestPowerShellSignatureAlgorithm(t *testing.T) {
	testKeys(t)
	msg := []byte("3fb19c80  guard_1.0.0_windows_amd64.zip\n")
	pinned := []string{keys.release.pub}
	for _, tc := range []struct {
		name   string
		sig    []byte
		msg    []byte
		pinned []string
		ok     bool
	}{
		{"good", sshSign(t, keys.release, "guard-release", msg), msg, pinned, true},
		{"good, CRLF armor", bytes.ReplaceAll(sshSign(t, keys.release, "guard-release", msg), []byte("\n"), []byte("\r\n")), msg, pinned, true},
		{"rotation: second pinned key", sshSign(t, keys.release, "guard-release", msg), msg, []string{keys.other.pub, keys.release.pub}, true},
		{"another key", sshSign(t, keys.other, "guard-release", msg), msg, pinned, false},
		{"another namespace", sshSign(t, keys.release, "file", msg), msg, pinned, false},
		// install.ps1 compares case-sensitively (-cne), as ssh-keygen does.
		{"the namespace in another case", sshSign(t, keys.release, "Guard-Release", msg), msg, pinned, false},
		{"another message", sshSign(t, keys.release, "guard-release", []byte("other")), msg, pinned, false},
		{"message changed", sshSign(t, keys.release, "guard-release", msg), append(append([]byte{}, msg...), 'x'), pinned, false},
		{"garbage", []byte("-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----\n"), msg, pinned, false},
		{"empty", nil, msg, pinned, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := verifySSHSIG(tc.sig, tc.msg, tc.pinned, "guard-release")
			if (err == nil) != tc.ok {
				t.Errorf("verify: %v, want ok=%v", err, tc.ok)
			}
			// ssh-keygen agrees.
			if tc.sig == nil || len(tc.pinned) != 1 {
				return
			}
			dir := t.TempDir()
			allowed := filepath.Join(dir, "allowed")
			sigf := filepath.Join(dir, "sig")
			_ = os.WriteFile(allowed, []byte(`guard-release namespaces="guard-release" `+tc.pinned[0]+"\n"), 0o644)
			_ = os.WriteFile(sigf, tc.sig, 0o644)
			cmd := exec.Command(need(t, "ssh-keygen")[0], "-Y", "verify", "-f", allowed, "-I", "guard-release", "-n", "guard-release", "-s", sigf)
			cmd.Stdin = bytes.NewReader(tc.msg)
			if out, err := cmd.CombinedOutput(); (err == nil) != tc.ok && !strings.Contains(tc.name, "CRLF") {
				t.Errorf("ssh-keygen -Y verify: %v, want ok=%v\n%s", err, tc.ok, out)
			}
		})
	}
}

// TestPowerShellChecksSignatureFirst: install.ps1 checks the signature
// before it downloads the archive, and expands the archive only after its
// SHA-256 matched.
func TestPowerShellChecksSignatureFirst(t *testing.T) {
	b, err := os.ReadFile("install.ps1")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	order := []string{
		`-Uri "$base/checksums.txt" -OutFile $sums`,
		"Assert-ReleaseSignature $sigFile $sums",
		`-Uri "$base/$name" -OutFile $zip`,
		"if ($got -ne $want) { throw",
		"Expand-Archive",
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

// ---- install.sh against signed and unsigned mirrors ------------------------

// TestInstallVerifiesSignature serves a fake release with its signature
// broken in each way a mirror could break it: nothing is installed, the
// message says why, and neither the archive nor tar is touched (the
// signature is checked before anything is downloaded or unpacked).
func TestInstallVerifiesSignature(t *testing.T) {
	unixOnly(t)
	testKeys(t)
	good := fakeRelease(t, "1.0.0")
	archive := hostArchive(t, "1.0.0")
	// A mirror's own release: another binary, its own matching checksums.txt.
	evil := fakeRelease(t, "9.9.9")

	// tar and ssh-keygen stand-ins that log their calls, then run the real ones.
	realTar, realKeygen := need(t, "tar")[0], need(t, "ssh-keygen")[0]
	for _, tc := range []struct {
		name    string
		rel     release
		args    []string
		keygen  string // a stand-in for ssh-keygen, or "" for the real one
		noKey   bool   // no ssh-keygen at all
		want    string
		install bool
	}{
		{name: "signed by the release key", rel: good, install: true, want: "signature verified: checksums.txt is signed by guard's release key (SHA256:"},
		{name: "no signature", rel: without(good, "checksums.txt.sig"), want: "has no signature for checksums.txt (checksums.txt.sig)"},
		{name: "mirror re-signed with its own key", rel: evil.clone().signed(t, keys.other), want: "is not signed by guard's release key"},
		{name: "mirror with its own checksums, unsigned", rel: without(evil, "checksums.txt.sig"), want: "has no signature"},
		{name: "mirror with its own checksums and the release's old signature", rel: withFile(evil, "checksums.txt.sig", good["checksums.txt.sig"]), want: "is not signed by guard's release key"},
		{name: "checksums.txt changed after signing", rel: withFile(good, "checksums.txt", append(append([]byte{}, good["checksums.txt"]...), "0000000000000000000000000000000000000000000000000000000000000000  guard_1.0.0_linux_arm64.tar.gz\n"...)), want: "is not signed by guard's release key"},
		{name: "signed for another namespace", rel: withFile(good, "checksums.txt.sig", sshSign(t, keys.release, "file", good["checksums.txt"])), want: "is not signed by guard's release key"},
		{name: "garbage signature", rel: withFile(good, "checksums.txt.sig", []byte("-----BEGIN SSH SIGNATURE-----\nU1NIU0lH\n-----END SSH SIGNATURE-----\n")), want: "is not signed by guard's release key"},
		{name: "empty signature", rel: withFile(good, "checksums.txt.sig", nil), want: "is not signed by guard's release key"},
		{name: "no ssh-keygen", rel: good, noKey: true, want: "ssh-keygen was not found"},
		{name: "ssh-keygen older than 8.1", rel: good, keygen: "#!/bin/sh\necho 'ssh-keygen: illegal option -- Y' >&2\necho 'usage: ssh-keygen [-q] [-b bits]' >&2\nexit 1\n", want: "this ssh-keygen cannot check signatures"},
		{name: "opt-out, unsigned mirror", rel: without(good, "checksums.txt.sig"), args: []string{"--insecure-skip-signature"}, install: true, want: "checksums.txt is NOT checked against guard's"},
		{name: "opt-out still checks the SHA-256", rel: withFile(without(good, "checksums.txt.sig"), archive, append(append([]byte{}, good[archive]...), 0)), args: []string{"--insecure-skip-signature"}, want: "checksum mismatch"},
		{name: "signed, archive tampered", rel: withFile(good, archive, append(append([]byte{}, good[archive]...), 0)), want: "checksum mismatch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSandbox(t)
			wrappers := t.TempDir()
			tarLog := filepath.Join(s.home, "tar-calls")
			mustWrite(t, filepath.Join(wrappers, "tar"), "#!/bin/sh\necho \"$*\" >> "+tarLog+"\nexec "+realTar+" \"$@\"\n", 0o755)
			keygen := realKeygen
			if tc.keygen != "" {
				keygen = filepath.Join(wrappers, "ssh-keygen")
				mustWrite(t, keygen, tc.keygen, 0o755)
			}
			tools := []string{"curl", "sha256sum", "uname", "mktemp", "rm", "awk", "gzip", "mkdir", "cp", "chmod", "mv", "dirname", "cat", "sed", "tr", "head", "tail", "ssh"}
			path := toolDir(t, tools...)
			if !tc.noKey {
				if err := os.Symlink(keygen, filepath.Join(path, "ssh-keygen")); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink(filepath.Join(wrappers, "tar"), filepath.Join(path, "tar")); err != nil {
				t.Fatal(err)
			}
			s.path = path
			url, hits := serve(t, tc.rel)
			s.env = []string{"GUARD_BASE_URL=" + url}
			out, err := s.run(t, "install.sh", false, append([]string{"-b", s.prefix}, tc.args...)...)
			if !strings.Contains(out, tc.want) {
				t.Errorf("output lacks %q:\n%s", tc.want, out)
			}
			if tc.install {
				if err != nil {
					t.Fatalf("install: %v\n%s", err, out)
				}
				if !strings.Contains(out, "installed guard 1.0.0 (fake)") {
					t.Errorf("not installed:\n%s", out)
				}
				return
			}
			if err == nil {
				t.Fatalf("installed:\n%s", out)
			}
			if !strings.Contains(out, "nothing was installed") && !strings.Contains(out, "Nothing was installed") {
				t.Errorf("the refusal does not say that nothing was installed:\n%s", out)
			}
			s.nothingInstalled(t)
			if strings.Contains(tc.want, "checksum mismatch") {
				return // the archive was downloaded, and refused before tar
			}
			for _, p := range hits.Paths() {
				if p != "checksums.txt" && p != "checksums.txt.sig" {
					t.Errorf("%s was downloaded before the signature was checked", p)
				}
			}
			if b, err := os.ReadFile(tarLog); err == nil {
				t.Errorf("tar ran before the signature was checked: %s", b)
			}
		})
	}
}

func without(r release, name string) release {
	c := r.clone()
	delete(c, name)
	return c
}

func withFile(r release, name string, data []byte) release {
	c := r.clone()
	c[name] = data
	return c
}

func mustWrite(t *testing.T, path, body string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
}

// TestSignReleaseScript runs scripts/sign-release.sh as goreleaser's signs:
// step does: the key comes from the environment, a snapshot may use any key,
// a release only one that install.sh pins.
func TestSignReleaseScript(t *testing.T) {
	unixOnly(t)
	testKeys(t)
	sh := need(t, "sh")[0]
	script, err := filepath.Abs(filepath.Join("..", "scripts", "sign-release.sh"))
	if err != nil {
		t.Fatal(err)
	}
	privText, err := os.ReadFile(keys.release.priv)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("0000  guard_1.0.0_linux_amd64.tar.gz\n")
	for _, tc := range []struct {
		name     string
		snapshot string
		env      []string
		fails    string
	}{
		{"snapshot, key file", "true", []string{"GUARD_SIGNING_KEY_FILE=" + keys.release.priv}, ""},
		{"snapshot, key in the environment", "true", []string{"GUARD_SIGNING_KEY=" + string(privText)}, ""},
		{"no key", "true", nil, "no signing key: set GUARD_SIGNING_KEY"},
		{"release, a key install.sh does not pin", "false", []string{"GUARD_SIGNING_KEY_FILE=" + keys.release.priv}, "the signing key is not one that installers/install.sh pins"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			file, sig := filepath.Join(dir, "checksums.txt"), filepath.Join(dir, "checksums.txt.sig")
			mustWrite(t, file, string(msg), 0o644)
			// Relative names, as goreleaser passes them ("dist/checksums.txt").
			cmd := exec.Command(sh, script, tc.snapshot, "checksums.txt", "checksums.txt.sig")
			cmd.Dir = dir
			cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}, tc.env...)
			out, err := cmd.CombinedOutput()
			if tc.fails != "" {
				if err == nil || !strings.Contains(string(out), tc.fails) {
					t.Errorf("want a failure saying %q, got %v:\n%s", tc.fails, err, out)
				}
				if _, err := os.Stat(sig); err == nil {
					t.Error("a signature was written")
				}
				return
			}
			if err != nil {
				t.Fatalf("sign: %v\n%s", err, out)
			}
			b, _ := os.ReadFile(sig)
			if err := verifySSHSIG(b, msg, []string{keys.release.pub}, "guard-release"); err != nil {
				t.Errorf("the signature does not verify: %v", err)
			}
		})
	}
}

// TestReleaseVersionScript: goreleaser's before-hook refuses a release tag
// other than v<cmd/guard/VERSION>.
func TestReleaseVersionScript(t *testing.T) {
	unixOnly(t)
	b, err := os.ReadFile(filepath.Join("..", "cmd", "guard", "VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	v := strings.TrimSpace(string(b))
	for _, tc := range []struct {
		tag, snapshot string
		ok            bool
	}{
		{"v" + v, "false", true},
		{"v" + v + ".1", "false", false},
		{v, "false", false},
		{"v0.0.0", "true", true},
	} {
		out, err := exec.Command(need(t, "sh")[0], filepath.Join("..", "scripts", "release-version.sh"), tc.tag, tc.snapshot).CombinedOutput()
		if (err == nil) != tc.ok {
			t.Errorf("tag %s snapshot %s: %v, want ok=%v\n%s", tc.tag, tc.snapshot, err, tc.ok, out)
		}
		if !tc.ok && !strings.Contains(string(out), "cmd/guard/VERSION says "+v) {
			t.Errorf("tag %s: the refusal does not name the version:\n%s", tc.tag, out)
		}
	}
}
