package url

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"reflect"
	"slices"
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
	for _, e := range embedded() {
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
		if a, ok := parseIP(target); ok && a.Is4() && n[target] != 3 {
			t.Errorf("target %s has %d embedded forms, want 3", target, n[target])
		}
	}
}

func TestSSRFHosts(t *testing.T) {
	want := []string{"169.254.169.254", "169.254.169.123", "100.100.100.200", "metadata.google.internal", "metadata.azure.com"}
	got := SSRFHosts()
	if !reflect.DeepEqual(got[:5], want) {
		t.Errorf("SSRFHosts() = %v, want the spec's five first", got)
	}
	for _, tg := range SSRFTargets() {
		if tg.Why == "" {
			t.Errorf("target %s has no reason", tg.Host)
		}
		if a, err := netip.ParseAddr(tg.Host); err == nil && a.String() != tg.Host {
			t.Errorf("target %s is not in canonical form %s", tg.Host, a)
		}
	}
	for alias, target := range Aliases() {
		if !slices.Contains(got, target) {
			t.Errorf("alias %s names %s, not a target", alias, target)
		}
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
	if f, ok := d.Check("https://PASTEBIN.com/raw/TeamNotes"); ok {
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
	f, _ = d.Check("https://a\x1b[31m.pastebin.com/") // [ is no host character
	if want := `url host 'a\x1b[31m.pastebin.com' is not a host name URL clients can map (so where it leads cannot be checked)`; f.Reason != want {
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
		if ok && fd.Rule != "ssrf_protection" && fd.Rule != "blocked_domain" && fd.Rule != "invalid_url_host" {
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

// TestMappedHosts covers issue 11 item 2: hosts are checked as URL clients
// map them (UTS #46), before every check.
func TestMappedHosts(t *testing.T) {
	d := mustNew(t, defaultBlocklist(t), []string{"github.com/my-org/"})
	tests := []struct {
		url, rule, target string // target: the SSRF endpoint or blocklist entry named in LogReason
	}{
		{"http://①⑥⑨.②⑤④.①⑥⑨.②⑤④/latest/meta-data/", "ssrf_protection", "169.254.169.254"},
		{"http://１６９．２５４．１６９．２５４/latest/meta-data/", "ssrf_protection", "169.254.169.254"},
		{"http://ｍｅｔａｄａｔａ.google.internal/computeMetadata/v1/", "ssrf_protection", "metadata.google.internal"},
		{"http://ⓜⓔⓣⓐⓓⓐⓣⓐ.ⓖⓞⓞⓖⓛⓔ.ⓘⓝⓣⓔⓡⓝⓐⓛ/", "ssrf_protection", "metadata.google.internal"},
		{"http://METADATA.GOOGLE.INTERNAL./", "ssrf_protection", "metadata.google.internal"},
		{"http://%E2%91%A0%E2%91%A5%E2%91%A8.254.169.254/", "ssrf_protection", "169.254.169.254"}, // percent-encoded ①⑥⑨
		{"https://ｐａｓｔｅｂｉｎ.com/raw/x", "blocked_domain", "pastebin.com"},
		{"https://paste\u00adbin.com/raw/x", "blocked_domain", "pastebin.com"}, // soft hyphen is ignored
		{"https://paste%C2%ADbin.com/raw/x", "blocked_domain", "pastebin.com"},
		{"https://PASTEBİN.com/", "", ""}, // İ maps to i̇, another name
		{"https://ＰＡＳＴＥＢＩＮ．ＣＯＭ/", "blocked_domain", "pastebin.com"},
		{"https://xn--bcher-kva.example/", "", ""},
		{"https://paste\u200dbin.com/", "invalid_url_host", ""}, // browsers refuse the joiner; older clients drop it
		{"http://169.254.169.254\u200d/", "ssrf_protection", "169.254.169.254"},
		{"https://xn--zz.example/", "invalid_url_host", ""},                          // broken punycode
		{"https://evil．com／@169.254.169.254/", "ssrf_protection", "169.254.169.254"}, // the real host is after @
		{"https://ｅｖｉｌ.com／x/", "invalid_url_host", ""},                              // maps to a solidus
		{"https://bücher.example/", "", ""},
		{"https://r3---sn-apo3qvuoxuxbt-j5pe.googlevideo.com/", "", ""}, // hyphens as browsers accept them
		{"https://my_host.example/", "", ""},
		{"https://paste" + strings.Repeat("\u00ad", 1000) + "bin.com/", "blocked_domain", "pastebin.com"},
		{"https://paste" + strings.Repeat("\u00ad", 2000) + "bin.com/", "invalid_url_host", ""}, // too long to map: blocked, not skipped
	}
	for _, tt := range tests {
		f, ok := d.Check(tt.url)
		if tt.rule == "" {
			if ok {
				t.Errorf("Check(%q) = %s: %s", tt.url, f.Rule, f.Reason)
			}
			continue
		}
		if !ok || f.Rule != tt.rule || !strings.Contains(f.LogReason, tt.target) {
			t.Errorf("Check(%q) = %q %q, %v; want %s %s", tt.url, f.Rule, f.LogReason, ok, tt.rule, tt.target)
		}
		if strings.Contains(f.LogReason, tt.url) {
			t.Errorf("LogReason quotes the URL: %q", f.LogReason)
		}
	}
}

// TestNumericHosts covers the numeric spellings of item 2: values past a
// part's size that clients wrap, and the added metadata addresses.
func TestNumericHosts(t *testing.T) {
	d := mustNew(t, nil, nil)
	tests := []struct{ url, target string }{
		{"http://7147006462/", "169.254.169.254"}, // 2^32 + 2852039166
		{"http://425.510.425.510/", "169.254.169.254"},
		{"http://0x41414141A9FEA9FE/", "169.254.169.254"},
		{"http://0x1a9fea9fe/", "169.254.169.254"},
		{"http://169.254.169.65790/", "169.254.169.254"}, // 65790 = 256 + 65534: the last part wraps at 2^8
		{"http://１６９.２５４.１７０.２/v2/credentials/", "169.254.170.2"},
		{"http://169.254.170.2/v2/credentials/x", "169.254.170.2"},
		{"http://169.254.170.23/v1/credentials", "169.254.170.23"},
		{"http://[fd00:ec2::23]/v1/credentials", "169.254.170.23"},
		{"http://[fd00:ec2::123]/", "169.254.169.123"},
		{"http://192.0.0.192/latest/", "192.0.0.192"},
		{"http://168.63.129.16/machine?comp=goalstate", "168.63.129.16"},
		{"http://169.254.42.42/conf", "169.254.42.42"},
		{"http://[fd00:42::42]/conf", "169.254.42.42"},
		{"http://instance-data/latest/meta-data/", "169.254.169.254"},
		{"https://api.metadata.cloud.ibm.com/instance_identity/v1/token", "api.metadata.cloud.ibm.com"},
		{"http://metadata.tencentyun.com/latest/meta-data/", "metadata.tencentyun.com"},
		{"https://metadata.packet.net/userdata", "metadata.platformequinix.com"},
		{"https://metadata.platformequinix.com/metadata", "metadata.platformequinix.com"},
		{"http://rancher-metadata/latest", "rancher-metadata"},
		{"http://c00000c0.nip.io/", "192.0.0.192"}, // hex form inside a wildcard-DNS name
		{"jar:http://169.254.169.254!/", "169.254.169.254"},
		{"view-source:http://169.254.170.2/", "169.254.170.2"},
		{"http://[::ffff:169.254.170.2]/", "169.254.170.2"},
		{"http://169.254.170.2./", "169.254.170.2"},
		{"http://user@169.254.170.2:80/", "169.254.170.2"},
		{"http://169.254.170.%32/", "169.254.170.2"},
	}
	for _, tt := range tests {
		f, ok := d.Check(tt.url)
		if !ok || f.Rule != "ssrf_protection" || !strings.HasSuffix(f.LogReason, "endpoint "+tt.target) {
			t.Errorf("Check(%q) = %q %q, %v; want ssrf_protection of %s", tt.url, f.Rule, f.LogReason, ok, tt.target)
		}
	}
	for _, u := range []string{"http://4294967295/", "http://1.2.3.4/", "http://10.0.0.1/", "http://99999999999999999999999999999999999999999999999999999999999999999999/", "http://169.254.170.20/", "https://metadata.example/"} {
		if f, ok := d.Check(u); ok {
			t.Errorf("Check(%q) = %s: %s", u, f.Rule, f.Reason)
		}
	}
}

// TestAllowlistReadsTheDestination: an allowlist entry must be in the part
// of the URL that decides where the request goes, not in user info, query
// or fragment; an entry with a scheme matches from the start.
func TestAllowlistReadsTheDestination(t *testing.T) {
	d := mustNew(t, []string{"pastebin.com"}, []string{"github.com", "https://pastebin.com/raw/ok"})
	tests := []struct {
		url     string
		allowed bool
	}{
		{"https://github.com/x", true},
		{"https://pastebin.com/raw/ok", true},
		{"https://pastebin.com/raw/ok/more", true},
		{"https://github.com@pastebin.com/raw/x", false},           // user info
		{"https://pastebin.com/raw/x?u=github.com", false},         // query
		{"https://pastebin.com/raw/x#github.com", false},           // fragment
		{`https://github.com\@pastebin.com/raw/x`, false},          // a reading lands on pastebin
		{"https://evil.example/https://pastebin.com/raw/ok", true}, // not blocked anyway
		{"https://x.pastebin.com/https://pastebin.com/raw/ok", false},
	}
	for _, tt := range tests {
		f, blocked := d.Check(tt.url)
		if blocked == tt.allowed {
			t.Errorf("Check(%q) blocked = %v (%s), want allowed = %v", tt.url, blocked, f.Reason, tt.allowed)
		}
	}
}

// TestUnicodeBlocklistEntry: a blocklist entry written in Unicode blocks
// its punycode and look-alike spellings.
func TestUnicodeBlocklistEntry(t *testing.T) {
	d := mustNew(t, []string{"bücher.example"}, nil)
	for _, u := range []string{"https://xn--bcher-kva.example/", "https://BÜCHER.example/", "https://shop.bu\u0308cher.example/"} {
		if _, ok := d.Check(u); !ok {
			t.Errorf("Check(%q) allowed", u)
		}
	}
	if err := ValidateDomain("xn--zz.example"); err == nil {
		t.Error("ValidateDomain accepts broken punycode")
	}
}

// TestErrTooLong keeps errTooLong's constant text in step with
// maxMappedHost.
func TestErrTooLong(t *testing.T) {
	if want := fmt.Sprintf("longer than %d bytes before mapping", maxMappedHost); errTooLong.Error() != want {
		t.Fatalf("errTooLong %q, want %q", errTooLong, want)
	}
}
