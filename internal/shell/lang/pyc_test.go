package lang

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// pycHeader returns a 16-byte header of magic (3.7 on) or a 12-byte one.
func pycHeader(magic uint16) []byte {
	h := binary.LittleEndian.AppendUint16(nil, magic)
	h = append(h, '\r', '\n')
	if magic >= 3390 {
		h = append(h, 0, 0, 0, 0)
	}
	return append(h, 1, 2, 3, 4, 5, 6, 7, 8) // mtime and size, or a hash
}

// marshal helpers for hand-built streams.
func shortASCII(s string) []byte { return append([]byte{'z', byte(len(s))}, s...) }
func longText(t byte, s string) []byte {
	return append(binary.LittleEndian.AppendUint32([]byte{t}, uint32(len(s))), s...)
}
func tuple(items ...[]byte) []byte {
	return append([]byte{')', byte(len(items))}, bytes.Join(items, nil)...)
}

// code311 returns a 3.11-layout code object holding consts and names.
func code311(consts, names []byte) []byte {
	b := []byte{'c'}
	b = append(b, make([]byte, 4*5)...)
	b = append(b, longText('s', "\x97\x00d\x00S\x00")...) // co_code
	b = append(b, consts...)
	b = append(b, names...)
	b = append(b, tuple()...)                // localsplusnames
	b = append(b, longText('s', "")...)      // localspluskinds
	b = append(b, shortASCII("m.py")...)     // filename
	b = append(b, shortASCII("<module>")...) // name
	b = append(b, shortASCII("<module>")...) // qualname
	b = append(b, 1, 0, 0, 0)                // firstlineno
	b = append(b, longText('s', "")...)      // linetable
	return append(b, longText('s', "")...)   // exceptiontable
}

func TestPyc(t *testing.T) {
	good := code311(tuple(shortASCII("~/.bashrc"), []byte{'N'}, []byte{'i', 1, 0, 0, 0}, longText('u', "é ~/.ssh/id_rsa")),
		tuple(shortASCII("os"), shortASCII("open")))
	// references: the first string is flagged, later referenced as a const
	withRef := code311(tuple([]byte{'z' | 0x80, 3, 'a', 'b', 'c'}, []byte{'r', 0, 0, 0, 0}, longText('s', "b'x/y"), longText('s', "\x00bin")),
		tuple([]byte{'Z', 6, 's', 'y', 's', 't', 'e', 'm'}))
	deep := []byte{}
	for range maxPycDepth + 2 {
		deep = append(deep, ')', 1)
	}
	deep = append(deep, 'N')
	for _, tc := range []struct {
		name           string
		b              []byte
		strings, names []string
		err            bool
	}{
		{"3.11 module", append(pycHeader(3495), good...), []string{"~/.bashrc", "é ~/.ssh/id_rsa"}, []string{"os", "open"}, false},
		{"references and bytes", append(pycHeader(3495), withRef...), []string{"abc", "b'x/y"}, []string{"system"}, false},
		{"empty", nil, nil, nil, true},
		{"no header", []byte("print('hi')\n# a python source, not bytecode"), nil, nil, true},
		{"unknown version", append(pycHeader(2000), good...), nil, nil, true},
		{"future version", append(pycHeader(3900), good...), nil, nil, true},
		{"truncated", append(pycHeader(3495), good[:len(good)-3]...), nil, nil, true},
		{"trailing bytes", append(append(pycHeader(3495), good...), 'N'), nil, nil, true},
		{"unknown type", append(pycHeader(3495), 'Q'), nil, nil, true},
		{"bad reference", append(pycHeader(3495), 'r', 5, 0, 0, 0), nil, nil, true},
		{"negative length", append(pycHeader(3495), 'u', 0xff, 0xff, 0xff, 0xff), nil, nil, true},
		{"length past the end", append(pycHeader(3495), 'u', 0x10, 0, 0, 0, 'a'), nil, nil, true},
		{"too deep", append(pycHeader(3495), deep...), nil, nil, true},
		{"dict without end", append(pycHeader(3495), '{', 'N', 'N'), nil, nil, true},
		{"dict", append(pycHeader(3495), append([]byte{'{'}, append(append(shortASCII("k"), shortASCII("v")...), '0')...)...), nil, nil, false},
		{"slice", append(pycHeader(3600), ':', 'N', 'i', 2, 0, 0, 0, 'z', 2, '~', '/'), nil, nil, false},
		{"short slice", append(pycHeader(3600), ':', 'N', 'N'), nil, nil, true},
		{"3.6 header", append(pycHeader(3379), 'N'), nil, nil, false},
	} {
		got, err := Pyc(tc.b)
		if (err != nil) != tc.err {
			t.Errorf("%s: err %v", tc.name, err)
			continue
		}
		if err != nil && !errors.Is(err, ErrPyc) && !strings.Contains(err.Error(), ErrPyc.Error()) {
			t.Errorf("%s: %v does not say what failed", tc.name, err)
		}
		if !slices.Equal(got.Strings, tc.strings) || !slices.Equal(got.Names, tc.names) {
			t.Errorf("%s: %q %q, want %q %q", tc.name, got.Strings, got.Names, tc.strings, tc.names)
		}
	}
}

