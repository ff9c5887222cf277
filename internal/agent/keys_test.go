package agent

import (
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestResultPlainKeysInput: a result's plain keys follow its texts as one
// input, each key once; non-plain keys stay texts.
func TestResultPlainKeysInput(t *testing.T) {
	for _, tt := range []struct{ response, want string }{
		{`{"rows":{"sk_live_abcdefghijklmnopqrstuvwx":1}}`, "rows\nsk_live_abcdefghijklmnopqrstuvwx\n"},
		{`[{"id":1,"name":"a"},{"id":2,"name":"b"}]`, "id\nname\n"},
		{`{"key 1":"v"}`, ""},
		{`"text"`, ""},
	} {
		c := &Call{}
		f, err := decodeObject([]byte(`{"tool_name":"mcp__x__y","tool_response":`+tt.response+`}`), "")
		if err != nil {
			t.Fatal(err)
		}
		if err := toolResult(c, f, "tool_response", true); err != nil {
			t.Fatal(err)
		}
		got := ""
		if n := c.Result.First + c.Result.Texts; n < len(c.Inputs) {
			got = c.Inputs[n].Text
			if c.Inputs[n].Kind != event.KindOutput || n != len(c.Inputs)-1 {
				t.Errorf("%s: keys input %+v at %d of %d", tt.response, c.Inputs[n], n, len(c.Inputs))
			}
		}
		if got != tt.want {
			t.Errorf("%s: keys %q, want %q", tt.response, got, tt.want)
		}
	}
}

// TestKeptText: what a withheld replacement keeps besides its notice.
func TestKeptText(t *testing.T) {
	for _, tt := range []struct{ repl, want string }{
		{`[{"type":"text","text":"N"}]`, "type\ntext\n"},
		{`{"a":{"jailbreak":""},"b":[{"jailbreak":"N"}]}`, "a\njailbreak\nb\n"},
		{`"N"`, ""},
	} {
		if got := KeptText([]byte(tt.repl), "N"); got != tt.want {
			t.Errorf("KeptText(%s) = %q, want %q", tt.repl, got, tt.want)
		}
	}
}

// BenchmarkResultRows: a 4 MiB MCP result of rows under plain keys, the
// shape whose keys guard reads.
func BenchmarkResultRows(b *testing.B) {
	var sb []byte
	sb = append(sb, `{"tool_name":"mcp__db__query","tool_response":{"rows":[`...)
	for i := 0; len(sb) < 4<<20; i++ {
		if i > 0 {
			sb = append(sb, ',')
		}
		sb = append(sb, `{"user_name":"ann","created_at":"2024-01-01","is_active":true,"email_address":"a@example.com","score":12}`...)
	}
	sb = append(sb, `]}}`...)
	b.SetBytes(int64(len(sb)))
	for b.Loop() {
		f, err := decodeObject(sb, "")
		if err != nil {
			b.Fatal(err)
		}
		if err := toolResult(&Call{}, f, "tool_response", true); err != nil {
			b.Fatal(err)
		}
	}
}
