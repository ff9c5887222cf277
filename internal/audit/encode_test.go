package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// encodeReflect is the reference encode: encoding/json, HTML escaping off,
// as Append encoded records before appendRecord.
func encodeReflect(t testing.TB, rec *event.Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})
}

// TestEncodeEqualsJSON checks appendRecord against encoding/json on records
// whose strings hold every byte class the escaping treats apart.
func TestEncodeEqualsJSON(t *testing.T) {
	odd := "<a&b> \"q\" \\ \b\f\n\r\t\x00\x1f\x7f é \u2028\u2029 \xff\xc3 😀 " + event.Redacted
	tests := []struct {
		name string
		rec  event.Record
	}{
		{"zero", event.Record{}},
		{"usual", testRecord(1)},
		{"odd strings", event.Record{TS: odd, Hook: odd, Verdict: odd, Rule: odd, Reason: odd, User: odd, Host: odd, Repo: odd,
			InputHash: odd, PrevHash: odd, TokensIn: -7, PolicyVersion: odd, Agent: odd, Event: odd, Tag: odd, Tool: odd,
			Action: odd, Findings: []string{odd, "", "b"}}},
		{"empty findings", event.Record{Findings: []string{}}},
		{"one empty finding", event.Record{Findings: []string{""}, TokensIn: 1 << 40}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := appendRecord(nil, &tt.rec)
			if want := encodeReflect(t, &tt.rec); !bytes.Equal(got, want) {
				t.Fatalf("appendRecord\n%s\nencoding/json\n%s", got, want)
			}
		})
	}
}

// FuzzEncode checks that appendRecord is byte-identical to encoding/json on
// any record.
func FuzzEncode(f *testing.F) {
	f.Add("2026-01-01T00:00:00.000Z", "PreToolUse", "block", "rule_rm", "matched <x> & \"y\"", "dev", "a\u2028b", "\xff", 3, "v1", "a", "ev", "", "Bash", "", "f1\x00f2")
	f.Add("", "", "", "", "", "", "", "", 0, "", "", "", "t", "", "withheld", "")
	f.Fuzz(func(t *testing.T, ts, hook, verdict, rule, reason, user, host, repo string, tokens int, version, agentName, ev, tag, tool, action, findings string) {
		rec := event.Record{TS: ts, Hook: hook, Verdict: verdict, Rule: rule, Reason: reason, User: user, Host: host, Repo: repo,
			InputHash: reason + user, PrevHash: host + repo, TokensIn: tokens, PolicyVersion: version, Agent: agentName, Event: ev,
			Tag: tag, Tool: tool, Action: action}
		if findings != "" {
			rec.Findings = strings.Split(findings, "\x00")
		}
		got := appendRecord(nil, &rec)
		if want := encodeReflect(t, &rec); !bytes.Equal(got, want) {
			t.Fatalf("appendRecord\n%q\nencoding/json\n%q", got, want)
		}
	})
}

// TestFieldKeys keeps the written-out tables of Scan in step with what they
// stand for.
func TestFieldKeys(t *testing.T) {
	if len(fieldKeys) != len(fieldOrder) {
		t.Fatalf("%d keys for %d fields", len(fieldKeys), len(fieldOrder))
	}
	for i, name := range fieldOrder {
		if want := `"` + name + `":`; fieldKeys[i] != want {
			t.Errorf("fieldKeys[%d] = %s, want %s", i, fieldKeys[i], want)
		}
	}
	if want := fmt.Sprintf("line over the %d-byte limit", MaxLineBytes); errTooLong.Error() != want {
		t.Errorf("errTooLong %q, want %q", errTooLong, want)
	}
}
