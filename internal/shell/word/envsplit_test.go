package word

import (
	"slices"
	"testing"
)

// TestEnvSplit checks EnvSplit against what coreutils 9.1's env -S made
// of each string (env -S 'printf [%s] …').
func TestEnvSplit(t *testing.T) {
	vars := map[string]string{"HOME": "/h", "E": ""}
	lookup := func(n string) (string, bool) { v, ok := vars[n]; return v, ok }
	for _, tc := range []struct {
		in   string
		want []string // nil: env refuses the string
	}{
		{`cat\_/h/.aws/credentials`, []string{"cat", "/h/.aws/credentials"}},
		{`cat /h/.aws/cred""entials`, []string{"cat", "/h/.aws/credentials"}},
		{`cat /h/.aws/cred''entials`, []string{"cat", "/h/.aws/credentials"}},
		{`sh -c "cat \${HOME}/x"`, []string{"sh", "-c", "cat ${HOME}/x"}},
		{`a\_b c""d "e\_f" 'g\\h\x' \#x \$y #c`, []string{"a", "b", "cd", "e f", `g\h\x`, "#x", "$y"}},
		{`${HOME}x`, []string{"/hx"}},
		{`a ${NOPE} b`, []string{"a", "b"}},
		{`a ${E} b`, []string{"a", "", "b"}},
		{`'' x#y ''#z`, []string{"", "x#y", "#z"}},
		{`a\c b`, []string{"a"}},
		{` x\_#y`, []string{"x"}},
		{`#x printf`, []string{}},
		{`"\_\t\n" \v`, []string{" \t\n", "\v"}},
		{`a"b c"d 'a\'b'`, []string{"ab cd", "a'b"}},
		{`'a\_b'`, []string{`a\_b`}},
		{"node --experimental-vm-modules", []string{"node", "--experimental-vm-modules"}},
		{`cat $HOME/.aws/cred""entials`, []string{"cat", "$HOME/.aws/credentials"}},
		{`$HOMEX`, nil},
		{`${A-b}`, nil},
		{`a\q`, nil},
		{`"a\cb"`, nil},
		{`a\`, nil},
		{`"a`, nil},
	} {
		ws, err := EnvSplit(tc.in, lookup)
		if tc.want == nil {
			if err == nil {
				t.Errorf("EnvSplit(%q) = %q, want env's refusal", tc.in, Texts(ws))
			}
			continue
		}
		if got := Texts(ws); err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("EnvSplit(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}
