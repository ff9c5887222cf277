package console

import (
	"errors"
	"fmt"
	"net"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/console/loggen"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// Browser tests of issue 22 item 5: the counters and charts follow the
// filters, the REASON column, the integrity badge, a stopped console. Each
// takes screenshots at 1400 and 390 px and checks the layout at both.

func newSessionWith(t *testing.T, path string, cfg Config) *consoleSession {
	chromium(t)
	srv := httptest.NewServer(newTestHandler(t, path, cfg))
	t.Cleanup(srv.Close)
	return &consoleSession{browser: newBrowser(t, srv.URL), srv: srv}
}

// widths are the screens every test here is looked at on: a desktop, and a
// phone (emulated, 2x).
var widths = []int64{1400, 390}

func (s *consoleSession) setWidth(w int64) {
	s.t.Helper()
	if w < 640 {
		s.do(chromedp.EmulateViewport(w, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	} else {
		s.do(chromedp.EmulateViewport(w, 1000))
	}
	s.waitFor(fmt.Sprintf(`document.documentElement.clientWidth === %d`, w))
}

// checkLayout waits until nothing spills sideways out of the page at width
// w (the table scrolls inside its own box) and the integrity badge is on
// screen, drawn and not covered; it fails the test otherwise.
func (s *consoleSession) checkLayout(w int64, where string) {
	s.t.Helper()
	s.eval(`window.scrollTo(0, 0), ''`) // the badge is in the top bar
	js := fmt.Sprintf(`(() => {
  const w = %d, bad = [];
  if (document.documentElement.scrollWidth > w) bad.push('page scrolls sideways: ' + document.documentElement.scrollWidth);
  document.querySelectorAll('.panel, .card, .topbar, .status, .live, .field, .pager, .exports, .banner, .scope, canvas, #integrity, .integrity-panel').forEach(e => {
    if (e.closest('[hidden]') || (e.classList.contains('integrity-panel') && !e.closest('details[open]'))) return;
    const r = e.getBoundingClientRect();
    if (r.right > w + 1 || r.left < -1) bad.push((e.id || e.className) + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right));
  });
  const b = document.getElementById('integrity-badge'), r = b.getBoundingClientRect();
  if (document.getElementById('integrity').hidden || r.width < 40 || r.height < 20 || r.top < 0 || r.bottom > innerHeight) bad.push('badge not on screen');
  else {
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !b.contains(top)) bad.push('badge covered by ' + (top && (top.id || top.tagName)));
  }
  return bad.join('; ');
})()`, w)
	for try := 0; ; try++ {
		bad := s.eval(js)
		if bad == "" {
			return
		}
		if try > 40 {
			s.t.Fatalf("layout of %s at %d px: %s", where, w, bad)
		}
		time.Sleep(50 * time.Millisecond) // a chart may still be resizing
	}
}

// statsOfPage is the API's answer to the newest stats request the page made.
func (s *consoleSession) statsOfPage() (Stats, url.Values) {
	s.t.Helper()
	req := s.lastRequest("/api/stats")
	u, _ := url.Parse(req)
	return getJSON[Stats](s.t, s.srv.URL+req), u.Query()
}

// countersMatch waits until the cards show the API's answer to the page's
// newest stats request, and returns it.
func (s *consoleSession) countersMatch() (Stats, url.Values) {
	s.t.Helper()
	for try := 0; ; try++ {
		st, q := s.statsOfPage()
		got := s.eval(`['stat-total', 'stat-blocked', 'stat-allowed', 'stat-rate', 'stat-tokens'].map(id => document.getElementById(id).textContent).join('|')`)
		want := strings.Join([]string{num(st.Total), num(st.Blocked), num(st.Allowed), fmt.Sprintf("%.2f%%", st.BlockRate), num(st.TokensTotal)}, "|")
		if got == want {
			return st, q
		}
		if try > 100 {
			s.t.Fatalf("counters %s, the API says %s for %v", got, want, q)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBrowserStatsFollowFilters: the counters and both charts are those of
// the events the filters select — the same filters the table's request
// carries — and the scope line says so.
func TestBrowserStatsFollowFilters(t *testing.T) {
	path := writeRecentLog(t, 3000)
	s := newSession(t, path)
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`document.querySelectorAll('#rows tr.row').length === 100`)
	whole, q := s.countersMatch()
	if len(q) != 0 || whole.Total != 3000 {
		t.Fatalf("unfiltered: stats request %v, total %d", q, whole.Total)
	}
	if scope := s.text("#scope"); scope != "All 3,000 events in the audit log." {
		t.Errorf("scope: %q", scope)
	}

	s.do(chromedp.Navigate(s.srv.URL + "/?range=24h&agent=b&verdict=block"))
	s.waitFor(`new URLSearchParams(location.search).get('agent') === 'b'`)
	st, q := s.countersMatch()
	ev := s.tableMatchesAPI()
	for _, k := range []string{"agent", "verdict", "since"} {
		if q.Get(k) == "" || q.Get(k) != ev.Get(k) {
			t.Errorf("stats request %v and events request %v differ on %s", q, ev, k)
		}
	}
	if st.Total >= whole.Total || st.Total == 0 || st.LogTotal != 3000 {
		t.Fatalf("filtered stats: %+v", st)
	}
	if got := s.text("#range"); !strings.HasSuffix(got, " of "+fmt.Sprint(st.Total)) {
		t.Errorf("table range %q, stats total %d", got, st.Total)
	}
	scope := s.text("#scope")
	if !strings.HasPrefix(scope, num(st.Total)+" of 3,000 events match the filters (last 24 hours)") {
		t.Errorf("scope: %q", scope)
	}
	// The timeline is the filtered events' and the bars are its rules.
	var sum int64
	for _, b := range st.Timeline.Buckets {
		sum += b.Allow + b.Block
	}
	drawn := s.eval(`(() => { const c = Chart.getChart('chart-timeline'); return c.data.datasets.map(d => d.data.reduce((a, b) => a + b, 0)).join('|') })()`)
	if drawn != fmt.Sprintf("0|%d", sum) || sum != st.Total {
		t.Errorf("timeline draws %s, stats %d in buckets of %d", drawn, sum, st.Total)
	}
	for _, w := range widths {
		s.setWidth(w)
		s.checkLayout(w, "a filtered view")
		s.screenshot(fmt.Sprintf("console-%d-filtered.png", w), false)
	}
	s.checkAccessible("a filtered view")
	s.setWidth(1400)

	// A bar: the rule filter; the chart keeps the other rules, dimmed, and
	// the rule's bar equals the Blocked card.
	s.do(chromedp.Navigate(s.srv.URL + "/?verdict=block"))
	s.waitFor(`!!(window.Chart && Chart.getChart('chart-rules')) && Chart.getChart('chart-rules').data.labels.length > 2`)
	rule := s.eval(`Chart.getChart('chart-rules').data.labels[1]`)
	s.eval(fmt.Sprintf(`(() => { const e = document.getElementById('f-rule'); e.value = %q; e.dispatchEvent(new Event('change')); return '' })()`, rule))
	s.waitFor(fmt.Sprintf(`new URLSearchParams(location.search).get('rule') === %q`, rule))
	st, q = s.countersMatch()
	if q.Get("rule") != rule || q.Get("verdict") != "block" {
		t.Fatalf("stats request %v", q)
	}
	bars := s.eval(`(() => { const c = Chart.getChart('chart-rules'); return c.data.labels.length + '|' + c.data.labels.indexOf(` + fmt.Sprintf("%q", rule) + `) })()`)
	if strings.HasPrefix(bars, "1|") || strings.HasSuffix(bars, "|-1") {
		t.Errorf("rules chart under a rule filter: %s bars|index", bars)
	}
	if n := ruleCounts(st.ByRule)[rule]; n != st.Blocked {
		t.Errorf("bar of %s = %d, Blocked card %d", rule, n, st.Blocked)
	}
	if hint := s.text("#rules-hint"); !strings.Contains(hint, "Showing "+rule) {
		t.Errorf("hint: %q", hint)
	}
}

// reasonRecord is one record of TestBrowserReasonColumn's log.
type reasonRecord struct{ rule, reason string }

// reasonPolicy is the policy TestBrowserReasonColumn's console loads: the
// defaults plus a rule of the user's whose texts hold markup.
func reasonPolicy(t *testing.T) *policy.Policy {
	t.Helper()
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	p.Bash.BlockPatterns = append(p.Bash.BlockPatterns, policy.CommandRule{
		Name: "deploy_prod", Pattern: "deploy prod",
		Description: `<img src=x onerror="window.__xss=1"> deploys & <b>bold</b> need a review`,
		Hint:        `open a <a href="x">pull request</a> instead`,
	})
	return p
}

// TestBrowserReasonColumn: records carry only the spec's reason; the REASON
// cell shows, above it, what the console's policy says the rule protects
// (Policy.Help), and the detail view what it protects, what to do instead
// and how to allow it. Every text goes in as text, each line is cut with an
// ellipsis, and the cell's title holds both whole.
func TestBrowserReasonColumn(t *testing.T) {
	long := "path '<redacted>' matches glob '~/.ssh/**'\n" + strings.Repeat("and path '<redacted>' matches glob '~/.aws/credentials' ", 4)
	recs := []reasonRecord{ // oldest first; none carries an explanation
		{"git_reset_hard", `matched /(?:^|\| )git(?: -\S+(?: [^-|\s]\S*)*)* reset\b[^|;&]* --hard\b/ in '<redacted>'`},
		{"deploy_prod", `matched /<img src=x onerror="window.__xss=2"> & <b>bold</b>/ in '<redacted>'`},
		{"retired_rule", "matched /old/ in '<redacted>'"},
		{"", ""},
		{"blocked_path", long},
	}
	pol := reasonPolicy(t)
	path := filepath.Join(t.TempDir(), "audit.log")
	var lines strings.Builder
	chain := loggen.NewChain(nil)
	for i, r := range recs {
		rec := event.Record{TS: fmt.Sprintf("2026-11-21T09:00:0%d.000Z", i), Hook: event.HookPreToolUse, Verdict: "allow",
			Agent: "a", Event: event.HookPreToolUse, User: "ada", Host: "box"}
		if r.rule != "" {
			rec.Verdict, rec.Rule, rec.Reason = "block", r.rule, r.reason
		}
		line, err := chain.Line(&rec)
		if err != nil {
			t.Fatal(err)
		}
		lines.Write(append(line, '\n'))
	}
	appendRaw(t, path, lines.String())
	s := newSessionWith(t, path, Config{Help: pol.Help})
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`document.querySelectorAll('#rows tr.row').length === 5`)
	s.tableMatchesAPI()
	row := func(i int) string { return fmt.Sprintf(`document.querySelectorAll('#rows tr.row')[%d]`, i) }
	for i := range recs {
		r := recs[len(recs)-1-i] // newest first
		// The expected text comes from the policy, not from the API's answer:
		// a console that stops looking the help up fails here.
		h, known := pol.Help(r.rule)
		want := reasonCell(h.Description, r.reason)
		cell := row(i) + `.querySelector('td.reason')`
		if got := s.eval(cell + `.textContent`); got != want {
			t.Errorf("row %d (%s): reason cell %q, want %q", i, r.rule, got, want)
		}
		if got, wantWhy := s.eval(`(`+cell+`.querySelector('.why') || {}).textContent || ''`), reasonLine(h.Description); known && got != wantWhy {
			t.Errorf("row %d (%s): the help line is %q, want %q", i, r.rule, got, wantWhy)
		}
		title := r.reason
		if known {
			title = h.Description + "\n" + r.reason
		}
		if got := s.eval(cell + `.title`); got != title {
			t.Errorf("row %d: title %q, want %q", i, got, title)
		}
	}
	if d, _ := pol.Help("git_reset_hard"); !strings.Contains(d.Description, "uncommitted change") {
		t.Fatalf("git_reset_hard's help: %q", d.Description) // the test's premise
	}
	if n := s.eval(`String(document.querySelectorAll('#rows img, #rows b, #rows a').length)`); n != "0" || s.eval(`String(window.__xss)`) != "undefined" {
		t.Errorf("markup in a reason or a rule's help became elements (%s) or ran", n)
	}
	// The long reason: cut at 160 characters, each line ends with an
	// ellipsis where the column ends, within the table.
	last := row(0) + `.querySelector('td.reason')`
	if got := s.eval(last + `.querySelector('.spec').textContent`); len([]rune(got)) != 160 || !strings.HasSuffix(got, "…") || strings.Contains(got, "\n") {
		t.Errorf("long reason in the table: %q", got)
	}
	for _, w := range widths {
		s.setWidth(w)
		s.checkLayout(w, "the reason column")
		for _, part := range []string{".why", ".spec"} {
			el := last + `.querySelector('` + part + `')`
			if c := s.eval(el + `.scrollWidth > ` + el + `.clientWidth && getComputedStyle(` + el + `).textOverflow === 'ellipsis' ? 'cut' : 'whole'`); c != "cut" {
				t.Errorf("%d px: the long reason's %s line is not cut by its column (%s)", w, part, c)
			}
		}
		s.eval(`document.getElementById('events-title').scrollIntoView(), ''`)
		s.screenshot(fmt.Sprintf("console-%d-reasons.png", w), false)
	}
	s.setWidth(1400)
	s.checkDetailHelp(pol, recs)
}

// checkDetailHelp opens the detail view of each of recs' rows and checks
// that it shows the spec's reason whole and what pol says of the rule.
func (s *consoleSession) checkDetailHelp(pol *policy.Policy, recs []reasonRecord) {
	s.t.Helper()
	field := func(name string) string {
		return s.eval(fmt.Sprintf(`(document.querySelector('#detail-list dd[data-field=%q]') || {}).textContent || ''`, name))
	}
	for i := range recs {
		r := recs[len(recs)-1-i]
		s.do(chromedp.Click(chromedp.CSS(fmt.Sprintf("#rows tr.row:nth-child(%d) td.ts", i+1))))
		s.waitFor(`document.getElementById('detail').open`)
		if got := field("Reason"); got != r.reason && !(r.reason == "" && got == "—") {
			s.t.Errorf("%s: detail view reason %q, want the whole text", r.rule, got)
		}
		h, known := pol.Help(r.rule)
		got := [3]string{field("Protects"), field("Instead"), field("To allow")}
		if want := [3]string{h.Description, h.Hint, h.Allow}; got != want {
			s.t.Errorf("%s: detail view help %q, want %q", r.rule, got, want)
		}
		if about := field("About the rule"); (r.rule != "" && !known) != strings.Contains(about, "has no rule "+r.rule) {
			s.t.Errorf("%s: detail view about the rule: %q", r.rule, about)
		}
		if n := s.eval(`String(document.querySelectorAll('#detail-list img, #detail-list b, #detail-list a').length)`); n != "0" || s.eval(`String(window.__xss)`) != "undefined" {
			s.t.Errorf("%s: markup in the detail view became elements (%s) or ran", r.rule, n)
		}
		switch r.rule {
		case "blocked_path":
			if ws := s.eval(`getComputedStyle(document.querySelector('#detail-list dd[data-field="Reason"]')).whiteSpace`); ws != "pre-wrap" {
				s.t.Errorf("detail reason white-space %s: its line breaks are lost", ws)
			}
		case "git_reset_hard":
			s.checkAccessible("the detail view of a rule's help")
			for _, w := range widths {
				s.setWidth(w)
				s.screenshot(fmt.Sprintf("console-%d-reason-modal.png", w), false)
			}
			s.setWidth(1400)
		}
		s.do(chromedp.KeyEvent(kb.Escape))
		s.waitFor(`!document.getElementById('detail').open`)
	}
}

// TestBrowserIntegrityBadge: the top bar says whether the chain holds up to
// the head and where guard's last checkpoint is; a chain break or an anchor
// regression turns it red, at both widths.
func TestBrowserIntegrityBadge(t *testing.T) {
	path, anchor := anchoredLog(t, 40)
	s := newSessionWith(t, path, Config{AnchorFile: anchor})
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`document.getElementById('integrity-text').textContent !== ''`)
	if got := s.text("#integrity-text"); got != "Chain verified · 40 records" {
		t.Errorf("badge %q", got)
	}
	if c := s.eval(`document.getElementById('integrity').className`); c != "integrity ok" {
		t.Errorf("badge class %q", c)
	}
	rep, err := audit.VerifyWith(path, audit.VerifyOptions{AnchorFile: anchor})
	if err != nil {
		t.Fatal(err)
	}
	s.do(chromedp.Click(chromedp.CSS("#integrity-badge")))
	s.waitFor(`document.getElementById('integrity').open`)
	panel := s.text("#integrity-list")
	for _, want := range []string{"verified: 40 records", rep.Head, fmt.Sprintf("record %d, head %s", rep.Anchor.Entries, rep.Anchor.Head[:12]), "held by the log"} {
		if !strings.Contains(panel, want) {
			t.Errorf("panel lacks %q: %s", want, panel)
		}
	}
	s.checkAccessible("the integrity panel")
	for _, w := range widths {
		s.setWidth(w)
		s.checkLayout(w, "the open integrity panel")
		s.screenshot(fmt.Sprintf("console-%d-integrity.png", w), false)
	}
	s.do(chromedp.Click(chromedp.CSS("#integrity-badge")))
	s.waitFor(`!document.getElementById('integrity').open`)

	// An anchor regression: the log is deleted with its lock file. Red,
	// with what was lost.
	for _, p := range []string{path, path + audit.LockSuffix} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	s.waitFor(`document.getElementById('integrity').className === 'integrity bad'`)
	if got := s.text("#integrity-text"); got != "Records lost" {
		t.Errorf("badge after the log was deleted: %q", got)
	}
	if bg := s.eval(`getComputedStyle(document.getElementById('integrity-badge')).backgroundColor`); bg != "rgb(180, 35, 24)" {
		t.Errorf("badge background %s, want red", bg)
	}
	s.do(chromedp.Click(chromedp.CSS("#integrity-badge")))
	s.waitFor(`document.getElementById('integrity').open`)
	panel = s.text("#integrity-list")
	for _, want := range []string{"the log no longer holds it", "guard's anchor says it held", "the console saw 40 records"} {
		if !strings.Contains(panel, want) {
			t.Errorf("panel lacks %q: %s", want, panel)
		}
	}
	if n := s.eval(`String(document.querySelectorAll('#integrity-list dd.problem').length)`); n != "2" {
		t.Errorf("%s problems shown in red, want 2", n)
	}
	s.checkAccessible("the integrity panel of a cut log")
	for _, w := range widths {
		s.setWidth(w)
		s.checkLayout(w, "a cut log")
		s.screenshot(fmt.Sprintf("console-%d-integrity-lost.png", w), false)
	}
}

// TestBrowserIntegrityChainBroken: a changed record breaks the chain where
// `guard audit verify` says, and the badge names the entry.
func TestBrowserIntegrityChainBroken(t *testing.T) {
	path := writeLog(t, 60, 7)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	lines[20] = strings.Replace(lines[20], `"user":"`, `"user":"x`, 1)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := audit.VerifyWith(path, audit.VerifyOptions{IgnoreCheckpoint: true})
	var ce *audit.ChainError
	if !errors.As(err, &ce) {
		t.Fatalf("verify: %v", err)
	}
	s := newSession(t, path)
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`document.getElementById('integrity').className === 'integrity bad'`)
	if got, want := s.text("#integrity-text"), fmt.Sprintf("Chain broken at entry %d", ce.Entry); got != want {
		t.Errorf("badge %q, want %q", got, want)
	}
	if b := s.text("#banner"); !strings.Contains(b, fmt.Sprintf("hash mismatch at entry %d", ce.Entry)) {
		t.Errorf("banner: %q", b)
	}
	s.setWidth(390)
	s.checkLayout(390, "a broken chain")
	s.screenshot("console-390-chain-broken.png", false)
}

// TestBrowserStoppedConsole: when the console stops, the page says so and
// how to start it — never the browser's "Failed to fetch" — and picks up
// again by itself when it is back.
func TestBrowserStoppedConsole(t *testing.T) {
	path := writeLog(t, 250, 21)
	h := newTestHandler(t, path, Config{})
	srv := httptest.NewServer(h)
	addr := srv.Listener.Addr().String()
	b := newBrowser(t, srv.URL)
	s := &consoleSession{browser: b, srv: srv}
	s.do(chromedp.Navigate(srv.URL + "/"))
	s.waitFor(`document.querySelectorAll('#rows tr.row').length === 100 && document.getElementById('live').classList.contains('ok')`)
	srv.Close()

	s.waitFor(`!document.getElementById('banner').hidden && document.getElementById('live-text').textContent === 'Console stopped'`)
	msg := s.text("#banner")
	for _, want := range []string{"The console is not running", "guard service start", "listens on 127.0.0.1:7070, not here", "reconnects by itself", "The figures below are from"} {
		if !strings.Contains(msg, want) {
			t.Errorf("banner lacks %q: %s", want, msg)
		}
	}
	if strings.Contains(msg, "Failed to fetch") || strings.Contains(msg, "TypeError") {
		t.Errorf("banner: %s", msg)
	}
	// The page is not on guard serve's default port: the command that
	// brings it back names this one (the service would start on 7070).
	_, port, _ := net.SplitHostPort(addr)
	if codes := s.eval(`Array.from(document.querySelectorAll('#banner code')).map(c => c.textContent).join('|')`); codes != "guard serve --port "+port+"|guard service start" {
		t.Errorf("commands in the banner: %s", codes)
	}
	if n := s.eval(`String(document.querySelectorAll('#rows tr.row').length)`); n != "100" {
		t.Errorf("the last figures are gone: %s rows", n)
	}
	for _, w := range widths {
		s.setWidth(w)
		s.checkLayout(w, "a stopped console")
		s.checkAccessible("a stopped console")
		s.screenshot(fmt.Sprintf("console-%d-stopped.png", w), false)
	}

	// Started again on the same address: the page reconnects.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s again: %v", addr, err)
	}
	again := NewServer(h)
	go again.Serve(ln)
	defer again.Close()
	s.waitFor(`document.getElementById('banner').hidden && document.getElementById('live').classList.contains('ok')`)
}

// TestBrowserRulesChartRoom: with as many rules as the chart lists (20),
// each bar keeps room for its 12 px label at 1400 and at 390 px, so the
// rule names do not overlap: the chart grows with its bars.
func TestBrowserRulesChartRoom(t *testing.T) {
	rules := make([]string, maxByRule)
	for i := range rules {
		rules[i] = fmt.Sprintf("rule_%02d", i)
	}
	s := newSession(t, helpLog(t, rules...))
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(fmt.Sprintf(`document.querySelectorAll('#rows tr.row').length === %d`, maxByRule))
	for _, w := range widths {
		s.setWidth(w)
		s.checkLayout(w, "a chart of 20 rules")
		js := `(() => { const c = Chart.getChart('chart-rules'); if (!c || c.data.labels.length !== 20) return 'no chart of 20 rules';
  const y = c.scales.y, step = (y.bottom - y.top) / c.data.labels.length;
  return step >= 14 ? '' : 'a bar has ' + step.toFixed(1) + ' px for a 12 px label'; })()`
		for try := 0; ; try++ {
			bad := s.eval(js)
			if bad == "" {
				break
			}
			if try > 40 {
				t.Fatalf("rules chart at %d px: %s", w, bad)
			}
			time.Sleep(50 * time.Millisecond) // the chart may still be resizing
		}
		s.screenshot(fmt.Sprintf("console-%d-rules20.png", w), false)
	}
}

// TestBrowserExportBadge: with the OpenTelemetry export on, a badge beside
// the integrity one says how far it got, and shows a chain break it found
// in red, with the hashes in its panel; with export off there is none.
func TestBrowserExportBadge(t *testing.T) {
	path := writeLog(t, 30, 3)
	off := newSession(t, path)
	off.do(chromedp.Navigate(off.srv.URL + "/"))
	off.waitFor(`document.getElementById('integrity').hidden === false`)
	if h := off.eval(`String(document.getElementById('export').hidden)`); h != "true" {
		t.Errorf("export off: badge hidden = %s, want true", h)
	}
	status := map[string]any{"endpoint": "http://127.0.0.1:4318/v1/logs", "shipped": 31, "offset": 9000,
		"last_ack": "2026-11-26T10:00:00Z", "breaks": []map[string]any{{"reason": "cursor",
			"expected": strings.Repeat("ab", 32), "found": strings.Repeat("cd", 32), "offset": 120, "time": "2026-11-26T10:00:00Z"}}}
	s := newSessionWith(t, path, Config{Export: func() any { return status }})
	s.do(chromedp.Navigate(s.srv.URL + "/"))
	s.waitFor(`document.getElementById('export').className === 'integrity bad'`)
	if got := s.text("#export-text"); got != "Export: chain break" {
		t.Errorf("badge %q, want Export: chain break", got)
	}
	s.do(chromedp.Click("#export-badge", chromedp.NodeVisible))
	if list := s.text("#export-list"); !strings.Contains(list, "Chain break (cursor)") || !strings.Contains(list, strings.Repeat("cd", 32)) {
		t.Errorf("panel %q: want the break and the hash found", list)
	}
	for _, w := range widths {
		s.setWidth(w)
		s.checkLayout(w, "an export chain break")
	}
	s.screenshot("console-390-export-break.png", false)
}
