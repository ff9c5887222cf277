package audit

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestFilterCheck(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		f     Filter
		field string // "" when valid
	}{
		{Filter{}, ""},
		{Filter{Verdict: "block", Hook: "Stop", Agent: "b", Rule: "dangerous_rm", Repo: "acme/infra", HashPrefix: "abcd", Since: t0, Until: t0.Add(time.Second)}, ""},
		{Filter{Verdict: "Block"}, "verdict"},
		{Filter{Verdict: "redact"}, "verdict"},
		{Filter{Hook: "before_tool"}, "hook"},
		{Filter{Agent: "d"}, "agent"},
		{Filter{Rule: "a\nb"}, "rule"},
		{Filter{Rule: strings.Repeat("r", MaxFilterValue+1)}, "rule"},
		{Filter{Repo: "a\x1b[2J"}, "repo"},
		{Filter{Repo: "\xff"}, "repo"},
		{Filter{HashPrefix: "abc"}, "q"},
		{Filter{HashPrefix: "ABCD"}, "q"},
		{Filter{HashPrefix: "abcg"}, "q"},
		{Filter{HashPrefix: strings.Repeat("a", 65)}, "q"},
		{Filter{Since: t0, Until: t0}, "until"},
		{Filter{Since: t0.Add(time.Hour), Until: t0}, "until"},
	}
	for _, tt := range tests {
		err := tt.f.Check()
		var fe *FilterError
		switch {
		case tt.field == "" && err != nil:
			t.Errorf("%+v: %v", tt.f, err)
		case tt.field != "" && (!errors.As(err, &fe) || fe.Field != tt.field):
			t.Errorf("%+v: %v, want an error about %s", tt.f, err, tt.field)
		}
	}
	if p, err := ParseHashPrefix("ABcd12"); p != "abcd12" || err != nil {
		t.Errorf("ParseHashPrefix: %q %v", p, err)
	}
	if _, err := ParseFilterTime("since", "yesterday"); err == nil {
		t.Error("ParseFilterTime accepted yesterday")
	}
}

func TestFilterMatch(t *testing.T) {
	var fl Fields
	l := line("ts", `"2026-01-02T03:04:05.678Z"`, "hook", `"PreToolUse"`, "verdict", `"block"`, "rule", `"dangerous_rm"`,
		"repo", `"acme/infra"`, "agent", `"b"`, "input_hash", `"`+hexSum("x")+`"`, "prev_hash", zeros)
	if err := Scan([]byte(l), &fl); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 678e6, time.UTC)
	tests := []struct {
		f    Filter
		want bool
	}{
		{Filter{}, true},
		{Filter{Verdict: "block", Hook: "PreToolUse", Agent: "b", Rule: "dangerous_rm", Repo: "acme/infra", HashPrefix: hexSum("x")[:10]}, true},
		{Filter{Verdict: "allow"}, false},
		{Filter{Hook: "Stop"}, false},
		{Filter{Agent: "a"}, false},
		{Filter{Rule: "dangerous"}, false},
		{Filter{Repo: "acme"}, false},
		{Filter{HashPrefix: "0000"}, false},
		{Filter{Since: at}, true},
		{Filter{Since: at.Add(time.Nanosecond)}, false},
		{Filter{Until: at}, false},
		{Filter{Until: at.Add(time.Nanosecond)}, true},
		{Filter{Since: at.Add(-time.Hour), Until: at.Add(time.Hour)}, true},
	}
	for _, tt := range tests {
		if got := tt.f.Match(&fl); got != tt.want {
			t.Errorf("%+v: Match = %v, want %v", tt.f, got, tt.want)
		}
	}
}
