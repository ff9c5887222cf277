package lang

import "strings"

// The East Asian double-byte codecs do not write ASCII as themselves:
// in shift_jis, cp932, gbk, gb18030, big5, cp950, cp949
// and johab a byte below 0x80 can be the second byte of a character
// (0x5c after 0x81 is one character to python, not a backslash), so
// reading such a file byte by byte puts string boundaries where python
// does not. dbcsDecode reads the bytes with the codec's lead and trail
// ranges and writes each multibyte character as one CJK ideograph (an
// identifier character to python, as most of them are), so the ASCII
// left is the ASCII python reads. A lead byte without a trail python
// takes is a file python will not decode: guard cannot tell.

// dbcs is one codec family's byte grammar.
type dbcs struct {
	lead, trail func(b byte) bool
	four        bool // gb18030's lead, digit, lead, digit form
	yen         bool // shift_jis_2004 and x0213 read 0x5c as ¥ and 0x7e as ‾
}

// dbcsIdeograph stands for every multibyte character.
const dbcsIdeograph = "\u4e00"

func inRange(b, lo, hi byte) bool { return b >= lo && b <= hi }

// dbcsOf returns the grammar of normalised codec c, ok false when c is
// not a double-byte codec with ASCII trail bytes.
func dbcsOf(c string) (dbcs, bool) {
	hi81FE := func(b byte) bool { return inRange(b, 0x81, 0xfe) }
	gbTrail := func(b byte) bool { return inRange(b, 0x40, 0x7e) || inRange(b, 0x80, 0xfe) }
	sjis := dbcs{
		lead:  func(b byte) bool { return inRange(b, 0x81, 0x9f) || inRange(b, 0xe0, 0xfc) },
		trail: func(b byte) bool { return inRange(b, 0x40, 0x7e) || inRange(b, 0x80, 0xfc) },
	}
	c = strings.TrimPrefix(strings.TrimPrefix(c, "windows-"), "ms")
	c = strings.TrimPrefix(strings.TrimPrefix(c, "cp"), "ibm")
	switch c {
	case "shift-jis", "shiftjis", "sjis", "s-jis", "csshiftjis", "932", "kanji", "-kanji":
		return sjis, true
	case "shift-jis-2004", "shiftjis2004", "sjis-2004", "s-jis-2004",
		"shift-jisx0213", "shiftjisx0213", "sjisx0213", "s-jisx0213":
		d := sjis
		d.yen = true
		return d, true
	case "gbk", "936":
		return dbcs{lead: hi81FE, trail: gbTrail}, true
	case "gb18030", "gb18030-2000":
		return dbcs{lead: hi81FE, trail: gbTrail, four: true}, true
	case "big5", "big5-tw", "csbig5", "big5hkscs", "big5-hkscs", "hkscs", "950":
		return dbcs{lead: hi81FE, trail: func(b byte) bool { return inRange(b, 0x40, 0x7e) || inRange(b, 0xa1, 0xfe) }}, true
	case "949", "uhc", "ks-c-5601", "ks-c-5601-1987", "ksc5601", "ks-x-1001":
		// python's ks_c_5601 aliases are euc_kr (no ASCII trail bytes):
		// read with cp949's wider grammar, which holds euc_kr's.
		return dbcs{lead: hi81FE, trail: func(b byte) bool {
			return inRange(b, 0x41, 0x5a) || inRange(b, 0x61, 0x7a) || inRange(b, 0x81, 0xfe)
		}}, true
	case "johab", "1361":
		return dbcs{lead: func(b byte) bool { return inRange(b, 0x84, 0xd3) || inRange(b, 0xd8, 0xf9) },
			trail: func(b byte) bool { return inRange(b, 0x31, 0x7e) || inRange(b, 0x81, 0xfe) }}, true
	}
	return dbcs{}, false
}

// decode returns text with each multibyte character as one ideograph;
// ok is false for a lead byte without a trail.
func (d dbcs) decode(text string) (string, bool) {
	if !hasHigh(text) && (!d.yen || !strings.ContainsAny(text, "\\~")) {
		return text, true
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case d.yen && (c == '\\' || c == '~'):
			b.WriteString(dbcsIdeograph) // not a backslash nor a tilde
			continue
		case c < 0x80:
			b.WriteByte(c)
			continue
		case !d.lead(c):
			b.WriteString(dbcsIdeograph) // a single-byte kana, or a byte python refuses
			continue
		case d.four && i+3 < len(text) && inRange(text[i+1], 0x30, 0x39) && inRange(text[i+2], 0x81, 0xfe) && inRange(text[i+3], 0x30, 0x39):
			i += 3
		case i+1 < len(text) && d.trail(text[i+1]):
			i++
		default:
			return "", false
		}
		b.WriteString(dbcsIdeograph)
	}
	return b.String(), true
}

// hasHigh reports whether s holds a byte above 0x7f.
func hasHigh(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}
