package secret

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/detect"
)

// pemKey is a private key block as a file holds it (its body made up).
const pemKey = "-----BEGIN OPENSSH PRIVATE KEY-----\n" +
	"b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n" +
	"QyNTUxOQAAACBq9g3Xr0v2mYwM3cFz9aHk1bq2uXn8dJ0c6m4e7tS8kQAAAJg2kJ1oNpCd\n" +
	"-----END OPENSSH PRIVATE KEY-----\n"

// ghToken is a personal access token, assembled at run time.
var ghToken = "ghp_" + "wFxD7NhDoD1avK1ZRIbWKPpbeUVlnpEcBvWN"

// percentAll writes every byte of s as %XX.
func percentAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteString("%" + strings.ToUpper(hex.EncodeToString([]byte{s[i]})))
	}
	return b.String()
}

// wrap76 writes s in lines of 76 characters, as `base64` does.
func wrap76(s string) string {
	var b strings.Builder
	for len(s) > 76 {
		b.WriteString(s[:76] + "\n")
		s = s[76:]
	}
	b.WriteString(s + "\n")
	return b.String()
}

// TestDecodedLayers: secrets that leave encoded are found, with the rule
// that finds them decoded and a reason that says how they were encoded;
// a redaction leaves none of the encoded run.
func TestDecodedLayers(t *testing.T) {
	d := New()
	b64 := base64.StdEncoding.EncodeToString
	tests := []struct {
		name, text, rule, enc string
		redacted              string // the text after redaction, when checked
	}{
		{"base64 id_rsa", wrap76(b64([]byte(pemKey))), "private_key", "base64-encoded", "[REDACTED:private_key]\n"},
		{"base64 one line", "client-key-data: " + b64([]byte(pemKey)), "keyed_secret", "", "client-key-data: [REDACTED:private_key]"},
		{"base64 after text", "key material " + b64([]byte(pemKey)) + " end", "private_key", "base64-encoded", "key material [REDACTED:private_key] end"},
		{"base64 url", "x " + base64.RawURLEncoding.EncodeToString([]byte("token "+ghToken)) + " y", "vcs_token_ghp", "base64-encoded", "x [REDACTED:vcs_token_ghp] y"},
		{"docker auth", `{"auth":"` + b64([]byte("ci:"+ghToken)) + `"}`, "keyed_secret", "", `{"auth":"[REDACTED:vcs_token_ghp]"}`},
		{"docker auth password", `{"auth":"` + b64([]byte("ci:"+passwd)) + `"}`, "keyed_secret", "", `{"auth":"[REDACTED:keyed_secret]"}`},
		{"hex", "t=" + hex.EncodeToString([]byte(ghToken)) + ";", "vcs_token_ghp", "hex-encoded", "t=[REDACTED:vcs_token_ghp];"},
		{"url-encoded", "q=" + percentAll(ghToken) + "&x=1", "vcs_token_ghp", "URL-encoded", "q=[REDACTED:vcs_token_ghp]&x=1"},
		{"url-encoded key", "k=" + url.PathEscape(pemKey[:36]), "private_key", "URL-encoded", ""},
		{"unicode escapes", `"\u002d\u002d\u002d\u002d\u002dBEGIN RSA PRIVATE KEY-----\nMIIE"`, "private_key", "escaped", ""},
		{"hex escapes", `s = "\x67hp_` + ghToken[4:] + `"`, "vcs_token_ghp", "escaped", `s = "[REDACTED:vcs_token_ghp]"`},
		{"two layers", b64([]byte(`{"key": "\u0067hp_` + ghToken[4:] + `"}`)), "vcs_token_ghp", "escaped in base64-encoded", ""},
		{"base64 of base64", b64([]byte(b64([]byte(pemKey)))), "private_key", "base64-encoded in base64-encoded", ""},
	}
	for _, tt := range tests {
		f, ok := d.Check(tt.text)
		if !ok || f.Rule != tt.rule {
			t.Errorf("%s: Check = %q, %v; want %s", tt.name, f.Rule, ok, tt.rule)
			continue
		}
		if tt.enc != "" && !strings.Contains(f.Reason, "("+tt.enc+")") {
			t.Errorf("%s: reason %q does not say %s", tt.name, f.Reason, tt.enc)
		}
		red := detect.Redact(tt.text, d.FindAll(tt.text))
		if tt.redacted != "" && red != tt.redacted {
			t.Errorf("%s: redacted %q, want %q", tt.name, red, tt.redacted)
		}
		if f, again := d.Check(red); again {
			t.Errorf("%s: %s found again after redaction: %q", tt.name, f.Rule, red)
		}
	}
}

