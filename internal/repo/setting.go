package repo

import (
	"bufio"
	"bytes"
	"strings"
)

// Setting returns the last value a git config gives key (lower case,
// "core.hookspath") and the files it includes ([include] path and every
// [includeIf "…"] path, whatever their condition), in order.
func Setting(config []byte, key string) (value string, found bool, includes []string) {
	section, name, _ := strings.Cut(key, ".")
	sc := bufio.NewScanner(bytes.NewReader(config))
	sc.Buffer(make([]byte, 0, 4096), maxConfig)
	cur := ""
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				cur = ""
				continue
			}
			h := strings.TrimSpace(line[1:end])
			sec, sub, _ := strings.Cut(h, " ")
			cur = strings.ToLower(sec)
			if sub == "" && strings.Contains(sec, ".") { // [core.x] old form: a subsection
				cur = strings.ToLower(sec[:strings.IndexByte(sec, '.')]) + ".sub"
			} else if sub != "" && cur != "includeif" {
				cur += ".sub"
			}
			line = strings.TrimSpace(line[end+1:])
			if line == "" {
				continue
			}
		}
		k, v, eq := strings.Cut(line, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		switch {
		case (cur == "include" || cur == "includeif") && k == "path" && eq:
			includes = append(includes, configValue(v))
		case cur == section && k == name:
			value, found = configValue(v), true
			if !eq {
				value = "true"
			}
		}
	}
	return value, found, includes
}
