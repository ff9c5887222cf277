package console

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/guardhq/guard/internal/console/loggen"
	"github.com/guardhq/guard/internal/event"
)

// writeRecentLog writes an n-record log whose last record is now, so that
// "the last hour" has events.
func writeRecentLog(t testing.TB, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.log")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := loggen.Write(f, loggen.Options{N: n, Seed: 41, End: time.Now().UTC(), Span: 3 * 24 * time.Hour}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// consoleSession is a browser on a test server over a log.
type consoleSession struct {
	*browser
	srv *httptest.Server
}

func newSession(t *testing.T, path string) *consoleSession {
	chromium(t)
	srv := httptest.NewServer(newTestHandler(t, path, Config{}))
	t.Cleanup(srv.Close)
	return &consoleSession{browser: newBrowser(t, srv.URL), srv: srv}
}

// lastRequest returns the path and query of the newest request the page
// made whose URL contains substr.
func (s *consoleSession) lastRequest(substr string) string {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.urls) - 1; i >= 0; i-- {
		if strings.Contains(s.urls[i], substr) {
			return strings.TrimPrefix(s.urls[i], s.srv.URL)
		}
	}
	s.t.Fatalf("no request for %s", substr)
	return ""
}

// tableMatchesAPI waits until the table shows exactly the answer to the
// newest events request the page made, and returns that request's query.
func (s *consoleSession) tableMatchesAPI() url.Values {
	s.t.Helper()
	var q url.Values
	for try := 0; ; try++ {
		req := s.lastRequest("/api/events?")
		u, _ := url.Parse(req)
		q = u.Query()
		a := getJSON[eventsAnswer](s.t, s.srv.URL+req)
		p := a.Page
		var rows []string
		for _, e := range p.Events {
			rows = append(rows, tableRow(e, a.Help))
		}
		got := s.eval(`Array.from(document.querySelectorAll('#rows tr.row')).map(r => Array.from(r.cells).map(c => c.textContent).join('|')).join('\n')`)
		first := (p.Page-1)*p.Limit + 1
		rng := fmt.Sprintf("%d-%d of %d", first, first+len(p.Events)-1, p.Total)
		if len(p.Events) == 0 {
			rng = fmt.Sprintf("0-0 of %d", p.Total)
		}
		if got == strings.Join(rows, "\n") && s.text("#range") == rng {
			return q
		}
		if try > 100 {
			s.t.Fatalf("table differs from the API's answer to %s", req)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// pageURL is the page's own query string.
func (s *consoleSession) pageURL() url.Values {
	q, _ := url.ParseQuery(strings.TrimPrefix(s.eval(`location.search`), "?"))
	return q
}

func (s *consoleSession) setSelect(id, value string) {
	s.eval(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event('change')); return '' })()`, id, value))
}

// typeInto replaces a text field's value by typing, then presses Enter.
func (s *consoleSession) typeInto(id, text string) {
	s.eval(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = ''; e.focus(); return '' })()`, id))
	s.do(chromedp.SendKeys("#"+id, text+kb.Enter))
}

