package lang

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A python source file is decoded with the codec its PEP 263 declaration
// names before python reads it: in UTF-7,
// +ACIAfgAvAC4-bashrc+ACI- is "~/.bashrc" and +AGk-mport is import. Guard
// reads a file's literals and imports from its bytes, which is python's
// reading for every codec that writes ASCII as itself (utf-8, latin-1,
// the cp and iso-8859 families, the EUC codecs): a path
// or an import made of ASCII characters is the same bytes in the file.
// UTF-7 and the East Asian double-byte codecs (pydbcs.go) are decoded; any other codec (utf-16, EBCDIC's cp037, iso-2022,
// hz, unicode_escape…) leaves guard unable to tell what the file does.

// PySource returns python source text as python reads it: the text
// decoded when it declares UTF-7, as it is when it declares a codec that
// writes ASCII as itself or none; ok is false, with the codec's name, when
// it declares one guard does not decode.
func PySource(text string) (src, codec string, ok bool) {
	codec = codingOf(text)
	src, ok = Decode(codec, text)
	return src, codec, ok
}

// Decode returns text as python decodes it with codec (a name python
// accepts, "" for none): decoded for UTF-7 and the double-byte codecs, as
// it is for a codec that writes ASCII as itself; ok is false for any
// other codec.
func Decode(codec, text string) (string, bool) {
	switch c := normalCodec(codec); {
	case c == "":
		return text, true
	case c == "utf-7" || c == "utf7" || c == "u7" || c == "unicode-1-1-utf-7":
		if s, ok := decodeUTF7(text); ok {
			return s, true
		}
		return "", false
	case isDBCS(c):
		d, _ := dbcsOf(c)
		if s, ok := d.decode(text); ok {
			return s, true
		}
		return "", false
	case asciiCodec(c):
		return text, true
	}
	return "", false
}

// codingOf returns the codec a PEP 263 declaration in the first two lines
// of text names (a comment matching coding[:=]\s*([-\w.]+); the second
// line only when the first is a comment or blank), or "".
func codingOf(text string) string {
	for n := 0; n < 2 && text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		t := strings.TrimLeft(line, " \t\f")
		if !strings.HasPrefix(t, "#") {
			if strings.TrimSpace(t) != "" {
				return ""
			}
			continue
		}
		if c := codingIn(t); c != "" {
			return c
		}
	}
	return ""
}

// codingIn returns the name after the first coding: or coding= of a
// comment line.
func codingIn(line string) string {
	for off := 0; ; {
		k := strings.Index(line[off:], "coding")
		if k < 0 {
			return ""
		}
		k += off + len("coding")
		off = k
		if k >= len(line) || line[k] != ':' && line[k] != '=' {
			continue
		}
		rest := strings.TrimLeft(line[k+1:], " \t")
		e := 0
		for e < len(rest) && isNameByte(rest[e]) { // [-\w.]
			e++
		}
		if e > 0 {
			return rest[:e]
		}
	}
}

// normalCodec returns a codec name lower-cased with _ and blanks as -.
func normalCodec(c string) string {
	c = strings.ToLower(c)
	return strings.NewReplacer("_", "-", " ", "-").Replace(c)
}

// asciiNames are the codec names (normalised) that write ASCII as
// itself (cp864 does not: its 0x25 is the Arabic percent sign);
// asciiPrefixes the name families; asciiCodePages the numbers of such
// code pages (cpNNN, ibmNNN, windows-NNN: not EBCDIC's 037, 273,
// 424, 500, 875, 1026, 1140).
var (
	asciiNames = [...]string{
		"utf-8", "utf8", "u8", "utf", "utf-8-sig", "ascii", "us-ascii", "646", "us", "l1", "l2", "l3", "l4",
		"l5", "l6", "l7", "l8", "l9", "l10", "gb2312", "ujis", "macintosh", "kz1048", "ptcp154", "tis-620", "tis620", "hp-roman8", "roman8",
	}
	asciiPrefixes = [...]string{
		"latin", "iso-8859-", "iso8859-", "8859-", "koi8-", "mac-", "euc-",
	}
	asciiCodePages = [...]string{
		"437", "720", "737", "775", "850", "852", "855", "856", "857", "858", "860", "861", "862", "863",
		"865", "866", "869", "874", "1250", "1251", "1252", "1253", "1254", "1255", "1256",
		"1257", "1258", "65001",
	}
)

// isDBCS reports whether normalised codec c is a double-byte codec
// whose trail bytes include ASCII (pydbcs.go).
func isDBCS(c string) bool {
	_, ok := dbcsOf(c)
	return ok
}

// asciiCodec reports whether normalised codec c writes ASCII as itself.
func asciiCodec(c string) bool {
	for _, n := range asciiNames {
		if c == n {
			return true
		}
	}
	for _, p := range asciiPrefixes {
		if strings.HasPrefix(c, p) {
			return true
		}
	}
	for _, pre := range [...]string{"cp", "ibm", "windows-", "ms"} {
		if num, ok := strings.CutPrefix(c, pre); ok {
			for _, n := range asciiCodePages {
				if num == n {
					return true
				}
			}
		}
	}
	return false
}

// decodeUTF7 decodes UTF-7 (RFC 2152) as python does: +BASE64 runs of
// UTF-16 code units, ended by any other byte (a - is taken with it); +-
// is a plus. ok is false for bytes above 0x7f or a bad run.
func decodeUTF7(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return "", false
		}
		if c != '+' {
			b.WriteByte(c)
			continue
		}
		j := i + 1
		for j < len(s) && b64Val(s[j]) >= 0 {
			j++
		}
		if j == i+1 {
			if j < len(s) && s[j] == '-' {
				b.WriteByte('+') // +-
				i = j
				continue
			}
			return "", false
		}
		units, ok := utf7Units(s[i+1 : j])
		if !ok {
			return "", false
		}
		b.WriteString(string(utf16.Decode(units)))
		if j < len(s) && s[j] == '-' {
			j++
		}
		i = j - 1
	}
	return b.String(), true
}

// utf7Units returns the UTF-16 code units of a modified-base64 run.
func utf7Units(run string) ([]uint16, bool) {
	var units []uint16
	var acc uint32
	bits := 0
	for i := 0; i < len(run); i++ {
		acc = acc<<6 | uint32(b64Val(run[i]))
		bits += 6
		if bits >= 16 {
			bits -= 16
			units = append(units, uint16(acc>>uint(bits)))
			acc &= 1<<uint(bits) - 1
		}
	}
	return units, bits < 6 && acc == 0
}

// b64Val returns the value of a base64 digit, -1 for another byte.
func b64Val(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}
