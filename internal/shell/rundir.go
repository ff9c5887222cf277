package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// runningDir returns the directory a program is in after a chdir-like
// option's value v, from cur (the directory the options before moved it
// to; "" for the working directory). Such options are cumulative: tar -C
// a -C ../b is in b beside a, as chdir(2) twice would be; an absolute or
// home-relative v starts over (FINDINGS59b B9).
func runningDir(cur, v string) string {
	if v == "." && cur != "" {
		return cur // tar -C ~ -C .: still ~
	}
	if cur == "" || v == "" || strings.HasPrefix(v, "/") || word.HomeRelative(v) || strings.HasPrefix(v, "$") {
		return v
	}
	return strings.TrimSuffix(cur, "/") + "/" + v
}

// appendDir returns dirs with d appended, unless d is the last of them
// already (tar -C ~ -C . extracts into ~ once).
func appendDir(dirs []string, d string) []string {
	if len(dirs) > 0 && dirs[len(dirs)-1] == d {
		return dirs
	}
	return append(dirs, d)
}
