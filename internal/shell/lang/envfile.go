package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// maxEnvLines bounds the assignments EnvFileLines returns.
const maxEnvLines = 256

// EnvFileLines returns the NAME=VALUE assignments of a dotenv file (node
// --env-file): one a line, an optional export before, # comment lines
// skipped, a value in '…', "…" or `…` unquoted (a double-quoted one may
// span lines, and its \n is a newline), an unquoted value ending at a #
// after a blank. A line that is no assignment is skipped.
func EnvFileLines(text string) [][2]string {
	var out [][2]string
	for text != "" && len(out) < maxEnvLines {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "export "))
		name, v, ok := strings.Cut(line, "=")
		name = strings.TrimSpace(name)
		if !ok || !word.IsName(name) {
			continue
		}
		v = strings.TrimSpace(v)
		if v != "" && strings.IndexByte(`'"`+"`", v[0]) >= 0 {
			q := v[0]
			body := v[1:]
			if e := strings.IndexByte(body, q); e >= 0 {
				v = body[:e]
			} else if e := strings.IndexByte(text, q); e >= 0 {
				v, text = body+"\n"+text[:e], text[e+1:] // a value over lines
				if nl := strings.IndexByte(text, '\n'); nl >= 0 {
					text = text[nl+1:]
				} else {
					text = ""
				}
			} else {
				v = body
			}
			if q == '"' {
				v = strings.ReplaceAll(v, `\n`, "\n")
			}
		} else if i := strings.Index(v, " #"); i >= 0 {
			v = strings.TrimSpace(v[:i])
		}
		out = append(out, [2]string{name, v})
	}
	return out
}
