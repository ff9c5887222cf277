package catalogue

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// NpmCodeKeys are npm's (and pnpm's) settings that name a command it runs
// or node options (node-options: --require FILE loads FILE).
// onload-script and init-module name a file node loads, as pnpm's
// pnpmfile and global-pnpmfile do; userconfig and globalconfig another
// file of settings.
const NpmCodeKeys word.Set = " node-options script-shell shell editor browser viewer git node-gyp onload-script init-module pnpmfile global-pnpmfile userconfig globalconfig "

// NpmPlaceKeys are npm's settings that choose the package whose scripts
// run and whose files it writes (--prefix D, --workspace D, --workspaces).
const NpmPlaceKeys word.Set = " prefix workspace workspaces include-workspace-root "

// npmExact are npm settings that are a proper prefix of one of
// NpmCodeKeys or NpmPlaceKeys: given whole, they are themselves.
const npmExact word.Set = " global "

// NpmArg is an option word as npm's parser (nopt) reads it (NpmOption).
type NpmArg struct {
	// Key is the setting of NpmCodeKeys or NpmPlaceKeys the word names or
	// abbreviates ("" for another word); Value its value after = (Eq).
	Key, Value string
	Eq         bool
	// Ambiguous: the word abbreviates more than one of them, which guard
	// cannot tell apart.
	Ambiguous bool
	// Whole: the word names Key whole (--prefix, -prefix, -C), not by a
	// prefix or another spelling (--prefi, --Prefix) that npm may read
	// as another setting or as none, as the full list of its settings
	// decides.
	Whole bool
	// Shorts: the word holds a capital C besides a lone -C. npm's
	// settings are lower case, so nopt may read it as a run of one-letter
	// shorthands (-gC is -g -C, and -C is --prefix).
	Shorts bool
	// No: the word is --no-NAME (any number of no-), which sets NAME to
	// true or false and takes no value.
	No bool
}

// NpmOption reads option word s as npm's parser (nopt) does: every
// leading dash is stripped (-prefix, --prefix and ---prefix are one
// word), then each leading no- (--no-prefix sets prefix to false: No),
// then NAME or any prefix of NAME is the setting NAME; -C (--C) is
// --prefix. npm's other one- and two-letter shorthands (-w, -ws, -g) are
// not abbreviations. Every consumer of npm's options reads them here: the
// settings that run code, the directory and workspaces that scripts run
// in, and the root npm writes in.
func NpmOption(s string) (a NpmArg) {
	name, value, eq := strings.Cut(s, "=")
	a.Value, a.Eq = value, eq
	bare := strings.TrimLeft(name, "-")
	if bare == name || bare == "" {
		return a
	}
	a.Shorts = strings.Contains(bare, "C") && bare != "C"
	if bare == "C" {
		a.Key, a.Whole = "prefix", true
		return a
	}
	for len(bare) > 3 && strings.EqualFold(bare[:3], "no-") {
		bare, a.No = bare[3:], true
	}
	k := NpmKey(bare)
	if k == "" || NpmCodeKeys.Has(k) || NpmPlaceKeys.Has(k) {
		a.Key, a.Whole = k, k == bare && !a.No
		return a
	}
	if npmExact.Has(k) || len(k) < 2 {
		return a
	}
	for _, full := range strings.Fields(string(NpmCodeKeys + NpmPlaceKeys)) {
		if strings.HasPrefix(full, k) {
			if a.Key != "" {
				a.Ambiguous = true
				return a
			}
			a.Key = full
		}
	}
	return a
}

// NpmKey returns an npm setting's name as npm reads it: node_options,
// nodeOptions, NODE-OPTIONS are node-options; userConfig is userconfig
// (a code-running key in either reading is taken).
func NpmKey(k string) string {
	if plain := strings.ToLower(strings.ReplaceAll(k, "_", "-")); NpmCodeKeys.Has(plain) {
		return plain
	}
	var b strings.Builder
	for i := 0; i < len(k); i++ {
		switch c := k[i]; {
		case c == '_':
			b.WriteByte('-')
		case c >= 'A' && c <= 'Z':
			if i > 0 && k[i-1] >= 'a' && k[i-1] <= 'z' {
				b.WriteByte('-') // camelCase
			}
			b.WriteByte(c + 'a' - 'A')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
