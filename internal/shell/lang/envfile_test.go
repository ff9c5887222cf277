package lang

import (
	"slices"
	"strings"
	"testing"
)

func TestEnvFileLines(t *testing.T) {
	for _, tc := range []struct {
		text string
		want [][2]string
	}{
		{"NODE_OPTIONS=\"--require ./e.js\"\n", [][2]string{{"NODE_OPTIONS", "--require ./e.js"}}},
		{"export A=1\n# c\nB='x y' \nC=z # note\n", [][2]string{{"A", "1"}, {"B", "x y"}, {"C", "z"}}},
		{"M=\"a\nb\"\nN=2", [][2]string{{"M", "a\nb"}, {"N", "2"}}},
		{"D=\"l1\\nl2\"", [][2]string{{"D", "l1\nl2"}}},
		{"not an assignment\n1X=2\n=3", nil},
	} {
		if got := EnvFileLines(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("EnvFileLines(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// FuzzEnvFileLines: any text gives at most maxEnvLines assignments, each
// with a name.
func FuzzEnvFileLines(f *testing.F) {
	for _, s := range []string{"A=1", "export B='x'\n", "M=\"a\nb\"", "C=`x", "\"", "X=\"\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := EnvFileLines(text)
		if len(got) > maxEnvLines {
			t.Fatalf("%d assignments", len(got))
		}
		for _, kv := range got {
			if kv[0] == "" || strings.ContainsAny(kv[0], "= \n") {
				t.Fatalf("name %q", kv[0])
			}
		}
	})
}
