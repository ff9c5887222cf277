package lang

import (
	"slices"
	"testing"
)

// TestReadCodecs: the codec python code reads text with.
func TestReadCodecs(t *testing.T) {
	for _, tc := range []struct {
		code    string
		want    string // among the codecs ("" for none)
		unknown bool
	}{
		{`exec(open("u7.txt", encoding="utf-7").read())`, "utf-7", false},
		{`exec(open("s.txt", encoding = "sjis").read())`, "sjis", false},
		{`exec(open("s.txt","rb").read().decode("cp932"))`, "cp932", false},
		{`import codecs; exec(codecs.open("s.txt", "r", "gbk").read())`, "gbk", false},
		{`exec(codecs.decode(open("x").read(), "rot13"))`, "", true}, // codecs.decode(text, c): its first argument is not the codec
		{`exec(sys.stdin.buffer.read().decode("sjis"))`, "sjis", false},
		{`exec(open("x", encoding=e).read())`, "", true},
		{`exec(b.decode(c))`, "", true},
		{`exec(open("x", encoding="utf-8").read())`, "utf-8", false},
		{`exec(open("x").read().decode())`, "", false},
		{`print("hello")`, "", false},
	} {
		got, unknown := ReadCodecs(tc.code)
		if unknown != tc.unknown || tc.want != "" && !slices.Contains(got, tc.want) || tc.want == "" && len(got) > 0 {
			t.Errorf("ReadCodecs(%q) = %q, %v; want %q, %v", tc.code, got, unknown, tc.want, tc.unknown)
		}
	}
}

// TestDecodeCodecs: Decode decodes UTF-7 and the double-byte codecs,
// passes the ASCII ones, refuses the rest.
func TestDecodeCodecs(t *testing.T) {
	if s, ok := Decode("utf-7", "+AH4-/.bashrc"); !ok || s != "~/.bashrc" {
		t.Errorf(`Decode("utf-7") = %q, %v`, s, ok)
	}
	if s, ok := Decode("latin-1", "x"); !ok || s != "x" {
		t.Errorf(`Decode("latin-1") = %q, %v`, s, ok)
	}
	if _, ok := Decode("rot13", "x"); ok {
		t.Errorf(`Decode("rot13") ok`)
	}
	if !OtherCodec("sjis") || !OtherCodec("UTF-16-LE") || OtherCodec("utf-8") || OtherCodec("cp1252") {
		t.Errorf("OtherCodec: wrong class")
	}
}

// FuzzReadCodecs: any code is read within bounds, without a panic.
func FuzzReadCodecs(f *testing.F) {
	f.Add(`exec(open("u7.txt", encoding="utf-7").read().decode("x"))`)
	f.Fuzz(func(t *testing.T, code string) {
		ReadCodecs(code)
	})
}