// TestDecodedClean: encodings of ordinary text and of binary find nothing.
func TestDecodedClean(t *testing.T) {
	d := New()
	bin := make([]byte, 300)
	for i := range bin {
		bin[i] = byte(i * 7)
	}
	for _, text := range []string{
		base64.StdEncoding.EncodeToString([]byte("just some ordinary text, nothing to see here at all")),
		"data:image/png;base64," + base64.StdEncoding.EncodeToString(bin),
		"commit 0123456789abcdef0123456789abcdef01234567",
		"sha256:" + hex.EncodeToString(bin[:32]),
		"https://example.com/search?q=hello%20world&lang=en",
		`"caf\u00e9 \u2603 \n\t"`,
		"net/http/internal/testcert/testcert.go",
	} {
		if f, ok := d.Check(text); ok {
			t.Errorf("%.60q: %s", text, f.Reason)
		}
	}
}

// TestDecodeBudget: a call decodes no more than its budget, and stops
// when it is spent.
func TestDecodeBudget(t *testing.T) {
	run := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("plain words ", 40)))
	text := strings.Repeat(run+"\n", 2000) // 1.3 MB of base64 text
	b := newBudget(text)
	decoded, joined := 0, 0
	layers(text, &b, func(l *layer) bool {
		if l.joint > 0 { // the text's own lines, not a decoding (breaks.go)
			joined += len(l.text)
			return true
		}
		decoded += len(l.text)
		return true
	})
	if limit := len(text) + 256<<10; decoded > limit {
		t.Errorf("decoded %d bytes, budget %d", decoded, limit)
	}
	if joined > 2*len(text) {
		t.Errorf("joined %d bytes of lines of %d", joined, len(text))
	}
	small := budget{left: 1000}
	n := 0
	layers(text, &small, func(*layer) bool { n++; return true })
	if n > 3 || small.left != 0 {
		t.Errorf("a budget of 1000 bytes decoded %d runs, left %d", n, small.left)
	}
}

// TestParentSpan: a match in an escaped layer maps to the whole escapes
// of its first and last characters.
func TestParentSpan(t *testing.T) {
	text := `x=\u0041\u0042CD\u00e9F and more`
	b := newBudget(text)
	l, ok := unescapeRun(text, 0, len(text), &b, backslashEscape, "escaped")
	if !ok || l.text != "x=ABCDéF and more" {
		t.Fatalf("unescape: %q, %v", l.text, ok)
	}
	// "ABCDé" is bytes 2..8 of the layer (é is two bytes).
	s, e := l.parentSpan(2, 8)
	if got := text[s:e]; got != `\u0041\u0042CD\u00e9` {
		t.Errorf("parentSpan = %q", got)
	}
	// Half of é still covers its whole escape.
	s, e = l.parentSpan(6, 7)
	if got := text[s:e]; got != `\u00e9` {
		t.Errorf("parentSpan of half a character = %q", got)
	}
}

// FuzzDecodeBase64 checks the base64 decoder against encoding/base64: any
// bytes, encoded in either alphabet, padded or not, wrapped or not, decode
// back.
func FuzzDecodeBase64(f *testing.F) {
	f.Add([]byte(pemKey), true, false)
	f.Add([]byte("ci:"+ghToken), false, true)
	f.Add([]byte{0, 1, 2, 255}, true, true)
	f.Fuzz(func(t *testing.T, data []byte, url, wrap bool) {
		enc := base64.StdEncoding.EncodeToString(data)
		if url {
			enc = base64.RawURLEncoding.EncodeToString(data)
		}
		if wrap {
			enc = wrap76(enc)
		}
		if got := decodeBase64(enc, nil); !bytes.Equal(got, data) {
			t.Fatalf("decodeBase64(%q) = %x, want %x", enc, got, data)
		}
		var buf [16]byte
		if got := decodeBase64Prefix(enc, buf[:]); !bytes.HasPrefix(data, got) {
			t.Fatalf("decodeBase64Prefix(%q) = %x, not a prefix of %x", enc, got, data)
		}
	})
}

// FuzzDecodeHex checks the hex decoder against encoding/hex.
func FuzzDecodeHex(f *testing.F) {
	f.Add([]byte(ghToken), false)
	f.Add([]byte{0, 0xff}, true)
	f.Fuzz(func(t *testing.T, data []byte, up bool) {
		enc := hex.EncodeToString(data)
		if up {
			enc = strings.ToUpper(enc)
		}
		if got := decodeHex(enc, nil); !bytes.Equal(got, data) {
			t.Fatalf("decodeHex(%q) = %x, want %x", enc, got, data)
		}
	})
}

// FuzzUnescapePercent checks URL decoding against net/url and the offset
// map: each decoded byte maps back into the run, in order.
func FuzzUnescapePercent(f *testing.F) {
	f.Add("k=" + url.QueryEscape(pemKey))
	f.Add("%41%4B%49%41 %zz %4")
	f.Fuzz(func(t *testing.T, text string) {
		b := budget{left: 1 << 20}
		l, ok := unescapeRun(text, 0, len(text), &b, percentEscape, "URL-encoded")
		if !ok {
			return
		}
		if want, err := url.PathUnescape(text); err == nil && l.text != want {
			t.Fatalf("unescape %q = %q, net/url %q", text, l.text, want)
		}
		checkOffsets(t, text, &l)
	})
}

