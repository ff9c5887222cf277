package secret

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect"
)

// TestBrokenTokens: a token a program printed with one line break in it
// (a newline, CR LF, or either escaped) is found across the break and
// redacted on both sides of it; the lines around it stay.
func TestBrokenTokens(t *testing.T) {
	const aws = "Zq8vL2mN4pR7sT1uW3xY5zA6bC9dE0fG2hJ4kL6m"
	for _, tt := range []struct {
		name, text, rule string
		gone             []string
	}{
		{"ghp_ and a newline", "x " + ghToken[:20] + "\n" + ghToken[20:] + "\n", "vcs_token_ghp", []string{ghToken[:20], ghToken[20:]}},
		{"ghp_ and CR LF", "got " + ghToken[:12] + "\r\n" + ghToken[12:] + "\r\n", "vcs_token_ghp", []string{ghToken[4:12], ghToken[12:]}},
		{"ghp_ and an escaped newline", `print("` + ghToken[:20] + `\n` + ghToken[20:] + `")`, "vcs_token_ghp", []string{ghToken[:20], ghToken[20:]}},
		{"ghp_ and an escaped CR LF", `TOKEN = ` + ghToken[:20] + `\r\n` + ghToken[20:], "vcs_token_ghp", []string{ghToken[:20], ghToken[20:]}},
		{"a key's value and a newline", "AWS_SECRET_ACCESS_KEY=" + aws[:20] + "\n" + aws[20:] + "\n", "", []string{aws[:20], aws[20:]}},
	} {
		d := New()
		text := "before\n" + tt.text + "\nDEBUG=1\n"
		f, hit := d.Check(text)
		if !hit || tt.rule != "" && f.Rule != tt.rule {
			t.Errorf("%s: Check(%q) = %v, %v", tt.name, text, f, hit)
		}
		if hit && strings.Contains(f.Reason, tt.gone[0]) {
			t.Errorf("%s: the reason holds the value: %s", tt.name, f.Reason)
		}
		out := detect.Redact(text, d.FindAll(text))
		for _, g := range tt.gone {
			if strings.Contains(out, g) {
				t.Errorf("%s: %q left in %q", tt.name, g, out)
			}
		}
		if !strings.HasPrefix(out, "before\n") || !strings.HasSuffix(out, "\nDEBUG=1\n") || !strings.Contains(out, "[REDACTED:") {
			t.Errorf("%s: redacted %q", tt.name, out)
		}
	}
}

// TestBrokenNotJoined: lines of token characters that join into no rule's
// match, or only into one that is no part of the run across the break,
// are not found, and a token whole on its line is redacted without the
// next line.
func TestBrokenNotJoined(t *testing.T) {
	d := New()
	for _, s := range []string{
		"PASSWORD=changeme\nUSERNAME=admin123\nHOSTNAME=db.local\n",
		"password: changeme\\nusername: administrator\n",
		"0123456789abcdef0123456789abcdef01234567\njane_doe_example_org\n",
		"Refactor the authentication\nmiddleware so it retries\n",
		`C:\\new_folder_name\\reports_quarterly`,
		"ghp_\n" + strings.Repeat("x", 36) + "\n",
	} {
		if f, hit := d.Check(s); hit {
			t.Errorf("Check(%q) = %v", s, f)
		}
	}
	text := ghToken + "\nabcdefghij_next_line\n"
	if out := detect.Redact(text, d.FindAll(text)); out != "[REDACTED:vcs_token_ghp]\nabcdefghij_next_line\n" {
		t.Errorf("redacted %q", out)
	}
}

// FuzzBrokenRuns: whatever the text, each joined layer is the text's
// lines around one break with the break taken out, its offsets within
// the text, its run within it and holding the joint; and the layers
// together hold twice the text at most.
func FuzzBrokenRuns(f *testing.F) {
	f.Add("x " + ghToken[:20] + "\n" + ghToken[20:])
	f.Add(`a` + ghToken[:9] + `\r\n` + ghToken[9:] + `\\n\` + "\r\n\\")
	f.Add("abcdefgh\nabcdefgh\r\nabcdefgh\\nabcdefgh\\r\\nabcdefgh")
	f.Fuzz(func(t *testing.T, text string) {
		joined := 0
		brokenRuns(text, func(l *layer) bool {
			if l.start < 0 || l.end > len(text) || l.start >= l.end {
				t.Fatalf("layer [%d,%d) outside %d bytes", l.start, l.end, len(text))
			}
			if l.joint <= 0 || l.joint >= len(l.text) || l.run[0] > l.joint || l.run[1] < l.joint || l.run[1] > len(l.text) {
				t.Fatalf("joint %d, run %v in %q", l.joint, l.run, l.text)
			}
			bs, be := l.parent(l.joint-1)+1, l.parent(l.joint)
			if s, e := l.parentSpan(0, len(l.text)); s != l.start || e != l.end {
				t.Fatalf("parentSpan of the whole layer = [%d,%d), layer [%d,%d)", s, e, l.start, l.end)
			}
			if brk := text[bs:be]; brk != "\n" && brk != "\r\n" && brk != `\n` && brk != `\r\n` {
				t.Fatalf("joined across %q", brk)
			}
			if l.text != text[l.start:bs]+text[be:l.end] {
				t.Fatalf("layer %q of %q", l.text, text[l.start:l.end])
			}
			joined += len(l.text)
			return true
		})
		if joined > 2*len(text) {
			t.Fatalf("joined %d bytes of %d", joined, len(text))
		}
	})
}
