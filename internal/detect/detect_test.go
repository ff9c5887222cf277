package detect

import "testing"

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"rm -rf /", "rm -rf /"},
		{"", ""},
		{"héllo · ünïcode …", "héllo · ünïcode …"},
		{"cd /srv\nrm -rf /", `cd /srv\nrm -rf /`},
		{"a\tb\r\n", `a\tb\r\n`},
		{"x\x1b[2Jy", `x\x1b[2Jy`},
		{"\x00\x7f", `\x00\x7f`},
		{"a\u009bb", `a\u009bb`},                   // C1 control
		{"evil\u202egnp.exe", `evil\u202egnp.exe`}, // right-to-left override
		{"a\xffb", `a\ufffdb`},                     // invalid UTF-8
		{`back\slash 'quote'`, `back\slash 'quote'`},
	}
	for _, tt := range tests {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
