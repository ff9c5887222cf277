package secret

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/guardhq/guard/internal/detect/fuzzseed"
	"github.com/guardhq/guard/internal/event"
)

// Test credentials are assembled at run time so that no scanner mistakes
// this file for a leak.
func rep(s string, n int) string { return strings.Repeat(s, n) }

const mixed = "aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zA" // 32 mixed characters

// TestRules holds true and false positives for every rule. want is the rule
// reported first, "" for clean text; value is the secret, which no reason
// may contain.
func TestRules(t *testing.T) {
	d := New()
	tests := []struct {
		name, text, want, value string
	}{
		{"pem rsa", "x\n-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n", "private_key", "MIIE"},
		{"openssh", "-----BEGIN OPENSSH PRIVATE KEY-----", "private_key", ""},
		{"pkcs8", "-----BEGIN PRIVATE KEY-----", "private_key", ""},
		{"pgp", "-----BEGIN PGP PRIVATE KEY BLOCK-----", "private_key", ""},
		{"public key", "-----BEGIN PUBLIC KEY-----\n-----BEGIN CERTIFICATE-----", "", ""},

		{"akia", "aws_access_key_id = AKIA" + "IOSFODNN7EXAMPL1", "cloud_access_key", "IOSFODNN7EXAMPL1"},
		{"akia short", "AKIA" + "1234", "", ""},

		{"ghp", "token: ghp_" + mixed + "abcd", "vcs_token_ghp", mixed},
		{"ghp short", "ghp_" + rep("a", 20), "", ""},
		{"gho", "gho_" + mixed + "abcd", "vcs_token_gho", mixed},
		{"gho word", "the gho_ prefix means OAuth", "", ""},
		{"ghs", "ghs_" + mixed + "abcd", "vcs_token_ghs", mixed},
		{"ghs word", "ghs_token_name", "", ""},
		{"glpat", "GITLAB=glpat-" + "xY9_zA-bC3dE5fG7hI9j", "vcs_token_glpat", "xY9_zA-bC3dE5fG7hI9j"},
		{"glpat short", "glpat-short", "", ""},

		{"sk-ant", "key sk-ant-" + "api03-" + mixed + mixed, "model_api_key_ant", mixed},
		{"sk-ant short", "sk-ant-api03", "", ""},
		{"sk legacy", "sk-" + mixed + "abcdefghijklmnop", "model_api_key_sk", mixed},
		{"sk proj", "sk-proj-" + rep("Ab1_", 10) + "T3BlbkFJ" + rep("Cd2-", 10), "model_api_key_sk", "T3BlbkFJ"},
		{"sk slug", "use the sk-learn-compatible-estimator-wrapper-class", "", ""},
		{"task", "task-" + mixed, "", ""},

		{"hf", "HF_TOKEN is hf_" + mixed + "ab", "model_hub_token", mixed},
		{"hf short", "hf_hub_download", "", ""},
		{"npm", "//registry/:_authToken=npm_" + mixed + "abcd", "package_registry_token", mixed},
		{"npm word", "npm_config_cache", "", ""},

		{"xoxb", "xoxb-" + "1234567890-abcdef", "chat_token", "1234567890-abcdef"},
		{"xox short", "xoxb-123", "", ""},

		{"live", "sk_live_" + "aB3dE5gH7jK9mN1pQ2rS4tU6", "payment_key_live", "aB3dE5gH7jK9mN1pQ2rS4tU6"},
		{"live short", "sk_live_123", "", ""},
		{"test", "sk_test_" + "aB3dE5gH7jK9mN1pQ2rS4tU6", "payment_key_test", "aB3dE5gH7jK9mN1pQ2rS4tU6"},
		{"test short", "sk_test_abc", "", ""},

		{"sg", "SG." + "aB3dE5gH7jK9mN1pQ2rS4t" + "." + mixed + "aB3dE5gH7jK", "email_api_key", mixed},
		{"sg word", "SG.example is not a key", "", ""},

		{"sk hex", "SK" + rep("0123456789abcdef", 2), "telephony_api_key", rep("0123456789abcdef", 2)},
		{"sk hex long", "SK" + rep("0123456789abcdef", 3), "", ""},
		{"sk word", "TASK" + rep("0123456789abcdef", 2), "", ""},

		{"jwt", "eyJ" + "hbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcDEF123_-", "jwt_token", "eyJzdWIiOiIxIn0"},
		{"jwt word", "eyJ alone", "", ""},

		{"bearer", "curl -H 'Authorization: Bearer " + mixed + "'", "bearer_token", mixed},
		{"bearer lower", "authorization:bearer " + mixed, "bearer_token", mixed},
		{"bearer var", "Authorization: Bearer $TOKEN", "", ""},

		{"postgres", "DATABASE_URL=postgres://app:" + "s3cr3tPass" + "@db.internal:5432/app", "db_connection_string", "s3cr3tPass"},
		{"mongo srv", "mongodb+srv://u:" + "pw123456" + "@cluster0.example.net/db", "db_connection_string", "pw123456"},
		{"redis", "redis://:" + "hunter2hunter2" + "@cache:6379/0", "db_connection_string", "hunter2hunter2"},
		{"mysql", "mysql://root:" + "toor1234" + "@localhost/db", "db_connection_string", "toor1234"},
		{"postgres no password", "postgres://localhost:5432/app", "", ""},
		{"postgres env", "postgres://app:${PGPASSWORD}@db/app", "", ""},

		{"api key", `api_key = "` + mixed + `"`, "generic_api_key", mixed},
		{"apikey", "ApiKey: " + mixed, "generic_api_key", mixed},
		{"api key short", "api_key = 'abc'", "", ""},
		{"api key code", "apiKey := os.Getenv(\"API_KEY\")", "", ""},

		{"env secret", "SECRET_KEY=" + "Zq8vN3pLr5" + "\n", "env_secret", "Zq8vN3pLr5"},
		{"env password", "export DB_PASSWORD='" + "hunter2!xyz" + "'", "env_secret", "hunter2!xyz"},
		{"env token lower", "github_token = " + "tok3nV4lue9", "env_secret", "tok3nV4lue9"},
		{"env crlf", "SMTP_PASSWD=" + "Mail9Pass12" + "\r\nX=1", "env_secret", "Mail9Pass12"},
		{"env numeric", "MAX_TOKENS_LIMIT=100000000", "", ""},
		{"env tokens", "MAX_TOKENS=abcdefghijk", "", ""},
		{"env placeholder", "PASSWORD=xxxxxxxx", "", ""},
		{"env ref", "DB_PASSWORD=${DB_PASSWORD}", "", ""},
		{"env short", "PASSWORD=abc", "", ""},
		{"env code", "password = os.Getenv(\"PW\")", "", ""},
		{"prose", "Reset your password at the secret settings page; the token expires.", "", ""},

		{"empty", "", "", ""},
	}
	covered := map[string]bool{}
	for _, tt := range tests {
		covered[tt.want] = true
		f, ok := d.Check(tt.text)
		if tt.want == "" {
			if ok {
				t.Errorf("%s: Check = %s, want clean", tt.name, f.Rule)
			}
			continue
		}
		if !ok || f.Rule != tt.want {
			t.Errorf("%s: Check = %q, %v; want %q", tt.name, f.Rule, ok, tt.want)
			continue
		}
		if tt.value != "" && (strings.Contains(f.Reason, tt.value) || strings.Contains(f.LogReason, tt.value)) {
			t.Errorf("%s: reason holds the secret: %q", tt.name, f.Reason)
		}
	}
	for _, r := range catalogue {
		covered[r.name] = covered[r.name] || len(r.examples) > 0 // TestExamples
	}
	for _, r := range Rules() {
		if !covered[r.Name] {
			t.Errorf("rule %s has no true positive", r.Name)
		}
	}
}

