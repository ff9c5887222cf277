package webhook

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// received is one request as the receiver saw it.
type received struct {
	method, contentType, auth, sig string
	body                           []byte
}

// receiver records requests and answers with status (200 by default).
type receiver struct {
	mu     sync.Mutex
	got    []received
	status int
}

func (rv *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rv.mu.Lock()
	rv.got = append(rv.got, received{r.Method, r.Header.Get("Content-Type"), r.Header.Get("Authorization"), r.Header.Get(SignatureHeader), body})
	status := rv.status
	rv.mu.Unlock()
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
}

func (rv *receiver) requests() []received {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	return append([]received(nil), rv.got...)
}

func tlsReceiver(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	s := httptest.NewTLSServer(h)
	t.Cleanup(s.Close)
	return s
}

var rec = event.Record{
	TS: "2026-11-21T16:00:00.123Z", Hook: "PreToolUse", Verdict: "block", Rule: "dangerous_rm",
	Reason: "matched /rm/ in '<redacted>'", User: "alice", Host: "box", Repo: "org/repo",
	InputHash: strings.Repeat("ab", 32), PrevHash: strings.Repeat("0", 64), TokensIn: 3, PolicyVersion: "1.0.0",
	Agent: "a", Event: "PreToolUse", Tool: "Bash",
}

const wantBody = `{"ts":"2026-11-21T16:00:00.123Z","hook":"PreToolUse","verdict":"block","rule":"dangerous_rm",` +
	`"reason":"matched /rm/ in '<redacted>'","input_hash":"` +
	"abababababababababababababababababababababababababababababababab" + `"}`

// verify is what a receiver does: recompute the HMAC of the exact body and
// compare in constant time.
func verify(body []byte, header string, secret []byte) bool {
	hexSig, ok := strings.CutPrefix(header, "sha256=")
	if !ok {
		return false
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil {
		return false
	}
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return hmac.Equal(got, m.Sum(nil))
}

func TestSendHeaders(t *testing.T) {
	tests := []struct {
		name   string
		token  string
		secret []byte
	}{
		{"token and signature", "Bearer t0ken", []byte("s3cret")},
		{"token only", "t0ken", nil},
		{"signature only", "", []byte("s3cret")},
		{"neither", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rv := &receiver{}
			s := tlsReceiver(t, rv)
			c := Config{URL: s.URL + "/hook", Token: tc.token, Secret: tc.secret, Transport: s.Client().Transport}
			if err := Send(c, PayloadOf(rec)); err != nil {
				t.Fatal(err)
			}
			got := rv.requests()
			if len(got) != 1 {
				t.Fatalf("%d requests", len(got))
			}
			r := got[0]
			if r.method != http.MethodPost || r.contentType != "application/json" {
				t.Errorf("%s with Content-Type %q", r.method, r.contentType)
			}
			if string(r.body) != wantBody {
				t.Errorf("body\n%s\nwant\n%s", r.body, wantBody)
			}
			if r.auth != tc.token {
				t.Errorf("Authorization %q, want %q", r.auth, tc.token)
			}
			if tc.secret == nil {
				if r.sig != "" {
					t.Errorf("signature %q without a secret", r.sig)
				}
			} else if !verify(r.body, r.sig, tc.secret) || verify(r.body, r.sig, []byte("other")) {
				t.Errorf("signature %q does not verify", r.sig)
			}
		})
	}
}

func TestSendFailures(t *testing.T) {
	release := make(chan struct{})
	slow := tlsReceiver(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // so the server notices the client hang up
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(func() { close(release) }) // runs before the servers close
	failing := tlsReceiver(t, &receiver{status: http.StatusInternalServerError})
	target := &receiver{}
	other := tlsReceiver(t, target)
	redirecting := tlsReceiver(t, http.RedirectHandler(other.URL+"/elsewhere", http.StatusTemporaryRedirect))
	dead := httptest.NewTLSServer(http.NotFoundHandler())
	dead.Close()
	untrusted := tlsReceiver(t, &receiver{})

	tests := []struct {
		name string
		url  string
		rt   http.RoundTripper
		want string
	}{
		{"slow receiver", slow.URL, slow.Client().Transport, "timed out after 50ms"},
		{"error status", failing.URL, failing.Client().Transport, "server answered 500 Internal Server Error"},
		{"redirect", redirecting.URL, redirecting.Client().Transport, "307 Temporary Redirect (redirects are not followed)"},
		{"dead receiver", dead.URL, dead.Client().Transport, "connect"},
		{"untrusted certificate", untrusted.URL, nil, "certificate"},
		{"plain http elsewhere", "http://hooks.example/x", nil, "https only"},
		{"not a URL", "hooks", nil, "not an absolute URL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			timeout := 10 * time.Second
			if tc.name == "slow receiver" {
				timeout = 50 * time.Millisecond
			}
			c := Config{URL: tc.url + "?key=q-secret", Token: "tok-secret", Secret: []byte("hmac-secret"), Timeout: timeout, Transport: tc.rt}
			err := Send(c, PayloadOf(rec))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Send = %v, want %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("message %q shows a secret", err)
			}
		})
	}
	if n := len(target.requests()); n != 0 {
		t.Errorf("the redirect was followed (%d requests)", n)
	}
}

