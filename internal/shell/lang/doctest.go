package lang

import "strings"

// DoctestCode returns the Python a doctest text file runs: its examples'
// lines (>>> and their ... continuations) without the prompts, one
// after another; prose and expected output are left out.
func DoctestCode(text string) string {
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimLeft(l, " \t")
		for _, p := range []string{">>>", "..."} {
			if rest, ok := strings.CutPrefix(t, p); ok && (rest == "" || rest[0] == ' ') {
				b.WriteString(strings.TrimPrefix(rest, " ") + "\n")
				break
			}
		}
	}
	return b.String()
}
