package policy

import (
	"strings"
)

// The settings' "env" values by their shape: the client
// sets them for every hook program it runs, and a search-path list (PATH,
// LD_LIBRARY_PATH, NODE_PATH, PYTHONPATH…) or an option string (PERL5OPT
// -Mlib=lib, RUBYOPT -rtools/e, NODE_OPTIONS --require x) names files those
// programs load. Default-deny on the variable: every value is read, not
// a list of variables known to load code; only a short list of variables
// known to name no code is skipped.

// envPlace is a path an env value names, and what of it is loaded.
type envPlace struct {
	path string
	// tree: a directory whose programs or modules anywhere below are
	// loaded (P/**, and P itself); top: only its direct entries (P/*).
	tree, top bool
	// ext: an option's value, which a program may complete with an
	// extension (ruby -rtools/e loads tools/e.rb): P.* too.
	ext bool
}

// inertEnv reports whether variable name names no file a program loads:
// locale, time zone, terminal, temporary directories.
func inertEnv(name string) bool {
	switch name {
	case "LANG", "LANGUAGE", "TZ", "TERM", "COLORTERM", "TMPDIR", "TMP", "TEMP", "NO_COLOR", "FORCE_COLOR", "CI":
		return true
	}
	return strings.HasPrefix(name, "LC_")
}

// envPlaces returns the places settings env value v of variable name
// names, and false when it holds an expansion guard cannot resolve here
// (an element or option value that is a variable other than the
// variable's own inherited value, $NAME, or a path from HOME or the
// project's directory).
func envPlaces(name, v string) ([]envPlace, bool) {
	v = strings.TrimSpace(v)
	if v == "" || inertEnv(name) || len(v) > maxShapedBytes || !searchPathEnv(name) && isURLValue(v) {
		return nil, true // a URL is not a path (API_URL=https://…, DATABASE_URL=postgres://…)
	}
	var out []envPlace
	ok := true
	add := func(p string, named, opt bool) {
		switch {
		case p == "$"+name || p == "${"+name+"}":
			// the inherited value: not the settings'
		case isURLValue(p):
			// an option's or a word's URL value (--inspect-publish-uid=http://a):
			// only that part is not a path
		case strings.Contains(p, "$") && !(strings.Contains(p, "/") && wordVarKnown(p)):
			ok = false
		case named || strings.Contains(p, "/"):
			out = append(out, envPlace{path: p, tree: name != "PATH", top: name == "PATH", ext: opt})
		}
	}
	if searchPathEnv(name) && name != "LD_PRELOAD" || !strings.ContainsAny(v, " \t") && !strings.HasPrefix(v, "-") {
		// a value or a search-path list: every element a place; an empty
		// element or "." the start directory
		for _, e := range strings.Split(v, ":") {
			if e = strings.TrimSpace(e); e == "" {
				e = "."
			}
			add(e, searchPathEnv(name), false)
		}
		return out, ok
	}
	afterOpt := false
	for _, w := range hookWords(v) {
		t := w.text
		if isURLValue(t) {
			afterOpt = false
			continue
		}
		if !strings.HasPrefix(t, "-") || t == "-" {
			for _, e := range strings.Split(t, ":") {
				add(e, afterOpt || name == "LD_PRELOAD", afterOpt)
			}
			afterOpt = false
			continue
		}
		// an option's value: after =, after a short option's letter
		// (-Ilib, -rtools/e), after -javaagent:; or the next word
		_, val, eq := strings.Cut(t, "=")
		if eq {
			add(val, true, true)
		}
		if len(t) > 2 && t[1] != '-' {
			add(t[2:], strings.IndexByte("IrMmlR", t[1]) >= 0, true)
		}
		if _, cv, colon := strings.Cut(t, ":"); colon && t[1] != '-' {
			add(cv, true, true)
		}
		afterOpt = !eq && (len(t) == 2 || t[1] == '-')
	}
	return out, ok
}

// isURLValue reports whether v is one URL (scheme://…, no blank): a value
// or a word that names no local path. A list that holds one is split
// first (PATH=bin:http://x: bin is read, and http and //x as paths).
func isURLValue(v string) bool {
	scheme, _, ok := strings.Cut(v, "://")
	if !ok || scheme == "" || strings.ContainsAny(v, " \t") {
		return false
	}
	for i, c := range scheme {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// wordVarKnown reports whether path p's variable is one hook entries'
// words resolve (wordPath: HOME, the project and plugin directories).
func wordVarKnown(p string) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(p, "$"), "{")
	if end := strings.IndexAny(name, "}/"); end >= 0 {
		name = name[:end]
	}
	return name == "HOME" || dirVar(name)
}

// searchPathEnv reports whether variable name is a search-path list, or
// a place a program reads configuration or code from, whose bare elements
// (lib, bin, store) are places too.
func searchPathEnv(name string) bool {
	switch name {
	case "PATH", "LD_LIBRARY_PATH", "LD_PRELOAD", "LD_AUDIT", "NODE_PATH", "PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE",
		"PERL5LIB", "PERLLIB", "RUBYLIB", "GEM_PATH", "GEM_HOME", "CLASSPATH", "BUNDLE_GEMFILE",
		"LUA_PATH", "LUA_CPATH", "GOPATH", "NODE_EXTRA_CA_CERTS",
		// a repository's or a configuration's place
		"GIT_DIR", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG",
		"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_TEMPLATE_DIR", "JJ_CONFIG", "HGRCPATH", "HOME", "XDG_CONFIG_HOME":
		return true
	}
	return strings.HasPrefix(name, "DYLD_")
}

// envGlobs returns the block globs of the places the "env" maps of
// settings value v name, relative names resolved as hook words are
// (wordPath: the project's directory dir, or **/rest for the user's),
// and false when a value holds what guard cannot resolve.
func envGlobs(v any, key string, depth int, home, dir string, project bool) ([]string, bool) {
	if depth > maxHookDepth || dataKey(key) {
		return nil, true
	}
	var out []string
	ok := true
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			g, k := envGlobs(e, "", depth+1, home, dir, project)
			out, ok = append(out, g...), ok && k
		}
	case map[string]any:
		for k, e := range t {
			if sv, isStr := e.(string); isStr && key == "env" {
				places, known := envPlaces(k, sv)
				out, ok = append(out, placeGlobs(places, home, dir, project)...), ok && known
				continue
			}
			g, known := envGlobs(e, k, depth+1, home, dir, project)
			out, ok = append(out, g...), ok && known
		}
	}
	return out, ok
}

// placeGlobs resolves places to block globs: the place itself, and its
// tree (P/**) or its entries (P/*).
func placeGlobs(places []envPlace, home, dir string, project bool) []string {
	var out []string
	for _, pl := range places {
		w := strings.TrimSuffix(pl.path, "/")
		if w == "" {
			w = "/"
		}
		if !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "~") && !strings.HasPrefix(w, "$") {
			w = "./" + strings.TrimPrefix(w, "./")
		}
		g, ok := hookWordPath(w, home, dir, project)
		if !ok {
			continue
		}
		g = strings.TrimSuffix(g, "/.")
		out = append(out, g)
		switch {
		case pl.tree:
			out = append(out, strings.TrimSuffix(g, "/")+"/**")
		case pl.top:
			out = append(out, strings.TrimSuffix(g, "/")+"/*")
		}
		if pl.ext && !strings.HasSuffix(g, "/") {
			out = append(out, g+".*")
		}
	}
	return out
}