func TestSendPlainHTTPToLoopback(t *testing.T) {
	rv := &receiver{}
	s := httptest.NewServer(rv)
	t.Cleanup(s.Close)
	if err := Send(Config{URL: s.URL}, PayloadOf(rec)); err != nil {
		t.Fatal(err)
	}
	local := strings.Replace(s.URL, "127.0.0.1", "localhost", 1)
	if err := Send(Config{URL: local}, PayloadOf(rec)); err != nil {
		t.Fatal(err)
	}
	if len(rv.requests()) != 2 {
		t.Errorf("%d requests", len(rv.requests()))
	}
}

func TestNotify(t *testing.T) {
	rv := &receiver{}
	s := httptest.NewServer(rv)
	t.Cleanup(s.Close)
	t.Setenv("GUARD_TEST_WEBHOOK_SECRET", "from-env")
	secret := "$GUARD_TEST_WEBHOOK_SECRET"
	on := policy.Webhook{Enabled: true, URL: s.URL, HMACSecret: &secret, TimeoutMS: 500}
	allow := rec
	allow.Verdict, allow.Rule, allow.Reason = "allow", "", ""

	var stderr bytes.Buffer
	Notify(policy.Webhook{URL: s.URL, TimeoutMS: 500}, rec, &stderr) // disabled
	Notify(on, allow, &stderr)                                       // an allow is never sent
	if n := len(rv.requests()); n != 0 || stderr.Len() != 0 {
		t.Fatalf("%d requests, stderr %q", n, stderr.String())
	}
	Notify(on, rec, &stderr)
	got := rv.requests()
	if len(got) != 1 || stderr.Len() != 0 {
		t.Fatalf("%d requests, stderr %q", len(got), stderr.String())
	}
	if !verify(got[0].body, got[0].sig, []byte("from-env")) {
		t.Errorf("signature %q is not made with the $VAR secret", got[0].sig)
	}

	// A failure is one line on stderr.
	rv.mu.Lock()
	rv.status = http.StatusBadGateway
	rv.mu.Unlock()
	Notify(on, rec, &stderr)
	if line := stderr.String(); !strings.HasPrefix(line, "[guard] webhook: ") || strings.Count(line, "\n") != 1 ||
		!strings.Contains(line, "502") || strings.Contains(line, "from-env") {
		t.Errorf("stderr %q", line)
	}
	stderr.Reset()
	t.Setenv("GUARD_TEST_WEBHOOK_SECRET", "")
	Notify(on, rec, &stderr)
	if line := stderr.String(); !strings.Contains(line, "GUARD_TEST_WEBHOOK_SECRET, which is not set") {
		t.Errorf("unset secret variable: stderr %q", line)
	}
}

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://hooks.example/x", "https://hooks.example/x"},
		{"https://user:pw@hooks.example/x?key=1#f", "https://hooks.example/x"},
		{"https://hooks.example/x?", "https://hooks.example/x"},
		{"::", "webhook.url"},
	}
	for _, tc := range tests {
		if got := Redact(tc.in); got != tc.want {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// BenchmarkNotifyDisabled is the hook path's cost of a disabled webhook.
func BenchmarkNotifyDisabled(b *testing.B) {
	for b.Loop() {
		Notify(policy.Webhook{}, rec, io.Discard)
	}
}

func TestConfigOf(t *testing.T) {
	str := func(s string) *string { return &s }
	env := map[string]string{"HOOK_SECRET": "from-env"}
	getenv := func(k string) string { return env[k] }
	tests := []struct {
		name       string
		w          policy.Webhook
		token      string
		secret     string // "" means none
		timeout    time.Duration
		wantErrSub string
	}{
		{"null token and secret", policy.Webhook{TimeoutMS: 500}, "", "", 500 * time.Millisecond, ""},
		{"empty token sends none", policy.Webhook{Token: str(""), TimeoutMS: 1}, "", "", time.Millisecond, ""},
		{"token verbatim", policy.Webhook{Token: str("Bearer  x "), TimeoutMS: 500}, "Bearer  x ", "", 500 * time.Millisecond, ""},
		{"literal secret", policy.Webhook{HMACSecret: str("lit"), TimeoutMS: 2000}, "", "lit", 2 * time.Second, ""},
		{"$VAR secret", policy.Webhook{HMACSecret: str("$HOOK_SECRET"), TimeoutMS: 500}, "", "from-env", 500 * time.Millisecond, ""},
		{"unset $VAR", policy.Webhook{HMACSecret: str("$NOT_SET"), TimeoutMS: 500}, "", "", 0, "webhook.hmac_secret names environment variable NOT_SET, which is not set"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ConfigOf(tc.w, getenv)
			if tc.wantErrSub != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErrSub) {
					t.Fatalf("ConfigOf = %+v, %v; want error %q", c, err, tc.wantErrSub)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Token != tc.token || string(c.Secret) != tc.secret || (tc.secret == "") != (c.Secret == nil) || c.Timeout != tc.timeout {
				t.Errorf("ConfigOf = token %q, secret %q, timeout %v; want %q, %q, %v", c.Token, c.Secret, c.Timeout, tc.token, tc.secret, tc.timeout)
			}
		})
	}
}
