package console

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/testenv"
)

// screenshotDir is where the browser tests keep their screenshots, as test
// artifacts: by default guard-console-screenshots in the system's temporary
// directory (each run replaces the files), logged by each test.
var screenshotDir = flag.String("console.screenshots", filepath.Join(os.TempDir(), "guard-console-screenshots"),
	"directory for the browser tests' screenshots")

// chromium returns the browser to drive, or skips the test when there is
// none (fails under CI, which installs it).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	testenv.Missing(t, "chromium")
	return ""
}

type browser struct {
	t    *testing.T
	ctx  context.Context
	base string

	mu       sync.Mutex
	urls     []string
	problems []string
}

func newBrowser(t *testing.T, base string) *browser {
	path := chromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	b := &browser{t: t, ctx: ctx, base: base}
	err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			b.urls = append(b.urls, e.Request.URL)
		case *runtime.EventExceptionThrown:
			b.problems = append(b.problems, "exception: "+e.ExceptionDetails.Text+" "+describe(e.ExceptionDetails.Exception))
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError || e.Entry.Source == log.EntrySourceSecurity {
				b.problems = append(b.problems, "log: "+e.Entry.Text+" "+e.Entry.URL)
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning {
				b.problems = append(b.problems, "console."+string(e.Type))
			}
		}
	})
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return b
}

func describe(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	return o.Description
}

func (b *browser) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

func (b *browser) eval(js string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.t.Fatalf("evaluate %s: %v", js, err)
	}
	return s
}

