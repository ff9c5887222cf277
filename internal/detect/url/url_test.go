package url

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// defaultBlocklist reads urls.blocklist of the embedded default policy.
func defaultBlocklist(t testing.TB) []string {
	t.Helper()
	b, err := os.ReadFile("../../policy/default.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		URLs struct {
			Blocklist []string `json:"blocklist"`
		} `json:"urls"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.URLs.Blocklist
}

func mustNew(t testing.TB, block, allow []string) *Detector {
	t.Helper()
	d, err := New(block, allow)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestEmbeddedForms checks the precomputed spellings against the targets.
func TestEmbeddedForms(t *testing.T) {
	n := map[string]int{}
	for _, e := range embedded {
		n[e.target]++
		a, ok := parseIP(e.form)
		if strings.Contains(e.form, "-") {
			a, ok = parseIP(strings.ReplaceAll(e.form, "-", "."))
		} else if !strings.Contains(e.form, ".") {
			a, ok = parseIP("0x" + e.form)
		}
		if !ok || a.String() != e.target {
			t.Errorf("form %q is %v, not %s", e.form, a, e.target)
		}
	}
	for _, target := range SSRFHosts() {
		if _, ok := parseIP(target); ok && n[target] != 3 {
			t.Errorf("target %s has %d embedded forms, want 3", target, n[target])
		}
	}
}

func TestSSRFHosts(t *testing.T) {
	want := []string{"169.254.169.254", "169.254.169.123", "100.100.100.200", "metadata.google.internal", "metadata.azure.com"}
	got := SSRFHosts()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SSRFHosts() = %v", got)
	}
	got[0] = "changed"
	if SSRFHosts()[0] != want[0] {
		t.Error("SSRFHosts returns the internal slice")
	}
}

// TestSSRF holds the metadata endpoints and their disguises, and look-alikes
// that must pass.
func TestSSRF(t *testing.T) {
	d := mustNew(t, nil, []string{"169.254.169.254", "metadata", "http"})
	tests := []struct {
		url, target string // target "" when allowed
	}{
		{"http://169.254.169.254/latest/meta-data/", "169.254.169.254"},
		{"http://169.254.169.123/", "169.254.169.123"},
		{"http://100.100.100.200/latest/meta-data/", "100.100.100.200"},
		{"http://metadata.google.internal/computeMetadata/v1/", "metadata.google.internal"},
		{"https://metadata.azure.com/metadata/instance", "metadata.azure.com"},
		{"HTTP://METADATA.GOOGLE.INTERNAL/", "metadata.google.internal"},
		{"http://metadata.google.internal./", "metadata.google.internal"},
		{"http://metadata/computeMetadata/v1/", "metadata.google.internal"},
		{"169.254.169.254/latest/meta-data", "169.254.169.254"},
		{"169.254.169.254", "169.254.169.254"},
		{"//169.254.169.254/", "169.254.169.254"},
		{"metadata.google.internal:80/x", "metadata.google.internal"},
		{"http:169.254.169.254", "169.254.169.254"},
		{"http:/169.254.169.254/", "169.254.169.254"},
		{"http://169.254.169.254:80/", "169.254.169.254"},
		{"http://user:pw@169.254.169.254/", "169.254.169.254"},
		{"http://x@y@169.254.169.254/", "169.254.169.254"},
		{`http://evil.example\@169.254.169.254/`, "169.254.169.254"},
		{`http:\\169.254.169.254\latest`, "169.254.169.254"},
		{"http://2852039166/", "169.254.169.254"},
		{"http://0xa9fea9fe/", "169.254.169.254"},
		{"http://0xA9.0xFE.0xA9.0xFE/", "169.254.169.254"},
		{"http://0251.0376.0251.0376/", "169.254.169.254"},
		{"http://169.254.43518/", "169.254.169.254"},
		{"http://169.16689662/", "169.254.169.254"},
		{"http://[::ffff:169.254.169.254]/", "169.254.169.254"},
		{"http://[::ffff:a9fe:a9fe]/", "169.254.169.254"},
		{"http://[0:0:0:0:0:ffff:169.254.169.254]:80/", "169.254.169.254"},
		{"http://[::169.254.169.254]/", "169.254.169.254"},
		{"http://[64:ff9b::a9fe:a9fe]/", "169.254.169.254"},
		{"http://[2002:a9fe:a9fe::1]/", "169.254.169.254"},
		{"http://[fd00:ec2::254]/latest/meta-data/", "169.254.169.254"},
		{"http://[fd00:ec2::254%25eth0]/", "169.254.169.254"},
		{"fd00:ec2::254", "169.254.169.254"},
		{"http://%31%36%39.254.169.254/", "169.254.169.254"},
		{"http://169。254。169。254/", "169.254.169.254"},
		{"http://169.254.169.254.nip.io/", "169.254.169.254"},
		{"http://169-254-169-254.sslip.io/", "169.254.169.254"},
		{"http://a9fea9fe.nip.io/", "169.254.169.254"},
		{"http://app-a9fea9fe.nip.io/", "169.254.169.254"},
		{"http://build-0a9fea9fe1.example/", ""},
		{"  http://169.254.169.254/\n", "169.254.169.254"},
		{"http://169.254.1\t69.254/", "169.254.169.254"},
		{"ws://100.100.100.200/", "100.100.100.200"},

		{"http://169.254.169.25/", ""},
		{"http://169.254.169.2540/", ""},
		{"https://metadata.example.com/", ""},
		{"https://google.internal/", ""},
		{"https://docs.example.com/metadata.google.internal", ""},
		{"https://go.dev/?q=169.254.169.254", ""},
		{"http://[::1]/", ""},
		{"", ""},
	}
	for _, tt := range tests {
		f, ok := d.Check(tt.url)
		if tt.target == "" {
			if ok {
				t.Errorf("Check(%q) = %s: %s", tt.url, f.Rule, f.Reason)
			}
			continue
		}
		if !ok || f.Rule != "ssrf_protection" || !strings.HasSuffix(f.LogReason, "endpoint "+tt.target) {
			t.Errorf("Check(%q) = %q %q, %v; want ssrf_protection of %s", tt.url, f.Rule, f.LogReason, ok, tt.target)
		}
	}
}

