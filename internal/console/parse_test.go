package console

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		wantErr bool
		hook    string
		verdict string
		rule    string
		tokens  int64
		ts      string // RFC 3339 of the expected time
	}{
		{name: "writer form", line: `{"ts":"2026-11-20T10:00:00.123Z","hook":"PreToolUse","verdict":"block","rule":"dangerous_rm","reason":"x","tokens_in":42,"findings":["a",{"b":[1,2.5e3,null,true,false]}]}`,
			hook: "PreToolUse", verdict: "block", rule: "dangerous_rm", tokens: 42, ts: "2026-11-20T10:00:00.123Z"},
		{name: "spaces and other order", line: " { \"tokens_in\" : 7 , \"verdict\":\"allow\", \"hook\":\"Stop\",\"ts\":\"2026-11-20T10:00:00+02:00\" } ",
			hook: "Stop", verdict: "allow", tokens: 7, ts: "2026-11-20T08:00:00Z"},
		{name: "no fraction", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow"}`, hook: "Stop", verdict: "allow", ts: "2026-01-02T03:04:05Z"},
		{name: "escapes", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Pre\u0054oolUse","verdict":"block","rule":"a\/b\"c\ud83d\ude00"}`,
			hook: "PreToolUse", verdict: "block", rule: "a/b\"c\U0001F600", ts: "2026-01-02T03:04:05Z"},
		{name: "last duplicate wins", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","hook":"PostToolUse","verdict":"allow"}`, hook: "PostToolUse", verdict: "allow", ts: "2026-01-02T03:04:05Z"},
		{name: "null tokens and rule", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow","rule":null,"tokens_in":null}`, hook: "Stop", verdict: "allow", ts: "2026-01-02T03:04:05Z"},
		{name: "other verdict kept", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"redact"}`, hook: "Stop", verdict: "redact", ts: "2026-01-02T03:04:05Z"},

		{name: "empty", line: ``, wantErr: true},
		{name: "torn", line: `{"ts":"2026-11-20T10:00:00.123Z","hook":"PreToolUse","verd`, wantErr: true},
		{name: "not an object", line: `["ts"]`, wantErr: true},
		{name: "trailing garbage", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow"}x`, wantErr: true},
		{name: "two objects", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow"}{}`, wantErr: true},
		{name: "missing verdict", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop"}`, wantErr: true},
		{name: "empty hook", line: `{"ts":"2026-01-02T03:04:05Z","hook":"","verdict":"allow"}`, wantErr: true},
		{name: "bad time", line: `{"ts":"yesterday","hook":"Stop","verdict":"allow"}`, wantErr: true},
		{name: "bad day", line: `{"ts":"2026-02-30T03:04:05.000Z","hook":"Stop","verdict":"allow"}`, wantErr: true},
		{name: "hook not a string", line: `{"ts":"2026-01-02T03:04:05Z","hook":4,"verdict":"allow"}`, wantErr: true},
		{name: "negative tokens", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow","tokens_in":-1}`, wantErr: true},
		{name: "fractional tokens", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow","tokens_in":1.5}`, wantErr: true},
		{name: "bad escape", line: `{"ts":"2026-01-02T03:04:05Z","hook":"St\xop","verdict":"allow"}`, wantErr: true},
		{name: "control char", line: "{\"ts\":\"2026-01-02T03:04:05Z\",\"hook\":\"St\top\",\"verdict\":\"allow\"}", wantErr: true},
		{name: "bad number", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow","x":01}`, wantErr: true},
		{name: "too deep", line: `{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow","x":` + string(bytes.Repeat([]byte("["), 100)) + string(bytes.Repeat([]byte("]"), 100)) + `}`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f fields
			err := parseLine([]byte(tt.line), &f)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			want, _ := time.Parse(time.RFC3339Nano, tt.ts)
			if string(f.hook) != tt.hook || string(f.verdict) != tt.verdict || string(f.rule) != tt.rule ||
				f.tokens != tt.tokens || f.tsMS != want.UnixMilli() {
				t.Errorf("got hook %q verdict %q rule %q tokens %d ts %d", f.hook, f.verdict, f.rule, f.tokens, f.tsMS)
			}
		})
	}
}

func TestParseLineTooLong(t *testing.T) {
	line := []byte(`{"ts":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow","reason":"` + string(bytes.Repeat([]byte("a"), maxLine)) + `"}`)
	var f fields
	if err := parseLine(line, &f); err != errTooLarge {
		t.Fatalf("err = %v, want errTooLarge", err)
	}
}

// FuzzParseLine checks the scanner against encoding/json: whatever it
// accepts is valid JSON, and the fields it extracts are the ones
// encoding/json decodes (exact keys, last duplicate wins).
func FuzzParseLine(f *testing.F) {
	f.Add([]byte(`{"ts":"2026-11-20T10:00:00.123Z","hook":"PreToolUse","verdict":"block","rule":"dangerous_rm","tokens_in":42}`))
	f.Add([]byte(`{"ts":"2026-11-20T10:00:00+02:00","hook":"Stop","verdict":"allow","findings":[{"a":[1,-2.5e-3]}],"x":null}`))
	f.Add([]byte(`{"ts":"2026-01-02T03:04:05Z","hook":"\u0053top","verdict":"a\/b\ud83d\ude00\ud800x"}`))
	f.Add([]byte(`{"ts":"2026-11-20T10:00:00.123Z","hook":"PreToolUse","verd`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		var got fields
		err := parseLine(line, &got)
		if err != nil {
			if got.tsMS != 0 && err != errTime {
				// Only a bad time can come after the other fields were read;
				// the result must not carry a time.
				t.Fatalf("error %v with time %d", err, got.tsMS)
			}
			return
		}
		if !json.Valid(line) {
			t.Fatalf("accepted invalid JSON %q", line)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("accepted %q, encoding/json: %v", line, err)
		}
		str := func(k string) string {
			var s string
			if err := json.Unmarshal(m[k], &s); err != nil && m[k] != nil {
				t.Fatalf("%s: %v", k, err)
			}
			return s
		}
		if h := str("hook"); h != string(got.hook) {
			t.Errorf("hook %q, encoding/json %q", got.hook, h)
		}
		if v := str("verdict"); v != string(got.verdict) {
			t.Errorf("verdict %q, encoding/json %q", got.verdict, v)
		}
		if r := str("rule"); r != string(got.rule) {
			t.Errorf("rule %q, encoding/json %q", got.rule, r)
		}
		ts, perr := time.Parse(time.RFC3339Nano, str("ts"))
		if perr != nil || ts.UnixMilli() != got.tsMS {
			t.Errorf("ts %d, time.Parse %v %v", got.tsMS, ts, perr)
		}
		var tok int64
		if raw := m["tokens_in"]; raw != nil {
			if err := json.Unmarshal(raw, &tok); err != nil {
				t.Fatalf("tokens_in %s: %v", raw, err)
			}
		}
		if tok != got.tokens {
			t.Errorf("tokens %d, encoding/json %d", got.tokens, tok)
		}
	})
}

// FuzzParseTime checks the fast timestamp path against time.Parse.
func FuzzParseTime(f *testing.F) {
	f.Add("2026-11-20T10:00:00.123Z")
	f.Add("2024-02-29T23:59:59.999Z")
	f.Add("2025-02-29T23:59:59.999Z")
	f.Add("2026-11-20T10:00:00+02:00")
	f.Fuzz(func(t *testing.T, s string) {
		ms, ok := parseTime([]byte(s))
		ts, err := time.Parse(time.RFC3339Nano, s)
		if ok != (err == nil) {
			t.Fatalf("parseTime(%q) ok=%v, time.Parse err=%v", s, ok, err)
		}
		if ok && ms != ts.UnixMilli() {
			t.Fatalf("parseTime(%q) = %d, want %d", s, ms, ts.UnixMilli())
		}
	})
}