// TestExamples checks every rule against the examples beside it: each
// example is found by the rule alone (in the text or a decoded layer of
// it) and by the catalogue, each
// counter-example is not found by the rule, and no reason quotes an
// example.
func TestExamples(t *testing.T) {
	d := New()
	for i, r := range catalogue {
		if len(r.examples) == 0 || len(r.counter) == 0 {
			t.Errorf("%s: needs examples and counter-examples", r.name)
		}
		single := singles()[i]
		for _, ex := range r.examples {
			if _, ok := single.Check(ex); !ok {
				t.Errorf("%s: example %q not found", r.name, ex)
			}
			f, ok := d.Check(ex)
			if !ok {
				t.Errorf("%s: example %q not found by the catalogue", r.name, ex)
			} else if strings.Contains(f.Reason, ex) {
				t.Errorf("%s: reason quotes the example", r.name)
			}
			if len(single.FindAll(ex)) == 0 {
				t.Errorf("%s: example %q: FindAll found nothing", r.name, ex)
			}
		}
		for _, ex := range r.counter {
			if f, ok := single.Check(ex); ok {
				t.Errorf("%s: counter-example %q found: %s", r.name, ex, f.Reason)
			}
		}
	}
}

func TestCatalogue(t *testing.T) {
	rules := Rules()
	if len(rules) < 40 || len(rules) > maxRules {
		t.Fatalf("%d rules, want 40 to %d", len(rules), maxRules)
	}
	spec := map[string]string{
		"cloud_access_key": `AKIA[0-9A-Z]{16}`,
		"vcs_token_ghp":    `ghp_[A-Za-z0-9]{36}`,
		"vcs_token_gho":    `gho_[A-Za-z0-9]{36}`,
		"vcs_token_ghs":    `ghs_[A-Za-z0-9]{36}`,
		"generic_api_key":  `(?i)api[_\-]?key[\s:=]+['\"A-Za-z0-9]{20,}`,
		"jwt_token":        `eyJ[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+`,
		"chat_token":       `xox[baprs]-[0-9A-Za-z\-]{10,}`,
		"payment_key_live": `sk_live_[A-Za-z0-9]{24}`,
		"payment_key_test": `sk_test_[A-Za-z0-9]{24}`,
		"bearer_token":     `(?i)Authorization:\s*Bearer\s+[A-Za-z0-9\-_\.]{20,}`,
	}
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.Name] {
			t.Errorf("duplicate %s", r.Name)
		}
		seen[r.Name] = true
		if p, ok := spec[r.Name]; ok && p != r.Pattern {
			t.Errorf("%s pattern %q, want the spec's %q", r.Name, r.Pattern, p)
		}
		if r.Severity == "" || r.Description == "" {
			t.Errorf("%s lacks severity or description", r.Name)
		}
	}
	for name := range spec {
		if !seen[name] {
			t.Errorf("spec rule %s missing", name)
		}
	}
	// Every keyword is lowercase, or the prefilter would never pass.
	for _, r := range catalogue {
		if len(r.keywords) == 0 {
			t.Errorf("%s has no keyword", r.name)
		}
		for _, k := range r.keywords {
			if k != strings.ToLower(k) {
				t.Errorf("%s keyword %q not lowercase", r.name, k)
			}
		}
	}
}

