package shell

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

func TestParseQualifiers(t *testing.T) {
	for _, tc := range []struct {
		q     string
		ok    bool
		code  []string
		calls []string
		words bool
		dots  bool
		mods  string
	}{
		{q: ".", ok: true},
		{q: "/", ok: true},
		{q: "om[1]", ok: true},
		{q: ".om[1,3]", ok: true},
		{q: "N", ok: true},
		{q: "#qN", ok: true},
		{q: "L+10", ok: true},
		{q: "mh-1", ok: true},
		{q: "u:root:", ok: true},
		{q: "f700", ok: true},
		{q: "%b", ok: true},
		{q: "D/", ok: true, dots: true},
		{q: "e:'cp x y':", ok: true, code: []string{"cp x y"}},
		{q: "e[cp x y]", ok: true, code: []string{"cp x y"}},
		{q: "e{cp x}", ok: true, code: []string{"cp x"}},
		{q: "e<cp x>", ok: true, code: []string{"cp x"}},
		{q: "e|cp x|", ok: true, code: []string{"cp x"}},
		{q: "e'cp x'", ok: true, code: []string{"cp x"}},
		{q: "oe:q:", ok: true, code: []string{"q"}},
		{q: "+f", ok: true, calls: []string{"f"}},
		{q: ".o+sorter", ok: true, calls: []string{"sorter"}},
		{q: "P:x:", ok: true, words: true},
		{q: ":a", ok: true, mods: ":a"},
		{q: ".:h:t", ok: true, mods: ":h:t"},
		{q: "r|q", ok: false},
		{q: ".ssh", ok: false},
		{q: "s", ok: true},
		{q: "zz", ok: false},
		{q: "e", ok: false},
		{q: "+", ok: false},
	} {
		got, ok := parseQualifiers(tc.q)
		if ok != tc.ok {
			t.Errorf("%q: ok %v, want %v", tc.q, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if !slices.Equal(got.code, tc.code) || !slices.Equal(got.calls, tc.calls) || got.words != tc.words || got.dots != tc.dots || got.mods != tc.mods {
			t.Errorf("%q: got %+v", tc.q, got)
		}
	}
}

func TestFoldPattern(t *testing.T) {
	for in, want := range map[string]string{
		".BASHR?":     ".[Bb][Aa][Ss][Hh][Rr]?",
		"[ab]x":       "[abAB][xX]",
		"[!a-c]":      "[!a-cA-C]",
		"[[:alpha:]]": "[[:alpha:]]",
		`\A`:          "[Aa]",
		"*.go":        "*.[gG][oO]",
		"[x":          "[[xX]",
	} {
		if got := foldPattern(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestLeadingStar(t *testing.T) {
	env := []syntax.WordPart{&syntax.Lit{Value: "env"}}
	dotEnv := []syntax.WordPart{&syntax.Lit{Value: ".env"}}
	for _, tc := range []struct {
		alts string
		op   byte
		rest []syntax.WordPart
		want string
	}{
		{"credentials", '@', nil, "*"},
		{".ssh", '@', nil, ".*"},
		{".ssh|.aws", '@', nil, ".*"},
		{".ssh", '?', nil, ".*"}, // nothing, or .ssh
		{".ssh|x", '@', nil, "?"},
		{"x", '!', nil, "?"},
		{".", '*', nil, "?"},  // . and .. with globskipdots off
		{".", '?', env, "?"},  // ?(.)env is .env
		{".", '@', env, ".*"}, // the dot of .env
		{".|", '@', env, "?"}, // zsh's (.|)env
		{"|.", '@', env, "?"},
		{"..|.", '@', env, ".*"},
		{".|x", '@', env, "?"},
		{"x", '?', dotEnv, "?"}, // ?(x).env is .env too
		{"x", '?', env, "*"},
		{"a|b", '?', dotEnv, "?"},
		{"a|b", '@', dotEnv, "*"},
		{"*.go|*.md", '@', nil, "?"}, // a pattern first
		{`\.env`, '@', nil, ".*"},    // an escaped dot
		{"[.]env", '@', nil, ".*"},
		{"[.x]env", '@', nil, "?"},
		{"[+-/]env", '@', nil, "?"}, // a range holding the dot
		{"[!x]env", '@', nil, "?"},
		{"[ab]x", '@', nil, "*"},
	} {
		if got := leadingStar(groupLead{alts: tc.alts, op: tc.op, rest: tc.rest}, "?"); got != tc.want {
			t.Errorf("%q (op %c, rest %d): %q, want %q", tc.alts, tc.op, len(tc.rest), got, tc.want)
		}
	}
}

func TestGlobOptionNames(t *testing.T) {
	for _, s := range []string{"nocaseglob", "NO_CASE_GLOB", "caseglob", "--no-case-glob", "nocasematch", "CASE_PATHS"} {
		if !caseOption(s) {
			t.Errorf("%q: not a case option", s)
		}
	}
	for _, s := range []string{"dotglob", "GLOB_DOTS", "noglobdots"} {
		if !dotOption(s) {
			t.Errorf("%q: not a dot option", s)
		}
	}
	for _, s := range []string{"extglob", "errexit", "globstar", "nullglob"} {
		if caseOption(s) || dotOption(s) {
			t.Errorf("%q: taken as a case or dot option", s)
		}
	}
}

func TestRemoveQuotes(t *testing.T) {
	for in, want := range map[string]string{`'a b'`: "a b", `"x\"y"`: `x"y`, `a\ b`: "a b", `'it'"'"'s'`: "it's", "plain": "plain"} {
		if got := removeQuotes(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestUnquotedExpansion(t *testing.T) {
	for s, want := range map[string]bool{"+$g": true, "e:'$REPLY':": false, "e:\"$c\":": true, `+\$x`: false, "om[1]": false, "e:`x`:": true} {
		if got := unquotedExpansion(s); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}

func TestWidenText(t *testing.T) {
	u := "\x00"
	marker := word.Mark(word.MarkName, "")
	for _, tc := range []struct {
		in           string
		nocase, dots bool
		want         string
	}{
		{".s+(s)h", false, false, ".s*h"},
		{"*.@(go|md)", false, false, "*.*"},
		{"@(x|.y)", false, false, u},
		{"*", false, true, u},
		{".SS?", true, false, ".[Ss][Ss]?"},
		{"plain", true, true, "plain"},
		{"a+(b(c))d", false, false, "a*d"},
		{"?(.)env", false, false, u + "env"},
	} {
		got := strings.ReplaceAll(widenText(tc.in, tc.nocase, tc.dots), marker, u)
		if tc.want == u {
			if !strings.Contains(got, "\x00") && got == tc.in {
				t.Errorf("%q: %q, want a name guard does not know", tc.in, got)
			}
			continue
		}
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}
