package catalogue

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// npm's settings by how its parser (nopt) reads them, from the
// definitions of npm 11 (@npmcli/config). A setting not listed is one
// nopt does not know: without = it is a Boolean, as a listed one is.
const (
	// npmBoolKeys take no value; a next word "true" or "false" is theirs.
	npmBoolKeys word.Set = " all allow-same-version allow-scripts-pending allow-scripts-pin audit bin-links bypass-2fa commit-hooks " +
		"dangerously-allow-all-scripts description dev diff-ignore-all-space diff-name-only diff-no-prefix diff-text dry-run engine-strict " +
		"force foreground-scripts format-package-lock fund git-tag-version global global-style if-present ignore-scripts include-attestations " +
		"include-staged include-workspace-root init-private install-links json legacy-bundling legacy-peer-deps link long offline " +
		"omit-lockfile-registry-resolved package-lock package-lock-only packages-all parseable prefer-dedupe prefer-offline prefer-online " +
		"progress provenance read-only rebuild-bundle save save-bundle save-dev save-exact save-optional save-peer save-prod shrinkwrap " +
		"sign-git-commit sign-git-tag strict-allow-scripts strict-peer-deps strict-ssl timing unicode update-notifier usage version versions " +
		"workspaces-update "
	// npmStringKeys take the next word unless it looks like an option.
	npmStringKeys word.Set = " call diff-dst-prefix diff-src-prefix editor git heading init-author-email init-author-name init-license " +
		"init-type init.author.email init.author.name init.license message pack-destination preid save-prefix scope searchexclude searchopts " +
		"shell tag tag-version-prefix user-agent viewer "
	// npmValueKeys take the next word, whatever it is (but --).
	npmValueKeys word.Set = " _auth access allow-directory allow-file allow-git allow-remote allow-scripts also audit-level auth-type before " +
		"ca cache cache-max cache-min cafile cert cidr cpu depth diff diff-unified expect-result-count expires fetch-retries fetch-retry-factor " +
		"fetch-retry-maxtimeout fetch-retry-mintimeout fetch-timeout globalconfig https-proxy include init-author-url init-module init-version " +
		"init.author.url init.module init.version install-strategy key libc local-address location lockfile-version loglevel logs-dir logs-max " +
		"maxsockets min-release-age min-release-age-exclude name node-gyp node-options noproxy omit only orgs orgs-permission os otp package " +
		"packages packages-and-scopes-permission password prefix provenance-file proxy registry replace-registry-host sbom-format sbom-type " +
		"scopes script-shell searchlimit searchstaleness token-description umask userconfig which workspace "
	// npmMixedKeys are Booleans that also take some words: null, and
	// color's "always", and any word for browser.
	npmMixedKeys word.Set = " browser color expect-results optional production workspaces yes "
)

// npmShorthands are npm's shorthands and what nopt puts in their place
// (an array, not a map: nothing is built at start).
var npmShorthands = [...]struct {
	name string
	to   []string
}{
	{"enjoy-by", []string{"--before"}},
	{"d", []string{"--loglevel", "info"}},
	{"dd", []string{"--loglevel", "verbose"}},
	{"ddd", []string{"--loglevel", "silly"}},
	{"quiet", []string{"--loglevel", "warn"}},
	{"q", []string{"--loglevel", "warn"}},
	{"s", []string{"--loglevel", "silent"}},
	{"silent", []string{"--loglevel", "silent"}},
	{"verbose", []string{"--loglevel", "verbose"}},
	{"desc", []string{"--description"}},
	{"help", []string{"--usage"}},
	{"local", []string{"--no-global"}},
	{"n", []string{"--no-yes"}},
	{"no", []string{"--no-yes"}},
	{"porcelain", []string{"--parseable"}},
	{"readonly", []string{"--read-only"}},
	{"reg", []string{"--registry"}},
	{"iwr", []string{"--include-workspace-root"}},
	{"ws", []string{"--workspaces"}},
	{"a", []string{"--all"}},
	{"c", []string{"--call"}},
	{"f", []string{"--force"}},
	{"g", []string{"--global"}},
	{"L", []string{"--location"}},
	{"l", []string{"--long"}},
	{"m", []string{"--message"}},
	{"p", []string{"--parseable"}},
	{"C", []string{"--prefix"}},
	{"S", []string{"--save"}},
	{"B", []string{"--save-bundle"}},
	{"D", []string{"--save-dev"}},
	{"E", []string{"--save-exact"}},
	{"O", []string{"--save-optional"}},
	{"P", []string{"--save-prod"}},
	{"?", []string{"--usage"}},
	{"H", []string{"--usage"}},
	{"h", []string{"--usage"}},
	{"v", []string{"--version"}},
	{"w", []string{"--workspace"}},
	{"y", []string{"--yes"}},
}

