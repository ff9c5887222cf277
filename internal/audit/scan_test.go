package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

// line builds a record line from key-value pairs written as JSON text, in
// the order given.
func line(kv ...string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%s", kv[i], kv[i+1])
	}
	b.WriteByte('}')
	return b.String()
}

var zeros = `"` + event.ZeroHash + `"`

// minimal is the smallest valid record, as key-value pairs.
var minimal = []string{"ts", `"2026-01-02T03:04:05.678Z"`, "hook", `"Stop"`, "verdict", `"allow"`, "prev_hash", zeros}

func with(kv ...string) string { return line(append(append([]string{}, minimal...), kv...)...) }

func TestScan(t *testing.T) {
	tests := []struct {
		name string
		line string
		want string // error substring; "" for a valid line
	}{
		{"minimal", line(minimal...), ""},
		{"writer form", func() string {
			rec := testRecord(2)
			rec.PrevHash = event.ZeroHash
			b, _ := encode(&rec)
			return string(b)
		}(), ""},
		{"white space between tokens", "{ \"ts\" : \"2026-01-02T03:04:05Z\" ,\n\t\"hook\":\"Stop\", \"verdict\":\"allow\",\"prev_hash\":" + zeros + " }", ""},
		{"other key order", line("prev_hash", zeros, "verdict", `"allow"`, "hook", `"Stop"`, "ts", `"2026-01-02T03:04:05+02:00"`), ""},
		{"escapes in values", with("user", `"a\"b\\c\/d\u00e9\ud83d\ude00"`, "reason", `""`), ""},
		{"html escapes of json.Marshal", line("ts", `"2026-01-02T03:04:05Z"`, "hook", `"Stop"`, "verdict", `"block"`, "rule", `"r"`, "reason", `"\u003credacted\u003e"`, "prev_hash", zeros), ""},
		{"findings", with("findings", `["pii_email", "pii_ssn"]`), ""},
		{"empty findings", with("findings", `[]`), ""},
		{"tokens", with("tokens_in", `12`), ""},
		{"minus zero tokens", with("tokens_in", `-0`), ""},
		{"every field", with("rule", `""`, "reason", `""`, "user", `"u"`, "host", `"h"`, "repo", `"o/r"`,
			"input_hash", `"`+strings.Repeat("a", 64)+`"`, "tokens_in", "1", "policy_version", `"1"`, "agent", `"b"`,
			"event", `"beforeReadFile"`, "tag", `"t"`, "tool", `"Read"`, "action", `"withheld"`, "findings", `["x"]`), ""},

		{"empty", "", "empty line"},
		{"not an object", `["ts"]`, "not a JSON object"},
		{"leading space", " " + line(minimal...), "not a JSON object"},
		{"trailing space", line(minimal...) + " ", "not a JSON object"},
		{"carriage return", line(minimal...) + "\r", "not a JSON object"},
		{"two objects", line(minimal...) + line(minimal...), "not valid JSON"},
		{"torn", line(minimal...)[:30], "not a JSON object"},
		{"invalid utf-8", with("user", "\"a\xffb\""), "UTF-8"},
		{"duplicate key", with("hook", `"PreToolUse"`), "given more than once"},
		{"duplicate ts", line(append([]string{"ts", `"2026-01-02T03:04:05Z"`}, minimal...)...), "given more than once"},
		{"upper-case key", with("TS", `"2026-01-02T03:04:05Z"`), `unknown field "TS"`},
		{"mixed-case key", line("ts", `"2026-01-02T03:04:05Z"`, "Hook", `"Stop"`, "verdict", `"allow"`, "prev_hash", zeros), `unknown field "Hook"`},
		{"escaped key", `{"t\u0073":"2026-01-02T03:04:05Z","hook":"Stop","verdict":"allow","prev_hash":` + zeros + `}`, "unknown field"},
		{"unknown key", with("prompt", `"x"`), `unknown field "prompt"`},
		{"null string", with("user", `null`), "user: not a string"},
		{"number for a string", with("user", `5`), "user: not a string"},
		{"object for a string", with("repo", `{"a":[1,2]}`), "repo: not a string"},
		{"string tokens", with("tokens_in", `"5"`), "tokens_in: not a whole number"},
		{"fractional tokens", with("tokens_in", `1.5`), "tokens_in: not a whole number"},
		{"exponent tokens", with("tokens_in", `1e3`), "tokens_in: not a whole number"},
		{"huge tokens", with("tokens_in", `99999999999999999999`), "tokens_in: not a whole number"},
		{"negative tokens", with("tokens_in", `-1`), "tokens_in: negative"},
		{"null findings", with("findings", `null`), "findings: not an array of strings"},
		{"findings with a number", with("findings", `["a",1]`), "findings: not an array of strings"},
		{"findings with null", with("findings", `[null]`), "findings: not an array of strings"},
		{"broken value", with("user", `"a`), "not valid JSON"},
		{"bad escape", with("user", `"\x"`), "not valid JSON"},
		{"control character", with("user", "\"a\tb\""), "not valid JSON"},
		{"bad number", with("tokens_in", `01`), "not valid JSON"},
		{"missing hook", line("ts", `"2026-01-02T03:04:05Z"`, "verdict", `"allow"`, "prev_hash", zeros), "hook: not one of"},
		{"native hook", line("ts", `"2026-01-02T03:04:05Z"`, "hook", `"before_tool"`, "verdict", `"allow"`, "prev_hash", zeros), "hook: not one of"},
		{"redact verdict", line("ts", `"2026-01-02T03:04:05Z"`, "hook", `"Stop"`, "verdict", `"redact"`, "prev_hash", zeros), "verdict: not allow or block"},
		{"rule on allow", with("rule", `"x"`), "must be empty on allow"},
		{"bad time", line("ts", `"yesterday"`, "hook", `"Stop"`, "verdict", `"allow"`, "prev_hash", zeros), "ts: not an RFC 3339 time"},
		{"bad day", line("ts", `"2026-02-30T03:04:05.000Z"`, "hook", `"Stop"`, "verdict", `"allow"`, "prev_hash", zeros), "ts: not an RFC 3339 time"},
		{"escaped hex hash", line("ts", `"2026-01-02T03:04:05Z"`, "hook", `"Stop"`, "verdict", `"allow"`, "prev_hash", `"\u0030`+strings.Repeat("0", 63)+`"`), ""},
		{"upper-case hash", with("input_hash", `"`+strings.Repeat("A", 64)+`"`), "input_hash: not 64 lowercase hex"},
		{"every problem at once", `{"ts":"x","hook":"y","verdict":"z","prev_hash":"","tokens_in":-2}`, "ts: not an RFC 3339 time\nhook: not one of UserPromptSubmit, PreToolUse, PostToolUse, Stop\nverdict: not allow or block\nprev_hash: not 64 lowercase hex digits\ntokens_in: negative"},
		{"too long", with("reason", `"`+strings.Repeat("a", MaxLineBytes)+`"`), "byte limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f Fields
			err := Scan([]byte(tt.line), &f)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Scan(%s) = %v", tt.line, err)
				}
			} else if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Scan(%s) = %v, want an error containing %q", tt.line, err, tt.want)
			}
			_, rerr := referenceParse([]byte(tt.line))
			if (rerr == nil) != (err == nil) {
				t.Errorf("reference disagrees: %v", rerr)
			}
		})
	}
}

