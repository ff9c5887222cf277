package repo

import (
	"strings"

	"github.com/guardhq/guard/internal/gitconfig"
)

// Setting returns the last value a git config gives key (lower case,
// "core.hookspath"; "true" for the key without '=') and the files it
// includes (include.path and every includeIf's path, whatever their
// condition), in order, as git reads the config (eachSetting).
func Setting(config []byte, key string) (value string, found bool, includes []string) {
	eachSetting(config, func(s gitconfig.Setting) bool {
		switch {
		case (s.Key == "include.path" || strings.HasPrefix(s.Key, "includeif.") && strings.HasSuffix(s.Key, ".path")) && !s.NoValue:
			includes = append(includes, s.Value)
		case s.Key == key:
			value, found = s.Value, true
			if s.NoValue {
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
	want := section + "." + sub + "." + key
	eachSetting(config, func(s gitconfig.Setting) bool {
		if s.Key == want && !s.NoValue {
			value, found = s.Value, true
		}
		return true
	})
	return value, found
}
