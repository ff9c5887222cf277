package url

import (
	"strings"
	"testing"
)

// TestAllowlistByShape: an entry is matched against the URL's host (and its
// port and path only when the entry has them), never against text the
// attacker writes anywhere else.
func TestAllowlistByShape(t *testing.T) {
	d := mustNew(t, defaultBlocklist(t), []string{
		"github.com", "*.example.com", "pastebin.com/raw/teamnotes", "https://webhook.site/abc/",
		"ngrok.io:8443", "https://*.loca.lt", "203.0.113.7",
	})
	tests := []struct {
		url     string
		allowed bool
	}{
		// F12's reproductions, and the other places an entry must not be read.
		{"https://attacker.ngrok.io/github.com", false},
		{"https://webhook.site/github.com/x", false},
		{"https://github.com.attacker.ngrok.io/x", false},
		{"https://github.com@pastebin.com/x", false},
		{"https://pastebin.com/raw/x?u=github.com", false},
		{"https://pastebin.com/#github.com", false},
		{`https://github.com\@pastebin.com/x`, false},
		{`https://pastebin.com\github.com`, false},
		{"https://pastebin.com/%67ithub.com", false},
		{"https://evil-github.com.ngrok.io/", false},
		{"https://xgithub.com.ngrok.io/", false},
		{"https://pastebin.com/raw/teamnotesx", false},
		{"https://pastebin.com/raw/other/../teamnotes2", false},
		{"https://pastebin.com/raw/teamnotes/../../x", false},
		{"https://pastebin.com/raw/teamnotes/%2e%2e/x", false},
		{"https://pastebin.com/raw/x/teamnotes", false},
		{"http://webhook.site/abc/x", false},          // the entry's scheme is https
		{"https://webhook.site/abcd", false},          // a prefix ends at a segment
		{"https://webhook.site.ngrok.io/abc/", false}, // an entry with a scheme: its host only
		{"https://x.ngrok.io/", false},                // port entry: other ports
		{"https://x.ngrok.io:8444/", false},
		{"https://loca.lt.pastebin.com/", false},
		// Allowed: the forms the spec and POLICY.md document.
		{"https://github.com/x", true},
		{"https://GITHUB.com/x", true},
		{"https://api.github.com/repos", true},
		{"github.com/x", true},
		{"https://github.com:8443/", true},
		{"https://ｇｉｔｈｕｂ.com/", true},
		{"https://a.example.com/", true},
		{"https://PASTEBIN.com/raw/teamnotes", true},
		{"https://pastebin.com/raw/TeamNotes", false}, // paths compare exactly
		{"https://pastebin.com/raw/teamnotes/", true},
		{"https://pastebin.com/raw/teamnotes/more?x=1", true},
		{"https://pastebin.com/raw/x/../teamnotes", true},
		{"https://webhook.site/abc/x", true},
		{"https://x.ngrok.io:8443/", true},
		{"https://a.loca.lt/", true},
		{"http://203.0.113.7/", true},
		{"http://3405803783/", true}, // 203.0.113.7 in decimal
	}
	for _, tt := range tests {
		f, blocked := d.Check(tt.url)
		if blocked == tt.allowed {
			t.Errorf("Check(%q) blocked = %v (%s), want allowed = %v", tt.url, blocked, f.Reason, tt.allowed)
		}
	}
}

func TestValidateAllowEntry(t *testing.T) {
	for _, ok := range []string{"github.com", "*.example.com", "example.com/path", "https://github.com/my-org/", "example.com:8080", "203.0.113.7", "[fd00::1]:80", "latest", "bücher.example/x"} {
		if err := ValidateAllowEntry(ok); err != nil {
			t.Errorf("ValidateAllowEntry(%q) = %v", ok, err)
		}
	}
	bad := map[string]string{
		"":                 "empty",
		"github.com?x":     "query",
		"user@github.com":  "user info",
		"github.com#x":     "fragment",
		`github.com\x`:     "user info",
		"ht tp://x":        "user info",
		"1x://github.com":  "not a scheme",
		"github.com:https": "not a number",
		"*":                "not allowed",
		"://github.com":    "not a scheme",
		"https://":         "empty",
		"a..b/x":           "empty label",
	}
	for e, want := range bad {
		if err := ValidateAllowEntry(e); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ValidateAllowEntry(%q) = %v, want %q", e, err, want)
		}
	}
}

// TestAllowPathReadOneWay: a path-scoped entry applies only to a path
// servers read one way and compares it case-sensitively.
func TestAllowPathReadOneWay(t *testing.T) {
	d := mustNew(t, defaultBlocklist(t), []string{"https://webhook.site/docs", "pastebin.com/MyOrg"})
	tests := []struct {
		url     string
		allowed bool
	}{
		{"https://webhook.site/docs/..%2Fabc", false},
		{"https://webhook.site/docs/..%2f..%2fabc", false},
		{"https://webhook.site/docs/x%2F..%2F..%2Fabc", false},
		{"https://webhook.site/docs/%2e%2e%2fabc", false},
		{"https://webhook.site/docs/%252e%252e/abc", false},
		{"https://webhook.site/docs/%c0%ae%c0%ae/abc", false},
		{"https://webhook.site/docs/%5c..%5cabc", false},
		{"https://webhook.site/docs/..;/abc", false},
		{"https://webhook.site/docs//../abc", false},
		{"https://webhook.site/docs/．．/abc", false},
		{"https://webhook.site/docs/x%", false},
		{"https://webhook.site/DOCS/x", false},
		{"https://webhook.site/Docs", false},
		{"https://webhook.site/abc", false},
		{"https://pastebin.com/myorg/x", false},
		{"https://webhook.site/docs/x", true},
		{"https://WEBHOOK.site/docs/x", true},
		{"HTTPS://webhook.site/docs/a%20b", true},
		{"https://webhook.site/%64ocs/x", true}, // an unreserved escape is the letter
		{"https://webhook.site/docs/x/../y", true},
		{"https://pastebin.com/MyOrg/x", true},
		{"https://PASTEBIN.com/MyOrg", true},
	}
	for _, tt := range tests {
		f, blocked := d.Check(tt.url)
		if blocked == tt.allowed {
			t.Errorf("Check(%q) blocked = %v (%s), want allowed = %v", tt.url, blocked, f.Reason, tt.allowed)
		}
	}
	for _, bad := range []string{"example.org/a%2Fb", "example.org/%2e%2e/x", "example.org/a//b"} {
		if err := ValidateAllowEntry(bad); err == nil {
			t.Errorf("ValidateAllowEntry(%q) = nil, want an error", bad)
		}
	}
}

func FuzzAllowEntry(f *testing.F) {
	for _, s := range []string{"github.com", "https://*.x.y:1/a/../b", "[::1]:80", "%2e%2e", "x.y/./."} {
		f.Add(s, "https://github.com/a/b")
	}
	f.Fuzz(func(t *testing.T, entry, raw string) {
		d, err := New(nil, []string{entry})
		if err != nil {
			return
		}
		d.Check(raw)
		if p, ok := plainPath(raw); ok && !strings.HasPrefix(p, "/") {
			t.Fatalf("plainPath(%q) = %q", raw, p)
		}
		if p := cleanPath(raw); !strings.HasPrefix(p, "/") {
			t.Fatalf("cleanPath(%q) = %q", raw, p)
		}
	})
}
