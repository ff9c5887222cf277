package lang

// The codec python code reads text with: exec(open(F,
// encoding="utf-7").read()), open(F, "rb").read().decode("cp932"),
// codecs.open(F, encoding="gbk"), io.TextIOWrapper(b, encoding=e). Text it
// evaluates is what that codec makes of the file's bytes, not the bytes.

import "strings"

// otherCodecs are the (normalised) names and name prefixes of python's
// codecs that do not write ASCII as itself and that Decode does not
// decode, beside UTF-7 and the double-byte codecs.
var otherCodecs = [...]string{"utf-16", "utf16", "utf-32", "utf32", "u16", "u32", "ucs-2", "ucs2", "cp037", "cp500", "cp875",
	"cp1026", "cp1140", "cp273", "cp424", "cp864", "ibm037", "ebcdic", "hz", "iso-2022", "iso2022", "csiso2022",
	"unicode-escape", "raw-unicode-escape", "punycode", "rot13", "rot-13", "base64", "base-64", "base64-codec",
	"hex", "hex-codec", "zlib", "zip", "bz2", "uu", "quopri", "quotedprintable", "quoted-printable", "idna", "mbcs",
	"oem", "palmos", "utf-7", "utf7", "u7", "unicode-1-1-utf-7"}

// ReadCodecs returns the codecs python code names for the text it reads:
// the literal value of each encoding= argument and .decode(…) call, and
// each literal that names a codec that does not write ASCII as itself
// (codecs.open(F, "r", "utf-7"), codecs.decode(s, "rot13")). unknown is
// true when an encoding= or .decode(…) is given something other than
// one plain literal: guard cannot tell how the text reads.
func ReadCodecs(code string) (codecs []string, unknown bool) {
	lits := litSpans(code)
	for name, k := range codeIdents(code, lits) {
		i := skipBlanks(code, k)
		switch {
		case name == "encoding" && i < len(code) && code[i] == '=' && !strings.HasPrefix(code[i:], "=="):
			i = skipBlanks(code, i+1)
		case name == "decode" && k > len(name) && code[k-len(name)-1] == '.' && i < len(code) && code[i] == '(':
			i = skipBlanks(code, i+1)
			if i < len(code) && code[i] == ')' {
				continue // .decode(): utf-8
			}
		default:
			continue
		}
		l, ok := litAt(lits, i)
		if !ok || l.command || code[l.open] == '`' {
			return nil, true
		}
		codecs = append(codecs, Unescape(code[l.start:l.end]))
	}
	for _, l := range lits {
		if t := Unescape(code[l.start:l.end]); len(t) <= 32 && OtherCodec(t) {
			codecs = append(codecs, t)
		}
	}
	return dedupe(codecs), false
}

// OtherCodec reports whether codec names one that does not write ASCII as
// itself: UTF-7, a double-byte codec, or one of otherCodecs.
func OtherCodec(codec string) bool {
	c := normalCodec(codec)
	if c == "" || asciiCodec(c) {
		return false
	}
	if isDBCS(c) {
		return true
	}
	for _, o := range otherCodecs {
		if c == o || strings.HasPrefix(c, o+"-") || strings.HasPrefix(c, o) && len(o) > 4 {
			return true
		}
	}
	return false
}
