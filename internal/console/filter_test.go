package console

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
)

// slowEvents returns the events of the log at path that pass f, newest
// first, by reading every line: what the index must agree with.
func slowEvents(t testing.TB, path string, f audit.Filter) []Event {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(data, []byte("\n"))
	var out []Event
	var fl audit.Fields
	for i := len(lines) - 1; i >= 0; i-- {
		if audit.Scan(lines[i], &fl) == nil && f.Match(&fl) {
			out = append(out, eventOf(&fl))
		}
	}
	return out
}

func TestEventsNewFilters(t *testing.T) {
	path := writeLog(t, 3000, 17)
	h := newTestHandler(t, path, Config{})
	all := slowEvents(t, path, audit.Filter{})
	hash := all[10].InputHash
	end := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	tests := []struct {
		query string
		f     audit.Filter
	}{
		{"agent=b", audit.Filter{Agent: "b"}},
		{"agent=all", audit.Filter{}},
		{"rule=dangerous_rm", audit.Filter{Rule: "dangerous_rm"}},
		{"rule=no_such_rule", audit.Filter{Rule: "no_such_rule"}},
		{"repo=acme/infra&verdict=block", audit.Filter{Repo: "acme/infra", Verdict: "block"}},
		{"since=2026-11-19T00:00:00Z", audit.Filter{Since: end.Add(-42 * time.Hour)}},
		{"since=2026-11-18T00:00:00Z&until=2026-11-18T12:30:00.5Z&hook=PreToolUse", audit.Filter{Since: end.Add(-66 * time.Hour), Until: time.Date(2026, 11, 18, 12, 30, 0, 5e8, time.UTC), Hook: "PreToolUse"}},
		{"q=" + hash[:4], audit.Filter{HashPrefix: hash[:4]}},
		{"q=" + strings.ToUpper(hash[:20]), audit.Filter{HashPrefix: hash[:20]}},
		{"q=" + hash, audit.Filter{HashPrefix: hash}},
		{"agent=a&rule=blocked_path&repo=acme/web-frontend&since=2026-11-10T00:00:00Z", audit.Filter{Agent: "a", Rule: "blocked_path", Repo: "acme/web-frontend", Since: time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC)}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			want := slowEvents(t, path, tt.f)
			var got []Event
			for page := 1; ; page++ {
				w := do(h, req{target: fmt.Sprintf("/api/events?limit=250&page=%d&%s", page, tt.query)})
				if w.Code != 200 {
					t.Fatalf("status %d: %s", w.Code, w.Body)
				}
				p := decode[Page](t, w)
				if p.Total != int64(len(want)) {
					t.Fatalf("total %d, want %d", p.Total, len(want))
				}
				if len(p.Events) == 0 {
					break
				}
				got = append(got, p.Events...)
			}
			if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				t.Fatalf("%d events, want %d (or they differ)", len(got), len(want))
			}
		})
	}
	if n := len(slowEvents(t, path, audit.Filter{HashPrefix: hash})); n != 1 {
		t.Errorf("a full input_hash finds %d records", n)
	}
}

// TestFiltersPastTheNameCap: rule and repository names past the ones the
// index keeps are still found exactly, by reading their lines.
func TestFiltersPastTheNameCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	var b strings.Builder
	for i := range maxNames + 20 {
		b.WriteString(recordLine(func(r *event.Record) {
			block(fmt.Sprintf("rule%d", i))(r)
			r.Repo = fmt.Sprintf("org/repo%d", i%(maxNames+15))
		}) + "\n")
	}
	appendRaw(t, path, b.String())
	h := newTestHandler(t, path, Config{})
	for _, tt := range []struct {
		query string
		f     audit.Filter
		want  int
	}{
		{"rule=rule3", audit.Filter{Rule: "rule3"}, 1},
		{"rule=rule" + fmt.Sprint(maxNames+5), audit.Filter{Rule: "rule" + fmt.Sprint(maxNames+5)}, 1},
		{"rule=rule999999", audit.Filter{Rule: "rule999999"}, 0},
		{"repo=org/repo" + fmt.Sprint(maxNames+3), audit.Filter{Repo: "org/repo" + fmt.Sprint(maxNames+3)}, 1},
		{"repo=org/repo1", audit.Filter{Repo: "org/repo1"}, 2},
		{"repo=org/repo1&rule=rule" + fmt.Sprint(maxNames+16), audit.Filter{Repo: "org/repo1", Rule: "rule" + fmt.Sprint(maxNames+16)}, 1},
		{"repo=org/nope", audit.Filter{Repo: "org/nope"}, 0},
	} {
		want := slowEvents(t, path, tt.f)
		if len(want) != tt.want {
			t.Fatalf("%s: the log has %d, test expects %d", tt.query, len(want), tt.want)
		}
		p := decode[Page](t, do(h, req{target: "/api/events?" + tt.query}))
		if p.Total != int64(len(want)) || !reflect.DeepEqual(p.Events, append([]Event{}, want...)) {
			t.Errorf("%s: total %d, %d events; want %d", tt.query, p.Total, len(p.Events), len(want))
		}
	}
}

