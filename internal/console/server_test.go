package console

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/guardhq/guard/internal/event"
)

func newTestHandler(t testing.TB, path string, cfg Config) http.Handler {
	t.Helper()
	h, err := NewHandler(mustOpen(t, path), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

type req struct {
	method string
	target string
	host   string
	header map[string]string
}

func do(h http.Handler, r req) *httptest.ResponseRecorder {
	if r.method == "" {
		r.method = http.MethodGet
	}
	q := httptest.NewRequest(r.method, r.target, nil)
	q.Host = "127.0.0.1:7070"
	if r.host != "" {
		q.Host = r.host
	}
	for k, v := range r.header {
		q.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, q)
	return w
}

func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("body %q: %v", w.Body.String(), err)
	}
	return v
}

var securityHeaders = map[string]string{
	"Content-Security-Policy": CSP,
	"X-Content-Type-Options":  "nosniff",
	"X-Frame-Options":         "DENY",
	"Referrer-Policy":         "no-referrer",
}

func checkSecurityHeaders(t *testing.T, w *httptest.ResponseRecorder) {
	t.Helper()
	for k, v := range securityHeaders {
		if got := w.Header().Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
}

func TestEventsParams(t *testing.T) {
	path := writeLog(t, 250, 5)
	h := newTestHandler(t, path, Config{})
	stats := decode[Stats](t, do(h, req{target: "/api/stats"}))
	tests := []struct {
		target    string
		code      int
		total     int64 // -1: the log's total
		page      int
		limit     int
		events    int
		errSubstr string
	}{
		{target: "/api/events", code: 200, total: -1, page: 1, limit: 100, events: 100},
		{target: "/api/events?page=3", code: 200, total: -1, page: 3, limit: 100, events: 50},
		{target: "/api/events?page=4", code: 200, total: -1, page: 4, limit: 100, events: 0},
		{target: "/api/events?page=1000000", code: 200, total: -1, page: 1000000, limit: 100, events: 0},
		{target: "/api/events?limit=1000", code: 200, total: -1, page: 1, limit: 1000, events: 250},
		{target: "/api/events?limit=7&page=2", code: 200, total: -1, page: 2, limit: 7, events: 7},
		{target: "/api/events?verdict=&hook=", code: 200, total: -1, page: 1, limit: 100, events: 100},
		{target: "/api/events?verdict=all&hook=all", code: 200, total: -1, page: 1, limit: 100, events: 100},
		{target: "/api/events?unknown=1", code: 200, total: -1, page: 1, limit: 100, events: 100},
		{target: "/api/events?page=0", code: 400, errSubstr: "page"},
		{target: "/api/events?page=-1", code: 400, errSubstr: "page"},
		{target: "/api/events?page=1.5", code: 400, errSubstr: "page"},
		{target: "/api/events?page=abc", code: 400, errSubstr: "page"},
		{target: "/api/events?page=+2", code: 400, errSubstr: "page"},
		{target: "/api/events?page=99999999999999999999", code: 400, errSubstr: "page"},
		{target: "/api/events?page=1&page=2", code: 400, errSubstr: "more than once"},
		{target: "/api/events?limit=0", code: 400, errSubstr: "limit"},
		{target: "/api/events?limit=1001", code: 400, errSubstr: "limit"},
		{target: "/api/events?limit=ten", code: 400, errSubstr: "limit"},
		{target: "/api/events?limit=%20", code: 400, errSubstr: "limit"},
		{target: "/api/events?verdict=deny", code: 400, errSubstr: "verdict"},
		{target: "/api/events?verdict=Block", code: 400, errSubstr: "verdict"},
		{target: "/api/events?verdict=redact", code: 400, errSubstr: "verdict"},
		{target: "/api/events?hook=beforeReadFile", code: 400, errSubstr: "hook"},
		{target: "/api/events?hook=pretooluse", code: 400, errSubstr: "hook"},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			w := do(h, req{target: tt.target})
			checkSecurityHeaders(t, w)
			if w.Code != tt.code {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.code, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			if tt.code != 200 {
				e := decode[map[string]string](t, w)
				if !strings.Contains(e["error"], tt.errSubstr) || len(e) != 1 {
					t.Errorf("error body %v, want one error mentioning %q", e, tt.errSubstr)
				}
				return
			}
			p := decode[Page](t, w)
			want := tt.total
			if want < 0 {
				want = stats.Total
			}
			if p.Total != want || p.Page != tt.page || p.Limit != tt.limit || len(p.Events) != tt.events {
				t.Errorf("total %d page %d limit %d events %d; want %d %d %d %d",
					p.Total, p.Page, p.Limit, len(p.Events), want, tt.page, tt.limit, tt.events)
			}
			if !strings.Contains(w.Body.String(), `"events":[`) {
				t.Errorf("events is not an array: %s", w.Body.String()[:min(200, w.Body.Len())])
			}
		})
	}
}

