package secret

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"math/big"
	mrand "math/rand/v2"
	"strings"
	"testing"
	"time"
)

// pemOf writes der as a PEM block of the given type.
func pemOf(typ string, der []byte) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}))
}

// wrap writes s in lines of width characters.
func wrap(s string, width int) string {
	var b strings.Builder
	for len(s) > width {
		b.WriteString(s[:width] + "\n")
		s = s[width:]
	}
	return b.String() + s + "\n"
}

// testKeys makes private keys in the forms files hold them: PKCS#1, SEC1,
// PKCS#8 and an OpenSSH body (its binary made up after the magic).
func testKeys(t *testing.T) map[string]string {
	t.Helper()
	rk, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	ek, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, edk, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	sec1, _ := x509.MarshalECPrivateKey(ek)
	p8, _ := x509.MarshalPKCS8PrivateKey(rk)
	p8ed, _ := x509.MarshalPKCS8PrivateKey(edk)
	r := mrand.New(mrand.NewPCG(1, 2))
	body := make([]byte, 380)
	for i := range body {
		body[i] = byte(r.IntN(256))
	}
	openssh := "-----BEGIN OPENSSH PRIVATE KEY-----\n" +
		wrap(base64.StdEncoding.EncodeToString(append([]byte("openssh-key-v1\x00"), body...)), 70) +
		"-----END OPENSSH PRIVATE KEY-----\n"
	return map[string]string{
		"pkcs1":   pemOf("RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rk)),
		"sec1":    pemOf("EC PRIVATE KEY", sec1),
		"pkcs8":   pemOf("PRIVATE KEY", p8),
		"ed25519": pemOf("PRIVATE KEY", p8ed),
		"openssh": openssh,
	}
}

// TestKeyBodies: a private key's body without its header (tail -n +2,
// grep -v BEGIN, joined on one line, a middle chunk of five lines) is
// found and redacted whole.
func TestKeyBodies(t *testing.T) {
	d := New()
	for name, key := range testKeys(t) {
		lines := strings.Split(strings.TrimSuffix(key, "\n"), "\n")
		body := lines[1 : len(lines)-1]
		forms := map[string]string{
			"tail -n +2":  strings.Join(lines[1:], "\n"),
			"grep -v ---": strings.Join(body, "\n"),
			"one line":    "key: " + strings.Join(body, ""),
		}
		if len(body) >= 8 {
			forms["middle"] = strings.Join(body[2:8], "\n")
		}
		for form, text := range forms {
			f, ok := d.Check(text)
			if !ok || f.Rule != "private_key" {
				t.Errorf("%s, %s: not found (%v %s)", name, form, ok, f.Rule)
				continue
			}
			red, _ := redactMap(text, d.FindAll(text))
			for _, l := range body {
				if len(l) >= 20 && strings.Contains(red, l[4:20]) {
					t.Errorf("%s, %s: a body line is left after redaction", name, form)
					break
				}
			}
		}
	}
}

// TestKeyBodiesClean: public material stays readable: a certificate and a
// public key, with or without their headers, an SSH public key, base64 at
// 76 columns.
func TestKeyBodiesClean(t *testing.T) {
	d := New()
	ek, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "x"},
		NotBefore: time.Unix(0, 0), NotAfter: time.Unix(1<<31, 0)}
	cert, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &ek.PublicKey, ek)
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := x509.MarshalPKIXPublicKey(&ek.PublicKey)
	certPEM, pubPEM := pemOf("CERTIFICATE", cert), pemOf("PUBLIC KEY", pub)
	noHeader := func(p string) string {
		l := strings.Split(strings.TrimSuffix(p, "\n"), "\n")
		return strings.Join(l[1:len(l)-1], "\n")
	}
	bin := make([]byte, 2000)
	for i := range bin {
		bin[i] = byte(i*131 + i/7)
	}
	for name, text := range map[string]string{
		"certificate":            certPEM,
		"certificate, no header": noHeader(certPEM),
		"public key":             pubPEM,
		"public key, no header":  noHeader(pubPEM),
		"base64 at 76":           wrap(base64.StdEncoding.EncodeToString(bin), 76),
		"ssh public key":         "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq9g3Xr0v2mYwM3cFz9aHk1bq2uXn8dJ0c6m4e7tS8k user@host",
	} {
		if f, ok := d.Check(text); ok {
			t.Errorf("%s: %s", name, f.Reason)
		}
	}
}

// TestDER reads the heads of DER structures.
func TestDER(t *testing.T) {
	tests := []struct {
		head []byte
		want derKind
	}{
		{[]byte{0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82}, derPrivate},             // PKCS#1
		{[]byte{0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20}, derPrivate},                         // SEC1
		{[]byte{0x30, 0x82, 0x05, 0x1f, 0x30, 0x03, 0x06, 0x01, 0x00, 0x04, 0x82}, derPrivate}, // encrypted PKCS#8
		{[]byte{0x30, 0x82, 0x01, 0x22, 0x30, 0x03, 0x06, 0x01, 0x00, 0x03, 0x82}, derPublic},  // SPKI
		{[]byte{0x30, 0x82, 0x03, 0x00, 0x30, 0x82, 0x02, 0x00, 0xa0, 0x03}, derPublic},        // certificate
		{[]byte{0x30, 0x82, 0x01, 0x0a, 0x02, 0x82, 0x01, 0x01, 0x00}, derUnknown},             // PKCS#1 public key
		{[]byte{0x04, 0x01, 0x02, 0x03}, derUnknown}, {[]byte{0x30, 0x84, 0xff}, derUnknown}, {nil, derUnknown},
	}
	for _, tt := range tests {
		if got := der(tt.head); got != tt.want {
			t.Errorf("der(% x) = %d, want %d", tt.head, got, tt.want)
		}
	}
}

// TestBotTokens: a bare id.time.hmac bot token is found by the decoder;
// look-alikes are not.
func TestBotTokens(t *testing.T) {
	d := New()
	id := base64.RawStdEncoding.EncodeToString([]byte("318920456781234567"))
	sig := "jmUhBel31iEl2hpChYgCfrL1spNxnyVmihA-2O"
	tok := id + ".u8jzPd." + sig
	for _, text := range []string{tok, "client.login('" + tok + "')", "DISCORD_BOT=" + tok, "token: " + tok + "\n"} {
		ms := d.FindAll(text)
		if len(ms) == 0 || text[ms[0].Start:ms[0].End] != tok {
			t.Errorf("%q: %v", text, ms)
		}
	}
	for _, text := range []string{
		base64.RawStdEncoding.EncodeToString([]byte("abcdefghijklmnopqr")) + ".u8jzPd." + sig, // not an id
		id + ".u8jzPd." + strings.Repeat("X", 38),                                             // a placeholder
		id + ".u8jzP." + sig, // a short time
		"x" + tok,            // glued
	} {
		if f, ok := d.Check(text); ok {
			t.Errorf("%q: %s", text, f.Reason)
		}
	}
}
