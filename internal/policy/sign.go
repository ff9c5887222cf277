package policy

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/regularfile"
)

// Policy integrity: `guard policy sign` writes rules.json.sig beside
// rules.json; when GUARD_POLICY_KEY is set every load checks it, and a remote
// policy must arrive with a matching X-Guard-Signature header. A signature is
// "sha256=" followed by the lowercase hex HMAC-SHA256 of the document's exact
// bytes under the key.

// EnvKey is the environment variable holding the policy signing key.
const EnvKey = "GUARD_POLICY_KEY"

// SignaturePrefix starts every signature: sha256=<hex>.
const SignaturePrefix = "sha256="

// Bounds of the small files read for signing.
const (
	maxSignatureFile = 1 << 10
	maxKeyFile       = 64 << 10
)

// ErrSignature matches (errors.Is) every error about a missing or wrong
// signature.
var ErrSignature = errors.New("signature")

// SignatureError says why a policy document's signature was refused. Its
// message always contains the word "signature".
type SignatureError struct {
	Source  string // the file path or URL of the document
	Problem string // e.g. "signature does not match"
}

func (e *SignatureError) Error() string { return fmt.Sprintf("policy %s: %s", e.Source, e.Problem) }

// Is makes errors.Is(err, ErrSignature) true.
func (e *SignatureError) Is(target error) bool { return target == ErrSignature }

// Sign returns the signature of data under key: sha256=<hex HMAC-SHA256>.
func Sign(data, key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write(data)
	return SignaturePrefix + hex.EncodeToString(m.Sum(nil))
}

// ParseSignature decodes "sha256=<64 hex digits>" (surrounding white space
// ignored; hex in either case) into the 32-byte MAC.
func ParseSignature(sig string) ([]byte, error) {
	sig = strings.TrimSpace(sig)
	if sig == "" {
		return nil, errors.New("empty signature")
	}
	hexPart, ok := strings.CutPrefix(sig, SignaturePrefix)
	if !ok {
		return nil, fmt.Errorf("signature does not start with %q", SignaturePrefix)
	}
	if len(hexPart) != 2*sha256.Size {
		return nil, fmt.Errorf("signature has %d hex digits, want %d", len(hexPart), 2*sha256.Size)
	}
	mac, err := hex.DecodeString(hexPart)
	if err != nil {
		return nil, errors.New("signature is not hexadecimal")
	}
	return mac, nil
}

// CheckSignature reports whether sig is data's signature under key, comparing
// in constant time. The error, if any, is a problem text for a
// SignatureError and contains "signature".
func CheckSignature(data, key []byte, sig string) error {
	got, err := ParseSignature(sig)
	if err != nil {
		return fmt.Errorf("malformed signature: %w", err)
	}
	m := hmac.New(sha256.New, key)
	m.Write(data)
	if !hmac.Equal(got, m.Sum(nil)) {
		return errors.New("signature does not match (the document changed after it was signed, or it was signed with another key)")
	}
	return nil
}

// SignaturePath is where the signature of the policy file at path lives:
// path + ".sig" (~/.guard/rules.json.sig).
func SignaturePath(path string) string { return path + ".sig" }

// checkFileSignature checks the signature file beside the policy file path
// against data, the file's bytes.
func checkFileSignature(path string, data, key []byte) error {
	sigPath := SignaturePath(path)
	sig, err := readBounded(sigPath, maxSignatureFile)
	if errors.Is(err, fs.ErrNotExist) {
		return &SignatureError{Source: path, Problem: fmt.Sprintf("no signature: %s is set, so %s must hold the file's signature", EnvKey, sigPath)}
	}
	if err != nil {
		return &SignatureError{Source: path, Problem: fmt.Sprintf("cannot read the signature: %v", err)}
	}
	if err := CheckSignature(data, key, string(sig)); err != nil {
		return &SignatureError{Source: path, Problem: err.Error()}
	}
	return nil
}

// SignFile checks that the policy file at path is a valid policy and writes
// its signature under key to SignaturePath(path), replacing it atomically.
// It returns the signature file's path.
func SignFile(path string, key []byte) (string, error) {
	if len(key) == 0 {
		return "", errors.New("empty signing key")
	}
	data, err := readBounded(path, MaxSize)
	if err != nil {
		return "", fmt.Errorf("policy %s: %w", path, err)
	}
	if _, err := Parse(data, path); err != nil {
		return "", err
	}
	sigPath := SignaturePath(path)
	if err := writeAtomic(sigPath, []byte(Sign(data, key)+"\n")); err != nil {
		return "", fmt.Errorf("write signature: %w", err)
	}
	return sigPath, nil
}

// ReadKeyFile reads a signing key from a file: its bytes without surrounding
// white space (so a trailing newline does not count). An empty key is an
// error.
func ReadKeyFile(path string) ([]byte, error) {
	data, err := readBounded(path, maxKeyFile)
	if err != nil {
		return nil, fmt.Errorf("key file %s: %w", path, err)
	}
	key := []byte(strings.TrimSpace(string(data)))
	if len(key) == 0 {
		return nil, fmt.Errorf("key file %s: empty", path)
	}
	return key, nil
}

// ResolveSecret returns the HMAC secret that webhook.hmac_secret stands for:
// a value starting with $ names an environment variable (read with getenv),
// which must be set and not empty; any other value is the secret itself.
func ResolveSecret(value string, getenv func(string) string) ([]byte, error) {
	name, ref := strings.CutPrefix(value, "$")
	if !ref {
		if value == "" {
			return nil, errors.New("is empty (use null for unsigned requests)")
		}
		return []byte(value), nil
	}
	if !validEnvName(name) {
		return nil, fmt.Errorf("%q is not a valid environment variable reference ($ followed by letters, digits and _)", value)
	}
	v := getenv(name)
	if v == "" {
		return nil, fmt.Errorf("names environment variable %s, which is not set", name)
	}
	return []byte(v), nil
}

func validEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_', 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// readBounded reads the regular file at path whole, refusing one larger than
// limit bytes and never waiting on a FIFO. An absent file yields an error
// matching fs.ErrNotExist.
func readBounded(path string, limit int64) ([]byte, error) {
	data, err := regularfile.ReadFile(path, limit)
	if errors.Is(err, regularfile.ErrTooLarge) {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return data, err
}

// writeAtomic replaces the file at path with data (mode 0600) through a
// temporary file in the same directory and a rename, so a reader sees the
// old content or the new, never a part.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