func TestEventsFiltersAndOrder(t *testing.T) {
	path := writeLog(t, 600, 11)
	h := newTestHandler(t, path, Config{})
	all := decode[Page](t, do(h, req{target: "/api/events?limit=1000"}))
	for i := 1; i < len(all.Events); i++ {
		if all.Events[i-1].TS < all.Events[i].TS {
			t.Fatalf("not newest first at %d: %s before %s", i, all.Events[i-1].TS, all.Events[i].TS)
		}
	}
	for _, verdict := range []string{"", "allow", "block"} {
		for _, hook := range []string{"", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"} {
			var want []Event
			for _, e := range all.Events {
				if (verdict == "" || e.Verdict == verdict) && (hook == "" || e.Hook == hook) {
					want = append(want, e)
				}
			}
			p := decode[Page](t, do(h, req{target: "/api/events?limit=1000&verdict=" + verdict + "&hook=" + hook}))
			if p.Total != int64(len(want)) || len(p.Events) != len(want) {
				t.Fatalf("verdict=%q hook=%q: total %d, %d events, want %d", verdict, hook, p.Total, len(p.Events), len(want))
			}
			for i := range want {
				if !reflect.DeepEqual(p.Events[i], want[i]) {
					t.Fatalf("verdict=%q hook=%q event %d differs", verdict, hook, i)
				}
			}
		}
	}
	// Every field of the record reaches the event object.
	e := all.Events[0]
	if e.TS == "" || e.Hook == "" || e.Verdict == "" || e.User == "" || e.Host == "" || e.Repo == "" ||
		len(e.InputHash) != 64 || len(e.PrevHash) != 64 || e.PolicyVersion == "" || e.Agent == "" || e.Event == "" || e.TokensIn == 0 {
		t.Errorf("incomplete event %+v", e)
	}
	w := do(h, req{target: "/api/events?limit=1"})
	var raw struct {
		Events []map[string]json.RawMessage `json:"events"`
	}
	json.Unmarshal(w.Body.Bytes(), &raw)
	for _, k := range []string{"ts", "hook", "verdict", "rule", "reason", "user", "host", "repo", "input_hash", "prev_hash", "tokens_in", "policy_version", "agent", "event"} {
		if _, ok := raw.Events[0][k]; !ok {
			t.Errorf("event object lacks %q", k)
		}
	}
}

