package lang

import (
	"slices"
	"testing"
)

// TestTOMLKeyStrings: the strings a TOML file gives a key, decoded as a
// TOML parser decodes them; a value guard does not decode is refused.
func TestTOMLKeyStrings(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		ok   bool
	}{
		{"run = \"a b\"\n", []string{"a b"}, true},
		{"[x]\nrun = 'c:\\d'\n", []string{`c:\d`}, true},
		{"x.run = \"echo \\u007e/.b\"\n", []string{"echo ~/.b"}, true},
		{"run = \"a\\nb\\tc\\x41\"\n", []string{"a\nb\tcA"}, true},
		{"run = \"\"\"\nab\\\n   cd\"\"\"\n", []string{"abcd"}, true},
		{"run = '''\nraw \\n'''\n", []string{"raw \\n"}, true},
		{"run = [\"a\", # c\n 'b',\n]\n", []string{"a", "b"}, true},
		{"name = \"x\"\nother = 1\n", nil, true},
		{"run = { cmd = \"x\" }\n", nil, false},
		{"run = \"bad \\q\"\n", nil, false},
		{"run = \"open\n", nil, false},
	} {
		got, ok := TOMLKeyStrings(tc.in, " run ")
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q %v, want %q %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// TestYAMLBinary: a !!binary scalar is its decoded base64, as the YAML
// library gives it; one that is no base64, or a block scalar, is refused.
func TestYAMLBinary(t *testing.T) {
	toks, ok := YAMLTokens("a: !!binary ZWNobyBoaQ==\nb: !<tag:yaml.org,2002:binary> aGk=\n")
	if !ok || len(toks) != 4 || toks[1].Text != "echo hi" || toks[3].Text != "hi" {
		t.Errorf("decoded: %+v %v", toks, ok)
	}
	for _, in := range []string{"a: !!binary '***'\n", "a: !!binary |\n  ZWNobyBoaQ==\n"} {
		if _, ok := YAMLTokens(in); ok {
			t.Errorf("%q: decoded, want refused", in)
		}
	}
}
