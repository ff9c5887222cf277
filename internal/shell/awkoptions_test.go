package shell

import (
	"strings"
	"testing"
)

func TestReadAwkOption(t *testing.T) {
	tests := []struct {
		args  string
		kinds []awkKind
		value string
		last  int
		ok    bool
	}{
		{args: "-F: prog", kinds: []awkKind{awkData}, value: ":", last: 0, ok: true},
		{args: "-F : prog", kinds: []awkKind{awkData}, value: ":", last: 1, ok: true},
		{args: "-bf x.awk", kinds: []awkKind{awkFlag, awkFile}, value: "x.awk", last: 1, ok: true},
		{args: "-W exec x.awk", kinds: []awkKind{awkFile}, value: "x.awk", last: 2, ok: true},
		{args: "-Wversion,exec x.awk", kinds: []awkKind{awkFlag, awkFile}, value: "x.awk", last: 1, ok: true},
		{args: "-W sprintf=1,2 prog", kinds: []awkKind{awkData}, value: "1,2", last: 1, ok: true},
		{args: "--exec=x.awk", kinds: []awkKind{awkFile}, value: "x.awk", last: 0, ok: true},
		{args: "--pretty", kinds: []awkKind{awkWrites}, value: "awkprof.out", last: 0, ok: true},
		{args: "-o prog", kinds: []awkKind{awkWrites}, value: "awkprof.out", last: 0, ok: true},
		{args: "-ofile prog", kinds: []awkKind{awkWrites}, value: "file", last: 0, ok: true},
		{args: "--p prog", kinds: []awkKind{awkUnknown}, last: 0, ok: true},
		{args: "--version=x", kinds: []awkKind{awkUnknown}, last: 0, ok: true},
		{args: "-safe prog", kinds: []awkKind{awkFlag, awkUnknown}, last: 0, ok: true},
		{args: "-f", kinds: []awkKind{awkUnknown}, last: 0, ok: true},
		{args: "-W", kinds: []awkKind{awkUnknown}, last: 0, ok: true},
		{args: "-- prog", last: 0},
		{args: "- prog", last: 0},
		{args: "{print} data", last: 0},
	}
	for _, tt := range tests {
		args := strings.Fields(tt.args)
		uses, last, ok := readAwkOption(args, 0)
		if ok != tt.ok || last != tt.last || len(uses) != len(tt.kinds) {
			t.Errorf("%q: got %v, %d, %v; want %d uses, %d, %v", tt.args, uses, last, ok, len(tt.kinds), tt.last, tt.ok)
			continue
		}
		for i, u := range uses {
			if u.kind != tt.kinds[i] {
				t.Errorf("%q: use %d is kind %d, want %d", tt.args, i, u.kind, tt.kinds[i])
			}
		}
		if tt.value != "" && uses[len(uses)-1].value != tt.value {
			t.Errorf("%q: value %q, want %q", tt.args, uses[len(uses)-1].value, tt.value)
		}
	}
}

func FuzzReadAwkOption(f *testing.F) {
	for _, s := range []string{"-W exec x", "-Wa,b,c d", "--exec=x", "-bF:", "-o", "--p=x y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		if len(args) == 0 {
			return
		}
		uses, last, ok := readAwkOption(args, 0)
		if last < 0 || last >= len(args) {
			t.Fatalf("%q: last %d out of range", s, last)
		}
		if !ok && (len(uses) > 0 || last != 0) {
			t.Fatalf("%q: no option, yet %d uses up to %d", s, len(uses), last)
		}
		for _, u := range uses {
			if u.at >= len(args) || u.at > last {
				t.Fatalf("%q: value at %d past %d", s, u.at, last)
			}
		}
	})
}