func TestStatsShape(t *testing.T) {
	tests := []struct {
		name  string
		lines string
		want  string // the spec's fields, exactly
	}{
		{name: "empty", lines: "", want: `"total":0,"blocked":0,"allowed":0,"block_rate":0,"tokens_total":0`},
		{name: "one third", lines: rec("block", 5) + rec("allow", 7) + rec("allow", 0),
			want: `"total":3,"blocked":1,"allowed":2,"block_rate":33.33,"tokens_total":12`},
		{name: "two thirds", lines: rec("block", 1) + rec("block", 1) + rec("allow", 1),
			want: `"total":3,"blocked":2,"allowed":1,"block_rate":66.67,"tokens_total":3`},
		{name: "torn line counted", lines: rec("block", 1) + `{"ts":"2026` + "\n",
			want: `"total":1,"blocked":1,"allowed":0,"block_rate":100,"tokens_total":1,"skipped":1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := t.TempDir() + "/audit.log"
			os.WriteFile(path, []byte(tt.lines), 0o600)
			h := newTestHandler(t, path, Config{})
			w := do(h, req{target: "/api/stats"})
			if w.Code != 200 || !strings.HasPrefix(w.Body.String(), "{"+tt.want) {
				t.Fatalf("status %d body %s, want prefix {%s", w.Code, w.Body, tt.want)
			}
			for _, k := range []string{`"by_rule":[`, `"timeline":{`, `"skipped":`} {
				if !strings.Contains(w.Body.String(), k) {
					t.Errorf("body lacks %s", k)
				}
			}
		})
	}
}

func rec(verdict string, tokens int) string {
	return recordLine(func(r *event.Record) {
		r.Verdict, r.TokensIn = verdict, tokens
		if verdict == "block" {
			r.Rule, r.Reason = "dangerous_rm", "x"
		}
	}) + "\n"
}

func TestLiveAppendVisible(t *testing.T) {
	path := writeLog(t, 50, 2)
	h := newTestHandler(t, path, Config{})
	before := decode[Stats](t, do(h, req{target: "/api/stats"}))
	appendRecords(t, path, 3, "block", "Stop")
	after := decode[Stats](t, do(h, req{target: "/api/stats"}))
	if after.Total != before.Total+3 || after.Blocked != before.Blocked+3 {
		t.Fatalf("after append %+v, before %+v", after, before)
	}
	p := decode[Page](t, do(h, req{target: "/api/events?limit=3&hook=Stop&verdict=block"}))
	for _, e := range p.Events {
		if e.Repo != "acme/appended" {
			t.Errorf("newest Stop block is %+v, want an appended one", e)
		}
	}
	os.Truncate(path, 0)
	if s := decode[Stats](t, do(h, req{target: "/api/stats"})); s.Total != 0 {
		t.Errorf("after truncation total %d", s.Total)
	}
}

func TestHostileRequests(t *testing.T) {
	path := writeLog(t, 10, 1)
	h := newTestHandler(t, path, Config{BindHost: "127.0.0.1"})
	tests := []struct {
		name  string
		r     req
		code  int
		allow string
	}{
		{name: "loopback ip", r: req{target: "/api/stats"}, code: 200},
		{name: "localhost", r: req{target: "/api/stats", host: "localhost:7070"}, code: 200},
		{name: "localhost any case no port", r: req{target: "/api/stats", host: "LocalHost"}, code: 200},
		{name: "ipv6 loopback", r: req{target: "/api/stats", host: "[::1]:7070"}, code: 200},
		{name: "same-origin fetch", r: req{target: "/api/stats", header: map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://127.0.0.1:7070"}}, code: 200},
		{name: "typed in address bar", r: req{target: "/", header: map[string]string{"Sec-Fetch-Site": "none"}}, code: 200},

		{name: "rebinding host", r: req{target: "/api/stats", host: "evil.example:7070"}, code: 403},
		{name: "rebinding host no port", r: req{target: "/api/events", host: "evil.example"}, code: 403},
		{name: "loopback-looking name", r: req{target: "/api/stats", host: "127.0.0.1.evil.example"}, code: 403},
		{name: "localhost suffix", r: req{target: "/api/stats", host: "localhost.evil.example:7070"}, code: 403},
		{name: "lan ip", r: req{target: "/api/stats", host: "192.168.1.20:7070"}, code: 403},
		{name: "empty host", r: req{target: "/api/stats", host: " "}, code: 403},
		{name: "static file rebinding", r: req{target: "/app.js", host: "evil.example"}, code: 403},
		{name: "cross-site fetch", r: req{target: "/api/stats", header: map[string]string{"Sec-Fetch-Site": "cross-site"}}, code: 403},
		{name: "same-site fetch", r: req{target: "/api/stats", header: map[string]string{"Sec-Fetch-Site": "same-site"}}, code: 403},
		{name: "foreign origin", r: req{target: "/api/events", header: map[string]string{"Origin": "http://evil.example"}}, code: 403},
		{name: "other port origin", r: req{target: "/api/events", header: map[string]string{"Origin": "http://127.0.0.1:8080"}}, code: 403},
		{name: "null origin", r: req{target: "/api/events", header: map[string]string{"Origin": "null"}}, code: 403},
		{name: "cross-site post", r: req{method: "POST", target: "/api/events", header: map[string]string{"Sec-Fetch-Site": "cross-site"}}, code: 403},
		{name: "integrity rebinding host", r: req{target: "/api/integrity", host: "evil.example:7070"}, code: 403},
		{name: "integrity cross-site", r: req{target: "/api/integrity", header: map[string]string{"Sec-Fetch-Site": "cross-site"}}, code: 403},
		{name: "integrity foreign origin", r: req{target: "/api/integrity", header: map[string]string{"Origin": "http://evil.example"}}, code: 403},

		{name: "post", r: req{method: "POST", target: "/api/events"}, code: 405, allow: "GET, HEAD"},
		{name: "put", r: req{method: "PUT", target: "/api/stats"}, code: 405, allow: "GET, HEAD"},
		{name: "delete", r: req{method: "DELETE", target: "/"}, code: 405, allow: "GET, HEAD"},
		{name: "options", r: req{method: "OPTIONS", target: "/api/stats"}, code: 405, allow: "GET, HEAD"},
		{name: "patch static", r: req{method: "PATCH", target: "/app.js"}, code: 405, allow: "GET, HEAD"},
		{name: "head", r: req{method: "HEAD", target: "/api/stats"}, code: 200},
		{name: "integrity", r: req{target: "/api/integrity"}, code: 200},
		{name: "post integrity", r: req{method: "POST", target: "/api/integrity"}, code: 405, allow: "GET, HEAD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(h, tt.r)
			checkSecurityHeaders(t, w)
			if w.Code != tt.code {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.code, w.Body)
			}
			if got := w.Header().Get("Allow"); got != tt.allow {
				t.Errorf("Allow = %q, want %q", got, tt.allow)
			}
			if tt.code != 200 {
				if e := decode[map[string]string](t, w); e["error"] == "" {
					t.Errorf("no error message: %s", w.Body)
				}
			}
		})
	}
}

func TestBindHostWidensAllowlist(t *testing.T) {
	path := writeLog(t, 5, 1)
	tests := []struct {
		bind string
		host string
		code int
	}{
		{bind: "127.0.0.1", host: "10.0.0.5:7070", code: 403},
		{bind: "10.0.0.5", host: "10.0.0.5:7070", code: 200},
		{bind: "10.0.0.5", host: "10.0.0.6:7070", code: 403},
		{bind: "0.0.0.0", host: "10.0.0.6:7070", code: 200},
		{bind: "::", host: "[fd00::1]:7070", code: 200},
		{bind: "0.0.0.0", host: "evil.example:7070", code: 403},
		{bind: "0.0.0.0", host: "localhost:7070", code: 200},
	}
	for _, tt := range tests {
		h := newTestHandler(t, path, Config{BindHost: tt.bind})
		if w := do(h, req{target: "/api/stats", host: tt.host}); w.Code != tt.code {
			t.Errorf("bind %s host %s: status %d, want %d", tt.bind, tt.host, w.Code, tt.code)
		}
	}
}

func TestStaticFiles(t *testing.T) {
	path := writeLog(t, 5, 1)
	h := newTestHandler(t, path, Config{})
	tests := []struct {
		target string
		code   int
		ctype  string
		body   string
	}{
		{target: "/", code: 200, ctype: "text/html; charset=utf-8", body: "<table"},
		{target: "/app.js", code: 200, ctype: "text/javascript; charset=utf-8", body: "api/events"},
		{target: "/app.css", code: 200, ctype: "text/css; charset=utf-8"},
		{target: "/favicon.svg", code: 200, ctype: "image/svg+xml"},
		{target: "/vendor/chartjs/chart.umd.min.js", code: 200, body: "Chart.js v4"},
		{target: "/vendor/chartjs/LICENSE.md", code: 200, body: "MIT"},
		{target: "/vendor/", code: 404, ctype: "application/json", body: `{"error":"no such file"}`},
		{target: "/vendor", code: 404, ctype: "application/json", body: `{"error":"no such file"}`},
		{target: "/app.js/", code: 404, ctype: "application/json", body: `{"error":"no such file"}`},
		{target: "/nope.html", code: 404, ctype: "application/json", body: `{"error":"no such file"}`},
		{target: "/%2e%2e/", code: 404, ctype: "application/json"},
		{target: "/api/nope", code: 404, ctype: "application/json", body: `{"error":"no such endpoint"}`},
		{target: "/index.html", code: http.StatusMovedPermanently},        // to ./, as http.FileServer does
		{target: "/../../etc/passwd", code: http.StatusTemporaryRedirect}, // cleaned by the mux, then 404
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			w := do(h, req{target: tt.target})
			checkSecurityHeaders(t, w)
			if w.Code != tt.code {
				t.Fatalf("status %d, want %d", w.Code, tt.code)
			}
			if tt.ctype != "" && w.Header().Get("Content-Type") != tt.ctype {
				t.Errorf("Content-Type %q, want %q", w.Header().Get("Content-Type"), tt.ctype)
			}
			if !strings.Contains(w.Body.String(), tt.body) {
				t.Errorf("body lacks %q", tt.body)
			}
		})
	}
}

// The UI must run under the CSP: no inline script or style, no remote URL.
func TestUIHasNoInlineCodeOrRemoteURLs(t *testing.T) {
	h := newTestHandler(t, writeLog(t, 1, 1), Config{})
	page := do(h, req{target: "/"}).Body.String()
	for _, bad := range []string{"<style", "style=", "onclick", "onload", "javascript:", "http://", "https://", "//cdn"} {
		if strings.Contains(strings.ToLower(page), bad) {
			t.Errorf("index.html contains %q", bad)
		}
	}
	if strings.Count(page, "<script") != strings.Count(page, `<script src="`) {
		t.Error("index.html has an inline script")
	}
	for _, f := range []string{"/app.js", "/app.css"} {
		body := do(h, req{target: f}).Body.String()
		for _, bad := range []string{"http://", "https://", "eval(", "new Function", "innerHTML"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s contains %q", f, bad)
			}
		}
	}
}

func TestCustomStaticFS(t *testing.T) {
	fsys := fstest.MapFS{"index.html": {Data: []byte("custom ui")}}
	h, err := NewHandler(mustOpen(t, writeLog(t, 1, 1)), Config{Static: fsys})
	if err != nil {
		t.Fatal(err)
	}
	w := do(h, req{target: "/"})
	b, _ := io.ReadAll(w.Body)
	if string(b) != "custom ui" {
		t.Errorf("body %q", b)
	}
}

func TestIsLoopback(t *testing.T) {
	tests := map[string]bool{
		"127.0.0.1": true, "127.1.2.3": true, "::1": true, "[::1]": true, "localhost": true, "LOCALHOST": true,
		"0.0.0.0": false, "::": false, "10.0.0.1": false, "example.com": false, "": false, "localhost.example": false,
	}
	for host, want := range tests {
		if got := IsLoopback(host); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", host, got, want)
		}
	}
}

// Reasons read as in the audit log ("<redacted>", not "\u003credacted\u003e"),
// and Content-Length is the body's length.
func TestJSONLikeTheAuditLog(t *testing.T) {
	path := t.TempDir() + "/audit.log"
	line := recordLine(func(r *event.Record) {
		r.Verdict, r.Rule, r.Reason = "block", "blocked_domain", "url <redacted> matches blocked domain 'pastebin.com' & more"
	})
	line = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(line, `\u003c`, "<"), `\u003e`, ">"), `\u0026`, "&") + "\n"
	os.WriteFile(path, []byte(line), 0o600)
	h := newTestHandler(t, path, Config{})
	for _, target := range []string{"/api/events", "/api/stats", "/api/events?page=x"} {
		w := do(h, req{target: target})
		if cl := w.Header().Get("Content-Length"); cl != fmt.Sprint(w.Body.Len()) {
			t.Errorf("%s: Content-Length %s, body %d bytes", target, cl, w.Body.Len())
		}
		if !strings.HasSuffix(w.Body.String(), "}\n") || strings.Count(w.Body.String(), "\n") != 1 {
			t.Errorf("%s: not one line of JSON: %q", target, w.Body)
		}
	}
	body := do(h, req{target: "/api/events"}).Body.String()
	if !strings.Contains(body, `"reason":"url <redacted> matches blocked domain 'pastebin.com' & more"`) {
		t.Errorf("reason escaped: %s", body)
	}
}