func TestFindingFields(t *testing.T) {
	f, ok := New().Check("line 1\nline 2\nAKIA" + "IOSFODNN7EXAMPL1\n")
	if !ok {
		t.Fatal("not found")
	}
	want := event.Finding{Detector: event.DetectorSecrets, Rule: "cloud_access_key", Severity: "critical",
		Reason:    "cloud_access_key found: cloud access key id (AKIA…) at line 3",
		LogReason: "cloud_access_key found: cloud access key id (AKIA…) at line 3"}
	if f != want {
		t.Errorf("finding = %+v", f)
	}
}

// cleanText is about 1 MiB of ordinary source and prose with many of the
// keywords present, so the regular expressions do run.
func cleanText(tb testing.TB) string {
	tb.Helper()
	src, err := os.ReadFile("secret.go")
	if err != nil {
		tb.Fatal(err)
	}
	// Drop the catalogue's own pattern lines, which hold the prefixes.
	var keep []string
	for _, l := range strings.Split(string(src), "\n") {
		if !strings.Contains(l, "pattern:") && !strings.Contains(l, "keywords:") {
			keep = append(keep, l)
		}
	}
	chunk := strings.Join(keep, "\n") + "\nThe API key rotation doc says the password and token are kept in the secret store.\n"
	var b strings.Builder
	for b.Len() < 1<<20 {
		b.WriteString(chunk)
	}
	return b.String()
}