// TestDefaultBlocklist holds a true and a false positive for every default
// blocklist entry.
func TestDefaultBlocklist(t *testing.T) {
	list := defaultBlocklist(t)
	if len(list) < 20 {
		t.Fatalf("default blocklist has %d entries, want at least 20", len(list))
	}
	d := mustNew(t, list, nil)
	for _, e := range list {
		if err := ValidateDomain(e); err != nil {
			t.Errorf("ValidateDomain(%q) = %v", e, err)
		}
		for _, u := range []string{"https://" + e + "/x", "https://abc." + strings.ToUpper(e) + "/", "http://" + e + ".:8080"} {
			if f, ok := d.Check(u); !ok || f.Rule != "blocked_domain" || !strings.HasSuffix(f.Reason, "blocked domain '"+e+"'") {
				t.Errorf("Check(%q) = %q, %v", u, f.Reason, ok)
			}
		}
		for _, u := range []string{"https://not" + e + "/", "https://" + e + ".example.org/", "https://docs.example.org/" + e} {
			if f, ok := d.Check(u); ok {
				t.Errorf("Check(%q) blocked: %s", u, f.Reason)
			}
		}
	}
	for _, u := range []string{"https://go.dev/doc/", "https://github.com/golang/go", "https://pkg.go.dev/net/url", "https://api.example.com/v1"} {
		if f, ok := d.Check(u); ok {
			t.Errorf("Check(%q) blocked: %s", u, f.Reason)
		}
	}
}

func TestBlocklistSemantics(t *testing.T) {
	d := mustNew(t, []string{"Example.TLD", "*.wild.tld", "203.0.113.7"}, nil)
	tests := []struct {
		url  string
		want bool
	}{
		{"https://example.tld/", true},
		{"https://a.b.EXAMPLE.tld/", true},
		{"https://badexample.tld/", false},
		{"https://wild.tld/", true},
		{"https://x.wild.tld/", true},
		{"https://wild.tld.evil/", false},
		{"http://203.0.113.7/", true},
		{"http://0xcb007107/", true},
		{"http://203.0.113.70/", false},
		{"example.tld/path", true},
	}
	for _, tt := range tests {
		if _, got := d.Check(tt.url); got != tt.want {
			t.Errorf("Check(%q) = %v, want %v", tt.url, got, tt.want)
		}
	}
}

func TestAllowlist(t *testing.T) {
	d := mustNew(t, []string{"pastebin.com"}, []string{"pastebin.com/raw/TeamNotes"})
	if f, ok := d.Check("https://PASTEBIN.com/raw/teamnotes"); ok {
		t.Errorf("allowlisted URL blocked: %s", f.Reason)
	}
	if _, ok := d.Check("https://pastebin.com/raw/other"); !ok {
		t.Error("other paste allowed")
	}
	// The allowlist never beats SSRF.
	d = mustNew(t, nil, []string{"169.254.169.254", "latest"})
	if f, ok := d.Check("http://169.254.169.254/latest/"); !ok || f.Rule != "ssrf_protection" {
		t.Errorf("allowlist overrode SSRF: %+v", f)
	}
}