// FuzzParseQuery: any query string parses without panic, and an accepted one
// is within the documented bounds.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"", "page=2&limit=50", "verdict=block&hook=Stop", "page=0", "limit=1001",
		"page=1&page=2", "hook=all&verdict=all", "limit=%31%30", "page=99999999999", "verdict=allow;hook=Stop",
		"agent=b&rule=x&repo=a/b&q=ABCD&since=2026-01-01T00:00:00Z&until=2026-01-02T00:00:00Z&format=csv", "q=abc", "format=xml"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q, err := ParseQuery(v)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if q.Page < 1 || q.Page > maxPage || q.Limit < 1 || q.Limit > MaxLimit {
			t.Fatalf("%q: page %d limit %d out of bounds", raw, q.Page, q.Limit)
		}
		f := q.Filter
		if f.Verdict != "" && f.Verdict != "allow" && f.Verdict != "block" {
			t.Fatalf("%q: verdict %q", raw, f.Verdict)
		}
		if f.Hook != "" && !slices.Contains(event.Hooks, f.Hook) {
			t.Fatalf("%q: hook %q", raw, f.Hook)
		}
		if f.Check() != nil || (q.Format != "" && q.Format != FormatCSV && q.Format != FormatJSONL) {
			t.Fatalf("%q: accepted %+v", raw, q)
		}
	})
}

func TestExportEndpoint(t *testing.T) {
	path := writeLog(t, 1, 1)
	off := do(newTestHandler(t, path, Config{}), req{target: "/api/export"})
	if off.Code != http.StatusOK || strings.TrimSpace(off.Body.String()) != `{"enabled":false}` {
		t.Errorf("export off: %d %s", off.Code, off.Body)
	}
	on := do(newTestHandler(t, path, Config{Export: func() any { return map[string]int{"shipped": 3} }}), req{target: "/api/export"})
	got := decode[struct {
		Enabled bool
		Status  struct{ Shipped int }
	}](t, on)
	if !got.Enabled || got.Status.Shipped != 3 {
		t.Errorf("export on: %s", on.Body)
	}
	if w := do(newTestHandler(t, path, Config{}), req{target: "/api/export", host: "evil.example"}); w.Code != http.StatusForbidden {
		t.Errorf("/api/export from another host: %d, want 403", w.Code)
	}
}
