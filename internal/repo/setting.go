package repo

import "strings"

// Setting returns the last value a git config gives key (lower case,
// "core.hookspath") and the files it includes ([include] path and every
// [includeIf "…"] path, whatever their condition), in order.
func Setting(config []byte, key string) (value string, found bool, includes []string) {
	section, name, _ := strings.Cut(key, ".")
	eachConfigLine(config, func(h header, k, v string, eq bool) bool {
		switch {
		case (h.section == "include" && h.sub == "" || h.section == "includeif") && k == "path" && eq:
			includes = append(includes, configValue(v))
		case h.section == section && h.sub == "" && k == name:
			value, found = configValue(v), true
			if !eq {
				value = "true"
			}
		}
		return true
	})
	return value, found, includes
}

// SubSetting returns the last value a git config gives key in the
// subsection sub of section (branch "main" remote: section "branch", sub
// "main", key "remote"); includes are not followed.
func SubSetting(config []byte, section, sub, key string) (value string, found bool) {
	eachConfigLine(config, func(h header, k, v string, eq bool) bool {
		if h.section == section && h.sub == sub && k == key && eq {
			value, found = configValue(v), true
		}
		return true
	})
	return value, found
}