func TestNewParamsValidated(t *testing.T) {
	h := newTestHandler(t, writeLog(t, 20, 1), Config{})
	for _, tt := range []struct {
		query, err string
	}{
		{"agent=d", "agent must be one of a, b, c"},
		{"agent=A", "agent"},
		{"rule=a%0Ab", "rule must be printable"},
		{"rule=" + strings.Repeat("r", audit.MaxFilterValue+1), "rule"},
		{"repo=%1B%5B2J", "repo must be printable"},
		{"repo=%FF", "repo"},
		{"since=yesterday", "since must be an RFC 3339 time"},
		{"until=2026-01-02", "until must be an RFC 3339 time"},
		{"since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z", "until must be later than since"},
		{"since=2026-01-02T00:00:00Z&until=2026-01-02T00:00:00Z", "until must be later than since"},
		{"q=abc", "q must be 4 to 64 hex digits"},
		{"q=ghij", "q must be"},
		{"q=" + strings.Repeat("a", 65), "q must be"},
		{"q=abcd&q=abcd", "q given more than once"},
		{"rule=a&rule=b", "rule given more than once"},
		{"since=2026-01-02T00:00:00Z&since=2026-01-02T00:00:00Z", "since given more than once"},
		{"format=xml", "format must be json, csv or jsonl"},
		{"format=csv&limit=0", "limit"},
	} {
		endpoints := []string{"/api/events?"}
		if !strings.Contains(tt.query, "format") {
			endpoints = append(endpoints, "/api/stats?") // the same filters, the same rules
		}
		for _, e := range endpoints {
			w := do(h, req{target: e + tt.query})
			if w.Code != 400 || !strings.Contains(decode[map[string]string](t, w)["error"], tt.err) {
				t.Errorf("%s%s: %d %s, want 400 mentioning %q", e, tt.query, w.Code, w.Body, tt.err)
			}
		}
	}
	for _, q := range []string{"verdict=maybe", "hook=Start", "verdict=allow&verdict=block", "hook=Stop&hook=Stop"} {
		if w := do(h, req{target: "/api/stats?" + q}); w.Code != 400 {
			t.Errorf("/api/stats?%s: %d", q, w.Code)
		}
	}
	// The events' paging and format are not stats parameters: ignored,
	// like any unknown parameter.
	if w := do(h, req{target: "/api/stats?page=0&limit=x&format=xml"}); w.Code != 200 {
		t.Errorf("/api/stats with paging parameters: %d %s", w.Code, w.Body)
	}
}

