package agent

import (
	"slices"
	"testing"
)

// TestJoinedResult: a result of two texts or more carries the texts the model
// reads joined, line ends dropped at the seams; RedactJoined replaces the part
// of every text a span of the join touches.
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
	if c.Joined == nil || c.Joined.Text != "abcd" || c.Joined.Kind != c.Inputs[c.Result.First].Kind {
		t.Fatalf("joined %+v", c.Joined)
	}
	texts := []string{"ab\n", "cd"}
	out, key, touched := c.Result.RedactJoined(texts, 1, 3, "[R]")
	if !slices.Equal(out, []string{"a[R]\n", "[R]d"}) || key || !touched {
		t.Errorf("RedactJoined = %q %v %v", out, key, touched)
	}
	if out, _, touched := c.Result.RedactJoined(texts, 4, 4, "[R]"); touched || !slices.Equal(out, texts) {
		t.Errorf("empty span: %q %v", out, touched)
	}
	// One text: nothing joined.
	if c := parse(t, `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{},"tool_response":{"stdout":"ab","interrupted":false}}`); c.Joined != nil {
		t.Errorf("one text joined: %+v", c.Joined)
	}
	// Agent C: only llmContent's parts, which the model reads.
	p, err := Decode([]byte(`{"hook_event_name":"AfterTool","tool_name":"x","tool_input":{},"tool_response":{"llmContent":[{"text":"a"},{"text":"b"}],"returnDisplay":"zz"}}`))
	if err != nil {
		t.Fatal(err)
	}
	cc, err := Parse(C, p, Options{Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	if cc.Joined == nil || cc.Joined.Text != "ab" {
		t.Errorf("agent C joined %+v", cc.Joined)
	}
}
