package secret

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect"
)

// redactionCases hold secrets in the forms tool results carry them.
var redactionCases = []string{
	"aws_access_key_id = AKIA" + "B6XEF5YWW3SOYU3K\nregion = us-east-1",
	"two keys: AKIA" + "B6XEF5YWW3SOYU3K and AKIA" + "Q2ZV7HN4LMRT6PWD",
	"export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345\n",
	"DATABASE_PASSWORD='s3cr3t-Passw0rd!'\nDEBUG=true",
	"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
	"curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123' https://api.example.com",
	"postgres://admin:hunter2hunter2@db.internal:5432/app",
	"api_key: \"0123456789abcdefABCDEF0123\"",
}

func TestFindAllRedactsWhatCheckFinds(t *testing.T) {
	d := New()
	for _, text := range redactionCases {
		if _, hit := d.Check(text); !hit {
			t.Fatalf("case holds no secret Check finds: %q", text)
		}
		ms := d.FindAll(text)
		if len(ms) == 0 {
			t.Errorf("FindAll found nothing in %q", text)
			continue
		}
		red := detect.Redact(text, ms)
		if f, hit := d.Check(red); hit {
			t.Errorf("after redaction %s still found in %q", f.Rule, red)
		}
		if !strings.Contains(red, "[REDACTED:") {
			t.Errorf("no marker in %q", red)
		}
	}
}

func TestFindAllCoversAKeyBlock(t *testing.T) {
	d := New()
	for _, tt := range []struct{ text, want string }{
		{"a\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\nb", "a\n[REDACTED:private_key]\nb"},
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk", "[REDACTED:private_key]"}, // cut short
	} {
		if got := detect.Redact(tt.text, d.FindAll(tt.text)); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestFindAllKeepsTheKeyName(t *testing.T) {
	got := detect.Redact("DB_PASSWORD=correcthorsebattery\n", New().FindAll("DB_PASSWORD=correcthorsebattery\n"))
	if want := "DB_PASSWORD=[REDACTED:env_secret]\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// FuzzFindAllCoversCheck: whatever the text, once every FindAll match is
// redacted, Check finds nothing; and FindAll finds something whenever Check
// does. The hook relies on both: a result it cannot clean is withheld whole.
func FuzzFindAllCoversCheck(f *testing.F) {
	for _, c := range redactionCases {
		f.Add(c)
	}
	d := New()
	f.Fuzz(func(t *testing.T, text string) {
		_, hit := d.Check(text)
		ms := d.FindAll(text)
		if hit && len(ms) == 0 {
			t.Fatalf("Check hit but FindAll empty: %q", text)
		}
		if f, again := d.Check(detect.Redact(text, ms)); again {
			t.Fatalf("%s survives redaction of %q", f.Rule, text)
		}
	})
}