func TestCleanTextIsClean(t *testing.T) {
	if f, ok := New().Check(cleanText(t)); ok {
		t.Fatalf("clean text flagged: %s", f.Reason)
	}
}

var samples = []string{
	"AKIA" + "IOSFODNN7EXAMPL1", "PASSWORD=hunter2hunter2", "", "api_\u212aey: " + mixed, "api_key:\n  " + mixed,
	"x\nSECRET=abcdefgh1\n", "Authorization: Bearer " + mixed, "authorization:\n bearer " + mixed,
	"postgres://u:p4ssw0rd@h/db", strings.Repeat("key ", 200) + "API_KEY=" + mixed, "eyJa.b.c", "sk-" + mixed,
}

// TestFarFromKeywords checks matches the former 768-byte windows around a
// keyword missed: a JWT whose payload runs past the window, an API key
// assignment far after its keyword's window, deep in large texts.
func TestFarFromKeywords(t *testing.T) {
	d := New()
	jwt := "eyJ" + "hbGciOiJIUzI1NiJ9." + strings.Repeat("eyJzdWIiOiIxIn0", 60) + ".abcDEF123_-"
	long := strings.Repeat("token key secret password api ", 3000)
	for _, tt := range []struct{ text, rule string }{
		{jwt, "jwt_token"},
		{long + "\n" + jwt + "\n" + long, "jwt_token"},
		{"api_key" + strings.Repeat(" ", 600) + "= " + mixed, "generic_api_key"},
	} {
		if f, ok := d.Check(tt.text); !ok || f.Rule != tt.rule {
			t.Errorf("%.40q: Check = %q, %v; want %s", tt.text, f.Rule, ok, tt.rule)
		}
		equivalent(t, d, tt.text)
	}
	// The line is the first match's, whichever keyword comes first in the
	// rule's list.
	text := "redis://:pw123456@cache:6379\n\npostgres://u:pw654321@db/x"
	if f, _ := d.Check(text); !strings.HasSuffix(f.Reason, "at line 1") {
		t.Errorf("reason %q, want line 1", f.Reason)
	}
}

// singles holds a detector for each rule alone, so that the keyword pass is
// checked rule by rule, not only for the first that matches.
var singles = sync.OnceValue(func() []*Detector {
	out := make([]*Detector, len(catalogue))
	for i, r := range catalogue {
		out[i] = newWith([]rule{r})
	}
	return out
})

// equivalent checks that first and findText give what the plain
// expressions give over the whole text (plainFirst, oldFindAll), for each
// rule alone and for the catalogue.
func equivalent(t *testing.T, d *Detector, text string) {
	t.Helper()
	for i := range d.rules {
		r := &d.rules[i]
		single := singles()[i]
		gk, ga := single.first(text)
		wk, wa := single.plainFirst(text)
		if gk != wk || (gk >= 0 && ga != wa) {
			t.Errorf("rule %s on %.60q: first = %d at %d; plain %d at %d", r.name, text, gk, ga, wk, wa)
		}
	}
	gk, ga := d.first(text)
	wk, wa := d.plainFirst(text)
	if gk != wk || (gk >= 0 && ga != wa) {
		t.Errorf("first(%.60q) = %d at %d; plain %d at %d", text, gk, ga, wk, wa)
	}
	if got, want := d.findText(text), d.oldFindAll(text); !slices.Equal(got, want) {
		t.Errorf("findText(%.60q) = %v; the plain search %v", text, got, want)
	}
}

// seeds are the fuzz seeds: the samples, the redaction cases, the shared
// corpus when $GUARD_CORPUS names it, and every keyword at the edges of the
// windows in the spellings case folding meets.
func seeds() []string {
	out := append(append([]string{}, samples...), redactionCases...)
	out = append(out, fuzzseed.Corpus()...)
	out = append(out, fuzzseed.Around(keywordList(), "key=ab ")...)
	out = append(out, fuzzseed.Around(samples, "\n")...)
	return append(out, fuzzseed.Around(redactionCases, "tok3n ")...)
}

