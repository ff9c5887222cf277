package policy

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestSignKnownVector(t *testing.T) {
	// RFC 4231, test case 2.
	got := Sign([]byte("what do ya want for nothing?"), []byte("Jefe"))
	want := "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
	if got != want {
		t.Fatalf("Sign = %s, want %s", got, want)
	}
}

func TestCheckSignature(t *testing.T) {
	data, key := []byte(`{"version":"2"}`), []byte("k")
	good := Sign(data, key)
	tests := []struct {
		name string
		data []byte
		key  []byte
		sig  string
		ok   bool
	}{
		{"valid", data, key, good, true},
		{"trailing newline", data, key, good + "\n", true},
		{"upper-case hex", data, key, "sha256=" + strings.ToUpper(strings.TrimPrefix(good, "sha256=")), true},
		{"other key", data, []byte("K"), good, false},
		{"tampered data", []byte(`{"version":"3"}`), key, good, false},
		{"empty", data, key, "", false},
		{"no prefix", data, key, strings.TrimPrefix(good, "sha256="), false},
		{"other algorithm", data, key, "sha1=" + strings.TrimPrefix(good, "sha256="), false},
		{"short", data, key, good[:len(good)-2], false},
		{"not hex", data, key, good[:len(good)-2] + "zz", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckSignature(tc.data, tc.key, tc.sig)
			if (err == nil) != tc.ok {
				t.Fatalf("CheckSignature = %v, want ok=%v", err, tc.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "signature") {
				t.Errorf("message %q does not say signature", err)
			}
		})
	}
}

func TestResolveSecret(t *testing.T) {
	env := map[string]string{"HOOK_SECRET": "s3", "EMPTY": ""}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		value, want, err string
	}{
		{value: "literal", want: "literal"},
		{value: "$HOOK_SECRET", want: "s3"},
		{value: "$UNSET", err: "names environment variable UNSET, which is not set"},
		{value: "$EMPTY", err: "which is not set"},
		{value: "$", err: "not a valid environment variable reference"},
		{value: "$1X", err: "not a valid environment variable reference"},
		{value: "$A-B", err: "not a valid environment variable reference"},
		{value: "", err: "is empty"},
	}
	for _, tc := range tests {
		t.Run(tc.value, func(t *testing.T) {
			got, err := ResolveSecret(tc.value, getenv)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ResolveSecret(%q) = %q, %v; want error %q", tc.value, got, err, tc.err)
				}
				if got != nil {
					t.Errorf("secret %q returned with an error", got)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("ResolveSecret(%q) = %q, %v; want %q", tc.value, got, err, tc.want)
			}
		})
	}
}

func TestUnsetSecretVariableIsPolicyError(t *testing.T) {
	t.Setenv("GUARD_TEST_HOOK_SECRET", "")
	doc := `{"webhook":{"enabled":true,"url":"https://hooks.example/x","hmac_secret":"$GUARD_TEST_HOOK_SECRET"}}`
	_, err := Parse([]byte(doc), "rules.json")
	var pe *Error
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "webhook.hmac_secret: names environment variable GUARD_TEST_HOOK_SECRET, which is not set") {
		t.Fatalf("Parse = %v, want a policy error on webhook.hmac_secret", err)
	}
	t.Setenv("GUARD_TEST_HOOK_SECRET", "x")
	if _, err := Parse([]byte(doc), "rules.json"); err != nil {
		t.Fatalf("with the variable set: %v", err)
	}
	// A disabled webhook's secret is not resolved.
	off := `{"webhook":{"enabled":false,"hmac_secret":"$GUARD_TEST_UNSET_SECRET"}}`
	if _, err := Parse([]byte(off), "rules.json"); err != nil {
		t.Fatalf("disabled webhook: %v", err)
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestSignFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rules.json")
	doc := "{\"version\": \"3.1\"}\n"
	writeFile(t, path, doc)
	sigPath, err := SignFile(path, []byte("key"))
	if err != nil {
		t.Fatal(err)
	}
	if sigPath != path+".sig" {
		t.Errorf("signature at %s", sigPath)
	}
	sig, err := os.ReadFile(sigPath)
	if err != nil {
		t.Fatal(err)
	}
	if want := Sign([]byte(doc), []byte("key")) + "\n"; string(sig) != want {
		t.Errorf("signature file %q, want %q", sig, want)
	}
	if fi, _ := os.Stat(sigPath); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	if _, err := SignFile(path, nil); err == nil {
		t.Error("signed with an empty key")
	}
	writeFile(t, path, `{"bash": {"enabled": "yes"}}`)
	if _, err := SignFile(path, []byte("key")); err == nil || !strings.Contains(err.Error(), "bash.enabled") {
		t.Errorf("signing an invalid policy: %v", err)
	}
	if _, err := SignFile(filepath.Join(dir, "absent.json"), []byte("key")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("signing an absent file: %v", err)
	}
}

func TestReadKeyFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content, want string
	}{
		{"plain", "k3y", "k3y"},
		{"trailing newline", "k3y\n", "k3y"},
		{"crlf", "k3y\r\n", "k3y"},
		{"empty", "\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name)
			writeFile(t, p, tc.content)
			got, err := ReadKeyFile(p)
			if tc.want == "" {
				if err == nil {
					t.Fatalf("empty key accepted: %q", got)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("ReadKeyFile = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestLocalSignature: with a key, rules.json must carry a valid signature.
func TestLocalSignature(t *testing.T) {
	key := []byte("team key")
	doc := `{"version": "signed-1"}`
	tests := []struct {
		name    string
		doc     string // "" for no rules.json
		sig     string // "" for no rules.json.sig
		key     []byte
		version string // "" when an error is expected
	}{
		{"valid", doc, Sign([]byte(doc), key), key, "signed-1"},
		{"no key, no signature", doc, "", nil, "signed-1"},
		{"no key, bad signature ignored", doc, "garbage", nil, "signed-1"},
		{"missing signature", doc, "", key, ""},
		{"other key", doc, Sign([]byte(doc), []byte("other")), key, ""},
		{"tampered file", `{"version": "signed-2"}`, Sign([]byte(doc), key), key, ""},
		{"malformed signature", doc, "sha256=00", key, ""},
		{"no file: defaults", "", "", key, "1.0.0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.doc != "" {
				writeFile(t, filepath.Join(dir, "rules.json"), tc.doc)
			}
			if tc.sig != "" {
				writeFile(t, filepath.Join(dir, "rules.json.sig"), tc.sig)
			}
			p, err := LoadWith(LoadOptions{Dir: dir, Key: tc.key, Getenv: func(string) string { return "" }})
			if tc.version == "" {
				if p != nil || !errors.Is(err, ErrSignature) || !strings.Contains(err.Error(), "signature") {
					t.Fatalf("LoadWith = %v, %v; want a signature error", p, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Version != tc.version {
				t.Errorf("version %q, want %q", p.Version, tc.version)
			}
		})
	}
}

func TestKeyFromEnvironment(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "rules.json"), `{}`)
	env := map[string]string{EnvKey: "env key"}
	_, err := LoadWith(LoadOptions{Dir: dir, Getenv: func(k string) string { return env[k] }})
	if !errors.Is(err, ErrSignature) {
		t.Fatalf("GUARD_POLICY_KEY set, no signature: %v", err)
	}
	writeFile(t, filepath.Join(dir, "rules.json.sig"), Sign([]byte(`{}`), []byte("env key")))
	if _, err := LoadWith(LoadOptions{Dir: dir, Getenv: func(k string) string { return env[k] }}); err != nil {
		t.Fatalf("signed with GUARD_POLICY_KEY: %v", err)
	}
}

// FuzzParseSignature: no panic; an error comes with no MAC; every signature
// Sign makes parses back to its MAC.
func FuzzParseSignature(f *testing.F) {
	f.Add("sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
	f.Add("sha256=")
	f.Add(" sha256=ZZ ")
	f.Fuzz(func(t *testing.T, s string) {
		mac, err := ParseSignature(s)
		if err != nil {
			if mac != nil {
				t.Fatalf("error %v with a MAC", err)
			}
			sig := Sign([]byte(s), []byte(s))
			if _, err := ParseSignature(sig); err != nil {
				t.Fatalf("ParseSignature(Sign) = %v", err)
			}
			return
		}
		if len(mac) != 32 {
			t.Fatalf("MAC of %d bytes", len(mac))
		}
		if err := CheckSignature(nil, []byte("k"), s); err != nil && !strings.Contains(err.Error(), "signature") {
			t.Fatalf("message %q does not say signature", err)
		}
	})
}

// FuzzResolveSecret: no panic; an error comes with no secret; a literal is
// returned unchanged, a reference as the variable's value.
func FuzzResolveSecret(f *testing.F) {
	f.Add("literal")
	f.Add("$HOOK_SECRET")
	f.Add("$")
	f.Add("$9")
	f.Fuzz(func(t *testing.T, value string) {
		getenv := func(k string) string { return "v:" + k }
		got, err := ResolveSecret(value, getenv)
		if err != nil {
			if got != nil {
				t.Fatalf("error %v with secret %q", err, got)
			}
			return
		}
		if name, ref := strings.CutPrefix(value, "$"); ref {
			if string(got) != "v:"+name {
				t.Fatalf("ResolveSecret(%q) = %q", value, got)
			}
		} else if string(got) != value {
			t.Fatalf("literal %q became %q", value, got)
		}
	})
}