func (b *browser) text(sel string) string {
	return b.eval(fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

// waitFor polls a JavaScript condition until it holds (bounded by the test's
// context, not timed).
func (b *browser) waitFor(cond string) {
	b.t.Helper()
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		b.t.Fatalf("waiting for %s: %v", cond, err)
	}
}

// screenshot saves the viewport, or the whole page when full is set.
func (b *browser) screenshot(name string, full bool) {
	b.t.Helper()
	shot := chromedp.CaptureScreenshot()
	if full {
		shot = chromedp.FullScreenshot(100)
	}
	png, err := chromedp.Run(b.ctx, shot)
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	if err := os.MkdirAll(*screenshotDir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	path := filepath.Join(*screenshotDir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", path)
}

// accessibilityJS lists what fails two checks: every visible text meets the
// WCAG AA contrast ratio against its (blended) background, 4.5:1, or 3:1 for
// large text; every form control and button has an accessible name.
const accessibilityJS = `(() => {
  const rgb = s => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(',').map(parseFloat); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const background = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let base = {r: 255, g: 255, b: 255};
    for (let i = layers.length - 1; i >= 0; i--) {
      const c = layers[i];
      base = {r: c.r * c.a + base.r * (1 - c.a), g: c.g * c.a + base.g * (1 - c.a), b: c.b * c.a + base.b * (1 - c.a)};
    }
    return base;
  };
  const root = document.querySelector('dialog[open]') || document.body;
  const bad = [];
  root.querySelectorAll('*').forEach(el => {
    if (!Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) return;
    if (el.disabled || el.closest('.sr-only, [hidden], option')) return;
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    if (r.width < 2 || r.height < 2 || cs.visibility === 'hidden' || r.right < 0) return;
    const fg = rgb(cs.color), bg = background(el);
    const l1 = lum(fg), l2 = lum(bg);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < need) bad.push('contrast ' + ratio.toFixed(2) + ' < ' + need + ': ' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + el.textContent.trim().slice(0, 30) + '"');
  });
  root.querySelectorAll('select, input, button').forEach(el => {
    const named = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') ||
      (el.labels && el.labels.length) || (el.tagName === 'BUTTON' && el.textContent.trim());
    if (!named) bad.push('no accessible name: ' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : ''));
  });
  return bad.join('\n');
})()`

// checkAccessible fails the test on low-contrast text or unnamed controls in
// what is on screen (the open dialog, else the page).
func (b *browser) checkAccessible(where string) {
	b.t.Helper()
	if problems := b.eval(accessibilityJS); problems != "" {
		b.t.Errorf("accessibility of %s:\n%s", where, problems)
	}
}

func getJSON[T any](t *testing.T, url string) T {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v T
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func num(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// tableRow is an event as the table shows it, cells joined by |.
func tableRow(e Event, help map[string]policy.RuleHelp) string {
	dash := func(s string) string {
		if s == "" {
			return "—"
		}
		return s
	}
	return strings.Join([]string{e.TS, dash(e.Agent), e.Hook, dash(e.Tool), e.Verdict, dash(e.Rule), reasonCell(help[e.Rule].Description, e.Reason), dash(e.Repo), dash(e.User)}, "|")
}

// reasonCell is the REASON cell's text: with a description of the rule
// (the policy's help), that line above the reason; each is one line, white
// space runs as one space, at most 160 characters, the last an ellipsis
// when cut.
func reasonCell(desc, reason string) string {
	if desc == "" {
		return reasonLine(reason)
	}
	return reasonLine(desc) + reasonLine(reason)
}

// reasonLine is one line of the REASON cell as the table shows it.
func reasonLine(r string) string {
	one := strings.Join(strings.Fields(r), " ")
	if one == "" {
		return "—"
	}
	if rs := []rune(one); len(rs) > 160 {
		return string(rs[:159]) + "…"
	}
	return one
}

func TestBrowserConsole(t *testing.T) {
	chromium(t)
	path := writeLog(t, 250, 21)
	h := newTestHandler(t, path, Config{})
	srv := httptest.NewServer(h)
	defer srv.Close()
	b := newBrowser(t, srv.URL)

	b.do(chromedp.Navigate(srv.URL + "/"))
	b.waitFor(`document.querySelectorAll('#rows tr.row').length === 100 && document.getElementById('stat-total').textContent !== '—'`)

	// Counters equal the API.
	s := getJSON[Stats](t, srv.URL+"/api/stats")
	for sel, want := range map[string]string{
		"#stat-total":   num(s.Total),
		"#stat-blocked": num(s.Blocked),
		"#stat-allowed": num(s.Allowed),
		"#stat-rate":    fmt.Sprintf("%.2f%%", s.BlockRate),
		"#stat-tokens":  num(s.TokensTotal),
	} {
		if got := b.text(sel); got != want {
			t.Errorf("%s = %q, want %q", sel, got, want)
		}
	}
	if n := b.eval(`String(document.querySelectorAll('canvas').length)`); n != "2" {
		t.Errorf("%s charts", n)
	}
	if drawn := b.eval(`String(!!(window.Chart && Chart.getChart('chart-rules') && Chart.getChart('chart-timeline')))`); drawn != "true" {
		t.Error("charts not drawn")
	}
	b.screenshot("console-1400.png", false)
	b.screenshot("console-1400-full.png", true)
	b.checkAccessible("the page")

	// The table shows the API's first page, newest first.
	checkPage := func(query string, page int) {
		t.Helper()
		p := getJSON[eventsAnswer](t, srv.URL+"/api/events?limit=100&page="+fmt.Sprint(page)+query)
		first := (page-1)*100 + 1
		want := fmt.Sprintf("%d-%d of %d", first, first+len(p.Events)-1, p.Total)
		b.waitFor(fmt.Sprintf(`document.getElementById('range').textContent === %q`, want))
		b.waitFor(fmt.Sprintf(`document.querySelectorAll('#rows tr.row').length === %d`, len(p.Events)))
		cells := b.eval(`Array.from(document.querySelectorAll('#rows tr.row')).map(r => Array.from(r.cells).map(c => c.textContent).join('|')).join('\n')`)
		var wantRows []string
		for _, e := range p.Events {
			wantRows = append(wantRows, tableRow(e, p.Help))
		}
		if cells != strings.Join(wantRows, "\n") {
			t.Fatalf("%s page %d: table differs from the API", query, page)
		}
	}
	checkPage("", 1)
	if cols := b.eval(`Array.from(document.querySelectorAll('thead th')).map(th => th.textContent.trim()).join('|')`); cols != "TIMESTAMP|AGENT|HOOK|TOOL|VERDICT|RULE|REASON|REPO|USER" {
		t.Errorf("columns: %q", cols)
	}
	if b.eval(`String(document.getElementById('prev').disabled)`) != "true" {
		t.Error("prev enabled on page 1")
	}
	b.do(chromedp.Click(chromedp.CSS("#next")))
	checkPage("", 2)
	b.do(chromedp.Click(chromedp.CSS("#next")))
	checkPage("", 3)
	if b.eval(`String(document.getElementById('next').disabled)`) != "true" {
		t.Error("next enabled on the last page")
	}

	// Changing a filter returns to page 1.
	setFilter := func(id, value string) {
		b.eval(fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event('change')); return '' })()`, id, value))
	}
	setFilter("f-verdict", "block")
	checkPage("&verdict=block", 1)
	setFilter("f-hook", "PreToolUse")
	checkPage("&verdict=block&hook=PreToolUse", 1)
	setFilter("f-verdict", "allow")
	checkPage("&verdict=allow&hook=PreToolUse", 1)
	b.do(chromedp.Click(chromedp.CSS("#next")))
	checkPage("&verdict=allow&hook=PreToolUse", 2)
	setFilter("f-hook", "")
	checkPage("&verdict=allow", 1)
	setFilter("f-verdict", "")
	checkPage("", 1)

	// A row opens the detail modal; its button, a click outside and Escape
	// close it, and focus goes back to the row.
	first := getJSON[Page](t, srv.URL+"/api/events?limit=3").Events
	open := `document.getElementById('detail').open`
	b.do(chromedp.Click(chromedp.CSS("#rows tr.row")))
	b.waitFor(open)
	detail := b.text("#detail-list")
	for _, want := range []string{"Timestamp", first[0].TS, "Hook", "Verdict", "Rule", "Reason", "Repository", first[0].Repo, "User", "Host", first[0].Host, "Input hash", first[0].InputHash} {
		if !strings.Contains(detail, want) {
			t.Errorf("modal lacks %q: %s", want, detail)
		}
	}
	b.screenshot("console-modal.png", false)
	b.checkAccessible("the detail modal")
	b.do(chromedp.Click(chromedp.CSS("#detail-close")))
	b.waitFor("!" + open)
	b.waitFor(`document.activeElement && document.activeElement.dataset.index === '0'`)

	b.eval(`document.querySelectorAll('#rows tr.row')[2].focus(), ''`)
	b.do(chromedp.KeyEvent(kb.Enter))
	b.waitFor(open)
	if !strings.Contains(b.text("#detail-list"), first[2].InputHash) {
		t.Error("Enter on row 3 did not open its details")
	}
	b.do(chromedp.KeyEvent(kb.Escape))
	b.waitFor("!" + open)
	b.waitFor(`document.activeElement && document.activeElement.dataset.index === '2'`)

	b.do(chromedp.Click(chromedp.CSS("#rows tr.row")))
	b.waitFor(open)
	b.do(chromedp.MouseClickXY(8, 8)) // the backdrop, outside the dialog
	b.waitFor("!" + open)

	// New records show up by themselves; the page and filters stay.
	b.do(chromedp.Click(chromedp.CSS("#next")))
	checkPage("", 2)
	appendRecords(t, path, 5, "block", "Stop")
	b.waitFor(fmt.Sprintf(`document.getElementById('stat-total').textContent === %q`, num(s.Total+5)))
	checkPage("", 2)
	setFilter("f-verdict", "allow")
	checkPage("&verdict=allow", 1)
	b.do(chromedp.Click(chromedp.CSS("#next")))
	checkPage("&verdict=allow", 2)
	appendRecords(t, path, 3, "allow", "PreToolUse")
	// The counters follow the filter: the allowed events, of all in the log.
	b.waitFor(fmt.Sprintf(`document.getElementById('stat-total').textContent === %q`, num(s.Allowed+3)))
	if scope := b.text("#scope"); !strings.HasPrefix(scope, num(s.Allowed+3)+" of "+num(s.Total+8)+" events match the filters") {
		t.Errorf("scope line: %q", scope)
	}
	checkPage("&verdict=allow", 2)
	if v := b.eval(`document.getElementById('f-verdict').value + '|' + document.getElementById('f-hook').value`); v != "allow|" {
		t.Errorf("filters after a refresh: %q", v)
	}

	// Phone widths: nothing spills sideways out of the page (the table
	// scrolls inside its own box), every filter is on screen.
	for _, width := range []int64{390, 360} {
		b.do(chromedp.EmulateViewport(width, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		b.waitFor(fmt.Sprintf(`document.documentElement.clientWidth === %d`, width))
		b.waitFor(fmt.Sprintf(`document.documentElement.scrollWidth <= %[1]d && Array.from(document.querySelectorAll('.panel, .card, .topbar, .field, .pager, .exports, canvas')).every(e => e.getBoundingClientRect().right <= %[1]d + 1 && e.getBoundingClientRect().left >= -1)`, width))
		b.screenshot(fmt.Sprintf("console-%d.png", width), false)
		b.eval(`document.getElementById('events-title').scrollIntoView(), ''`)
		b.screenshot(fmt.Sprintf("console-%d-events.png", width), false)
		b.eval(`window.scrollTo(0, 0), ''`)
	}

	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.urls) == 0 {
		t.Error("no requests seen")
	}
	for _, u := range b.urls {
		if !strings.HasPrefix(u, srv.URL+"/") {
			t.Errorf("request left the test server: %s", u)
		}
	}
	for _, p := range b.problems {
		t.Errorf("browser reported: %s", p)
	}
}
