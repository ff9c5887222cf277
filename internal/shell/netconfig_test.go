package shell

import (
	"slices"
	"strings"
	"testing"
)

func TestCurlConfigWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"output = /x/y", []string{"--output", "/x/y"}},
		{"# c\n\nsilent\n", []string{"--silent"}},
		{`url: "file:///h/.net\"rc"`, []string{"--url", `file:///h/.net"rc`}},
		{"-o ~/.bashrc", []string{"-o", "~/.bashrc"}},
		{"--config=c6\r\n", []string{"--config", "c6"}},
		{`data "a\tb`, []string{"--data", "a\tb"}},
	} {
		var got []string
		for _, w := range curlConfigWords(tc.in) {
			got = append(got, w.Text)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("curlConfigWords(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzCurlConfigWords(f *testing.F) {
	f.Add("output = x\nurl \"a\\\"b\"\n-o y")
	f.Fuzz(func(t *testing.T, s string) {
		ws := curlConfigWords(s)
		if len(ws) > 0 && (ws[0].Text[0] != '-' || !ws[0].Known) {
			t.Fatalf("first word %v is not an option", ws[0])
		}
	})
}

// TestReadSSHLine checks readSSHLine against what OpenSSH 9.2p1 made of
// each -o value (ssh -G -o VALUE, a ProxyCommand's run).
func TestReadSSHLine(t *testing.T) {
	for _, tc := range []struct {
		in, key, raw string
		args         []string
		skip, refuse bool
	}{
		{in: "ProxyCommand\tsh x.sh", key: "proxycommand", raw: "sh x.sh", args: []string{"sh", "x.sh"}},
		{in: "  ProxyCommand sh x.sh", key: "proxycommand", raw: "sh x.sh", args: []string{"sh", "x.sh"}},
		{in: `"ProxyCommand" sh x.sh`, key: "proxycommand", raw: "sh x.sh", args: []string{"sh", "x.sh"}},
		{in: `"ProxyCommand"=sh x.sh`, key: "proxycommand", raw: "sh x.sh", args: []string{"=sh", "x.sh"}},
		{in: `Proxy"Command" sh`, key: "proxycommand", raw: "sh", args: []string{"sh"}},
		{in: "ProxyCommand = sh -c \"x y\"  ", key: "proxycommand", raw: `sh -c "x y"`, args: []string{"sh", "-c", "x y"}},
		{in: `LocalCommand="id"`, key: "localcommand", raw: `"id"`, args: []string{"id"}},
		{in: `UserKnownHostsFile '/a b' c\ d #x`, key: "userknownhostsfile", raw: `'/a b' c\ d #x`, args: []string{"/a b", "c d"}},
		{in: "# c", skip: true},
		{in: "", skip: true},
		{in: `"Proxy sh`, skip: true},
		{in: "ProxyCommand", refuse: true},
		{in: `IdentityFile "a`, refuse: true},
	} {
		l, ok, err := readSSHLine(tc.in)
		switch {
		case tc.refuse || err != nil:
			if !tc.refuse || err == nil {
				t.Errorf("readSSHLine(%q) error %v, want refused %v", tc.in, err, tc.refuse)
			}
		case ok == tc.skip:
			t.Errorf("readSSHLine(%q) ok = %v, want %v", tc.in, ok, !tc.skip)
		case ok && (l.key != tc.key || l.raw != tc.raw || !slices.Equal(l.args, tc.args)):
			t.Errorf("readSSHLine(%q) = %q %q %q, want %q %q %q", tc.in, l.key, l.raw, l.args, tc.key, tc.raw, tc.args)
		}
	}
}

func FuzzSSHConfigLines(f *testing.F) {
	f.Add("Host *\n ProxyCommand=\"a\"\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, line := range strings.Split(s, "\n") {
			if l, ok, _ := readSSHLine(line); ok && l.key == "" {
				t.Fatalf("empty key in %q", line)
			}
		}
	})
}
