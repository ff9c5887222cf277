package lang

import (
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
)

// GoText returns Go source src as guard's literal scan reads it: each
// comment blanked (a path in a comment is no file operation), and each
// string literal that is not a name written "" — one holding bytes no
// file name has (a control byte other than a blank: a protocol buffer's
// raw descriptor, compressed data), and a bare "~" or "~/", which Go does
// not expand to the home directory. Offsets and lines are kept. Source
// the scanner rejects is returned as it is.
func GoText(src string) string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	failed := false
	s.Init(file, []byte(src), func(token.Position, string) { failed = true }, scanner.ScanComments)
	b := []byte(src)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF || failed {
			break
		}
		off := file.Offset(pos)
		switch {
		case tok == token.COMMENT:
			blank(b[off : off+len(lit)])
		case tok == token.STRING && !goName(lit):
			blank(b[off+1 : off+len(lit)-1])
		}
	}
	if failed {
		return src
	}
	return string(b)
}

// goName reports whether Go string literal lit may be a file name or
// text: not data bytes, not the bare home sign.
func goName(lit string) bool {
	v, err := strconv.Unquote(lit)
	if err != nil {
		return true
	}
	if v == "~" || v == "~/" {
		return false
	}
	return !strings.ContainsFunc(v, func(r rune) bool {
		return r < 0x20 && r != '\t' && r != '\n' && r != '\r'
	})
}

// blank overwrites b with blanks, keeping its line breaks.
func blank(b []byte) {
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
}