// TestScanReusesFields: values decoded into a reused Fields are right, and
// the views of one line stay intact while it is being read.
func TestScanReusesFields(t *testing.T) {
	var f Fields
	for i := range 50 {
		l := with("user", fmt.Sprintf(`"\u0075ser%d"`, i), "host", fmt.Sprintf(`"h\u00e9%d"`, i), "findings", `["a\u0062","c"]`)
		if err := Scan([]byte(l), &f); err != nil {
			t.Fatal(err)
		}
		if string(f.User) != fmt.Sprintf("user%d", i) || string(f.Host) != fmt.Sprintf("hé%d", i) {
			t.Fatalf("line %d: user %q host %q", i, f.User, f.Host)
		}
		if got := f.Findings(); !reflect.DeepEqual(got, []string{"ab", "c"}) {
			t.Fatalf("findings %q", got)
		}
	}
}

func TestScanAllocations(t *testing.T) {
	rec := testRecord(2)
	rec.PrevHash = event.ZeroHash
	l, _ := encode(&rec)
	var f Fields
	if n := testing.AllocsPerRun(100, func() {
		if err := Scan(l, &f); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Scan allocates %.0f times per line", n)
	}
}

// referenceParse is the rule Scan implements, written with encoding/json:
// the slow definition that FuzzScan compares Scan with.
func referenceParse(line []byte) (event.Record, error) {
	var rec event.Record
	if len(line) == 0 || len(line) > MaxLineBytes || line[0] != '{' || line[len(line)-1] != '}' || !utf8.Valid(line) {
		return rec, errors.New("form")
	}
	names := map[string]string{} // JSON name → kind
	rt := reflect.TypeOf(rec)
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		switch rt.Field(i).Type.Kind() {
		case reflect.String:
			names[name] = "string"
		case reflect.Int:
			names[name] = "int"
		default:
			names[name] = "strings"
		}
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return rec, errors.New("not an object")
	}
	seen := map[string]bool{}
	for dec.More() {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return rec, err
		}
		key, _ := tok.(string)
		raw := bytes.TrimLeft(line[before:dec.InputOffset()], ", \t\r\n")
		if string(raw) != `"`+key+`"` || names[key] == "" || seen[key] {
			return rec, errors.New("key")
		}
		seen[key] = true
		switch names[key] {
		case "string":
			if tok, err := dec.Token(); err != nil {
				return rec, err
			} else if _, ok := tok.(string); !ok {
				return rec, errors.New("type")
			}
		case "int":
			tok, err := dec.Token()
			if err != nil {
				return rec, err
			}
			n, ok := tok.(json.Number)
			if !ok || !regexp.MustCompile(`^-?[0-9]+$`).MatchString(string(n)) {
				return rec, errors.New("type")
			}
			if _, err := strconv.ParseInt(string(n), 10, 64); err != nil {
				return rec, err
			}
		default:
			if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
				return rec, errors.New("type")
			}
			for dec.More() {
				if tok, err := dec.Token(); err != nil {
					return rec, err
				} else if _, ok := tok.(string); !ok {
					return rec, errors.New("type")
				}
			}
			if _, err := dec.Token(); err != nil {
				return rec, err
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return rec, err
	}
	if _, err := dec.Token(); err != io.EOF || dec.InputOffset() != int64(len(line)) {
		return rec, errors.New("after the object")
	}
	if err := json.Unmarshal(line, &rec); err != nil {
		return event.Record{}, err
	}
	if err := referenceValidate(&rec); err != nil {
		return event.Record{}, err
	}
	return rec, nil
}

