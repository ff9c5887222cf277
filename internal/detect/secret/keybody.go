package secret

import "strings"

// Private key bodies without their header: `tail -n +2 id_ed25519`,
// `sed 1d`, `grep -v BEGIN` leave the base64 body of a key, which the
// private_key rule (a BEGIN line) no longer sees and which decodes to
// binary, not text. A base64 run is a key body when what it decodes to
// starts as a private key does (OpenSSH's "openssh-key-v1", a DER
// private key: PKCS#1, SEC1, PKCS#8 plain or encrypted, PKCS#12), or,
// when its head is lost too (a middle chunk), when it is five full lines
// or more of a key's width (64 as PEM writes, 70 as OpenSSH does) of
// binary that is not a certificate or public key and sits under no public
// armour header (-----BEGIN CERTIFICATE-----). Such a run is a layer that
// is a private_key finding itself, and the whole run is redacted.

// derKind is what the head of a DER structure says it is.
type derKind uint8

const (
	derUnknown derKind = iota
	derPrivate         // a private key or a key store
	derPublic          // a certificate, a request, a public key
)

// keyBody reports whether the base64 run text[start:end] is the body of
// a private key.
func keyBody(text string, start, end int) bool {
	run := text[start:end]
	var first [9]byte
	if h := decodeBase64(run[:min(len(run), 12)], first[:0]); len(h) == 0 ||
		h[0] != 0x30 && !strings.HasPrefix("openssh-key-v1", string(h)) && strings.IndexByte(run, '\n') < 0 {
		return false // neither a key's head nor wrapped lines: most runs
	}
	var buf [96]byte
	head := decodeBase64(run[:min(len(run), 128)], buf[:0])
	if strings.HasPrefix(string(head), "openssh-key-v1\x00") {
		return true
	}
	switch der(head) {
	case derPrivate:
		return len(head) >= 32
	case derPublic:
		return false
	}
	w := strings.IndexByte(run, '\n')
	if w < 0 {
		return false // not wrapped
	}
	if w = len(strings.TrimSuffix(run[:w], "\r")); w != 64 && w != 70 {
		return false // wrapped at another width than a key's
	}
	return fullLines(run) >= 5 && !textual(head[:min(len(head), 48)]) && !publicArmour(text, start)
}

// der reads the head of a DER structure: a SEQUENCE whose first element
// is a small INTEGER (a version: PKCS#1, SEC1, PKCS#8, PKCS#12) is a
// private key; one whose first element is a SEQUENCE followed by an OCTET
// STRING is an encrypted PKCS#8 key; a first SEQUENCE followed by anything
// else, or longer than the head (a certificate's signed part), is public.
func der(h []byte) derKind {
	if len(h) < 4 || h[0] != 0x30 {
		return derUnknown
	}
	_, i, ok := derLen(h, 1)
	if !ok || i+2 > len(h) {
		return derUnknown
	}
	tag := h[i]
	l, j, ok := derLen(h, i+1)
	if !ok {
		return derUnknown
	}
	switch tag {
	case 0x02:
		if l == 1 && j < len(h) && (h[j] <= 1 || h[j] == 3) {
			return derPrivate
		}
	case 0x30:
		if k := j + l; k < len(h) {
			if h[k] == 0x04 {
				return derPrivate
			}
			return derPublic
		}
		return derPublic
	}
	return derUnknown
}

// derLen reads the DER length at h[i]: the length, where the contents
// start, and whether it could be read (up to three length bytes).
func derLen(h []byte, i int) (int, int, bool) {
	if i >= len(h) {
		return 0, 0, false
	}
	if h[i] < 0x80 {
		return int(h[i]), i + 1, true
	}
	n := int(h[i] & 0x7f)
	if n == 0 || n > 3 || i+1+n > len(h) {
		return 0, 0, false
	}
	l := 0
	for _, c := range h[i+1 : i+1+n] {
		l = l<<8 | int(c)
	}
	return l, i + 1 + n, true
}

// fullLines counts the lines of run that are 64 or 70 characters wide.
func fullLines(run string) int {
	n := 0
	for run != "" {
		line := run
		if k := strings.IndexByte(run, '\n'); k >= 0 {
			line, run = run[:k], run[k+1:]
		} else {
			run = ""
		}
		line = strings.TrimSuffix(line, "\r")
		if len(line) == 64 || len(line) == 70 {
			n++
		}
	}
	return n
}

// publicArmour reports whether the run starting at text[start] sits under
// an armour header of something public (-----BEGIN CERTIFICATE-----,
// -----BEGIN PGP PUBLIC KEY BLOCK-----) within the eight lines before it.
func publicArmour(text string, start int) bool {
	from := start
	for k := 0; k < 8 && from > 0; k++ {
		from = strings.LastIndexByte(text[:from-1], '\n') + 1
		if from < 0 {
			from = 0
		}
		line := text[from:min(start, from+96)]
		if strings.HasPrefix(line, "-----BEGIN ") {
			return !strings.Contains(line, "PRIVATE")
		}
		if from == 0 {
			break
		}
	}
	return false
}