// FuzzCheck is the equivalence test of the keyword pass: see equivalent.
func FuzzCheck(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	d := New()
	f.Fuzz(func(t *testing.T, text string) {
		equivalent(t, d, text)
		fd, ok := d.Check(text)
		if ok != (fd.Rule != "") || (ok && len(text) >= 8 && strings.Contains(fd.Reason, text)) {
			t.Fatalf("bad finding %+v for %q", fd, text)
		}
	})
}

func BenchmarkCheck(b *testing.B) {
	d := New()
	text := cleanText(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := d.Check(text); ok {
			b.Fatal("clean text flagged")
		}
	}
}

func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		New()
	}
}

// BenchmarkCheckProse is 1 MiB of ordinary prose without keywords: the
// prefilter alone decides.
func BenchmarkCheckProse(b *testing.B) {
	d := New()
	text := strings.Repeat("Refactor the handler so errors are wrapped with context, then run the tests again.\n", (1<<20)/84)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := d.Check(text); ok {
			b.Fatal("clean text flagged")
		}
	}
}

// TestSpelled checks each rule's spelled list against its pattern: the
// pattern is case-sensitive, each spelled form is one of its keywords in
// the pattern's case, and every match holds one of them.
func TestSpelled(t *testing.T) {
	for _, r := range catalogue {
		if len(r.spelled) == 0 {
			continue
		}
		if strings.Contains(r.pattern, "(?i") || len(r.keywords) != len(r.spelled) {
			t.Errorf("%s: spelled needs a case-sensitive pattern and one form per keyword", r.name)
			continue
		}
		for i, s := range r.spelled {
			if strings.ToLower(s) != r.keywords[i] || !strings.Contains(r.pattern, regexp.QuoteMeta(s)) && !strings.Contains(r.pattern, s) {
				t.Errorf("%s: spelled %q is not keyword %q as the pattern writes it", r.name, s, r.keywords[i])
			}
		}
	}
}

// TestNoEmptyMatch: regions hold every match only of expressions that
// match no empty string (detect.Alphabet).
func TestNoEmptyMatch(t *testing.T) {
	for _, r := range catalogue {
		if r.keyed {
			continue
		}
		if regexp.MustCompile(r.pattern).MatchString("") {
			t.Errorf("%s matches the empty string", r.name)
		}
	}
}

// TestNewIndexes: New's shortcuts (a rule's alphabet at its own index, the
// keywords in the order of words) give what looking each up gives, for the
// catalogue and for a list of other rules.
func TestNewIndexes(t *testing.T) {
	for _, rules := range [][]rule{catalogue, {catalogue[len(catalogue)-1], catalogue[0]}, catalogue[3:9]} {
		d := newWith(rules)
		want := make([][]int, len(words.Words))
		for i, r := range rules {
			j := slices.IndexFunc(catalogue, func(c rule) bool { return c.name == r.name })
			if d.rules[i].alpha != alphabets[j] {
				t.Errorf("rule %s: wrong alphabet", r.name)
			}
			for _, k := range r.keywords {
				w := slices.Index(words.Words, k)
				want[w] = append(want[w], i)
			}
		}
		for w := range want {
			if !slices.Equal(d.byWord[w], want[w]) {
				t.Errorf("word %q: rules %v, want %v", words.Words[w], d.byWord[w], want[w])
			}
		}
	}
}

// BenchmarkCheckHashes is 1 MiB of a list of commit hashes and names, a
// line each (git log --format='%H%n%an_%ae'): every line ends and starts
// with a token's characters, so every line end is one a broken token
// could be at.
func BenchmarkCheckHashes(b *testing.B) {
	d := New()
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		sum := sha256.Sum256([]byte(strconv.Itoa(i)))
		sb.WriteString(hex.EncodeToString(sum[:20]) + "\njane_doe_" + strconv.Itoa(i) + "_example_org\n")
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := d.Check(text); ok {
			b.Fatal("clean text flagged")
		}
	}
}