// npmShorthand returns what shorthand s stands for.
func npmShorthand(s string) ([]string, bool) {
	for _, sh := range npmShorthands {
		if sh.name == s {
			return sh.to, true
		}
	}
	return nil, false
}

// npmKeyKnown reports whether k is one of npm's settings.
func npmKeyKnown(k string) bool {
	return npmBoolKeys.Has(k) || npmStringKeys.Has(k) || npmValueKeys.Has(k) || npmMixedKeys.Has(k)
}

// npmKeys are all of npm's settings.
const npmKeys = npmBoolKeys + npmStringKeys + npmValueKeys + npmMixedKeys

// npmAbbrev returns the setting s abbreviates: s itself when it is one,
// else the only one it begins (nopt's abbrev), "" for none or several.
func npmAbbrev(s string) string {
	k, _ := word.Unique(s, npmKeys.Names())
	return k
}

// npmShort resolves a dashed word as nopt's resolveShort does: a setting
// named whole stays; a shorthand, a run of one-letter shorthands (-gl),
// or a unique prefix of a shorthand that is no setting's prefix is put in
// its place. nil when none.
func npmShort(arg string) []string {
	arg = strings.TrimLeft(arg, "-")
	if npmKeyKnown(arg) {
		return nil
	}
	if sh, ok := npmShorthand(arg); ok {
		return sh
	}
	if arg != "" {
		var out []string
		for i := 0; i < len(arg); i++ {
			sh, ok := npmShorthand(arg[i : i+1])
			if !ok {
				out = nil
				break
			}
			out = append(out, sh...)
		}
		if out != nil {
			return out
		}
	}
	if npmAbbrev(arg) != "" {
		return nil
	}
	name, _ := word.Unique(arg, func(yield func(string) bool) {
		for _, sh := range npmShorthands {
			if !yield(sh.name) {
				return
			}
		}
	})
	to, _ := npmShorthand(name)
	return to
}

// NpmArgv reads npm's words as its parser (nopt) does, with npm's
// settings and shorthands: it returns the indexes in args of the
// operands (the first is the command; after --, every word), and the
// settings the words set, the last word winning ("true", "false" or the
// value). An operand is never an option's value and an option's value is
// never an operand, as npm reads them.
func NpmArgv(args []string) (operands []int, set map[string]string) {
	q := make([]npmWord, len(args))
	for i, a := range args {
		q[i] = npmWord{a, i}
	}
	set = map[string]string{}
	for i, steps := 0, 0; i < len(q) && steps < 8*len(args)+64; i, steps = i+1, steps+1 {
		arg := q[i].text
		if len(arg) >= 2 && strings.Trim(arg, "-") == "" {
			for _, w := range q[i+1:] {
				operands = append(operands, w.at)
			}
			break
		}
		if len(arg) < 2 || arg[0] != '-' {
			operands = append(operands, q[i].at)
			continue
		}
		hadEq := false
		if at := strings.IndexByte(arg, '='); at >= 0 {
			hadEq = true
			q = slices.Insert(q, i+1, npmWord{arg[at+1:], q[i].at})
			arg = arg[:at]
			q[i].text = arg
		}
		if sh := npmShort(arg); sh != nil {
			ins := make([]npmWord, len(sh))
			for k, s := range sh {
				ins[k] = npmWord{s, q[i].at}
			}
			q = slices.Replace(q, i, i+1, ins...)
			if arg != sh[0] {
				i--
				continue
			}
		}
		la, hasLa := "", i+1 < len(q)
		if hasLa {
			la = q[i+1].text
		}
		key, val, took := npmSetting(arg, hadEq, la, hasLa)
		set[key] = val
		if took {
			i++
		}
	}
	return operands, set
}

// npmWord is a word of npm's line as nopt rewrites it, and the index of
// the word it came from.
type npmWord struct {
	text string
	at   int
}

