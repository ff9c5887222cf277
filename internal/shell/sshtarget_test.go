package shell

import (
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// The cases below were checked against OpenSSH 9.2 (ssh -G -F FILE HOST).
func TestSSHHostBlock(t *testing.T) {
	unknown := word.Mark(word.MarkVar, "ssh_target")
	cases := []struct {
		args []string
		host string
		want int
	}{
		{[]string{"foo"}, "foo", matchYes},
		{[]string{"foo"}, "Foo", matchNo}, // case matters
		{[]string{"Foo"}, "Foo", matchYes},
		{[]string{"f?o"}, "fxo", matchYes},
		{[]string{"web*"}, "web1.example.com", matchYes},
		{[]string{"*", "!foo"}, "foo", matchNo},
		{[]string{"*", "!foo"}, "bar", matchYes},
		{[]string{"!foo"}, "bar", matchNo}, // no positive pattern
		{[]string{"a", "b"}, "b", matchYes},
		{[]string{"*"}, unknown, matchYes},
		{[]string{"foo"}, unknown, matchMaybe},
		{[]string{"*", "!foo"}, unknown, matchMaybe},
	}
	for _, c := range cases {
		if got := sshHostBlock(c.args, c.host); got != c.want {
			t.Errorf("sshHostBlock(%q, %q) = %d, want %d", c.args, c.host, got, c.want)
		}
	}
}

func TestSSHConfigValue(t *testing.T) {
	cases := []struct {
		text, key, host string
		want            []string
		definite, ok    bool
	}{
		{"User top\nHost foo\n  User x\n", "user", "foo", []string{"top"}, true, true},
		{"Host * !foo\n  User neg\nHost f?o\n  User q\n", "user", "foo", []string{"q"}, true, true},
		{"Host other\n  User x\n", "user", "foo", nil, false, true},
		{"Host foo\n  HostName 10.0.0.1\n", "user", "foo", nil, false, true},
		{"Match host foo\n  HostName a\nHost *\n  HostName b\n", "hostname", "foo", []string{"a", "b"}, true, true},
		{"Include x.conf\nHost foo\n  User u\n", "user", "foo", nil, false, false},
		{"Host other\n  Include x.conf\nHost foo\n  User u\n", "user", "foo", []string{"u"}, true, true},
		{"Host foo\n  User a b\n", "user", "foo", nil, false, false},
	}
	for _, c := range cases {
		got, definite, ok := sshConfigValue(c.text, c.key, c.host)
		if ok != c.ok || definite != c.definite || len(got) != len(c.want) || len(got) > 0 && got[len(got)-1] != c.want[len(c.want)-1] {
			t.Errorf("sshConfigValue(%q, %s, %s) = %q %v %v, want %q %v %v", c.text, c.key, c.host, got, definite, ok, c.want, c.definite, c.ok)
		}
	}
}

func TestSSHValue(t *testing.T) {
	token := word.Mark(word.MarkName, word.NameToken)
	known := func(s string) sshCfgText { return sshCfgText{text: s, known: true} }
	cases := []struct {
		set, key string
		cfg      sshCfgText
		want     string
		ok       bool
	}{
		{"", "hostname", known("Host foo\n  HostName %h.example.com\n"), "foo.example.com", true},
		{"", "hostname", known("Host foo\n  HostName x$(id)\n"), "", false},
		{"", "user", known("Host foo\n  User x$(id)\n"), "", false},
		{"", "user", known("Host foo\n  User %u\n"), "", false}, // expanded by newer ssh
		{"", "user", known("Host foo\n  User ${USER}\n"), "", false},
		{"x$(./EVIL.SH)", "hostname", known(""), "", false}, // -o HostName: not checked by ssh
		{"10.0.0.5", "hostname", known("Host foo\n  HostName x$(id)\n"), "10.0.0.5", true},
		{"", "hostname", known("Match all\n  HostName a\nHost *\n  HostName b\n"), token, true},
		{"", "hostname", known("Match all\n  HostName ./a\n"), "", false},
		{"", "user", sshCfgText{}, "", false},
	}
	for _, c := range cases {
		got, ok := sshValue(c.set, c.key, c.cfg, "foo")
		if got != c.want || ok != c.ok {
			t.Errorf("sshValue(%q, %s, %q) = %q %v, want %q %v", c.set, c.key, c.cfg.text, got, ok, c.want, c.ok)
		}
	}
}