func TestFindingFields(t *testing.T) {
	d := mustNew(t, []string{"pastebin.com"}, nil)
	f, _ := d.Check("https://pastebin.com/raw/s3cr3t")
	want := event.Finding{Detector: event.DetectorURLs, Rule: "blocked_domain", Severity: "high",
		Reason:    "url host 'pastebin.com' matches blocked domain 'pastebin.com'",
		LogReason: "url " + event.Redacted + " matches blocked domain 'pastebin.com'"}
	if f != want {
		t.Errorf("finding = %+v", f)
	}
	f, _ = d.Check("http://user:hunter2@169.254.169.254/latest/meta-data/iam")
	if f.Reason != "url host '169.254.169.254' is the cloud metadata endpoint 169.254.169.254" ||
		f.LogReason != "url "+event.Redacted+" is the cloud metadata endpoint 169.254.169.254" {
		t.Errorf("finding = %+v", f)
	}
	f, _ = d.Check("https://a\x1b[31m.pastebin.com/")
	if want := `url host 'a\x1b[31m.pastebin.com' matches blocked domain 'pastebin.com'`; f.Reason != want {
		t.Errorf("control characters not escaped: Reason = %q, want %q", f.Reason, want)
	}
}

func TestValidateDomain(t *testing.T) {
	for _, ok := range []string{"pastebin.com", "*.ngrok.io", "Example.TLD", "example.tld.", "0x0.st", "203.0.113.7", "fd00::1", "xn--bcher-kva.example", "bücher.example", "a_b.example"} {
		if err := ValidateDomain(ok); err != nil {
			t.Errorf("ValidateDomain(%q) = %v", ok, err)
		}
	}
	bad := map[string]string{
		"":                                "empty",
		"*.":                              "empty",
		"*":                               "not allowed",
		"https://example.com":             "not a host name",
		"example.com/path":                "not a host name",
		"example.com:443":                 "not a host name",
		"a..b":                            "empty label",
		"exa mple.com":                    "not a host name",
		"ex!ample.com":                    "not allowed",
		strings.Repeat("a", 64) + ".com":  "longer than 63",
		strings.Repeat("a.", 127) + "com": "longer than 253",
	}
	for e, want := range bad {
		if err := ValidateDomain(e); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ValidateDomain(%q) = %v, want %q", e, err, want)
		}
	}
	if _, err := New([]string{"ok.example", "http://x"}, nil); err == nil || !strings.Contains(err.Error(), "blocklist entry 1") {
		t.Errorf("New error = %v", err)
	}
	if _, err := New(nil, []string{" "}); err == nil || !strings.Contains(err.Error(), "allowlist entry 0: empty") {
		t.Errorf("New error = %v", err)
	}
}

func FuzzHosts(f *testing.F) {
	for _, s := range []string{"http://169.254.169.254/", `http://a\@b@[::ffff:1.2.3.4%25x]:80/`, "0x.0x.0x.0x", "http://[", "%zz", "metadata.", "ſ", "2002::"} {
		f.Add(s)
	}
	d := mustNew(f, defaultBlocklist(f), nil)
	f.Fuzz(func(t *testing.T, raw string) {
		for _, h := range hosts(raw) {
			if h == "" || strings.HasSuffix(h, ".") {
				t.Fatalf("hosts(%q) holds %q", raw, h)
			}
			if a, ok := parseIP(h); ok && !a.IsValid() {
				t.Fatalf("parseIP(%q) invalid", h)
			}
		}
		fd, ok := d.Check(raw)
		if ok && fd.Rule != "ssrf_protection" && fd.Rule != "blocked_domain" {
			t.Fatalf("rule %q", fd.Rule)
		}
		if ok && !strings.Contains(fd.LogReason, event.Redacted) {
			t.Fatalf("LogReason %q", fd.LogReason)
		}
		_ = ValidateDomain(raw)
	})
}

func BenchmarkCheck(b *testing.B) {
	d := mustNew(b, defaultBlocklist(b), nil)
	urls := []string{"https://go.dev/doc/effective_go", "https://api.github.com/repos/golang/go/issues?state=open", "http://169.254.169.254/latest/", "https://x.ngrok-free.app/hook"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		d.Check(urls[i%len(urls)])
	}
}
