package outbound

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://user:pass@hooks.example/path?token=s3cret#frag", "https://hooks.example/path"},
		{"https://hooks.example/guard", "https://hooks.example/guard"},
		{"http://127.0.0.1:8080/x?", "http://127.0.0.1:8080/x"},
		{"s3cret-token-pasted-here", "(url)"},
		{"", "(url)"},
		// Secrets in the path (chat webhooks) are hidden, short segments kept.
		{"https://hooks.slack.example/services/T0123ABCD/B0123ABCD/aBcDeFgHiJkLmNoPqRsTuVwX", "https://hooks.slack.example/services/T0123ABCD/B0123ABCD/…"},
		{"https://chat.example/api/webhooks/123456789012345678/s3cretTOKENs3cretTOKEN", "https://chat.example/api/webhooks/…/…"},
		{"https://h.example/%2e%2e/abcdefghijklmnop", "https://h.example/%2e%2e/…"},
		{"https://h.example", "https://h.example"},
		{"https://h.example/team/rules.json", "https://h.example/team/rules.json"},
	}
	for _, tt := range tests {
		if got := URL(tt.in, "(url)"); got != tt.want {
			t.Errorf("URL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestErrorText(t *testing.T) {
	withURL := &url.Error{Op: "Post", URL: "https://u:s3cret@h.example/?k=s3cret", Err: errors.New("connection refused")}
	if got := ErrorText(withURL, time.Second); strings.Contains(got, "s3cret") || got != "connection refused" {
		t.Errorf("ErrorText kept the URL: %q", got)
	}
	timeout := &url.Error{Op: "Post", URL: "https://h.example", Err: context.DeadlineExceeded}
	if got := ErrorText(timeout, 500*time.Millisecond); got != "timed out after 500ms" {
		t.Errorf("time-out: %q", got)
	}
}
