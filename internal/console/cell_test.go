package console

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestCell(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// What guard writes passes unchanged.
		{"", ""},
		{"2026-11-26T10:00:00.000Z", "2026-11-26T10:00:00.000Z"},
		{"matched /rm\\s+-rf/ in '<redacted>'", "matched /rm\\s+-rf/ in '<redacted>'"},
		{"guardhq/guard", "guardhq/guard"},
		{"a, b; c | d", "a, b; c | d"},
		{"pii_ssn env_secret", "pii_ssn env_secret"},
		// A formula at the start.
		{"=1+1", "'=1+1"},
		{"+1", "'+1"},
		{"-2", "'-2"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{` =1+1`, ` '=1+1`},
		{`"=1+1"`, `"'=1+1"`},
		// Characters that hide what follows, or split the cell.
		{"\tx", `'\tx`},
		{"\r=1", `'\r=1`},
		{"\n=1+1", `'\n=1+1`},
		{";=1+1;", "';'=1+1;"},
		{"a\x00b", `a\x00b`},
		{"evil\u202egpj.exe", `evil\u202egpj.exe`},
		{"x\xffy", `x\ufffdy`},
		// A formula after a separator: a spreadsheet splitting on ; or |
		// would run it.
		{"org/repo;=1+1", "org/repo;'=1+1"},
		{"a,=cmd|' /C calc'!A0", "a,'=cmd|' /C calc'!A0"},
		{`a; "@x"`, `a; "'@x"`},
		{"a|-1|+2", "a|'-1|'+2"},
		{"a;;=1", "a;;'=1"},
	} {
		if got := cell(tc.in); got != tc.want {
			t.Errorf("cell(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// safeCell reports what every exported cell must satisfy: no control
// character, no formula at its start or after a separator.
func safeCell(t *testing.T, in, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("cell(%q) = %q: invalid UTF-8", in, out)
	}
	for _, r := range out {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			t.Fatalf("cell(%q) = %q holds %U", in, out, r)
		}
	}
	if out != "" && strings.IndexByte(leadTriggers, out[0]) >= 0 {
		t.Fatalf("cell(%q) = %q starts with %q", in, out, out[0])
	}
	// Split the way a spreadsheet of any locale may: every piece must be
	// text.
	pieces := strings.FieldsFunc(out, func(r rune) bool { return strings.ContainsRune(separators, r) })
	pieces = append(pieces, out)
	for _, p := range pieces {
		p = strings.TrimLeft(p, ` "`)
		if p != "" && strings.IndexByte(formulaTriggers, p[0]) >= 0 {
			t.Fatalf("cell(%q) = %q: piece %q is a formula", in, out, p)
		}
	}
}

func FuzzCell(f *testing.F) {
	for _, s := range []string{"", "=1+1", ";=1+1;", "\n=1", "a\x00b", "a, \"-x", "x|@y", "org/repo", "\u202e", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := cell(in)
		safeCell(t, in, out)
		// A value without controls, formulas or lead triggers is kept.
		if detectPlain(in) && out != in {
			t.Fatalf("cell(%q) = %q changed a plain value", in, out)
		}
		// What the CSV writer makes of it reads back as the same cell.
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		_ = w.Write([]string{out, "x"})
		w.Flush()
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil || len(rows) != 1 || rows[0][0] != out {
			t.Fatalf("csv round trip of %q: %q, %v", out, rows, err)
		}
	})
}

// detectPlain reports whether cell leaves s alone: valid UTF-8, no control
// character, no formula at the start or after a separator.
func detectPlain(s string) bool {
	if !utf8.ValidString(s) || strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
	}) >= 0 {
		return false
	}
	if s != "" && strings.IndexByte(leadTriggers, s[0]) >= 0 {
		return false
	}
	for start := 0; ; {
		if formulaAt(s, start) >= 0 {
			return false
		}
		i := strings.IndexAny(s[start:], separators)
		if i < 0 {
			return true
		}
		start += i + 1
	}
}