func referenceValidate(r *event.Record) error {
	hex64 := regexp.MustCompile(`^[0-9a-f]{64}$`)
	switch {
	case func() bool { _, err := time.Parse(time.RFC3339Nano, r.TS); return err != nil }():
		return errors.New("ts")
	case !strings.Contains(" UserPromptSubmit PreToolUse PostToolUse Stop ", " "+r.Hook+" ") || r.Hook == "":
		return errors.New("hook")
	case r.Verdict != "allow" && r.Verdict != "block":
		return errors.New("verdict")
	case r.Verdict == "allow" && (r.Rule != "" || r.Reason != ""):
		return errors.New("allow")
	case !hex64.MatchString(r.PrevHash):
		return errors.New("prev_hash")
	case r.InputHash != "" && !hex64.MatchString(r.InputHash):
		return errors.New("input_hash")
	case r.TokensIn < 0:
		return errors.New("tokens_in")
	}
	return nil
}

// FuzzScan checks Scan (through ParseLine) against referenceParse: both
// accept the same lines and read the same record from them.
func FuzzScan(f *testing.F) {
	for _, s := range seedLines(f) {
		f.Add(s)
	}
	f.Add([]byte(with("hook", `"PreToolUse"`)))
	f.Add([]byte(with("TS", `"x"`)))
	f.Add([]byte(with("findings", `["a\u0062", "\ud800"]`, "tokens_in", "-0")))
	f.Add([]byte(with("user", `"\ud83d\ude00\u00e9"`, "reason", `""`)))
	f.Fuzz(func(t *testing.T, line []byte) {
		got, err := ParseLine(line)
		want, rerr := referenceParse(line)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("%q: ParseLine error %v, reference error %v", line, err, rerr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: ParseLine %+v, reference %+v", line, got, want)
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
		ms, ok := ParseTime([]byte(s))
		ts, err := time.Parse(time.RFC3339Nano, s)
		if ok != (err == nil) {
			t.Fatalf("ParseTime(%q) ok=%v, time.Parse err=%v", s, ok, err)
		}
		if ok && ms != ts.UnixMilli() {
			t.Fatalf("ParseTime(%q) = %d, want %d", s, ms, ts.UnixMilli())
		}
	})
}
