package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
)

// TestEchoEscapes holds what bash 5.2 and zsh 5.9 print for each escape
// (printf %b, echo -e; zsh's echo and %b alike), run on the real shells.
func TestEchoEscapes(t *testing.T) {
	for _, tc := range []struct {
		in, bashB, bashEcho, zsh string
		stop                     bool
	}{
		{`\0056`, ".", ".", ".", false},
		{`\056`, ".", ".", ".", false},
		{`\56`, ".", `\56`, `\56`, false},
		{`\5`, "\x05", `\5`, `\5`, false},
		{`\00056`, "\x056", "\x056", "\x056", false},
		{`\0`, "\x00", "\x00", "\x00", false},
		{`\08`, "\x008", "\x008", "\x008", false},
		{`\0568`, ".8", ".8", ".8", false},
		{`\568`, ".8", `\568`, `\568`, false},
		{`\400`, "\x00", `\400`, `\400`, false},
		{`\777`, "\xff", `\777`, `\777`, false},
		{`\x2e`, ".", ".", ".", false},
		{`\x2`, "\x02", "\x02", "\x02", false},
		{`\x2eg`, ".g", ".g", ".g", false},
		{`\x`, `\x`, `\x`, "\x00", false},
		{`\u002e`, ".", ".", ".", false},
		{`\u2e`, ".", ".", ".", false},
		{`\u`, `\u`, `\u`, "\x00", false},
		{`\U0000002e`, ".", ".", ".", false},
		{`\U2e`, ".", ".", ".", false},
		{`a\cb`, "a", "a", "a", true},
		{`\E`, "\x1b", "\x1b", `\E`, false},
		{`\e`, "\x1b", "\x1b", "\x1b", false},
		{`\q\?\'\"`, `\q\?\'\"`, `\q\?\'\"`, `\q\?\'\"`, false},
		{`\\`, `\`, `\`, `\`, false},
		{`\1011`, "A1", `\1011`, `\1011`, false},
		{`\0056bashrc`, ".bashrc", ".bashrc", ".bashrc", false},
	} {
		for _, c := range []struct {
			d    escDialect
			want string
		}{{escBBash, tc.bashB}, {escEchoBash, tc.bashEcho}, {escZsh, tc.zsh}} {
			got, stop := echoEscapes(tc.in, c.d)
			if got != c.want || stop != tc.stop {
				t.Errorf("echoEscapes(%q, %d) = %q, %v, want %q, %v", tc.in, c.d, got, stop, c.want, tc.stop)
			}
		}
	}
}

func TestPrintfPercentB(t *testing.T) {
	for _, tc := range []struct {
		format string
		args   []string
		want   string
		ok     bool
	}{
		{"%b", []string{`\0056guard/rules.json`}, ".guard/rules.json", true},
		{"%s%b", []string{`\0056`, `\0056`, `\x2e`, `x`}, `\0056.` + `\x2ex`, true},
		{"[%5b]", []string{`\x41`}, "[    A]", true},
		{`\%b%b`, []string{`\x2e`}, `\.`, true},                 // a backslash before % is text
		{`\456ssh/%s`, []string{"id_rsa"}, ".ssh/id_rsa", true}, // the low byte of \456
		{`\x25s%s`, []string{"x"}, "%sx", true},
		{"%%b%b", []string{`\x2e`}, "%b.", true},
		{"%b", []string{`a\cb`}, "", false},
		{"%b", []string{`a\0b`}, "a\x00b", true},   // stdout keeps the NUL (a variable cuts it: printf -v)
		{`\0056%b`, []string{`x`}, "\x056x", true}, // the format's own \0NNN is \005 then 6
	} {
		got, ok := printfFormat(tc.format, tc.args, false)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("printfFormat(%q, %q) = %q, %v, want %q, %v", tc.format, tc.args, got, ok, tc.want, tc.ok)
		}
	}
}

// FuzzEchoEscapes checks bash's %b reading against expand.Format where
// the two agree by the shell's documentation (the escapes a format and
// %b read alike: not \0NNN, \c, \' \" \?; no octal value over \377,
// which expand.Format makes 0xff), and bounds the output.
func FuzzEchoEscapes(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4})
	f.Add([]byte{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	pieces := []string{`\a`, `\n`, `\\`, `\56`, `\101`, `\x2e`, `\x2`, `\u002e`, `\U0000002e`, `\E`, `\e`, "a", ".", "s", `\7`, `\u00e9`, "e", `\t`, `\q`}
	f.Fuzz(func(t *testing.T, picks []byte) {
		var b strings.Builder
		for _, p := range picks {
			b.WriteString(pieces[int(p)%len(pieces)])
		}
		s := b.String()
		got, _ := echoEscapes(s, escBBash)
		want, _, err := expand.Format(nil, s, nil)
		if err != nil {
			t.Skip()
		}
		if got != want {
			t.Fatalf("echoEscapes(%q) = %q, expand.Format %q", s, got, want)
		}
		for _, d := range []escDialect{escEchoBash, escZsh} {
			if o, _ := echoEscapes(s, d); len(o) > len(s)*4 {
				t.Fatalf("echoEscapes(%q, %d) grew to %d bytes", s, d, len(o))
			}
		}
	})
}
