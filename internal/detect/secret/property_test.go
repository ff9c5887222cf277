package secret

import (
	"encoding/base64"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect"
)

// mixedTexts builds n texts of the shapes tool results carry: catalogue
// examples and keyed assignments in many syntaxes, some encoded, some
// pasted twice, among counter-examples, code and prose.
func mixedTexts(n int) []string {
	r := rand.New(rand.NewPCG(21, 2111))
	var secrets, noise []string
	for _, ru := range catalogue {
		secrets = append(secrets, ru.examples...)
		noise = append(noise, ru.counter...)
	}
	noise = append(noise, "func main() { fmt.Println(\"token\", key, secret) }", "The password policy changed.",
		"export PATH=$HOME/bin:$PATH", "key: value", "# comment with api_key mentioned")
	syntaxes := []string{"%s", "TOKEN=%s", "api_key: %s", `"client_secret": "%s"`, "--password %s",
		"config.env:4:SECRET_KEY=%s", "'auth' => '%s'", "<password>%s</password>"}
	encode := []func(string) string{
		func(s string) string { return s },
		func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) },
		func(s string) string { return hex.EncodeToString([]byte(s)) },
		percentAll,
	}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			if r.IntN(3) == 0 {
				b.WriteString(noise[r.IntN(len(noise))])
			} else {
				s := secrets[r.IntN(len(secrets))]
				if r.IntN(2) == 0 {
					s = strings.Replace(syntaxes[r.IntN(len(syntaxes))], "%s", s, 1)
				}
				s = encode[r.IntN(len(encode))](s)
				b.WriteString(s)
				if r.IntN(4) == 0 {
					b.WriteString(" and again " + s)
				}
			}
			b.WriteString([]string{"\n", " ", "\t", "; "}[r.IntN(4)])
		}
		out[i] = b.String()
	}
	return out
}

// redactionHolds checks the redaction property on text: no value any rule
// matched (eight bytes or more) is left in the redacted text, and the
// catalogue finds nothing in it.
func redactionHolds(t *testing.T, d *Detector, text string) {
	t.Helper()
	ms := d.FindAll(text)
	red := detect.Redact(text, ms)
	for _, m := range ms {
		if v := text[m.Start:m.End]; len(v) >= minRepeat && strings.Contains(red, v) {
			t.Fatalf("%s value %q survives the redaction of %q: %q", m.Rule, v, text, red)
		}
	}
	if f, hit := d.Check(red); hit {
		t.Fatalf("%s found after the redaction of %q: %q", f.Rule, text, red)
	}
}

// TestRedactionProperty: for texts of every shape the catalogue covers,
// a redaction leaves no matched value and nothing to find.
func TestRedactionProperty(t *testing.T) {
	d := New()
	found := 0
	for _, text := range mixedTexts(400) {
		if _, hit := d.Check(text); hit {
			found++
		}
		redactionHolds(t, d, text)
	}
	if found < 300 {
		t.Errorf("only %d of 400 mixed texts hold a secret Check finds", found)
	}
}

// FuzzRedaction is the redaction property on any text.
func FuzzRedaction(f *testing.F) {
	for _, text := range mixedTexts(40) {
		f.Add(text)
	}
	for _, s := range seeds() {
		f.Add(s)
	}
	d := New()
	f.Fuzz(func(t *testing.T, text string) {
		redactionHolds(t, d, text)
	})
}

// FuzzRedactMap: redactMap writes what detect.Redact writes, and maps
// every span of its output back into the text.
func FuzzRedactMap(f *testing.F) {
	f.Add("token: abcdefgh and more text here", []byte{7, 8, 3, 20, 30, 2})
	f.Add("", []byte{})
	f.Fuzz(func(t *testing.T, text string, spans []byte) {
		var ms []detect.Match
		for i := 0; i+1 < len(spans) && len(text) > 0; i += 2 {
			s := int(spans[i]) % (len(text) + 1)
			e := min(len(text), s+int(spans[i+1])%16)
			ms = append(ms, detect.Match{Rule: "r" + string(rune('a'+i%3)), Start: s, End: e})
		}
		detect.SortMatches(ms)
		red, segs := redactMap(text, ms)
		if want := detect.Redact(text, ms); red != want {
			t.Fatalf("redactMap = %q, detect.Redact = %q", red, want)
		}
		for s := 0; s < len(red); s++ {
			for e := s + 1; e <= len(red) && e <= s+12; e++ {
				os, oe := segs.original(s, e)
				if os < 0 || oe > len(text) || os > oe {
					t.Fatalf("original(%d, %d) = [%d, %d) outside %d bytes", s, e, os, oe, len(text))
				}
			}
		}
	})
}