// npmSetting reads the option arg (its --no- prefixes, an abbreviation)
// with la, the word after it when hasLa: it returns the setting, its
// value, and whether la was taken as the value.
func npmSetting(arg string, hadEq bool, la string, hasLa bool) (key, val string, took bool) {
	key = strings.TrimLeft(arg, "-")
	no, negated := false, false
	for len(key) >= 3 && strings.EqualFold(key[:3], "no-") {
		no, negated = !no, true
		key = key[3:]
	}
	if ab := npmAbbrev(key); ab != "" {
		key = ab
	}
	known := npmKeyKnown(key)
	if negated || npmBoolKeys.Has(key) || npmMixedKeys.Has(key) || !known && !hadEq {
		val = "true"
		if no {
			val = "false"
		}
		switch {
		case la == "true" || la == "false":
			val, took = la, true
			if no {
				val = map[string]string{"true": "false", "false": "true"}[la]
			}
		case !hasLa || !npmMixedKeys.Has(key):
		case key == "color" && la == "always", key != "color" && la == "null":
			val, took = la, true
		case key == "browser" && !(len(la) >= 2 && la[0] == '-' && la[1] != '-'):
			val, took = la, true
		}
		return key, val, took
	}
	switch {
	case !hasLa:
		return key, "", false
	case npmStringKeys.Has(key) && npmOptionLike(la):
		return key, "", false
	case len(la) >= 2 && strings.Trim(la, "-") == "":
		return key, "", false // --
	}
	return key, la, true
}

// npmOptionLike reports whether s matches nopt's /^-{1,2}[^-]+/: one or
// two dashes, then something else.
func npmOptionLike(s string) bool {
	t := strings.TrimPrefix(s, "-")
	if t == s {
		return false
	}
	t = strings.TrimPrefix(t, "-")
	return t != "" && t[0] != '-'
}

// npmCommands are npm 11's commands; npmAliases its aliases, typos
// included, and what each stands for (lib/utils/cmd-list.js).
const npmCommands word.Set = " access adduser approve-scripts audit bugs cache ci completion config dedupe deny-scripts deprecate diff " +
	"dist-tag docs doctor edit exec explain explore find-dupes fund get help help-search init install install-ci-test install-scripts " +
	"install-test link ll login logout ls org outdated owner pack ping pkg prefix profile prune publish query rebuild repo restart root " +
	"run sbom search set shrinkwrap stage star stars start stop team test token trust undeprecate uninstall unpublish unstar update " +
	"version view whoami "

var npmAliases = [...]struct{ alias, to string }{
	{"author", "owner"},
	{"home", "docs"},
	{"issues", "bugs"},
	{"info", "view"},
	{"show", "view"},
	{"find", "search"},
	{"add", "install"},
	{"unlink", "uninstall"},
	{"remove", "uninstall"},
	{"rm", "uninstall"},
	{"r", "uninstall"},
	{"un", "uninstall"},
	{"rb", "rebuild"},
	{"list", "ls"},
	{"ln", "link"},
	{"create", "init"},
	{"i", "install"},
	{"it", "install-test"},
	{"cit", "install-ci-test"},
	{"u", "update"},
	{"up", "update"},
	{"c", "config"},
	{"s", "search"},
	{"se", "search"},
	{"tst", "test"},
	{"t", "test"},
	{"ddp", "dedupe"},
	{"v", "view"},
	{"run-script", "run"},
	{"clean-install", "ci"},
	{"clean-install-test", "install-ci-test"},
	{"x", "exec"},
	{"why", "explain"},
	{"la", "ll"},
	{"verison", "version"},
	{"ic", "ci"},
	{"innit", "init"},
	{"in", "install"},
	{"ins", "install"},
	{"inst", "install"},
	{"insta", "install"},
	{"instal", "install"},
	{"isnt", "install"},
	{"isnta", "install"},
	{"isntal", "install"},
	{"isntall", "install"},
	{"install-clean", "ci"},
	{"isntall-clean", "ci"},
	{"hlep", "help"},
	{"dist-tags", "dist-tag"},
	{"upgrade", "update"},
	{"udpate", "update"},
	{"rum", "run"},
	{"sit", "install-ci-test"},
	{"urn", "run"},
	{"ogr", "org"},
	{"add-user", "adduser"},
}

// NpmCommand returns the command npm runs for the word c, as npm's deref
// finds it: camelCase made kebab-case (installTest), then a command, an
// alias, or the only command or alias c begins (reb: rebuild), aliases
// followed. "" when npm knows none: it stops with "Unknown command".
func NpmCommand(c string) string {
	if c == "" {
		return ""
	}
	if strings.ContainsAny(c, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		var b strings.Builder
		for i := 0; i < len(c); i++ {
			if ch := c[i]; ch >= 'A' && ch <= 'Z' {
				b.WriteByte('-')
				b.WriteByte(ch + 'a' - 'A')
			} else {
				b.WriteByte(ch)
			}
		}
		c = b.String()
	}
	if npmCommands.Has(c) {
		return c
	}
	found, _ := word.Unique(c, func(yield func(string) bool) {
		for k := range npmCommands.Names() {
			if !yield(k) {
				return
			}
		}
		for _, a := range npmAliases {
			if !yield(a.alias) {
				return
			}
		}
	})
	for _, a := range npmAliases {
		if a.alias == found {
			return a.to
		}
	}
	return found
}