func TestBrowserFilters(t *testing.T) {
	path := writeRecentLog(t, 3000)
	s := newSession(t, path)
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`document.querySelectorAll('#rows tr.row').length === 100`)
	s.tableMatchesAPI()

	// Each filter: the table is the API's answer for it, the page is 1, and
	// the URL holds the state.
	s.do(chromedp.Click(chromedp.CSS("#next")))
	s.waitFor(`location.search === '?page=2'`)
	s.setSelect("f-agent", "b")
	s.waitFor(`new URLSearchParams(location.search).get('agent') === 'b'`)
	q := s.tableMatchesAPI()
	if q.Get("agent") != "b" || q.Get("page") != "1" || s.pageURL().Get("page") != "" {
		t.Fatalf("agent filter: request %v, page URL %v", q, s.pageURL())
	}
	s.typeInto("f-rule", "dangerous_rm")
	s.waitFor(`new URLSearchParams(location.search).get('rule') === 'dangerous_rm'`)
	if q := s.tableMatchesAPI(); q.Get("rule") != "dangerous_rm" || q.Get("agent") != "b" {
		t.Fatalf("rule filter: %v", q)
	}
	s.do(chromedp.Click(chromedp.CSS("#clear")))
	s.waitFor(`location.search === ''`)
	if q := s.tableMatchesAPI(); q.Get("rule") != "" || q.Get("agent") != "" {
		t.Fatalf("after clear: %v", q)
	}
	s.typeInto("f-repo", "acme/infra")
	s.waitFor(`new URLSearchParams(location.search).get('repo') === 'acme/infra'`)
	if q := s.tableMatchesAPI(); q.Get("repo") != "acme/infra" {
		t.Fatalf("repo filter: %v", q)
	}
	s.do(chromedp.Click(chromedp.CSS("#clear")))
	s.waitFor(`location.search === ''`)

	// The hash search: a bad prefix is refused in place, a good one finds
	// the record.
	events := getJSON[Page](t, s.srv.URL+"/api/events?limit=5&page=7").Events
	before := s.lastRequest("/api/events?")
	s.typeInto("f-q", "xyz")
	s.waitFor(`!document.getElementById('q-error').hidden && document.getElementById('f-q').getAttribute('aria-invalid') === 'true'`)
	if s.lastRequest("/api/events?") != before || s.pageURL().Get("q") != "" {
		t.Error("an invalid hash prefix was sent")
	}
	s.typeInto("f-q", strings.ToUpper(events[2].InputHash[:12]))
	s.waitFor(`new URLSearchParams(location.search).get('q') === ` + fmt.Sprintf("%q", events[2].InputHash[:12]))
	q = s.tableMatchesAPI()
	if q.Get("q") != events[2].InputHash[:12] || !strings.Contains(s.text("#rows"), events[2].TS) {
		t.Fatalf("hash search: %v", q)
	}
	s.do(chromedp.Click(chromedp.CSS("#clear")))
	s.waitFor(`location.search === ''`)

	// A time range: the events, the timeline and the threat chart follow it.
	s.setSelect("f-range", "24h")
	s.waitFor(`new URLSearchParams(location.search).get('range') === '24h'`)
	q = s.tableMatchesAPI()
	since, err := time.Parse(time.RFC3339, q.Get("since"))
	if err != nil || time.Since(since) < 24*time.Hour-time.Minute || time.Since(since) > 24*time.Hour+time.Minute {
		t.Fatalf("last 24 hours sent since=%q", q.Get("since"))
	}
	s.waitFor(`document.querySelector('.range-label').textContent === '(last 24 hours)'`)
	statsReq := s.lastRequest("/api/stats?since=")
	s.waitFor(`Chart.getChart('chart-timeline').data.labels.length > 0`)
	st := getJSON[Stats](t, s.srv.URL+statsReq)
	var sum int64
	for _, b := range st.Timeline.Buckets {
		sum += b.Allow + b.Block
	}
	s.waitFor(fmt.Sprintf(`(() => { const c = Chart.getChart('chart-timeline'); return c.data.labels.length === %d && c.data.datasets[0].data.concat(c.data.datasets[1].data).reduce((a, b) => a + b, 0) === %d })()`,
		len(st.Timeline.Buckets), sum))
	if p := getJSON[Page](t, s.srv.URL+s.lastRequest("/api/events?")); p.Total != sum {
		t.Errorf("timeline counts %d events in the range, the table %d", sum, p.Total)
	}

	// A custom range, read as UTC.
	s.setSelect("f-range", "custom")
	s.waitFor(`!document.getElementById('f-since').closest('.field').hidden`)
	from := time.Now().UTC().Add(-30 * time.Hour).Truncate(time.Second)
	to := from.Add(5 * time.Hour)
	for _, f := range []struct {
		id string
		t  time.Time
	}{{"f-since", from}, {"f-until", to}} {
		s.eval(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event('change')); return '' })()`, f.id, f.t.Format("2006-01-02T15:04:05")))
	}
	s.waitFor(`new URLSearchParams(location.search).get('until') !== null`)
	q = s.tableMatchesAPI()
	if q.Get("since") != from.Format(time.RFC3339) || q.Get("until") != to.Format(time.RFC3339) {
		t.Fatalf("custom range sent %v", q)
	}
	if u := s.pageURL(); u.Get("range") != "custom" || u.Get("since") != from.Format(time.RFC3339) {
		t.Fatalf("custom range in the URL: %v", u)
	}

	// The back button walks back through the states; the controls follow.
	s.do(chromedp.NavigateBack())
	s.waitFor(`new URLSearchParams(location.search).get('until') === null && document.getElementById('f-range').value === 'custom' && document.getElementById('f-since').value !== ''`)
	s.do(chromedp.NavigateBack(), chromedp.NavigateBack())
	s.waitFor(`document.getElementById('f-range').value === '24h' && document.getElementById('f-since').closest('.field').hidden`)
	if q := s.tableMatchesAPI(); q.Get("until") != "" || q.Get("since") == "" {
		t.Fatalf("back to the last 24 hours: %v", q)
	}

	// A shared link restores the whole state.
	link := s.srv.URL + "/?verdict=block&agent=a&hook=PreToolUse&page=2"
	s.do(chromedp.Navigate(link))
	s.waitFor(`document.getElementById('f-verdict').value === 'block' && document.getElementById('f-agent').value === 'a' && document.getElementById('f-hook').value === 'PreToolUse'`)
	q = s.tableMatchesAPI()
	if q.Get("page") != "2" || q.Get("verdict") != "block" || q.Get("agent") != "a" || q.Get("hook") != "PreToolUse" {
		t.Fatalf("shared link requested %v", q)
	}

	// Export links carry the filters; they download every matching event.
	for _, format := range []string{"csv", "jsonl"} {
		href := s.eval(fmt.Sprintf(`document.getElementById('export-%s').getAttribute('href')`, format))
		u, _ := url.Parse(href)
		if v := u.Query(); v.Get("format") != format || v.Get("verdict") != "block" || v.Get("agent") != "a" || v.Get("page") != "" {
			t.Fatalf("export link %s", href)
		}
		body, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](fmt.Sprintf(`fetch(%q).then(r => r.text())`, href), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		want := getJSON[Page](t, s.srv.URL+"/api/events?verdict=block&agent=a&hook=PreToolUse").Total
		lines := int64(strings.Count(body, "\n"))
		if format == "csv" {
			lines--
		}
		if lines != want {
			t.Errorf("%s export: %d events, want %d", format, lines, want)
		}
	}

	// A bar of the threat chart filters the table by its rule.
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`window.Chart && Chart.getChart('chart-rules') && Chart.getChart('chart-rules').data.labels.length > 1`)
	var bar struct {
		X, Y  float64
		Label string
	}
	js := `(() => { const c = Chart.getChart('chart-rules'), el = c.getDatasetMeta(0).data[1], r = c.canvas.getBoundingClientRect();
	  return JSON.stringify({X: r.left + el.x - 4, Y: r.top + el.y, Label: c.data.labels[1]}) })()`
	s.eval(`document.getElementById('chart-rules').scrollIntoView(), ''`)
	if err := json.Unmarshal([]byte(s.eval(js)), &bar); err != nil {
		t.Fatal(err)
	}
	s.do(chromedp.MouseClickXY(bar.X, bar.Y))
	s.waitFor(fmt.Sprintf(`document.getElementById('f-rule').value === %q`, bar.Label))
	if q := s.tableMatchesAPI(); q.Get("rule") != bar.Label {
		t.Fatalf("bar click requested %v", q)
	}
	if cells := strings.Split(s.eval(`Array.from(document.querySelectorAll('#rows tr.row td.rule')).map(c => c.textContent).join('\n')`), "\n"); len(cells) == 0 || cells[0] != bar.Label {
		t.Errorf("rule column after the bar click: %v", cells[:min(3, len(cells))])
	}
	if c := s.eval(`JSON.stringify(Chart.getChart('chart-rules').data.datasets[0].backgroundColor.slice(0, 3))`); c != `["rgba(194,65,45,0.35)","#c2412d","rgba(194,65,45,0.35)"]` {
		t.Errorf("bar colours with rule %s selected: %s", bar.Label, c)
	}
	s.screenshot("console-1400-filtered.png", false)

	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.problems {
		t.Errorf("browser reported: %s", p)
	}
}

// TestBrowserKeyboard: everything is reachable with the keyboard: the
// filters, the exports, the pager, the rows (one tab stop, arrows between
// them), the detail modal (Enter opens, Escape closes and gives focus back).
func TestBrowserKeyboard(t *testing.T) {
	s := newSession(t, writeLog(t, 250, 21))
	s.do(chromedp.Navigate(s.srv.URL + "/?verdict=allow"))
	s.waitFor(`document.querySelectorAll('#rows tr.row').length === 100`)
	s.eval(`document.activeElement.blur(), ''`)
	var order []string
	for range 40 {
		s.do(chromedp.KeyEvent(kb.Tab))
		id := s.eval(`(() => { const e = document.activeElement; return e.id || (e.matches('tr.row') ? 'row' + e.dataset.index : e.tagName) })()`)
		order = append(order, id)
		if strings.HasPrefix(id, "row") {
			break
		}
	}
	got := strings.Join(order, " ")
	want := "export-csv export-jsonl f-range f-verdict f-hook f-agent f-rule f-repo f-q apply clear next row0"
	if !strings.Contains(got, want) {
		t.Fatalf("tab order:\n %s\nwant it to contain\n %s", got, want)
	}
	// Filters work from the keyboard: a select with the arrow keys, a text
	// field with Enter.
	s.eval(`document.getElementById('f-hook').focus(), ''`)
	s.do(chromedp.KeyEvent(kb.ArrowDown))
	s.waitFor(`new URLSearchParams(location.search).get('hook') === 'UserPromptSubmit'`)
	s.eval(`document.getElementById('f-hook').focus(), ''`)
	s.do(chromedp.KeyEvent(kb.ArrowUp))
	s.waitFor(`new URLSearchParams(location.search).get('hook') === null`)
	// Paging with Enter on the focused button.
	s.waitFor(`!document.getElementById('next').disabled`)
	s.eval(`document.getElementById('next').focus(), ''`)
	s.do(chromedp.KeyEvent(kb.Enter))
	s.waitFor(`new URLSearchParams(location.search).get('page') === '2'`)
	// Rows: arrows move, Enter opens, Escape closes and returns focus.
	s.eval(`document.querySelector('#rows tr.row').focus(), ''`)
	s.do(chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown))
	s.waitFor(`document.activeElement.dataset.index === '2'`)
	if n := s.eval(`String(document.querySelectorAll('#rows tr.row[tabindex="0"]').length)`); n != "1" {
		t.Errorf("%s rows in the tab order, want 1", n)
	}
	s.do(chromedp.KeyEvent(kb.Enter))
	s.waitFor(`document.getElementById('detail').open`)
	s.do(chromedp.KeyEvent(kb.Escape))
	s.waitFor(`!document.getElementById('detail').open && document.activeElement.dataset.index === '2'`)
}

// TestBrowserDarkMode: with the system set to dark, the page is dark, every
// text keeps the WCAG AA contrast and the charts use the dark palette.
func TestBrowserDarkMode(t *testing.T) {
	s := newSession(t, writeLog(t, 250, 21))
	if _, err := chromedp.Run(s.ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(s.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
	}); err != nil {
		t.Fatal(err)
	}
	s.do(chromedp.Navigate(s.srv.URL + "/?verdict=block"))
	s.waitFor(`document.querySelectorAll('#rows tr.row').length > 10 && !!(window.Chart && Chart.getChart('chart-rules'))`)
	if bg := s.eval(`getComputedStyle(document.body).backgroundColor`); bg != "rgb(11, 18, 32)" {
		t.Errorf("body background %s in dark mode", bg)
	}
	if c := s.eval(`String(Chart.getChart('chart-rules').data.datasets[0].backgroundColor)`); c != "#f0705e" {
		t.Errorf("bar colour %s in dark mode", c)
	}
	s.checkAccessible("the dark page")
	s.screenshot("console-1400-dark.png", false)
	s.do(chromedp.Click(chromedp.CSS("#rows tr.row")))
	s.waitFor(`document.getElementById('detail').open`)
	s.checkAccessible("the dark detail modal")
	s.screenshot("console-1400-dark-modal.png", false)
	s.do(chromedp.KeyEvent(kb.Escape))
	s.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	s.waitFor(`document.documentElement.clientWidth === 390 && document.documentElement.scrollWidth <= 390`)
	s.checkAccessible("the dark page on a phone")
	s.screenshot("console-390-dark.png", false)
}

// TestBrowserEmptyState: with no log yet the table says how to start; with
// filters that match nothing, it says so and offers to clear them.
func TestBrowserEmptyState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	s := newSession(t, path)
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`document.querySelector('#rows td.empty') !== null && document.getElementById('stat-total').textContent === '0'`)
	s.waitFor(`!document.getElementById('start').hidden && document.getElementById('charts').hidden`)
	for _, sel := range []string{"#start", "#rows"} {
		msg := s.text(sel)
		for _, want := range []string{"No events yet", "guard init --agent-a", "then run the agent"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s lacks %q: %s", sel, want, msg)
			}
		}
	}
	s.checkAccessible("the empty page")
	s.screenshot("console-1400-empty.png", false)
	s.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	s.waitFor(`document.documentElement.clientWidth === 390 && document.documentElement.scrollWidth <= 390`)
	s.screenshot("console-390-empty.png", true)

	appendRecords(t, path, 3, "allow", "Stop")
	s.do(chromedp.Navigate(s.srv.URL + "/?verdict=block"))
	s.waitFor(`document.getElementById('empty-clear') !== null && document.getElementById('start').hidden`)
	if msg := s.text("#rows"); !strings.Contains(msg, "No events match these filters.") || strings.Contains(msg, "guard init") {
		t.Errorf("filtered empty state: %s", msg)
	}
	s.do(chromedp.Click(chromedp.CSS("#empty-clear")))
	s.waitFor(`location.search === '' && document.querySelectorAll('#rows tr.row').length === 3`)
}

// TestBrowserDetailAction: the modal shows what a block did to a result
// (action), the tool and the findings that did not block.
func TestBrowserDetailAction(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	appendRaw(t, path, recordLine(func(r *event.Record) {
		block("cloud_access_key")(r)
		r.Hook, r.Tool, r.Action, r.Agent, r.Event = event.HookPostToolUse, "Read", event.ActionRedacted, "a", "PostToolUse"
		r.Findings = []string{"pii_email"}
	})+"\n")
	s := newSession(t, path)
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`document.querySelectorAll('#rows tr.row').length === 1`)
	if row := s.eval(`document.querySelector('#rows tr.row').textContent`); !strings.Contains(row, "Read") || !strings.Contains(row, "cloud_access_key") {
		t.Errorf("row %q", row)
	}
	s.do(chromedp.Click(chromedp.CSS("#rows tr.row")))
	s.waitFor(`document.getElementById('detail').open`)
	d := s.text("#detail-list")
	for _, want := range []string{"Action", "redacted", "Tool", "Read", "Also found", "pii_email"} {
		if !strings.Contains(d, want) {
			t.Errorf("modal lacks %q: %s", want, d)
		}
	}
}