// FuzzUnescapeBackslash checks backslash decoding: what \uXXXX and \xHH
// stand for, other escapes kept or resolved, and the offset map.
func FuzzUnescapeBackslash(f *testing.F) {
	f.Add(`"\u002d\u002dBEGIN \x41\/\n\\"`)
	f.Add(`\u12`)
	f.Fuzz(func(t *testing.T, text string) {
		b := budget{left: 1 << 20}
		l, ok := unescapeRun(text, 0, len(text), &b, backslashEscape, "escaped")
		if !ok {
			return
		}
		if !strings.Contains(text, `\`) {
			t.Fatalf("%q decoded without an escape", text)
		}
		checkOffsets(t, text, &l)
	})
}

// checkOffsets: the offsets of a layer rise, stay within its run, and any
// span maps to a span of the run.
func checkOffsets(t *testing.T, text string, l *layer) {
	t.Helper()
	if len(l.offs) != len(l.text)+1 {
		t.Fatalf("%d offsets for %d bytes", len(l.offs), len(l.text))
	}
	for i := 1; i < len(l.offs); i++ {
		if l.offs[i] < l.offs[i-1] || int(l.offs[i]) > l.end || int(l.offs[i-1]) < l.start {
			t.Fatalf("offsets %v not rising within [%d,%d)", l.offs, l.start, l.end)
		}
	}
	for s := 0; s <= len(l.text); s++ {
		for e := s; e <= len(l.text) && e <= s+8; e++ {
			ps, pe := l.parentSpan(s, e)
			if ps > pe || ps < l.start || pe > l.end {
				t.Fatalf("parentSpan(%d, %d) = [%d, %d) outside [%d, %d)", s, e, ps, pe, l.start, l.end)
			}
		}
	}
	_ = text
}

// FuzzLayers: whatever the text, finding its layers stays within the text
// and the budget, and every layer's text is valid to scan.
func FuzzLayers(f *testing.F) {
	f.Add(wrap76(base64.StdEncoding.EncodeToString([]byte(pemKey))))
	f.Add(base64.RawStdEncoding.EncodeToString([]byte("318920456781234567")) + ".u8jzPd.jmUhBel31iEl2hpChYgCfrL1spNxnyVmihA-2O")
	f.Add(wrap(base64.StdEncoding.EncodeToString(append([]byte("openssh-key-v1\x00"), make([]byte, 300)...)), 70))
	f.Add(wrap(base64.StdEncoding.EncodeToString(append([]byte{0x30, 0x82, 0x01, 0x22, 0x30, 0x81}, make([]byte, 300)...)), 64))
	f.Add("a%41%42%43%44%45%46%47%48%49%4a%4b%4c%4d b \\u0041\\u0042\\u0043\\u0044\\u0045\\u0046\\u0047\\u0048\\u0049 " + hex.EncodeToString([]byte(ghToken)))
	f.Fuzz(func(t *testing.T, text string) {
		b := newBudget(text)
		start := b.left
		if l, ok := terminalLayer(text, true); ok {
			start += len(l.text) // the same text, read again: no decoding (layers)
		}
		layers(text, &b, func(l *layer) bool {
			if l.start < 0 || l.end > len(text) || l.start > l.end {
				t.Fatalf("run [%d,%d) outside %d bytes", l.start, l.end, len(text))
			}
			if l.offs != nil {
				checkOffsets(t, text, l)
			}
			return true
		})
		if b.left < 0 || b.left > start {
			t.Fatalf("budget %d of %d", b.left, start)
		}
		_ = utf8.ValidString(text)
	})
}

// TestWrappedNarrow: base64 wrapped at any width (base64 -w 20, -w 30) of a
// .env holding a keyed secret is joined and decoded.
func TestWrappedNarrow(t *testing.T) {
	env := "DB_HOST=localhost\nAWS_SECRET_ACCESS_KEY=Zx8q2LmV9pRt4WkJd7Hs3QbN6Yc1Fv5Ug0Ta8Mr2\n"
	enc := base64.StdEncoding.EncodeToString([]byte(env))
	for _, w := range []int{20, 30, 64, 76} {
		var lines []string
		for s := enc; s != ""; {
			n := min(w, len(s))
			lines = append(lines, s[:n])
			s = s[n:]
		}
		text := strings.Join(lines, "\n") + "\n"
		if _, hit := New().Check(text); !hit {
			t.Errorf("base64 -w %d of a .env with a secret: not found", w)
		}
	}
}