func TestExport(t *testing.T) {
	path := writeLog(t, 1200, 23)
	h := newTestHandler(t, path, Config{})
	log, _ := os.ReadFile(path)

	// Unfiltered JSON lines: the log itself, byte for byte, so the chain
	// verifies on the download.
	w := do(h, req{target: "/api/events?format=jsonl"})
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/jsonl; charset=utf-8" {
		t.Fatalf("status %d, Content-Type %q", w.Code, w.Header().Get("Content-Type"))
	}
	if cd := w.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="guard-audit-`) || !strings.HasSuffix(cd, `.jsonl"`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	checkSecurityHeaders(t, w)
	if !bytes.Equal(w.Body.Bytes(), log) {
		t.Fatal("unfiltered jsonl export differs from the log")
	}
	dl := filepath.Join(t.TempDir(), "export.log")
	os.WriteFile(dl, w.Body.Bytes(), 0o600)
	if rep, err := audit.Verify(dl); err != nil || rep.Entries != 1200 {
		t.Fatalf("the export does not verify: %+v %v", rep, err)
	}

	// Filtered, both formats: every matching event, oldest first.
	for _, q := range []string{"verdict=block", "rule=blocked_path&agent=a", "repo=acme/infra&since=2026-11-15T00:00:00Z", "q=abcd", "rule=no_such_rule"} {
		v, _ := url.ParseQuery(q)
		pq, err := ParseQuery(v)
		if err != nil {
			t.Fatal(err)
		}
		want := slowEvents(t, path, pq.Filter)
		for i, j := 0, len(want)-1; i < j; i, j = i+1, j-1 {
			want[i], want[j] = want[j], want[i]
		}
		w := do(h, req{target: "/api/events?format=jsonl&page=3&limit=5&" + q})
		var got []Event
		var f audit.Fields
		for _, l := range bytes.Split(bytes.TrimSuffix(w.Body.Bytes(), []byte("\n")), []byte("\n")) {
			if len(l) == 0 {
				continue
			}
			if err := audit.Scan(l, &f); err != nil {
				t.Fatalf("%s: exported line invalid: %v", q, err)
			}
			got = append(got, eventOf(&f))
		}
		if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
			t.Fatalf("%s jsonl: %d events, want %d", q, len(got), len(want))
		}
		w = do(h, req{target: "/api/events?format=csv&" + q})
		if w.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Errorf("Content-Type %q", w.Header().Get("Content-Type"))
		}
		rows, err := csv.NewReader(w.Body).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != len(want)+1 || strings.Join(rows[0], ",") != strings.Join(csvHeader, ",") {
			t.Fatalf("%s csv: %d rows, header %v; want %d", q, len(rows), rows[0], len(want)+1)
		}
		for i, e := range want {
			r := rows[i+1]
			if r[0] != e.TS || r[3] != e.Rule || r[4] != e.Reason || r[7] != e.Repo || r[8] != e.InputHash || r[10] != fmt.Sprint(e.TokensIn) || r[12] != e.Agent {
				t.Fatalf("%s csv row %d: %v, want %+v", q, i+1, r, e)
			}
		}
	}
	// HEAD: the headers only.
	if w := do(h, req{method: "HEAD", target: "/api/events?format=csv"}); w.Code != 200 || w.Body.Len() != 0 {
		t.Errorf("HEAD: %d, %d bytes", w.Code, w.Body.Len())
	}
}

// TestExportCSVFormulas: a hostile value that a spreadsheet would run as a
// formula is exported as text; JSON lines keep it exact.
func TestExportCSVFormulas(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	appendRaw(t, path, recordLine(func(r *event.Record) {
		block("=HYPERLINK(\"http://x\")")(r)
		r.Repo, r.User, r.Host, r.Tool = "+1", "-2", "@SUM(A1)", "\tx"
		r.Findings = []string{"a", "b"}
	})+"\n")
	// The cases: a formula between semicolons, a leading line
	// feed, a NUL (records written by an older guard, or by hand).
	appendRaw(t, path, recordLine(func(r *event.Record) {
		r.Repo, r.User, r.Host = ";=1+1;", "\n=1+1", "a\x00b"
	})+"\n")
	h := newTestHandler(t, path, Config{})
	rows, err := csv.NewReader(do(h, req{target: "/api/events?format=csv"}).Body).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatal(rows, err)
	}
	r := rows[1]
	if r[3] != `'=HYPERLINK("http://x")` || r[7] != "'+1" || r[5] != "'-2" || r[6] != "'@SUM(A1)" || r[15] != `'\tx` || r[17] != "a b" {
		t.Errorf("row %q", r)
	}
	if r := rows[2]; r[7] != "';'=1+1;" || r[5] != `'\n=1+1` || r[6] != `a\x00b` {
		t.Errorf("row %q", r)
	}
	if body := do(h, req{target: "/api/events?format=jsonl"}).Body.String(); !strings.Contains(body, `"repo":"+1"`) {
		t.Errorf("jsonl changed a value: %s", body)
	}
}

// TestExportStreamsBeyondWindows: an export larger than one read window
// streams every record, and records appended while it runs are not half in
// it; it holds exactly what was indexed at its start.
func TestExportStreamsBeyondWindows(t *testing.T) {
	path := writeLog(t, 6000, 5) // over 2 MiB: several read windows
	h := newTestHandler(t, path, Config{})
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/api/events?format=jsonl&verdict=allow")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	if n := bytes.Count(b.Bytes(), []byte("\n")); n != len(slowEvents(t, path, audit.Filter{Verdict: "allow"})) {
		t.Errorf("%d lines exported", n)
	}
}

func TestStatsFacets(t *testing.T) {
	h := newTestHandler(t, writeLog(t, 2000, 3), Config{})
	s := decode[Stats](t, do(h, req{target: "/api/stats"}))
	if !reflect.DeepEqual(s.Repos[:2], []string{"acme/data-pipeline", "acme/infra"}) || len(s.Rules) < 5 {
		t.Errorf("facets: rules %v repos %v", s.Rules, s.Repos)
	}
}
