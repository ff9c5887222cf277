package shell

import (
	"slices"
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

func TestSSHConfigLines(t *testing.T) {
	got := sshConfigLines("# c\nHost *\n ProxyCommand sh -c \"x\"\nLocalCommand=\"id\"\r\nbare\n")
	want := [][2]string{{"Host", "*"}, {"ProxyCommand", `sh -c "x"`}, {"LocalCommand", "id"}}
	if !slices.Equal(got, want) {
		t.Errorf("sshConfigLines = %q, want %q", got, want)
	}
}

func FuzzSSHConfigLines(f *testing.F) {
	f.Add("Host *\n ProxyCommand=\"a\"\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, kv := range sshConfigLines(s) {
			if kv[0] == "" {
				t.Fatalf("empty key in %q", s)
			}
		}
	})
}
