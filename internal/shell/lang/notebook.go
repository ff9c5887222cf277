package lang

import (
	"encoding/json"
	"strings"
)

// NotebookCode returns the code a Jupyter notebook runs:
// its code cells' sources, one after another, a cell magic's body
// (%%bash, %%sh, %%script) as lines handed to the shell (!CMD, as
// ipython's line escape). It is false when text is not a notebook.
func NotebookCode(text string) (string, bool) {
	nb, err := JSONObject([]byte(text)) // exact keys, as Jupyter's
	var cells []map[string]json.RawMessage
	if err != nil || JSONMember(nb, "cells", &cells) != nil {
		return "", false
	}
	var b strings.Builder
	for _, c := range cells {
		var typ string
		if JSONMember(c, "cell_type", &typ) != nil {
			return "", false
		}
		if typ != "code" {
			continue
		}
		src := cellSource(c["source"])
		if first, body, ok := strings.Cut(src, "\n"); ok && shellMagic(first) {
			for _, l := range strings.Split(body, "\n") {
				b.WriteString("!" + l + "\n") // %%bash: each line the shell's
			}
			continue
		}
		b.WriteString(src + "\n")
	}
	return b.String(), true
}

// cellSource returns a cell's source: a string, or a list of lines.
func cellSource(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var lines []string
	if json.Unmarshal(raw, &lines) == nil {
		return strings.Join(lines, "")
	}
	return ""
}

// shellMagic reports whether a cell's first line is a cell magic that
// hands its body to a shell.
func shellMagic(line string) bool {
	f := strings.Fields(line)
	switch {
	case len(f) == 0:
		return false
	case f[0] == "%%script":
		return len(f) > 1 && (f[1] == "sh" || f[1] == "bash" || f[1] == "zsh" || f[1] == "dash")
	}
	return f[0] == "%%bash" || f[0] == "%%sh" || f[0] == "%%system" || f[0] == "%%!"
}
