package agent

import (
	"slices"
	"strings"
	"testing"
)

// TestJoinedResult: a result of two texts or more carries the texts the model
// reads joined, line ends dropped at the seams; RedactSegment replaces the
// part of every text a span of a segment touches.
func TestJoinedResult(t *testing.T) {
	parse := func(t *testing.T, payload string) *Call {
		t.Helper()
		p, err := Decode([]byte(payload))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Parse(A, p, Options{Getenv: func(string) string { return "PostToolUse" }})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := parse(t, `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{},"tool_response":{"stdout":"ab\n","stderr":"cd","interrupted":false}}`)
	// The texts joined, then each plain key joined to its value.
	if len(c.Joined) != 2 || c.Joined[0].Text != "abcd" || c.Joined[0].Kind != c.Inputs[c.Result.First].Kind || c.Joined[1].Text != "stdoutab\nstderrcd\n" {
		t.Fatalf("joined %+v", c.Joined)
	}
	texts := []string{"ab\n", "cd"}
	sg := c.Result.Segments(texts)[0]
	out, key, touched := c.Result.RedactSegment(texts, sg, 1, 3, "[R]")
	if !slices.Equal(out, []string{"a[R]\n", "[R]d"}) || key || !touched {
		t.Errorf("RedactSegment = %q %v %v", out, key, touched)
	}
	if out, _, touched := c.Result.RedactSegment(texts, sg, 4, 4, "[R]"); touched || !slices.Equal(out, texts) {
		t.Errorf("empty span: %q %v", out, touched)
	}
	// One text: no segment, only its key joined to it.
	if c := parse(t, `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{},"tool_response":{"stdout":"ab","interrupted":false}}`); len(c.Joined) != 1 || c.Joined[0].Text != "stdoutab\n" {
		t.Errorf("one text joined: %+v", c.Joined)
	}
	// Agent C: only llmContent's parts, which the model reads; a key
	// joined to the first text under it at any depth.
	p, err := Decode([]byte(`{"hook_event_name":"AfterTool","tool_name":"x","tool_input":{},"tool_response":{"llmContent":[{"text":"a"},{"text":"b"}],"returnDisplay":"zz"}}`))
	if err != nil {
		t.Fatal(err)
	}
	cc, err := Parse(C, p, Options{Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	if len(cc.Joined) != 2 || cc.Joined[0].Text != "ab" || cc.Joined[1].Text != "llmContentab\ntextab\nllmContenttextab\ntextb\n" {
		t.Errorf("agent C joined %+v", cc.Joined)
	}
}

// TestSegmentsOfLongTexts: a long text is joined to its neighbours by its
// head and its tail only, cut at line boundaries; the middle is not joined
// again, and a redaction in a tail lands at the right place of the text.
func TestSegmentsOfLongTexts(t *testing.T) {
	line := strings.Repeat("x", 99) + "\n"
	long := strings.Repeat(line, 1000) // 100,000 bytes
	r := &Result{keys: make([]bool, 3), top: []string{"stdout", "stderr", "other"}}
	texts := []string{"A", long, "B"}
	sgs := r.Segments(texts)
	if len(sgs) != 2 {
		t.Fatalf("%d segments", len(sgs))
	}
	for _, sg := range sgs {
		if len(sg.Text) > 2*SeamBytes {
			t.Errorf("segment of %d bytes", len(sg.Text))
		}
	}
	if !strings.HasPrefix(sgs[0].Text, "A"+line) || !strings.HasSuffix(sgs[0].Text, line) {
		t.Errorf("first segment %q…%q", sgs[0].Text[:10], sgs[0].Text[len(sgs[0].Text)-10:])
	}
	trimmed := strings.TrimRight(long, "\n")
	if !strings.HasSuffix(sgs[1].Text, trimmed[len(trimmed)-50:]+"B") || !strings.HasPrefix(sgs[1].Text, line) {
		t.Errorf("second segment starts %q", sgs[1].Text[:10])
	}
	// The last two bytes of the long text and "B".
	sg := sgs[1]
	n := len(sg.Text)
	out, _, touched := r.RedactSegment(texts, sg, n-3, n, "[R]")
	if !touched || out[2] != "[R]" || !strings.HasSuffix(out[1], "xx[R]\n") || len(out[1]) != len(long)-2+3 {
		t.Errorf("redaction in the tail: %v %q %q", touched, out[2], out[1][len(out[1])-8:])
	}
	// Short texts only: one segment, whole.
	if sgs := r.Segments([]string{"a", "b", "c"}); len(sgs) != 1 || sgs[0].Text != "abc" {
		t.Errorf("short texts %+v", sgs)
	}
}

// FuzzSegments: segments never exceed their bound, map back to the texts
// they come from, and hold every boundary between two texts the model
// reads.
func FuzzSegments(f *testing.F) {
	f.Add("ab\n", "cd", 10)
	f.Add(strings.Repeat("a\n", 20000), "b", 3)
	f.Fuzz(func(t *testing.T, a, b string, n int) {
		if n < 0 || n > 40000 {
			return
		}
		texts := []string{a + strings.Repeat("y", n), b}
		r := &Result{keys: make([]bool, 2), top: []string{"stdout", "stderr"}}
		for _, sg := range r.Segments(texts) {
			if len(sg.Text) > 2*(2*SeamBytes) {
				t.Fatalf("segment of %d bytes", len(sg.Text))
			}
			for _, p := range sg.pieces {
				if sg.Text[p.start:p.end] != texts[p.text][p.off:p.off+p.end-p.start] {
					t.Fatalf("piece %+v does not map back", p)
				}
			}
		}
	})
}