// TestPycCompiled: a module python3.11 compiled (testdata/pyc, from
// py_compile) yields its constants, nested functions' too, and its names.
func TestPycCompiled(t *testing.T) {
	b, err := os.ReadFile("testdata/pyc/m7.cpython-311.pyc")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Pyc(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"~/.bashrc", "# PWNED-A7-PYC\n", "/etc/x", "a", "k", "v"} {
		if !slices.Contains(got.Strings, s) {
			t.Errorf("no constant %q in %q", s, got.Strings)
		}
	}
	for _, s := range []string{"os", "sibling", "pkg.sub", "thing", "expanduser", "open"} {
		if !slices.Contains(got.Names, s) {
			t.Errorf("no name %q in %q", s, got.Names)
		}
	}
	src := got.Source()
	if !strings.HasPrefix(src, "Path.home()\n") || !slices.Contains(Literals(src), "~/.bashrc") {
		t.Errorf("source %q", src)
	}
}

// TestPycSource: constants render as literals that read back as they were.
func TestPycSource(t *testing.T) {
	for _, tc := range []struct {
		p    PycCode
		want []string // the literals of the source
		home bool
	}{
		{PycCode{Strings: []string{`it's`, `a\b`, "two\nlines"}}, []string{`it's`, `a\b`, "two\nlines"}, false},
		{PycCode{Strings: []string{".bashrc"}, Names: []string{"expanduser"}}, []string{".bashrc"}, true},
		{PycCode{Strings: []string{"~", ".ssh"}}, []string{"~", ".ssh"}, true},
	} {
		src := tc.p.Source()
		if got := Literals(src); !slices.Equal(got, tc.want) {
			t.Errorf("%q: literals %q, want %q", src, got, tc.want)
		}
		if strings.Contains(src, "Path.home()") != tc.home {
			t.Errorf("%q: home %v", src, !tc.home)
		}
	}
	if src := (PycCode{Strings: []string{"rm -rf ~"}, Names: []string{"system"}}).Source(); !slices.Contains(ShellStrings(src), "rm -rf ~") {
		t.Errorf("%q: no shell string", src)
	}
}

// FuzzPyc: any bytes parse or fail without a panic, and what a parse
// yields is no more than the input held.
func FuzzPyc(f *testing.F) {
	if b, err := os.ReadFile("testdata/pyc/m7.cpython-311.pyc"); err == nil {
		f.Add(b)
	}
	f.Add(append(pycHeader(3495), code311(tuple(shortASCII("~/.x")), tuple(shortASCII("os")))...))
	f.Add(append(pycHeader(3413), '{', 'z', 1, 'k', 'r', 0, 0, 0, 0, '0'))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := Pyc(b)
		if err != nil {
			return
		}
		n := 0
		for _, s := range append(p.Strings, p.Names...) {
			n += len(s)
		}
		if n > len(b)*4 { // a string referenced in both roles counts twice at most
			t.Fatalf("%d bytes of strings from %d", n, len(b))
		}
		_ = p.Source()
	})
}
