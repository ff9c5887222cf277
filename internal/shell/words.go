package shell

import "strings"

// word is one field after expansion (see expand.go): quotes removed,
// escapes decoded, known variables and $(echo …) substituted. What is not
// known is held by markers (marker.go).
type word struct {
	s     string
	known bool // no part was left unresolved (an unknown $VAR, $( ); a glob is fine)
	// sub is, for a word that is one substitution ("$(curl …)", <(curl …)),
	// the line of the pipeline inside it.
	sub string
}

// unescapeBare removes the backslashes of an unquoted literal: \r is r.
func unescapeBare(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
