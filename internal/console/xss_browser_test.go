package console

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// xssPayload is markup an attacker can put in every free-text field of a
// record: a cloned repository's origin URL (repo), a hand-edited log line
// (rule, reason, event, tool, policy_version), a user or host name.
const xssPayload = `"><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><svg onload="window.__xss=3">`

// TestBrowserHostileFields: records whose fields hold HTML and script are
// shown as text in the table, the chart and the detail modal; nothing runs
// and no element is created from them.
func TestBrowserHostileFields(t *testing.T) {
	chromium(t)
	path := filepath.Join(t.TempDir(), "audit.log")
	var lines []string
	for i, verdict := range []string{"block", "allow"} {
		rec := map[string]any{
			"ts": "2026-01-02T03:04:0" + string(rune('5'+i)) + ".000Z", "hook": "PreToolUse", "verdict": verdict,
			"user": xssPayload, "host": xssPayload, "repo": xssPayload, "input_hash": "",
			"prev_hash": strings.Repeat("0", 64), "tokens_in": 1, "policy_version": xssPayload,
			"agent": "a", "event": xssPayload, "tool": xssPayload,
		}
		if verdict == "block" {
			rec["rule"], rec["reason"] = xssPayload, xssPayload
		}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newTestHandler(t, path, Config{}))
	defer srv.Close()
	b := newBrowser(t, srv.URL)

	b.do(chromedp.Navigate(srv.URL + "/"))
	b.waitFor(`document.querySelectorAll('#rows tr.row').length === 2`)
	if !strings.Contains(b.text("#rows"), xssPayload) {
		t.Errorf("table does not show the fields as text: %s", b.text("#rows"))
	}
	for _, row := range []string{"#rows tr.row:nth-child(1)", "#rows tr.row:nth-child(2)"} {
		// The first cell: the row is wider than the screen (the payload is
		// long), and its middle is scrolled out of the table's box.
		b.do(chromedp.Click(chromedp.CSS(row + " td.ts")))
		b.waitFor(`document.getElementById('detail').open`)
		if got := strings.Count(b.text("#detail-list"), xssPayload); got < 5 {
			t.Errorf("%s: modal shows the payload as text %d times, want every free-text field", row, got)
		}
		b.do(chromedp.Click(chromedp.CSS("#detail-close")))
		b.waitFor(`!document.getElementById('detail').open`)
	}
	if n := b.eval(`String(document.querySelectorAll('main img, main svg, main script, dialog img, dialog svg, dialog script, img:not([src="favicon.svg"])').length)`); n != "0" {
		t.Errorf("%s elements built from record fields", n)
	}
	if x := b.eval(`String(window.__xss)`); x != "undefined" {
		t.Errorf("script from a record ran: window.__xss = %s", x)
	}
	for _, u := range b.urls {
		if strings.HasSuffix(u, "/x") {
			t.Errorf("the page fetched %s, a URL from a record", u)
		}
	}
}
